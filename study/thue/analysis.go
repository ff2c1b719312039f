package thue

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/games/thue"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// solver is the Thue game's solver (solve.Solver), which can also be
// distributed (distribute.Distributor).
type solver struct{}

// Solve finds the value of a position (solve.Solver): the final word length
// under optimal play, for the builder or the painter to move, and the best
// moves. opt.MaxLength bounds the search (0: until solved or stopped); with
// a target the search goes up to the target, where the painter wins.
// opt.MemBytes bounds the table (it grows to it), opt.Nodes the positions
// searched. A search stopped by the context or the node budget returns the
// lower bound proven so far, not complete, with the error.
//
// The Result's value is the final length when proven, else lower_bound
// holds the length the game lasts at least. Its extras keep the fields of
// Kombi's earlier `solve --json`: "word", "best_position" (the builder's
// first optimal position) and "interrupted"; with several workers,
// "worker_nodes" holds the positions each searched.
func (solver) Solve(ctx context.Context, gg game.Game, st game.State, opt solve.Options) (*solve.Result, error) {
	g, gok := gg.(*thue.Game)
	s, ok := st.(*thue.State)
	if !ok || !gok {
		return nil, fmt.Errorf("thue solve: %T is not a Thue position", st)
	}
	r := &solve.Result{Outcome: solve.Unknown, Extra: map[string]any{"word": thue.WordString(s.Word(), s.Alphabet())}}
	if s.IsTerminal() {
		r.Value, r.Complete = len(s.Word()), true
		r.Outcome = solve.FromReturn(s.Returns()[0])
		r.Text = fmt.Sprintf("%s: the game is over at length %d.\n", g, len(s.Word()))
		return r, nil
	}
	sv := NewSolver(g.Alphabet(), g.Rule(), SolverOptions{MemBytes: opt.MemBytes, Nodes: opt.Nodes, Progress: opt.Progress, Workers: opt.Workers,
		Shared: opt.Checkpoint != ""}) // saved while it searches
	if opt.Checkpoint == "" {
		return solveWith(ctx, g, s, opt, sv)
	}
	loaded, err := sv.LoadTableFile(opt.Checkpoint)
	if err != nil {
		return nil, fmt.Errorf("thue solve: %w", err)
	}
	// A save that fails stops the search: it would run on unprotected.
	sctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	stop := solve.SaveEvery(0, func() error {
		if opt.Progress != nil {
			opt.Progress(solve.Progress{Nodes: sv.Nodes(), Message: "saving the table to " + opt.Checkpoint})
		}
		err := sv.SaveTableFile(opt.Checkpoint)
		if err != nil {
			cancel(err)
		}
		return err
	})
	r, err = solveWith(sctx, g, s, opt, sv)
	if serr := stop(); serr != nil {
		return nil, fmt.Errorf("thue solve: the table file: %w", serr)
	}
	if r != nil {
		r.Extra["table_loaded"] = loaded
	}
	return r, err
}

// KeepsTable reports that the Thue solver keeps its table in a file
// (solve.TableKeeper): opt.Checkpoint names it.
func (solver) KeepsTable(game.Game) bool { return true }

// searcher is what Solve needs of a solver: the local Solver, or one whose
// questions go to other machines (distributedSearcher).
type searcher interface {
	Value(ctx context.Context, w []byte, gap, maxLength int) (Length, error)
	BestPositions(ctx context.Context, w []byte, v int) ([]int, error)
	BestSymbols(ctx context.Context, w []byte, gap, t int) ([]int, error)
	Nodes() int64
	WorkerNodes() []int64
}

// solveWith is Solve with the searcher sv, from a position that is not
// over.
func solveWith(ctx context.Context, g *thue.Game, s *thue.State, opt solve.Options, sv searcher) (*solve.Result, error) {
	r := &solve.Result{Outcome: solve.Unknown, Extra: map[string]any{"word": thue.WordString(s.Word(), s.Alphabet())}}
	limit := opt.MaxLength
	if g.Target() > 0 && (limit == 0 || limit >= g.Target()) {
		limit = g.Target()
	}
	if limit > MaxSolveLength {
		return nil, fmt.Errorf("thue solve: a length bound of %d: the solver searches lengths up to %d", limit, MaxSolveLength)
	}
	res, err := sv.Value(ctx, s.Word(), s.Gap(), limit)
	if err != nil && !solve.Stopped(err) {
		return nil, fmt.Errorf("thue solve: %w", err)
	}
	r.Nodes = res.Nodes
	toMove := solve.Win // for the builder; the painter's is the opposite
	switch {
	case res.Exact:
		r.Value = res.Value
	case err == nil && g.Target() > 0 && limit == g.Target():
		// The builder cannot force a repetition by the target: the painter
		// reaches it.
		r.Value, toMove = g.Target(), solve.Loss
	default:
		r.LowerBound = res.LowerBound
	}
	if r.Value != nil && err == nil {
		r.Complete = true
		r.Outcome = toMove
		if s.Gap() >= 0 {
			r.Outcome = toMove.Neg()
		}
		best, berr := bestMoves(ctx, g, sv, s, r.Value.(int), res.Exact, limit)
		if berr != nil && !solve.Stopped(berr) {
			return nil, fmt.Errorf("thue solve: %w", berr)
		}
		if berr != nil { // the value is proven, the best moves only in part
			r.Complete, err = false, berr
		}
		r.Best = best
		if s.Gap() < 0 && res.Exact && len(best) > 0 {
			r.Extra["best_position"] = int(best[0])
		}
		r.Nodes = sv.Nodes()
	}
	if err != nil {
		r.Extra["interrupted"] = true
	}
	if wn := sv.WorkerNodes(); len(wn) > 1 {
		r.Extra["worker_nodes"] = wn
	}
	switch local, ok := sv.(*Solver); {
	case ok && res.Exact && r.Value != nil && err == nil:
		// Within what is left of the solve's time: a line costs a few
		// questions to the table the value filled.
		if line, lerr := bestLine(ctx, local, g.Rule(), s, r.Value.(int)); lerr == nil {
			r.Teach = teachLine(g, s, line)
		}
	case r.Value != nil && !res.Exact:
		r.Teach = game.Wrap(searchWords+fmt.Sprintf("The builder cannot force %s within the target of %d symbols: the painter reaches it and wins.\n",
			g.Rule().Article(), r.Value), 100)
	case r.Value == nil && res.LowerBound > len(s.Word()):
		r.Teach = game.Wrap(searchWords+fmt.Sprintf("Not decided yet. Proven so far: the builder cannot force %s before length %d, "+
			"so the game lasts at least %d symbols whatever the builder does.\n", g.Rule().Article(), res.LowerBound, res.LowerBound), 100)
	}
	r.Text = explain(g, s, r, res, err != nil)
	return r, err
}

// lineStep is one symbol of a line of play: the word after it, and where
// it went; cornered: every symbol there made a repetition.
type lineStep struct {
	word     []byte
	at       int
	cornered bool
}

// bestLine plays one line of best play from s, whose value v is exact: the
// builder takes the first gap that keeps v (the solver's order), the
// painter the smallest symbol that keeps it, until the word holds a
// repetition, at length v.
func bestLine(ctx context.Context, sv searcher, rule thue.Rule, s *thue.State, v int) ([]lineStep, error) {
	w, gap := s.Word(), s.Gap()
	var line []lineStep
	for len(w) < v {
		if gap < 0 {
			ps, err := sv.BestPositions(ctx, w, v)
			if err != nil {
				return nil, err
			}
			gap = ps[0]
		}
		syms, err := sv.BestSymbols(ctx, w, gap, v-1)
		if err != nil {
			return nil, err
		}
		if len(syms) == 0 {
			return nil, fmt.Errorf("no symbol keeps the value %d at gap %d of %v", v, gap, w)
		}
		cornered := true
		for c := range s.Alphabet() {
			_, rep := thue.FindRepetition(slices.Insert(slices.Clone(w), gap, byte(c)), rule)
			cornered = cornered && rep
		}
		w = slices.Insert(slices.Clone(w), gap, byte(syms[0]))
		line = append(line, lineStep{word: w, at: gap, cornered: cornered})
		if _, rep := thue.FindRepetition(w, rule); rep {
			if len(w) != v {
				return nil, fmt.Errorf("a line of best play ends at length %d, not at the value %d", len(w), v)
			}
			return line, nil
		}
		gap = -1
	}
	return nil, fmt.Errorf("a line of best play reaches length %d without a repetition", len(w))
}

// maxCornered is how many symbols How it works names, each with the
// repetition it makes, where every symbol at the last gap makes one.
const maxCornered = 6

// searchWords says how the value is searched, for How it works.
const searchWords = "The value comes from searching every way the game can go: the builder picks the gap that ends " +
	"the game soonest, the painter the symbol that makes it last longest (a word counts once with its " +
	"symbols renamed or read backwards).\n"

// teachLine is the reasoning behind an exact value (see solve.Result.Teach):
// how the search finds it, and one line of best play to the repetition
// that ends the game.
func teachLine(g *thue.Game, s *thue.State, line []lineStep) string {
	var b strings.Builder
	b.WriteString(searchWords)
	word := func(w []byte) string { return thue.WordString(w, g.Alphabet()) }
	// Each word but the last with its arrow, kept on its line by a
	// no-break space.
	steps := []string{word(s.Word()) + "\u00a0→"}
	for i, st := range line {
		end := "\u00a0→"
		if i == len(line)-1 {
			end = "."
		}
		steps = append(steps, word(st.word[:st.at])+"["+word(st.word[st.at:st.at+1])+"]"+word(st.word[st.at+1:])+end)
	}
	end := line[len(line)-1]
	last := end.word
	fmt.Fprintf(&b, "One line of best play (each new symbol in brackets): %s\n", strings.Join(steps, " "))
	// What the last symbol makes; where every symbol there makes a
	// repetition, what each makes (the first maxCornered of them).
	makes := func(w []byte, at int, named bool) string {
		rep, _ := thue.FindRepetition(w, g.Rule())
		half, _ := rep.Halves()
		what := "makes"
		if named {
			what += " the " + g.Rule().String()
		}
		return fmt.Sprintf("%s %s %s (%s twice", word(w[at:at+1]), what, word(w[rep.Start:rep.Start+rep.Length]), word(w[half[0]:half[1]]))
	}
	shared := ""
	if g.Rule() == thue.Overlap {
		shared = ", the second starting on the last symbol of the first"
	}
	if !end.cornered {
		fmt.Fprintf(&b, "%s%s), at length %d.\n", makes(last, end.at, true), shared, len(last))
		return game.Wrap(b.String(), 100)
	}
	before := slices.Delete(slices.Clone(last), end.at, end.at+1)
	var each []string
	for c := range min(g.Alphabet(), maxCornered) {
		each = append(each, makes(slices.Insert(slices.Clone(before), end.at, byte(c)), end.at, false)+")")
	}
	if more := g.Alphabet() - maxCornered; more > 0 {
		each = append(each, fmt.Sprintf("and the other %d likewise", more))
	} else {
		each[len(each)-1] = "and " + each[len(each)-1]
	}
	fmt.Fprintf(&b, "Every symbol at that last gap makes %s (a word twice%s), so the game ends at length %d: %s.\n",
		g.Rule().Article(), shared, len(last), strings.Join(each, ", "))
	return game.Wrap(b.String(), 100)
}

// bestMoves lists the moves that keep the value v: the builder's positions,
// or the painter's symbols.
func bestMoves(ctx context.Context, g *thue.Game, sv searcher, s *thue.State, v int, exact bool, limit int) ([]game.Move, error) {
	var (
		best []int
		err  error
	)
	switch {
	case s.Gap() >= 0 && exact:
		best, err = sv.BestSymbols(ctx, s.Word(), s.Gap(), v-1)
	case s.Gap() >= 0:
		best, err = sv.BestSymbols(ctx, s.Word(), s.Gap(), limit)
	case exact:
		best, err = sv.BestPositions(ctx, s.Word(), v)
	default: // the painter reaches the target whatever the builder does
		for i := 0; i <= len(s.Word()); i++ {
			best = append(best, i)
		}
	}
	moves := make([]game.Move, len(best))
	for i, m := range best {
		moves[i] = game.Move(m)
	}
	return moves, err
}

func explain(g *thue.Game, s *thue.State, r *solve.Result, res Length, interrupted bool) string {
	var b strings.Builder
	who := "builder to move"
	if s.Gap() >= 0 {
		who = fmt.Sprintf("painter to move at gap %d", s.Gap())
	}
	fmt.Fprintf(&b, "%s from the word %s (%s)\n", g, thue.WordString(s.Word(), s.Alphabet()), who)
	switch {
	case r.Value != nil && !res.Exact:
		fmt.Fprintf(&b, "Value: %d — the builder cannot force %s before the target: the painter reaches length %d\n", r.Value, g.Rule().Article(), r.Value)
	case r.Value != nil:
		fmt.Fprintf(&b, "Value: %d — with optimal play the word holds %s at length %d\n", r.Value, g.Rule().Article(), r.Value)
	case interrupted:
		fmt.Fprintf(&b, "Proven so far: the game lasts at least %d symbols; its value is not known yet\n", res.LowerBound)
	default:
		fmt.Fprintf(&b, "The builder cannot force %s before length %d: the value is at least %d\n", g.Rule().Article(), res.LowerBound, res.LowerBound)
	}
	if len(r.Best) > 0 {
		what := "positions for the builder"
		if s.Gap() >= 0 {
			what = "symbols for the painter"
		}
		// In increasing order (the solver's order is its search's).
		texts := make([]string, len(r.Best))
		for i, m := range slices.Sorted(slices.Values(r.Best)) {
			texts[i] = strconv.Itoa(int(m))
		}
		fmt.Fprintf(&b, "Optimal %s: %s\n", what, strings.Join(texts, " "))
	}
	b.WriteString(r.Teach)
	if wn, ok := r.Extra["worker_nodes"].([]int64); ok {
		parts := make([]string, len(wn))
		for i, n := range wn {
			parts[i] = game.Grouped(n)
		}
		fmt.Fprintf(&b, "(positions searched: %s; by worker: %s)\n", game.Grouped(r.Nodes), strings.Join(parts, " "))
	} else {
		fmt.Fprintf(&b, "(positions searched: %s)\n", game.Grouped(r.Nodes))
	}
	return b.String()
}

// PerfectLimit is the largest alphabet the perfect bot plays exactly for a
// rule: the games whose value the solver finds in seconds (squares: k=3
// value 5, k=4 value 7; overlaps: k=2 value 5, k=3 value 12). Larger ones
// are open problems the solver cannot finish.
func PerfectLimit(rule thue.Rule) int {
	if rule == thue.Overlap {
		return 3
	}
	return 4
}
