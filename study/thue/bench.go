package thue

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/kombi/kombi/games/thue"

	"github.com/kombi/kombi/study/thue/port"
)

// BenchConfig is one of the thesis' measured configurations.
type BenchConfig struct {
	Name         string    `json:"name"`
	K            int       `json:"alphabet"`
	Rule         thue.Rule `json:"-"`
	BuilderLevel int       `json:"builder_level"`
	PainterLevel int       `json:"painter_level"`
	// Thesis is what the thesis measured for this configuration.
	Thesis string `json:"thesis"`
	// MaxLength is the word length a benchmark game stops at by default
	// (the thesis' longest game of the configuration, or what it measured).
	MaxLength int `json:"-"`
}

// ThesisConfigs are the configurations of the thesis' chapter 3 (setPower 5).
var ThesisConfigs = []BenchConfig{
	{Name: "B0-P1", K: 5, BuilderLevel: 0, PainterLevel: 1, MaxLength: 236, Thesis: "Table 3.2, Fig. 3.1/3.4: 44-236 moves; the 236-move game took 8 min 51 s"},
	{Name: "B1-P1", K: 5, BuilderLevel: 1, PainterLevel: 1, MaxLength: 213, Thesis: "Table 3.3, Fig. 3.2: 30-213 moves; the 213-move game took 13 h 04 min"},
	{Name: "B2-P1", K: 5, BuilderLevel: 2, PainterLevel: 1, MaxLength: 80, Thesis: "Fig. 3.3/3.5: builder level 2 ~170x slower than level 1 at length 100"},
	{Name: "B0-P2", K: 5, BuilderLevel: 0, PainterLevel: 2, MaxLength: 150, Thesis: "Fig. 3.6: painter level 2 never lost in games of up to 220 moves (~26 h); 17.7 s for one move at length 79"},
}

// BenchConfigs returns the configurations named (all when none is), or an
// error listing the known names.
func BenchConfigs(names []string) ([]BenchConfig, error) {
	var out []BenchConfig
	var all []string
	for _, cf := range ThesisConfigs {
		all = append(all, cf.Name)
		if len(names) == 0 || slices.Contains(names, cf.Name) {
			out = append(out, cf)
		}
	}
	for _, n := range names {
		if !slices.Contains(all, n) {
			return nil, fmt.Errorf("unknown configuration %q; known: %s", n, strings.Join(all, ", "))
		}
	}
	return out, nil
}

// BenchMove is one timed decision of the fast engine.
type BenchMove struct {
	Length  int     `json:"length"` // word length when deciding
	Role    string  `json:"role"`
	Seconds float64 `json:"seconds"`
}

// BenchSample compares the fast engine with the port of the thesis'
// listings on one position of the game.
type BenchSample struct {
	Length      int     `json:"length"`
	Role        string  `json:"role"`
	FastSeconds float64 `json:"fast_seconds"`
	PortSeconds float64 `json:"port_seconds"`
	Ratio       float64 `json:"ratio"`
	Same        bool    `json:"same_decision"`
}

// BenchResult is the outcome of Bench for one configuration.
type BenchResult struct {
	Config     BenchConfig   `json:"config"`
	Start      int           `json:"start"`
	Seed       uint64        `json:"seed"`
	GameLength int           `json:"game_length"`
	Finished   bool          `json:"finished"` // false: stopped at the length cap
	Seconds    float64       `json:"seconds"`
	Decisions  int           `json:"decisions"`
	PerSecond  float64       `json:"decisions_per_second"`
	Moves      []BenchMove   `json:"moves"`
	Samples    []BenchSample `json:"port_samples"`
	// Ratio is the port's time over the engine's on the sampled positions.
	Ratio float64 `json:"speedup"`
}

// Bench plays the configuration with the fast engine, ties broken at random
// from seed as in the thesis' runs (seed 0: ties first), from the word
// "seed mod k" up to maxLength symbols, timing every decision. Then it takes
// positions of that game of increasing length and decides them with both
// the engine and the port of the thesis' listings (ties first on both
// sides), checking that the decisions agree and timing them, until
// portBudget is spent.
func Bench(ctx context.Context, cfg BenchConfig, seed uint64, maxLength int, portBudget time.Duration) (*BenchResult, error) {
	eng := thue.NewEngine(cfg.K, cfg.Rule)
	start := int(seed % uint64(cfg.K))
	res := &BenchResult{Config: cfg, Start: start, Seed: seed}
	var rng *rand.Rand
	if seed != 0 {
		rng = rand.New(rand.NewPCG(seed, 0x62656e6368))
	}
	type pos struct {
		word []byte
		at   int // the builder's position for painter decisions, -1 for builder ones
	}
	var positions []pos
	w := []byte{byte(start)}
	begin := time.Now()
	builderR := func(w []byte, r *rand.Rand) int {
		if cfg.BuilderLevel == 0 {
			return eng.GreedyPosition(w)
		}
		return eng.NestingPosition(w, cfg.BuilderLevel, r)
	}
	painterR := func(w []byte, i int, r *rand.Rand) int {
		if cfg.PainterLevel == 0 {
			return eng.GreedySymbol(w, i)
		}
		return eng.NestingSymbol(w, i, cfg.PainterLevel, r)
	}
	builder := func(w []byte) int { return builderR(w, nil) }
	painter := func(w []byte, i int) int { return painterR(w, i, nil) }
	for len(w) < maxLength {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t0 := time.Now()
		i := builderR(w, rng)
		t1 := time.Now()
		c := painterR(w, i, rng)
		t2 := time.Now()
		res.Moves = append(res.Moves,
			BenchMove{Length: len(w), Role: "builder", Seconds: t1.Sub(t0).Seconds()},
			BenchMove{Length: len(w), Role: "painter", Seconds: t2.Sub(t1).Seconds()})
		positions = append(positions, pos{append([]byte(nil), w...), -1}, pos{append([]byte(nil), w...), i})
		w = append(w[:i], append([]byte{byte(c)}, w[i:]...)...)
		if hasRepetitionThrough(w, cfg.Rule, i) {
			res.Finished = true
			break
		}
	}
	res.Seconds = time.Since(begin).Seconds()
	res.GameLength = len(w)
	res.Decisions = len(res.Moves)
	res.PerSecond = float64(res.Decisions) / max(res.Seconds, 1e-9)

	// The port on positions of increasing length (every length at first,
	// sparser later), until the budget is spent.
	p := &port.Player{Overlap: cfg.Rule == thue.Overlap, Power: cfg.K, BuilderNestingLevel: cfg.BuilderLevel, PainterNestingLevel: cfg.PainterLevel}
	spent := time.Duration(0)
	var fastSum, portSum float64
	next := 0
	for idx, ps := range positions {
		if spent >= portBudget || ctx.Err() != nil {
			break
		}
		n := len(ps.word)
		if ps.at < 0 {
			if n < next {
				continue
			}
			next = n + max(1, n/4)
		} else if idx == 0 || len(res.Samples) == 0 || res.Samples[len(res.Samples)-1].Length != n {
			continue // painter positions only beside a sampled builder one
		}
		seq := make([]int, n)
		for j, c := range ps.word {
			seq[j] = int(c)
		}
		role := "builder"
		if ps.at >= 0 {
			role = "painter"
		}
		// The port's time: the fastest of up to three runs while a run takes
		// under 100 ms (the engine's below is the fastest of three batches).
		var portMove int
		pt := time.Duration(0)
		for run := 0; run < 3 && (run == 0 || pt < 100*time.Millisecond); run++ {
			t0 := time.Now()
			if ps.at < 0 {
				portMove = p.ChooseIndex(seq)
			} else {
				portMove = p.ChooseSymbol(seq, ps.at)
			}
			d := time.Since(t0)
			spent += d
			if run == 0 || d < pt {
				pt = d
			}
		}
		// Time the engine on the same position: the fastest of three
		// batches, each repeating the decision for at least a millisecond
		// (the machine is shared; the minimum is the least disturbed).
		fs := 0.0
		for batch := 0; batch < 3; batch++ {
			reps, ft := 0, time.Duration(0)
			for ft < time.Millisecond || reps < 2 {
				t := time.Now()
				if ps.at < 0 {
					builder(ps.word)
				} else {
					painter(ps.word, ps.at)
				}
				ft += time.Since(t)
				reps++
			}
			if per := ft.Seconds() / float64(reps); batch == 0 || per < fs {
				fs = per
			}
		}
		fastMove := 0
		if ps.at < 0 {
			fastMove = builder(ps.word)
		} else {
			fastMove = painter(ps.word, ps.at)
		}
		s := BenchSample{Length: n, Role: role, FastSeconds: fs, PortSeconds: pt.Seconds(), Ratio: pt.Seconds() / fs, Same: portMove == fastMove}
		if !s.Same {
			return res, fmt.Errorf("bench %s: at length %d the port chose %d as %s, the engine %d", cfg.Name, n, portMove, role, fastMove)
		}
		res.Samples = append(res.Samples, s)
		fastSum += fs
		portSum += s.PortSeconds
	}
	if fastSum > 0 {
		res.Ratio = portSum / fastSum
	}
	return res, nil
}

func hasRepetitionThrough(w []byte, rule thue.Rule, i int) bool {
	_, ok := thue.RepetitionThrough(w, rule, i)
	return ok
}
