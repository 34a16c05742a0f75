package soundfont

import (
	"os"
	"path/filepath"
	"strconv"
)

// Identity names the bank file at path in recipes: its file name and
// size in bytes ("FluidR3_GM.sf2:148398306"), or "none" for no path or a
// file that cannot be read (then every part is synthesized). It reads
// only the file's size, not the bank.
func Identity(path string) string {
	if path == "" {
		return "none"
	}
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		return "none"
	}
	return filepath.Base(path) + ":" + strconv.FormatInt(st.Size(), 10)
}
