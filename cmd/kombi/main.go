// Command kombi plays, studies and solves combinatorial games: see
// `kombi help` for the commands, package cli for the code. It is built with
// the profile default.pgo beside it (profile-guided optimisation; see
// .ci/pgo.sh).
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/kombi/kombi/cmd/kombi/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
