package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/songsmith/songsmith/client"
	"github.com/songsmith/songsmith/internal/request"
)

// extFlags are generate's flags for the service's extensions (request
// options, stems and MIDI, webhooks). Unset flags send nothing, so a plain
// generate sends exactly the spec's body.
type extFlags struct {
	seed     uint64
	format   string
	duration time.Duration
	bpm      float64
	key      string
	stems    bool
	midi     bool
	timeline bool
	musicxml bool
	layers   bool
	segments bool
	webhook  string
	exact    bool
	rate     int
	loudness float64
	loop     bool
	chords   []string   // a chart, or SECTION=CHART
	melody   melodyFlag // melody.go
	track    int        // --melody-track
	transp   int        // --transpose
	recipe   recipeFlag // recipe.go
	edit     editFlags  // jobs_edit.go
	fs       *pflag.FlagSet
}

func (x *extFlags) bind(fs *pflag.FlagSet) {
	x.fs = fs
	fs.Var(seedValue{&x.seed}, "seed", "generation seed (0 to 2^53-1): the same prompt, seed and options give the same song")
	fs.Var(formatValue{&x.format, request.Formats}, "format", "audio format: mp3, wav, flac or ogg (default: the server's)")
	fs.Var(durationValue{&x.duration}, "duration", "length of the song in seconds, 10 to 300 (90, or 1m30s), overriding the prompt")
	numberFlag(fs, &x.bpm, "bpm", "a tempo", request.MinBPM, request.MaxBPM, "96", "exact tempo (40 to 240), overriding the prompt")
	fs.StringVar(&x.key, "song-key", "", `musical key such as "D minor", "F#" or "A dorian", overriding the prompt`)
	fs.BoolVar(&x.stems, "stems", false, "also make stems: a zip of one WAV per part, saved as <title>.stems.zip")
	fs.BoolVar(&x.midi, "midi", false, "also make the song's MIDI file, saved as <title>.mid")
	fs.BoolVar(&x.timeline, "timeline", false, "also make the song's timeline: beats, downbeats, sections, chords and parts in seconds, saved as <title>.timeline.json; its sections and chords are printed, and where each --hit landed")
	fs.BoolVar(&x.musicxml, "musicxml", false, "also make the song's score as MusicXML (parts, chord symbols, tempo, key, sections; opens in MuseScore), saved as <title>.musicxml")
	fs.BoolVar(&x.layers, "layers", false, "also make the song as 3-4 intensity layers for game engines (WAVs that sum to the song, manifest.json; docs/game-audio.md), saved as <title>.layers.zip")
	fs.BoolVar(&x.segments, "segments", false, "also make the song's intro, loop body and outro as WAVs that join seamlessly (manifest.json; docs/game-audio.md), saved as <title>.segments.zip")
	fs.BoolVar(&x.exact, "exact-duration", false, "make the song exactly --duration long, to the sample (the tempo moves by up to 4% unless --bpm is given)")
	fs.BoolVar(&x.loop, "loop", false, "make a seamless loop of about --duration (from 4s): whole bars, no intro, ending or fades")
	fs.Var(&intValue{numberValue{p: new(float64), name: "sample-rate", min: 44100, max: 48000, only: request.SampleRates}, &x.rate}, "sample-rate", "sample rate of the audio: 44100 (default) or 48000")
	numberFlag(fs, &x.loudness, "loudness-lufs", "LUFS", request.MinLUFS, request.MaxLUFS, "-14", "integrated loudness of the song, -31 to -9 LUFS (-23 broadcast, -16 podcasts, -14 streaming; default: the style's)")
	fs.StringArrayVar(&x.chords, "chords", nil, `the chords to play: a chart for the whole song ("Am F C G", "ii7 V7 | Imaj7 %", "C/E", "I vi IV V"), or SECTION=CHART for one section (verse, chorus, bridge, intro, outro, build, drop, breakdown); repeatable`)
	fs.Var(&x.melody, "melody", "a melody for the song to arrange, played by the lead as written (key, meter and tempo from the tune): an ABC tune file (.abc, .txt) or a standard MIDI file (.mid)")
	fs.IntVar(&x.track, "melody-track", 0, "the track of the --melody MIDI file that holds the melody, from 1 (default: the first with notes outside the drum channel)")
	fs.IntVar(&x.transp, "transpose", 0, "semitones to move the --melody (and the key), -24 to 24")
	fs.Var(&x.recipe, "recipe", "render the song of a recipe again: a file with a result's recipe (such as the JSON generate writes), or the recipe's JSON; other flags change it")
	fs.StringVar(&x.webhook, "webhook", "", "URL the service POSTs the job to when it ends (signed with the key's webhook secret)")
	x.edit.bind(fs)
}

// check reports the flag values that are each of the right form but not
// together: a --duration under 10 seconds is only for a --loop.
func (x *extFlags) check() error {
	if x.duration > 0 && !x.loop && x.duration.Seconds() < request.MinSeconds {
		return flagErr(durationErr(durationValue{&x.duration}.String(), request.MinSeconds))
	}
	return nil
}

// options returns the SDK options of the flags that were set.
func (x *extFlags) options() []client.GenerateOption {
	var o []client.GenerateOption
	if x.fs != nil && x.fs.Changed("seed") {
		o = append(o, client.WithSeed(x.seed))
	}
	if x.format != "" {
		o = append(o, client.WithFormat(x.format))
	}
	if x.duration > 0 {
		o = append(o, client.WithDuration(x.duration))
	}
	if x.bpm > 0 {
		o = append(o, client.WithBPM(x.bpm))
	}
	if x.key != "" {
		o = append(o, client.WithMusicalKey(x.key))
	}
	if x.stems {
		o = append(o, client.WithStems())
	}
	if x.midi {
		o = append(o, client.WithMIDI())
	}
	if x.timeline {
		o = append(o, client.WithTimeline())
	}
	if x.musicxml {
		o = append(o, client.WithMusicXML())
	}
	if x.layers {
		o = append(o, client.WithLayers())
	}
	if x.segments {
		o = append(o, client.WithSegments())
	}
	if x.exact {
		o = append(o, client.WithExactDuration())
	}
	if x.rate != 0 {
		o = append(o, client.WithSampleRate(x.rate))
	}
	if x.loudness != 0 {
		o = append(o, client.WithLoudness(x.loudness))
	}
	if x.loop {
		o = append(o, client.WithLoop())
	}
	if x.webhook != "" {
		o = append(o, client.WithWebhook(x.webhook))
	}
	if x.recipe.json != "" {
		o = append(o, client.WithRecipe(x.recipe.json))
	}
	if len(x.chords) > 0 {
		o = append(o, client.WithSectionChords(chordCharts(x.chords)))
	}
	o = append(o, x.melody.options(x.track, x.transp)...)
	return append(o, x.edit.options(x.fs)...)
}

// printExtraURLs prints the URLs of a result's stems, MIDI file, timeline
// and MusicXML score, when it has them.
func printExtraURLs(w io.Writer, r *client.Result) {
	if r == nil {
		return
	}
	if r.StemsURL != "" {
		fmt.Fprintf(w, "stems: %s\n", r.StemsURL)
	}
	if r.MIDIURL != "" {
		fmt.Fprintf(w, "midi:  %s\n", r.MIDIURL)
	}
	if r.TimelineURL != "" {
		fmt.Fprintf(w, "timeline: %s\n", r.TimelineURL)
	}
	if r.MusicXMLURL != "" {
		fmt.Fprintf(w, "musicxml: %s\n", r.MusicXMLURL)
	}
	if r.LayersURL != "" {
		fmt.Fprintf(w, "layers: %s\n", r.LayersURL)
	}
	if r.SegmentsURL != "" {
		fmt.Fprintf(w, "segments: %s\n", r.SegmentsURL)
	}
}

// printWebhook tells the delivery state of a job's webhook, when it has one.
func printWebhook(w io.Writer, h *client.WebhookState) {
	if h == nil {
		return
	}
	line := fmt.Sprintf("webhook: %s after %d attempt(s)", h.Status, h.Attempts)
	if h.LastError != "" {
		line += " (last error: " + h.LastError + ")"
	}
	fmt.Fprintln(w, line)
}

// printTimelineFile prints the sections and chords of a saved timeline
// file ("" prints nothing): where each section starts, and the chords in
// order of play with repeats merged.
func printTimelineFile(w io.Writer, path string) {
	if path == "" {
		return
	}
	data, err := os.ReadFile(path)
	var t client.Timeline
	if err == nil {
		err = json.Unmarshal(data, &t)
	}
	if err != nil {
		fmt.Fprintf(w, "timeline: %s (unreadable: %v)\n", path, err)
		return
	}
	var sections, chords []string
	for _, s := range t.Sections {
		sections = append(sections, fmt.Sprintf("%s %s", s.Label, clock(time.Duration(s.Start*float64(time.Second)))))
	}
	for _, c := range t.Chords {
		if n := len(chords); n == 0 || chords[n-1] != c.Symbol {
			chords = append(chords, c.Symbol)
		}
	}
	if len(chords) > 24 {
		chords = append(chords[:24], "…")
	}
	fmt.Fprintf(w, "timeline: %s, %d beats, %d bars\nsections: %s\nchords:   %s\n", t.Meter.Signature, len(t.Beats), len(t.Downbeats),
		strings.Join(sections, " · "), strings.Join(chords, " "))
	printHitLandings(w, &t)
}

// printHitLandings prints where each hit point landed and the odd bars
// that landed them (issue 31), when the song has hits.
func printHitLandings(w io.Writer, t *client.Timeline) {
	var hits, meters []string
	for _, h := range t.Hits {
		hits = append(hits, fmt.Sprintf("%s asked %.3f s, landed %.3f s (bar %d, moved %+.3f s)", h.Kind, h.Asked, h.At, h.Bar, h.Moved))
	}
	for _, m := range t.Meter.Changes {
		meters = append(meters, fmt.Sprintf("%s at %.3f s", m.Signature, m.At))
	}
	if len(hits) > 0 {
		fmt.Fprintf(w, "hits:     %s\n", strings.Join(hits, " · "))
	}
	if len(meters) > 0 {
		fmt.Fprintf(w, "meter:    %s\n", strings.Join(meters, " · "))
	}
}

// chordCharts are the --chords values by section: SECTION=CHART for a
// section the request knows, any other value the whole song's chart.
func chordCharts(values []string) map[string]string {
	out := map[string]string{}
	for _, v := range values {
		if sec, chart, ok := strings.Cut(v, "="); ok && slices.Contains(request.ChordSections, strings.TrimSpace(strings.ToLower(sec))) {
			out[strings.TrimSpace(strings.ToLower(sec))] = chart
			continue
		}
		out[request.ChordsSong] = v
	}
	return out
}
