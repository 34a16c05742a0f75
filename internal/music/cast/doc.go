// Package cast is the band: which instrument plays which layer of a song
// (Choose: the style's band varied per seed, the instruments the prompt
// names seated, the ones it leaves out replaced, an acoustic band
// unplugged), which parts play from the recorded bank (Recorded), the
// arrangement part each layer plays (Parts: the mix step, internal/mix,
// seats and levels a track by it; the band writes no gains), and who
// plays each bar of the melody's phrases: the lead, the instrument that
// answers it (AnswerInstrument), or nobody (WhoPlays).
package cast
