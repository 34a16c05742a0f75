// Package audio holds the PCM types shared by the synthesizer, the mastering
// chain and the encoders: a sample rate with typed conversions and an
// interleaved float32 buffer.
package audio

import (
	"math"
	"time"
)

// SampleRate is a number of sample frames per second.
type SampleRate int

// CD is the sample rate the music engine renders at.
const CD SampleRate = 44100

// N returns the number of frames that last d at this rate, rounded to nearest.
func (sr SampleRate) N(d time.Duration) int {
	return int(math.Round(d.Seconds() * float64(sr)))
}

// NSeconds returns the number of frames in s seconds, rounded to nearest.
func (sr SampleRate) NSeconds(s float64) int {
	return int(math.Round(s * float64(sr)))
}

// D returns how long n frames last at this rate.
func (sr SampleRate) D(n int) time.Duration {
	return time.Duration(float64(n) / float64(sr) * float64(time.Second))
}

// Seconds returns how many seconds n frames last at this rate.
func (sr SampleRate) Seconds(n int) float64 {
	return float64(n) / float64(sr)
}

// Buffer is interleaved PCM: for stereo, Samples is L0 R0 L1 R1 ... Values are
// nominally in [-1, 1]; encoders clamp anything outside.
type Buffer struct {
	Rate     SampleRate
	Channels int
	Samples  []float32
}

// NewBuffer returns a silent buffer of the given number of frames.
func NewBuffer(rate SampleRate, channels, frames int) *Buffer {
	return &Buffer{Rate: rate, Channels: channels, Samples: make([]float32, frames*channels)}
}

// Frames returns the number of sample frames (samples per channel).
func (b *Buffer) Frames() int {
	if b.Channels == 0 {
		return 0
	}
	return len(b.Samples) / b.Channels
}

// Seconds returns how long the buffer plays, in seconds.
func (b *Buffer) Seconds() float64 { return b.Rate.Seconds(b.Frames()) }
