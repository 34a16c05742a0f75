package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/songsmith/songsmith/client"
)

// melodyFlag is generate's --melody: a tune for the song to arrange
// (issue 30 item 2), read from a file: a standard MIDI file (.mid,
// .midi, or any file that starts with "MThd") is sent as MIDI, anything
// else (.abc, .txt) as ABC text.
type melodyFlag struct {
	path string
	abc  string
	midi []byte
}

func (m *melodyFlag) String() string { return m.path }

// Type names the flag's value in help.
func (m *melodyFlag) Type() string { return "FILE" }

// Set reads the tune's file.
func (m *melodyFlag) Set(v string) error {
	b, err := os.ReadFile(v)
	if err != nil {
		return fmt.Errorf("cannot read the melody: %w", err)
	}
	ext := strings.ToLower(filepath.Ext(v))
	m.path, m.abc, m.midi = v, "", nil
	if ext == ".mid" || ext == ".midi" || strings.HasPrefix(string(b), "MThd") {
		m.midi = b
		return nil
	}
	m.abc = string(b)
	return nil
}

// options are the SDK options of --melody, --melody-track and --transpose.
func (m *melodyFlag) options(track, transpose int) []client.GenerateOption {
	var o []client.GenerateOption
	switch {
	case m.midi != nil:
		o = append(o, client.WithMelodyMIDI(m.midi, track))
	case m.abc != "":
		o = append(o, client.WithMelodyABC(m.abc))
	default:
		return nil
	}
	if transpose != 0 {
		o = append(o, client.WithMelodyTranspose(transpose))
	}
	return o
}
