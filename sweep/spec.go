package sweep

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kombi/kombi/files"
	"github.com/kombi/kombi/game"
)

// Limits of a sweep file.
const (
	// MaxSpecBytes bounds a sweep file's size.
	MaxSpecBytes = 1 << 20
	// MaxGames bounds the games of one sweep (cells × seeds).
	MaxGames = 10_000_000
)

// Spec is a sweep file: every game string played by every pair of bot
// strings for every seed.
type Spec struct {
	// Name names the sweep in the database.
	Name string `toml:"name" json:"name"`
	// Games are game strings.
	Games []string `toml:"games" json:"games"`
	// Pairs are [p1, p2] bot strings.
	Pairs [][]string `toml:"pairs" json:"pairs"`
	// Seeds are integers, or one string "A..B" (both ends included).
	Seeds any `toml:"seeds" json:"seeds"`
	// Alternate plays each pair also with the seats swapped: a second cell
	// [p2, p1] beside [p1, p2] (not for a bot against itself), each with
	// every seed, its results a row of their own. Cell.Alternate, which
	// Arena sets, is another thing: one cell whose seats swap from one
	// seed to the next.
	Alternate bool `toml:"alternate" json:"alternate,omitempty"`
	// MaxThink bounds each computer decision ("10s"; empty: no bound).
	MaxThink string `toml:"max_think" json:"max_think,omitempty"`
	// MaxLength stops a game that reaches this length (for the Thue game:
	// the painter survived); 0: no bound.
	MaxLength int `toml:"max_length" json:"max_length,omitempty"`
	// MaxMoves stops a game that reaches this many moves, so that no game
	// of a sweep runs forever: 0 is DefaultMaxMoves, -1 no bound.
	MaxMoves int `toml:"max_moves" json:"max_moves,omitempty"`
	// Labels name the games in the results table (optional): a game string
	// of Games → the name its rows show in place of the string.
	Labels map[string]string `toml:"labels" json:"labels,omitempty"`
}

// specKeys lists the keys a sweep file may hold, for error messages.
var specKeys = []string{"name", "games", "pairs", "seeds", "alternate", "max_think", "max_length", "max_moves", "labels"}

// DefaultMaxMoves bounds the moves of a sweep's game when its file sets no
// max_moves.
const DefaultMaxMoves = 10_000

// MovesBound is the move limit of the sweep's games (match.Options.MaxMoves).
func (s *Spec) MovesBound() int {
	switch {
	case s.MaxMoves == 0:
		return DefaultMaxMoves
	case s.MaxMoves < 0:
		return 0
	}
	return s.MaxMoves
}

// ReadSpec reads and checks a sweep file. A file that does not open, is
// too large or is not a sweep file (ParseSpec) is a *game.InputError; an
// error while reading it is not.
func ReadSpec(path string) (*Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, game.Inputf("sweep file: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSpecBytes+1))
	if err != nil {
		return nil, fmt.Errorf("sweep file %s: %w", path, err)
	}
	if len(data) > MaxSpecBytes {
		return nil, game.Inputf("sweep file %s: larger than %d bytes", path, MaxSpecBytes)
	}
	return ParseSpec(path, data)
}

// ParseSpec parses and checks a sweep file's text; name is its path, for
// error messages. Its errors are *game.InputErrors: TOML that does not
// parse, an unknown key (with its line), and Check's.
func ParseSpec(name string, data []byte) (*Spec, error) {
	var s Spec
	if err := files.DecodeTOML(name, data, &s, specKeys); err != nil {
		return nil, game.AsInput(err)
	}
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("sweep file %s: %w", name, err)
	}
	return &s, nil
}

// Check validates the spec: a name, at least one game and pair, seeds,
// durations and bounds. What is wrong is a *game.InputError. It checks
// the file's shape only: Validate checks its game and bot strings.
func (s *Spec) Check() error { return game.AsInput(s.check()) }

func (s *Spec) check() error {
	switch {
	case strings.TrimSpace(s.Name) == "":
		return errors.New(`"name" is required, e.g. name = "thesis-overall"`)
	case len(s.Name) > 200:
		return errors.New(`"name" is longer than 200 characters`)
	case len(s.Games) == 0:
		return errors.New(`"games" needs at least one game string, e.g. games = ["nim(piles=3;4;5)"]`)
	case len(s.Pairs) == 0:
		return errors.New(`"pairs" needs at least one [p1, p2] pair of bot strings, e.g. pairs = [["perfect", "random"]]`)
	case s.MaxLength < 0:
		return fmt.Errorf(`"max_length" is %d: want 0 (no bound) or a positive length`, s.MaxLength)
	case s.MaxMoves < -1:
		return fmt.Errorf(`"max_moves" is %d: want -1 (no bound), 0 (%d) or a positive number of moves`, s.MaxMoves, DefaultMaxMoves)
	}
	for i, p := range s.Pairs {
		if len(p) != 2 || strings.TrimSpace(p[0]) == "" || strings.TrimSpace(p[1]) == "" {
			return fmt.Errorf(`"pairs" entry %d is %q: want two bot strings [p1, p2]`, i+1, p)
		}
	}
	if _, err := s.MaxThinkDuration(); err != nil {
		return err
	}
	seeds, err := s.SeedList()
	if err != nil {
		return err
	}
	cells := len(s.Games) * len(s.Pairs)
	if s.Alternate {
		cells *= 2
	}
	if total := int64(cells) * int64(len(seeds)); total > MaxGames {
		return fmt.Errorf("the sweep has %d games (%d cells × %d seeds), more than the %d allowed", total, cells, len(seeds), MaxGames)
	}
	return nil
}

// MaxThinkDuration returns max_think as a duration (0 when absent).
func (s *Spec) MaxThinkDuration() (time.Duration, error) {
	if s.MaxThink == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(s.MaxThink)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf(`"max_think" is %q: want a positive duration such as "10s" or "500ms"`, s.MaxThink)
	}
	return d, nil
}

// SeedList returns the seeds: the list given, or A..B.
func (s *Spec) SeedList() ([]uint64, error) {
	const want = `"seeds" wants a list of whole numbers, e.g. [1, 2, 3], or a range "1..100"`
	switch v := s.Seeds.(type) {
	case nil:
		return nil, errors.New(want)
	case string:
		a, b, ok := strings.Cut(v, "..")
		lo, err1 := strconv.ParseUint(strings.TrimSpace(a), 10, 64)
		hi, err2 := strconv.ParseUint(strings.TrimSpace(b), 10, 64)
		if !ok || err1 != nil || err2 != nil || hi < lo {
			return nil, fmt.Errorf("%s; %q is not a range A..B with A ≤ B", want, v)
		}
		if hi-lo >= MaxGames {
			return nil, fmt.Errorf(`"seeds" range %q has more than %d seeds`, v, MaxGames)
		}
		out := make([]uint64, 0, hi-lo+1)
		for x := lo; ; x++ {
			out = append(out, x)
			if x == hi {
				break
			}
		}
		return out, nil
	case []any:
		if len(v) == 0 || len(v) > MaxGames {
			return nil, fmt.Errorf("%s; got %d seeds", want, len(v))
		}
		out := make([]uint64, 0, len(v))
		seen := map[uint64]bool{}
		for i, x := range v {
			n, ok := x.(int64)
			if f, isFloat := x.(float64); isFloat && f == math.Trunc(f) && f >= 0 && f < 1<<63 {
				n, ok = int64(f), true // a spec read back from JSON
			}
			if !ok || n < 0 {
				return nil, fmt.Errorf("%s; entry %d is %v", want, i+1, x)
			}
			if seen[uint64(n)] {
				return nil, fmt.Errorf(`"seeds" lists %d twice`, n)
			}
			seen[uint64(n)] = true
			out = append(out, uint64(n))
		}
		return out, nil
	default:
		return nil, fmt.Errorf("%s; got %v", want, v)
	}
}

// Cells expands the spec into its grid: for every game, every pair (and
// with alternate, every pair with its seats swapped), in file order.
func (s *Spec) Cells() ([]Cell, error) {
	seeds, err := s.SeedList()
	if err != nil {
		return nil, err
	}
	var cells []Cell
	for _, g := range s.Games {
		for _, p := range s.Pairs {
			orders := [][2]string{{p[0], p[1]}}
			if s.Alternate && p[0] != p[1] {
				orders = append(orders, [2]string{p[1], p[0]})
			}
			for _, o := range orders {
				cells = append(cells, Cell{ID: CellID(g, o), Game: g, Players: o, Seeds: slices.Clone(seeds),
					Labels: map[string]string{"game": g, "p1": o[0], "p2": o[1]}})
			}
		}
	}
	return cells, nil
}

// CellID names the cell of a game string and a pair of bot strings.
func CellID(gameStr string, players [2]string) string {
	return gameStr + " | " + players[0] + " | " + players[1]
}
