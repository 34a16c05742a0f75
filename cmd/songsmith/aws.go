package main

import (
	"context"
	"fmt"
	"io"

	"github.com/songsmith/songsmith/internal/app"
)

// awsCmd runs `songsmith aws init`: it creates the table, queues and bucket
// of the aws backend (app.InitAWS) and prints the variables that name them.
func awsCmd(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) != 1 || args[0] != "init" {
		return fmt.Errorf("aws: want init")
	}
	cfg, err := app.FromEnv()
	if err != nil {
		return err
	}
	r, err := app.InitAWS(ctx, cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "SONGSMITH_BACKEND=aws\nSONGSMITH_TABLE=%s\nSONGSMITH_QUEUE_URL=%s\nSONGSMITH_DLQ_URL=%s\nSONGSMITH_BUCKET=%s\n",
		r.Table, r.QueueURL, r.DLQURL, r.Bucket)
	return nil
}
