package synth

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/soundfont"
)

// balanceGains returns the fader gain (dB) of each track tis[k] (its
// trackState ts[k], to target targets[tis[k]]) and the part's measured
// loudness (LUFS, -Inf when silent): balanceGain's, with the
// parts measured two at a time (measureTwo), those whose insert chains
// match paired first. ctx.Err() when cancelled while measuring.
func balanceGains(ctx context.Context, s *score.Score, tis []int, ts []*trackState, frames int, bank *soundfont.Bank, o Options, targets []float64) (gains, loud []float64, err error) {
	order := make([]int, len(tis))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(ts[a].chain(), ts[b].chain()) })
	loud = make([]float64, len(tis))
	for k := 0; k < len(order); k += 2 {
		a := order[k]
		if k+1 == len(order) {
			l, err := measurePart(ctx, s, tis[a], frames, bank, o)
			if err != nil {
				return nil, nil, err
			}
			loud[a] = l
			break
		}
		b := order[k+1]
		la, lb, err := measureTwo(ctx, s, tis[a], tis[b], frames, bank, o)
		if err != nil {
			return nil, nil, err
		}
		loud[a], loud[b] = la, lb
	}
	gains = make([]float64, len(tis))
	for k, l := range loud {
		gains[k] = gainTo(l, targets[tis[k]])
	}
	return gains, loud, nil
}

// gainTo returns the fader gain (dB) that brings a part measured at l LUFS
// to target, within maxBalanceDB; 0 for a silent part.
func gainTo(l, target float64) float64 {
	if math.IsInf(l, -1) || math.IsNaN(l) {
		return 0
	}
	return math.Max(-maxBalanceDB, math.Min(maxBalanceDB, target-l))
}

// partMeasure is one part's excerpts as measureTwo renders them.
type partMeasure struct {
	ti         int
	wins       []float64
	subs       []float64
	buf        []float32
	e          engine
	t          *trackState // the excerpt being rendered, nil when none
	f0, fw, f1 int         // its run-up start, window start and end (frames)
}

// measureTwo is measurePart of tracks ta and tb, their excerpts rendered
// block by block side by side, so that two insert chains of the same kind
// run at once (insertTwo, as mixTracks runs them): each part's samples,
// and so its loudness, are measurePart's.
func measureTwo(ctx context.Context, s *score.Score, ta, tb int, frames int, bank *soundfont.Bank, o Options) (float64, float64, error) {
	var ps [2]*partMeasure
	for k, ti := range [2]int{ta, tb} {
		ps[k] = &partMeasure{ti: ti, wins: partWindows(s, &s.Tracks[ti])}
		ps[k].buf = takeScratch(2*audio.CD.NSeconds(balanceWin+balanceWarm) + 2*blockSize)[:0]
	}
	defer func() { putScratch(ps[0].buf); putScratch(ps[1].buf) }()
	for w := range max(len(ps[0].wins), len(ps[1].wins)) {
		for _, p := range ps {
			p.t = nil
			if w >= len(p.wins) {
				continue
			}
			if err := ctx.Err(); err != nil {
				return 0, 0, err
			}
			p.start(s, w, frames, bank, o)
		}
		for j := 0; measureBlock(ps, j); j++ {
		}
		for _, p := range ps {
			if p.t != nil {
				p.subs = append(p.subs, kWeigh(p.buf, 2, sr, nil)...)
			}
		}
	}
	return gatedLoudness(ps[0].subs), gatedLoudness(ps[1].subs), nil
}

// start sets up the part's excerpt w (measurePart's track and frames).
func (p *partMeasure) start(s *score.Score, w, frames int, bank *soundfont.Bank, o Options) {
	w0 := p.wins[w]
	warm := math.Max(0, w0-balanceWarm)
	sub := excerpt(s, &s.Tracks[p.ti], warm, w0+balanceWin)
	t := newTrack(s, p.ti, &sub, frames, bank, o)
	t.gl, t.gr = float32(math.Sqrt(0.5)), float32(math.Sqrt(0.5))
	t.side, t.rev, t.dly = 0, 0, 0
	p.t = t
	p.f0 = audio.CD.NSeconds(warm)
	p.fw = audio.CD.NSeconds(w0)
	p.f1 = min(frames, audio.CD.NSeconds(w0+balanceWin))
	p.buf = p.buf[:0]
}

// measureBlock renders block j of both parts' excerpts (t.render's steps,
// the inserts and the one-tap wideners two at a time where they can be,
// as mixTracks runs them) and keeps the frames in their windows. It reports false when neither part has block j.
func measureBlock(ps [2]*partMeasure, j int) bool {
	var n [2]int
	var on [2]bool
	var side [2][]float32
	any := false
	for k, p := range ps {
		if p.t == nil || p.f0+j*blockSize >= p.f1 {
			continue
		}
		any = true
		start := p.f0 + j*blockSize
		n[k] = min(blockSize, p.f1-start)
		clear(p.e.mixL[:n[k]])
		clear(p.e.mixR[:n[k]])
		side[k], on[k] = p.t.source(start, n[k])
	}
	if !any {
		return false
	}
	a, b := ps[0].t, ps[1].t
	if on[0] && on[1] && pairedInserts && n[0] == n[1] && a.chain() != chainOther && a.chain() == b.chain() {
		insertTwo(a, b, a.mono[:n[0]], b.mono[:n[1]])
	} else {
		for k, p := range ps {
			if on[k] {
				p.t.insert(p.t.mono[:n[k]])
			}
		}
	}
	if on[0] && on[1] && n[0] == n[1] && oneTap(a) && oneTap(b) {
		sideTwo(a.wide, b.wide, a.mono[:n[0]], b.mono[:n[0]], a.sb[:n[0]], b.sb[:n[0]])
		a.sbDone, b.sbDone = true, true
	}
	for k, p := range ps {
		if n[k] == 0 {
			continue
		}
		if on[k] {
			p.t.finish(n[k], &p.e, side[k])
		}
		start := p.f0 + j*blockSize
		for i := max(0, p.fw-start); i < n[k]; i++ { // the window's frames
			p.buf = append(p.buf, p.e.mixL[i], p.e.mixR[i])
		}
	}
	return true
}

// oneTap reports whether t has a one-tap widener (which sideTwo runs).
func oneTap(t *trackState) bool { return t.wide != nil && t.wide.taps == 1 }
