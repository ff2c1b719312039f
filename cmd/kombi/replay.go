package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/match"
)

func (a *app) replayCmd() *cobra.Command {
	var opt match.ReplayOptions
	c := &cobra.Command{
		Use:   "replay FILE",
		Short: "Replay a game record and check it move by move",
		Long: "Replay the record(s) in FILE ('-' for standard input): one JSON record, or one per line.\n" +
			"Every move must be legal and made by the player on turn, and the stored winner, returns,\n" +
			"length and game-specific fields must be what the moves produce. --step shows every\n" +
			"position in turn. At most 64 MiB are read.",
		Example: "  kombi replay output/20250101-120000-nim-seed1.json --step",
		Args:    exactArgs(1, "one record file"),
		RunE: func(c *cobra.Command, args []string) error {
			if opt.Quiet && opt.Step {
				return usagef("replay: --quiet and --step exclude each other")
			}
			in, done, err := match.OpenInput(args[0], a.stdin)
			if err != nil {
				return usagef("replay: %w", err)
			}
			defer done()
			n, err := match.Replay(in, a.games, a.stdout, opt)
			var bad *match.InputError
			if errors.As(err, &bad) {
				return usagef("replay %s: %w", args[0], err)
			}
			if err != nil || !opt.Quiet {
				return err
			}
			return a.print(false, nil, fmt.Sprintf("%d record(s) replayed and checked\n", n))
		},
	}
	c.Flags().BoolVarP(&opt.Quiet, "quiet", "q", false, "print only the number of records checked")
	c.Flags().BoolVar(&opt.Step, "step", false, "show every position of the game in turn, with the move that led to it")
	return c
}
