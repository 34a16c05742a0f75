// Command songsmith is the one binary of Songsmith:
//
//	songsmith serve                  run the API and workers locally (embedded storage, or --backend aws)
//	songsmith keys create|list|revoke|rotate   manage API keys (the "account dashboard")
//	songsmith render "prompt" -o DIR render a song to files, no server needed
//	songsmith generate "prompt"      submit to a running API, wait, download the files
//	songsmith aws init               create the aws backend's table, queues and bucket (LocalStack, moto)
//
// Configuration comes from SONGSMITH_* environment variables (see README).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

const usage = `usage: songsmith <command> [flags]

commands:
  serve       run the HTTP API and workers (flags: --addr, --backend, --data-dir)
  keys        manage API keys: create [--name N] [--ttl D] | list | revoke ID | rotate ID [--grace D]
  render      render a prompt to files: render "prompt" [--seed N] [--format mp3|wav] -o DIR
  generate    call a running API: generate "prompt" [--url URL] [--key KEY] [-o DIR]
  aws init    create the table, queues and bucket that SONGSMITH_* name (AWS_ENDPOINT_URL: LocalStack, moto)

Configuration: SONGSMITH_* environment variables; see README.md.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "songsmith:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("no command given")
	}
	switch args[0] {
	case "serve":
		return serve(ctx, args[1:], stdout, stderr)
	case "keys":
		return keys(ctx, args[1:], stdout)
	case "render":
		return render(ctx, args[1:], stdout)
	case "generate":
		return generate(ctx, args[1:], stdout)
	case "aws":
		return awsCmd(ctx, args[1:], stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", args[0])
	}
}
