package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/songsmith/songsmith/client"
)

func newGenerateCmd() *cobra.Command {
	var o apiOpts
	var out string
	var noWait bool
	var x extFlags // extflags.go
	var count int
	cmd := &cobra.Command{
		Use:   "generate [PROMPT...]",
		Short: "Submit a prompt to the API, wait for the song and save it",
		Long: `Submit a prompt to a running Songsmith API, wait for the job and save the song,
the cover and the job's JSON as <title>.mp3, <title>.jpg and <title>.json in --out
(never overwriting: an existing name gets -1, -2...).

On a terminal, stderr shows the job's state, the elapsed time and the countdown to
the next poll or retry; nothing is shown when stderr is not a terminal or with -q.
Every submitted job is kept in a local history: 'songsmith jobs list' finds it again
after Ctrl-C or --timeout.

With --recipe the prompt may be left out: the recipe's song is rendered again (its
title becomes the job's prompt), with only the changes and extra files the other
flags ask for.

With --count N (2 to 10) the prompt makes a collection: N pieces that differ in key,
tempo, groove and melody, each a job of its own, all saved into --out.`,
		Example: `  songsmith generate "melancholic lo-fi with dusty piano, 84 bpm"
  songsmith generate dreamy synthwave --out songs/ --json
  songsmith generate "happy disco" --no-wait -q    # prints only the job id
  songsmith generate --recipe "Paper Boats.json" --bpm 90   # the same song, faster
  songsmith generate "uplifting lo-fi for a travel vlog" --count 5 --out vlog/`,
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 && x.recipe.json == "" {
				return usageErr(`give the prompt as an argument, e.g. songsmith generate "dreamy synthwave, 100 bpm" (or a --recipe FILE)`)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := x.check(); err != nil {
				return err
			}
			prompt := strings.Join(args, " ")
			if strings.TrimSpace(prompt) == "" {
				prompt = x.recipe.prompt()
			}
			if count > 1 {
				if x.recipe.json != "" {
					return usageErr("--count and --recipe cannot be combined: a recipe renders one song")
				}
				return generateMany(cmd.Context(), &o, prompt, count, out, noWait, cmd.OutOrStdout(), cmd.ErrOrStderr(), x.options()...)
			}
			if count == 1 {
				return generate(cmd.Context(), &o, prompt, out, noWait, cmd.OutOrStdout(), cmd.ErrOrStderr(), append(x.options(), client.WithCount(1))...)
			}
			return generate(cmd.Context(), &o, prompt, out, noWait, cmd.OutOrStdout(), cmd.ErrOrStderr(), x.options()...)
		},
	}
	cmd.Flags().Var(&intValue{numberValue{p: new(float64), name: "count", min: 1, max: client.MaxCount, only: countValues()}, &count}, "count",
		"how many pieces to make for the prompt, 1 to 10: each a job of its own that differs in key, tempo, groove and melody (collection.go)")
	o.bind(cmd.Flags(), true)
	cmd.Flags().StringVarP(&out, "out", "o", ".", "directory for the song, cover and JSON")
	_ = cmd.MarkFlagDirname("out")
	cmd.Flags().BoolVar(&noWait, "no-wait", false, "print the job id and return without waiting")
	x.bind(cmd.Flags())
	_ = cmd.RegisterFlagCompletionFunc("format", fixedValues("mp3", "wav", "flac", "ogg"))
	return cmd
}

func generate(ctx context.Context, o *apiOpts, prompt, out string, noWait bool, stdout, stderr io.Writer, ext ...client.GenerateOption) error {
	line := newProgressLine(stderr, !o.quiet && isTerminal(stderr))
	defer line.close()
	c, base, err := o.client(line.update)
	if err != nil {
		return err
	}
	ctx, cancel := o.withTimeout(ctx)
	defer cancel()
	sub, err := c.Generate(ctx, prompt, ext...)
	if err != nil {
		return waitErr(err, base, "", o)
	}
	recordJob(base, sub, prompt) // for songsmith jobs list
	return follow(ctx, c, sub, "Job", out, noWait, o, line, stdout, base)
}

// follow reports an accepted submission (what: "Job", "Edit"): with
// noWait its id, else the job waited for and finished (finish).
func follow(ctx context.Context, c *client.Client, sub *client.Submission, what, out string, noWait bool, o *apiOpts, line *progressLine, stdout io.Writer, base string) error {
	if noWait {
		line.close()
		switch {
		case o.jsonOut:
			return writeJSON(stdout, sub)
		case o.quiet:
			fmt.Fprintln(stdout, sub.JobID)
		default:
			fmt.Fprintf(stdout, "%s %s accepted. Follow it with: songsmith jobs wait %[2]s\n", what, sub.JobID)
		}
		return nil
	}
	job, err := c.Wait(ctx, sub.JobID)
	if err != nil {
		return waitErr(err, base, sub.JobID, o)
	}
	return finish(ctx, c, job, out, o, line, stdout, base)
}

// finish reports a finished job: a failed one as exitJobFailed, a
// completed one saved into out (when out is not "") and summarised.
func finish(ctx context.Context, c *client.Client, job *client.Job, out string, o *apiOpts, line *progressLine, stdout io.Writer, base string) error {
	j := toJSON(job)
	if job.Status == client.StatusCompleted && out != "" {
		line.setPhase("downloading")
		files, err := saveJob(ctx, c, job, out)
		if err != nil {
			return waitErr(err, base, job.JobID, o)
		}
		j.Files = files
	}
	line.close()
	switch {
	case o.jsonOut:
		if err := writeJSON(stdout, j); err != nil {
			return err
		}
	case o.quiet && j.Files != nil:
		fmt.Fprintln(stdout, j.Files.Song)
	case o.quiet:
		fmt.Fprintln(stdout, job.Status)
	default:
		fmt.Fprintln(stdout, summary(job))
		printMeasured(stdout, job.Result)
		if j.Files != nil {
			fmt.Fprintf(stdout, "saved %s\n", j.Files.saved())
			printTimelineFile(stdout, j.Files.Timeline)
		} else if r := job.Result; r != nil {
			fmt.Fprintf(stdout, "song:  %s\ncover: %s\n", r.SongURL, r.ImageURL)
			printExtraURLs(stdout, job.Result)
		}
		printWebhook(stdout, job.Webhook)
	}
	if err := job.Err(); err != nil && job.Canceled() {
		return &exitError{exitJobFailed, fmt.Sprintf("job %s was cancelled: it has no song", job.JobID), err}
	} else if err != nil {
		return &exitError{exitJobFailed, strings.TrimPrefix(err.Error(), "songsmith: "), err}
	}
	return nil
}

// waitErr explains an error of a call that waited; a deadline is --timeout.
func waitErr(err error, base, jobID string, o *apiOpts) error {
	if !errors.Is(err, context.DeadlineExceeded) || o.timeout <= 0 {
		err = explain(err, base)
		var ee *exitError
		if jobID != "" && errors.As(err, &ee) && (ee.code == exitServer || ee.code == exitRateLimited) {
			// The job lives on the server; only this wait ended.
			ee.msg += fmt.Sprintf(" The job may still finish: songsmith jobs wait %s", jobID)
		}
		return err
	}
	msg := fmt.Sprintf("gave up after --timeout %s (%s)", o.timeout, strings.TrimPrefix(err.Error(), "songsmith: context deadline exceeded after: "))
	if jobID != "" {
		msg += fmt.Sprintf(". The job may still finish: songsmith jobs wait %s", jobID)
	}
	return &exitError{exitTimeout, msg, err}
}
