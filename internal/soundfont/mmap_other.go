//go:build !unix

package soundfont

import "os"

// mapFile reads the whole file where memory mapping is not available.
func mapFile(f *os.File, size int64) ([]byte, bool, error) { return readFile(f, size) }
