package engine_test

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/songsmith/songsmith/internal/edit"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/style"
)

// energyBriefs are 30 prompts as users write them, across every mix
// family, each with a drawn energy curve (by bar, by second, or per
// section) that runs against, along or across the composer's form.
var energyBriefs = []struct{ prompt, curve string }{
	// orchestral
	{"epic cinematic trailer music with big drums", `[{"at":0,"value":0.2},{"at":16,"value":1},{"at":24,"value":0.4}]`},
	{"orchestral film score, heroic and soaring", `[{"bar":1,"value":1},{"bar":12,"value":0.2}]`},
	{"dark suspenseful soundtrack for a thriller scene", `[{"at":0,"value":0.3},{"at":26,"value":1}]`},
	// ambient
	{"calm ambient music for meditation", `[{"at":0,"value":1},{"at":13,"value":0.2},{"at":26,"value":0.8}]`},
	{"dreamy chill lofi beat to study to", `[{"bar":1,"value":0.2},{"bar":6,"value":1},{"bar":12,"value":0.3}]`},
	{"spacey synth ambient with slow pads", `[{"at":0,"value":0.2},{"at":26,"value":1}]`},
	// acoustic
	{"warm acoustic folk song with guitar", `[{"at":0,"value":1},{"at":26,"value":0.2}]`},
	{"country song about a long road home", `[{"at":0,"value":0.3},{"at":12,"value":1},{"at":26,"value":0.2}]`},
	{"celtic fiddle tune, lively", `[{"at":0,"value":0.2},{"at":10,"value":0.6},{"at":20,"value":1}]`},
	// jazz
	{"smooth jazz with saxophone", `[{"at":0,"value":1},{"at":13,"value":0.2},{"at":26,"value":1}]`},
	{"swinging jazz trio, late night club", `[{"bar":1,"value":0.2},{"bar":10,"value":1}]`},
	{"big band swing, brassy and bright", `[{"at":0,"value":0.8},{"at":13,"value":0.2},{"at":26,"value":1}]`},
	// latin
	{"salsa with piano montuno and congas", `[{"at":0,"value":0.2},{"at":13,"value":1},{"at":26,"value":0.3}]`},
	{"bossa nova on a summer evening", `[{"at":0,"value":1},{"at":26,"value":0.2}]`},
	{"reggaeton party track", `[{"bar":1,"value":0.2},{"bar":8,"value":1},{"bar":14,"value":0.4}]`},
	// pop
	{"upbeat pop song for a summer ad", `[{"at":0,"value":1},{"at":13,"value":0.2},{"at":26,"value":0.9}]`},
	{"indie pop with jangly guitars", `[{"at":0,"value":0.2},{"at":26,"value":1}]`},
	{"80s synthwave, neon night drive", `[{"at":0,"value":0.3},{"at":14,"value":1},{"at":26,"value":0.2}]`},
	{"soulful r&b slow jam", `[{"at":0,"value":1},{"at":26,"value":0.2}]`},
	// rock
	{"energetic rock with distorted guitars", `[{"bar":1,"value":1},{"bar":7,"value":0.2},{"bar":14,"value":1}]`},
	{"fast punk rock", `[{"at":0,"value":0.2},{"at":13,"value":1},{"at":26,"value":0.3}]`},
	{"heavy metal riff, aggressive", `[{"at":0,"value":1},{"at":26,"value":0.2}]`},
	{"bluesy rock shuffle", `[{"at":0,"value":0.2},{"at":26,"value":1}]`},
	// urban
	{"hard hip hop beat with 808s", `[{"at":0,"value":0.2},{"at":13,"value":1},{"at":26,"value":0.2}]`},
	{"dark trap instrumental", `[{"at":0,"value":1},{"at":13,"value":0.2},{"at":26,"value":1}]`},
	{"boom bap beat, jazzy samples", `[{"bar":1,"value":1},{"bar":14,"value":0.2}]`},
	// dance
	{"house track for a beach party", `[{"at":0,"value":0.2},{"at":18,"value":1},{"at":28,"value":0.3}]`},
	{"driving techno, dark warehouse", `[{"at":0,"value":1},{"at":14,"value":0.2},{"at":28,"value":0.9}]`},
	{"drum and bass, fast and rolling", `[{"at":0,"value":0.2},{"at":28,"value":1}]`},
	{"edm festival banger with a big build", `[{"at":0,"value":0.3},{"at":14,"value":0.2},{"at":28,"value":1}]`},
}

// energyMisses are the briefs whose sections do not yet follow the drawn
// order on the audio: the test logs them instead of failing, and says when
// one passes so the list can shrink. Any other brief that misses fails the
// test. It is empty: the lo-fi brief, its last entry, follows the curve
// since engine 2026.11.29.3 (docs/engine-tests.md).
var energyMisses = map[string]string{}

// TestEnergyThirtyBriefs is issue 31's Done-when for the drawn energy:
// for 30 briefs across the mix families, each rendered 28 s long with a
// drawn curve, the sections' median short-term loudness and onset density
// follow the order of the energy each section played (Spearman >= 0.8),
// but for the known misses of energyMisses. The renders run on every
// processor (about 45 s of CPU). Skipped in -short.
func TestEnergyThirtyBriefs(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: measurement test: 30 songs of 28 s rendered and measured")
	}
	type measure struct {
		family, mix       string
		want, loud, dense []float64
		names             []string
		err               error
	}
	out := make([]measure, len(energyBriefs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				out[i] = func() (m measure) {
					b := energyBriefs[i]
					c, err := edit.ParseCurve([]byte(b.curve))
					if err != nil {
						return measure{err: err}
					}
					r := engine.Resolve(b.prompt, 11, engine.Options{Seconds: 28, Edits: []engine.Edit{{Energy: c}}})
					m.mix = string(style.Must(string(r.Plan.Genre)).MixFamily())
					m.family = fmt.Sprintf("%s (%s)", r.Plan.Genre, m.mix)
					song, err := engine.Render(context.Background(), r)
					if err != nil {
						return measure{err: err}
					}
					st, on := mixmeter.ShortTerm(song.Audio), onsetTimes(song.Audio)
					for _, sec := range song.Score.Sections {
						from := song.Score.BeatToSeconds(sec.StartBeat)
						to := song.Score.BeatToSeconds(sec.StartBeat + float64(sec.Bars*song.Score.BeatsPerBar))
						l, ok := mixmeter.Median(st, from, to)
						if !ok {
							continue
						}
						m.want, m.loud, m.dense = append(m.want, sec.Energy), append(m.loud, l), append(m.dense, rate(on, from, to))
						m.names = append(m.names, fmt.Sprintf("%s %.1f-%.1f s", sec.Name, from, to))
					}
					return m
				}()
			}
		})
	}
	for i := range energyBriefs {
		next <- i
	}
	close(next)
	wg.Wait()
	families, passL, passD := map[string]bool{}, 0, 0
	for i, m := range out {
		b := energyBriefs[i]
		if m.err != nil {
			t.Errorf("%q: %v", b.prompt, m.err)
			continue
		}
		families[m.mix] = true
		for j := range m.want {
			t.Logf("%-45q %-28s %-22s energy %.2f: %6.1f LUFS, %4.1f onsets/s", b.prompt, m.family, m.names[j], m.want[j], m.loud[j], m.dense[j])
		}
		if len(m.want) < 3 {
			t.Errorf("%q: only %d sections long enough to measure", b.prompt, len(m.want))
			continue
		}
		rl, rd := spearman(m.want, m.loud), spearman(m.want, m.dense)
		lo, hi := 0, 0
		for j := range m.want {
			if m.want[j] < m.want[lo] {
				lo = j
			}
			if m.want[j] > m.want[hi] {
				hi = j
			}
		}
		t.Logf("%-45q loudness rho %.2f, onsets rho %.2f; energy %.2f over %.2f: %+.1f LU, %.1fx onsets", b.prompt, rl, rd,
			m.want[hi], m.want[lo], m.loud[hi]-m.loud[lo], m.dense[hi]/max(m.dense[lo], 0.1))
		if rl >= 0.8 {
			passL++
		}
		if rd >= 0.8 {
			passD++
		}
		miss, known := energyMisses[b.prompt]
		switch {
		case (rl < 0.8 || rd < 0.8) && known:
			t.Logf("%q (%s): known miss (%s): loudness rho %.2f, onsets rho %.2f", b.prompt, m.family, miss, rl, rd)
		case rl < 0.8 || rd < 0.8:
			t.Errorf("%q (%s): loudness follows the curve with rho %.2f, onset density with %.2f, want >= 0.8", b.prompt, m.family, rl, rd)
		case known:
			t.Logf("%q now follows the curve (loudness rho %.2f, onsets %.2f): take it off energyMisses", b.prompt, rl, rd)
		}
	}
	t.Logf("loudness follows the curve in %d of %d briefs, onset density in %d", passL, len(energyBriefs), passD)
	if len(families) < len(style.MixFamilies()) {
		t.Errorf("the briefs cover %d mix families, want all %d", len(families), len(style.MixFamilies()))
	}
}
