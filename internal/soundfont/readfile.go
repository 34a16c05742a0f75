package soundfont

import (
	"io"
	"os"
)

// readFile reads the whole file into memory (the fallback of mapFile).
func readFile(f *os.File, size int64) ([]byte, bool, error) {
	b := make([]byte, size)
	if _, err := f.ReadAt(b, 0); err != nil && err != io.EOF {
		return nil, false, err
	}
	return b, false, nil
}
