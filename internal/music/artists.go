package music

// artistStyles maps artists people name in prompts ("something like Daft
// Punk") to the style they are known for. The reader treats the name as
// the style's name: the song is in that style, its title and tags never
// carry the artist's name, and nothing claims to imitate anyone.
var artistStyles = map[string]Genre{
	"taylor swift": Pop, "ed sheeran": Pop, "dua lipa": Pop, "ariana grande": Pop, "billie eilish": Pop,
	"the weeknd": Synthwave, "michael jackson": "disco", "abba": "disco", "bee gees": "disco",
	"daft punk": House, "avicii": "edm", "calvin harris": "edm", "david guetta": "edm", "skrillex": Dubstep,
	"deadmau5": House, "aphex twin": Techno, "carl cox": Techno, "armin van buuren": Trance, "tiesto": Trance,
	"brian eno": Ambient, "nujabes": LoFi, "j dilla": HipHop, "eminem": HipHop, "kendrick lamar": HipHop,
	"dr dre": HipHop, "travis scott": Trap, "metro boomin": Trap, "beyonce": "r&b",
	"the beatles": Rock, "beatles": Rock, "ac dc": Rock, "led zeppelin": Rock, "nirvana": "grunge",
	"metallica": Metal, "iron maiden": Metal, "ramones": "punk", "green day": "punk", "radiohead": "indie",
	"bob marley": Reggae, "james brown": Funk, "aretha franklin": "soul", "marvin gaye": "soul",
	"miles davis": Jazz, "john coltrane": Jazz, "bill evans": Jazz, "duke ellington": "big band",
	"count basie": "big band", "glenn miller": "big band", "bb king": Blues, "b b king": Blues,
	"johnny cash": Country, "dolly parton": Country, "bob dylan": Folk, "joni mitchell": Folk,
	"antonio carlos jobim": "bossa nova", "jobim": "bossa nova", "joao gilberto": "bossa nova",
	"celia cruz": "salsa", "astor piazzolla": "tango", "piazzolla": "tango", "bad bunny": "reggaeton",
	"daddy yankee": "reggaeton", "burna boy": "afrobeats", "wizkid": "afrobeats",
	"mozart": Classical, "beethoven": Classical, "bach": Classical, "chopin": Classical, "debussy": Classical,
	"vivaldi": Classical, "hans zimmer": "cinematic", "john williams": "cinematic", "ennio morricone": "cinematic",
	"bts": "k-pop", "blackpink": "k-pop", "joe hisaishi": "j-pop", "mighty sparrow": "calypso",
	"harry belafonte": "calypso", "the dubliners": "celtic", "enya": "celtic",
}
