package genre

// Blend colours a style with a second one: "jazzy hip hop" is hip hop's
// groove, form and bass with jazz's harmony and keys. A jazz-family style
// keeps its own harmony under any colour.
func Blend(main, colour Profile) Profile {
	b := main
	if main.Style.Family == "jazz" {
		// Jazz reharmonises what the colour brings ("christmas jazz"
		// is carols through ii-V-Is and sevenths): the style keeps its
		// own harmony (the carol pool gave 6 distinct chords a song).
		b.Ext = max(main.Ext, colour.Ext)
	} else {
		b.Harmony, b.Ext = colour.Harmony, colour.Ext
		b.Style.Harmony = colour.Style.Harmony
	}
	if main.Comp != CompPower && colour.CompInst != "" {
		b.CompInst = colour.CompInst
	}
	if colour.PadInst != "" {
		b.PadInst = colour.PadInst
	}
	b.Blue = max(main.Blue, colour.Blue)
	return b
}
