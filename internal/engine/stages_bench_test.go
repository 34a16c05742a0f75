//go:build unix

package engine_test

import (
	"context"
	"fmt"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/cover"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mix"
	"github.com/songsmith/songsmith/internal/perform"
	"github.com/songsmith/songsmith/internal/synth"
)

// BenchmarkStages3Min times each stage of the benchmark song's job once a
// run (docs/engine.md, "Where the time goes"): compose, perform, every part
// synthesized alone (its balance measurement, voices, inserts and sends,
// reverb and delay of that part only), the whole dry mix, the master (bus
// tone, section rides, mastering: synth.Render less synth.RenderDry), WAV
// encoding (what songsmith-engine -wav writes), MP3 encoding at 192
// kbit/s, and the cover. Each is reported in ms of the
// process's CPU time (user + system; with -cpu 1 that is the stage's, the
// collector's share included), which a loaded machine inflates far less
// than the wall clock:
//
//	go test -run '^$' -bench '^BenchmarkStages3Min$' -benchtime 3x -cpu 1 ./internal/engine/
func BenchmarkStages3Min(b *testing.B) {
	ctx := context.Background()
	sum := map[string]time.Duration{}
	var order []string
	timed := func(name string, f func()) {
		t := cpuTime()
		f()
		if _, ok := sum[name]; !ok {
			order = append(order, name)
		}
		sum[name] += cpuTime() - t
	}
	for b.Loop() {
		var s0 = new(engine.Song)
		var c *engine.Composition
		timed("compose", func() {
			var err error
			if c, err = engine.Compose(engine.Resolve(BenchPrompt, 1, engine.Options{})); err != nil {
				b.Fatal(err)
			}
		})
		timed("perform", func() { s0.Score, s0.Title = perform.Apply(c.Written, c.Style), c.Title })
		s := s0.Score
		for i, tr := range s.Tracks {
			one := *s
			one.Tracks = s.Tracks[i : i+1]
			timed(fmt.Sprintf("part %d %s", i+1, tr.Name), func() { release(b)(synth.RenderDry(ctx, &one, mix.Of(c.Style, &one, synth.Options{}))) })
		}
		timed("dry mix", func() { release(b)(synth.RenderDry(ctx, s, mix.Of(c.Style, s, synth.Options{}))) })
		timed("mix+master", func() {
			buf, err := synth.Render(ctx, s, mix.Of(c.Style, s, synth.Options{}))
			if err != nil {
				b.Fatal(err)
			}
			s0.Audio = buf
		})
		timed("wav encode", func() {
			if err := wav.Encode(io.Discard, s0.Audio); err != nil {
				b.Fatal(err)
			}
		})
		timed("mp3 encode", func() {
			if err := mp3.Encode(ctx, io.Discard, s0.Audio, mp3.Options{Bitrate: 192}); err != nil {
				b.Fatal(err)
			}
		})
		s0.Release()
		timed("cover", func() {
			if _, err := cover.EncodeArt(ctx, cover.Spec{Title: s0.Title, Style: c.Style, Mood: s.Mood, Prompt: BenchPrompt, Seed: 1}); err != nil {
				b.Fatal(err)
			}
		})
	}
	sum["master"] = sum["mix+master"] - sum["dry mix"]
	order = append(order, "master")
	for _, name := range order {
		if name == "mix+master" {
			continue
		}
		b.ReportMetric(float64(sum[name].Milliseconds())/float64(b.N), unit(name)+"_ms")
	}
}

// release returns a function recycling a rendered buffer, failing b on an
// error.
func release(b *testing.B) func(buf *audio.Buffer, err error) {
	return func(buf *audio.Buffer, err error) {
		if err != nil {
			b.Fatal(err)
		}
		audio.Recycle(buf)
	}
}

// unit turns a stage's name into a metric unit (no spaces).
func unit(name string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '(' || r == ')' || r == '+' {
			return '_'
		}
		return r
	}, name)
}

// cpuTime returns the process's CPU time so far (user + system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
