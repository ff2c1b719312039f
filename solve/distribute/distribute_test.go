package distribute_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/solve/distribute"
)

// toy is a small min/max tree: "r" (min) has moves to "A" (max, over the
// leaves "a1" worth 3 and "a2" worth 5) and "B" (worth 4 by the rules).
type toy struct{}

func (toy) Space() string { return "toy" }

func (toy) Expand(p string) (distribute.Expansion, error) {
	switch p {
	case "r":
		return distribute.Expansion{Bounds: distribute.Any, Moves: []distribute.Move{{Label: "0", Position: "A"}, {Label: "1", Position: "B"}}}, nil
	case "A":
		return distribute.Expansion{Max: true, Bounds: distribute.Any, Moves: []distribute.Move{{Label: "0", Position: "a1"}, {Label: "1", Position: "a2"}}}, nil
	case "B":
		return distribute.Expansion{Bounds: distribute.Exact(4)}, nil
	case "a1", "a2":
		return distribute.Expansion{Bounds: distribute.Bounds{Lo: 1, Hi: distribute.NoUpper}}, nil
	}
	return distribute.Expansion{}, fmt.Errorf("no position %q", p)
}

// answers answers every question at once with the leaf's exact value.
type answers struct {
	asked []distribute.Question
}

var leafValues = map[string]int64{"a1": 3, "a2": 5}

func (a *answers) Ask(_ context.Context, _ string, qs []distribute.Question) (int, error) {
	a.asked = append(a.asked, qs...)
	return len(qs), nil
}

func (a *answers) Answers(_ context.Context, _ string, ps []string) (map[string]distribute.Answer, error) {
	out := map[string]distribute.Answer{}
	for _, q := range a.asked {
		out[q.Position] = distribute.Answer{Bounds: distribute.Exact(leafValues[q.Position]), Nodes: 1}
	}
	return out, nil
}

func (a *answers) Withdraw(context.Context, string, []distribute.Question) error { return nil }

func TestCoordinatorCombines(t *testing.T) {
	ctx := context.Background()
	be := &answers{}
	c, err := distribute.NewCoordinator(toy{}, be, distribute.Options{SplitDepth: 2, Poll: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	// value = min(max(3, 5), 4) = 4
	for _, tc := range []struct {
		t    int64
		want bool
	}{{3, false}, {4, true}, {9, true}} {
		got, err := c.AtMost(ctx, "r", tc.t)
		if err != nil || got != tc.want {
			t.Errorf("value ≤ %d: %v, %v; want %v", tc.t, got, err, tc.want)
		}
	}
	after, err := c.After(ctx, "r", []distribute.Move{{Label: "1", Position: "B"}, {Label: "0", Position: "A"}}, 4)
	if err != nil || after[0] != distribute.Exact(4) || after[1] != distribute.Exact(5) {
		t.Fatalf("after the moves: %v, %v", after, err)
	}
	st := c.Stats()
	if st.SplitDepth != 2 || st.TreeNodes != 5 || st.Asked != 2 || st.LeafNodes != 2 {
		t.Fatalf("stats %+v", st)
	}
	if _, err := c.AtMost(ctx, "nowhere", 3); err == nil {
		t.Error("an unknown position: no error")
	}
}

func TestBounds(t *testing.T) {
	b := distribute.Bounds{Lo: 3, Hi: 7}
	for _, tc := range []struct {
		t          int64
		yes, known bool
	}{{2, false, true}, {3, false, false}, {6, false, false}, {7, true, true}} {
		if yes, known := b.AtMost(tc.t); yes != tc.yes || known != tc.known {
			t.Errorf("[3, 7] at most %d: %v %v", tc.t, yes, known)
		}
	}
	if m := b.Meet(distribute.Bounds{Lo: 5, Hi: distribute.NoUpper}); m != (distribute.Bounds{Lo: 5, Hi: 7}) || m.String() != "[5, 7]" {
		t.Errorf("meet: %v", m)
	}
	if s := distribute.Any.String(); s != "[-inf, inf]" || distribute.Exact(4).String() != "4" {
		t.Errorf("strings: %s", s)
	}
}

// costly is a Local whose questions about "r" cost 4^t positions: beyond
// its budget it stops, as a leaf solver out of nodes does.
type costly struct {
	budget int64
	calls  []int64
}

func (l *costly) SolveLeaf(_ context.Context, p string, t int64) (distribute.Bounds, int64, error) {
	l.calls = append(l.calls, t)
	nodes := int64(1) << (2 * t)
	if nodes > l.budget {
		return distribute.Any, l.budget, fmt.Errorf("out of positions: %w", solve.ErrBudget)
	}
	if t < 4 {
		return distribute.Bounds{Lo: t + 1, Hi: distribute.NoUpper}, nodes, nil // the value of r is 4
	}
	return distribute.Exact(4), nodes, nil
}

// TestLocalSkipsWhatItCannotFinish: once the cost of the local questions
// about a position has grown past the budget's reach, the coordinator
// sends the next ones to the workers without trying them here.
func TestLocalSkipsWhatItCannotFinish(t *testing.T) {
	ctx := context.Background()
	local := &costly{budget: 50}
	c, err := distribute.NewCoordinator(toy{}, &answers{}, distribute.Options{SplitDepth: 2, Poll: time.Millisecond, Local: local, LocalNodes: local.budget})
	if err != nil {
		t.Fatal(err)
	}
	for tt := int64(1); tt <= 6; tt++ {
		yes, err := c.AtMost(ctx, "r", tt)
		if err != nil || yes != (tt >= 4) {
			t.Fatalf("value of r at most %d: %v %v", tt, yes, err)
		}
	}
	if fmt.Sprint(local.calls) != "[1 2]" {
		t.Errorf("local tried %v; want 1 and 2 (3 would take 64 positions, beyond its 50)", local.calls)
	}
}

// lateWork answers a1 at once; a2's worker is still searching when its
// question is withdrawn, and stores the positions it searched (1000, no
// bounds proven) only once it has stopped, which Unsettled tells after
// being asked twice.
type lateWork struct {
	asked     map[string]bool
	withdrawn bool
	polls     int
}

func (l *lateWork) Ask(_ context.Context, _ string, qs []distribute.Question) (int, error) {
	for _, q := range qs {
		l.asked[q.Position] = true
	}
	return len(qs), nil
}

func (l *lateWork) Answers(_ context.Context, _ string, ps []string) (map[string]distribute.Answer, error) {
	out := map[string]distribute.Answer{}
	for _, p := range ps {
		switch {
		case p == "a1" && l.asked[p]:
			out[p] = distribute.Answer{Bounds: distribute.Exact(3), Nodes: 7}
		case p == "a2" && l.withdrawn && l.polls >= 2:
			out[p] = distribute.Answer{Bounds: distribute.Any, Nodes: 1000}
		}
	}
	return out, nil
}

func (l *lateWork) Withdraw(_ context.Context, _ string, qs []distribute.Question) error {
	for _, q := range qs {
		if q.Position == "a2" {
			l.withdrawn = true
		}
	}
	return nil
}

func (l *lateWork) Unsettled(context.Context, string) (int, error) {
	if !l.withdrawn || l.polls >= 2 {
		return 0, nil
	}
	l.polls++
	return 1, nil
}

// TestWithdrawnWorkCounts: the positions a worker searched for a question
// withdrawn while it ran count in the coordinator's positions: a decided
// question waits for such workers to stop.
func TestWithdrawnWorkCounts(t *testing.T) {
	ctx := context.Background()
	be := &lateWork{asked: map[string]bool{}}
	c, err := distribute.NewCoordinator(toy{}, be, distribute.Options{SplitDepth: 2, Poll: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	// value = min(max(a1, a2), 4) ≤ 2? a1 = 3 says no; a2 is asked beside it.
	if got, err := c.AtMost(ctx, "r", 2); err != nil || got {
		t.Fatalf("value ≤ 2: %v, %v; want false", got, err)
	}
	if !be.asked["a2"] || !be.withdrawn {
		t.Fatalf("a2 asked %v, withdrawn %v: the test needs both", be.asked["a2"], be.withdrawn)
	}
	// The question's answer waits for a2's worker to stop, and counts it.
	st := c.Stats()
	if st.LeafNodes != 1007 || st.WithdrawnNodes != 1000 || c.Nodes() != int64(st.TreeNodes)+1007 || be.polls != 2 {
		t.Fatalf("answered: %d positions, %+v, %d polls; want a2's 1000 counted once its worker stopped", c.Nodes(), st, be.polls)
	}
	c.Settle(ctx) // nothing new: counted once
	if st := c.Stats(); st.LeafNodes != 1007 {
		t.Fatalf("settled twice: %+v", st)
	}
}

// exporting is a costly Local that is an Exchanger: each search adds
// "proofs of t" to what the next export returns.
type exporting struct {
	costly
	fresh []byte // what the next ExportProofs returns
}

func (l *exporting) SolveLeaf(ctx context.Context, p string, t int64) (distribute.Bounds, int64, error) {
	b, n, err := l.costly.SolveLeaf(ctx, p, t)
	if len(l.fresh) > 0 {
		l.fresh = append(l.fresh, "; "...)
	}
	l.fresh = fmt.Appendf(l.fresh, "proofs of %d", t)
	return b, n, err
}

func (l *exporting) ExportProofs() []byte {
	d := l.fresh
	l.fresh = nil
	return d
}

func (l *exporting) ImportProofs([]byte, int64) error { return nil }

// sink is a Backend that keeps the proofs put (ProofSink); with failing,
// it refuses them.
type sink struct {
	answers
	put     []string
	failing bool
}

func (s *sink) PutProofs(_ context.Context, space string, data []byte) error {
	if s.failing {
		return fmt.Errorf("no room")
	}
	s.put = append(s.put, space+": "+string(data))
	return nil
}

// TestLocalProofsReachTheWorkers: what Local's searches proved is put in a
// Backend that is a ProofSink before the questions that follow them are
// asked, once, and counted (none while Local decides alone); a sink that
// refuses them changes no answer.
func TestLocalProofsReachTheWorkers(t *testing.T) {
	ctx := context.Background()
	for _, failing := range []bool{false, true} {
		local := &exporting{costly: costly{budget: 50}}
		be := &sink{failing: failing}
		c, err := distribute.NewCoordinator(toy{}, be, distribute.Options{SplitDepth: 2, Poll: time.Millisecond, Local: local, LocalNodes: local.budget})
		if err != nil {
			t.Fatal(err)
		}
		for tt := int64(1); tt <= 5; tt++ {
			if yes, err := c.AtMost(ctx, "r", tt); err != nil || yes != (tt >= 4) {
				t.Fatalf("value of r at most %d: %v %v", tt, yes, err)
			}
			// Local decides 1 and 2 (3 would cost it 64 positions).
			if tt == 2 && len(be.put) > 0 {
				t.Errorf("proofs put while Local decided every question: %v", be.put)
			}
		}
		want, bytes := "[toy: proofs of 1; proofs of 2]", int64(len("proofs of 1; proofs of 2"))
		if failing {
			want, bytes = "[]", 0
		}
		if got := fmt.Sprint(be.put); got != want || c.Stats().SharedBytes != bytes {
			t.Errorf("refusing: %v: proofs put %s, %d bytes counted; want %s, %d", failing, got, c.Stats().SharedBytes, want, bytes)
		}
	}
}
