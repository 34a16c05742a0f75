package mp3

// Constants and tables of ISO/IEC 11172-3 (MPEG-1 Layer III). The
// scalefactor band boundaries match go-mp3's internal/consts table
// (github.com/hajimehoshi/go-mp3 v0.3.4, Apache-2.0) and the standard's
// Table B.8.

const (
	granuleSize     = 576 // samples per granule and channel
	frameSize       = 2 * granuleSize
	maxMainDataBack = 511 // largest main_data_begin, in bytes
	maxPart23       = 4095
	maxQuant        = 8191 + 15 // largest codable quantised magnitude
	numSfbLong      = 22
)

// bitrates lists the MPEG-1 Layer III bitrates in kbit/s by bitrate_index.
var bitrates = [15]int{0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320}

// sampleRates lists the MPEG-1 sampling frequencies by sampling_frequency.
var sampleRates = [3]int{44100, 48000, 32000}

// sfbLong holds the long-block scalefactor band boundaries by sampling_frequency.
var sfbLong = [3][numSfbLong + 1]int{
	{0, 4, 8, 12, 16, 20, 24, 30, 36, 44, 52, 62, 74, 90, 110, 134, 162, 196, 238, 288, 342, 418, 576},
	{0, 4, 8, 12, 16, 20, 24, 30, 36, 42, 50, 60, 72, 88, 106, 128, 156, 190, 230, 276, 330, 384, 576},
	{0, 4, 8, 12, 16, 20, 24, 30, 36, 44, 54, 66, 82, 102, 126, 156, 194, 240, 296, 364, 448, 550, 576},
}

// slen holds the scalefactor bit widths (slen1, slen2) by scalefac_compress.
var slen = [16][2]int{
	{0, 0}, {0, 1}, {0, 2}, {0, 3}, {3, 0}, {1, 1}, {1, 2}, {1, 3},
	{2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2}, {3, 3}, {4, 2}, {4, 3},
}

// bitrateIndex returns the bitrate_index of kbps, or -1.
func bitrateIndex(kbps int) int {
	for i := 1; i < len(bitrates); i++ {
		if bitrates[i] == kbps {
			return i
		}
	}
	return -1
}

// rateIndex returns the sampling_frequency code of hz, or -1.
func rateIndex(hz int) int {
	for i, r := range sampleRates {
		if r == hz {
			return i
		}
	}
	return -1
}

// frameBytes returns the size of frame n (0-based, counting from the first
// audio frame) so that padding keeps the average at exactly the bitrate.
func frameBytes(kbps, hz int, n int64) int {
	num := int64(144000 * kbps)
	h := int64(hz)
	return int((n+1)*num/h - n*num/h)
}

// ValidBitrate reports whether kbps is an MPEG-1 Layer III bitrate (32 to
// 320 kbit/s, 14 values) that [Encode] accepts.
func ValidBitrate(kbps int) bool { return bitrateIndex(kbps) > 0 }
