package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"
	"github.com/spf13/cobra"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/sweep"
)

// thesisKeys are the options of the thesis' configuration file (chapter 2.1).
type thesisKeys struct {
	GameType            *string `toml:"gameType"`
	GameMode            *string `toml:"gameMode"`
	SetPower            *int64  `toml:"setPower"`
	BuilderNestingLevel *int64  `toml:"builderNestingLevel"`
	PainterNestingLevel *int64  `toml:"painterNestingLevel"`
	// MaxThinkTime is nanoseconds as in the thesis, or a duration string.
	MaxThinkTime    any   `toml:"maxThinkTime"`
	Randomization   *bool `toml:"randomization"`
	MakeOverallTest *bool `toml:"makeOverallTest"`
	// Our additions for the overall test.
	OverallTestGames     *int64 `toml:"overallTestGames"`
	OverallTestMaxLength *int64 `toml:"overallTestMaxLength"`
}

const thesisKeyNames = "gameType, gameMode, setPower, builderNestingLevel, painterNestingLevel, maxThinkTime, randomization, makeOverallTest, overallTestGames, overallTestMaxLength"

func (k thesisKeys) present() bool {
	return k.GameType != nil || k.GameMode != nil || k.SetPower != nil || k.BuilderNestingLevel != nil ||
		k.PainterNestingLevel != nil || k.MaxThinkTime != nil || k.Randomization != nil || k.MakeOverallTest != nil ||
		k.OverallTestGames != nil || k.OverallTestMaxLength != nil
}

// thesisConfig is a validated thesis configuration.
type thesisConfig struct {
	rule          string
	mode          string
	k             int
	builder       int
	painter       int
	maxThink      time.Duration
	random        bool
	overall       bool
	overallGames  int
	overallMaxLen int
	builderBot    string
	painterBot    string
	gameString    string
}

// keyLine finds the line of a key in a config file, for error messages.
func keyLine(data []byte, key string) int {
	for i, line := range strings.Split(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, key) {
			rest := strings.TrimSpace(t[len(key):])
			if strings.HasPrefix(rest, "=") {
				return i + 1
			}
		}
	}
	return 0
}

func parseThesis(path string, cfg playConfig) (*thesisConfig, error) {
	data, _ := os.ReadFile(path)
	bad := func(key, format string, args ...any) error {
		return usagef("config %s:%d: %s: %s", path, keyLine(data, key), key, fmt.Sprintf(format, args...))
	}
	// The TOML decoder matches keys regardless of case; the thesis' keys
	// are exact.
	var raw map[string]any
	if err := toml.Unmarshal(data, &raw); err == nil {
		allowed := map[string]bool{"game": true, "p1": true, "p2": true, "seed": true, "max_think": true, "out": true}
		for _, name := range strings.Split(thesisKeyNames, ", ") {
			allowed[name] = true
		}
		var keys []string
		for key := range raw {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		for _, key := range keys {
			if !allowed[key] {
				return nil, usagef("config %s:%d: unknown key %q; allowed keys: %s (and game, p1, p2, seed, max_think, out)", path, keyLine(data, key), key, thesisKeyNames)
			}
		}
	}
	k := cfg.thesisKeys
	tc := &thesisConfig{rule: "square", mode: "pcPc", k: 3, overallGames: 3, overallMaxLen: 300}
	if cfg.Game != "" {
		return nil, usagef("config %s:%d: give either game or the Thue thesis' keys (%s), not both", path, keyLine(data, "game"), "gameType, setPower, ...")
	}
	if k.GameType != nil {
		switch strings.ToLower(*k.GameType) {
		case "square":
			tc.rule = "square"
		case "overlap":
			tc.rule = "overlap"
		default:
			return nil, bad("gameType", "%q: want Square or Overlap", *k.GameType)
		}
	}
	if k.GameMode != nil {
		switch *k.GameMode {
		case "humanHuman", "humanBuilder", "pcBuilder", "pcPc":
			tc.mode = *k.GameMode
		default:
			return nil, bad("gameMode", "%q: want humanHuman, humanBuilder (you build, the computer paints), pcBuilder (the computer builds, you paint) or pcPc", *k.GameMode)
		}
	}
	if k.SetPower != nil {
		if *k.SetPower < 2 || *k.SetPower > thue.MaxAlphabet {
			return nil, bad("setPower", "%d: want an alphabet size from 2 to %d", *k.SetPower, thue.MaxAlphabet)
		}
		tc.k = int(*k.SetPower)
	}
	level := func(key string, v *int64, dst *int) error {
		if v == nil {
			return nil
		}
		if *v < 0 || *v > 6 {
			return bad(key, "%d: want a nesting level from 0 (greedy) to 6", *v)
		}
		*dst = int(*v)
		return nil
	}
	if err := level("builderNestingLevel", k.BuilderNestingLevel, &tc.builder); err != nil {
		return nil, err
	}
	if err := level("painterNestingLevel", k.PainterNestingLevel, &tc.painter); err != nil {
		return nil, err
	}
	switch v := k.MaxThinkTime.(type) {
	case nil:
	case int64:
		if v < 0 {
			return nil, bad("maxThinkTime", "%d: want nanoseconds ≥ 0 (0: no limit) or a duration such as \"10s\"", v)
		}
		tc.maxThink = time.Duration(v)
	case string:
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return nil, bad("maxThinkTime", "%q: want nanoseconds (a whole number) or a duration such as \"10s\"", v)
		}
		tc.maxThink = d
	default:
		return nil, bad("maxThinkTime", "%v: want nanoseconds (a whole number) or a duration such as \"10s\"", v)
	}
	if k.Randomization != nil {
		tc.random = *k.Randomization
	}
	if k.MakeOverallTest != nil {
		tc.overall = *k.MakeOverallTest
	}
	if k.OverallTestGames != nil {
		if *k.OverallTestGames < 1 || *k.OverallTestGames > 10000 {
			return nil, bad("overallTestGames", "%d: want 1 to 10000 games per cell", *k.OverallTestGames)
		}
		tc.overallGames = int(*k.OverallTestGames)
	}
	if k.OverallTestMaxLength != nil {
		if *k.OverallTestMaxLength < 2 || *k.OverallTestMaxLength > 100000 {
			return nil, bad("overallTestMaxLength", "%d: want a length from 2 to 100000", *k.OverallTestMaxLength)
		}
		tc.overallMaxLen = int(*k.OverallTestMaxLength)
	}
	tc.builderBot = nestingBot(tc.builder, tc.random)
	tc.painterBot = nestingBot(tc.painter, tc.random)
	switch tc.mode {
	case "humanHuman":
		tc.builderBot, tc.painterBot = "human", "human"
	case "humanBuilder":
		tc.builderBot = "human"
	case "pcBuilder":
		tc.painterBot = "human"
	}
	tc.gameString = fmt.Sprintf("thue(alphabet=%d,rule=%s)", tc.k, tc.rule)
	return tc, nil
}

func nestingBot(level int, random bool) string {
	if level == 0 {
		return "greedy"
	}
	ties := "first"
	if random {
		ties = "random"
	}
	return fmt.Sprintf("nesting(level=%d,ties=%s)", level, ties)
}

// playThesis runs `kombi play --config` with the thesis' keys: one game in
// the configured mode, or the overall test.
func (a *app) playThesis(c *cobra.Command, cfg playConfig, f playFlags, spec string) error {
	tc, err := parseThesis(f.config, cfg)
	if err != nil {
		return err
	}
	if spec != "" {
		return usagef("play: the config file %s sets the Thue game; give no game string", f.config)
	}
	fl := c.Flags()
	// Flags win over the file; the file's p1/p2/max_think over the thesis' keys.
	if cfg.P1 != "" {
		tc.builderBot = cfg.P1
	}
	if cfg.P2 != "" {
		tc.painterBot = cfg.P2
	}
	if cfg.MaxThink != "" && cfg.thesisKeys.MaxThinkTime == nil {
		d, err := time.ParseDuration(cfg.MaxThink)
		if err != nil || d < 0 {
			return usagef("config: max_think %q: want a duration such as 10s or 1m30s", cfg.MaxThink)
		}
		tc.maxThink = d
	}
	if !fl.Changed("p1") {
		f.p1 = tc.builderBot
	}
	if !fl.Changed("p2") {
		f.p2 = tc.painterBot
	}
	if !fl.Changed("max-think") {
		f.maxThink = tc.maxThink
	}
	if cfg.Out != "" && !fl.Changed("out") {
		f.out = cfg.Out
	}
	if cfg.Seed != nil && !fl.Changed("seed") {
		if *cfg.Seed < 0 {
			return usagef("config: seed %d: want a whole number ≥ 0", *cfg.Seed)
		}
		f.seed = uint64(*cfg.Seed)
	} else if !fl.Changed("seed") {
		f.seed = randomSeed()
	}
	if tc.overall {
		return a.overallTest(c, tc, f)
	}
	people := a.stdout
	if f.json {
		people = a.stderr
	}
	fmt.Fprintf(people, "Thue game (%s mode): alphabet 0..%d, rule %s; builder %s, painter %s\n", tc.mode, tc.k-1, tc.rule, f.p1, f.p2)
	return a.play(c, tc.gameString, f)
}

// overallTest plays the thesis' overall test: every rule, every alphabet
// size from 3 to setPower, every builder level up to builderNestingLevel and
// every painter level up to painterNestingLevel, and prints Table 3.1.
func (a *app) overallTest(c *cobra.Command, tc *thesisConfig, f playFlags) error {
	var cells []sweep.Cell
	for _, rule := range []string{"square", "overlap"} {
		for k := 3; k <= max(3, tc.k); k++ {
			for pl := 0; pl <= tc.painter; pl++ {
				for bl := 0; bl <= tc.builder; bl++ {
					g := fmt.Sprintf("thue(alphabet=%d,rule=%s,target=%d)", k, rule, tc.overallMaxLen)
					players := [2]string{nestingBot(bl, tc.random), nestingBot(pl, tc.random)}
					cell := sweep.Cell{
						ID:      fmt.Sprintf("%s|%s|%s", g, players[0], players[1]),
						Labels:  map[string]string{"gameType": rule, "setPower": strconv.Itoa(k), "builderNestingLevel": strconv.Itoa(bl), "painterNestingLevel": strconv.Itoa(pl)},
						Game:    g,
						Players: players,
					}
					for j := range tc.overallGames {
						cell.Seeds = append(cell.Seeds, f.seed+uint64(j))
					}
					cells = append(cells, cell)
				}
			}
		}
	}
	var done []*game.Record
	var recFile *os.File
	if !f.noOut {
		if err := os.MkdirAll(f.out, 0o755); err != nil {
			return fmt.Errorf("output directory: %w", err)
		}
		path := filepath.Join(f.out, "overall-test.jsonl")
		if old, err := os.Open(path); err == nil {
			done, err = report.ReadRecords(old)
			old.Close()
			if err != nil {
				return fmt.Errorf("resume from %s: %w", path, err)
			}
		}
		var err error
		recFile, err = os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return fmt.Errorf("records file: %w", err)
		}
		defer recFile.Close()
		fmt.Fprintf(a.stderr, "Records (with every decision's seconds) go to %s; a rerun resumes from it.\n", path)
	}
	total := 0
	for _, cl := range cells {
		total += len(cl.Seeds)
	}
	bar := newProgress(a.stderr, total, "games")
	var writeErr error
	results, err := sweep.Run(c.Context(), a.games, a.bots, cells, sweep.Options{
		MaxThink: f.maxThink, Done: done,
		Progress: func(d, _ int) { bar.set(d) },
		Record: func(r *game.Record) {
			if recFile == nil {
				return
			}
			line, err := json.Marshal(r)
			if err == nil {
				_, err = recFile.Write(append(line, '\n'))
			}
			if err != nil && writeErr == nil {
				writeErr = err
			}
		},
	})
	bar.finish()
	if writeErr != nil {
		return fmt.Errorf("records file: %w", writeErr)
	}
	t := overallTable(sweep.Summarise(results), tc)
	if f.json {
		if err := t.Write(a.stdout, "json"); err != nil {
			return err
		}
	} else if err := t.Write(a.stdout, "text"); err != nil {
		return err
	}
	if err != nil {
		return fmt.Errorf("overall test: %w", err)
	}
	return nil
}

func overallTable(sums []sweep.Summary, tc *thesisConfig) *report.Table {
	t := &report.Table{
		Title:   "Game length by configuration (the thesis' Table 3.1; length = final word length)",
		Columns: []string{"gameType", "setPower", "painterNestingLevel", "builderNestingLevel", "game length", "games", "aborted"},
	}
	for _, s := range sums {
		t.Rows = append(t.Rows, []string{s.Label("gameType"), s.Label("setPower"), s.Label("painterNestingLevel"), s.Label("builderNestingLevel"),
			s.Range(), strconv.Itoa(len(s.Lengths) + s.Aborted), strconv.Itoa(s.Aborted)})
	}
	ties := "first"
	if tc.random {
		ties = "random"
	}
	t.Notes = []string{fmt.Sprintf("Ties: %s. A game reaching length %d stops there (the painter survived); aborted = a decision over maxThinkTime %v.", ties, tc.overallMaxLen, tc.maxThink)}
	return t
}

// thueCmd groups the Thue game's commands for people: the two-round match
// and the solo mode.
func (a *app) thueCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "thue",
		Short: "The Thue game for people: a two-round match and the solo mode with a high score",
		Args:  exactArgs(0, "a subcommand: match or solo"),
	}
	c.AddCommand(a.thueMatchCmd(), a.thueSoloCmd())
	return c
}

type matchRound struct {
	Builder       string       `json:"builder"`
	Painter       string       `json:"painter"`
	Length        int          `json:"length"`
	PainterPoints int          `json:"painter_points"`
	Record        *game.Record `json:"record"`
}

type matchResult struct {
	Players []string     `json:"players"`
	Rounds  []matchRound `json:"rounds"`
	Points  []int        `json:"points"`
	// Winner is 0 or 1 (the index in Players), or null for a tie.
	Winner *int `json:"winner"`
}

func (a *app) thueMatchCmd() *cobra.Command {
	var (
		pa, pb, rule, nameA, nameB string
		k                          int
		seed                       uint64
		asJSON, noOut              bool
		maxThink                   time.Duration
		outDir                     string
	)
	c := &cobra.Command{
		Use:   "match",
		Short: "Two rounds, each player once builder and once painter; more painter points wins",
		Long: "A match of two rounds (the thesis' chapter 1.5): in round 1 player A builds and B paints, in\n" +
			"round 2 the other way round. The painter scores a point for every inserted symbol that made no\n" +
			"repetition; the player with more painter points wins. Players are bot strings: human (default) or\n" +
			"any Thue bot, e.g. 'nesting(level=1)'.",
		Example: "  kombi thue match --alphabet 4\n  kombi thue match --a human --b 'nesting(level=1)' --rule overlap",
		Args:    exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if !c.Flags().Changed("seed") {
				seed = randomSeed()
			}
			spec := fmt.Sprintf("thue(alphabet=%d,rule=%s)", k, rule)
			people := a.stdout
			if asJSON {
				people = a.stderr
			}
			if !noOut {
				file, err := newOutputFile(outDir, "thue-match", seed)
				if err != nil {
					return err
				}
				defer file.Close()
				defer fmt.Fprintf(a.stderr, "Transcript: %s\n", file.Name())
				people = io.MultiWriter(people, file)
			}
			names := [2]string{pa, pb}
			labels := [2]string{nameA, nameB}
			res := matchResult{Players: []string{labels[0], labels[1]}, Points: []int{0, 0}}
			for round := range 2 {
				b, p := round, 1-round // index of the builder, the painter
				g, err := a.loadGame(spec, seed+uint64(round))
				if err != nil {
					return err
				}
				var seats [2]match.Seat
				for seat, who := range [2]int{b, p} {
					bt, err := a.bots.New(names[who], g, bot.Env{Seed: match.BotSeed(seed+uint64(round), seat), Input: a.input, Output: people})
					if err != nil {
						return usageError{fmt.Errorf("player %s: %w", labels[who], err)}
					}
					seats[seat] = match.Seat{Name: fmt.Sprintf("%s (%s)", labels[who], names[who]), Bot: bt}
				}
				fmt.Fprintf(people, "\n== Round %d: %s builds, %s paints ==\n", round+1, labels[b], labels[p])
				rec, err := match.Play(c.Context(), g, seats, match.Options{Seed: seed + uint64(round), MaxThink: maxThink, Transcript: people})
				if err != nil {
					return fmt.Errorf("thue match: %w", err)
				}
				final, err := game.Replay(a.games, rec)
				if err != nil {
					return fmt.Errorf("thue match: %w", err)
				}
				pts := final.(*thue.State).PainterPoints()
				res.Points[p] += pts
				res.Rounds = append(res.Rounds, matchRound{Builder: labels[b], Painter: labels[p], Length: rec.Length, PainterPoints: pts, Record: rec})
				fmt.Fprintf(people, "Round %d: length %d, %s scores %d painter points.\n", round+1, rec.Length, labels[p], pts)
				if rec.Aborted {
					fmt.Fprintf(people, "The match stops: %s\n", rec.Reason)
					return fmt.Errorf("match stopped: %s", rec.Reason)
				}
			}
			switch {
			case res.Points[0] > res.Points[1]:
				w := 0
				res.Winner = &w
			case res.Points[1] > res.Points[0]:
				w := 1
				res.Winner = &w
			}
			fmt.Fprintf(people, "\nPainter points: %s %d, %s %d. ", labels[0], res.Points[0], labels[1], res.Points[1])
			if res.Winner == nil {
				fmt.Fprintln(people, "A tie.")
			} else {
				fmt.Fprintf(people, "%s wins the match.\n", labels[*res.Winner])
			}
			if asJSON {
				return writeJSON(a.stdout, res)
			}
			return nil
		},
	}
	fl := c.Flags()
	fl.StringVar(&pa, "a", "human", "bot string of player A (builder in round 1)")
	fl.StringVar(&pb, "b", "human", "bot string of player B (painter in round 1)")
	fl.StringVar(&nameA, "name-a", "A", "name of player A")
	fl.StringVar(&nameB, "name-b", "B", "name of player B")
	fl.IntVar(&k, "alphabet", 3, "number of symbols")
	fl.StringVar(&rule, "rule", "square", "square or overlap")
	fl.Uint64Var(&seed, "seed", 0, "seed (round r uses seed+r; default: random)")
	fl.BoolVar(&asJSON, "json", false, "print the match result with both records as JSON")
	fl.DurationVar(&maxThink, "max-think", 0, "abort when a computer decision takes longer (0: no limit)")
	fl.StringVar(&outDir, "out", "output", "directory for the transcript file")
	fl.BoolVar(&noOut, "no-out", false, "do not write a transcript file")
	return c
}

// dataDir is where Kombi keeps a user's data: $KOMBI_DATA_DIR, else
// $XDG_DATA_HOME/kombi, else ~/.local/share/kombi.
func dataDir() (string, error) {
	if d := os.Getenv("KOMBI_DATA_DIR"); d != "" {
		return d, nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "kombi"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("data directory: %w (set KOMBI_DATA_DIR or --data-dir)", err)
	}
	return filepath.Join(home, ".local", "share", "kombi"), nil
}

func (a *app) thueSoloCmd() *cobra.Command {
	var (
		k        int
		rule     string
		seed     uint64
		dir      string
		noRecord bool
		outDir   string
		noOut    bool
	)
	c := &cobra.Command{
		Use:   "solo",
		Short: "One person plays both roles; the longest word ever reached is the high score",
		Long: "The thesis' graphical version as a terminal game: you choose the position and then the symbol,\n" +
			"and try to make the word as long as possible before a square (or overlap) appears. The best\n" +
			"length per alphabet and rule is kept in thue-highscores.json in the data directory\n" +
			"($KOMBI_DATA_DIR, else $XDG_DATA_HOME/kombi, else ~/.local/share/kombi; or --data-dir).",
		Example: "  kombi thue solo\n  kombi thue solo --alphabet 4 --rule overlap",
		Args:    exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if !c.Flags().Changed("seed") {
				seed = randomSeed()
			}
			if dir == "" {
				var err error
				if dir, err = dataDir(); err != nil {
					return err
				}
			}
			key := fmt.Sprintf("thue(alphabet=%d,rule=%s)", k, rule)
			g, err := a.loadGame(key, seed)
			if err != nil {
				return err
			}
			var out io.Writer = a.stdout
			if !noOut {
				file, err := newOutputFile(outDir, "thue-solo", seed)
				if err != nil {
					return err
				}
				defer file.Close()
				defer fmt.Fprintf(a.stderr, "Transcript: %s\n", file.Name())
				out = io.MultiWriter(a.stdout, file)
			}
			h := bot.NewHuman(a.input, out, g.Type())
			scores, path, err := readHighScores(dir)
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "Solo Thue game: symbols 0..%d, avoid %ss. High score: %d\n", k-1, rule, scores[key])
			rec, err := match.Play(c.Context(), g, [2]match.Seat{{Name: "you", Bot: h}, {Name: "you", Bot: h}}, match.Options{Seed: seed, Transcript: out})
			if err != nil {
				return fmt.Errorf("thue solo: %w", err)
			}
			if rec.Aborted {
				return fmt.Errorf("game stopped: %s", rec.Reason)
			}
			if rec.Length > scores[key] {
				fmt.Fprintf(out, "New high score: %d (was %d).\n", rec.Length, scores[key])
				scores[key] = rec.Length
				if !noRecord {
					return writeHighScores(path, scores)
				}
			} else {
				fmt.Fprintf(out, "Length %d. High score: %d.\n", rec.Length, scores[key])
			}
			return nil
		},
	}
	fl := c.Flags()
	fl.IntVar(&k, "alphabet", 3, "number of symbols")
	fl.StringVar(&rule, "rule", "square", "square or overlap")
	fl.Uint64Var(&seed, "seed", 0, "seed of the starting symbol (default: random)")
	fl.StringVar(&dir, "data-dir", "", "directory of the high-score file (default: the user's data directory)")
	fl.BoolVar(&noRecord, "no-save", false, "do not save a new high score")
	fl.StringVar(&outDir, "out", "output", "directory for the transcript file")
	fl.BoolVar(&noOut, "no-out", false, "do not write a transcript file")
	return c
}

func readHighScores(dir string) (map[string]int, string, error) {
	path := filepath.Join(dir, "thue-highscores.json")
	scores := map[string]int{}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return scores, path, nil
	}
	if err != nil {
		return nil, path, fmt.Errorf("high scores: %w", err)
	}
	if err := json.Unmarshal(data, &scores); err != nil {
		return nil, path, fmt.Errorf("high scores %s: %w", path, err)
	}
	return scores, path, nil
}

func writeHighScores(path string, scores map[string]int) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("high scores: %w", err)
	}
	data, _ := json.MarshalIndent(scores, "", "  ")
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("high scores: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("high scores: %w", err)
	}
	return nil
}

// benchThueCmd is `kombi bench thue`.
func (a *app) benchThueCmd() *cobra.Command {
	var (
		names     []string
		seed      uint64
		maxLength int
		budget    time.Duration
		asJSON    bool
	)
	c := &cobra.Command{
		Use:   "thue",
		Short: "Decision times of the thesis' strategies: the fast engine against the port of its listings",
		Long: "Plays each of the thesis' configurations (alphabet 5: B0-P1 = greedy builder vs painter level 1,\n" +
			"B1-P1, B2-P1, B0-P2) with the fast engine, ties at random from --seed as in the thesis, and times\n" +
			"every decision against the word length. Then it decides positions of increasing length from\n" +
			"that game with both the engine and the straight port of the thesis' listings (the tests'\n" +
			"oracle), checks that they agree, and reports the speed-up, until --port-budget is spent.",
		Example: "  kombi bench thue\n  kombi bench thue --config B1-P1 --port-budget 60s --json",
		Args:    exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			var cfgs []thue.BenchConfig
			for _, cf := range thue.ThesisConfigs {
				if len(names) == 0 || contains(names, cf.Name) {
					cfgs = append(cfgs, cf)
				}
			}
			if len(cfgs) == 0 {
				var all []string
				for _, cf := range thue.ThesisConfigs {
					all = append(all, cf.Name)
				}
				return usagef("bench thue: unknown --config %v; known: %s", names, strings.Join(all, ", "))
			}
			var results []*thue.BenchResult
			for _, cf := range cfgs {
				limit := maxLength
				if limit == 0 {
					limit = map[string]int{"B0-P1": 236, "B1-P1": 213, "B2-P1": 80, "B0-P2": 150}[cf.Name]
				}
				fmt.Fprintf(a.stderr, "bench %s (up to length %d)...\n", cf.Name, limit)
				r, err := thue.Bench(c.Context(), cf, seed, limit, budget)
				if err != nil {
					return fmt.Errorf("bench thue: %w", err)
				}
				results = append(results, r)
				if !asJSON {
					printBench(a.stdout, r)
				}
			}
			if asJSON {
				return writeJSON(a.stdout, results)
			}
			return nil
		},
	}
	fl := c.Flags()
	fl.StringSliceVar(&names, "config", nil, "configurations to run: B0-P1, B1-P1, B2-P1, B0-P2 (default all)")
	fl.Uint64Var(&seed, "seed", 7, "seed of the ties and the starting symbol (0: ties first; 7 gives B1-P1 a full 213-move game like the thesis' longest)")
	fl.IntVar(&maxLength, "max-length", 0, "stop each game at this word length (default per configuration: 236, 213, 80, 150)")
	fl.DurationVar(&budget, "port-budget", 20*time.Second, "time the port of the listings may spend per configuration")
	fl.BoolVar(&asJSON, "json", false, "print the full measurements as JSON")
	return c
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func printBench(w io.Writer, r *thue.BenchResult) {
	cf := r.Config
	end := "ended with a square"
	if !r.Finished {
		end = "stopped at the length cap"
	}
	fmt.Fprintf(w, "\n%s: alphabet %d, builder level %d, painter level %d (thesis: %s)\n", cf.Name, cf.K, cf.BuilderLevel, cf.PainterLevel, cf.Thesis)
	fmt.Fprintf(w, "Engine: game of length %d (%s) in %.3f s: %d decisions, %.0f decisions/s\n", r.GameLength, end, r.Seconds, r.Decisions, r.PerSecond)
	// Time per move against word length, in buckets.
	const width = 25
	type agg struct {
		n          int
		sum, worst float64
	}
	buckets := map[[2]int]*agg{}
	var keys [][2]int
	for _, m := range r.Moves {
		role := 0
		if m.Role == "painter" {
			role = 1
		}
		b := [2]int{(m.Length - 1) / width, role}
		if buckets[b] == nil {
			buckets[b] = &agg{}
			keys = append(keys, b)
		}
		buckets[b].n++
		buckets[b].sum += m.Seconds
		buckets[b].worst = max(buckets[b].worst, m.Seconds)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	t := &report.Table{Columns: []string{"word length", "role", "decisions", "mean s/decision", "max s"}}
	for _, k := range keys {
		b := buckets[k]
		t.Rows = append(t.Rows, []string{fmt.Sprintf("%d-%d", k[0]*width+1, k[0]*width+width), []string{"builder", "painter"}[k[1]],
			strconv.Itoa(b.n), fmt.Sprintf("%.6f", b.sum/float64(b.n)), fmt.Sprintf("%.6f", b.worst)})
	}
	_ = t.Write(w, "text")
	if len(r.Samples) > 0 {
		fmt.Fprintf(w, "Port of the thesis' listings on the same positions (same decisions checked):\n")
		pt := &report.Table{Columns: []string{"length", "role", "engine s", "port s", "speed-up"}}
		for _, s := range r.Samples {
			pt.Rows = append(pt.Rows, []string{strconv.Itoa(s.Length), s.Role, fmt.Sprintf("%.6f", s.FastSeconds), fmt.Sprintf("%.4f", s.PortSeconds), fmt.Sprintf("%.0fx", s.Ratio)})
		}
		_ = pt.Write(w, "text")
		fmt.Fprintf(w, "Speed-up over the port on these positions (total port time / total engine time): %.0fx\n", r.Ratio)
	}
}

// plotDecisionTimesCmd is `kombi plot decision-times`.
func (a *app) plotDecisionTimesCmd() *cobra.Command {
	var (
		out, who, title string
		logY            bool
	)
	c := &cobra.Command{
		Use:   "decision-times RECORD...",
		Short: "Seconds per decision against the word length (the Thue thesis' Figures 3.1-3.6)",
		Long: "Reads game records (as written by 'kombi play', or one per line by 'kombi arena --records' and\n" +
			"the Thue overall test), replays them, and plots each decision's seconds against the word length\n" +
			"(the move number for games without a length). The file name's extension picks PNG, SVG or PDF.",
		Example: "  kombi plot decision-times output/*.json -o times.png --player builder --log",
		Args: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("decision-times: give at least one record file")
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			if out == "" {
				return usagef("decision-times: -o FILE is required (.png, .svg or .pdf)")
			}
			var players []game.Player
			switch who {
			case "both":
				players = []game.Player{0, 1}
			case "builder", "p1", "first":
				players = []game.Player{0}
			case "painter", "p2", "second":
				players = []game.Player{1}
			default:
				return usagef("--player %q: want builder (p1), painter (p2) or both", who)
			}
			var recs []*game.Record
			for _, path := range args {
				f, err := os.Open(path)
				if err != nil {
					return usagef("decision-times: %w", err)
				}
				rs, err := report.ReadRecords(bufio.NewReader(f))
				f.Close()
				if err != nil {
					return usagef("decision-times %s: %w", path, err)
				}
				recs = append(recs, rs...)
			}
			if len(recs) == 0 {
				return usagef("decision-times: no record in %s", strings.Join(args, ", "))
			}
			name := func(r *game.Record, p game.Player) string {
				role := p.String()
				if typ, ok := a.games.Lookup(gameName(r.Game)); ok {
					role = typ.Role(p)
				}
				return fmt.Sprintf("%s %s, seed %d", role, r.Players[p], r.Seed)
			}
			series, err := report.DecisionTimes(a.games, recs, players, name)
			if err != nil {
				return fmt.Errorf("decision-times: %w", err)
			}
			xl := "move"
			if typ, ok := a.games.Lookup(gameName(recs[0].Game)); ok && typ.Name == "thue" {
				xl = "word length"
			}
			if title == "" {
				title = "Seconds per decision: " + recs[0].Game
				if len(recs) > 1 {
					title = fmt.Sprintf("Seconds per decision (%d games)", len(recs))
				}
			}
			lp := &report.LinePlot{Title: title, XLabel: xl, YLabel: "seconds", LogY: logY, Series: series}
			if err := lp.Save(out); err != nil {
				return err
			}
			fmt.Fprintf(a.stdout, "Wrote %s (%d series)\n", out, len(series))
			return nil
		},
	}
	fl := c.Flags()
	fl.StringVarP(&out, "output", "o", "", "output file: .png, .svg or .pdf")
	fl.StringVar(&who, "player", "both", "builder (p1), painter (p2) or both")
	fl.StringVar(&title, "title", "", "plot title")
	fl.BoolVar(&logY, "log", false, "logarithmic seconds axis")
	return c
}

// reportTable31Cmd is `kombi report thue-table31`: the thesis' Table 3.1
// recomputed, every starting symbol, ties first.
func (a *app) reportTable31Cmd() *cobra.Command {
	var format string
	var maxLevel int
	c := &cobra.Command{
		Use:   "thue-table31",
		Short: "The Thue thesis' Table 3.1 (game length by alphabet and nesting levels), recomputed",
		Long: "Plays the thesis' strategies against each other for 3 and 4 symbols (squares), every nesting\n" +
			"level from 0 (greedy) to --max-level for each role, from every starting symbol with ties broken\n" +
			"first, and prints the game lengths beside the thesis' Table 3.1.",
		Args: exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if maxLevel < 0 || maxLevel > 3 {
				return usagef("--max-level %d: want 0 to 3", maxLevel)
			}
			thesis := func(k, b, p int) string {
				switch {
				case k == 3:
					return "5"
				case b == 0 && p == 0:
					return "7"
				case b >= 1 && p >= 1:
					return "7"
				case b >= 1 && p == 0:
					return "10 (as printed; the text says 10 for the greedy builder)"
				}
				return "-"
			}
			var cells []sweep.Cell
			for k := 3; k <= 4; k++ {
				for p := 0; p <= maxLevel; p++ {
					for b := 0; b <= maxLevel; b++ {
						cell := sweep.Cell{
							ID:      fmt.Sprintf("%d|%d|%d", k, b, p),
							Labels:  map[string]string{"k": strconv.Itoa(k), "b": strconv.Itoa(b), "p": strconv.Itoa(p), "thesis": thesis(k, b, p)},
							Players: [2]string{nestingBot(b, false), nestingBot(p, false)},
							Game:    fmt.Sprintf("thue(alphabet=%d,rule=square,target=100)", k),
						}
						for s := range k {
							cell.Seeds = append(cell.Seeds, uint64(s)) // start = seed mod k
						}
						cells = append(cells, cell)
					}
				}
			}
			res, err := sweep.Run(c.Context(), a.games, a.bots, cells, sweep.Options{})
			if err != nil {
				return fmt.Errorf("table 3.1: %w", err)
			}
			t := &report.Table{
				Title:   "Table 3.1: game length (final word length) by setPower and nesting levels; squares, every starting symbol, ties first",
				Columns: []string{"setPower", "painterNestingLevel", "builderNestingLevel", "game length (starts 0..k-1)", "thesis"},
			}
			for _, s := range sweep.Summarise(res) {
				var lens []string
				for _, l := range s.Lengths {
					lens = append(lens, strconv.Itoa(l))
				}
				t.Rows = append(t.Rows, []string{s.Label("k"), s.Label("p"), s.Label("b"), strings.Join(lens, " "), s.Label("thesis")})
			}
			return t.Write(a.stdout, format)
		},
	}
	c.Flags().StringVar(&format, "format", "text", "text, markdown, csv or json")
	c.Flags().IntVar(&maxLevel, "max-level", 2, "highest nesting level for each role")
	return c
}
