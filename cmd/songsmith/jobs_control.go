package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/songsmith/songsmith/client"
)

// Job controls: songsmith jobs cancel | delete (API extensions, see
// docs/api-extensions.md).

func newJobsCancelCmd() *cobra.Command {
	var o apiOpts
	cmd := &cobra.Command{
		Use:   "cancel JOB_ID",
		Short: "Stop a running job (it ends failed with error \"canceled\"; its files are not kept)",
		Long: `Stop a running or queued job with POST /jobs/{job_id}/cancel. The job ends at once
as failed with the error "canceled"; the server stops rendering it within about a
second and keeps none of its files. Cancelling a cancelled job is fine (exit 0); a
job that already completed or failed otherwise cannot be cancelled (exit 1).`,
		Example: "  songsmith jobs cancel 3f0c8d2e-...",
		Args:    exactArgs(1, "one job id"),
		RunE: onJob(&o, (*client.Client).Cancel, func(w io.Writer, job *client.Job) {
			fmt.Fprintf(w, "Cancelled job %s: the server stopped rendering it and keeps none of its files.\n", job.JobID)
		}),
	}
	o.bind(cmd.Flags(), false)
	return cmd
}

func newJobsDeleteCmd() *cobra.Command {
	var o apiOpts
	cmd := &cobra.Command{
		Use:   "delete JOB_ID",
		Short: "Delete a finished job and its files from the server now",
		Long: `Delete a completed or failed job with DELETE /jobs/{job_id}: the server removes its
song, cover and other files and its record before its retention ends; afterwards
the job is not found (exit 4). A running job cannot be deleted (exit 1): cancel it
first with 'songsmith jobs cancel'. Files already downloaded are not touched.`,
		Example: "  songsmith jobs delete 3f0c8d2e-...",
		Args:    exactArgs(1, "one job id"),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, base, err := o.client(nil)
			if err != nil {
				return err
			}
			if err := c.Delete(cmd.Context(), args[0]); err != nil {
				var apiErr *client.APIError
				if errors.As(err, &apiErr) && apiErr.Code == client.CodeJobRunning {
					return &exitError{exitFailure, fmt.Sprintf("job %s is still running, so it cannot be deleted yet: stop it with songsmith jobs cancel %[1]s (or wait for it: songsmith jobs wait %[1]s), then delete it", args[0]), err}
				}
				return explain(err, base)
			}
			stdout := cmd.OutOrStdout()
			switch {
			case o.jsonOut:
				return writeJSON(stdout, map[string]any{"job_id": args[0], "deleted": true})
			case o.quiet:
			default:
				fmt.Fprintf(stdout, "deleted %s\n", args[0])
			}
			return nil
		},
	}
	o.bind(cmd.Flags(), false)
	return cmd
}
