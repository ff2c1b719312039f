package apgame

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
)

// The data behind the Szemerédi game's commands (`kombi table
// ap-progressions`, `kombi bench ap`, `kombi report ap-strength`): results
// as structs whose JSON form the commands print with --json, and their
// tables as text cells.

// Progressions is the set of a game and every k-term progression inside it.
type Progressions struct {
	Game         string  `json:"game"`
	Set          []int   `json:"set"`
	K            int     `json:"k"`
	Progressions [][]int `json:"progressions"`
	// Through[i] is how many progressions hold Set[i].
	Through []int `json:"through"`
}

// ProgressionsOf returns the set of g, its progressions and how many of
// them hold each number; false when g is not a Szemerédi game.
func ProgressionsOf(gg game.Game) (*Progressions, bool) {
	g, ok := gg.(*apgame.Game)
	if !ok {
		return nil, false
	}
	set := g.Set()
	p := &Progressions{Game: g.String(), Set: set, K: g.K(), Progressions: g.Progressions(), Through: make([]int, len(set))}
	for i, v := range set {
		p.Through[i] = g.ProgressionsThrough(v)
	}
	return p, true
}

// joinSpaced writes numbers separated by spaces, "-" for none.
func joinSpaced(xs []int) string {
	if len(xs) == 0 {
		return "-"
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, " ")
}

// ProgressionTable lists the progressions with their differences.
func (p *Progressions) ProgressionTable() game.Table {
	t := game.Table{Title: fmt.Sprintf("%s: set (%d numbers) %s; %d progressions of length %d", p.Game, len(p.Set), joinSpaced(p.Set), len(p.Progressions), p.K),
		Columns: []string{"progression", "difference"}}
	for _, pr := range p.Progressions {
		t.Rows = append(t.Rows, []string{joinSpaced(pr), strconv.Itoa(pr[1] - pr[0])})
	}
	return t
}

// NumberTable lists the numbers that lie in some progression, with how
// many progressions hold each.
func (p *Progressions) NumberTable() game.Table {
	t := game.Table{Title: "Progressions through each number", Columns: []string{"number", "progressions"}}
	for i, v := range p.Set {
		if p.Through[i] > 0 {
			t.Rows = append(t.Rows, []string{strconv.Itoa(v), strconv.Itoa(p.Through[i])})
		}
	}
	return t
}

// MaxBenchSets bounds the sets one bench draws.
const MaxBenchSets = 100_000

// BenchResult times, per set, the draw and the enumeration of the
// progressions (against a plain search), and per move the incremental
// update (against a recount of every progression).
type BenchResult struct {
	Game         string  `json:"game"`
	Sets         int     `json:"sets"`
	Progressions float64 `json:"mean_progressions"`
	// Seconds per set.
	Draw      float64 `json:"draw_seconds"`
	Enumerate float64 `json:"enumerate_seconds"`
	Plain     float64 `json:"plain_enumerate_seconds"`
	// Seconds per move: colouring a number with the incremental counts,
	// against recounting every progression.
	Move        float64 `json:"move_seconds"`
	Recount     float64 `json:"recount_seconds"`
	MoveSpeedup float64 `json:"move_speedup"`
	// Moves is the number of moves timed.
	Moves int `json:"-"`
}

// CheckBench reports what is wrong with Bench's arguments.
func CheckBench(x, k, sets int) error {
	if sets < 1 || sets > MaxBenchSets {
		return fmt.Errorf("sets=%d: allowed 1 to %d", sets, MaxBenchSets)
	}
	_, err := apgame.DrawSet(x, k, 0)
	return err
}

// Bench draws sets of x numbers from seeds 0, 1, ..., sets−1 and times,
// per set: the draw; finding every k-term progression with the per-number
// index, against the plain search over every start and difference; and, per
// move of a random game, colouring a number with the incremental counts
// against recounting every progression. It returns a result, over the sets
// done, with any error (ctx done: the error is ctx's).
func Bench(ctx context.Context, x, k, sets int) (*BenchResult, error) {
	var draw, enum, plain, move, recount time.Duration
	total, moves, done := 0, 0, 0
	err := CheckBench(x, k, sets)
	for i := 0; i < sets && err == nil; i++ {
		if err = ctx.Err(); err != nil {
			break
		}
		start := time.Now()
		set, derr := apgame.DrawSet(x, k, uint64(i))
		draw += time.Since(start)
		start = time.Now()
		g, gerr := apgame.NewWithSet(set, k)
		enum += time.Since(start)
		if err = errors.Join(derr, gerr); err != nil {
			break
		}
		start = time.Now()
		progs := plainProgressions(set, k)
		plain += time.Since(start)
		if len(progs) != g.NumProgressions() {
			err = fmt.Errorf("seed %d: %d progressions, the plain search finds %d", i, g.NumProgressions(), len(progs))
			break
		}
		total += len(progs)
		// A random game: time each move's update, then a recount.
		s := g.NewInitialState().(*apgame.State)
		rng := rand.New(rand.NewPCG(uint64(i), 0))
		for !s.IsTerminal() {
			legal := s.LegalMoves(nil)
			m := legal[rng.IntN(len(legal))]
			start = time.Now()
			s.ApplyUnchecked(m)
			move += time.Since(start)
			start = time.Now()
			recountLive(s, progs)
			recount += time.Since(start)
			moves++
		}
		done++
	}
	n, nm := float64(max(done, 1)), float64(max(moves, 1))
	r := &BenchResult{Game: fmt.Sprintf("ap(x=%d,k=%d)", x, k), Sets: done, Progressions: float64(total) / n,
		Draw: draw.Seconds() / n, Enumerate: enum.Seconds() / n, Plain: plain.Seconds() / n,
		Move: move.Seconds() / nm, Recount: recount.Seconds() / nm, Moves: moves}
	r.MoveSpeedup = r.Recount / max(r.Move, 1e-12)
	if err != nil {
		return r, fmt.Errorf("ap bench: %w", err)
	}
	return r, nil
}

// Table returns the timings as rows.
func (r *BenchResult) Table() game.Table {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 9, 64) }
	return game.Table{
		Title:   fmt.Sprintf("%s, %d sets (seeds from 0), %.0f progressions per set on average", r.Game, r.Sets, r.Progressions),
		Columns: []string{"step", "seconds", "per", "note"},
		Rows: [][]string{
			{"draw the set", f(r.Draw), "set", ""},
			{"progressions + index (first two numbers)", f(r.Enumerate), "set", ""},
			{"plain search (every start and difference)", f(r.Plain), "set", "progressions only"},
			{"colour a number, incremental counts", f(r.Move), "move", fmt.Sprintf("%d moves", r.Moves)},
			{"recount every progression", f(r.Recount), "move", fmt.Sprintf("%.0f times as long", r.MoveSpeedup)},
		},
	}
}

// plainProgressions lists the k-term progressions of the sorted set by
// trying every start and every difference.
func plainProgressions(set []int, k int) [][]int {
	maxV := set[len(set)-1]
	in := make([]bool, maxV+1)
	for _, v := range set {
		in[v] = true
	}
	var out [][]int
	for _, a := range set {
		for d := 1; a+(k-1)*d <= maxV; d++ {
			t := 1
			for t < k && in[a+t*d] {
				t++
			}
			if t == k {
				p := make([]int, k)
				for j := range p {
					p[j] = a + j*d
				}
				out = append(out, p)
			}
		}
	}
	return out
}

// recountLive counts from scratch the progressions each player can still
// complete and whether one is complete: what a move costs without
// incremental counts.
func recountLive(s *apgame.State, progs [][]int) (live [2]int, won bool) {
	for _, p := range progs {
		var n [2]int
		for _, v := range p {
			if c := s.Colour(v); c >= 0 {
				n[c]++
			}
		}
		for q := range 2 {
			if n[1-q] == 0 {
				live[q]++
				won = won || n[q] == len(p)
			}
		}
	}
	return live, won
}

// Bounds of a strength report.
const (
	MaxGridItems    = 1000
	MaxReportGames  = 1_000_000
	MaxReportWorker = 1024
)

// StrengthPlan is what a strength report plays: for each X:K of Grid,
// Games games of ap(x=X,k=K) between bots A and B, as an arena plays them
// (game i uses seed Seed+i, so a new set per game, and seats A first when
// i is even), Workers at once (0: one per CPU).
type StrengthPlan struct {
	A, B    string
	Grid    string // comma-separated X:K pairs, e.g. "40:3,100:4"
	Games   int
	Seed    uint64
	Workers int
}

// Specs checks the plan (the grid's X and K, and that both bot strings
// build bots from bots for those games) and returns the game strings
// ap(x=X,k=K) of its rows.
func (p *StrengthPlan) Specs(bots *bot.Registry) ([]string, error) {
	if p.Games < 1 || p.Games > MaxReportGames {
		return nil, fmt.Errorf("games=%d: allowed 1 to %d", p.Games, MaxReportGames)
	}
	if p.Workers < 0 || p.Workers > MaxReportWorker {
		return nil, fmt.Errorf("workers=%d: allowed 0 (one per CPU) to %d", p.Workers, MaxReportWorker)
	}
	items := strings.Split(p.Grid, ",")
	if len(items) > MaxGridItems {
		return nil, fmt.Errorf("grid has %d items; allowed at most %d", len(items), MaxGridItems)
	}
	specs := make([]string, len(items))
	for i, item := range items {
		xs, ks, ok := strings.Cut(strings.TrimSpace(item), ":")
		x, err1 := strconv.Atoi(xs)
		k, err2 := strconv.Atoi(ks)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("grid item %q: want X:K, e.g. 100:4", item)
		}
		g, err := apgame.New(x, k, p.Seed&math.MaxInt64)
		if err != nil {
			return nil, fmt.Errorf("grid item %q: %w", item, err)
		}
		for j, name := range []string{p.A, p.B} {
			if _, err := bots.New(name, g, bot.Env{Seed: p.Seed}); err != nil {
				return nil, fmt.Errorf("bot %c (%s): %w", 'A'+j, name, err)
			}
		}
		specs[i] = g.Type().Name + fmt.Sprintf("(x=%d,k=%d)", x, k)
	}
	return specs, nil
}

// Run plays the rows of specs (from Specs) in turn. series plays one row's
// games as an arena does, passing every finished record to record, in game
// order, and the count of games done to progress; Run reports the games
// done over all rows to report (when not nil). When series fails or is
// interrupted, Run returns the rows finished before, with its error.
func (p *StrengthPlan) Run(specs []string, report func(solve.Progress),
	series func(spec string, record func(i int, r *game.Record), progress func(done, total int)) error) (*StrengthReport, error) {
	rep := &StrengthReport{A: p.A, B: p.B, Seed: p.Seed, Games: p.Games, Rows: []StrengthRow{}}
	start := time.Now()
	for r, spec := range specs {
		tally := NewStrengthTally(spec, p.Games)
		progress := func(done, _ int) {
			if report != nil {
				report(solve.Progress{Done: int64(r*p.Games + done), Total: int64(len(specs) * p.Games), Elapsed: time.Since(start)})
			}
		}
		if err := series(spec, tally.Add, progress); err != nil {
			return rep, fmt.Errorf("%s: %w", spec, err)
		}
		rep.Rows = append(rep.Rows, tally.Row())
	}
	return rep, nil
}

// StrengthRow is one row of the strength report: bot A against bot B in
// one game string, with a new set per game.
type StrengthRow struct {
	Game   string  `json:"game"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Score  float64 `json:"score"`
	// MeanSeconds and MaxSeconds are A's mean and largest time per move.
	MeanSeconds float64 `json:"mean_seconds"`
	MaxSeconds  float64 `json:"max_seconds"`
}

// StrengthReport is A's results against B over a grid of games.
type StrengthReport struct {
	A    string        `json:"a"`
	B    string        `json:"b"`
	Seed uint64        `json:"seed"`
	Rows []StrengthRow `json:"rows"`
	// Games is the number of games per row.
	Games int `json:"-"`
}

// Table returns the rows, A's score as a percentage (a draw counts half).
func (r *StrengthReport) Table() game.Table {
	t := game.Table{Title: fmt.Sprintf("A = %s, B = %s, %d games per row, seeds %d.., seats alternating", r.A, r.B, r.Games, r.Seed),
		Columns: []string{"game", "A wins", "draws", "A losses", "A score", "A s/move (mean)", "A s/move (max)"}}
	for _, w := range r.Rows {
		t.Rows = append(t.Rows, []string{w.Game, strconv.Itoa(w.Wins), strconv.Itoa(w.Draws), strconv.Itoa(w.Losses),
			fmt.Sprintf("%.1f%%", 100*w.Score), fmt.Sprintf("%.3f", w.MeanSeconds), fmt.Sprintf("%.3f", w.MaxSeconds)})
	}
	return t
}

// StrengthTally counts one row of the strength report from the records of
// a series between A and B in which game i seats A first when i is even
// (as an arena does).
type StrengthTally struct {
	row      StrengthRow
	finished int
	moves    int
	seconds  float64
}

// NewStrengthTally returns an empty tally for a row of games games.
func NewStrengthTally(gameString string, games int) *StrengthTally {
	return &StrengthTally{row: StrengthRow{Game: gameString, Games: games}}
}

// Add counts the record of game i; aborted games count in no column.
func (t *StrengthTally) Add(i int, r *game.Record) {
	seatA := i % 2
	for _, m := range r.Moves {
		if int(m.Player) == seatA {
			t.moves++
			t.seconds += m.Seconds
			t.row.MaxSeconds = max(t.row.MaxSeconds, m.Seconds)
		}
	}
	switch {
	case r.Aborted:
		return
	case r.Winner == nil:
		t.row.Draws++
	case *r.Winner == seatA:
		t.row.Wins++
	default:
		t.row.Losses++
	}
	t.finished++
}

// Row returns the row: A's score is its wins plus half its draws over the
// games that finished.
func (t *StrengthTally) Row() StrengthRow {
	r := t.row
	if t.finished > 0 {
		r.Score = (float64(r.Wins) + float64(r.Draws)/2) / float64(t.finished)
	}
	if t.moves > 0 {
		r.MeanSeconds = t.seconds / float64(t.moves)
	}
	return r
}

// BenchOptions are the settings of `kombi bench ap`: sets of size X with
// K-term progressions, Sets of them (seeds 0, 1, ...).
type BenchOptions struct{ X, K, Sets int }

// Check reports settings Bench refuses (CheckBench).
func (o *BenchOptions) Check() error { return CheckBench(o.X, o.K, o.Sets) }

// Run measures (Bench); it reports no progress.
func (o *BenchOptions) Run(ctx context.Context, _ func(solve.Progress)) (*BenchResult, error) {
	return Bench(ctx, o.X, o.K, o.Sets)
}

// Tables is the measurement for people.
func (r *BenchResult) Tables() []game.Table { return []game.Table{r.Table()} }

// Settings sets the defaults and returns the settings of the benchmark.
func (o *BenchOptions) Settings() []study.Setting {
	*o = BenchOptions{X: 1000, K: 3, Sets: 20}
	return []study.Setting{
		{Name: "size of the sets", Doc: "size of the sets", Value: study.Int(&o.X)},
		{Name: "progression length", Doc: "progression length", Value: study.Int(&o.K)},
		{Name: "number of sets", Doc: "number of sets (seeds 0, 1, ...)", Value: study.Int(&o.Sets)},
	}
}
