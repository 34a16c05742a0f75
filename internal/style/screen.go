package style

// screen holds: chiptune, cinematic, lullaby, christmas, marching band, big band, corporate, power ballad, gregorian chant.
var screen = []Style{}
