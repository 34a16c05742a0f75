//go:build !unix

package soundfont

import "os"

// mapFile reads the whole file where memory mapping is not available.
func mapFile(f *os.File, size int64) ([]byte, bool, error) { return readFile(f, size) }

// reserve returns n zeroed frames for the decoded samples of an SF3 bank.
func reserve(n int) ([]int16, error) { return make([]int16, n), nil }
