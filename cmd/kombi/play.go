package main

import (
	"regexp"

	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"golang.org/x/term"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
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

// maxConfigBytes bounds a configuration file.
const maxConfigBytes = 1 << 20

func readPlayConfig(path string) (playConfig, error) {
	var cfg playConfig
	data, err := readFileLimit(path, maxConfigBytes)
	if err != nil {
		return cfg, usagef("config: %w", err)
	}
	keys := append([]string{"game", "p1", "p2", "seed", "max_think", "out"}, strings.Split(thesisKeyNames, ", ")...)
	if err := sweep.DecodeTOML("config "+path, data, &cfg, keys); err != nil {
		return cfg, usageError{err}
	}
	return cfg, nil
}

type playFlags struct {
	p1, p2    string
	seed      uint64
	maxThink  time.Duration
	maxLength int
	json      bool
	config    string
	out       string
	noOut     bool
	noDB      bool
	position  string
	resume    string
	// seedFromConfig is set when the config file gave the seed.
	seedFromConfig bool
}

func (a *app) playCmd() *cobra.Command {
	var f playFlags
	c := &cobra.Command{
		Use:   "play [GAME]",
		Short: "Play one game between two players (people or bots)",
		Long: "Play one game. --p1 moves first. A person plays with 'human' and types moves in the\n" +
			"game's notation ('help' lists the legal moves, 'hint' values every move, 'undo' takes back\n" +
			"your last move and the reply, 'quit' stops). The transcript is printed and written to a\n" +
			"new file under --out (default output/), with the JSON record beside it. --position starts\n" +
			"from a position; --resume continues a stopped game from its record.",
		Example: "  kombi play 'nim(piles=3;4;5)' --p1 human --p2 perfect\n" +
			"  kombi play 'nim(piles=3;4;5)' --p1 perfect --p2 random --seed 1 --json\n" +
			"  kombi play 'nim' --position 1;2;4 --p1 human --p2 perfect\n" +
			"  kombi play --resume output/20250101-120000-nim-seed1.json",
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
			if err := checkRunFlags(f.maxThink, f.maxLength); err != nil {
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
	fl.IntVar(&f.maxLength, "max-length", 0, "stop the game when its length (Thue: the word length; else the moves) reaches this (0: no limit)")
	fl.StringVar(&f.position, "position", "", "start from this position (the notation of 'kombi solve --position')")
	fl.StringVar(&f.resume, "resume", "", "continue the stopped game of this record file (same game, seed, players and moves)")
	fl.BoolVar(&f.json, "json", false, "print the JSON record instead of the transcript")
	fl.StringVar(&f.config, "config", "", "TOML file with game, p1, p2, seed, max_think, out")
	fl.StringVar(&f.out, "out", "output", "directory for the transcript and record files")
	fl.BoolVar(&f.noOut, "no-out", false, "do not write transcript and record files")
	fl.BoolVar(&f.noDB, "no-db", false, "do not store the game in the database (--db)")
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
	if _, err := game.StartOf(g, f.position); err != nil {
		return usageError{fmt.Errorf("--position: %w", err)}
	}
	return a.runGame(c, g, [2]string{f.p1, f.p2}, f, match.Options{Seed: f.seed, Position: f.position})
}

// resume continues the game of the record in f.resume: same game, seed,
// start, players (unless --p1/--p2 are given) and moves.
func (a *app) resume(c *cobra.Command, f playFlags) error {
	rec, err := a.readRecord(f.resume)
	if err != nil {
		return err
	}
	if !rec.Aborted {
		return usagef("play --resume %s: the game is over (%s); only a stopped game can be continued", f.resume, match.ResultLine(recordType(a, rec), rec))
	}
	if _, err := game.StateAt(a.games, rec, len(rec.Moves)); err != nil {
		return usageError{fmt.Errorf("play --resume %s: %w", f.resume, err)}
	}
	g, err := a.loadGame(rec.Game, rec.Seed)
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
	f.seed = rec.Seed
	return a.runGame(c, g, names, f, match.Options{Seed: rec.Seed, Position: rec.Position, Moves: rec.Moves})
}

// recordType returns the type of a record's game, built from its game
// string so that roles follow its parameters (2D Nim's p1=G); an empty type
// when the game does not load.
func recordType(a *app, rec *game.Record) *game.Type {
	if g, err := a.games.Load(rec.Game, rec.Seed); err == nil {
		return g.Type()
	}
	return &game.Type{}
}

// readRecord reads the one JSON record of a file ("-": standard input),
// at most maxInputBytes of it, and checks its shape.
func (a *app) readRecord(path string) (*game.Record, error) {
	in, done, err := a.openInput(path)
	if err != nil {
		return nil, usagef("record: %w", err)
	}
	defer done()
	var rec game.Record
	if err := json.NewDecoder(in).Decode(&rec); err != nil {
		return nil, usagef("record %s: not a valid record: %w", path, err)
	}
	if err := rec.Check(); err != nil {
		return nil, usagef("%s: %w", path, err)
	}
	return &rec, nil
}

// runGame plays one game between the bot strings names and writes its
// transcript and record. A person's quit or the length limit ends it with
// status 0; other stops are failures; Ctrl-C exits 130 after the record is
// written.
func (a *app) runGame(c *cobra.Command, g game.Game, names [2]string, f playFlags, opt match.Options) error {
	opt.MaxThink, opt.MaxLength = f.maxThink, f.maxLength
	stdout := a.out()
	// With --json the standard output holds only the record: people's
	// prompts and messages go to standard error.
	var people io.Writer = stdout
	if f.json {
		people = a.stderr
	}
	seats, err := a.seats(g, names, opt.Seed, bot.Env{Input: a.input, Output: people})
	if err != nil {
		return err
	}
	var writers []io.Writer
	if !f.json {
		writers = append(writers, stdout)
	}
	var (
		file      *os.File
		fileCheck *checkedWriter
	)
	if !f.noOut {
		file, err = newOutputFile(f.out, g.Type().Name, opt.Seed)
		if err != nil {
			return err
		}
		defer file.Close()
		fileCheck = &checkedWriter{w: file, name: "transcript file " + file.Name()}
		writers = append(writers, fileCheck)
	}
	opt.Color = !f.json && useColor(a.stdout)
	if opt.Color && fileCheck != nil {
		writers[len(writers)-1] = plainWriter{fileCheck} // colours on the terminal only
	}
	opt.Transcript = io.MultiWriter(writers...)
	rec, err := match.Play(c.Context(), g, seats, opt)
	if err != nil {
		return fmt.Errorf("play: %w", err)
	}
	if !f.noDB {
		if _, err := a.storeRecords(c, store.SourcePlay, rec); err != nil {
			return fmt.Errorf("play: the game is over but was not stored: %w", err)
		}
	}
	if file != nil {
		if err := fileCheck.Err(); err != nil {
			return err
		}
		if err := file.Close(); err != nil {
			return fmt.Errorf("transcript file %s: %w", file.Name(), err)
		}
		recPath := strings.TrimSuffix(file.Name(), ".txt") + ".json"
		if err := writeRecordFile(recPath, rec); err != nil {
			return err
		}
		if !f.json {
			fmt.Fprintf(stdout, "Transcript: %s\nRecord: %s\n", file.Name(), recPath)
		}
	}
	if f.json {
		if err := writeJSON(a.stdout, rec); err != nil {
			return err
		}
	}
	if err := stdout.Err(); err != nil {
		return err
	}
	if c.Context().Err() != nil {
		return interrupted(c.Context(), c.Context().Err())
	}
	if rec.Aborted && !match.Deliberate(rec) {
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

// writeRecordFile writes a record to a new file, completely or not at all
// (a temporary file renamed into place).
func writeRecordFile(path string, rec *game.Record) error {
	var buf bytes.Buffer
	if err := writeJSON(&buf, rec); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".record-*.json")
	if err != nil {
		return fmt.Errorf("record file %s: %w", path, err)
	}
	_, err = tmp.Write(buf.Bytes())
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("record file %s: %w", path, err)
	}
	return nil
}

// readFileLimit reads a whole file of at most limit bytes.
func readFileLimit(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: more than the limit of %d bytes", path, limit)
	}
	return data, nil
}

// useColor reports whether w is a terminal that may show colours: not when
// the NO_COLOR environment variable is set (https://no-color.org).
func useColor(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && os.Getenv("NO_COLOR") == "" && term.IsTerminal(int(f.Fd()))
}

// plainWriter drops terminal colour codes from what it writes.
type plainWriter struct{ w io.Writer }

var colourCode = regexp.MustCompile("\x1b\\[[0-9;]*m")

func (p plainWriter) Write(b []byte) (int, error) {
	if _, err := p.w.Write(colourCode.ReplaceAll(b, nil)); err != nil {
		return 0, err
	}
	return len(b), nil
}
