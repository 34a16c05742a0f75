package main_test

import (
	"strings"
	"testing"
)

// Flag errors name the flag the user typed and the accepted form; none
// names an API member or a Go parser.
func TestFlagErrorsInUsersWords(t *testing.T) {
	env := []string{"SONGSMITH_URL=http://127.0.0.1:1", "SONGSMITH_API_KEY=ss_a_b"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"generate", "x", "--duration", "3s"}, "--duration must be seconds from 10 to 300, e.g. --duration 90"},
		{[]string{"generate", "x", "--duration", "5"}, "--duration must be seconds from 10 to 300, e.g. --duration 90"},
		{[]string{"generate", "x", "--duration", "ninety"}, "--duration must be seconds from 10 to 300"},
		{[]string{"generate", "x", "--seed", "-1"}, "--seed must be a whole number from 0 to 9007199254740991, e.g. --seed 42"},
		{[]string{"generate", "x", "--bpm", "300"}, "--bpm must be a tempo from 40 to 240, e.g. --bpm 96"},
		{[]string{"generate", "x", "--sample-rate", "22050"}, "--sample-rate must be 44100 or 48000"},
		{[]string{"generate", "x", "--loudness-lufs", "0.5"}, "--loudness-lufs must be LUFS from -31 to -9"},
		{[]string{"generate", "x", "--format", "aac"}, "--format must be mp3, wav, flac or ogg"},
		{[]string{"jobs", "edit", "j", "--intensity", "2"}, "--intensity must be a number from 0 to 1"},
		{[]string{"render", "x", "--format", "aac"}, "--format must be mp3, wav, flac or ogg"},
		{[]string{"render", "x", "--seed", "-1"}, "--seed must be a whole number"},
	} {
		r := runCLI(t, "", env, c.args...)
		r.want(t, 2, c.args...)
		if !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: stderr %q, want %q", c.args, r.stderr, c.want)
		}
		for _, bad := range []string{"strconv", "duration_seconds", "time: ", "invalid argument"} {
			if strings.Contains(r.stderr, bad) {
				t.Errorf("%v: stderr %q names %q", c.args, r.stderr, bad)
			}
		}
	}
	// A loop may be shorter.
	r := runCLI(t, "", env, "generate", "x", "--duration", "5", "--loop")
	r.want(t, 6, "a 5 s loop reaches the (absent) server")
}
