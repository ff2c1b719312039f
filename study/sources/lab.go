package sources

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/study"
	"github.com/kombi/kombi/sweep"
)

// lab computes what the items need, keeping it in the database: games
// are played as sweeps (each game stored as it ends) and other results
// (timings, exact tables) are stored as study results; what is stored is
// read back instead of computed again.
type lab struct {
	st      *store.Store
	games   *game.Registry
	bots    *bot.Registry
	studies *study.Registry
	quick   bool
	workers int
	// progress hears the item being computed and its work, in words, and
	// how far the run is: a percentage of the work, each item weighted by
	// its effort (see begin).
	progress func(solve.Progress)
	mu       sync.Mutex // guards step, what, last and began
	step     int
	what     string
	last     string
	began    time.Time
	// efforts are the items' efforts in seconds, the drawing's last;
	// before[i] sums those before item i.
	efforts, before []float64
	start           time.Time
	gamesPlayed     int
	gamesRead       int
	resultsMade     int
	resultsRead     int
	machineCache    string
}

// plan sets the efforts of the run's steps, in seconds (each item's, then
// the drawing's): how much of the bar each takes.
func (l *lab) plan(efforts []float64) {
	l.efforts, l.before = efforts, make([]float64, len(efforts)+1)
	for i, e := range efforts {
		l.before[i+1] = l.before[i] + e
	}
}

// begin starts the step-th item, described as what.
func (l *lab) begin(step int, what string) {
	l.mu.Lock()
	l.step, l.what, l.last, l.began = step, what, "", time.Now()
	l.mu.Unlock()
	l.report("")
}

// done is how far the run is, in percent: the efforts of the steps done,
// and of the step now as much as its time so far says (at most 90 % of
// it: a step may take longer than its effort).
func (l *lab) done() int64 {
	if len(l.before) == 0 {
		return 0
	}
	total := l.before[len(l.before)-1]
	if total <= 0 || l.step >= len(l.efforts) {
		return 100
	}
	e := l.efforts[l.step]
	now := l.before[l.step] + min(0.9*e, time.Since(l.began).Seconds())
	return int64(100 * now / total)
}

// report tells progress what is being done (msg: the item's work now);
// it is safe for concurrent use (sweeps report from their workers).
func (l *lab) report(msg string) {
	if l.progress == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.last = msg
	l.send()
}

// send reports the item and its last message (l.mu held).
func (l *lab) send() {
	msg := l.what
	if l.last != "" {
		msg += ": " + l.last
	}
	l.progress(solve.Progress{Done: l.done(), Total: 100, Message: msg, Elapsed: time.Since(l.start)})
}

// heartbeat reports again every few seconds, so that a long game or
// timing shows the time going on, until the function it returns is called
// (once or more): then no more reports come.
func (l *lab) heartbeat() (stop func()) {
	if l.progress == nil {
		return func() {}
	}
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(2 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				l.mu.Lock()
				l.send()
				l.mu.Unlock()
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() { close(done) })
		<-stopped
	}
}

// percent is how far the run is, in percent (see done).
func (l *lab) percent() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.done()
}

// sweepName names a sweep of the document: quick runs keep their games
// apart from the full run's (shorter games, fewer of them).
func (l *lab) sweepName(name string) string {
	if l.quick {
		return "sources-quick-" + name
	}
	return "sources-" + name
}

// play plays the games of spec not stored yet and returns every game of
// its cells and seeds from the database, cell by cell in the spec's
// order, each cell's games by seed.
func (l *lab) play(ctx context.Context, spec *sweep.Spec) ([]*game.Record, error) {
	if err := spec.Check(); err != nil {
		return nil, fmt.Errorf("sweep %s: %w", spec.Name, err)
	}
	cells, err := spec.Cells()
	if err != nil {
		return nil, fmt.Errorf("sweep %s: %w", spec.Name, err)
	}
	total := 0
	for _, c := range cells {
		total += len(c.Seeds)
	}
	what := sweepWords(spec)
	l.report(fmt.Sprintf("%s: %s, each kept as it ends", what, game.Plural(total, "game")))
	res, err := sweep.RunStored(ctx, l.st, l.games, l.bots, spec, sweep.StoredOptions{Workers: l.workers,
		Progress: func(p solve.Progress) {
			l.report(fmt.Sprintf("%s: %d of %d played or read", what, p.Done, p.Total))
		}})
	l.gamesPlayed += res.PlayedNow
	l.gamesRead += res.Done - res.PlayedNow
	if err != nil {
		return nil, err
	}
	order := map[string]int{}
	want := map[string]bool{}
	for i, c := range cells {
		order[c.ID] = i
		for _, s := range c.Seeds {
			want[store.DoneKey(c.ID, s)] = true
		}
	}
	var recs []*game.Record
	err = l.st.Each(ctx, store.Filter{Sweep: spec.Name}, func(g *store.StoredGame) error {
		if !want[store.DoneKey(g.Cell, g.Seed)] {
			return nil
		}
		r, err := g.Decode()
		if err == nil {
			recs = append(recs, r)
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sweep %s: %w", spec.Name, err)
	}
	slices.SortStableFunc(recs, func(a, b *game.Record) int {
		if d := order[sweep.CellOf(a)] - order[sweep.CellOf(b)]; d != 0 {
			return d
		}
		return cmpUint(a.Seed, b.Seed)
	})
	return recs, nil
}

// sweepWords says in words which games a sweep plays: "games of the
// greedy builder against the level-1 recursive painter".
func sweepWords(spec *sweep.Spec) string {
	if len(spec.Pairs) != 1 {
		return fmt.Sprintf("games of %d pairs of strategies", len(spec.Pairs))
	}
	a, b := spec.Pairs[0][0], spec.Pairs[0][1]
	if len(spec.Games) > 0 && strings.HasPrefix(spec.Games[0], "thue(") {
		return fmt.Sprintf("games of the %s builder against the %s painter", words(a), words(b))
	}
	return fmt.Sprintf("games of %s against %s", a, b)
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// stored is a result with where it came from.
type stored struct {
	// Seconds it took to compute, Machine where, Created when.
	Seconds float64
	Machine string
	Created time.Time
	// Now is true when it was computed by this run.
	Now bool
}

// result reads the study result stored under key into out; when there is
// none it computes it, stores it and reads it back (so that a fresh result
// and a stored one read the same). Interrupted, it stores nothing.
func (l *lab) result(ctx context.Context, key string, out any, compute func(ctx context.Context) (any, error)) (stored, error) {
	key = "sources/" + key
	if l.quick {
		key += "&quick"
	}
	r, err := l.st.StudyResult(ctx, key)
	if err == nil {
		if err := json.Unmarshal(r.Data, out); err != nil {
			return stored{}, fmt.Errorf("stored result %s: %w", key, err)
		}
		l.resultsRead++
		return stored{Seconds: r.Seconds, Machine: r.Machine, Created: r.Created}, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return stored{}, err
	}
	t0 := time.Now()
	v, err := compute(ctx)
	if err != nil {
		return stored{}, err
	}
	data, err := json.Marshal(v)
	if err != nil {
		return stored{}, fmt.Errorf("result %s: %w", key, err)
	}
	secs := time.Since(t0).Seconds()
	if err := l.st.PutStudyResult(context.WithoutCancel(ctx), store.StudyResult{Key: key, Data: data, Seconds: secs, Machine: l.machine()}); err != nil {
		return stored{}, err
	}
	if err := json.Unmarshal(data, out); err != nil {
		return stored{}, fmt.Errorf("result %s: %w", key, err)
	}
	l.resultsMade++
	return stored{Seconds: secs, Machine: l.machine(), Created: time.Now(), Now: true}, nil
}

// machine describes this machine in a few words: cores, processor, Go.
func (l *lab) machine() string {
	if l.machineCache != "" {
		return l.machineCache
	}
	cpu := ""
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.Join(strings.Fields(v), " ")
				break
			}
		}
		f.Close()
	}
	l.machineCache = fmt.Sprintf("%d cores", runtime.NumCPU())
	if cpu != "" {
		l.machineCache += " " + cpu
	}
	l.machineCache += fmt.Sprintf(", %s/%s, %s", runtime.GOOS, runtime.GOARCH, runtime.Version())
	return l.machineCache
}

// runStudy runs another study's command (`kombi GROUP NAME` with the
// settings given by their names in words), what it computes said in words
// for the progress, and returns its tables, stored under a key of the
// command and its settings, and the command line that prints them.
func (l *lab) runStudy(ctx context.Context, what, group, name string, settings [][2]string) ([]game.Table, stored, string, error) {
	var cmd *study.Command
	for _, c := range l.studies.Commands(group) {
		if c.Name == name {
			cmd = &c
			break
		}
	}
	line := "kombi " + group + " " + name
	key := "study/" + group + "/" + name
	for _, s := range settings {
		key += "?" + s[0] + "=" + s[1]
	}
	if cmd == nil {
		return nil, stored{}, line, fmt.Errorf("no study command %q", line)
	}
	opts, run := cmd.New()
	byName := map[string]study.Value{}
	for _, s := range opts.Settings() {
		byName[s.Name] = s.Value
	}
	for _, s := range settings {
		v, ok := byName[s[0]]
		if !ok {
			return nil, stored{}, line, fmt.Errorf("%s has no setting %q", line, s[0])
		}
		if err := v.Set(s[1]); err != nil {
			return nil, stored{}, line, fmt.Errorf("%s: %s %s: %w", line, s[0], s[1], err)
		}
		line += " " + flagOf(s[0]) + " " + s[1]
	}
	if err := opts.Check(); err != nil {
		return nil, stored{}, line, fmt.Errorf("%s: %w", line, err)
	}
	var tables []game.Table
	st, err := l.result(ctx, key, &tables, func(ctx context.Context) (any, error) {
		r, err := run(ctx, func(p solve.Progress) {
			if p.Message == "" {
				l.report(what)
				return
			}
			l.report(fmt.Sprintf("%s (now: %s)", what, p.Message))
		})
		if err != nil {
			return nil, err
		}
		return r.Tables(), nil
	})
	return tables, st, line, err
}

// flagOf is the flag of a study's setting in the commands the document
// quotes (cmd/kombi maps the same names).
func flagOf(setting string) string {
	flags := map[string]string{"game length": "--s", "progression length": "--k", "numbers of colours": "--colors", "list sizes": "--list",
		"last game length": "--max-s", "time budget": "--time", "most empty cells": "--max-empty", "largest triangle searched": "--search-up-to"}
	if f, ok := flags[setting]; ok {
		return f
	}
	return "--" + strings.ReplaceAll(setting, " ", "-")
}
