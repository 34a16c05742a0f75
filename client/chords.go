package client

// WithChords asks the song to play chart in every section: chord symbols
// one a bar ("Am F C G"), "|" bar lines grouping two chords in a bar
// ("Dm7 G7 | Cmaj7"), "%" repeating the bar before, slash chords ("C/E"),
// sevenths, extensions, sus and add chords, or Roman numerals counted on
// the key's scale ("I vi IV V", "ii7 V7 Imaj7"). Without a key the key
// is found from the chords. A symbol that is not a chord is an
// [*APIError] with Code "invalid_request" naming it and its bar.
func WithChords(chart string) GenerateOption {
	return WithSectionChords(map[string]string{"song": chart})
}

// WithSectionChords gives chord charts by section ("verse", "chorus",
// "bridge", "intro", "outro", "build", "drop", "breakdown"; "song" for
// every section without its own), as [WithChords] writes them. Later
// calls add to earlier ones.
func WithSectionChords(charts map[string]string) GenerateOption {
	return func(o *generateOptions) {
		all := map[string]string{}
		switch c := o.ext.Chords.(type) {
		case string:
			all["song"] = c
		case map[string]string:
			for k, v := range c {
				all[k] = v
			}
		}
		for k, v := range charts {
			all[k] = v
		}
		// The whole song's chart alone is sent as a string.
		if song, ok := all["song"]; ok && len(all) == 1 {
			o.ext.Chords = song
			return
		}
		o.ext.Chords = all
	}
}
