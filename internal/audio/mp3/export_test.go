package mp3

// RateLoopOnly returns opts with the psychoacoustic model and distortion
// loop disabled, for tests that measure what they add.
func RateLoopOnly(opts Options) Options {
	opts.rateLoopOnly = true
	return opts
}
