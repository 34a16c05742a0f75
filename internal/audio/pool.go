package audio

import "sync"

// pool holds the sample slices of buffers handed back with Recycle. A
// three-minute stereo song is about 63 MB of float32: when a worker renders
// songs one after another, taking the last song's slice for the next one
// keeps one such slice alive instead of two (the garbage collector lets
// the heap grow to twice what is live before it frees the old one).
// sync.Pool drops what stays unused over two collections, so an idle
// process does not keep a song's memory.
var pool sync.Pool // of *[]float32

// minPooled is the smallest slice (in samples) worth pooling: about six
// seconds of stereo. Shorter buffers are cheap to allocate.
const minPooled = 1 << 19

// TakeBuffer returns a silent buffer of the given number of frames, like
// NewBuffer, reusing the samples of a buffer given to Recycle when one is
// large enough.
func TakeBuffer(rate SampleRate, channels, frames int) *Buffer {
	n := frames * channels
	if n >= minPooled {
		if p, ok := pool.Get().(*[]float32); ok {
			if s := *p; cap(s) >= n {
				s = s[:n]
				clear(s)
				return &Buffer{Rate: rate, Channels: channels, Samples: s}
			}
			// Too small for this one: let the collector have it.
		}
	}
	return NewBuffer(rate, channels, frames)
}

// Recycle hands b's samples back for a later TakeBuffer and empties b
// (b.Samples becomes nil). The caller must hold no other reference to
// the samples: the next buffer taken overwrites them. A nil buffer is
// ignored.
func Recycle(b *Buffer) {
	if b == nil {
		return
	}
	s := b.Samples
	b.Samples = nil
	if cap(s) < minPooled {
		return
	}
	s = s[:0]
	pool.Put(&s)
}
