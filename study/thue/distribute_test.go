package thue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/games/thue"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/solve/distribute"
)

// resultJSON is a Result as `kombi solve --json` prints it, without the
// fields that differ between solvers (nodes, seconds, worker nodes).
func resultJSON(t *testing.T, r *solve.Result) string {
	t.Helper()
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for k := range m {
		switch k {
		case "nodes", "seconds", "worker_nodes", "distributed", "split_depth", "tree_nodes", "leaf_seconds", "local_decisions", "leaf_nodes", "local_nodes", "withdrawn_nodes", "local_proof_bytes":
			delete(m, k)
		}
		if strings.HasPrefix(k, "subproblems") {
			delete(m, k)
		}
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// solveBoth solves a position locally and distributed (the Local backend,
// workers goroutines, leaves bounded to leafNodes nodes each) and returns
// both results and the coordinator's stats.
func solveBoth(t *testing.T, gameString, position string, maxLength int, opt distribute.Options, workers int, leafNodes int64) (local, dist *solve.Result, st distribute.Stats) {
	t.Helper()
	ctx := context.Background()
	reg := &game.Registry{}
	if err := reg.Register(thue.NewType()); err != nil {
		t.Fatal(err)
	}
	gg, err := reg.Load(gameString, 1)
	if err != nil {
		t.Fatal(err)
	}
	g := Distributed{gg.(*thue.Game)}
	s, err := game.StartOf(g, position)
	if err != nil {
		t.Fatal(err)
	}
	sopt := solve.Options{MaxLength: maxLength, MemBytes: 1 << 24}
	local, err = solve.SolveWith(ctx, solver{}, g.Game, s, sopt)
	if err != nil {
		t.Fatalf("%s %s: local: %v", gameString, position, err)
	}
	be := distribute.NewLocal(g, workers, distribute.LeafOptions{MemBytes: 1 << 22, Threads: 1, Nodes: leafNodes})
	defer be.Close()
	c, err := distribute.NewCoordinator(g.Splitter(), be, opt)
	if err != nil {
		t.Fatal(err)
	}
	dist, err = distribute.Solve(ctx, g, s, sopt, c)
	if err != nil {
		t.Fatalf("%s %s: distributed: %v", gameString, position, err)
	}
	return local, dist, c.Stats()
}

// TestDistributedAgreesWithLocal: split at every depth, with leaves solved
// at once or split further for want of nodes, the distributed solve gives
// the local solve's result: value or bound, outcome, best moves.
func TestDistributedAgreesWithLocal(t *testing.T) {
	cases := []struct {
		game, position string
		maxLength      int
	}{
		{"thue(alphabet=3,start=0)", "", 0},
		{"thue(alphabet=4,start=0)", "", 0},
		{"thue(alphabet=4,start=2)", "01", 0},
		{"thue(alphabet=4,start=0)", "0102@1", 0},
		{"thue(alphabet=4,start=0)", "010@3", 0},
		{"thue(alphabet=2,rule=overlap,start=0)", "", 0},
		{"thue(alphabet=3,rule=overlap,start=0)", "", 0},
		{"thue(alphabet=3,rule=overlap,start=0)", "0110@2", 0},
		{"thue(alphabet=5,start=0)", "", 11},
		{"thue(alphabet=5,start=0,target=9)", "", 0},
		{"thue(alphabet=4,start=0,target=6)", "", 0},
		{"thue(alphabet=3,start=0)", "010", 0}, // every gap but one ends the game
	}
	for _, tc := range cases {
		for _, depth := range []int{0, 1, 2, 3, 4, 6} {
			for _, leafNodes := range []int64{0, 50} {
				name := fmt.Sprintf("%s/%s/L%d/depth%d/nodes%d", tc.game, tc.position, tc.maxLength, depth, leafNodes)
				t.Run(name, func(t *testing.T) {
					local, dist, st := solveBoth(t, tc.game, tc.position, tc.maxLength, distribute.Options{SplitDepth: depth, Leaves: 20, Poll: time.Millisecond, MaxPoll: 5 * time.Millisecond}, 3, leafNodes)
					if l, d := resultJSON(t, local), resultJSON(t, dist); l != d {
						t.Fatalf("local       %s\ndistributed %s\n%+v", l, d, st)
					}
					if depth > 0 && st.SplitDepth != depth {
						t.Errorf("split depth %d, want %d", st.SplitDepth, depth)
					}
					if leafNodes > 0 && st.Subproblems > 0 && st.LeafNodes == 0 {
						t.Errorf("subproblems answered without nodes: %+v", st)
					}
				})
			}
		}
	}
}

// TestDistributedRefines: with leaves allowed few nodes, leaves are split
// further, and the value is still exact.
func TestDistributedRefines(t *testing.T) {
	local, dist, st := solveBoth(t, "thue(alphabet=3,rule=overlap,start=0)", "", 0, distribute.Options{SplitDepth: 2, Poll: time.Millisecond, MaxPoll: 5 * time.Millisecond}, 2, 200)
	if local.Value != 12 || dist.Value != 12 {
		t.Fatalf("values %v and %v, want 12", local.Value, dist.Value)
	}
	if st.Refined == 0 || st.Asked == 0 {
		t.Fatalf("no leaf was split further: %+v", st)
	}
	t.Logf("%+v", st)
}

// TestDistributedReusesAnswers: a second coordinator on the same backend
// (a solve run again) asks nothing new.
func TestDistributedReusesAnswers(t *testing.T) {
	ctx := context.Background()
	tg, err := thue.New(4, thue.Square, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	g := Distributed{tg}
	be := distribute.NewLocal(g, 2, distribute.LeafOptions{MemBytes: 1 << 22, Threads: 1})
	defer be.Close()
	var stats []distribute.Stats
	for range 2 {
		c, err := distribute.NewCoordinator(g.Splitter(), be, distribute.Options{SplitDepth: 4})
		if err != nil {
			t.Fatal(err)
		}
		r, err := g.SolveDistributed(ctx, g.NewInitialState(), solve.Options{}, c)
		if err != nil || r.Value != 7 {
			t.Fatalf("value %v, %v; want 7", r.Value, err)
		}
		stats = append(stats, c.Stats())
	}
	if stats[0].Queued == 0 || stats[1].Queued != 0 || stats[1].Reused == 0 {
		t.Fatalf("first run %+v\nsecond run %+v", stats[0], stats[1])
	}
}

func TestSplitterPositions(t *testing.T) {
	sp := &splitter{k: 3, rule: thue.Square}
	if got := positionText([]byte{2, 1, 2}, -1, 3); got != "010" {
		t.Errorf("canonical of 212: %q", got)
	}
	if got := positionText([]byte{2, 1, 0}, 3, 3); got != "012@0" {
		t.Errorf("canonical of 210@3: %q, want its reversal 012@0", got)
	}
	for _, bad := range []string{"", "0110", "013", "01@5", "01@x", "@1"} {
		if _, err := sp.Expand(bad); err == nil {
			t.Errorf("Expand(%q): no error", bad)
		}
	}
	e, err := sp.Expand("010")
	if err != nil {
		t.Fatal(err)
	}
	// 010: every gap admits 2 only.
	if e.Bounds != (distribute.Bounds{Lo: 5, Hi: distribute.NoUpper}) || e.Max || len(e.Moves) != 4 || e.Moves[1].Position != "010@1" {
		t.Fatalf("Expand(010) = %+v", e)
	}
	e, err = sp.Expand("0102")
	if err != nil {
		t.Fatal(err)
	}
	// 0102: nothing fits at gap 3 (01012, 01002, 01022).
	if e.Bounds != distribute.Exact(5) {
		t.Fatalf("Expand(010) = %+v", e)
	}
	e, err = sp.Expand("01@1")
	if err != nil {
		t.Fatal(err)
	}
	if !e.Max || e.Bounds.Lo != 4 || len(e.Moves) != 1 || e.Moves[0].Label != "2" {
		t.Fatalf("Expand(01@1) = %+v", e)
	}
}

// TestDistributedRandomPositions: random positions of small games, split
// at random depths, with a window of one question or more, with and without
// a local solver tried first: the local solve's result every time.
func TestDistributedRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 3))
	games := []struct {
		g      string
		k      int
		rule   thue.Rule
		length int
	}{{"thue(alphabet=4,start=0)", 4, thue.Square, 7}, {"thue(alphabet=3,rule=overlap,start=0)", 3, thue.Overlap, 8}, {"thue(alphabet=2,rule=overlap,start=0)", 2, thue.Overlap, 4}}
	for n := 0; n < 48; n++ {
		gc := games[n%len(games)]
		var w []byte
		for len(w) < 1+rng.IntN(gc.length) {
			var fits []byte
			for c := 0; c < gc.k; c++ {
				if _, rep := thue.FindRepetition(append(append([]byte{}, w...), byte(c)), gc.rule); !rep {
					fits = append(fits, byte(c))
				}
			}
			if len(fits) == 0 {
				break
			}
			w = append(w, fits[rng.IntN(len(fits))])
		}
		pos := thue.WordString(w, gc.k)
		if rng.IntN(2) == 0 {
			pos += fmt.Sprintf("@%d", rng.IntN(len(w)+1))
		}
		opt := distribute.Options{SplitDepth: 1 + rng.IntN(6), Window: 1 + rng.IntN(2)*15, Poll: time.Millisecond, MaxPoll: 5 * time.Millisecond}
		leafNodes := []int64{0, 20}[rng.IntN(2)]
		name := fmt.Sprintf("%s/%s/depth%d/window%d/nodes%d", gc.g, pos, opt.SplitDepth, opt.Window, leafNodes)
		t.Run(name, func(t *testing.T) {
			g := mustGame(t, gc.g)
			if rng.IntN(2) == 0 {
				opt.Local = g.NewLeafSolver(distribute.LeafOptions{MemBytes: 1 << 20, Threads: 1, Nodes: 25})
			}
			local, dist, st := solveBoth(t, gc.g, pos, 0, opt, 2, leafNodes)
			if l, d := resultJSON(t, local), resultJSON(t, dist); l != d {
				t.Fatalf("local       %s\ndistributed %s\n%+v", l, d, st)
			}
		})
	}
}

func mustGame(t *testing.T, spec string) Distributed {
	t.Helper()
	reg := &game.Registry{}
	if err := reg.Register(thue.NewType()); err != nil {
		t.Fatal(err)
	}
	g, err := reg.Load(spec, 1)
	if err != nil {
		t.Fatal(err)
	}
	return Distributed{g.(*thue.Game)}
}

// stopAtAsk is a Backend that cancels a context when it is first asked.
type stopAtAsk struct {
	*distribute.Local
	cancel context.CancelFunc
}

func (s stopAtAsk) Ask(ctx context.Context, space string, qs []distribute.Question) (int, error) {
	s.cancel()
	return s.Local.Ask(ctx, space, qs)
}

// TestDistributedInterrupted: a distributed solve stopped while it waits
// returns what it proved (a lower bound, not complete) with the error.
func TestDistributedInterrupted(t *testing.T) {
	g := mustGame(t, "thue(alphabet=5,start=0)")
	be := distribute.NewLocal(g, 1, distribute.LeafOptions{MemBytes: 1 << 22, Threads: 1})
	defer be.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := distribute.NewCoordinator(g.Splitter(), stopAtAsk{be, cancel}, distribute.Options{SplitDepth: 4})
	if err != nil {
		t.Fatal(err)
	}
	r, err := distribute.Solve(ctx, g, g.NewInitialState(), solve.Options{MaxLength: 16}, c)
	if !solve.Stopped(err) || r == nil || r.Complete || r.Value != nil || r.LowerBound == nil || r.Extra["interrupted"] != true {
		t.Fatalf("stopped: %+v, %v", r, err)
	}
	if lb := r.LowerBound.(int); lb < 2 || lb > 16 {
		t.Fatalf("lower bound %d", lb)
	}
}

// TestCoordinatorOptions: bad options are usage errors.
func TestCoordinatorOptions(t *testing.T) {
	g := mustGame(t, "thue(alphabet=3,start=0)")
	for _, opt := range []distribute.Options{{SplitDepth: -1}, {SplitDepth: distribute.MaxSplitDepth + 1}, {Leaves: -2}, {MaxTreeNodes: -1}} {
		if _, err := distribute.NewCoordinator(g.Splitter(), nil, opt); !errors.Is(err, distribute.ErrUsage) {
			t.Errorf("%+v: %v", opt, err)
		}
	}
	// A tree bound too small for the split depth.
	c, err := distribute.NewCoordinator(g.Splitter(), nil, distribute.Options{SplitDepth: 6, MaxTreeNodes: 5})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.AtMost(context.Background(), "0", 5); !errors.Is(err, distribute.ErrTreeTooBig) {
		t.Fatalf("a tree of 5 nodes: %v", err)
	}
}
