package synth

import (
	"context"
	"math"

	"github.com/songsmith/songsmith/internal/audio"
	"github.com/songsmith/songsmith/internal/mixplan"
	"github.com/songsmith/songsmith/internal/score"
	"github.com/songsmith/songsmith/internal/soundfont"
)

// Balance by measured loudness: every part is levelled from its own
// K-weighted loudness, measured on a few excerpts rendered ahead of the
// mix, to the level its style's mix plan gives its role (LU relative to
// the lead melody). The sources differ by 10-25 LU (a sampled piano, a
// synthesized kick), so fixed faders cannot balance them.

// anchorLUFS is the stem loudness of a part at 0 LU in the plan (the
// lead melody) before the master bus.
const anchorLUFS = -20.0

// Measurement excerpts: up to balanceWindows windows of balanceWin
// seconds where the part plays, each rendered after balanceWarm seconds
// of run-up (notes sounding into the window start with it).
const (
	balanceWindows = 6
	balanceWin     = 3.0
	balanceWarm    = 0.75
	// maxBalanceDB bounds the correction either way (a nearly silent
	// part is not pushed up 60 dB).
	maxBalanceDB = 30.0
)

// partTargets returns each track's target stem loudness in LUFS: its
// role's level in the plan plus its channel's GainDB (o's), a featured
// part raised to within plan.Featured LU of the loudest part.
func partTargets(s *score.Score, plan mixplan.Plan, o Options) []float64 {
	tg := make([]float64, len(s.Tracks))
	loudest := math.Inf(-1)
	for i := range s.Tracks {
		tr := &s.Tracks[i]
		tg[i] = anchorLUFS + plan.PartLU(tr.Role) + finite(o.channel(i).GainDB)
		if len(tr.Notes) > 0 || len(tr.Hits) > 0 {
			loudest = math.Max(loudest, tg[i])
		}
	}
	for i := range s.Tracks {
		if s.Tracks[i].Featured {
			tg[i] = math.Max(tg[i], loudest-plan.Featured)
		}
	}
	return tg
}

// balanceGain returns the fader gain (dB) that brings track ti to target
// and the part's measured loudness (LUFS, -Inf when silent), or ctx.Err()
// when the context is cancelled while the part is measured.
func balanceGain(ctx context.Context, s *score.Score, ti int, frames int, bank *soundfont.Bank, o Options, target float64) (float64, float64, error) {
	l, err := measurePart(ctx, s, ti, frames, bank, o)
	if err != nil {
		return 0, 0, err
	}
	if math.IsInf(l, -1) || math.IsNaN(l) {
		return 0, l, nil
	}
	return math.Max(-maxBalanceDB, math.Min(maxBalanceDB, target-l)), l, nil
}

// measurePart renders excerpts of track ti alone, dry (no sends, no
// sidechain), centred at unity gain, and returns their gated K-weighted
// loudness (LUFS), or -Inf when the part is silent. It stops with ctx.Err()
// between excerpts, so a cancelled render does not wait for a whole part.
func measurePart(ctx context.Context, s *score.Score, ti int, frames int, bank *soundfont.Bank, o Options) (float64, error) {
	tr := &s.Tracks[ti]
	wins := partWindows(s, tr)
	var subs []float64
	e := &engine{}
	buf := takeScratch(2*audio.CD.NSeconds(balanceWin+balanceWarm) + 2*blockSize)[:0]
	defer func() { putScratch(buf) }()
	for _, w0 := range wins {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		warm := math.Max(0, w0-balanceWarm)
		sub := excerpt(s, tr, warm, w0+balanceWin)
		t := newTrack(s, ti, &sub, frames, bank, o)
		t.gl, t.gr = float32(math.Sqrt(0.5)), float32(math.Sqrt(0.5))
		t.side, t.rev, t.dly = 0, 0, 0
		f0 := audio.CD.NSeconds(warm)
		fw := audio.CD.NSeconds(w0)
		f1 := min(frames, audio.CD.NSeconds(w0+balanceWin))
		buf = buf[:0]
		for start := f0; start < f1; start += blockSize {
			n := min(blockSize, f1-start)
			clear(e.mixL[:n])
			clear(e.mixR[:n])
			t.render(start, n, e)
			for i := max(0, fw-start); i < n; i++ { // the window's frames
				buf = append(buf, e.mixL[i], e.mixR[i])
			}
		}
		subs = append(subs, kWeigh(buf, 2, sr, nil)...)
	}
	return gatedLoudness(subs), nil
}

// partWindows picks the start times (seconds) of up to balanceWindows
// excerpts, spread evenly over the stretches where the part plays.
func partWindows(s *score.Score, tr *score.Track) []float64 {
	music := s.BeatToSeconds(s.TotalBeats)
	n := int(music / balanceWin)
	if n < 1 {
		return []float64{0}
	}
	active := make([]bool, n)
	mark := func(a, b float64) {
		for c := max(0, int(a/balanceWin)); c < n && float64(c)*balanceWin < b; c++ {
			active[c] = true
		}
	}
	for _, x := range tr.Notes {
		mark(s.BeatToSeconds(x.Start), s.BeatToSeconds(x.Start+x.Length))
	}
	for _, h := range tr.Hits {
		a := s.BeatToSeconds(h.Start)
		mark(a, a+0.05)
	}
	var on []float64
	for c, a := range active {
		if a {
			on = append(on, float64(c)*balanceWin)
		}
	}
	if len(on) <= balanceWindows {
		return on
	}
	out := make([]float64, balanceWindows)
	for k := range out {
		out[k] = on[(2*k+1)*len(on)/(2*balanceWindows)]
	}
	return out
}

// excerpt returns a copy of tr holding only what sounds between from and
// to (seconds): notes cut to start no earlier than from, hits inside.
func excerpt(s *score.Score, tr *score.Track, from, to float64) score.Track {
	spb := s.SecondsPerBeat()
	b0, b1 := from/spb, to/spb
	out := *tr
	out.Notes, out.Hits = nil, nil
	for _, x := range tr.Notes {
		end := x.Start + x.Length
		if end <= b0 || x.Start >= b1 {
			continue
		}
		if x.Start < b0 {
			x.Length = end - b0
			x.Start = b0
			x.Glide = false
		}
		out.Notes = append(out.Notes, x)
	}
	for _, h := range tr.Hits {
		if h.Start >= b0 && h.Start < b1 {
			out.Hits = append(out.Hits, h)
		}
	}
	return out
}
