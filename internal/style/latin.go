package style

// latin holds the Latin American styles: bossa nova, samba, salsa,
// reggaeton, latin pop, tango.
var latin = []Style{}
