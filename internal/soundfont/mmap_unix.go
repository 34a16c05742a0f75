//go:build unix

package soundfont

import (
	"os"
	"syscall"
	"unsafe"
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

// reserve returns n zeroed frames in an anonymous private mapping: the
// pages take memory only once written (the decoded samples of an SF3
// bank), and the Go heap does not count them.
func reserve(n int) ([]int16, error) {
	b, err := syscall.Mmap(-1, 0, 2*n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]int16, n), nil
	}
	noHugePages(b)
	return unsafe.Slice((*int16)(unsafe.Pointer(&b[0])), n), nil
}
