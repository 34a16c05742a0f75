package studio_test

import (
	"testing"

	"github.com/songsmith/songsmith/internal/engine"
	"github.com/songsmith/songsmith/internal/studio"
)

// TestStingerPartsKeepTheirChannels: every part of a stinger names the
// song's part that plays it (the same instrument, role and arrangement
// part), so RenderStingers hands it that part's channel in the mix; no
// song part plays two.
func TestStingerPartsKeepTheirChannels(t *testing.T) {
	for _, prompt := range []string{"happy pop song", "sad piano ballad", "dubstep"} {
		s, _, _ := composePerformed(prompt+", 8 seconds", 1, engine.Options{})
		for _, kind := range studio.StingerKinds {
			st, from := studio.Stinger(s, kind)
			if len(from) != len(st.Tracks) || len(st.Tracks) == 0 {
				t.Fatalf("%s %s: %d tracks, %d sources", prompt, kind, len(st.Tracks), len(from))
			}
			seen := map[int]bool{}
			for j, i := range from {
				a, b := st.Tracks[j], s.Tracks[i]
				if seen[i] || a.Instrument != b.Instrument || a.Role != b.Role || a.Part != b.Part || a.Part == "" {
					t.Errorf("%s %s: stinger part %d (%s %s %q) from song part %d (%s %s %q)", prompt, kind, j,
						a.Instrument, a.Role, a.Part, i, b.Instrument, b.Role, b.Part)
				}
				seen[i] = true
			}
			if st.Ballad != s.Ballad {
				t.Errorf("%s %s: ballad %v, the song's %v", prompt, kind, st.Ballad, s.Ballad)
			}
		}
	}
}
