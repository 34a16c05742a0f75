package synth

// Envelope stages.
const (
	stAttack uint8 = iota
	stDecay
	stSustain
	stRelease
	stDone
)

// adsr is an attack-decay-sustain-release amplitude envelope: linear attack,
// exponential decay and release (times are to -60 dB).
type adsr struct {
	stage                   uint8
	v                       float64
	aInc, dCoef, sus, rCoef float64
}

// init resets the envelope for a new note.
func (e *adsr) init(a, d, s, r float64) {
	e.stage, e.v = stAttack, 0
	e.aInc = 1 / (max(a, 0.0005) * sr)
	e.dCoef = t60Coef(max(d, 0.001))
	e.sus = s
	e.rCoef = t60Coef(max(r, 0.002))
}

// release starts the release stage.
func (e *adsr) release() {
	if e.stage < stRelease {
		e.stage = stRelease
	}
}

// fill writes the next len(dst) envelope values; the release begins at index
// relAt (negative: not in this block). Each stage runs as its own loop
// until it ends, the block ends or the release index is reached.
func (e *adsr) fill(dst []float32, relAt int) {
	v := e.v
	n := len(dst)
	for i := 0; i < n; {
		if i == relAt {
			e.release()
		}
		end := n
		if relAt > i {
			end = min(n, relAt)
		}
		switch e.stage {
		case stAttack:
			for ; i < end; i++ {
				v += e.aInc
				if v >= 1 {
					v = 1
					e.stage = stDecay
					dst[i] = 1
					i++
					break
				}
				dst[i] = float32(v)
			}
		case stDecay:
			// w = v - sus decays geometrically: one multiply per sample
			// on the dependency chain.
			sus, k := e.sus, e.dCoef
			w := v - sus
			for ; i < end; i++ {
				w *= k
				v = sus + w
				dst[i] = float32(v)
				if w < 1e-4 {
					if sus < 1e-4 {
						v, e.stage = 0, stDone
						dst[i] = 0
					} else {
						e.stage = stSustain
					}
					i++
					break
				}
			}
		case stSustain:
			s := float32(e.sus)
			for ; i < end; i++ {
				dst[i] = s
			}
			v = e.sus
		case stRelease:
			k := e.rCoef
			for ; i < end; i++ {
				v *= k
				if v < 1e-4 {
					v, e.stage = 0, stDone
					dst[i] = 0
					i++
					break
				}
				dst[i] = float32(v)
			}
		default:
			v = 0
			clear(dst[i:end])
			i = end
		}
	}
	e.v = v
}
