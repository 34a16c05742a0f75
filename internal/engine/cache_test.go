package engine_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mixmeter"
)

// The shared render cache. Every test in this package that measures a
// rendered song asks renderCached (or renderCachedWith) for it, so a
// (prompt, seed, overrides) is rendered once per test binary however many
// tests measure it: TestStyles, TestBoomBapTempo, TestGenresDiffer and
// TestFamilyMedians read the same renders. A song is rendered by the
// first test that asks; tests asking meanwhile wait for it. Measurements
// (mixmeter.Measure, the genre features, the WAV and MP3 files) are made
// once per song, on first use.
//
// The cache keeps every song's audio for the life of the test binary (a
// 40 s song is 14 MB): it holds the one-render-per-style songs of the
// heavy audio tests, not every song a test makes. A test that renders a
// song nobody else measures calls engine.Render (or renderSong) directly.
type rendered struct {
	// Song is the rendered song with its audio. Tests must not change it.
	Song *engine.Song

	mixOnce sync.Once
	mix     mixmeter.Features
	mixDone atomic.Bool // Mix has measured the song

	featOnce sync.Once
	feat     features

	fileMu  sync.Mutex
	wavPath string
	mp3Path string
}

type cacheEntry struct {
	done chan struct{}
	r    *rendered
	err  error
}

var (
	cacheMu  sync.Mutex
	cache    = map[string]*cacheEntry{}
	cacheDir string // files of cached songs, removed by TestMain
)

// TestMain removes the cached songs' files after the tests.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "engine-test-cache")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cacheDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// renderCached returns the song of prompt at seed from the shared cache,
// rendering it on first use.
func renderCached(tb testing.TB, prompt string, seed uint64) *rendered {
	tb.Helper()
	return renderCachedWith(tb, prompt, seed, engine.Options{})
}

// renderCachedWith is renderCached with request overrides.
func renderCachedWith(tb testing.TB, prompt string, seed uint64, o engine.Options) *rendered {
	tb.Helper()
	r, err := lookup(prompt, seed, o)
	if err != nil {
		tb.Fatalf("Render(%q, %d): %v", prompt, seed, err)
	}
	return r
}

// lookup returns a song from the cache, rendering it when no test has
// asked for it yet and waiting when another test is rendering it.
func lookup(prompt string, seed uint64, o engine.Options) (*rendered, error) {
	key := fmt.Sprintf("%q#%d#%+v", prompt, seed, o)
	cacheMu.Lock()
	e, ok := cache[key]
	if !ok {
		e = &cacheEntry{done: make(chan struct{})}
		cache[key] = e
	}
	cacheMu.Unlock()
	if !ok {
		song, err := engine.Render(context.Background(), engine.Resolve(prompt, seed, o))
		e.r, e.err = &rendered{Song: song}, err
		close(e.done)
	}
	<-e.done
	return e.r, e.err
}

// prefetch renders songs into the cache, as many at once as the test
// binary has processors (a test that measures many cached songs calls it
// first, so it renders in parallel when it runs alone).
func prefetch(tb testing.TB, songs []cachedSong) {
	tb.Helper()
	next := make(chan cachedSong)
	errs := make(chan error, len(songs))
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range next {
				if _, err := lookup(s.prompt, s.seed, engine.Options{}); err != nil {
					errs <- fmt.Errorf("Render(%q, %d): %w", s.prompt, s.seed, err)
				}
			}
		}()
	}
	for _, s := range songs {
		next <- s
	}
	close(next)
	wg.Wait()
	close(errs)
	for err := range errs {
		tb.Fatal(err)
	}
}

// cachedSong names one song of the cache.
type cachedSong struct {
	prompt string
	seed   uint64
}

// Mix returns the song's issue 18 feature set (mixmeter.Measure).
func (r *rendered) Mix() mixmeter.Features {
	r.mixOnce.Do(func() {
		r.mix = mixmeter.Measure(r.Song.Audio)
		r.mixDone.Store(true)
	})
	return r.mix
}

// studyBandCorr returns the left/right correlations of the song's
// mixmeter.StudyBands: those Mix measured (the same bands of the same
// samples, when the song is within mixmeter.ExcerptSeconds) if a test
// asked for them, else measured here.
func (r *rendered) studyBandCorr() []float64 {
	if r.mixDone.Load() && r.Song.Audio.Frames() <= r.Song.Audio.Rate.NSeconds(mixmeter.ExcerptSeconds) {
		return r.Mix().BandCorr
	}
	var out []float64
	for _, bd := range mixmeter.StudyBands {
		c, _ := mixmeter.BandCorrelation(r.Song.Audio, bd[0], bd[1])
		out = append(out, c)
	}
	return out
}

// Features returns the song's onset density and spectral centroid.
func (r *rendered) Features() features {
	r.featOnce.Do(func() { r.feat = measure(r.Song.Audio) })
	return r.feat
}

// WAV returns the path of the song as a WAV file, written on first use.
func (r *rendered) WAV(tb testing.TB) string {
	tb.Helper()
	r.fileMu.Lock()
	defer r.fileMu.Unlock()
	if r.wavPath == "" {
		var buf bytes.Buffer
		if err := wav.Encode(&buf, r.Song.Audio); err != nil {
			tb.Fatal(err)
		}
		r.wavPath = writeCacheFile(tb, ".wav", buf.Bytes())
	}
	return r.wavPath
}

// MP3 returns the path of the song encoded by the service's MP3 encoder,
// written on first use.
func (r *rendered) MP3(tb testing.TB) string {
	tb.Helper()
	r.fileMu.Lock()
	defer r.fileMu.Unlock()
	if r.mp3Path == "" {
		var buf bytes.Buffer
		if err := mp3.Encode(context.Background(), &buf, r.Song.Audio, mp3.Options{}); err != nil {
			tb.Fatal(err)
		}
		r.mp3Path = writeCacheFile(tb, ".mp3", buf.Bytes())
	}
	return r.mp3Path
}

func writeCacheFile(tb testing.TB, ext string, b []byte) string {
	tb.Helper()
	f, err := os.CreateTemp(cacheDir, "song-*"+ext)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := f.Write(b); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return filepath.Clean(f.Name())
}

// inParallel calls f(0) ... f(n-1) on as many goroutines as the test
// binary has processors (a render uses one core): a test that renders
// songs nobody else measures renders them with it, then checks the
// results in order. f must report failures with Errorf, not Fatal.
func inParallel(n int, f func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i := range next {
				f(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
