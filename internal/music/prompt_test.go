package music_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/songsmith/songsmith/internal/music"
	"github.com/songsmith/songsmith/internal/score"
)

func TestParseGenre(t *testing.T) {
	cases := map[string]music.Genre{
		"lofi beat to study to": music.LoFi, "lo-fi chill": music.LoFi, "chillhop": music.LoFi,
		"hip-hop instrumental": music.HipHop, "boom bap": music.HipHop, "hip hop": music.HipHop,
		"dark trap banger": music.Trap, "deep house groove": music.House, "edm festival": "edm",
		"berlin techno": music.Techno, "uplifting trance": music.Trance, "fast dnb": music.DrumAndBass,
		"drum and bass": music.DrumAndBass, "drum & bass roller": music.DrumAndBass, "d&b": music.DrumAndBass,
		"dubstep drop": music.Dubstep, "synthwave night drive": music.Synthwave, "retrowave": music.Synthwave,
		"catchy pop song": music.Pop, "indie rock": "indie", "heavy metal": music.Metal, "funky groove": music.Funk,
		"disco": music.Disco, "roots reggae": music.Reggae, "smooth jazz": music.Jazz, "ambient soundscape": music.Ambient,
		"classical piece": music.Classical, "orchestral trailer": "cinematic", "cinematic score": "cinematic",
		"acoustic folk": music.Folk, "delta blues": music.Blues, "country road": music.Country,
	}
	for prompt, want := range cases {
		t.Run(prompt, func(t *testing.T) {
			if got := music.Parse(prompt).Genre; got != want {
				t.Fatalf("Parse(%q).Genre = %q, want %q", prompt, got, want)
			}
		})
	}
}

func TestParseMood(t *testing.T) {
	cases := map[string]music.Mood{
		"a happy pop song": music.Happy, "joyful": music.Happy, "sad piano": music.Sad, "heartbroken ballad": music.Sad,
		"dark techno": music.Dark, "sinister": music.Dark, "dreamy ambient": music.Dreamy, "ethereal": music.Dreamy,
		"epic orchestral": music.Epic, "heroic": music.Epic, "calm piano": music.Calm, "peaceful": music.Calm,
		"energetic rock": music.Energetic, "driving": music.Energetic, "romantic jazz": music.Romantic,
		"mysterious": music.Mysterious, "eerie": music.Mysterious, "melancholic": music.Melancholic,
		"wistful folk": music.Melancholic, "chill lofi": music.Chill, "laid back": music.Chill,
		"aggressive metal": music.Aggressive, "angry": music.Aggressive, "uplifting trance": music.Uplifting,
		"hopeful": music.Uplifting, "nostalgic synthwave": music.Nostalgic, "retro": music.Nostalgic,
	}
	for prompt, want := range cases {
		t.Run(prompt, func(t *testing.T) {
			if got := music.Parse(prompt).Mood; got != want {
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
		{"97.5 bpm", 97.5, ""}, {"1000 bpm madness", music.MaxBPM, ""}, {"20 bpm", music.MinBPM, ""},
		{"slow jazz", 0, music.TempoSlow}, {"fast punk rock", 0, music.TempoFast}, {"uptempo pop", 0, music.TempoFast},
		{"half-time dnb", 0, music.TempoHalfTime}, {"mid tempo", 0, music.TempoMid}, {"rock", 0, ""},
	}
	for _, c := range cases {
		t.Run(c.prompt, func(t *testing.T) {
			p := music.Parse(c.prompt)
			if p.BPM != c.bpm || p.ExplicitBPM != (c.bpm != 0) || p.Tempo != c.feel {
				t.Fatalf("Parse(%q) = bpm %v explicit %v feel %q, want %v %q", c.prompt, p.BPM, p.ExplicitBPM, p.Tempo, c.bpm, c.feel)
			}
		})
	}
	t.Run("WordsMoveTempo", func(t *testing.T) {
		for seed := uint64(0); seed < 5; seed++ {
			slow := music.Parse("slow house").Resolve(seed).BPM
			fast := music.Parse("fast house").Resolve(seed).BPM
			if slow >= fast {
				t.Fatalf("seed %d: slow house %v bpm >= fast house %v bpm", seed, slow, fast)
			}
		}
	})
}

func TestParseDuration(t *testing.T) {
	cases := map[string]float64{
		"45 seconds of jazz": 45, "45s loop": 45, "2 minutes": 120, "2 min": 120, "2:30 song": 150,
		"1 minute 30 seconds": 90, "a minute of rain": 60, "1.5 minutes": 90, "3 sec": music.MinSeconds,
		"10 minutes": music.MaxSeconds, "80s synthwave": 0, "no length": 0, "20 seconds at 120 bpm": 20,
		"trap with 808s, 40 seconds": 40,
	}
	for prompt, want := range cases {
		t.Run(prompt, func(t *testing.T) {
			if got := music.Parse(prompt).Seconds; got != want {
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
			p := music.Parse(c.prompt)
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
			p := music.Parse(c.prompt)
			if !slices.Equal(p.Instruments, c.want) || p.NoDrums != c.noDrums {
				t.Fatalf("Parse(%q) = %v noDrums=%v, want %v noDrums=%v", c.prompt, p.Instruments, p.NoDrums, c.want, c.noDrums)
			}
		})
	}
}

func TestParseGarbage(t *testing.T) {
	for _, prompt := range []string{"", "   ", "asdf qwerty zxcv", "!!!???", "🎵🎶", "1234567890", "in in in bpm bpm minutes"} {
		t.Run(prompt, func(t *testing.T) {
			for seed := uint64(0); seed < 3; seed++ {
				p := music.Parse(prompt).Resolve(seed)
				if !slices.Contains(music.Genres, p.Genre) || !slices.Contains(music.Moods, p.Mood) {
					t.Fatalf("seed %d: genre %q mood %q not canonical", seed, p.Genre, p.Mood)
				}
				if p.BPM < music.MinBPM || p.BPM > music.MaxBPM || p.Seconds < music.MinSeconds || p.Seconds > music.MaxSeconds {
					t.Fatalf("seed %d: bpm %v seconds %v out of range", seed, p.BPM, p.Seconds)
				}
				if p.KeyRoot < 0 || p.KeyRoot > 11 || !slices.Contains(music.Modes, p.Mode) {
					t.Fatalf("seed %d: key %d %q", seed, p.KeyRoot, p.Mode)
				}
			}
		})
	}
	t.Run("PromptPicksDefault", func(t *testing.T) {
		// Nothing random stands in for reading: a prompt the reader does
		// not understand gets the same style at every seed, and different
		// such prompts get different styles.
		seen := map[music.Genre]bool{}
		for i := 0; i < 40; i++ {
			prompt := fmt.Sprintf("zxq%dvw", i)
			g := music.Parse(prompt).Resolve(1).Genre
			if other := music.Parse(prompt).Resolve(99).Genre; other != g {
				t.Fatalf("%q: genre %s at seed 1, %s at seed 99", prompt, g, other)
			}
			seen[g] = true
		}
		if len(seen) < 5 {
			t.Fatalf("40 prompts gave only %d genres", len(seen))
		}
	})
}
