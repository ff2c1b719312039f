package cli

import (
	"cmp"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/kombi/kombi/files"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/study/thue/thesis"
)

// The Thue commands parse flags and call package thesis (study/thue/thesis).

// thueCommand builds a command without arguments; thueErr makes the thesis
// package's input errors usage errors, and Ctrl-C exit 130.
func thueCommand(use, short string, run func(c *cobra.Command) error) *cobra.Command {
	return &cobra.Command{Use: use, Short: short, Args: exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error { return thueErr(c, run(c)) }}
}

func thueErr(c *cobra.Command, err error) error {
	if err != nil && c.Context().Err() != nil {
		return interrupted(c.Context(), err)
	}
	return flagged(err)
}

func pick[T any](cond bool, yes, no T) T { // cond ? yes : no
	if cond {
		return yes
	}
	return no
}

// playThesis runs `kombi play --config` with the thesis' keys: one game in
// the configured mode, or the overall test. Flags win over the file, the
// file's p1, p2 and max_think over the thesis' keys.
func (a *app) playThesis(c *cobra.Command, cfg playConfig, f playFlags, spec string) error {
	tc, err := thesis.Load(f.config, cfg.Keys, cfg.Game != "", spec != "")
	if err != nil {
		return thueErr(c, err)
	}
	fl := c.Flags()
	f.p1, f.p2 = pick(fl.Changed("p1"), f.p1, tc.BuilderBot), pick(fl.Changed("p2"), f.p2, tc.PainterBot)
	f.maxThink, cfg.MaxThink = pick(fl.Changed("max-think"), f.maxThink, tc.MaxThink), pick(cfg.MaxThinkTime != nil, "", cfg.MaxThink)
	if err := f.merge(c, cfg, &spec); err != nil {
		return err
	}
	if f.seed = pick(fl.Changed("seed") || f.seedFromConfig, f.seed, match.RandomSeed()); !tc.Overall {
		fmt.Fprintln(pick(f.json, a.stderr, a.stdout), tc.Describe(f.p1, f.p2))
		return a.play(c, tc.Game, f)
	}
	tc.MaxThink = f.maxThink
	bar := report.NewProgress(a.stderr, "games", false)
	t, err := thesis.RunOverall(c.Context(), a.games, a.bots, tc, thesis.OverallOptions{Seed: f.seed, Dir: pick(f.noOut, "", f.out), Log: a.stderr, Progress: bar.Func()})
	bar.Done()
	return thueErr(c, cmp.Or(a.write(output{Format: pick(f.json, "json", "text")}, nil, report.Tables(t...)...), err))
}

func (a *app) thueCmd() *cobra.Command {
	m, s := thesis.MatchOptions{}, thesis.SoloOptions{}
	match := a.thueSession("match", "Two rounds, each player once builder and once painter; more painter points wins", &m.Session, func(c *cobra.Command) error {
		res, err := thesis.PlayMatch(c.Context(), a.games, a.bots, m)
		if m.JSON && res != nil {
			return cmp.Or(report.WriteJSON(a.stdout, res), err)
		}
		return err
	})
	fl := match.Flags()
	fl.StringVar(&m.Players[0], "a", "human", "bot string of player A (builder in round 1)")
	fl.StringVar(&m.Players[1], "b", "human", "bot string of player B (painter in round 1)")
	fl.StringVar(&m.Names[0], "name-a", "A", "name of player A")
	fl.StringVar(&m.Names[1], "name-b", "B", "name of player B")
	fl.BoolVar(&m.JSON, "json", false, "print the match result with both records as JSON")
	fl.DurationVar(&m.MaxThink, "max-think", 0, "abort when a computer decision takes longer (0: no limit)")
	solo := a.thueSession("solo", "One person plays both roles; the longest word ever reached is the high score", &s.Session, func(c *cobra.Command) error {
		_, err := thesis.PlaySolo(c.Context(), a.games, s)
		return err
	})
	solo.Flags().StringVar(&s.DataDir, "data-dir", "", "directory of an old thue-highscores.json to import into the database once (default: the data directory)")
	solo.Flags().BoolVar(&s.NoSave, "no-save", false, "do not save a new high score")
	return group("thue", "The Thue game for people: a two-round match and the solo mode with a high score", match, solo)
}

// thueSession is `kombi thue match` or `solo` with the flags they share:
// before run it opens the transcript file (unless --no-out) and the
// console, and says how to open the database (--db).
func (a *app) thueSession(use, short string, s *thesis.Session, run func(c *cobra.Command) error) *cobra.Command {
	c := thueCommand(use, short, func(c *cobra.Command) (err error) {
		var file *os.File
		if s.Seed, s.Input = pick(c.Flags().Changed("seed"), s.Seed, match.RandomSeed()), a.input; !s.NoOut {
			if file, err = files.NewTranscriptFile(s.Out, "thue-"+c.Name(), s.Seed); err != nil {
				return err
			}
		}
		in, _ := a.stdin.(*os.File)
		s.Console = thesis.NewConsole(pick(s.JSON, a.stderr, a.stdout), file, in != nil && term.IsTerminal(int(in.Fd())), a.stderr)
		s.OpenDB = func() (thesis.Database, error) { return a.openStore(c) }
		return run(c)
	})
	fl := c.Flags()
	fl.IntVar(&s.Alphabet, "alphabet", 3, "number of symbols")
	fl.StringVar(&s.Rule, "rule", "square", "square or overlap")
	fl.Uint64Var(&s.Seed, "seed", 0, pick(use == "match", "seed of round 1's starting symbol (round 2 uses seed+1; default: random)", "seed of the starting symbol (default: random)"))
	fl.StringVar(&s.Out, "out", "output", "directory for the transcript and record files")
	fl.BoolVar(&s.NoOut, "no-out", false, "do not write transcript and record files")
	fl.BoolVar(&s.NoDB, "no-db", false, pick(use == "match", "do not store the rounds in the database (--db)", "do not store the game in the database (--db; the high score is kept there)"))
	return c
}

func (a *app) benchThueCmd() *cobra.Command {
	out, opt := output{}, thesis.BenchOptions{Log: a.stderr}
	c := thueCommand("thue", "Decision times of the thesis' strategies: the fast engine against the port of its listings", func(c *cobra.Command) error {
		if err := out.Check(); err != nil {
			return err
		}
		results, ts, err := thesis.Bench(c.Context(), opt)
		return cmp.Or(a.write(out, pick[any](results != nil, results, nil), report.Tables(ts...)...), err)
	})
	fl := c.Flags()
	fl.StringSliceVar(&opt.Names, "config", nil, "configurations to run: B0-P1, B1-P1, B2-P1, B0-P2 (default all)")
	fl.Uint64Var(&opt.Seed, "seed", 7, "seed of the ties and the starting symbol (0: ties first; 7 gives B1-P1 a full 213-move game like the thesis' longest)")
	fl.IntVar(&opt.MaxLength, "max-length", 0, "stop each game at this word length (default per configuration: 236, 213, 80, 150)")
	fl.DurationVar(&opt.PortBudget, "port-budget", 20*time.Second, "time the port of the listings may spend per configuration")
	out.AddFlags(fl)
	return c
}

func (a *app) plotDecisionTimesCmd() *cobra.Command {
	var lp report.LinePlot
	var out, who string
	c := thueCommand("decision-times RECORD...", "Seconds per decision against the word length (the Thue thesis' Figures 3.1-3.6)", func(c *cobra.Command) (err error) {
		var title string
		lp.Series, title, err = thesis.DecisionTimes(c.Flags().Args(), who, out, a.stderr, func(r *game.Record, seats []game.Player) ([]report.Series, error) {
			return report.DecisionTimes(a.games, []*game.Record{r}, seats, thesis.SeriesName)
		})
		if lp.Title, lp.XLabel, lp.YLabel = cmp.Or(lp.Title, title), "word length", "seconds"; err == nil {
			err = lp.Save(out)
		}
		if err == nil {
			_, err = fmt.Fprintf(a.stdout, "Wrote %s (%d series)\n", out, len(lp.Series))
		}
		return err
	})
	c.Args = cobra.MinimumNArgs(1)
	fl := c.Flags()
	fl.StringVarP(&out, "output", "o", "", "output file: .png, .svg or .pdf")
	fl.StringVar(&who, "player", "both", "builder (p1), painter (p2) or both")
	fl.StringVar(&lp.Title, "title", "", "plot title")
	fl.BoolVar(&lp.LogY, "log", false, "logarithmic seconds axis")
	return c
}
