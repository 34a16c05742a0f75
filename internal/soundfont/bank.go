// Package soundfont loads a SoundFont 2 bank and plays its presets, one
// part at a time, through go-meltysynth (MIT). A Bank is loaded once and
// shared read-only; every Player owns its own synthesizer state, so
// concurrent renders each make their own players from the same Bank.
package soundfont

import (
	"bufio"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/sinshu/go-meltysynth/meltysynth"
)

// EnvPath names the environment variable that points at the bank file.
// The value "off" disables recorded instruments.
const EnvPath = "SONGSMITH_SOUNDFONT"

// DebianPath is where Debian's fluid-soundfont-gm installs FluidR3_GM, the
// bank used when EnvPath is unset.
const DebianPath = "/usr/share/sounds/sf2/FluidR3_GM.sf2"

// PercussionBank is the SoundFont bank number of GM drum kits.
const PercussionBank = 128

// ErrNoPreset is returned by NewPlayer for a bank:program the file lacks.
var ErrNoPreset = errors.New("soundfont: no such preset")

// Bank is a loaded SoundFont 2 file. It is immutable after Load.
type Bank struct {
	sf      *meltysynth.SoundFont
	path    string
	presets map[int32]string // bank<<16|program -> preset name
	samples int              // 16-bit sample frames in the file
}

// Load reads a SoundFont 2 file.
func Load(path string) (*Bank, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("soundfont: %w", err)
	}
	defer f.Close()
	sf, err := meltysynth.NewSoundFont(bufio.NewReaderSize(f, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("soundfont: %s: %w", path, err)
	}
	b := &Bank{sf: sf, path: path, presets: make(map[int32]string), samples: len(sf.WaveData)}
	for _, p := range sf.Presets {
		b.presets[p.BankNumber<<16|p.PatchNumber] = p.Name
	}
	return b, nil
}

// Path returns the file the bank was loaded from.
func (b *Bank) Path() string { return b.path }

// SampleFrames returns the number of 16-bit sample frames the bank holds
// in memory (two bytes each).
func (b *Bank) SampleFrames() int { return b.samples }

// Preset returns the name of preset bank:program and whether the file has it.
func (b *Bank) Preset(bank, program int) (string, bool) {
	n, ok := b.presets[int32(bank)<<16|int32(program)]
	return n, ok
}

var (
	defaultOnce sync.Once
	defaultBank *Bank
)

// DefaultPath returns the bank path the process uses: $SONGSMITH_SOUNDFONT,
// else DebianPath when that file exists, else "" (no bank).
func DefaultPath() string {
	if p, ok := os.LookupEnv(EnvPath); ok {
		if p == "off" {
			return ""
		}
		return p
	}
	if _, err := os.Stat(DebianPath); err == nil {
		return DebianPath
	}
	return ""
}

// Default returns the process-wide bank, loading it on first use from
// DefaultPath. It returns nil when there is no bank or it fails to load;
// either is logged once, and callers then synthesize every part. Safe for
// concurrent use.
func Default() *Bank {
	defaultOnce.Do(func() {
		p := DefaultPath()
		if p == "" {
			slog.Info("soundfont: no bank; recorded parts are synthesized",
				"hint", "set "+EnvPath+" to a .sf2 file or install fluid-soundfont-gm")
			return
		}
		t0 := time.Now()
		b, err := Load(p)
		if err != nil {
			slog.Error("soundfont: bank failed to load; recorded parts are synthesized", "path", p, "err", err)
			return
		}
		slog.Info("soundfont: bank loaded", "path", p, "presets", len(b.presets),
			"sample_mib", b.samples*2>>20, "ms", time.Since(t0).Milliseconds())
		defaultBank = b
	})
	return defaultBank
}
