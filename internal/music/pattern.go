package music

import (
	"strings"

	"github.com/songsmith/songsmith/internal/music/drums"
	"github.com/songsmith/songsmith/internal/music/form"
	"github.com/songsmith/songsmith/internal/music/harmony"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/style"
)

// step is one non-rest symbol of a one-bar step pattern: where it starts
// and how long it lasts (holds included), in beats.
type step struct {
	sym      byte
	at, size float64
}

// splitAt cuts a held step that crosses beat split in two, so the part
// changes with the harmony (a bar with two chords).
func splitAt(sts []step, split float64) []step {
	if split <= 0 {
		return sts
	}
	var out []step
	for _, st := range sts {
		if st.at < split-1e-9 && st.at+st.size > split+1e-9 {
			out = append(out, step{sym: st.sym, at: st.at, size: split - st.at}, step{sym: st.sym, at: split, size: st.at + st.size - split})
			continue
		}
		out = append(out, st)
	}
	return out
}

// steps reads a bass or comping pattern of a bar of beats beats into its
// symbols: '.' is a rest, '-' holds the previous symbol, spaces are ignored.
func steps(pattern string, beats int) []step {
	return readSteps(pattern, beats, true)
}

// drumSteps reads a drum line of a bar of beats beats: '.' is a rest and
// every other symbol a hit ('-' a ghost note), spaces are ignored.
func drumSteps(pattern string, beats int) []step {
	return readSteps(pattern, beats, false)
}

func readSteps(pattern string, beats int, hold bool) []step {
	p := strings.ReplaceAll(pattern, " ", "")
	if p == "" {
		return nil
	}
	unit := float64(beats) / float64(len(p))
	var out []step
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '.':
		case c == '-' && hold:
			if len(out) > 0 && out[len(out)-1].at+out[len(out)-1].size > float64(i)*unit-1e-9 {
				out[len(out)-1].size += unit
			}
		default:
			out = append(out, step{sym: c, at: float64(i) * unit, size: unit})
		}
	}
	return out
}

// meterOf returns a pattern's meter (FourFour when unset).
func meterOf(m style.Meter) style.Meter {
	if m == (style.Meter{}) {
		return style.FourFour
	}
	return m
}

// sectionLevel is the intensity a section plays a pattern at: 1 light,
// 2 groove, 3 full.
func sectionLevel(s *form.Section) int {
	switch {
	case s.DrumLevel >= 3 || s.Energy >= 0.75:
		return 3
	case s.DrumLevel == 2 || s.Energy >= 0.45:
		return 2
	}
	return 1
}

// pickLine returns the line of lines for meter m that suits level: the
// last line whose Level is at most level (write lines from sparse to
// dense), or nil when no line is written in m.
func pickLine(lines []style.Line, m style.Meter, level int) *style.Line {
	var best *style.Line
	for i := range lines {
		l := &lines[i]
		if l.Steps == "" || meterOf(l.Meter) != m {
			continue
		}
		if best == nil || l.Level <= level {
			best = l
		}
	}
	return best
}

// hasLines reports whether lines hold a pattern in meter m.
func hasLines(lines []style.Line, m style.Meter) bool {
	for _, l := range lines {
		if l.Steps != "" && meterOf(l.Meter) == m {
			return true
		}
	}
	return false
}

// Fallback patterns for a meter a style has no lines for (a prompt may ask
// for any meter): plain grooves every style can wear.
var (
	fallbackGroove = map[style.Meter]style.Groove{
		style.SixEight: {Name: "six-eight", Meter: style.SixEight, Lines: []style.DrumLine{
			{Drum: score.Kick, Steps: "x.. o.."},
			{Drum: score.Snare, Steps: "... x..", Level: 2},
			{Drum: score.Rim, Steps: "... x.."},
			{Drum: score.ClosedHat, Steps: "o-- o--"},
			{Drum: score.Shaker, Steps: "o-o o-o", Level: 3},
		}},
	}
	fallbackBass = map[style.Meter][]style.Line{
		style.SixEight: {{Steps: "R-- 5--", Meter: style.SixEight}, {Steps: "R-5 8-A", Meter: style.SixEight, Level: 3}},
	}
	fallbackComp = map[style.Meter][]style.Line{
		style.SixEight: {{Steps: "x-- x--", Meter: style.SixEight}, {Steps: "b.x .x.", Meter: style.SixEight, Level: 2}},
	}
)

// patternBar writes one bar of a step-pattern groove's lines at level.
func (d *drummer) patternBar(lines []style.DrumLine, t float64, beats, level, bar int, energy float64) {
	v := 0.55 + 0.4*energy
	for _, l := range lines {
		if max(l.Level, 1) > level || l.Every > 0 && bar%l.Every != l.On {
			continue
		}
		for _, st := range drumSteps(l.Steps, beats) {
			vel := v
			switch st.sym {
			case 'x':
				vel *= 1
			case 'o':
				vel *= 0.75
			case '-':
				vel *= 0.4
			default:
				continue
			}
			d.Hit(t+st.at, l.Drum, vel)
		}
	}
}

// bassLine writes one bar of a bass step pattern at t: chord tones follow
// the chord sounding at each step, approaches lead into next.
func (pt *part) bassLine(l *style.Line, k harmony.Key, t float64, beats int, at func(float64) harmony.BassTones, split float64, nextRoot int, v float64) {
	for _, st := range splitAt(steps(l.Steps, beats), split) {
		c := at(st.at)
		var pitch int
		switch st.sym {
		case 'R':
			pitch = c.Root
		case '3':
			pitch = c.Third
		case '5':
			pitch = c.Fifth
		case '7':
			pitch = c.Root + 10
			if !harmony.InScale(pitch, k.Root, k.Mode) {
				pitch = c.Root + 11
			}
		case '8':
			pitch = c.Octave
		case 'L':
			pitch = c.Fifth - 12
			if pitch < 24 {
				pitch += 12
			}
		case 'T':
			pitch = pedalTonic(k, c.Root)
		case 'A':
			pitch = harmony.Approach(k, nextRoot, c.Root)
		case 'C':
			pitch = nextRoot + 1
			if c.Root < nextRoot {
				pitch = nextRoot - 1
			}
		default:
			continue
		}
		pt.add(t+st.at, st.size*0.92, pitch, v*drums.Accent(st.at), false)
	}
}

// pedalTonic is the key's tonic nearest to pitch (a pedal: the tonic under
// whatever chord sounds, within a fifth of its root).
func pedalTonic(k harmony.Key, pitch int) int {
	d := ((k.Root-pitch)%12 + 12) % 12
	if d > 6 {
		d -= 12
	}
	return pitch + d
}

// compLine writes one bar of a comping step pattern at t with voicing vc
// (and vc2 from beat split, when the bar changes chord); low is the chord
// root an octave under the voicing (and low2 for vc2).
func (pt *part) compLine(l *style.Line, t float64, beats int, vc, vc2 []int, low, low2 int, split, v float64) {
	for _, st := range splitAt(steps(l.Steps, beats), split) {
		voicing, root := vc, low
		if split > 0 && st.at >= split-1e-9 {
			voicing, root = vc2, low2
		}
		length := st.size * 0.95
		vel := v * drums.Accent(st.at)
		switch c := st.sym; {
		case c == 'x':
			pt.chord(t+st.at, length, voicing, vel)
		case c == 't':
			pt.chord(t+st.at, length, voicing[max(0, len(voicing)-3):], vel)
		case c == 'l':
			pt.add(t+st.at, length, voicing[0], vel, false)
		case c == 'b':
			pt.add(t+st.at, length, root, vel, false)
		case c >= '1' && c <= '4':
			pt.add(t+st.at, length, voicing[min(int(c-'1'), len(voicing)-1)], vel, false)
		case c == 's' || c == 'u':
			pt.strum(t+st.at, length, voicing, vel, c == 'u')
		}
	}
}
