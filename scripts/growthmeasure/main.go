// Command growthmeasure measures how songs grow (issue 32 item 6): on
// user prompts at seeds, the short-term level range, the depth of the
// quiet moments and the share of near-literal repeats of the rendered
// song (mixmeter.Features), and from the score the sections' lengths, the
// bar the first hook (chorus or drop) lands on and the distances between
// crashes. With -scores it composes every style's song instead (no audio)
// and prints only the form figures.
//
//	go run ./scripts/growthmeasure -seconds 90 -seeds 1,2 > growth.tsv
//	go run ./scripts/growthmeasure -family calm -seconds 40 -seeds 1,2
//	go run ./scripts/growthmeasure -scores -seconds 90 -seeds 1,2
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// prompts are written as users write them, calm and beat families.
var prompts = []string{
	"calm piano piece for studying", "ambient drone for sleep", "epic orchestral build",
	"gentle lullaby for a baby", "acoustic folk song", "meditation music with soft pads",
	"sad piano ballad", "classical string quartet",
	"lo-fi beat to relax", "upbeat pop song", "energetic rock anthem", "deep house groove",
	"smooth jazz with saxophone", "slow blues",
}

func main() {
	seconds := flag.Float64("seconds", 90, "song length")
	seedList := flag.String("seeds", "1,2", "comma-separated seeds")
	scores := flag.Bool("scores", false, "compose every style (no audio): form figures only")
	jobs := flag.Int("j", 2, "songs rendered at once")
	match := flag.String("match", "", "only the prompts containing this")
	family := flag.String("family", "", `render "<style> music" for every style of this reference family (calm or beat) instead of the prompts`)
	flag.Parse()
	var seeds []uint64
	for _, f := range strings.Split(*seedList, ",") {
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		seeds = append(seeds, n)
	}
	if *scores {
		formFigures(*seconds, seeds)
		return
	}
	type job struct {
		i      int
		prompt string
		seed   uint64
	}
	var list []job
	list2 := prompts
	if *family != "" {
		list2 = nil
		for _, name := range style.Names() {
			if string(style.Must(name).Reference()) == *family {
				list2 = append(list2, name+" music")
			}
		}
	}
	for _, p := range list2 {
		if !strings.Contains(p, *match) {
			continue
		}
		for _, s := range seeds {
			list = append(list, job{len(list), p, s})
		}
	}
	rows := make([]string, len(list))
	next := make(chan job)
	var wg sync.WaitGroup
	for range *jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				rows[j.i] = measure(j.prompt, j.seed, *seconds)
			}
		}()
	}
	for _, j := range list {
		next <- j
	}
	close(next)
	wg.Wait()
	fmt.Println("prompt\tseed\tstyle\tfamily\tlevel_range\tquiet_depth\trepeats\tsections\thook_bar\tcrash_gaps\tcrash_8")
	for _, r := range rows {
		fmt.Println(r)
	}
}

func measure(prompt string, seed uint64, seconds float64) string {
	song, err := engine.Render(context.Background(), engine.Resolve(prompt, seed, engine.Options{Seconds: seconds}))
	if err != nil {
		return prompt + "\t" + err.Error()
	}
	// The music without its ring-out (a reference excerpt has none).
	lr, qd, rep := mixmeter.Growth(song.Audio, song.Score.BeatToSeconds(song.Score.TotalBeats))
	fam := ""
	if song.Style != nil {
		fam = string(song.Style.Reference())
	}
	secs, hook, gaps, eight := form(song.Written)
	return fmt.Sprintf("%s\t%d\t%s\t%s\t%.1f\t%.1f\t%.2f\t%s\t%d\t%s\t%.2f", prompt, seed, song.Genre, fam,
		lr, qd, rep, secs, hook, gaps, eight)
}

// form returns a score's sections (name and bars), the bar its first
// chorus or drop starts on (-1 for none), the bars between crashes on
// section downbeats, and the share of those that are exactly 8.
func form(s *score.Score) (secs string, hook int, gaps string, eight float64) {
	var parts []string
	hook = -1
	for _, sec := range s.Sections {
		parts = append(parts, fmt.Sprintf("%s:%d", sec.Name, sec.Bars))
		if hook < 0 && (sec.Name == "chorus" || sec.Name == "drop") {
			hook = int(sec.StartBeat) / s.BeatsPerBar
		}
	}
	var crashes []float64
	for _, t := range s.Tracks {
		for _, h := range t.Hits {
			if h.Drum == score.Crash {
				crashes = append(crashes, h.Start/float64(s.BeatsPerBar))
			}
		}
	}
	sort.Float64s(crashes)
	crashes = slices.CompactFunc(crashes, func(a, b float64) bool { return math.Abs(a-b) < 0.5 })
	var g []string
	n8 := 0
	for i := 1; i < len(crashes); i++ {
		d := crashes[i] - crashes[i-1]
		g = append(g, strconv.FormatFloat(d, 'f', -1, 64))
		if math.Abs(d-8) < 1e-6 {
			n8++
		}
	}
	if len(g) > 0 {
		eight = float64(n8) / float64(len(g))
	}
	return strings.Join(parts, " "), hook, strings.Join(g, ","), eight
}

// formFigures composes every style's song at each seed and prints the
// form figures, then their totals: songs whose sections all have one
// length, the distinct section lengths, the share of crash gaps of 8
// bars, and how many songs share the commonest hook bar.
func formFigures(seconds float64, seeds []uint64) {
	lens := map[int]int{}
	hooks := map[int]int{}
	same, songs, gaps8, gapsAll := 0, 0, 0, 0
	for _, name := range style.Names() {
		for _, seed := range seeds {
			c, err := engine.Compose(engine.Resolve(name+" music", seed, engine.Options{Seconds: seconds}))
			if err != nil {
				fmt.Println(name, err)
				continue
			}
			s := c.Written
			secs, hook, gaps, eight := form(s)
			fmt.Printf("%s\t%d\t%s\t%d\t%s\t%.2f\n", name, seed, secs, hook, gaps, eight)
			songs++
			hooks[hook]++
			mid := map[int]bool{}
			for i, sec := range s.Sections {
				lens[sec.Bars]++
				if i > 0 && i < len(s.Sections)-1 {
					mid[sec.Bars] = true
				}
			}
			if len(mid) <= 1 {
				same++
			}
			if gaps != "" {
				n := strings.Count(gaps, ",") + 1
				gapsAll += n
				gaps8 += int(math.Round(eight * float64(n)))
			}
		}
	}
	top, topBar := 0, 0
	for b, n := range hooks {
		if n > top && b >= 0 {
			top, topBar = n, b
		}
	}
	fmt.Printf("songs %d; middle sections of one length %d; section lengths %v; crash gaps of 8 bars %d of %d (%.0f %%); commonest hook bar %d in %d songs\n",
		songs, same, lens, gaps8, gapsAll, 100*float64(gaps8)/math.Max(1, float64(gapsAll)), topBar, top)
}
