package studio_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"math/cmplx"
	"os"
	"sync"
	"testing"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/jobs"
	"github.com/songsmith/songsmith/internal/request"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/studio"
)

var gameOnce struct {
	sync.Once
	song *jobs.Song
	dir  string
	err  error
}

// gameSong renders, once for the package's tests, a 10 s pop song with
// the adaptive package, as WAV. It is skipped in -short (make test runs
// it in its pass without -race: under -race it takes about a minute).
func gameSong(t *testing.T) *jobs.Song {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: a song rendered with its layers, segments and stingers")
	}
	gameOnce.Do(func() {
		if gameOnce.dir, gameOnce.err = os.MkdirTemp("", "songsmith-game-*"); gameOnce.err != nil {
			return
		}
		gameOnce.song, gameOnce.err = (&studio.Studio{TempDir: gameOnce.dir}).Generate(context.Background(),
			"upbeat pop with piano, bass, drums and a lead synth", 3,
			jobs.Options{Seconds: 10, Format: "wav", Outputs: []string{request.OutputLayers, request.OutputSegments}})
	})
	if gameOnce.err != nil {
		t.Fatal(gameOnce.err)
	}
	if gameOnce.song.Layers == nil || gameOnce.song.Segments == nil {
		t.Fatal("no layers or segments")
	}
	return gameOnce.song
}

// openPackage reads a package zip: its WAVs by name and its manifest.
func openPackage(t *testing.T, f *jobs.File) (map[string]*audio.Buffer, studio.Manifest) {
	t.Helper()
	zr, err := zip.OpenReader(f.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	files, m := map[string]*audio.Buffer{}, studio.Manifest{}
	for _, e := range zr.File {
		r, err := e.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		if e.Name == studio.ManifestName {
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if files[e.Name], err = wav.Decode(bytes.NewReader(data)); err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
	}
	return files, m
}

// The layers of a song (3-4 for a band with a lead) are stereo files of
// the song's length that sum to the song within 0.5 dB in every octave
// band that carries sound, in both channels; each layer sounds, each
// prefix of them is louder than the one before, and their loop body loops
// with no click.
func TestLayersSumToTheSong(t *testing.T) {
	song := gameSong(t)
	mix, err := wav.Decode(bytes.NewReader(song.Audio.Data))
	if err != nil {
		t.Fatal(err)
	}
	files, m := openPackage(t, song.Layers)
	if len(m.Layers) < 3 || len(m.Layers) > 4 || len(files) != len(m.Layers) {
		t.Fatalf("%d layers in the manifest, %d files, want 3-4", len(m.Layers), len(files))
	}
	if m.Frames != mix.Frames() || m.SampleRate != int(mix.Rate) || m.BPM != song.BPM || len(m.SyncPoints) != m.Bars || m.Loop.End <= m.Loop.Start {
		t.Fatalf("manifest %+v for a song of %d frames at %d Hz", m, mix.Frames(), mix.Rate)
	}
	sum := audio.NewBuffer(mix.Rate, 2, mix.Frames())
	prev := 0.0
	for _, l := range m.Layers {
		b := files[l.File]
		if b == nil || b.Channels != 2 || b.Frames() != mix.Frames() {
			t.Fatalf("layer %s: %v", l.File, b)
		}
		for i, v := range b.Samples {
			sum.Samples[i] += v
		}
		if e := energy(sum.Samples); e < prev*1.05 {
			t.Errorf("adding layer %s (%v) did not make the mix louder: %.4g -> %.4g", l.Name, l.Parts, prev, e)
		} else {
			prev = e
		}
	}
	// The loop body loops: the step from its last frame back to its
	// first is under the song's own largest step.
	maxStep, seam := 0.0, 0.0
	for i := 2; i < len(mix.Samples); i++ {
		maxStep = math.Max(maxStep, math.Abs(float64(mix.Samples[i]-mix.Samples[i-2])))
	}
	for ch := 0; ch < 2; ch++ {
		seam = math.Max(seam, math.Abs(float64(sum.Samples[2*m.Loop.Start+ch]-sum.Samples[2*(m.Loop.End-1)+ch])))
	}
	if seam >= maxStep {
		t.Errorf("the layers' loop seam steps by %.4f, the song's largest step is %.4f", seam, maxStep)
	}
	worst := 0.0
	for ch := 0; ch < 2; ch++ {
		want, got := octaveBands(mix, ch), octaveBands(sum, ch)
		top := 0.0
		for _, p := range want {
			top = math.Max(top, p)
		}
		for k := range want {
			if want[k] < top*1e-7 { // under -70 dB of the loudest band: dither and filter skirts
				continue
			}
			d := 10 * math.Log10(got[k]/want[k])
			worst = math.Max(worst, math.Abs(d))
			if math.Abs(d) > 0.5 {
				t.Errorf("channel %d, octave %d (%.0f Hz): the layers sum %.2f dB off the song", ch, k, 31.25*math.Pow(2, float64(k)), d)
			}
		}
	}
	t.Logf("%d layers %v; worst octave band %.3f dB off the song; loop seam step %.4f (song's largest %.4f)", len(m.Layers), m.Layers, worst, seam, maxStep)
}

func energy(s []float32) float64 {
	e := 0.0
	for _, v := range s {
		e += float64(v) * float64(v)
	}
	return e
}

// octaveBands is the power of channel ch of b in the octaves around
// 31.25 Hz ... 16 kHz (Welch, 4096-point Hann frames, half overlap).
func octaveBands(b *audio.Buffer, ch int) []float64 {
	const n = 4096
	bands := make([]float64, 10)
	x := make([]complex128, n)
	for lo := 0; lo+n <= b.Frames(); lo += n / 2 {
		for i := range x {
			w := 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/n)
			x[i] = complex(float64(b.Samples[(lo+i)*b.Channels+ch])*w, 0)
		}
		fft(x)
		for k := 1; k < n/2; k++ {
			f := float64(k) * float64(b.Rate) / n
			o := int(math.Floor(math.Log2(f/31.25) + 0.5))
			if o >= 0 && o < len(bands) {
				bands[o] += sq(cmplx.Abs(x[k]))
			}
		}
	}
	return bands
}

func sq(x float64) float64 { return x * x }

// fft is an in-place radix-2 FFT (len(x) a power of two).
func fft(x []complex128) {
	n := len(x)
	for i, j := 1, 0; i < n; i++ {
		bit := n >> 1
		for ; j&bit != 0; bit >>= 1 {
			j ^= bit
		}
		j ^= bit
		if i < j {
			x[i], x[j] = x[j], x[i]
		}
	}
	for size := 2; size <= n; size <<= 1 {
		w := cmplx.Exp(complex(0, -2*math.Pi/float64(size)))
		for lo := 0; lo < n; lo += size {
			wk := complex(1, 0)
			for k := 0; k < size/2; k++ {
				a, b := x[lo+k], x[lo+k+size/2]*wk
				x[lo+k], x[lo+k+size/2] = a+b, a-b
				wk *= w
			}
		}
	}
}

// Intro, body twice and outro, played back to back, join with no click
// (the sample step at each seam is under the song's own largest step
// within a bar) and no level step (the 50 ms either side of a seam differ
// by no more than 1 dB over the largest such step at one of the song's
// own downbeats); the segments' spans tile the song on downbeats.
func TestSegmentsJoinSeamlessly(t *testing.T) {
	song := gameSong(t)
	mix, err := wav.Decode(bytes.NewReader(song.Audio.Data))
	if err != nil {
		t.Fatal(err)
	}
	files, m := openPackage(t, song.Segments)
	if len(m.Segments) != 3 || len(m.Stingers) != len(studio.StingerKinds) || len(files) != 3+len(m.Stingers) {
		t.Fatalf("segments %+v, stingers %+v, %d files", m.Segments, m.Stingers, len(files))
	}
	checkStingers(t, m, files, mix)
	var seg [3]*audio.Buffer
	for k, s := range m.Segments {
		seg[k] = files[s.File]
		if seg[k] == nil || seg[k].Frames() != s.Frames || s.Span.End-s.Span.Start != s.Frames {
			t.Fatalf("segment %+v: %v", s, seg[k])
		}
	}
	if m.Segments[0].Span.Start != 0 || m.Segments[1].Span != m.Loop || m.Segments[2].Span.End != mix.Frames() ||
		m.Segments[0].Span.End != m.Loop.Start || m.Segments[2].Span.Start != m.Loop.End || !onDownbeat(m, m.Loop.Start) || !onDownbeat(m, m.Loop.End) {
		t.Fatalf("spans %+v, loop %+v, sync points %v", m.Segments, m.Loop, m.SyncPoints)
	}
	joined := audio.NewBuffer(mix.Rate, 2, 0)
	var seams []int
	for _, b := range []*audio.Buffer{seg[0], seg[1], seg[1], seg[2]} {
		if len(joined.Samples) > 0 {
			seams = append(seams, joined.Frames())
		}
		joined.Samples = append(joined.Samples, b.Samples...)
	}
	maxStep, maxLevel := 0.0, 0.0
	for i := 2; i < len(mix.Samples); i++ {
		maxStep = math.Max(maxStep, math.Abs(float64(mix.Samples[i]-mix.Samples[i-2])))
	}
	for _, at := range m.SyncPoints[1:] {
		maxLevel = math.Max(maxLevel, levelStep(mix, at))
	}
	for _, at := range seams {
		step := 0.0
		for ch := 0; ch < 2; ch++ {
			step = math.Max(step, math.Abs(float64(joined.Samples[2*at+ch]-joined.Samples[2*(at-1)+ch])))
		}
		lv := levelStep(joined, at)
		t.Logf("seam at %d: step %.4f (song's largest %.4f), level step %.2f dB (song's largest at a downbeat %.2f)", at, step, maxStep, lv, maxLevel)
		if step >= maxStep || lv > maxLevel+1 {
			t.Errorf("seam at frame %d: a step of %.4f (song's largest %.4f), a level step of %.2f dB (song's largest %.2f)", at, step, maxStep, lv, maxLevel)
		}
	}
}

func onDownbeat(m studio.Manifest, at int) bool {
	for _, p := range m.SyncPoints {
		if p == at {
			return true
		}
	}
	return at == m.Frames
}

// levelStep is the level difference, in dB, of the 50 ms either side of
// frame at.
func levelStep(b *audio.Buffer, at int) float64 {
	w := b.Rate.NSeconds(0.05)
	if at < w || at+w > b.Frames() {
		return 0
	}
	before, after := energy(b.Samples[2*(at-w):2*at]), energy(b.Samples[2*at:2*(at+w)])
	if before < 1e-12 || after < 1e-12 {
		return 0
	}
	return math.Abs(10 * math.Log10(after/before))
}

// checkStingers: each stinger is two of the song's bars and a 1.5 s
// ring-out long, sounds from its first 50 ms (it starts on its downbeat),
// peaks under full scale and is within 10 dB of the song's level.
func checkStingers(t *testing.T, m studio.Manifest, files map[string]*audio.Buffer, mix *audio.Buffer) {
	t.Helper()
	songRMS := energy(mix.Samples) / float64(len(mix.Samples))
	for _, st := range m.Stingers {
		b := files[st.File]
		want := int(math.Round(float64(st.Bars)*m.BarFrames + 1.5*float64(m.SampleRate)))
		if b == nil || b.Channels != 2 || st.Bars != 2 || abs(b.Frames()-want) > 2 || b.Frames() != st.Frames {
			t.Fatalf("stinger %+v: %v frames, want %d", st, b, want)
		}
		head := energy(b.Samples[:2*mix.Rate.NSeconds(0.05)])
		bars := int(2 * m.BarFrames)
		level := 10 * math.Log10(energy(b.Samples[:2*bars])/float64(2*bars)/songRMS)
		peak := 0.0
		for _, v := range b.Samples {
			peak = math.Max(peak, math.Abs(float64(v)))
		}
		t.Logf("stinger %s: %d frames, %.1f dB against the song, peak %.3f", st.Name, b.Frames(), level, peak)
		if head == 0 || peak >= 1 || math.Abs(level) > 10 {
			t.Errorf("stinger %s: head energy %g, peak %.3f, %.1f dB against the song", st.Name, head, peak, level)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestMain(m *testing.M) {
	code := m.Run()
	if gameOnce.dir != "" {
		os.RemoveAll(gameOnce.dir)
	}
	os.Exit(code)
}

// Seam, without rendering: the spans tile the song on downbeats (the
// first section, the sections between, the last); a seamed buffer's loop
// body steps from its end back to its start no more than the signal steps
// anywhere; seaming is linear (seamed layers sum to the seamed song); and
// the segments, joined, are the seamed song.
func TestSeamLoopsAndIsLinear(t *testing.T) {
	s := &score.Score{BPM: 120, BeatsPerBar: 4, TotalBeats: 16, TailSeconds: 1,
		Sections: []score.Section{{Name: "intro", Bars: 1}, {Name: "verse", StartBeat: 4, Bars: 2}, {Name: "outro", StartBeat: 12, Bars: 1}}}
	frames := audio.CD.NSeconds(s.Seconds())
	sp := studio.SegmentSpans(s, audio.CD, frames)
	if sp != [3]studio.FrameSpan{{0, 88200}, {88200, 264600}, {264600, frames}} {
		t.Fatalf("spans %v", sp)
	}
	tone := func(hz, phase float64) *audio.Buffer {
		b := audio.NewBuffer(audio.CD, 2, frames)
		for i := 0; i < frames; i++ {
			v := float32(0.4 * math.Sin(2*math.Pi*hz*float64(i)/float64(audio.CD)+phase))
			b.Samples[2*i], b.Samples[2*i+1] = v, -v
		}
		return b
	}
	a, b, sum := tone(220, 0), tone(331, 1), audio.NewBuffer(audio.CD, 2, frames)
	for i := range sum.Samples {
		sum.Samples[i] = a.Samples[i] + b.Samples[i]
	}
	segs := studio.Segments(s, sum)
	for _, x := range []*audio.Buffer{a, b, sum} {
		studio.Seam(x, sp)
	}
	worst, joined := 0.0, append(append(append([]float32{}, segs[0].Samples...), segs[1].Samples...), segs[2].Samples...)
	for i := range sum.Samples {
		worst = math.Max(worst, math.Abs(float64(a.Samples[i]+b.Samples[i]-sum.Samples[i])))
		if joined[i] != sum.Samples[i] {
			t.Fatalf("the segments joined differ from the seamed song at sample %d", i)
		}
	}
	if worst > 1e-6 {
		t.Errorf("seamed layers differ from the seamed sum by %g", worst)
	}
	// a 331 Hz tone of 0.4 steps at most 0.4*2*pi*331/44100 = 0.019 a sample
	if step := math.Abs(float64(b.Samples[2*sp[1].Start] - b.Samples[2*(sp[1].End-1)])); step > 0.019 {
		t.Errorf("the loop body steps by %.4f from its end to its start", step)
	}
	if step := math.Abs(float64(segs[2].Samples[0] - segs[1].Samples[len(segs[1].Samples)-2])); step > 0.04 {
		t.Errorf("the body steps by %.4f into the outro", step)
	}
}
