package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/files"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/study/thue/thesis"
)

// playConfig is the TOML file of `kombi play --config`: files.PlayConfig, or
// the Thue thesis' keys (thue.go).
type playConfig struct {
	files.PlayConfig
	thesis.Keys
}

func readPlayConfig(path string) (playConfig, error) {
	var cfg playConfig
	return cfg, files.ReadConfig(path, &cfg, strings.Split(thesis.KeyNames, ", ")...)
}

type playFlags struct {
	runFlags
	p1, p2, config, out, position, resume string
	seed                                  uint64
	json, noOut, noDB                     bool
	seedFromConfig                        bool // the config file gave the seed
}

func (a *app) playCmd() *cobra.Command {
	var f playFlags
	c := newCmd("play [GAME]", "Play one game between two players (people or bots)",
		cobra.MaximumNArgs(1), func(c *cobra.Command, args []string) error {
			spec := strings.Join(args, "")
			if err := f.check(); err != nil {
				return err
			}
			if f.resume != "" {
				if spec != "" || f.config != "" || f.position != "" || c.Flags().Changed("seed") {
					return usagef("play --resume continues the game of a record: give no game string, --config, --position or --seed")
				}
				return a.resume(c, f)
			}
			if f.config != "" {
				cfg, err := readPlayConfig(f.config)
				if err != nil {
					return err
				}
				if cfg.Keys.Present() {
					return a.playThesis(c, cfg, f, spec)
				}
				if err := f.merge(c, cfg, &spec); err != nil {
					return err
				}
			}
			if spec == "" {
				return usagef("play: which game? Give a game string (see 'kombi games') or a config file with game = \"...\"")
			}
			if !c.Flags().Changed("seed") && !f.seedFromConfig {
				f.seed = match.RandomSeed()
			}
			return a.play(c, spec, f)
		})
	fl := c.Flags()
	fl.StringVar(&f.p1, "p1", "human", "bot string of the first player")
	fl.StringVar(&f.p2, "p2", "random", "bot string of the second player")
	fl.Uint64Var(&f.seed, "seed", 0, "seed of everything random in the game (default: a new random seed)")
	f.addFlags(fl)
	fl.StringVar(&f.position, "position", "", "start from this position (the notation of 'kombi solve --position')")
	fl.StringVar(&f.resume, "resume", "", "continue the stopped game of this record file (same game, seed, players and moves)")
	fl.BoolVar(&f.json, "json", false, "print the JSON record instead of the transcript")
	fl.StringVar(&f.config, "config", "", "TOML file with game, p1, p2, seed, max_think, out")
	fl.StringVar(&f.out, "out", "output", "directory for the transcript and record files")
	fl.BoolVar(&f.noOut, "no-out", false, "do not write transcript and record files")
	fl.BoolVar(&f.noDB, "no-db", false, "do not store the game in the database (--db)")
	return c
}

// merge takes the settings of a config file that no flag overrides.
func (f *playFlags) merge(c *cobra.Command, cfg playConfig, spec *string) error {
	fl := c.Flags()
	if *spec == "" {
		*spec = cfg.Game
	}
	for flag, v := range map[string][2]*string{"p1": {&f.p1, &cfg.P1}, "p2": {&f.p2, &cfg.P2}, "out": {&f.out, &cfg.Out}} {
		if *v[1] != "" && !fl.Changed(flag) {
			*v[0] = *v[1]
		}
	}
	var err error
	if cfg.Seed != nil && !fl.Changed("seed") {
		f.seed, err = cfg.SeedValue()
		f.seedFromConfig = true
	}
	if cfg.MaxThink != "" && !fl.Changed("max-think") && err == nil {
		f.maxThink, err = cfg.MaxThinkValue()
	}
	return err
}

func (a *app) play(c *cobra.Command, spec string, f playFlags) error {
	g, err := a.loadGame(spec, f.seed)
	if err != nil {
		return err
	}
	if _, err := game.StartOf(g, f.position); err != nil {
		return usagef("--position: %w", err)
	}
	return a.runGame(c, g, [2]string{f.p1, f.p2}, f, match.Options{Seed: f.seed, Position: f.position})
}

// resume continues the game of the record in f.resume: same game, seed,
// start, players (unless --p1/--p2 are given) and moves.
func (a *app) resume(c *cobra.Command, f playFlags) error {
	rec, g, opt, err := match.Resume(a.games, f.resume, a.stdin)
	if err != nil {
		return err
	}
	names := [2]string{rec.Players[0], rec.Players[1]}
	if c.Flags().Changed("p1") {
		names[0] = f.p1
	}
	if c.Flags().Changed("p2") {
		names[1] = f.p2
	}
	return a.runGame(c, g, names, f, opt)
}

// runGame plays one game between the bot strings names, writes its
// transcript and record files and stores it. A person's quit or the length
// limit ends it with status 0; other stops are failures; Ctrl-C exits 130
// once the game is kept.
func (a *app) runGame(c *cobra.Command, g game.Game, names [2]string, f playFlags, opt match.Options) error {
	opt.MaxThink, opt.MaxLength, opt.Color, opt.Width = f.maxThink, f.maxLength, !f.json && match.ColorTerminal(a.stdout), match.TerminalWidth(a.stdout)
	stdout := a.out()
	// With --json the standard output holds only the record: people's
	// prompts and messages go to standard error.
	people := io.Writer(a.stderr)
	if !f.json {
		people, opt.Transcript = stdout, stdout
	}
	seats, err := a.seats(g, names, opt.Seed, bot.Env{Input: a.input, Output: people})
	if err != nil {
		return err
	}
	s := match.Session{Game: g, Seats: seats, Options: opt}
	if !f.noOut {
		s.Dir = f.out
	}
	if !f.noDB {
		s.Keep = func(rec *game.Record) error {
			return a.withStore(c, func(st *store.Store) error {
				_, err := st.AddRecords(context.WithoutCancel(c.Context()), store.SourcePlay, rec)
				return errors.Join(err, st.Close()) // a failed commit shows in Close; closing again does nothing
			})
		}
	}
	rec, files, err := s.Run(c.Context())
	if err != nil {
		return err
	}
	if f.json {
		err = a.print(true, rec, "")
	} else if files.Record != "" {
		fmt.Fprintf(stdout, "Transcript: %s\nRecord: %s\n", files.Transcript, files.Record)
	}
	if err = errors.Join(err, stdout.Err()); err != nil || c.Context().Err() != nil {
		return errors.Join(err, interrupted(c.Context(), nil))
	}
	return match.Failure(rec)
}

func (a *app) replayCmd() *cobra.Command {
	var opt match.ReplayOptions
	c := newCmd("replay FILE", "Replay a game record and check it move by move",
		exactArgs(1, "one record file"), func(c *cobra.Command, args []string) error {
			if opt.Quiet && opt.Step {
				return usagef("replay: --quiet and --step exclude each other")
			}
			_, err := match.Replay(args[0], a.stdin, a.games, a.stdout, opt)
			return err
		})
	c.Flags().BoolVarP(&opt.Quiet, "quiet", "q", false, "print only the number of records checked")
	c.Flags().BoolVar(&opt.Step, "step", false, "show every position of the game in turn, with the move that led to it")
	return c
}
