package style

// urban holds: gospel, soul, r&b, k-pop, j-pop, phonk.
var urban = []Style{}
