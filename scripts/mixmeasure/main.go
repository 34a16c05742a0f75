// Command mixmeasure renders one short song per style and seed and prints
// the mix measures of issue 9: left/right correlation (whole mix, below 150
// Hz), loudness lost through a 200 Hz high-pass, loudness kept in the
// 1-4 kHz band, loudness range, breakdown depth under the drops, the true
// peak of the decoded MP3 (ffmpeg), the tempo bpm-tools hears, and the
// drum-pattern cosine between the first two seeds.
//
//	go run ./scripts/mixmeasure -seconds 48 -seeds 1,2 > after.tsv
//
// It uses only engine.Render, engine.Compose, style.Names and the
// mp3 encoder, so the same file measures older versions of the engine
// (before and after the reader left internal/music).
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/songsmith/songsmith/internal/audio/mp3"
	"github.com/songsmith/songsmith/internal/audio/wav"
	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// prompts are the engine tests' prompts for the first 21 styles.
var prompts = map[string]string{
	"lo-fi": "chill lofi hip hop beat", "hip hop": "boom bap hip-hop", "trap": "dark trap with 808s",
	"house": "deep house groove", "techno": "driving techno", "trance": "uplifting trance",
	"drum and bass": "energetic dnb", "dubstep": "aggressive dubstep", "synthwave": "nostalgic synthwave",
	"pop": "happy pop song", "rock": "energetic rock", "metal": "heavy metal", "funk": "funky groove",
	"disco": "disco", "reggae": "roots reggae", "jazz": "smooth jazz with saxophone",
	"ambient": "calm ambient soundscape", "classical": "classical piece with strings and timpani", "folk": "acoustic folk",
	"blues": "slow blues", "country": "country",
}

func promptFor(g string) string {
	if p, ok := prompts[g]; ok {
		return p
	}
	return g + " music"
}

type row struct {
	style, prompt                   string
	seed                            uint64
	bpm, lufs, corr, low, hp, band  float64
	lra, depth, mp3tp, heard, wavTP float64
	hasBreak, drums                 bool
	score                           *score.Score
}

func main() {
	seconds := flag.Int("seconds", 48, "song length")
	seedList := flag.String("seeds", "1,2", "seeds")
	only := flag.String("styles", "", "comma-separated styles (default all)")
	workers := flag.Int("j", 2, "parallel renders")
	pairs := flag.Bool("pairs", true, "also measure listener-different pairs at equal tempo")
	flag.Parse()
	var seeds []uint64
	for _, s := range strings.Split(*seedList, ",") {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		seeds = append(seeds, v)
	}
	styles := style.Names()
	if *only != "" {
		styles = strings.Split(*only, ",")
	}
	type job struct {
		i    int
		s    string
		seed uint64
	}
	rows := make([]row, len(styles)*len(seeds))
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				rows[j.i] = measure(j.s, fmt.Sprintf("%s, %d seconds", promptFor(j.s), *seconds), j.seed)
			}
		}()
	}
	for i, s := range styles {
		for k, seed := range seeds {
			jobs <- job{i*len(seeds) + k, s, seed}
		}
	}
	close(jobs)
	wg.Wait()
	fmt.Println("style\tseed\tbpm\tLUFS\tcorr\tcorr<150\thp200_loss\tband1-4k_loss\tLRA\tbreakdown_depth\twav_tp\tmp3_tp\tbpm_heard\ttempo_ok\tdrum_cos_s1s2")
	for i, r := range rows {
		cos := math.NaN()
		if len(seeds) > 1 && i%len(seeds) == 0 && r.drums {
			cos = mixmeter.DrumCosine(r.score, rows[i+1].score)
		}
		depth := math.NaN()
		if r.hasBreak {
			depth = r.depth
		}
		fmt.Printf("%s\t%d\t%.0f\t%.1f\t%.3f\t%.3f\t%.1f\t%.1f\t%.1f\t%.1f\t%.2f\t%.2f\t%.1f\t%v\t%.2f\n", r.style, r.seed, r.bpm, r.lufs,
			r.corr, r.low, r.hp, r.band, r.lra, depth, r.wavTP, r.mp3tp, r.heard, !r.drums || tempoOK(r.heard, r.bpm), cos)
	}
	if *pairs {
		fmt.Println("\npair\tbpm\tdrum_cos")
		for _, p := range [][3]string{{"house", "trance", "126"}, {"disco", "house", "122"}, {"blues", "country", "100"}, {"country", "folk", "110"}} {
			a, _, _ := performed(fmt.Sprintf("%s at %s bpm, %d seconds", promptFor(p[0]), p[2], *seconds), 1, engine.Options{})
			b, _, _ := performed(fmt.Sprintf("%s at %s bpm, %d seconds", promptFor(p[1]), p[2], *seconds), 1, engine.Options{})
			fmt.Printf("%s/%s\t%s\t%.2f\n", p[0], p[1], p[2], mixmeter.DrumCosine(a, b))
		}
	}
}

func tempoOK(heard, bpm float64) bool {
	for _, m := range []float64{0.5, 1, 2} {
		if math.Abs(heard/(bpm*m)-1) <= 0.03 {
			return true
		}
	}
	return false
}

func measure(style, prompt string, seed uint64) row {
	song, err := engine.Render(context.Background(), engine.Resolve(prompt, seed, engine.Options{}))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	s, _, _ := performed(prompt, seed, engine.Options{})
	b := song.Audio
	r := row{style: style, prompt: prompt, seed: seed, bpm: song.BPM, score: s}
	r.lufs = mixmeter.Loudness(b)
	r.corr = mixmeter.Correlation(b)
	r.low = mixmeter.LowCorrelation(b, 150)
	r.hp = mixmeter.HighPassLoss(b, 200)
	r.band = mixmeter.BandLoss(b, 1000, 4000)
	r.lra = mixmeter.LRA(b)
	for _, t := range s.Tracks {
		r.drums = r.drums || len(t.Hits) > 0
	}
	r.depth, r.hasBreak = mixmeter.BreakdownDepth(s, mixmeter.ShortTerm(b))
	dir, err := os.MkdirTemp("", "mixmeasure")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	var wb, mb bytes.Buffer
	if err := wav.Encode(&wb, b); err != nil {
		panic(err)
	}
	if err := mp3.Encode(context.Background(), &mb, b, mp3.Options{}); err != nil {
		panic(err)
	}
	wp, mp := filepath.Join(dir, "s.wav"), filepath.Join(dir, "s.mp3")
	must(os.WriteFile(wp, wb.Bytes(), 0o644))
	must(os.WriteFile(mp, mb.Bytes(), 0o644))
	r.wavTP = peak(wp)
	r.mp3tp = peak(mp)
	out, err := exec.Command("sh", "-c", fmt.Sprintf("sox %q -t raw -r 44100 -e float -c 1 - | bpm -m 60 -x 200", wp)).Output()
	if err == nil {
		r.heard, _ = strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	}
	return r
}

var peakRe = regexp.MustCompile(`Peak:\s+(-?[0-9.inf]+) dBFS`)

// peak is the true peak ffmpeg's ebur128 filter reads from a file.
func peak(path string) float64 {
	out, _ := exec.Command("ffmpeg", "-hide_banner", "-nostats", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-").CombinedOutput()
	m := peakRe.FindAllStringSubmatch(string(out), -1)
	if m == nil {
		return math.NaN()
	}
	v, _ := strconv.ParseFloat(m[len(m)-1][1], 64)
	return v
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// performed is the performed score of a prompt.
func performed(prompt string, seed uint64, o engine.Options) (*score.Score, string, []string) {
	c, err := engine.Compose(engine.Resolve(prompt, seed, o))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return c.Score, c.Title, c.Tags
}
