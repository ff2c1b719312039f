package sweep

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
)

// Series of games on this machine, each game stored as soon as it ends.

// StoredOptions configure RunStored.
type StoredOptions struct {
	// Workers plays that many games at once (0: one per CPU).
	Workers int
	// Progress, when not nil, receives a report after each game stored:
	// the sweep's games stored (Done) of its games (Total).
	Progress func(solve.Progress)
	// Log, when not nil, receives a line "cell done: ID" when the last
	// game of a cell is stored.
	Log io.Writer
}

// StoredResult counts a sweep's games after RunStored: what `kombi sweep
// run --json` prints.
type StoredResult struct {
	Name      string `json:"name"`
	Total     int    `json:"games_total"`
	Done      int    `json:"games_done"`
	PlayedNow int    `json:"games_played_now"`
	// Location is the database's (store.Location).
	Location string `json:"-"`
}

// String describes the result in one line.
func (r StoredResult) String() string {
	return fmt.Sprintf("sweep %s: %d of %d games stored (%d played now) in %s", r.Name, r.Done, r.Total, r.PlayedNow, r.Location)
}

// RunStored plays on this machine the games of a sweep that are not stored
// yet, storing each one as it ends: a run stopped at any point (even
// killed) loses only the games being played, and a run again plays the
// rest. It checks the sweep first (Spec.Validate; CheckUnchanged: a sweep
// stored from another file is refused) and stores it (store.PutSweep, as
// the job queue does).
// When ctx ends it returns the counts so far with ctx's error. The example
// (example_test.go) parses a sweep file's text, runs it into an SQLite file
// twice and reads its results back (LoadResults).
func RunStored(ctx context.Context, st *store.Store, games *game.Registry, bots *bot.Registry, spec *Spec, opt StoredOptions) (StoredResult, error) {
	switch {
	case spec == nil:
		return StoredResult{}, errors.New("sweep: no spec (a nil *sweep.Spec; ParseSpec or ReadSpec returns one)")
	case st == nil:
		return StoredResult{}, fmt.Errorf("sweep %s: no database (a nil *store.Store: store.Open returns one)", spec.Name)
	}
	res := StoredResult{Name: spec.Name, Location: st.Location()}
	if err := spec.Validate(games, bots); err != nil {
		return res, fmt.Errorf("sweep %s: %w", spec.Name, err)
	}
	if err := CheckUnchanged(ctx, st, spec); err != nil {
		return res, err
	}
	cells, err := spec.Cells()
	if err != nil {
		return res, fmt.Errorf("sweep %s: %w", spec.Name, err)
	}
	for _, cl := range cells {
		res.Total += len(cl.Seeds)
	}
	data, err := json.Marshal(spec)
	if err != nil {
		return res, fmt.Errorf("sweep %s: %w", spec.Name, err)
	}
	if err := st.PutSweep(ctx, store.Sweep{Name: spec.Name, Spec: string(data), GamesTotal: int64(res.Total)}); err != nil {
		return res, err
	}
	done, err := st.DoneKeys(ctx, spec.Name)
	if err != nil {
		return res, err
	}
	todo := make([]Cell, 0, len(cells))
	left := map[string]int{}
	res.Done = res.Total
	for _, cl := range cells {
		seeds := cl.Seeds[:0:0]
		for _, s := range cl.Seeds {
			if !done[store.DoneKey(cl.ID, s)] {
				seeds = append(seeds, s)
			}
		}
		if len(seeds) > 0 {
			cl.Seeds = seeds
			todo = append(todo, cl)
			left[cl.ID] = len(seeds)
			res.Done -= len(seeds)
		}
	}
	maxThink, _ := spec.MaxThinkDuration()
	var (
		mu      sync.Mutex
		saveErr error
	)
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	_, runErr := Run(rctx, games, bots, todo, Options{Workers: opt.Workers, MaxThink: maxThink, MaxLength: spec.MaxLength, MaxMoves: spec.MovesBound(), NoResults: true,
		Record: func(r *game.Record) {
			cell := CellOf(r)
			_, _, err := st.AddGame(context.WithoutCancel(ctx), store.NewGame{Record: r, Source: store.SourceSweep, Sweep: spec.Name, Cell: cell})
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if saveErr == nil {
					saveErr = err
					cancel()
				}
				return
			}
			res.Done++
			res.PlayedNow++
			if left[cell]--; left[cell] == 0 && opt.Log != nil {
				fmt.Fprintf(opt.Log, "cell done: %s\n", cell)
			}
			if opt.Progress != nil {
				opt.Progress(solve.Progress{Done: int64(res.Done), Total: int64(res.Total)})
			}
		}})
	mu.Lock()
	defer mu.Unlock()
	switch {
	case saveErr != nil:
		return res, fmt.Errorf("sweep %s: storing a game: %w (the games stored so far are kept)", spec.Name, saveErr)
	case runErr != nil && ctx.Err() == nil:
		return res, fmt.Errorf("sweep %s: %w", spec.Name, runErr)
	}
	return res, runErr
}

// Stored returns the stored sweep of that name; a sweep not stored is a
// *game.InputError (wrapping store.ErrNotFound) saying how to make one.
func Stored(ctx context.Context, st *store.Store, name string) (*store.Sweep, error) {
	sw, err := st.Sweep(ctx, name)
	if errors.Is(err, store.ErrNotFound) {
		return nil, &game.InputError{Err: fmt.Errorf("no sweep %q in %s ('kombi sweep run FILE' makes one): %w", name, st.Location(), err)}
	}
	return sw, err
}

// Status is where a sweep stands: its games, and the jobs it has on
// the queue by state.
type Status struct {
	Name       string `json:"name"`
	GamesTotal int64  `json:"games_total"`
	GamesDone  int64  `json:"games_done"`
	// Queue tells whether the sweep has jobs on the queue (false for a
	// sweep run on one machine, and with SQLite).
	Queue bool `json:"queue"`
	// Done jobs are completed; Queued ones wait to run (Retrying of them
	// after a failed attempt); Running ones are taken by a worker; Failed
	// ones were given up (a game that cannot be played, or too many failed
	// attempts).
	Done     int64 `json:"jobs_done"`
	Queued   int64 `json:"jobs_queued"`
	Running  int64 `json:"jobs_running"`
	Failed   int64 `json:"jobs_failed"`
	Retrying int64 `json:"jobs_retrying"`
	// LastError is the latest error of a job of the sweep, if any.
	LastError string `json:"last_error,omitempty"`
}

// LoadResults reads a sweep's stored games into its results, cell by cell in
// the order of its spec, and returns them with the records. A sweep not
// stored is a *game.InputError (see Stored).
func LoadResults(ctx context.Context, st *store.Store, name string) (*Results, []*game.Record, error) {
	sw, err := Stored(ctx, st, name)
	if err != nil {
		return nil, nil, err
	}
	var cells []Cell
	var labels map[string]string
	if spec, err := ParseStoredSpec(name, sw.Spec); err == nil {
		cells, _ = spec.Cells()
		labels = spec.Labels
	}
	res := NewResults(name, cells)
	res.Labels = labels
	var recs []*game.Record
	err = st.Each(ctx, store.Filter{Sweep: name}, func(g *store.StoredGame) error {
		r, err := g.Decode()
		if err != nil {
			return err
		}
		res.Add(g.Cell, r)
		recs = append(recs, r)
		return nil
	})
	return res.Finish(), recs, err
}

// ParseStoredSpec reads the spec of a stored sweep (store.Sweep.Spec): the
// JSON of a Spec, as `kombi sweep run` and the job queue store it, or
// the sweep file's TOML.
func ParseStoredSpec(name, text string) (*Spec, error) {
	trimmed := strings.TrimSpace(text)
	if !strings.HasPrefix(trimmed, "{") {
		return ParseSpec(name, []byte(text))
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(trimmed)))
	dec.UseNumber()
	var spec Spec
	if err := dec.Decode(&spec); err != nil {
		return nil, fmt.Errorf("sweep %s: stored spec: %w", name, err)
	}
	// JSON numbers in a list of seeds: the whole numbers Spec wants
	// (TOML gives int64).
	if list, ok := spec.Seeds.([]any); ok {
		for i, v := range list {
			if n, ok := v.(json.Number); ok {
				if x, err := n.Int64(); err == nil {
					list[i] = x
				}
			}
		}
	}
	if err := spec.Check(); err != nil {
		// %v: the database's spec, not the caller's input (no usage error)
		return nil, fmt.Errorf("sweep %s: stored spec: %v", name, err)
	}
	return &spec, nil
}
