//go:build unix

package soundfont

import (
	"os"
	"syscall"
)

// mapFile maps the whole file read-only. The mapping lives as long as the
// process: banks are loaded once and never closed.
func mapFile(f *os.File, size int64) ([]byte, bool, error) {
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return readFile(f, size)
	}
	return b, true, nil
}
