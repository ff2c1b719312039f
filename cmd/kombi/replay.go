package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
)

func (a *app) replayCmd() *cobra.Command {
	var quiet, step bool
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
			if quiet && step {
				return usagef("replay: --quiet and --step exclude each other")
			}
			in, done, err := a.openInput(args[0])
			if err != nil {
				return usagef("replay: %w", err)
			}
			defer done()
			out := a.out()
			dec := json.NewDecoder(in)
			n := 0
			for {
				var rec game.Record
				if err := dec.Decode(&rec); err == io.EOF {
					break
				} else if err != nil {
					if errors.Is(err, errTooLarge) {
						return usagef("replay %s: %w", args[0], err)
					}
					return usagef("replay %s: record %d is not a valid record: %w", args[0], n+1, err)
				}
				n++
				final, err := game.Replay(a.games, &rec)
				if err != nil {
					return fmt.Errorf("record %d: %w", n, err)
				}
				if quiet {
					continue
				}
				typ := recordType(a, &rec)
				if step {
					if err := match.WriteSteps(out, a.games, &rec); err != nil {
						return fmt.Errorf("record %d: %w", n, err)
					}
				}
				fmt.Fprintf(out, "Record %d: %s, seed %d, %d moves — replayed and checked.\n%s\n", n, rec.Game, rec.Seed, len(rec.Moves), final)
				if typ != nil {
					fmt.Fprintln(out, match.ResultLine(typ, &rec))
				}
				if err := out.Err(); err != nil {
					return err
				}
			}
			if n == 0 {
				return usagef("replay %s: no record found", args[0])
			}
			if quiet {
				fmt.Fprintf(out, "%d record(s) replayed and checked\n", n)
			}
			return out.Err()
		},
	}
	c.Flags().BoolVarP(&quiet, "quiet", "q", false, "print only the number of records checked")
	c.Flags().BoolVar(&step, "step", false, "show every position of the game in turn, with the move that led to it")
	return c
}

func gameName(spec string) string {
	s, err := game.ParseSpec(spec)
	if err != nil {
		return ""
	}
	return s.Name
}
