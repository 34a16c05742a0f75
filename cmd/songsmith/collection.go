package main

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/songsmith/songsmith/client"
)

// Collections (generate --count N): N pieces for one prompt, each a job of
// its own, waited for together (one poll of GET /collections/{id} for all)
// and saved into --out as generate saves one song.

// countValues are the values --count takes.
func countValues() []string {
	v := make([]string, client.MaxCount)
	for i := range v {
		v[i] = strconv.Itoa(i + 1)
	}
	return v
}

// collectionJSON is what generate --count --json prints.
type collectionJSON struct {
	CollectionID string     `json:"collection_id"`
	Jobs         []*jobJSON `json:"jobs"`
}

// generateMany submits prompt for n pieces and, unless noWait, waits for
// them and saves every completed one into out. A piece that failed makes
// the exit status exitJobFailed, after the others are saved.
func generateMany(ctx context.Context, o *apiOpts, prompt string, n int, out string, noWait bool, stdout, stderr io.Writer, ext ...client.GenerateOption) error {
	line := newProgressLine(stderr, !o.quiet && isTerminal(stderr))
	defer line.close()
	c, base, err := o.client(line.update)
	if err != nil {
		return err
	}
	ctx, cancel := o.withTimeout(ctx)
	defer cancel()
	sub, err := c.GenerateMany(ctx, prompt, n, ext...)
	if err != nil {
		return waitErr(err, base, "", o)
	}
	for i := range sub.Jobs {
		recordJob(base, &sub.Jobs[i], prompt) // for songsmith jobs list
	}
	if noWait {
		line.close()
		switch {
		case o.jsonOut:
			return writeJSON(stdout, sub)
		case o.quiet:
			for _, p := range sub.Jobs {
				fmt.Fprintln(stdout, p.JobID)
			}
		default:
			fmt.Fprintf(stdout, "Collection %s accepted: %d pieces.\n", sub.CollectionID, len(sub.Jobs))
			for i, p := range sub.Jobs {
				fmt.Fprintf(stdout, "  piece %d: songsmith jobs wait %s\n", i+1, p.JobID)
			}
		}
		return nil
	}
	col, err := c.WaitCollection(ctx, sub.CollectionID)
	if err != nil {
		return waitErr(err, base, sub.Jobs[0].JobID, o)
	}
	return finishMany(ctx, c, col, out, o, line, stdout, base)
}

// finishMany saves and reports the pieces of a finished collection.
func finishMany(ctx context.Context, c *client.Client, col *client.Collection, out string, o *apiOpts, line *progressLine, stdout io.Writer, base string) error {
	res := collectionJSON{CollectionID: col.CollectionID}
	var failed error
	for _, job := range col.Jobs {
		j := toJSON(job)
		if job.Status == client.StatusCompleted && out != "" {
			line.setPhase("downloading")
			files, err := saveJob(ctx, c, job, out)
			if err != nil {
				return waitErr(err, base, job.JobID, o)
			}
			j.Files = files
		}
		if err := job.Err(); err != nil && failed == nil {
			failed = err
		}
		res.Jobs = append(res.Jobs, j)
	}
	line.close()
	switch {
	case o.jsonOut:
		if err := writeJSON(stdout, res); err != nil {
			return err
		}
	case o.quiet:
		for _, j := range res.Jobs {
			if j.Files != nil {
				fmt.Fprintln(stdout, j.Files.Song)
			} else {
				fmt.Fprintln(stdout, j.Status)
			}
		}
	default:
		fmt.Fprintf(stdout, "Collection %s: %d completed, %d failed\n", col.CollectionID, col.Completed, col.Failed)
		for i, job := range col.Jobs {
			fmt.Fprintf(stdout, "%d. %s\n", i+1, summary(job))
			if f := res.Jobs[i].Files; f != nil {
				fmt.Fprintf(stdout, "   saved %s\n", f.saved())
			}
		}
	}
	if failed != nil {
		return &exitError{exitJobFailed, fmt.Sprintf("%d of %d pieces failed", col.Failed, len(col.Jobs)), failed}
	}
	return nil
}
