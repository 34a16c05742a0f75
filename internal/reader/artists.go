package reader

import "github.com/songsmith/songsmith/internal/plan"

// artistStyles maps artists people name in prompts ("something like Daft
// Punk") to the style they are known for. The reader treats the name as
// the style's name: the song is in that style, its title and tags never
// carry the artist's name, and nothing claims to imitate anyone.
var artistStyles = map[string]plan.Genre{
	"taylor swift": plan.Pop, "ed sheeran": plan.Pop, "dua lipa": plan.Pop, "ariana grande": plan.Pop, "billie eilish": plan.Pop,
	"the weeknd": plan.Synthwave, "michael jackson": "disco", "abba": "disco", "bee gees": "disco",
	"daft punk": plan.House, "avicii": "edm", "calvin harris": "edm", "david guetta": "edm", "skrillex": plan.Dubstep,
	"deadmau5": plan.House, "aphex twin": plan.Techno, "carl cox": plan.Techno, "armin van buuren": plan.Trance, "tiesto": plan.Trance,
	"brian eno": plan.Ambient, "nujabes": plan.LoFi, "j dilla": plan.HipHop, "eminem": plan.HipHop, "kendrick lamar": plan.HipHop,
	"dr dre": plan.HipHop, "travis scott": plan.Trap, "metro boomin": plan.Trap, "beyonce": "r&b",
	"the beatles": plan.Rock, "beatles": plan.Rock, "ac dc": plan.Rock, "led zeppelin": plan.Rock, "nirvana": "grunge",
	"metallica": plan.Metal, "iron maiden": plan.Metal, "ramones": "punk", "green day": "punk", "radiohead": "indie",
	"bob marley": plan.Reggae, "james brown": plan.Funk, "aretha franklin": "soul", "marvin gaye": "soul",
	"miles davis": plan.Jazz, "john coltrane": plan.Jazz, "bill evans": plan.Jazz, "duke ellington": "big band",
	"count basie": "big band", "glenn miller": "big band", "bb king": plan.Blues, "b b king": plan.Blues,
	"johnny cash": plan.Country, "dolly parton": plan.Country, "bob dylan": plan.Folk, "joni mitchell": plan.Folk,
	"antonio carlos jobim": "bossa nova", "jobim": "bossa nova", "joao gilberto": "bossa nova",
	"celia cruz": "salsa", "astor piazzolla": "tango", "piazzolla": "tango", "bad bunny": "reggaeton",
	"daddy yankee": "reggaeton", "burna boy": "afrobeats", "wizkid": "afrobeats",
	"mozart": plan.Classical, "beethoven": plan.Classical, "bach": plan.Classical, "chopin": plan.Classical, "debussy": plan.Classical,
	"vivaldi": plan.Classical, "hans zimmer": "cinematic", "john williams": "cinematic", "ennio morricone": "cinematic",
	"bts": "k-pop", "blackpink": "k-pop", "joe hisaishi": "j-pop", "mighty sparrow": "calypso",
	"harry belafonte": "calypso", "the dubliners": "celtic", "enya": "celtic",
}
