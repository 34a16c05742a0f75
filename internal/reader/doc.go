// Package reader reads a free-text prompt into a plan.Plan: Parse finds
// the style, colour, mood, tempo (a number or a feel), length, key and
// mode, meter, the instruments asked for and excluded, what scenes and
// occasions imply, and the words left for the title. It never fails and
// never draws from a seed: what the prompt leaves open is decided by the
// composer (music.Resolve).
//
// The prompt is read against the style catalogue (package style: one
// declarative entry per style with its names and aliases in several
// languages), the scenes, occasions and eras of scenes.go (each weighs the
// styles that fit it and may set a mood, a tempo feel, instruments and
// whether drums play), and the words of other languages and emoji in
// i18n.go, which map onto the same words. Compound names are one term,
// longest first; hyphen, space and plural variants and one typo are
// understood. The style word nearest the end of a run of style words is
// the main one, unless the first is the longer, more specific name; styles
// named apart are weighed (each naming counts, the first a little more,
// and so do the instruments the prompt asks for); the second is the
// colour. Nothing random stands in for reading: a prompt that names no
// style gets the best-weighted style of what it does say, one that says
// nothing the engine knows a default picked by its own text, and the
// prompt's text joins the seed, so two different prompts never give the
// same song. What a user can write is in docs/prompts.md.
//
// The corpus in testdata/prompts.tsv (prompts written as people write
// them, with the reading each must get) is the specification of the
// reader: TestCorpusReadings requires 95 %, and corpus_format_test.go
// checks its format and that every style is some prompt's first reading.
//
// The reader's files: prompt.go (Parse, numbers, lengths, keys, the mood,
// tempo and instrument words), meter.go (meter words), lexicon.go (the
// terms, folding, tokens, longest-first matching, negation), read.go (the
// terms applied to the plan in named steps), scenes.go, i18n.go and
// artists.go (the words that name no style but say something about one).
package reader
