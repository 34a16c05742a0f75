package synth

// mixTracks renders every track's block into the engine's buses: the
// sources of all, then the insert chains, two tracks with the same fused
// chain at once where insertTwo runs (amd64), then each track's chorus,
// pan and sends in track order. A track's chain reads and writes only its
// own block and state, and the buses are summed in the same order, so the
// samples are those of rendering track by track.
func (e *engine) mixTracks(start, n int) {
	if !pairedInserts {
		for _, t := range e.tracks {
			t.render(start, n, e)
		}
		return
	}
	e.on, e.sides = e.on[:0], e.sides[:0]
	for _, t := range e.tracks {
		if side, ok := t.source(start, n); ok {
			e.on = append(e.on, t)
			e.sides = append(e.sides, side)
		}
	}
	var wait [chainPairHP + 1]*trackState // a track waiting for a partner, by chain
	for _, t := range e.on {
		k := t.chain()
		switch {
		case k == chainOther:
			t.insert(t.mono[:n])
		case wait[k] != nil:
			insertTwo(wait[k], t, wait[k].mono[:n], t.mono[:n])
			wait[k] = nil
		default:
			wait[k] = t
		}
	}
	for _, w := range wait {
		if w != nil {
			w.insert(w.mono[:n])
		}
	}
	for i, t := range e.on {
		t.finish(n, e, e.sides[i])
	}
}
