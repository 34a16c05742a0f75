package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/songsmith/songsmith/internal/request"
	"github.com/spf13/pflag"
)

// Flag values in the user's words: a flag's value that is not of the
// accepted form, or out of its request option's range, is a usage error
// that names the flag as typed and the form it takes ("--duration must be
// seconds from 10 to 300, e.g. --duration 90"), never a Go parser's text
// or an API member's name.

// flagError is a flag value of the wrong form; its message is the whole
// error the user sees.
type flagError struct{ msg string }

func (e *flagError) Error() string { return e.msg }

// flagErr turns a pflag parse error into the usage error to print: the
// message of a flagError as it is, anything else as pflag words it.
func flagErr(err error) error {
	var fe *flagError
	if errors.As(err, &fe) {
		return usageErr("%s", fe.msg)
	}
	return usageErr("%v", err)
}

// seedValue is --seed: a whole number from 0 to request.MaxSeed.
type seedValue struct{ p *uint64 }

func (v seedValue) String() string { return strconv.FormatUint(*v.p, 10) }
func (v seedValue) Type() string   { return "uint" }
func (v seedValue) Set(s string) error {
	n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	if err != nil || n > request.MaxSeed {
		return &flagError{fmt.Sprintf("--seed must be a whole number from 0 to %d, e.g. --seed 42 (got %q)", uint64(request.MaxSeed), s)}
	}
	*v.p = n
	return nil
}

// durationValue is --duration: seconds (90, 92.5) or a Go duration (90s,
// 1m30s), from request.MinLoopSeconds to request.MaxSeconds (the lower bound of
// a song that is not a loop, request.MinSeconds, is checked by checkFlags).
type durationValue struct{ p *time.Duration }

func (v durationValue) String() string {
	if *v.p == 0 {
		return "0"
	}
	return strconv.FormatFloat(v.p.Seconds(), 'f', -1, 64)
}
func (v durationValue) Type() string { return "duration" }
func (v durationValue) Set(s string) error {
	s = strings.TrimSpace(s)
	d, err := time.ParseDuration(s)
	if err != nil {
		f, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil {
			return durationErr(s, request.MinSeconds)
		}
		d = time.Duration(f * float64(time.Second))
	}
	if d.Seconds() < request.MinLoopSeconds || d.Seconds() > request.MaxSeconds {
		return durationErr(s, request.MinSeconds)
	}
	*v.p = d
	return nil
}

// durationErr is the error of a --duration value s; min is the shortest
// length allowed (shorter for a --loop).
func durationErr(s string, min float64) error {
	return &flagError{fmt.Sprintf("--duration must be seconds from %g to %g, e.g. --duration 90 (got %q)", min, request.MaxSeconds, s)}
}

// numberValue is a number flag with a range: --bpm, --loudness-lufs,
// --intensity, --sample-rate.
type numberValue struct {
	p        *float64
	name     string   // the flag, without dashes
	what     string   // "a tempo", "LUFS"
	min, max float64  // the range
	example  string   // a valid value
	only     []string // the only values allowed, when not a range
}

func (v *numberValue) String() string {
	if *v.p == 0 {
		return "0"
	}
	return strconv.FormatFloat(*v.p, 'f', -1, 64)
}
func (v *numberValue) Type() string { return "float" }
func (v *numberValue) Set(s string) error {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	ok := err == nil && f >= v.min && f <= v.max
	if v.only != nil {
		ok = false
		for _, o := range v.only {
			ok = ok || (err == nil && o == strconv.FormatFloat(f, 'f', -1, 64))
		}
	}
	if !ok {
		return &flagError{v.form() + fmt.Sprintf(" (got %q)", s)}
	}
	*v.p = f
	return nil
}

// form is the flag's accepted form in words.
func (v *numberValue) form() string {
	if v.only != nil {
		return fmt.Sprintf("--%s must be %s", v.name, orList(v.only))
	}
	return fmt.Sprintf("--%s must be %s from %g to %g, e.g. --%s %s", v.name, v.what, v.min, v.max, v.name, v.example)
}

// intValue is an integer flag (--sample-rate) over a numberValue.
type intValue struct {
	numberValue
	ip *int
}

func (v *intValue) Type() string { return "int" }
func (v *intValue) Set(s string) error {
	if err := v.numberValue.Set(s); err != nil {
		return err
	}
	*v.ip = int(*v.p)
	return nil
}

// formatValue is --format: one of the audio formats, any case.
type formatValue struct {
	p       *string
	allowed []string
}

func (v formatValue) String() string { return *v.p }
func (v formatValue) Type() string   { return "string" }
func (v formatValue) Set(s string) error {
	for _, f := range v.allowed {
		if strings.EqualFold(strings.TrimSpace(s), f) {
			*v.p = f
			return nil
		}
	}
	return &flagError{fmt.Sprintf("--format must be %s (got %q)", orList(v.allowed), s)}
}

// orList is "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// numberFlag binds a float flag with a range to p.
func numberFlag(fs *pflag.FlagSet, p *float64, name, what string, min, max float64, example, usage string) {
	fs.Var(&numberValue{p: p, name: name, what: what, min: min, max: max, example: example}, name, usage)
}

// memberFlags names the CLI flag of each request member a server's 400
// message may name, so that the user reads the flag they typed.
var memberFlags = map[string]string{
	"duration_seconds": "--duration",
	"key":              "--song-key",
	"webhook_url":      "--webhook",
	"instruments":      "--instrument",
	"outputs":          "--stems, --midi, --timeline, --musicxml, --layers or --segments",
	"exact_duration":   "--exact-duration",
	"loudness_lufs":    "--loudness-lufs",
	"sample_rate":      "--sample-rate",
	"seed":             "--seed",
	"format":           "--format",
	"bpm":              "--bpm",
	"loop":             "--loop",
	"recipe":           "--recipe",
	"intensity":        "--intensity",
	"regenerate":       "--regenerate",
	"energy":           "--energy",
	"hits":             "--hit",
	"chords":           "--chords",
	"melody":           "--melody",
}

// inFlagWords rewrites the quoted request members of a server message
// ('duration_seconds' must be ...) as the flags that set them.
func inFlagWords(msg string) string {
	for member, flag := range memberFlags {
		msg = strings.ReplaceAll(msg, "'"+member+"'", flag)
	}
	return msg
}
