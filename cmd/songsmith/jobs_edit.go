package main

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/songsmith/songsmith/client"
)

// Edits: songsmith jobs edit (POST /jobs/{job_id}/edit, see
// docs/api-extensions.md), and the edit flags generate shares.

// editFlags are the flags of the edit options: --intensity, --instrument,
// --regenerate.
type editFlags struct {
	intensity   float64
	instruments []string
	regenerate  []string
	energy      string
	hits        []string
}

func (e *editFlags) bind(fs *pflag.FlagSet) {
	numberFlag(fs, &e.intensity, "intensity", "a number", 0, 1, "0.7", "density and energy of the arrangement, 0 (sparse, soft) to 1 (busy, loud); 0.5 is as composed; the lead's notes stay")
	fs.StringArrayVar(&e.instruments, "instrument", nil, `ROLE=INSTRUMENT: the part of a role (lead, chords, bass, pad, arp, drums, fx) played on another instrument ("lead=piano"; drums take a kit: "drums=808"), or ROLE=none to mute it; repeatable`)
	fs.StringVar(&e.energy, "energy", "", `the energy 0..1 per section ("intro=0.2,verse=0.5,chorus=1") or as JSON: {"verse": 0.4} or a curve [{"bar": 1, "value": 0.2}, {"bar": 16, "value": 1}] ("at" for seconds)`)
	fs.StringArrayVar(&e.hits, "hit", nil, `SECONDS:KIND: a hit point, a downbeat at that time (kinds drop, stop, accent, end: "42.3:drop"); the tempo moves up to 8 % to land it; repeatable`)
	fs.StringSliceVar(&e.regenerate, "regenerate", nil, `sections to compose anew ("bridge", "verse 2"); every other bar stays note for note; repeatable or comma-separated`)
}

// options returns the SDK options of the edit flags that were set.
func (e *editFlags) options(fs *pflag.FlagSet) []client.GenerateOption {
	var o []client.GenerateOption
	if fs != nil && fs.Changed("intensity") {
		o = append(o, client.WithIntensity(e.intensity))
	}
	for _, kv := range e.instruments {
		role, inst, _ := strings.Cut(kv, "=")
		role, inst = strings.TrimSpace(role), strings.TrimSpace(inst)
		if inst == "" || strings.EqualFold(inst, "none") || strings.EqualFold(inst, "null") {
			o = append(o, client.WithMute(role))
		} else {
			o = append(o, client.WithInstrument(role, inst))
		}
	}
	if len(e.regenerate) > 0 {
		o = append(o, client.WithRegenerate(e.regenerate...))
	}
	if e.energy != "" {
		o = append(o, energyOption(e.energy))
	}
	for _, h := range e.hits {
		o = append(o, hitOption(h))
	}
	return o
}

func newJobsEditCmd() *cobra.Command {
	var o apiOpts
	var out string
	var noWait bool
	var x extFlags // extflags.go: the request options, the edit flags among them
	cmd := &cobra.Command{
		Use:   "edit JOB_ID",
		Short: "Make a new song from a completed job's song with some things changed",
		Long: `Edit a completed job's song with POST /jobs/{job_id}/edit: a new job whose song is
the source's with the changes the flags name and everything else note for note the
same: --bpm (the same notes on the same beats), --song-key (transposed; the drums
stay; the mode cannot change), --duration (longer: chorus material repeated before
the ending; shorter: whole sections cut), --intensity, --instrument ROLE=INSTRUMENT
(or ROLE=none), --regenerate SECTION, and the output flags of generate (--format,
--stems, --midi, --timeline, --loop, --exact-duration ...). The new job keeps the
source's prompt and seed (--seed is refused); an edit of an edit applies both.
Then it waits for the new song and saves it, as generate does.

A running job cannot be edited yet, nor a failed one (exit 1); an unknown or
expired one is not found (exit 4). A section the song does not have fails the new
job with a message that lists the song's sections.`,
		Example: `  songsmith jobs edit 3f0c8d2e-... --bpm 96 --song-key E
  songsmith jobs edit 3f0c8d2e-... --instrument lead=piano --instrument drums=none
  songsmith jobs edit 3f0c8d2e-... --regenerate bridge --duration 3m --format wav`,
		Args: exactArgs(1, "one job id"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := x.check(); err != nil {
				return err
			}
			return edit(cmd, &o, args[0], out, noWait, x.options()...)
		},
	}
	o.bind(cmd.Flags(), true)
	cmd.Flags().StringVarP(&out, "out", "o", ".", "directory for the song, cover and JSON")
	_ = cmd.MarkFlagDirname("out")
	cmd.Flags().BoolVar(&noWait, "no-wait", false, "print the new job's id and return without waiting")
	x.bind(cmd.Flags())
	_ = cmd.RegisterFlagCompletionFunc("format", fixedValues("mp3", "wav", "flac", "ogg"))
	return cmd
}

func edit(cmd *cobra.Command, o *apiOpts, jobID, out string, noWait bool, ext ...client.GenerateOption) error {
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	line := newProgressLine(stderr, !o.quiet && isTerminal(stderr))
	defer line.close()
	c, base, err := o.client(line.update)
	if err != nil {
		return err
	}
	ctx, cancel := o.withTimeout(cmd.Context())
	defer cancel()
	sub, err := c.Edit(ctx, jobID, ext...)
	if err != nil {
		return waitErr(err, base, "", o)
	}
	recordJob(base, sub, "edit of "+jobID) // for songsmith jobs list
	return follow(ctx, c, sub, "Edit", out, noWait, o, line, stdout, base)
}
