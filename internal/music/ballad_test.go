package music_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
)

// TestBalladArrangement checks how a piano ballad is produced (issue 19,
// item 4) at five seeds: 60-80 bpm, the piano on the melody, no synthesized
// part (answering voice included), an arpeggio in quarter notes, the bass
// entering at the first chorus, and drums, when there are any, entering
// there too (a pickup fill in the bar before it), the song marked a
// ballad so that the mix step sets its kit softer than the style's
// (internal/mix).
func TestBalladArrangement(t *testing.T) {
	for _, prompt := range []string{"sad romantic piano ballad in D minor", "emotional piano ballad",
		"slow love ballad with piano and strings", "balada romántica con piano"} {
		for seed := uint64(1); seed <= 5; seed++ {
			p := music.Resolve(reader.Parse(prompt), seed)
			s := music.Compose(p, seed)
			if s.BPM < 60 || s.BPM > 80 {
				t.Errorf("%q seed %d: %.0f bpm, want 60-80", prompt, seed, s.BPM)
			}
			chorus := -1.0
			for _, sec := range s.Sections {
				if sec.Name == "chorus" {
					chorus = sec.StartBeat
					break
				}
			}
			for _, tr := range s.Tracks {
				if synthInst[tr.Instrument] {
					t.Errorf("%q seed %d: track %s is synthesized", prompt, seed, tr.Name)
				}
				if tr.Role == score.RoleArp {
					for _, n := range tr.Notes {
						if f := n.Start - float64(int(n.Start)); f > 0.05 && f < 0.95 {
							t.Errorf("%q seed %d: arpeggio note off the beat at %.2f, want quarter notes", prompt, seed, n.Start)
							break
						}
					}
				}
				if tr.Name == "lead (piano)" && len(tr.Notes) == 0 {
					t.Errorf("%q seed %d: the piano lead plays nothing", prompt, seed)
				}
				if tr.Role == score.RoleBass && len(tr.Notes) > 0 && (chorus < 0 || tr.Notes[0].Start < chorus-1) {
					t.Errorf("%q seed %d: the bass enters at beat %.1f, the first chorus at %.1f", prompt, seed, tr.Notes[0].Start, chorus)
				}
				if tr.Role != score.RoleDrums || len(tr.Hits) == 0 {
					continue
				}
				if !s.Ballad {
					t.Errorf("%q seed %d: not marked a ballad: the mix step would not set its kit softer than the style's", prompt, seed)
				}
				if first := tr.Hits[0].Start; chorus < 0 || first < chorus-float64(s.BeatsPerBar) {
					t.Errorf("%q seed %d: drums enter at beat %.1f, the first chorus at %.1f", prompt, seed, first, chorus)
				}
			}
			lead := false
			for _, tr := range s.Tracks {
				lead = lead || tr.Name == "lead (piano)"
			}
			if !lead {
				t.Errorf("%q seed %d: no piano lead", prompt, seed)
			}
		}
	}
}

// TestStrumOnTheBeat checks that strummed guitar keeps the beat louder
// than its eighths (bpm-tools heard "acoustic folk song with guitar and
// fiddle, 100 bpm" at 197 when the strum skipped beat 3 and its
// upstrokes were as loud as the downs): every beat of a strummed bar has
// a down-strum, and the down-strums on the beat are louder on average
// than the upstrokes between them.
func TestStrumOnTheBeat(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		p := music.Resolve(reader.Parse("acoustic folk song with guitar and fiddle, 100 bpm"), seed)
		s := music.Compose(p, seed)
		var tr *score.Track
		for i := range s.Tracks {
			if s.Tracks[i].Role == score.RoleChords {
				tr = &s.Tracks[i]
			}
		}
		if tr == nil || s.BeatsPerBar != 4 {
			t.Fatalf("seed %d: no chords track in 4/4", seed)
		}
		beats := map[int]bool{}
		var on, off, nOn, nOff float64
		for _, n := range tr.Notes {
			frac := n.Start - float64(int(n.Start))
			switch {
			case frac < 0.05:
				beats[int(n.Start)] = true
				on, nOn = on+n.Velocity, nOn+1
			case frac > 0.45 && frac < 0.55:
				off, nOff = off+n.Velocity, nOff+1
			}
		}
		if nOn == 0 || nOff == 0 || on/nOn <= off/nOff {
			t.Errorf("seed %d: strums on the beat %.2f, between %.2f: want the beat louder", seed, on/max(nOn, 1), off/max(nOff, 1))
		}
		// In a bar the strum plays from its first beat, every beat has a
		// strum.
		bars := map[int]int{}
		for b := range beats {
			bars[b/4]++
		}
		full := 0
		for _, n := range bars {
			if n == 4 {
				full++
			}
		}
		if full < len(bars)/2 {
			t.Errorf("seed %d: only %d of %d strummed bars strum every beat", seed, full, len(bars))
		}
	}
}

// TestBalladLeftHandKeepsTheBeat: a pop ballad's piano (a soul ballad's
// piano or electric piano) states every beat of its verses and choruses,
// as a pianist keeps a slow song's time (issue 32 item 2). Pop's
// syncopated comping (1, the and of 2, the and of 3, 4) and half notes
// left beat 2 empty and a 76 bpm verse with an attack every two beats:
// aubio and bpm-tools heard it at 138-145 bpm.
func TestBalladLeftHandKeepsTheBeat(t *testing.T) {
	for _, prompt := range []string{"gentle piano ballad, 76 bpm", "emotional piano ballad", "sad romantic piano ballad in D minor", "60 bpm soul ballad"} {
		songs := 0
		for seed := uint64(1); seed <= 4; seed++ {
			s := composeResolved(prompt+", 45 seconds", seed)
			onsets := map[int]bool{} // beat -> the chords strike on it
			bars := map[int]bool{}   // bar -> the chords play in it
			for _, tr := range s.Tracks {
				if tr.Part != score.PartChords || tr.Instrument != score.Piano && tr.Instrument != score.EPiano {
					continue // a soul ballad's guitar or pad comps as the style does
				}
				for _, n := range tr.Notes {
					bars[int(n.Start)/s.BeatsPerBar] = true
					if f := n.Start - float64(int(n.Start)); f < 0.05 {
						onsets[int(n.Start)] = true
					}
				}
			}
			checked := 0
			for _, sec := range s.Sections {
				if sec.Name != "verse" && sec.Name != "chorus" {
					continue
				}
				// A section's first bar may be anticipated, its last
				// may hold into the next: the bars between keep time.
				first := int(sec.StartBeat) / s.BeatsPerBar
				for bar := first + 1; bar < first+sec.Bars-1; bar++ {
					if !bars[bar] {
						continue
					}
					checked++
					for b := bar * s.BeatsPerBar; b < (bar+1)*s.BeatsPerBar; b++ {
						if !onsets[b] {
							t.Errorf("%q seed %d: the piano's chords strike nothing on beat %d (%s)", prompt, seed, b, sec.Name)
						}
					}
				}
			}
			if checked > 0 {
				songs++
			}
		}
		if songs == 0 {
			t.Errorf("%q: no song at seeds 1-4 whose keys comp a verse or chorus", prompt)
		}
	}
}
