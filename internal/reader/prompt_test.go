package reader_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/plan"
	"github.com/songsmith/songsmith/internal/reader"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/testutil"
)

func TestParseGenre(t *testing.T) {
	cases := map[string]plan.Genre{
		"lofi beat to study to": plan.LoFi, "lo-fi chill": plan.LoFi, "chillhop": plan.LoFi,
		"hip-hop instrumental": plan.HipHop, "boom bap": plan.HipHop, "hip hop": plan.HipHop,
		"dark trap banger": plan.Trap, "deep house groove": plan.House, "edm festival": "edm",
		"berlin techno": plan.Techno, "uplifting trance": plan.Trance, "fast dnb": plan.DrumAndBass,
		"drum and bass": plan.DrumAndBass, "drum & bass roller": plan.DrumAndBass, "d&b": plan.DrumAndBass,
		"dubstep drop": plan.Dubstep, "synthwave night drive": plan.Synthwave, "retrowave": plan.Synthwave,
		"catchy pop song": plan.Pop, "indie rock": "indie", "heavy metal": plan.Metal, "funky groove": plan.Funk,
		"disco": plan.Disco, "roots reggae": plan.Reggae, "smooth jazz": plan.Jazz, "ambient soundscape": plan.Ambient,
		"classical piece": plan.Classical, "orchestral trailer": "cinematic", "cinematic score": "cinematic",
		"acoustic folk": plan.Folk, "delta blues": plan.Blues, "country road": plan.Country,
	}
	for prompt, want := range cases {
		t.Run(prompt, func(t *testing.T) {
			if got := reader.Parse(prompt).Genre; got != want {
				t.Fatalf("Parse(%q).Genre = %q, want %q", prompt, got, want)
			}
		})
	}
}

func TestParseMood(t *testing.T) {
	cases := map[string]plan.Mood{
		"a happy pop song": plan.Happy, "joyful": plan.Happy, "sad piano": plan.Sad, "heartbroken ballad": plan.Sad,
		"dark techno": plan.Dark, "sinister": plan.Dark, "dreamy ambient": plan.Dreamy, "ethereal": plan.Dreamy,
		"epic orchestral": plan.Epic, "heroic": plan.Epic, "calm piano": plan.Calm, "peaceful": plan.Calm,
		"energetic rock": plan.Energetic, "driving": plan.Energetic, "romantic jazz": plan.Romantic,
		"mysterious": plan.Mysterious, "eerie": plan.Mysterious, "melancholic": plan.Melancholic,
		"wistful folk": plan.Melancholic, "chill lofi": plan.Chill, "laid back": plan.Chill,
		"aggressive metal": plan.Aggressive, "angry": plan.Aggressive, "uplifting trance": plan.Uplifting,
		"hopeful": plan.Uplifting, "nostalgic synthwave": plan.Nostalgic, "retro": plan.Nostalgic,
	}
	for prompt, want := range cases {
		t.Run(prompt, func(t *testing.T) {
			if got := reader.Parse(prompt).Mood; got != want {
				t.Fatalf("Parse(%q).Mood = %q, want %q", prompt, got, want)
			}
		})
	}
}

func TestParseTempo(t *testing.T) {
	cases := []struct {
		prompt string
		bpm    float64
		feel   string
	}{
		{"lofi at 84 bpm", 84, ""}, {"84bpm house", 84, ""}, {"tempo 84", 84, ""}, {"BPM: 128 techno", 128, ""},
		{"97.5 bpm", 97.5, ""}, {"1000 bpm madness", plan.MaxBPM, ""}, {"20 bpm", plan.MinBPM, ""},
		{"slow jazz", 0, plan.TempoSlow}, {"fast punk rock", 0, plan.TempoFast}, {"uptempo pop", 0, plan.TempoFast},
		{"half-time dnb", 0, plan.TempoHalfTime}, {"mid tempo", 0, plan.TempoMid}, {"rock", 0, ""},
	}
	for _, c := range cases {
		t.Run(c.prompt, func(t *testing.T) {
			p := reader.Parse(c.prompt)
			if p.BPM != c.bpm || p.ExplicitBPM != (c.bpm != 0) || p.Tempo != c.feel {
				t.Fatalf("Parse(%q) = bpm %v explicit %v feel %q, want %v %q", c.prompt, p.BPM, p.ExplicitBPM, p.Tempo, c.bpm, c.feel)
			}
		})
	}
	t.Run("WordsMoveTempo", func(t *testing.T) {
		for seed := uint64(0); seed < 5; seed++ {
			slow := music.Resolve(reader.Parse("slow house"), seed).BPM
			fast := music.Resolve(reader.Parse("fast house"), seed).BPM
			if slow >= fast {
				t.Fatalf("seed %d: slow house %v bpm >= fast house %v bpm", seed, slow, fast)
			}
		}
	})
}

func TestParseDuration(t *testing.T) {
	cases := map[string]float64{
		"45 seconds of jazz": 45, "45s loop": 45, "2 minutes": 120, "2 min": 120, "2:30 song": 150,
		"1 minute 30 seconds": 90, "a minute of rain": 60, "1.5 minutes": 90, "3 sec": plan.MinSeconds,
		"10 minutes": plan.MaxSeconds, "80s synthwave": 0, "no length": 0, "20 seconds at 120 bpm": 20,
		"trap with 808s, 40 seconds": 40,
	}
	for prompt, want := range cases {
		t.Run(prompt, func(t *testing.T) {
			if got := reader.Parse(prompt).Seconds; got != want {
				t.Fatalf("Parse(%q).Seconds = %v, want %v", prompt, got, want)
			}
		})
	}
}

func TestParseKey(t *testing.T) {
	cases := []struct {
		prompt string
		root   int
		mode   string
	}{
		{"sad piano in D minor", 2, "minor"}, {"F# major anthem", 6, "major"}, {"A dorian groove", 9, "dorian"},
		{"in Bb minor", 10, "minor"}, {"in e phrygian", 4, "phrygian"}, {"key of G mixolydian", 7, "mixolydian"},
		{"ballad in Am", 9, "minor"}, {"Eb lydian dream", 3, "lydian"}, {"C sharp minor", 1, "minor"},
		{"a minor detail about cats", -1, ""}, {"something in minor key", -1, "minor"}, {"rock", -1, ""},
	}
	for _, c := range cases {
		t.Run(c.prompt, func(t *testing.T) {
			p := reader.Parse(c.prompt)
			if p.KeyRoot != c.root || p.Mode != c.mode {
				t.Fatalf("Parse(%q) = key %d %q, want %d %q", c.prompt, p.KeyRoot, p.Mode, c.root, c.mode)
			}
		})
	}
}

func TestParseInstruments(t *testing.T) {
	cases := []struct {
		prompt  string
		want    []score.Instrument
		noDrums bool
	}{
		{"jazz with piano and saxophone", []score.Instrument{score.Piano, score.Sax}, false},
		{"rhodes and strings", []score.Instrument{score.EPiano, score.Strings}, false},
		{"trap with 808s and bells", []score.Instrument{score.SubBass, score.Bells}, false},
		{"synth bass, choir, brass, flute", []score.Instrument{score.SynthBass, score.ChoirPad, score.Brass, score.Flute}, false},
		{"organ, pad, guitar, electric piano", []score.Instrument{score.Organ, score.Pad, score.Guitar, score.EPiano}, false},
		{"ambient, no drums", nil, true},
		{"piano without drums", []score.Instrument{score.Piano}, true},
		{"without any drums, just synth", []score.Instrument{score.SawLead}, true},
		{"drumless folk", nil, true},
		{"rock with drums and bass", []score.Instrument{score.Drums, score.Bass}, false},
	}
	for _, c := range cases {
		t.Run(c.prompt, func(t *testing.T) {
			p := reader.Parse(c.prompt)
			if !slices.Equal(p.Instruments, c.want) || p.NoDrums != c.noDrums {
				t.Fatalf("Parse(%q) = %v noDrums=%v, want %v noDrums=%v", c.prompt, p.Instruments, p.NoDrums, c.want, c.noDrums)
			}
		})
	}
}

func TestParseGarbage(t *testing.T) {
	testutil.SkipRaceShort(t)
	for _, prompt := range []string{"", "   ", "asdf qwerty zxcv", "!!!???", "🎵🎶", "1234567890", "in in in bpm bpm minutes"} {
		t.Run(prompt, func(t *testing.T) {
			for seed := uint64(0); seed < 3; seed++ {
				p := music.Resolve(reader.Parse(prompt), seed)
				if !slices.Contains(plan.Genres, p.Genre) || !slices.Contains(plan.Moods, p.Mood) {
					t.Fatalf("seed %d: genre %q mood %q not canonical", seed, p.Genre, p.Mood)
				}
				if p.BPM < plan.MinBPM || p.BPM > plan.MaxBPM || p.Seconds < plan.MinSeconds || p.Seconds > plan.MaxSeconds {
					t.Fatalf("seed %d: bpm %v seconds %v out of range", seed, p.BPM, p.Seconds)
				}
				if p.KeyRoot < 0 || p.KeyRoot > 11 || !slices.Contains(harmony.Modes, p.Mode) {
					t.Fatalf("seed %d: key %d %q", seed, p.KeyRoot, p.Mode)
				}
			}
		})
	}
	t.Run("PromptPicksDefault", func(t *testing.T) {
		// Nothing random stands in for reading: a prompt the reader does
		// not understand gets the same style at every seed, and different
		// such prompts get different styles.
		seen := map[plan.Genre]bool{}
		for i := 0; i < 40; i++ {
			prompt := fmt.Sprintf("zxq%dvw", i)
			g := music.Resolve(reader.Parse(prompt), 1).Genre
			if other := music.Resolve(reader.Parse(prompt), 99).Genre; other != g {
				t.Fatalf("%q: genre %s at seed 1, %s at seed 99", prompt, g, other)
			}
			seen[g] = true
		}
		if len(seen) < 5 {
			t.Fatalf("40 prompts gave only %d genres", len(seen))
		}
	})
}
