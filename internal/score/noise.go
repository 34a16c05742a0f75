package score

// NoiseKind names a noise a player makes beside the notes: the air of a
// wind or a voice, a bow's scrape, a pick's click, a piano's keys.
type NoiseKind uint8

// The noises a performance writes (internal/perform), the synthesizer
// renders (a small noise voice beside the part's notes) and the MIDI file
// writes as General MIDI noise notes where GM has a sound for them.
const (
	// NoiseBreath is an inhale before a wind's or a voice's phrase.
	NoiseBreath NoiseKind = iota + 1
	// NoiseBow is a bow's scrape at a string's attack and the faint
	// rosin hiss along the bowed note (Length: the note).
	NoiseBow
	// NoisePick is a pick's or a finger's click at a plucked string's
	// attack.
	NoisePick
	// NoiseSqueak is a string's squeak as the hand shifts position or
	// slides along the neck.
	NoiseSqueak
	// NoiseKey is a piano key's and hammer's thump at the attack.
	NoiseKey
	// NoiseDamper is a piano damper's soft noise as a key is let go.
	NoiseDamper
	// NoiseAir is the breath at a wind's or a voice's attack.
	NoiseAir
)

// Noise is one noise of a part: from Start for Length beats (timed like
// the notes), at Level 0..1 (the velocity of the note that makes it).
type Noise struct {
	Start  float64
	Length float64
	Kind   NoiseKind
	Level  float64
}
