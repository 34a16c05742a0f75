package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"
)

// newJobsHistoryCmd is `songsmith jobs history`: the key's jobs from the
// API's GET /jobs (a Songsmith extension), newest first, one page a call.
func newJobsHistoryCmd() *cobra.Command {
	var o apiOpts
	var limit int
	var cursor string
	cmd := &cobra.Command{
		Use:   "history",
		Short: "List the key's jobs from the API (any machine), newest first",
		Long: `List the jobs of the API key from the API (GET /jobs), newest first: every
unexpired job the key submitted, from any machine, with its state. One page per call;
when more remain, the last line gives the command for the next page (--cursor).`,
		Example: `  songsmith jobs history
  songsmith jobs history -n 100 --json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			c, base, err := o.client(nil)
			if err != nil {
				return err
			}
			page, err := c.JobsPage(cmd.Context(), limit, cursor)
			if err != nil {
				return explain(err, base)
			}
			w := cmd.OutOrStdout()
			if o.jsonOut {
				out := struct {
					Jobs       []*jobJSON `json:"jobs"`
					NextCursor string     `json:"next_cursor,omitempty"`
				}{Jobs: []*jobJSON{}, NextCursor: page.NextCursor}
				for _, j := range page.Jobs {
					out.Jobs = append(out.Jobs, toJSON(j))
				}
				return writeJSON(w, out)
			}
			if o.quiet {
				for _, j := range page.Jobs {
					fmt.Fprintln(w, j.JobID)
				}
				return nil
			}
			if len(page.Jobs) == 0 {
				fmt.Fprintln(cmd.ErrOrStderr(), "No jobs: songsmith generate PROMPT submits one.")
				return nil
			}
			tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "JOB ID\tSTARTED (UTC)\tSTATUS\tPROMPT")
			for _, j := range page.Jobs {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", j.JobID, j.StartedAt.Format("2006-01-02 15:04:05"), j.Status, ellipsis(j.Prompt, 50))
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			if page.NextCursor != "" {
				fmt.Fprintf(w, "More: songsmith jobs history -n %d --cursor %s\n", limit, page.NextCursor)
			}
			return nil
		},
	}
	o.bind(cmd.Flags(), false)
	cmd.Flags().IntVarP(&limit, "limit", "n", 20, "jobs per page (1 to 100)")
	cmd.Flags().StringVar(&cursor, "cursor", "", "continue after a previous page (its next cursor)")
	return cmd
}
