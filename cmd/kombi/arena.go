package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
)

func (a *app) arenaCmd() *cobra.Command {
	var (
		p1, p2    string
		games     int
		seed      uint64
		asJSON    bool
		maxThink  time.Duration
		maxLength int
		workers   int
		records   string
		noDB      bool
	)
	c := &cobra.Command{
		Use:   "arena GAME",
		Short: "Play many games between two bots, seats alternating",
		Long: "Play --games games between bot A (--p1) and bot B (--p2). Game i (from 0) uses seed S+i;\n" +
			"A moves first in even games, B in odd ones. Prints the wins of A, of B and the draws.\n" +
			"Ctrl-C prints the tally of the games finished so far (exit status 130).",
		Example: "  kombi arena 'nim(piles=3;4;5)' --p1 perfect --p2 random --games 20 --json\n" +
			"  kombi arena 'thue(alphabet=5)' --p1 'nesting(level=2)' --p2 'nesting(level=1)' --games 4 --max-length 30",
		Args: exactArgs(1, "one game string"),
		RunE: func(c *cobra.Command, args []string) error {
			if games < 1 || games > sweep.MaxArenaGames {
				return usagef("arena: --games %d: want at least 1 and at most %d", games, sweep.MaxArenaGames)
			}
			if err := checkRunFlags(maxThink, maxLength); err != nil {
				return err
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			if err := sweep.CheckSeeds(seed, games); err != nil {
				return usageError{fmt.Errorf("--seed: %w", err)}
			}
			g, err := a.loadGame(args[0], seed)
			if err != nil {
				return err
			}
			if _, err := a.seats(g, [2]string{p1, p2}, seed, bot.Env{}); err != nil {
				return err
			}
			ctx, cancel := context.WithCancel(c.Context())
			defer cancel()
			var rf *sweep.RecordFile
			if records != "" {
				if rf, err = sweep.CreateRecordFile(records); err != nil {
					return err
				}
			}
			bar := report.NewProgress(a.stderr, "games", false)
			start := time.Now()
			opt := sweep.ArenaOptions{
				Games: games, Seed: seed, Workers: workers, MaxThink: maxThink, MaxLength: maxLength,
				Progress: func(done, total int) {
					bar.Report(solve.Progress{Done: int64(done), Total: int64(total), Elapsed: time.Since(start)})
				},
			}
			var db *store.Store
			if !noDB {
				if db, err = a.openStore(c); err != nil {
					return err
				}
				defer db.Close()
			}
			var saveErr error
			opt.Record = func(_ int, r *game.Record) {
				if rf != nil && rf.Write(r) != nil {
					cancel() // stop: records would be lost
				}
				if db != nil && saveErr == nil {
					if _, _, saveErr = db.AddGame(context.WithoutCancel(ctx), store.NewGame{Record: r, Source: store.SourceArena}); saveErr != nil {
						cancel()
					}
				}
			}
			res, err := sweep.Arena(ctx, a.games, a.bots, args[0], [2]string{p1, p2}, opt)
			bar.Done()
			if rf != nil {
				if cerr := rf.Close(); cerr != nil {
					return cerr
				}
			}
			if saveErr != nil {
				return fmt.Errorf("arena: storing a game: %w (the games stored before are kept)", saveErr)
			}
			if err != nil && c.Context().Err() == nil {
				return err
			}
			if perr := a.printArena(res, args[0], seed, games, asJSON); perr != nil {
				return perr
			}
			if err != nil {
				return interrupted(c.Context(), err)
			}
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
	fl.IntVar(&maxLength, "max-length", 0, "stop a game when its length (Thue: the word length; else the moves) reaches this (0: no limit)")
	fl.IntVar(&workers, "workers", 0, fmt.Sprintf("games played at once, 1 to %d (0: one per CPU)", sweep.MaxWorkers))
	fl.StringVar(&records, "records", "", "write every game's record to this file, one JSON object per line")
	fl.BoolVar(&noDB, "no-db", false, "do not store the games in the database (--db)")
	return c
}

// printArena prints an arena's tally: JSON, or a few lines for people.
func (a *app) printArena(res match.ArenaResult, spec string, seed uint64, games int, asJSON bool) error {
	if asJSON {
		return writeJSON(a.stdout, res)
	}
	w := a.out()
	if res.Games < games {
		fmt.Fprintf(w, "%d of %d games of %s finished, seeds from %d, seats alternating\n", res.Games, games, spec, seed)
	} else {
		fmt.Fprintf(w, "%d games of %s, seeds %d..%d, seats alternating\n", res.Games, spec, seed, seed+uint64(games)-1)
	}
	fmt.Fprintf(w, "  A %-24s wins %d\n", res.Bots[0], res.Wins[0])
	fmt.Fprintf(w, "  B %-24s wins %d\n", res.Bots[1], res.Wins[1])
	fmt.Fprintf(w, "  draws %d", res.Draws)
	if res.Aborted > 0 {
		fmt.Fprintf(w, ", aborted %d", res.Aborted)
	}
	fmt.Fprintf(w, "\n  score of A %.1f%% (a draw counts half); the first mover won %d\n", 100*res.Score(0), res.FirstWins)
	return w.Err()
}
