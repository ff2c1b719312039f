// Package thesis holds the programs around the Thue game that Rękawek's
// thesis "Gra Thuego" (Gdańsk 2016) describes: its configuration file, the
// overall test (Table 3.1), the two-round match between people with its
// scoring, the solo mode with its high scores, the benchmark tables of its
// strategies, and the records its plots read. The CLI (`kombi play
// --config`, `kombi thue`, `kombi bench thue`, `kombi report thue-table31`,
// `kombi plot decision-times`) parses flags and calls these.
//
// Unlike a game package it plays games, so it imports match and sweep.
package thesis

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
)

// Errors in what a person gave (a config key, a bot string) are
// *game.InputErrors, the one usage error.

func usagef(format string, args ...any) error { return game.Inputf(format, args...) }

// usage marks err as bad input.
func usage(err error) error { return &game.InputError{Err: err} }

// Keys are the options of the thesis' configuration file (chapter 2.1), as
// a TOML file holds them; nil means absent.
type Keys struct {
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

// KeyNames lists the thesis' keys, for messages.
const KeyNames = "gameType, gameMode, setPower, builderNestingLevel, painterNestingLevel, maxThinkTime, randomization, makeOverallTest, overallTestGames, overallTestMaxLength"

// OtherKeys are the keys of `kombi play --config` files that may stand
// beside the thesis' keys.
var OtherKeys = []string{"game", "p1", "p2", "seed", "max_think", "out"}

// Present reports whether any of the thesis' keys is set.
func (k Keys) Present() bool {
	return k.GameType != nil || k.GameMode != nil || k.SetPower != nil || k.BuilderNestingLevel != nil ||
		k.PainterNestingLevel != nil || k.MaxThinkTime != nil || k.Randomization != nil || k.MakeOverallTest != nil ||
		k.OverallTestGames != nil || k.OverallTestMaxLength != nil
}

// Config is a validated thesis configuration.
type Config struct {
	Rule             string // square or overlap
	Mode             string // humanHuman, humanBuilder, pcBuilder or pcPc
	K                int
	BuilderLevel     int
	PainterLevel     int
	MaxThink         time.Duration
	Random           bool
	Overall          bool
	OverallGames     int
	OverallMaxLength int
	// BuilderBot and PainterBot are the bot strings the mode and levels give.
	BuilderBot, PainterBot string
	// Game is the game string.
	Game string
}

// MaxConfigBytes bounds the configuration files read.
const MaxConfigBytes = 1 << 20

// ReadFile reads a configuration file of at most MaxConfigBytes.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usagef("config: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxConfigBytes+1))
	if err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	if len(data) > MaxConfigBytes {
		return nil, usagef("config %s: larger than %d bytes", path, MaxConfigBytes)
	}
	return data, nil
}

// Load reads and validates the thesis' configuration in the file path,
// whose keys k were decoded already; hasGame reports a game key in the
// file and hasSpec a game string on the command line (both refused: the
// file sets the game).
func Load(path string, k Keys, hasGame, hasSpec bool) (*Config, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	c, err := Parse(path, data, k, hasGame)
	if err == nil && hasSpec {
		err = usagef("play: the config file %s sets the Thue game; give no game string", path)
	}
	return c, err
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

// Parse validates the thesis' keys k of the config file path, whose text
// is data; hasGame reports a game key beside them (refused). Errors name
// the file, the line and the key, and are *game.InputErrors.
func Parse(path string, data []byte, k Keys, hasGame bool) (*Config, error) {
	bad := func(key, format string, args ...any) error {
		return usagef("config %s:%d: %s: %s", path, keyLine(data, key), key, fmt.Sprintf(format, args...))
	}
	// The TOML decoder matches keys regardless of case; the thesis' keys
	// are exact.
	var raw map[string]any
	if err := toml.NewDecoder(bytes.NewReader(data)).Decode(&raw); err == nil {
		allowed := map[string]bool{}
		for _, name := range append(strings.Split(KeyNames, ", "), OtherKeys...) {
			allowed[name] = true
		}
		keys := make([]string, 0, len(raw))
		for key := range raw {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		for _, key := range keys {
			if !allowed[key] {
				return nil, usagef("config %s:%d: unknown key %q; allowed keys: %s (and %s)", path, keyLine(data, key), key, KeyNames, strings.Join(OtherKeys, ", "))
			}
		}
	}
	c := &Config{Rule: "square", Mode: "pcPc", K: 3, OverallGames: 3, OverallMaxLength: 300}
	if hasGame {
		return nil, usagef("config %s:%d: give either game or the Thue thesis' keys (%s), not both", path, keyLine(data, "game"), "gameType, setPower, ...")
	}
	if k.GameType != nil {
		switch strings.ToLower(*k.GameType) {
		case "square", "overlap":
			c.Rule = strings.ToLower(*k.GameType)
		default:
			return nil, bad("gameType", "%q: want Square or Overlap", *k.GameType)
		}
	}
	if k.GameMode != nil {
		switch *k.GameMode {
		case "humanHuman", "humanBuilder", "pcBuilder", "pcPc":
			c.Mode = *k.GameMode
		default:
			return nil, bad("gameMode", "%q: want humanHuman, humanBuilder (you build, the computer paints), pcBuilder (the computer builds, you paint) or pcPc", *k.GameMode)
		}
	}
	if k.SetPower != nil {
		if *k.SetPower < 2 || *k.SetPower > thue.MaxAlphabet {
			return nil, bad("setPower", "%d: want an alphabet size from 2 to %d", *k.SetPower, thue.MaxAlphabet)
		}
		c.K = int(*k.SetPower)
	}
	for _, l := range []struct {
		key string
		v   *int64
		dst *int
	}{{"builderNestingLevel", k.BuilderNestingLevel, &c.BuilderLevel}, {"painterNestingLevel", k.PainterNestingLevel, &c.PainterLevel}} {
		if l.v == nil {
			continue
		}
		if *l.v < 0 || *l.v > 6 {
			return nil, bad(l.key, "%d: want a nesting level from 0 (greedy) to 6", *l.v)
		}
		*l.dst = int(*l.v)
	}
	switch v := k.MaxThinkTime.(type) {
	case nil:
	case int64:
		if v < 0 {
			return nil, bad("maxThinkTime", "%d: want nanoseconds ≥ 0 (0: no limit) or a duration such as \"10s\"", v)
		}
		c.MaxThink = time.Duration(v)
	case string:
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return nil, bad("maxThinkTime", "%q: want nanoseconds (a whole number) or a duration such as \"10s\"", v)
		}
		c.MaxThink = d
	default:
		return nil, bad("maxThinkTime", "%v: want nanoseconds (a whole number) or a duration such as \"10s\"", v)
	}
	if k.Randomization != nil {
		c.Random = *k.Randomization
	}
	if k.MakeOverallTest != nil {
		c.Overall = *k.MakeOverallTest
	}
	if k.OverallTestGames != nil {
		if *k.OverallTestGames < 1 || *k.OverallTestGames > 10000 {
			return nil, bad("overallTestGames", "%d: want 1 to 10000 games per cell", *k.OverallTestGames)
		}
		c.OverallGames = int(*k.OverallTestGames)
	}
	if k.OverallTestMaxLength != nil {
		if *k.OverallTestMaxLength < 2 || *k.OverallTestMaxLength > 100000 {
			return nil, bad("overallTestMaxLength", "%d: want a length from 2 to 100000", *k.OverallTestMaxLength)
		}
		c.OverallMaxLength = int(*k.OverallTestMaxLength)
	}
	c.BuilderBot, c.PainterBot = NestingBot(c.BuilderLevel, c.Random), NestingBot(c.PainterLevel, c.Random)
	switch c.Mode {
	case "humanHuman":
		c.BuilderBot, c.PainterBot = "human", "human"
	case "humanBuilder":
		c.BuilderBot = "human"
	case "pcBuilder":
		c.PainterBot = "human"
	}
	c.Game = fmt.Sprintf("thue(alphabet=%d,rule=%s)", c.K, c.Rule)
	return c, nil
}

// NestingBot is the bot string of the thesis' strategy at a nesting level:
// greedy at level 0.
func NestingBot(level int, random bool) string {
	if level == 0 {
		return "greedy"
	}
	ties := "first"
	if random {
		ties = "random"
	}
	return fmt.Sprintf("nesting(level=%d,ties=%s)", level, ties)
}

// Describe is the line that introduces a game of the configuration.
func (c *Config) Describe(builder, painter string) string {
	return fmt.Sprintf("Thue game (%s mode): alphabet 0..%d, rule %s; builder %s, painter %s", c.Mode, c.K-1, c.Rule, builder, painter)
}
