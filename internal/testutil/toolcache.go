package testutil

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// ToolCache keeps what outside tools (aubio, bpm-tools, ffmpeg's ebur128,
// Essentia) answered on a file, so that a measurement run over a corpus
// pays the tools only for files whose bytes changed. A result is keyed by
// the SHA-256 of the file's exact bytes and the tool's identity (its
// name, arguments and version, see ToolID): a new render, another option
// or another build of the tool is a miss. The nil *ToolCache is valid and
// caches nothing.
type ToolCache struct {
	dir string
}

// OpenToolCache returns the cache kept in dir (created when needed), or
// nil, a cache that keeps nothing, when dir is "".
func OpenToolCache(dir string) (*ToolCache, error) {
	if dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("tool cache: %w", err)
	}
	return &ToolCache{dir: dir}, nil
}

// DefaultToolCacheDir is the agreement run's cache directory:
// $MEASURE_AGREEMENT_CACHE when set ("off" turns the cache off and gives
// ""), else songsmith-agreement under the user's cache directory
// ($XDG_CACHE_HOME, else ~/.cache), else under the temp directory.
func DefaultToolCacheDir() string {
	switch d := os.Getenv("MEASURE_AGREEMENT_CACHE"); d {
	case "off":
		return ""
	case "":
	default:
		return d
	}
	if base, err := os.UserCacheDir(); err == nil {
		return filepath.Join(base, "songsmith-agreement")
	}
	return filepath.Join(os.TempDir(), "songsmith-agreement")
}

// Key is where the result of tool on a file of these bytes is kept: the
// hex SHA-256 of the bytes, a slash, and the first 32 hex digits of the
// SHA-256 of the tool's identity.
func (c *ToolCache) Key(data []byte, tool string) string {
	d := sha256.Sum256(data)
	t := sha256.Sum256([]byte(tool))
	return hex.EncodeToString(d[:]) + "/" + hex.EncodeToString(t[:16])
}

// Get returns the result kept under key, and whether there was one.
func (c *ToolCache) Get(key string) (string, bool) {
	if c == nil {
		return "", false
	}
	b, err := os.ReadFile(filepath.Join(c.dir, filepath.FromSlash(key)))
	if err != nil {
		return "", false
	}
	return string(b), true
}

// Put keeps result under key (written to a temporary file and renamed, so
// that a run stopped half-way never leaves half a result).
func (c *ToolCache) Put(key, result string) error {
	if c == nil {
		return nil
	}
	p := filepath.Join(c.dir, filepath.FromSlash(key))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".put-*")
	if err != nil {
		return err
	}
	if _, err := f.WriteString(result); err != nil {
		_ = f.Close()
		_ = os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		_ = os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), p)
}

// Do returns the result of tool on a file of these bytes: the kept one,
// or run's, which is kept when run succeeds. hit says whether it was kept.
func (c *ToolCache) Do(data []byte, tool string, run func() (string, error)) (result string, hit bool, err error) {
	key := c.Key(data, tool)
	if r, ok := c.Get(key); ok {
		return r, true, nil
	}
	r, err := run()
	if err != nil {
		return "", false, err
	}
	return r, false, c.Put(key, r)
}

// ToolID names an outside tool for the cache: its command line and the
// SHA-256 of each program's executable (the version of the build that
// answers; a program not on PATH is named as missing). Programs are the
// commands the result passes through ("sox", "bpm" for bpm-tools).
func ToolID(args []string, programs ...string) string {
	var b strings.Builder
	b.WriteString(strings.Join(args, " "))
	for _, p := range programs {
		b.WriteString(" | " + p + "=")
		path, err := exec.LookPath(p)
		if err != nil {
			b.WriteString("missing")
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			b.WriteString("unreadable")
			continue
		}
		s := sha256.Sum256(data)
		b.WriteString(hex.EncodeToString(s[:8]))
	}
	return b.String()
}

// ToolVersion is the first line a program prints when run with args
// ("aubio --version", "ffmpeg -version"), to name the build of a tool
// whose work is done by a library; "" when it cannot be run.
func ToolVersion(name string, args ...string) string {
	out, _ := exec.Command(name, args...).CombinedOutput()
	line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	return line
}
