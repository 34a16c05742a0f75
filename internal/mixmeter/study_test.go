package mixmeter_test

import (
	"bytes"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/songsmith/songsmith/internal/mixmeter"
	"github.com/songsmith/songsmith/internal/score"
)

// studyRef is a reference with one calm set of four tracks: centroid 100,
// 200, 300, 400 (IQR 175..325, median 250), one track with a band in
// anti-phase, beat confidence 1, 2, 3 on three of them.
func studyRef() mixmeter.Reference {
	var tracks []mixmeter.Features
	for i, c := range []float64{400, 100, 300, 200} {
		f := mixmeter.Features{Centroid: c, BandCorr: []float64{0.5, 0.4, 0.3, 0.2}}
		if i == 0 {
			f.BandCorr[2] = -0.2
		}
		if i < 3 {
			f.Rhythm = &mixmeter.Rhythm{Confidence: float64(i + 1), Drift: 0.002}
		}
		tracks = append(tracks, f)
	}
	return mixmeter.Reference{Families: map[string]mixmeter.Set{"calm": mixmeter.NewSet("test", tracks)}}
}

func studyRow(fam string, centroid, conf, minCorr, hole, tempo, expr float64) mixmeter.StudyRow {
	return mixmeter.StudyRow{Prompt: "a " + fam + " song", Seed: 1, Style: "ambient", Family: fam, Values: map[string]float64{
		"centroid": centroid, "beat_confidence": conf, mixmeter.StudyMinBandCorr: minCorr,
		mixmeter.StudyFinalHole: hole, mixmeter.StudyTempoEvents: tempo, mixmeter.StudyExpression: expr,
	}}
}

func line(t *testing.T, f mixmeter.StudyFamily, m string) mixmeter.StudyLine {
	t.Helper()
	for _, l := range f.Lines {
		if l.Measure == m {
			return l
		}
	}
	t.Fatalf("%s: no line %s", f.Family, m)
	return mixmeter.StudyLine{}
}

// Summarize groups rows by family in first-seen order, takes the songs'
// and the references' quartiles (linear interpolation) and marks a median
// inside the references' IQR; a family without references is never
// inside; the counts follow issue 32's thresholds.
func TestSummarize(t *testing.T) {
	rows := []mixmeter.StudyRow{
		studyRow("calm", 240, 3.5, 0.1, 0.1, 5, 10),
		studyRow("beat", 900, 3, 0.2, 0, 1, 0),
		studyRow("calm", 260, 2.5, -0.05, 0.6, 1, 0),
		studyRow("calm", 100, 3, 0.3, 0.3, 3, 4),
		studyRow("calm", 400, 4, -0.2, 0, 2, 1),
	}
	rows[0].Values[mixmeter.StudyBPM], rows[0].Values[mixmeter.StudyBPMTools], rows[0].Values[mixmeter.StudyAubio] = 70, 141, 69
	rows[2].Values[mixmeter.StudyBPM], rows[2].Values[mixmeter.StudyBPMTools], rows[2].Values[mixmeter.StudyAubio] = 70, 70, 133
	// bpm-tools' default range misses 76 bpm (145 is double less 4.6 %); its
	// 40-240 range hears it, so the song counts.
	rows[3].Values[mixmeter.StudyBPM], rows[3].Values[mixmeter.StudyBPMTools], rows[3].Values[mixmeter.StudyAubio] = 76, 145, 77
	rows[3].Values[mixmeter.StudyBPMToolsWide] = 76.3
	rows[0].Values[mixmeter.StudyJazzChords], rows[2].Values[mixmeter.StudyJazzChords] = 8, 7
	rows[0].Values["tempo_drift"] = 0.0001
	fams := mixmeter.Summarize(rows, studyRef())
	if got := []string{fams[0].Family, fams[1].Family}; len(fams) != 2 || !reflect.DeepEqual(got, []string{"calm", "beat"}) {
		t.Fatalf("families %v, want calm, beat", fams)
	}
	calm, beat := fams[0], fams[1]
	c := line(t, calm, "centroid")
	if c.N != 4 || c.Median != 250 || c.Q1 != 205 || c.Q3 != 295 || c.RefMedian != 250 || c.RefQ1 != 175 || c.RefQ3 != 325 || !c.Inside {
		t.Errorf("calm centroid %+v, want songs 250 [205, 295], refs 250 [175, 325], inside", c)
	}
	b := line(t, calm, "beat_confidence")
	if b.RefN != 3 || b.RefMedian != 2 || b.Median != 3.25 || b.Inside {
		t.Errorf("calm beat confidence %+v, want songs 3.25 outside refs 2 [1.5, 2.5] (3 tracks)", b)
	}
	if l := line(t, calm, "tempo_drift"); !l.Inside || l.Median != 0.0001 || l.RefQ1 != 0.002 {
		t.Errorf("a drift of 0.0001 %% against references from 0.002 %%: %+v, want inside (as printed, 0.00)", l)
	}
	if l := line(t, calm, "flatness"); l.N != 0 || l.Inside {
		t.Errorf("a figure no song has: %+v", l)
	}
	if l := line(t, beat, "centroid"); l.N != 1 || l.RefN != 0 || l.Inside {
		t.Errorf("beat without references: %+v", l)
	}
	if calm.Songs != 4 || calm.AntiPhase != 2 || calm.Under10 != 1 || calm.RefAntiPhase != 1 || calm.RefUnder10 != 1 || calm.RefTracks != 4 ||
		calm.Holes != 1 || calm.TempoMaps != 3 || calm.Expressive != 3 || calm.TempoHeard != 2 || calm.TempoMeasured != 3 ||
		calm.JazzSongs != 2 || calm.Jazz8 != 1 {
		t.Errorf("calm counts %+v", calm)
	}
	if out := mixmeter.Outside(fams); !reflect.DeepEqual(out, []string{"calm beat_confidence"}) {
		t.Errorf("outside %v, want [calm beat_confidence]", out)
	}
	var tab bytes.Buffer
	mixmeter.StudyTable(&tab, fams)
	for _, want := range []string{
		"| centroid | 250.00 [205.00, 295.00] | 250.00 [175.00, 325.00] | inside |",
		"| beat_confidence | 3.25 [2.88, 3.62] | 2.00 [1.50, 2.50] | OUTSIDE |",
		"| songs with a band correlation < 0 | 2 of 4 | 1 of 4 | NOT MET (target 0) |",
		"| songs with a band correlation < -0.1 | 1 of 4 | 1 of 4 | |",
		"| songs with a tempo map (> 1 tempo event) | 3 of 4 | | NOT MET (target all calm songs) |",
		"| songs whose tempo bpm-tools (either range) and aubio both hear (3 %, or half/double) | 2 of 3 | | NOT MET (target all) |",
		"| jazz-family songs with 8 or more distinct chords | 1 of 2 | | NOT MET (target all) |",
	} {
		if !strings.Contains(tab.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, tab.String())
		}
	}
	var cmp bytes.Buffer
	mixmeter.CompareTable(&cmp, fams[:1], fams)
	if !strings.Contains(cmp.String(), "| centroid | 250.00 [205.00, 295.00] | 250.00 [205.00, 295.00] | 250.00 [175.00, 325.00] | inside |") ||
		!strings.Contains(cmp.String(), "| centroid | - | 900.00 [900.00, 900.00] | - | - |") {
		t.Errorf("compare table:\n%s", cmp.String())
	}
}

// A study table read back holds the same rows; a missing figure stays
// missing.
func TestStudyTSV(t *testing.T) {
	rows := []mixmeter.StudyRow{studyRow("calm", 240, 3.5, 0.1, 0.1, 5, 10), studyRow("beat", 900, 3, 0.2, 0, 1, 0)}
	delete(rows[1].Values, "beat_confidence")
	var b bytes.Buffer
	if err := mixmeter.WriteStudyTSV(&b, rows); err != nil {
		t.Fatal(err)
	}
	got, err := mixmeter.ReadStudyTSV(&b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Errorf("read back %+v, want %+v", got, rows)
	}
	if _, err := mixmeter.ReadStudyTSV(strings.NewReader("file\tx\n")); err == nil {
		t.Error("a table without the study's header was read")
	}
}

// TempoDrift: steady beats drift 0; beats at 120 bpm for 20 s then 100
// bpm drift (120-100)/median*100.
func TestTempoDrift(t *testing.T) {
	var steady, slowing []float64
	for x := 0.0; x < 40; x += 0.5 {
		steady = append(steady, x)
	}
	for x := 0.0; x < 40; {
		slowing = append(slowing, x)
		if x < 20 {
			x += 0.5
		} else {
			x += 0.6
		}
	}
	if d := mixmeter.TempoDrift(steady, 40); d != 0 {
		t.Errorf("steady drift %.2f %%, want 0", d)
	}
	// Windows at 0, 5, 10 s: 120 bpm; 15 s: mixed (120: intervals 0.5 x10,
	// 0.6 x7); 20, 25, 30 s: 100 bpm. Upper median of 7 tempi: 120.
	if d := mixmeter.TempoDrift(slowing, 40); math.Abs(d-100.0*20/120) > 0.01 {
		t.Errorf("slowing drift %.2f %%, want %.2f", d, 100.0*20/120)
	}
	if d := mixmeter.TempoDrift([]float64{1, 2}, 40); d != 0 {
		t.Errorf("too few beats: drift %.2f, want 0", d)
	}
}

// MIDIEvents counts tempo metas, controllers and pitch bends, through
// running status and other events.
func TestMIDIEvents(t *testing.T) {
	track := []byte{
		0x00, 0xff, 0x51, 0x03, 0x07, 0xa1, 0x20, // tempo
		0x00, 0xff, 0x03, 0x02, 'h', 'i', // track name
		0x00, 0x90, 60, 100, // note on
		0x60, 0xb0, 11, 90, // expression
		0x10, 1, 20, // running status: modulation
		0x10, 0xe0, 0x00, 0x41, // pitch bend
		0x00, 0xc0, 5, // program
		0x81, 0x00, 0x80, 60, 0, // note off (two-byte delta)
		0x00, 0xff, 0x51, 0x03, 0x07, 0xa1, 0x20, // tempo
		0x00, 0xff, 0x2f, 0x00, // end of track
	}
	smf := []byte("MThd\x00\x00\x00\x06\x00\x01\x00\x01\x01\xe0MTrk")
	smf = append(smf, 0, 0, 0, byte(len(track)))
	smf = append(smf, track...)
	tempo, expr, err := mixmeter.MIDIEvents(smf)
	if err != nil || tempo != 2 || expr != 3 {
		t.Errorf("MIDIEvents = %d tempo, %d expression, %v; want 2, 3, nil", tempo, expr, err)
	}
	if _, _, err := mixmeter.MIDIEvents([]byte("RIFF....")); err == nil {
		t.Error("a RIFF file was read as MIDI")
	}
}

// FinalHole finds the longest silence in a score's last 10 s; a drum hit
// sounds for 0.15 s; what lies before the window does not count.
func TestFinalHole(t *testing.T) {
	s := &score.Score{BPM: 60, Tracks: []score.Track{
		{Notes: []score.Note{{Start: 0, Length: 3}, {Start: 8, Length: 4}, {Start: 12.8, Length: 2}}},
		{Hits: []score.Hit{{Start: 14.9}}},
	}}
	// End 15.05 s (the hit's decay): window 5.05..15.05. The 3..8 s gap
	// runs into it (5.05..8: 2.95 s); 12..12.8 is 0.8 s.
	if h := mixmeter.FinalHole(s); math.Abs(h-2.95) > 1e-9 {
		t.Errorf("hole %.3f s, want 2.95 (the gap running into the window)", h)
	}
	s.Tracks[0].Notes[0].Length = 8
	if h := mixmeter.FinalHole(s); math.Abs(h-0.8) > 1e-9 {
		t.Errorf("hole %.3f s, want 0.8", h)
	}
	if h := mixmeter.FinalHole(&score.Score{BPM: 60}); h != 0 {
		t.Errorf("empty score: hole %v", h)
	}
}

// GateShare reads the lead's gates; DistinctChords the pitch-class sets
// of three or more classes sounding together; TempoAgrees allows 3 %, half
// and double.
func TestScoreFigures(t *testing.T) {
	s := &score.Score{BPM: 60, Tracks: []score.Track{
		{Part: score.PartLead, Notes: []score.Note{{Start: 0, Length: 0.95}, {Start: 1, Length: 0.5}, {Start: 2, Length: 1}, {Start: 3, Length: 1}}},
		{Part: score.PartChords, Notes: []score.Note{{Start: 0, Pitch: 60}, {Start: 0.01, Pitch: 64}, {Start: 0, Pitch: 67},
			{Start: 4, Pitch: 72}, {Start: 4, Pitch: 76}, {Start: 4, Pitch: 79}, {Start: 8, Pitch: 62}, {Start: 8, Pitch: 65}}},
		{Part: score.PartDrums, Notes: []score.Note{{Start: 8, Pitch: 36}}},
	}}
	if g, ok := mixmeter.GateShare(s); !ok || math.Abs(g-2.0/3) > 1e-9 {
		t.Errorf("gate share %v, %v; want 2/3", g, ok)
	}
	if c := mixmeter.DistinctChords(s); c != 1 {
		t.Errorf("%d distinct chords, want 1 (C major twice; D-F and the kick are no chord)", c)
	}
	if _, ok := mixmeter.GateShare(&score.Score{BPM: 60}); ok {
		t.Error("a score without a lead has a gate share")
	}
	for _, c := range []struct {
		heard, asked float64
		want         bool
	}{{76, 76, true}, {78, 76, true}, {79, 76, false}, {152, 76, true}, {38.5, 76, true}, {129, 76, false}, {120, 0, false}} {
		if got := mixmeter.TempoAgrees(c.heard, c.asked); got != c.want {
			t.Errorf("TempoAgrees(%v, %v) = %v", c.heard, c.asked, got)
		}
	}
}
