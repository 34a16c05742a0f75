package meltysynth

import (
	"math"
)

const (
	halfPi     float32 = math.Pi / 2
	nonAudible float32 = 1.0e-3
)

var logNonAudible float32 = float32(math.Log(1.0e-3))

// ln2 is math.Log(2) as pow2 needs it.
var ln2 = math.Log(2)

// pow2 is math.Pow(2, y), bit for bit (Songsmith patch). math.Pow takes
// y's integer part by repeated squaring of Frexp(2) = 0.5*2^2; for x = 2
// those products are exact powers of two, so the answer is Exp of the
// fraction times Ln 2, scaled by Ldexp (here a multiply by the power of two,
// its value), as below. Far from 1 it defers to math.Pow.
func pow2(y float64) float64 {
	switch {
	case y == 0:
		return 1
	case y == 1:
		return 2
	case y == 0.5:
		return math.Sqrt(2)
	case y == -0.5:
		return 1 / math.Sqrt(2)
	case !(y > -1000 && y < 1000): // NaN too
		return math.Pow(2, y)
	}
	// math.Modf(|y|) without its calls: the integer part by conversion
	// (|y| < 1000), the fraction |y| minus it, exact.
	ay := math.Abs(y)
	yi := float64(int64(ay))
	yf := ay - yi
	a1 := 1.0
	if yf != 0 {
		if yf > 0.5 {
			yf--
			yi++
		}
		a1 = math.Exp(yf * ln2)
	}
	// math.Ldexp(f, e) of a normal result is f*2^e, exact: f lies in
	// [2^-0.5, 2^0.5] and |e| <= 1000, so a multiply by 2^e, without
	// math.Ldexp's call.
	if y < 0 {
		return (1 / a1) * exp2Int(-int(yi))
	}
	return a1 * exp2Int(int(yi))
}

// exp2Int is 2^e for -1022 <= e <= 1023 (a normal float64), from its bits.
func exp2Int(e int) float64 { return math.Float64frombits(uint64(e+1023) << 52) }

func calcTimecentsToSeconds(x float32) float32 {
	return float32(pow2((float64(1) / float64(1200)) * float64(x)))
}

func calcCentsToHertz(x float32) float32 {
	return float32(float64(8.176) * pow2((float64(1)/float64(1200))*float64(x)))
}

func calcCentsToMultiplyingFactor(x float32) float32 {
	return float32(pow2((float64(1) / float64(1200)) * float64(x)))
}

func calcDecibelsToLinear(x float32) float32 {
	return float32(math.Pow(float64(10), float64(0.05)*float64(x)))
}

func calcLinearToDecibels(x float32) float32 {
	return float32(float64(20) * math.Log10(float64(x)))
}

func calcKeyNumberToMultiplyingFactor(cents int32, key int32) float32 {
	return calcTimecentsToSeconds(float32(cents * (60 - key)))
}

func calcExpCutoff(x float64) float64 {
	if x < float64(logNonAudible) {
		return 0
	} else {
		return math.Exp(x)
	}
}

func calcClamp(value float32, min float32, max float32) float32 {
	switch {
	case value < min:
		return min
	case value > max:
		return max
	default:
		return value
	}
}
