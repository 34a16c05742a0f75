package style

// world holds: afrobeats, amapiano, dancehall, soca, bollywood, celtic, sea shanty.
var world = []Style{}
