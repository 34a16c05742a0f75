//go:build !linux

package soundfont

// noHugePages does nothing where the kernel has no transparent huge pages
// to opt out of.
func noHugePages([]byte) {}

// dropPages does nothing outside Linux.
func dropPages([]byte) {}
