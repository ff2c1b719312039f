package main

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"
	"github.com/spf13/cobra"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
)

// playConfig is the TOML file of `kombi play --config`. Flags given on the
// command line override it.
type playConfig struct {
	Game     string `toml:"game"`
	P1       string `toml:"p1"`
	P2       string `toml:"p2"`
	Seed     *int64 `toml:"seed"`
	MaxThink string `toml:"max_think"`
	Out      string `toml:"out"`
	// The Thue thesis' keys: a file with any of them is a Thue game
	// configuration (see thesisConfig in thue.go).
	thesisKeys
}

func readPlayConfig(path string) (playConfig, error) {
	var cfg playConfig
	data, err := os.ReadFile(path)
	if err != nil {
		return cfg, usagef("config: %w", err)
	}
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		var strict *toml.StrictMissingError
		if errors.As(err, &strict) {
			return cfg, usagef("config %s: %s\nallowed keys: game, p1, p2, seed, max_think, out, and for the Thue game %s", path, strings.TrimSpace(strict.String()), thesisKeyNames)
		}
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return cfg, usagef("config %s:%d:%d: %v", path, row, col, de)
		}
		return cfg, usagef("config %s: %w", path, err)
	}
	return cfg, nil
}

type playFlags struct {
	p1, p2   string
	seed     uint64
	maxThink time.Duration
	json     bool
	config   string
	out      string
	noOut    bool
	// seedFromConfig is set when the config file gave the seed.
	seedFromConfig bool
}

func (a *app) playCmd() *cobra.Command {
	var f playFlags
	c := &cobra.Command{
		Use:   "play [GAME]",
		Short: "Play one game between two players (people or bots)",
		Long: "Play one game. --p1 moves first. A person plays with 'human' and types moves in the\n" +
			"game's notation ('help' lists the legal moves). The transcript is printed and written to a\n" +
			"new file under --out (default output/), with the JSON record beside it.",
		Example: "  kombi play 'nim(piles=3;4;5)' --p1 human --p2 perfect\n" +
			"  kombi play 'nim(piles=3;4;5)' --p1 perfect --p2 random --seed 1 --json",
		Args: func(c *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usagef("play: expected one game string, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			spec := ""
			if len(args) == 1 {
				spec = args[0]
			}
			if f.config != "" {
				cfg, err := readPlayConfig(f.config)
				if err != nil {
					return err
				}
				if cfg.thesisKeys.present() {
					return a.playThesis(c, cfg, f, spec)
				}
				if err := f.merge(c, cfg, &spec); err != nil {
					return err
				}
			}
			if spec == "" {
				return usagef("play: which game? Give a game string (see 'kombi games') or a config file with game = \"...\"")
			}
			if !c.Flags().Changed("seed") && (f.config == "" || !f.seedFromConfig) {
				f.seed = randomSeed()
			}
			return a.play(c, spec, f)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.p1, "p1", "human", "bot string of the first player")
	fl.StringVar(&f.p2, "p2", "random", "bot string of the second player")
	fl.Uint64Var(&f.seed, "seed", 0, "seed of everything random in the game (default: a new random seed)")
	fl.DurationVar(&f.maxThink, "max-think", 0, "abort the game when a computer decision takes longer (e.g. 10s; 0: no limit)")
	fl.BoolVar(&f.json, "json", false, "print the JSON record instead of the transcript")
	fl.StringVar(&f.config, "config", "", "TOML file with game, p1, p2, seed, max_think, out")
	fl.StringVar(&f.out, "out", "output", "directory for the transcript and record files")
	fl.BoolVar(&f.noOut, "no-out", false, "do not write transcript and record files")
	return c
}

func (f *playFlags) merge(c *cobra.Command, cfg playConfig, spec *string) error {
	if *spec == "" {
		*spec = cfg.Game
	}
	set := func(name string, dst *string, v string) {
		if v != "" && !c.Flags().Changed(name) {
			*dst = v
		}
	}
	set("p1", &f.p1, cfg.P1)
	set("p2", &f.p2, cfg.P2)
	set("out", &f.out, cfg.Out)
	if cfg.Seed != nil && !c.Flags().Changed("seed") {
		if *cfg.Seed < 0 {
			return usagef("config: seed %d: want a whole number ≥ 0", *cfg.Seed)
		}
		f.seed = uint64(*cfg.Seed)
		f.seedFromConfig = true
	}
	if cfg.MaxThink != "" && !c.Flags().Changed("max-think") {
		d, err := time.ParseDuration(cfg.MaxThink)
		if err != nil || d < 0 {
			return usagef("config: max_think %q: want a duration such as 10s or 1m30s", cfg.MaxThink)
		}
		f.maxThink = d
	}
	return nil
}

// randomSeed returns a fresh seed for games whose seed was not given.
func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano())
	}
	return binary.LittleEndian.Uint64(b[:]) >> 11 // exact in JSON numbers
}

func (a *app) play(c *cobra.Command, spec string, f playFlags) error {
	g, err := a.loadGame(spec, f.seed)
	if err != nil {
		return err
	}
	// With --json the standard output holds only the record: people's
	// prompts and messages go to standard error.
	people := a.stdout
	if f.json {
		people = a.stderr
	}
	var seats [2]match.Seat
	for i, name := range []string{f.p1, f.p2} {
		b, err := a.bots.New(name, g, bot.Env{Seed: match.BotSeed(f.seed, i), Input: a.input, Output: people})
		if err != nil {
			return usageError{fmt.Errorf("--p%d: %w", i+1, err)}
		}
		seats[i] = match.Seat{Name: name, Bot: b}
	}
	var writers []io.Writer
	if !f.json {
		writers = append(writers, a.stdout)
	}
	var file *os.File
	if !f.noOut {
		file, err = newOutputFile(f.out, g.Type().Name, f.seed)
		if err != nil {
			return err
		}
		defer file.Close()
		writers = append(writers, file)
	}
	rec, err := match.Play(c.Context(), g, seats, match.Options{Seed: f.seed, MaxThink: f.maxThink, Transcript: io.MultiWriter(writers...)})
	if err != nil {
		return fmt.Errorf("play: %w", err)
	}
	if file != nil {
		recPath := strings.TrimSuffix(file.Name(), ".txt") + ".json"
		if err := writeRecordFile(recPath, rec); err != nil {
			return err
		}
		if !f.json {
			fmt.Fprintf(a.stdout, "Transcript: %s\nRecord: %s\n", file.Name(), recPath)
		}
	}
	if f.json {
		if err := writeJSON(a.stdout, rec); err != nil {
			return err
		}
	}
	if rec.Aborted {
		return fmt.Errorf("game aborted: %s", rec.Reason)
	}
	return nil
}

// newOutputFile creates a new transcript file under dir, named after the
// time, the game and the seed; it never overwrites an existing file.
func newOutputFile(dir, gameName string, seed uint64) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("output directory: %w", err)
	}
	base := fmt.Sprintf("%s-%s-seed%d", time.Now().Format("20060102-150405"), gameName, seed)
	for i := 1; ; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s-%d", base, i)
		}
		f, err := os.OpenFile(filepath.Join(dir, name+".txt"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, os.ErrExist) || i > 1000 {
			return nil, fmt.Errorf("output file: %w", err)
		}
	}
}

func writeRecordFile(path string, rec *game.Record) error {
	var buf bytes.Buffer
	if err := writeJSON(&buf, rec); err != nil {
		return err
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("record file: %w", err)
	}
	return nil
}
