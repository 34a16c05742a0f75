package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/songsmith/songsmith/client"
)

func newJobsCmd() *cobra.Command {
	cmd := group(&cobra.Command{
		Use:   "jobs",
		Short: "Come back to a job: get its state, wait for it, download its files",
	})
	cmd.AddCommand(newJobsListCmd(), newJobsHistoryCmd(), newJobsGetCmd(), newJobsWaitCmd(), newJobsDownloadCmd(),
		newJobsCancelCmd(), newJobsDeleteCmd(), // jobs_control.go
		newJobsEditCmd()) // jobs_edit.go
	return cmd
}

func newJobsListCmd() *cobra.Command {
	var jsonOut bool
	var limit int
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the jobs songsmith generate submitted from this machine, newest first",
		Long: `List the jobs 'songsmith generate' submitted from this machine, newest first, with
the API they went to: the way back to a job after Ctrl-C or --timeout. This reads a
local history ($XDG_STATE_HOME/songsmith/jobs.jsonl, else
~/.local/state/songsmith/jobs.jsonl; the newest 200 are kept) and sends no request;
'songsmith jobs history' asks the API for every job of the key, from any machine.
'songsmith jobs get ID' tells a job's state.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			entries, err := recentJobs(limit)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if jsonOut {
				if entries == nil {
					entries = []historyEntry{}
				}
				return writeJSON(w, entries)
			}
			if len(entries) == 0 {
				fmt.Fprintln(cmd.ErrOrStderr(), "No jobs yet: songsmith generate PROMPT submits one.")
				return nil
			}
			tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "JOB ID\tSUBMITTED (UTC)\tAPI\tPROMPT")
			for _, e := range entries {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", e.JobID, e.SubmittedAt, e.URL, ellipsis(e.Prompt, 50))
			}
			return tw.Flush()
		},
	}
	cmd.Flags().BoolVar(&jsonOut, "json", false, "print the entries as a JSON array on stdout")
	cmd.Flags().IntVarP(&limit, "limit", "n", 20, "show at most this many jobs (0 = all)")
	return cmd
}

// ellipsis shortens s to at most n runes, marking a cut with "…".
func ellipsis(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func newJobsGetCmd() *cobra.Command {
	var o apiOpts
	cmd := &cobra.Command{
		Use:     "get JOB_ID",
		Short:   "Print a job's current state (exit 0 whatever the state)",
		Example: "  songsmith jobs get 3f0c8d2e-... --json",
		Args:    exactArgs(1, "one job id"),
		RunE: onJob(&o, (*client.Client).Job, func(w io.Writer, job *client.Job) {
			fmt.Fprintln(w, summary(job))
			printMeasured(w, job.Result)
			if r := job.Result; r != nil {
				fmt.Fprintf(w, "song:  %s\ncover: %s\n", r.SongURL, r.ImageURL)
			}
			printExtraURLs(w, job.Result)
			printWebhook(w, job.Webhook)
		}),
	}
	o.bind(cmd.Flags(), false)
	return cmd
}

// onJob is the RunE of a command that calls the API on one job (its only
// argument) and prints the job: as JSON with --json, its status with -q,
// else what human writes.
func onJob(o *apiOpts, call func(*client.Client, context.Context, string) (*client.Job, error), human func(io.Writer, *client.Job)) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		c, base, err := o.client(nil)
		if err != nil {
			return err
		}
		job, err := call(c, cmd.Context(), args[0])
		if err != nil {
			return explain(err, base)
		}
		stdout := cmd.OutOrStdout()
		switch {
		case o.jsonOut:
			return writeJSON(stdout, toJSON(job))
		case o.quiet:
			fmt.Fprintln(stdout, job.Status)
		default:
			human(stdout, job)
		}
		return nil
	}
}

func newJobsWaitCmd() *cobra.Command {
	var o apiOpts
	cmd := &cobra.Command{
		Use:   "wait JOB_ID",
		Short: "Wait until a job is completed or failed, then print it (exit 7 when it failed)",
		Args:  exactArgs(1, "one job id"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return waitAndSave(cmd, &o, args[0], "", true)
		},
	}
	o.bind(cmd.Flags(), true)
	return cmd
}

func newJobsDownloadCmd() *cobra.Command {
	var o apiOpts
	var out string
	var wait bool
	cmd := &cobra.Command{
		Use:   "download JOB_ID",
		Short: "Save a completed job's song, cover and JSON (never overwriting)",
		Args:  exactArgs(1, "one job id"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return waitAndSave(cmd, &o, args[0], out, wait)
		},
	}
	o.bind(cmd.Flags(), true)
	cmd.Flags().StringVarP(&out, "out", "o", ".", "directory for the files")
	_ = cmd.MarkFlagDirname("out")
	cmd.Flags().BoolVar(&wait, "wait", false, "wait for a running job instead of failing")
	return cmd
}

// waitAndSave reads (or waits for) a job, saves its files into out when
// out is not "", and prints it.
func waitAndSave(cmd *cobra.Command, o *apiOpts, id, out string, wait bool) error {
	stderr := cmd.ErrOrStderr()
	line := newProgressLine(stderr, wait && !o.quiet && isTerminal(stderr))
	defer line.close()
	c, base, err := o.client(line.update)
	if err != nil {
		return err
	}
	ctx, cancel := o.withTimeout(cmd.Context())
	defer cancel()
	var job *client.Job
	if wait {
		job, err = c.Wait(ctx, id)
	} else {
		job, err = c.Job(ctx, id)
	}
	if err != nil {
		return waitErr(err, base, id, o)
	}
	if !job.Done() {
		return &exitError{code: exitFailure, msg: fmt.Sprintf("job %s is still running: add --wait, or run songsmith jobs wait %[1]s first", id)}
	}
	return finish(ctx, c, job, out, o, line, cmd.OutOrStdout(), base)
}
