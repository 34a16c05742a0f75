package cover

import (
	musicstyle "github.com/songsmith/songsmith/internal/style"
	"image/color"
	"math"
	"strings"
)

// rgb is a colour with components in [0, 1].
type rgb struct{ r, g, b float64 }

// hsl converts hue (degrees), saturation and lightness (0..1) to rgb.
func hsl(h, s, l float64) rgb {
	h = math.Mod(h, 360)
	if h < 0 {
		h += 360
	}
	s, l = clamp01(s), clamp01(l)
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g = c, x
	case h < 120:
		r, g = x, c
	case h < 180:
		g, b = c, x
	case h < 240:
		g, b = x, c
	case h < 300:
		r, b = x, c
	default:
		r, b = c, x
	}
	return rgb{r + m, g + m, b + m}
}

// lerp mixes c towards d by t.
func (c rgb) lerp(d rgb, t float64) rgb {
	return rgb{c.r + (d.r-c.r)*t, c.g + (d.g-c.g)*t, c.b + (d.b-c.b)*t}
}

// scale multiplies the colour's components by k.
func (c rgb) scale(k float64) rgb { return rgb{c.r * k, c.g * k, c.b * k} }

// nrgba returns the colour with opacity alpha (0..1).
func (c rgb) nrgba(alpha float64) color.NRGBA {
	return color.NRGBA{to8(c.r), to8(c.g), to8(c.b), to8(alpha)}
}

func to8(v float64) uint8 { return uint8(clamp01(v)*255 + 0.5) }

func clamp01(v float64) float64 { return math.Max(0, math.Min(1, v)) }

// family is a kind of composition.
type family int

const (
	famSunGrid   family = iota // sun over a perspective grid
	famGeometric               // grids, cells and stripes
	famRays                    // light rays from a centre
	famOrbs                    // soft gradients and blurred orbs
	famShards                  // jagged, high-contrast shards
	famGrain                   // warm soft shapes under film grain
	famBold                    // bold abstract flat shapes
	famWaves                   // layered organic waves
	numFamilies
)

// style is a genre's look: its composition, hues and tone.
type style struct {
	fam     family
	variant int        // family-specific flavour, 0 or 1
	hues    [4]float64 // background, second background, accents (degrees)
	sat     float64    // saturation
	bgL     float64    // background lightness
	accL    float64    // accent lightness
	grain   float64    // film grain strength
}

// looks maps the catalogue's cover looks to composition families.
var looks = map[string]family{"sungrid": famSunGrid, "geometric": famGeometric, "rays": famRays,
	"orbs": famOrbs, "shards": famShards, "grain": famGrain, "bold": famBold, "waves": famWaves}

// catalogueStyle returns the look a style of the catalogue (internal/style)
// asks for.
func catalogueStyle(st *musicstyle.Style) (style, bool) {
	if st == nil {
		return style{}, false
	}
	c := st.Cover
	return style{fam: looks[c.Look], variant: c.Variant, hues: c.Hues, sat: c.Sat, bgL: c.BgL, accL: c.AccL, grain: c.Grain}, true
}

// mood shifts a palette: lightness and saturation multipliers, and a pull of
// every hue towards one hue.
type mood struct{ light, sat, hue, pull float64 }

// neutral is the mood of an empty or unknown mood.
var neutral = mood{1, 1, 0, 0}

// moods holds the canonical moods the composer emits.
var moods = map[string]mood{
	"happy":       {1.25, 1.25, 45, 0.25},
	"sad":         {0.6, 0.55, 220, 0.3},
	"dark":        {0.45, 0.8, 240, 0.3},
	"dreamy":      {1.1, 0.7, 280, 0.25},
	"epic":        {0.85, 1.1, 25, 0.1},
	"calm":        {1.0, 0.65, 185, 0.2},
	"energetic":   {1.15, 1.3, 15, 0.25},
	"romantic":    {0.95, 0.9, 340, 0.3},
	"mysterious":  {0.6, 0.8, 270, 0.3},
	"melancholic": {0.7, 0.55, 215, 0.3},
	"chill":       {0.95, 0.75, 190, 0.2},
	"aggressive":  {0.75, 1.2, 0, 0.3},
	"uplifting":   {1.15, 1.05, 50, 0.25},
	"nostalgic":   {0.95, 0.6, 35, 0.35},
}

// normName lower-cases and collapses spaces; unknown names stay unknown.
func normName(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// styleFor returns the look of the catalogue entry st, or a seed-derived
// one for none.
func styleFor(entry *musicstyle.Style, r *rng) style {
	if st, ok := catalogueStyle(entry); ok {
		return st
	}
	h := r.between(0, 360)
	return style{
		fam:     family(r.intn(int(numFamilies))),
		variant: r.intn(2),
		hues:    [4]float64{h, h + r.between(25, 60), h + r.between(150, 210), h + r.between(80, 110)},
		sat:     r.between(0.4, 0.8),
		bgL:     r.between(0.15, 0.55),
		accL:    r.between(0.5, 0.68),
		grain:   0.03,
	}
}

// moodFor returns the mood's shift, neutral for an empty or unknown mood.
func moodFor(name string) mood {
	if m, ok := moods[normName(name)]; ok {
		return m
	}
	return neutral
}

// palette holds the colours one cover is painted with.
type palette struct {
	bg    [3]rgb // background, light to dark
	acc   [4]rgb // accents
	glow  rgb    // bright highlight
	ink   rgb    // title colour
	grain float64
}

// makePalette derives the cover's colours from a style and a mood, with a
// little seeded jitter so that covers of one genre are not all alike.
func makePalette(st style, m mood, r *rng) palette {
	var h [4]float64
	jitter := r.between(-12, 12)
	for i, v := range st.hues {
		h[i] = pullHue(v+jitter+r.between(-6, 6), m.hue, m.pull)
	}
	sat := clamp01(st.sat * m.sat)
	bgL := math.Max(0.03, math.Min(0.9, st.bgL*m.light))
	accL := math.Max(0.1, math.Min(0.85, st.accL*(1+(m.light-1)*0.8)))
	var p palette
	p.bg[0] = hsl(h[0], sat*0.8, math.Min(0.95, bgL*1.2))
	p.bg[1] = hsl(h[0]+hueDelta(h[0], h[1])/2, sat*0.85, bgL)
	p.bg[2] = hsl(h[1], sat*0.9, bgL*0.65)
	for i := range p.acc {
		p.acc[i] = hsl(h[i], sat, accL*r.between(0.9, 1.1))
	}
	p.glow = hsl(h[2], sat*0.9, math.Min(0.92, accL*1.4))
	p.ink = hsl(h[0], 0.2, 0.96)
	p.grain = st.grain
	return p
}

// hueDelta is the signed shortest turn from hue a to hue b, in degrees.
func hueDelta(a, b float64) float64 {
	d := math.Mod(b-a, 360)
	if d > 180 {
		d -= 360
	} else if d < -180 {
		d += 360
	}
	return d
}

// pullHue moves hue h towards target by the fraction pull.
func pullHue(h, target, pull float64) float64 { return h + hueDelta(h, target)*pull }
