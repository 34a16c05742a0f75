package style

// scenes holds: punk, grunge, indie, bluegrass, edm, future bass, meditation, dark ambient.
var scenes = []Style{}
