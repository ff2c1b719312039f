package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
)

func (a *app) arenaCmd() *cobra.Command {
	var (
		p1, p2   string
		games    int
		seed     uint64
		asJSON   bool
		maxThink time.Duration
		workers  int
		records  string
	)
	c := &cobra.Command{
		Use:   "arena GAME",
		Short: "Play many games between two bots, seats alternating",
		Long: "Play --games games between bot A (--p1) and bot B (--p2). Game i (from 0) uses seed S+i;\n" +
			"A moves first in even games, B in odd ones. Prints the wins of A, of B and the draws.",
		Example: "  kombi arena 'nim(piles=3;4;5)' --p1 perfect --p2 random --games 20 --json",
		Args:    exactArgs(1, "one game string"),
		RunE: func(c *cobra.Command, args []string) error {
			if games < 1 {
				return usagef("arena: --games %d: want at least 1", games)
			}
			if _, err := a.loadGame(args[0], seed); err != nil {
				return err
			}
			for i, name := range []string{p1, p2} {
				g, _ := a.loadGame(args[0], seed)
				if _, err := a.bots.New(name, g, bot.Env{Seed: seed}); err != nil {
					return usageError{fmt.Errorf("--p%d: %w", i+1, err)}
				}
			}
			var recOut *bufio.Writer
			if records != "" {
				f, err := os.Create(records)
				if err != nil {
					return fmt.Errorf("records file: %w", err)
				}
				defer f.Close()
				recOut = bufio.NewWriter(f)
				defer recOut.Flush()
			}
			bar := newProgress(a.stderr, games, "games")
			opt := match.ArenaOptions{
				Games: games, Seed: seed, Workers: workers, MaxThink: maxThink,
				Progress: func(done, total int) { bar.set(done) },
			}
			if recOut != nil {
				opt.Record = func(_ int, r *game.Record) {
					line, err := json.Marshal(r)
					if err == nil {
						recOut.Write(append(line, '\n'))
					}
				}
			}
			load := func(s uint64) (game.Game, error) { return a.games.Load(args[0], s) }
			res, err := match.Arena(c.Context(), load, a.bots.New, [2]string{p1, p2}, opt)
			bar.finish()
			if err != nil {
				return fmt.Errorf("arena: %w", err)
			}
			if asJSON {
				return writeJSON(a.stdout, res)
			}
			fmt.Fprintf(a.stdout, "%d games of %s, seeds %d..%d, seats alternating\n", res.Games, args[0], seed, seed+uint64(games)-1)
			fmt.Fprintf(a.stdout, "  A %-24s wins %d\n", p1, res.Wins[0])
			fmt.Fprintf(a.stdout, "  B %-24s wins %d\n", p2, res.Wins[1])
			fmt.Fprintf(a.stdout, "  draws %d", res.Draws)
			if res.Aborted > 0 {
				fmt.Fprintf(a.stdout, ", aborted %d", res.Aborted)
			}
			fmt.Fprintf(a.stdout, "\n  score of A %.1f%% (a draw counts half); the first mover won %d\n", 100*res.Score(0), res.FirstWins)
			return nil
		},
	}
	fl := c.Flags()
	fl.StringVar(&p1, "p1", "random", "bot string of bot A")
	fl.StringVar(&p2, "p2", "random", "bot string of bot B")
	fl.IntVar(&games, "games", 10, "number of games")
	fl.Uint64Var(&seed, "seed", 1, "seed of the first game")
	fl.BoolVar(&asJSON, "json", false, `print {"bots":[A,B],"wins":[wa,wb],"draws":d,"games":N,...}`)
	fl.DurationVar(&maxThink, "max-think", 0, "abort a game when a decision takes longer (0: no limit)")
	fl.IntVar(&workers, "workers", 0, "games played at once (0: one per CPU)")
	fl.StringVar(&records, "records", "", "write every game's record to this file, one JSON object per line")
	return c
}
