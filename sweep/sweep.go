// Package sweep plays grids of matches: every cell of a grid is a game
// string and two bot strings played for a number of seeds. Games are played
// in parallel on one worker pool, every finished game's record is handed
// over (tagged with its cell) as soon as it ends, and a sweep resumes by
// skipping the games whose records it is given back. An arena (Arena) is a
// one-cell sweep whose seats alternate.
package sweep

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/store"
)

// CellField is the record field that names a game's cell (the store's:
// an imported record that has it joins its sweep).
const CellField = store.CellField

// Cell is one point of a grid.
type Cell struct {
	// ID names the cell uniquely within the grid; records carry it.
	ID string
	// Labels describe the cell for tables (e.g. alphabet=4, builder=1).
	Labels map[string]string
	// Game is the game string; parameters drawn at random are drawn per seed.
	Game string
	// Players are the bot strings, P1's first (P1 moves first unless the
	// game says otherwise: 2D Nim's first=p2).
	Players [2]string
	// Seeds are the seeds of the cell's games, one game each (none: the
	// cell plays nothing and has no result, as when every game of a stored
	// sweep is played already).
	Seeds []uint64
	// Alternate swaps the seats in every second game (the seeds at odd
	// indexes of Seeds): Players[1] is P1 there, within this one cell (an
	// arena's). Spec.Alternate, a sweep file's alternate, is another
	// thing: a second cell with the seats swapped.
	Alternate bool
}

// MaxWorkers bounds Options.Workers.
const MaxWorkers = 1024

// CheckWorkers validates a worker count (Options.Workers, the --workers
// of kombi arena, sweep run and worker): 0 (one per CPU) or 1 to
// MaxWorkers. The error is a *game.InputError holding a *game.OptionError
// ("Workers (--workers) -1: want ...").
func CheckWorkers(n int) error {
	if n < 0 || n > MaxWorkers {
		return game.Optionf("Workers", "workers", n, "want 1 to %d, or 0 for one per CPU", MaxWorkers)
	}
	return nil
}

// Options configure Run.
type Options struct {
	// Workers plays that many games at once (0: one per CPU; at most
	// MaxWorkers).
	Workers int
	// MaxThink aborts a game when a computer decision takes longer.
	MaxThink time.Duration
	// MaxLength stops a game at this length (see match.Options.MaxLength).
	MaxLength int
	// MaxMoves stops a game at this many moves (see match.Options.MaxMoves).
	MaxMoves int
	// BotFailed, when not nil, is told of each computer decision that
	// failed and stopped a game, with the game's cell and seed (see
	// match.Options.BotFailed: a panic is a *match.PanicError with its value
	// and stack). It is called from the goroutine that plays the game.
	BotFailed func(cell string, seed uint64, p game.Player, err error)
	// Done lists records of an earlier run of the same grid: their games
	// (same cell and seed) are not played again but returned as they are.
	Done []*game.Record
	// Record receives every record as its game ends (from one goroutine at a time).
	Record func(r *game.Record)
	// NoResults makes Run keep no records: they go to Record only, and Run
	// returns no results (for long series whose records would fill the
	// memory).
	NoResults bool
	// Progress is called after each game with the count done.
	Progress func(done, total int)
}

// Result is one game of a cell.
type Result struct {
	Cell   *Cell
	Record *game.Record
}

type job struct {
	cell  *Cell
	seed  uint64
	index int // of seed in cell.Seeds
}

func doneKey(cell string, seed uint64) string { return fmt.Sprintf("%s\x00%d", cell, seed) }

// CellOf returns the cell ID a record was tagged with.
func CellOf(r *game.Record) string {
	s, _ := r.Extra[CellField].(string)
	return s
}

// Run plays every game of the grid and returns the results grouped by cell,
// in grid order and seed order. A game that fails to start (a bad game or
// bot string) is an error; games stopped by the think-time limit are
// records with Aborted set. When ctx ends, Run returns what finished and
// ctx's error. A cell without seeds, or whose seeds are all in Done, plays
// nothing and has no result (as RunStored's cells once every game is
// stored), and no cells at all are no results and no error: Run checks
// each cell's game and bots all the same, so that a mistake in them is
// found before anything is played.
func Run(ctx context.Context, games *game.Registry, bots *bot.Registry, cells []Cell, opt Options) ([]Result, error) {
	if err := checkRegistries(games, bots); err != nil {
		return nil, fmt.Errorf("sweep: %w", err)
	}
	if err := CheckWorkers(opt.Workers); err != nil {
		return nil, fmt.Errorf("sweep: %w", err)
	}
	for i := range cells {
		if err := checkCell(games, bots, &cells[i]); err != nil && cells[i].ID == "" && len(cells) > 1 {
			return nil, fmt.Errorf("cell %d of %d (no ID): %w", i+1, len(cells), err)
		} else if err != nil {
			return nil, err
		}
	}
	done := map[string]*game.Record{}
	for _, r := range opt.Done {
		done[doneKey(CellOf(r), r.Seed)] = r
	}
	var jobs []job
	have := map[string]*game.Record{}
	for i := range cells {
		for k, s := range cells[i].Seeds {
			if len(done) == 0 {
				jobs = append(jobs, job{&cells[i], s, k})
				continue
			}
			if r, ok := done[doneKey(cells[i].ID, s)]; ok {
				have[doneKey(cells[i].ID, s)] = r
				continue
			}
			jobs = append(jobs, job{&cells[i], s, k})
		}
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var (
		mu       sync.Mutex
		firstErr error
		count    = len(have)
		total    = len(have) + len(jobs)
		wg       sync.WaitGroup
		next     = make(chan job)
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for range min(workers, max(1, len(jobs))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				rec, err := playOne(ctx, games, bots, j, opt)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
						cancel()
					}
				} else if rec != nil {
					if !opt.NoResults {
						have[doneKey(j.cell.ID, j.seed)] = rec
					}
					count++
					if opt.Record != nil {
						opt.Record(rec)
					}
					if opt.Progress != nil {
						opt.Progress(count, total)
					}
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, j := range jobs {
		select {
		case next <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	var out []Result
	for i := range cells {
		if len(have) == 0 {
			break
		}
		for _, s := range cells[i].Seeds {
			if r, ok := have[doneKey(cells[i].ID, s)]; ok {
				out = append(out, Result{Cell: &cells[i], Record: r})
			}
		}
	}
	if firstErr != nil {
		return out, firstErr
	}
	if count < total {
		return out, ctx.Err()
	}
	return out, nil
}

func (j job) String() string {
	if j.cell.ID == "" {
		return fmt.Sprintf("game with seed %d", j.seed)
	}
	return fmt.Sprintf("sweep cell %s seed %d", j.cell.ID, j.seed)
}

func playOne(ctx context.Context, games *game.Registry, bots *bot.Registry, j job, opt Options) (*game.Record, error) {
	g, err := games.Load(j.cell.Game, j.seed)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", j, err)
	}
	names := j.cell.Players
	if j.cell.Alternate && j.index%2 == 1 {
		names = [2]string{names[1], names[0]}
	}
	seats, err := match.NewSeats(bots, g, names, j.seed, bot.Env{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", j, err)
	}
	mopt := match.Options{Seed: j.seed, MaxThink: opt.MaxThink, MaxLength: opt.MaxLength, MaxMoves: opt.MaxMoves}
	if f := opt.BotFailed; f != nil {
		mopt.BotFailed = func(p game.Player, err error) { f(j.cell.ID, j.seed, p, err) }
	}
	rec, err := match.Play(ctx, g, seats, mopt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", j, err)
	}
	if ctx.Err() != nil && rec.Aborted {
		return nil, nil // interrupted, not finished: play it again on resume
	}
	if j.cell.ID != "" {
		if rec.Extra == nil {
			rec.Extra = map[string]any{}
		}
		rec.Extra[CellField] = j.cell.ID
	}
	return rec, nil
}

// Summary describes the results of one cell: the lengths of the finished
// games and the number of aborted ones.
type Summary struct {
	Cell    *Cell
	Lengths []int
	Aborted int
	Reasons []string
}

// Summarise groups results by cell, in grid order.
func Summarise(results []Result) []Summary {
	var out []Summary
	idx := map[*Cell]int{}
	for _, r := range results {
		i, ok := idx[r.Cell]
		if !ok {
			i = len(out)
			idx[r.Cell] = i
			out = append(out, Summary{Cell: r.Cell})
		}
		if r.Record.Aborted {
			out[i].Aborted++
			out[i].Reasons = append(out[i].Reasons, r.Record.Reason)
			continue
		}
		out[i].Lengths = append(out[i].Lengths, r.Record.Length)
	}
	return out
}

// Range writes the lengths as "7" when all are equal, else "min–max (mean m)".
func (s Summary) Range() string {
	if len(s.Lengths) == 0 {
		return "-"
	}
	l := append([]int(nil), s.Lengths...)
	sort.Ints(l)
	if l[0] == l[len(l)-1] {
		return fmt.Sprint(l[0])
	}
	sum := 0
	for _, x := range l {
		sum += x
	}
	return fmt.Sprintf("%d-%d (mean %.1f)", l[0], l[len(l)-1], float64(sum)/float64(len(l)))
}

// Label returns a label of the cell, or "".
func (s Summary) Label(key string) string { return s.Cell.Labels[key] }

// Keys returns a cell's label keys, sorted.
func (c *Cell) Keys() []string {
	var ks []string
	for k := range c.Labels {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// String describes the cell.
func (c *Cell) String() string {
	var parts []string
	for _, k := range c.Keys() {
		parts = append(parts, k+"="+c.Labels[k])
	}
	return strings.Join(parts, " ")
}
