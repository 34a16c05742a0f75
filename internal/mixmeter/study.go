package mixmeter

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The study (scripts/study, docs/reference-music.md): songs rendered from
// user prompts at seeds, measured as the references are and summarised
// per reference family beside the references' quartiles.

// StudyMeasures are the figures of a study that the references have too,
// in table order (names as for Features.Value).
var StudyMeasures = []string{
	"corr_under_150", "corr_150_1000", "corr_1000_4000", "corr_over_4000",
	"band_500", "band_2000", "band_16000", "centroid", "flatness",
	"level_range", "quiet_depth", "repeats", "beat_confidence", "tempo_drift",
}

// The song-only figures of a study row (no reference has them).
const (
	// StudyMinBandCorr is the lowest of the row's band correlations.
	StudyMinBandCorr = "min_band_corr"
	// StudyFinalHole is the longest silence of the score's last
	// FinalHoleWindow seconds, s.
	StudyFinalHole = "final_hole"
	// StudyTempoEvents counts the MIDI file's tempo events.
	StudyTempoEvents = "tempo_events"
	// StudyExpression counts the MIDI file's controller and pitch-bend
	// events.
	StudyExpression = "expression_events"
	// StudyBPM is the tempo asked; StudyBPMTools and StudyAubio the
	// tempo bpm-tools (its default range, 84-146 bpm) and aubio hear (see
	// TempoAgrees); StudyBPMToolsWide bpm-tools over 40-240 bpm (its
	// default range cannot answer within 3 % for 75-81 or 150-163 bpm,
	// nor their halves and doubles).
	StudyBPM          = "bpm"
	StudyBPMTools     = "bpm_tools"
	StudyAubio        = "aubio"
	StudyBPMToolsWide = "bpm_tools_40_240"
	// StudyGate is GateShare of the performed score.
	StudyGate = "lead_gate_share"
	// StudyChords is DistinctChords of the written score; StudyJazzChords
	// the same, set only for a jazz-family song (issue 32 item 7).
	StudyChords     = "distinct_chords"
	StudyJazzChords = "jazz_chords"
)

// StudySongOnly are the song figures a study table shows without
// references (issue 32 names them with people's practice, not a range).
var StudySongOnly = []string{StudyGate, StudyChords}

// MinJazzChords is issue 32's least number of distinct chords in a
// jazz-family song.
const MinJazzChords = 8

// FinalHoleWindow is how far before a score's end StudyFinalHole looks,
// s; MaxFinalHole the longest silence issue 32 allows there, s.
const (
	FinalHoleWindow = 10.0
	MaxFinalHole    = 0.3
)

// StudyRow is one song of a study: its prompt, seed, the catalogue
// style it was read as and that style's reference family, and its
// figures by name.
type StudyRow struct {
	Prompt string
	Seed   uint64
	Style  string
	Family string
	Values map[string]float64
}

// StudyLine is one figure of a family in a study: the songs' median and
// quartiles, the references' (NaN where they have none) and the verdict.
type StudyLine struct {
	Measure string
	// N is how many songs have the figure.
	N              int
	Median, Q1, Q3 float64
	// RefMedian, RefQ1 and RefQ3 are the references' statistics over RefN
	// tracks.
	RefMedian, RefQ1, RefQ3 float64
	RefN                    int
	// Inside reports that the songs' median lies in the references'
	// interquartile range (false where the references lack the figure).
	Inside bool
}

// StudyFamily is one family's summary.
type StudyFamily struct {
	Family string
	// Songs is how many rows the family has.
	Songs int
	Lines []StudyLine
	// AntiPhase counts the songs with a band correlation under 0, and
	// RefAntiPhase the reference tracks with one (RefTracks in all);
	// Under10 and RefUnder10 count those with one under -0.1 (the second
	// study's count).
	AntiPhase, RefAntiPhase, RefTracks int
	Under10, RefUnder10                int
	// Holes counts the songs with a final hole over MaxFinalHole.
	Holes int
	// TempoMaps counts the songs with more than one tempo event, and
	// Expressive those with controller or pitch-bend events.
	TempoMaps, Expressive int
	// TempoHeard counts the songs whose tempo both bpm-tools (in either
	// of its ranges, as the agreement run counts it) and aubio hear
	// (TempoAgrees), of TempoMeasured songs measured by both.
	TempoHeard, TempoMeasured int
	// JazzSongs counts the jazz-family songs, Jazz8 those with
	// MinJazzChords distinct chords or more.
	JazzSongs, Jazz8 int
}

// Families returns the families of rows in first-seen order.
func Families(rows []StudyRow) []string {
	var out []string
	for _, r := range rows {
		if !slices.Contains(out, r.Family) {
			out = append(out, r.Family)
		}
	}
	return out
}

// Summarize summarises rows per family (in first-seen order) against the
// reference family of the same name.
func Summarize(rows []StudyRow, ref Reference) []StudyFamily {
	var out []StudyFamily
	for _, fam := range Families(rows) {
		var in []StudyRow
		for _, r := range rows {
			if r.Family == fam {
				in = append(in, r)
			}
		}
		set := ref.Families[fam]
		sf := StudyFamily{Family: fam, Songs: len(in), RefTracks: len(set.Tracks)}
		for _, m := range StudyMeasures {
			sf.Lines = append(sf.Lines, studyLine(m, column(in, m), Values(set.Tracks, m)))
		}
		for _, m := range StudySongOnly {
			sf.Lines = append(sf.Lines, studyLine(m, column(in, m), nil))
		}
		for _, r := range in {
			sf.count(r)
		}
		for _, t := range set.Tracks {
			if len(t.BandCorr) > 0 && slices.Min(t.BandCorr) < 0 {
				sf.RefAntiPhase++
				if slices.Min(t.BandCorr) < -0.1 {
					sf.RefUnder10++
				}
			}
		}
		out = append(out, sf)
	}
	return out
}

// count adds one song's counts.
func (sf *StudyFamily) count(r StudyRow) {
	if v, ok := r.Values[StudyMinBandCorr]; ok && v < 0 {
		sf.AntiPhase++
		if v < -0.1 {
			sf.Under10++
		}
	}
	if r.Values[StudyFinalHole] > MaxFinalHole {
		sf.Holes++
	}
	if r.Values[StudyTempoEvents] > 1 {
		sf.TempoMaps++
	}
	if r.Values[StudyExpression] > 0 {
		sf.Expressive++
	}
	b, okB := r.Values[StudyBPMTools]
	a, okA := r.Values[StudyAubio]
	if asked := r.Values[StudyBPM]; okB && okA {
		sf.TempoMeasured++
		w, okW := r.Values[StudyBPMToolsWide]
		if (TempoAgrees(b, asked) || okW && TempoAgrees(w, asked)) && TempoAgrees(a, asked) {
			sf.TempoHeard++
		}
	}
	if c, ok := r.Values[StudyJazzChords]; ok {
		sf.JazzSongs++
		if c >= MinJazzChords {
			sf.Jazz8++
		}
	}
}

// column returns figure m of every row that has it (finite).
func column(rows []StudyRow, m string) []float64 {
	var v []float64
	for _, r := range rows {
		if x, ok := r.Values[m]; ok && !math.IsNaN(x) && !math.IsInf(x, 0) {
			v = append(v, x)
		}
	}
	return v
}

func studyLine(m string, songs, refs []float64) StudyLine {
	l := StudyLine{Measure: m, N: len(songs), RefN: len(refs)}
	l.Q1, l.Median, l.Q3 = Quartiles(songs)
	l.RefQ1, l.RefMedian, l.RefQ3 = Quartiles(refs)
	// Judged as printed, to 0.01: a drift of 0.0003 % inside a range
	// starting at 0.0004 % is no finding.
	r := func(x float64) float64 { return math.Round(x*100) / 100 }
	l.Inside = len(songs) > 0 && len(refs) > 0 && r(l.Median) >= r(l.RefQ1) && r(l.Median) <= r(l.RefQ3)
	return l
}

// Outside lists "family measure" for every line of fams whose songs'
// median lies outside the references' interquartile range.
func Outside(fams []StudyFamily) []string {
	var out []string
	for _, f := range fams {
		for _, l := range f.Lines {
			if !l.Inside && l.N > 0 && l.RefN > 0 {
				out = append(out, f.Family+" "+l.Measure)
			}
		}
	}
	return out
}

func iqr(med, q1, q3 float64, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f [%.2f, %.2f]", med, q1, q3)
}

func verdict(l StudyLine) string {
	switch {
	case l.N == 0 || l.RefN == 0:
		return "-"
	case l.Inside:
		return "inside"
	}
	return "OUTSIDE"
}

// StudyTable writes fams as Markdown tables, one per family: songs'
// median [IQR] beside the references' and the verdict, then the counts
// against issue 32's targets.
func StudyTable(w io.Writer, fams []StudyFamily) {
	for _, f := range fams {
		fmt.Fprintf(w, "\n%s: %d songs, %d reference tracks\n\n", f.Family, f.Songs, f.RefTracks)
		fmt.Fprintln(w, "| measure | songs median [IQR] | references median [IQR] | |")
		fmt.Fprintln(w, "|---|---|---|---|")
		for _, l := range f.Lines {
			fmt.Fprintf(w, "| %s | %s | %s | %s |\n", l.Measure, iqr(l.Median, l.Q1, l.Q3, l.N), iqr(l.RefMedian, l.RefQ1, l.RefQ3, l.RefN), verdict(l))
		}
		studyCounts(w, f)
	}
}

// studyCounts writes the family's counts against issue 32's targets.
func studyCounts(w io.Writer, f StudyFamily) {
	mark := func(ok bool) string {
		if ok {
			return "met"
		}
		return "NOT MET"
	}
	fmt.Fprintf(w, "| songs with a band correlation < 0 | %d of %d | %d of %d | %s (target 0) |\n", f.AntiPhase, f.Songs, f.RefAntiPhase, f.RefTracks, mark(f.AntiPhase == 0))
	fmt.Fprintf(w, "| songs with a band correlation < -0.1 | %d of %d | %d of %d | |\n", f.Under10, f.Songs, f.RefUnder10, f.RefTracks)
	fmt.Fprintf(w, "| songs with a hole > %.1f s in the last %.0f s | %d of %d | | %s (target 0) |\n", MaxFinalHole, FinalHoleWindow, f.Holes, f.Songs, mark(f.Holes == 0))
	tempo := "-"
	if f.Family == "calm" {
		tempo = mark(f.TempoMaps == f.Songs) + " (target all calm songs)"
	}
	fmt.Fprintf(w, "| songs with a tempo map (> 1 tempo event) | %d of %d | | %s |\n", f.TempoMaps, f.Songs, tempo)
	fmt.Fprintf(w, "| songs with controller or pitch-bend events | %d of %d | | %s (target all) |\n", f.Expressive, f.Songs, mark(f.Expressive == f.Songs))
	fmt.Fprintf(w, "| songs whose tempo bpm-tools (either range) and aubio both hear (3 %%, or half/double) | %d of %d | | %s (target all) |\n", f.TempoHeard, f.TempoMeasured, mark(f.TempoHeard == f.TempoMeasured))
	if f.JazzSongs > 0 {
		fmt.Fprintf(w, "| jazz-family songs with %d or more distinct chords | %d of %d | | %s (target all) |\n", MinJazzChords, f.Jazz8, f.JazzSongs, mark(f.Jazz8 == f.JazzSongs))
	}
}

// CompareTable writes a before/after table per family of after: each
// figure's median [IQR] in before and after, the references' and the
// verdict after.
func CompareTable(w io.Writer, before, after []StudyFamily) {
	for _, a := range after {
		var b StudyFamily
		for _, x := range before {
			if x.Family == a.Family {
				b = x
			}
		}
		fmt.Fprintf(w, "\n%s: %d songs before, %d after\n\n", a.Family, b.Songs, a.Songs)
		fmt.Fprintln(w, "| measure | before median [IQR] | after median [IQR] | references median [IQR] | after |")
		fmt.Fprintln(w, "|---|---|---|---|---|")
		for i, l := range a.Lines {
			bs := "-"
			if i < len(b.Lines) {
				bs = iqr(b.Lines[i].Median, b.Lines[i].Q1, b.Lines[i].Q3, b.Lines[i].N)
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", l.Measure, bs, iqr(l.Median, l.Q1, l.Q3, l.N), iqr(l.RefMedian, l.RefQ1, l.RefQ3, l.RefN), verdict(l))
		}
		fmt.Fprintf(w, "| songs with a band correlation < 0 | %d | %d | %d of %d | |\n", b.AntiPhase, a.AntiPhase, a.RefAntiPhase, a.RefTracks)
		fmt.Fprintf(w, "| songs with a band correlation < -0.1 | %d | %d | %d of %d | |\n", b.Under10, a.Under10, a.RefUnder10, a.RefTracks)
		fmt.Fprintf(w, "| songs with a final hole | %d | %d | | |\n", b.Holes, a.Holes)
		fmt.Fprintf(w, "| songs with a tempo map | %d | %d | | |\n", b.TempoMaps, a.TempoMaps)
		fmt.Fprintf(w, "| songs with expression events | %d | %d | | |\n", b.Expressive, a.Expressive)
		fmt.Fprintf(w, "| songs whose tempo both trackers hear | %d of %d | %d of %d | | |\n", b.TempoHeard, b.TempoMeasured, a.TempoHeard, a.TempoMeasured)
		fmt.Fprintf(w, "| jazz-family songs with %d+ chords | %d of %d | %d of %d | | |\n", MinJazzChords, b.Jazz8, b.JazzSongs, a.Jazz8, a.JazzSongs)
	}
}

// studyColumns are the figures WriteStudyTSV writes after the prompt,
// seed, style and family.
func studyColumns() []string {
	return append(slices.Clone(StudyMeasures), "essentia_bpm", StudyMinBandCorr, StudyFinalHole, StudyTempoEvents, StudyExpression,
		StudyBPM, StudyBPMTools, StudyAubio, StudyGate, StudyChords, StudyJazzChords, StudyBPMToolsWide)
}

// WriteStudyTSV writes rows as tab-separated values with a header line;
// a missing figure is written as NaN.
func WriteStudyTSV(w io.Writer, rows []StudyRow) error {
	cols := studyColumns()
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "prompt\tseed\tstyle\tfamily\t%s\n", strings.Join(cols, "\t"))
	for _, r := range rows {
		fmt.Fprintf(bw, "%s\t%d\t%s\t%s", r.Prompt, r.Seed, r.Style, r.Family)
		for _, c := range cols {
			v, ok := r.Values[c]
			if !ok {
				v = math.NaN()
			}
			fmt.Fprintf(bw, "\t%s", strconv.FormatFloat(v, 'f', 4, 64))
		}
		fmt.Fprintln(bw)
	}
	return bw.Flush()
}

// ReadStudyTSV reads rows WriteStudyTSV wrote (columns by their header's
// names; NaN figures are left out).
func ReadStudyTSV(r io.Reader) ([]StudyRow, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var head []string
	var rows []StudyRow
	for line := 1; sc.Scan(); line++ {
		f := strings.Split(sc.Text(), "\t")
		if head == nil {
			head = f
			if len(head) < 4 || head[0] != "prompt" {
				return nil, fmt.Errorf("mixmeter: study table: header %q", sc.Text())
			}
			continue
		}
		if len(f) != len(head) {
			return nil, fmt.Errorf("mixmeter: study table: line %d has %d fields, want %d", line, len(f), len(head))
		}
		seed, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("mixmeter: study table: line %d: %w", line, err)
		}
		row := StudyRow{Prompt: f[0], Seed: seed, Style: f[2], Family: f[3], Values: map[string]float64{}}
		for i := 4; i < len(f); i++ {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("mixmeter: study table: line %d, %s: %w", line, head[i], err)
			}
			if !math.IsNaN(v) {
				row.Values[head[i]] = v
			}
		}
		rows = append(rows, row)
	}
	return rows, sc.Err()
}
