package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
)

func (a *app) replayCmd() *cobra.Command {
	var quiet bool
	c := &cobra.Command{
		Use:   "replay FILE",
		Short: "Replay a game record and check it move by move",
		Long: "Replay the record(s) in FILE ('-' for standard input): one JSON record, or one per line.\n" +
			"Every move must be legal and made by the player on turn, and the stored winner, returns,\n" +
			"length and game-specific fields must be what the moves produce.",
		Args: exactArgs(1, "one record file"),
		RunE: func(c *cobra.Command, args []string) error {
			var data []byte
			var err error
			if args[0] == "-" {
				data, err = io.ReadAll(a.stdin)
			} else {
				data, err = os.ReadFile(args[0])
			}
			if err != nil {
				return usagef("replay: %w", err)
			}
			dec := json.NewDecoder(bytes.NewReader(data))
			n := 0
			for {
				var rec game.Record
				if err := dec.Decode(&rec); err == io.EOF {
					break
				} else if err != nil {
					return usagef("replay %s: record %d is not a valid record: %w", args[0], n+1, err)
				}
				n++
				final, err := game.Replay(a.games, &rec)
				if err != nil {
					return fmt.Errorf("record %d: %w", n, err)
				}
				if !quiet {
					typ, _ := a.games.Lookup(gameName(rec.Game))
					fmt.Fprintf(a.stdout, "Record %d: %s, seed %d, %d moves — replayed and checked.\n%s\n", n, rec.Game, rec.Seed, len(rec.Moves), final)
					if typ != nil {
						fmt.Fprintln(a.stdout, match.ResultLine(typ, &rec))
					}
				}
			}
			if n == 0 {
				return usagef("replay %s: no record found", args[0])
			}
			if quiet {
				fmt.Fprintf(a.stdout, "%d record(s) replayed and checked\n", n)
			}
			return nil
		},
	}
	c.Flags().BoolVarP(&quiet, "quiet", "q", false, "print only the number of records checked")
	return c
}

func gameName(spec string) string {
	s, err := game.ParseSpec(spec)
	if err != nil {
		return ""
	}
	return s.Name
}
