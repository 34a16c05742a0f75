package plan

import "github.com/songsmith/songsmith/internal/style"

// Genre is a canonical genre name, as stored in score.Score.Genre.
type Genre string

// The first genres of the catalogue. The reader maps many spellings and
// synonyms onto these names (for example "lofi" to LoFi, "dnb" to
// DrumAndBass, "orchestral" to Classical).
const (
	LoFi        Genre = "lo-fi"
	HipHop      Genre = "hip hop"
	Trap        Genre = "trap"
	House       Genre = "house"
	Techno      Genre = "techno"
	Trance      Genre = "trance"
	DrumAndBass Genre = "drum and bass"
	Dubstep     Genre = "dubstep"
	Synthwave   Genre = "synthwave"
	Pop         Genre = "pop"
	Rock        Genre = "rock"
	Metal       Genre = "metal"
	Funk        Genre = "funk"
	Disco       Genre = "disco"
	Reggae      Genre = "reggae"
	Jazz        Genre = "jazz"
	Ambient     Genre = "ambient"
	Classical   Genre = "classical"
	Folk        Genre = "folk"
	Blues       Genre = "blues"
	Country     Genre = "country"
)

// Genres lists every style of the catalogue (internal/style) in its fixed
// order: the first 21 are the constants above.
var Genres = func() []Genre {
	var out []Genre
	for _, n := range style.Names() {
		out = append(out, Genre(n))
	}
	return out
}()
