package wythoff

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/wythoff"
	"github.com/kombi/kombi/solve"
)

// MethodMove is the winning move one method finds, with its reasoning.
type MethodMove struct {
	Method string   `json:"method"`
	Move   string   `json:"move"` // "K,L", or "" in a P-position
	To     []string `json:"to"`   // the position moved to
	Steps  []string `json:"steps"`
	words  string   // what the method's symbols mean (methodWords), said before its steps
}

// PairJSON is the P-position pair (A_n, B_n) with its index; the big
// integers marshal as exact JSON numbers of any size.
type PairJSON struct {
	N *big.Int `json:"n"`
	A *big.Int `json:"a_n"`
	B *big.Int `json:"b_n"`
}

// Analysis explains a Wythoff position: its outcome, every winning move,
// the P-position pair of the smaller heap, and the winning move found by
// each of the thesis' three methods. Its JSON form is what `kombi table
// wythoff --position --json` prints; `kombi solve` prints its fields beside
// the common result fields.
type Analysis struct {
	Game      string       `json:"game,omitempty"`
	A         uint64       `json:"a"`
	Position  [2]*big.Int  `json:"position"`
	Outcome   string       `json:"outcome"`
	BestMoves []string     `json:"best_moves"`
	Reason    string       `json:"reason"`
	Pair      PairJSON     `json:"pair"`
	Methods   []MethodMove `json:"methods"`
	board     string
	skipped   []string // why a method is left out
}

// Text explains the analysis for people.
func (an *Analysis) Text() string {
	var b strings.Builder
	if an.A == 1 {
		// |k − l| < 1 is k = l: said as the classic game's rule.
		fmt.Fprintf(&b, "Wythoff's game at (%s, %s): take any number from one heap, or the same number from both;\nwhoever takes the last token wins.\n\n", an.Position[0], an.Position[1])
	} else {
		fmt.Fprintf(&b, "Wythoff's game with a = %d at (%s, %s): take any number from one heap, or k > 0 and l > 0\nfrom both with |k − l| < %d; whoever takes the last token wins.\n\n", an.A, an.Position[0], an.Position[1], an.A)
	}
	if an.board != "" {
		b.WriteString("The queen's board (o: P-positions, *: where winning moves go):\n")
		b.WriteString(an.board)
		b.WriteString("\n\n")
	}
	b.WriteString(an.Teach())
	if len(an.BestMoves) > 0 {
		fmt.Fprintf(&b, "\nWinning moves (K,L = tokens taken from heap 1, heap 2): %s\n", strings.Join(an.BestMoves, " "))
	}
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", an.Outcome)
	return b.String()
}

// Teach is the part of Text that reasons (see solve.Result.Teach): why
// the position is or is not a P-position, and each method's steps.
func (an *Analysis) Teach() string {
	var b strings.Builder
	b.WriteString(an.Reason)
	b.WriteString("\n")
	for _, m := range an.Methods {
		fmt.Fprintf(&b, "\n%s method:\n", strings.ToUpper(m.Method[:1])+m.Method[1:])
		if m.words != "" {
			b.WriteString(game.Wrap(m.words, 100))
		}
		for _, s := range m.Steps {
			fmt.Fprintf(&b, "  %s\n", s)
		}
	}
	for _, s := range an.skipped {
		fmt.Fprintf(&b, "\n%s\n", s)
	}
	return b.String()
}

// Analyse explains the position (x, y), of any size. The recursive method
// is included when the smaller heap is at most MaxRecursivePosition, the
// arithmetic one when it has at most MaxArithmeticDigits digits. The
// outcome and the winning moves come first (exact algebra, at once); when
// ctx ends while a method works, Analyse returns them with the methods done
// so far, and ctx's error.
func (s *System) Analyse(ctx context.Context, x, y *big.Int) (*Analysis, error) {
	an := &Analysis{A: s.A(), Position: [2]*big.Int{x, y}, BestMoves: []string{}, Methods: []MethodMove{}}
	lo := x
	if y.Cmp(x) < 0 {
		lo = y
	}
	p, n := s.Partner(lo)
	pa, pb := s.PairBig(n)
	an.Pair = PairJSON{N: n, A: pa, B: pb}
	for _, t := range s.WinningTargets(x, y) {
		an.BestMoves = append(an.BestMoves, new(big.Int).Sub(x, t[0]).String()+","+new(big.Int).Sub(y, t[1]).String())
	}
	an.Outcome = "loss"
	if len(an.BestMoves) > 0 {
		an.Outcome = "win"
	}
	if an.Outcome == "loss" {
		an.Reason = fmt.Sprintf("The smaller heap %s and the other heap form the P-position pair (A_%s, B_%s) = (%s, %s):\n"+
			"no move reaches another P-position (their differences are the distinct multiples a·n, and A and B\n"+
			"never share a value), so the player to move loses against best play.", lo, n, n, pa, pb)
	} else {
		an.Reason = fmt.Sprintf("The smaller heap %s belongs to the P-position pair (A_%s, B_%s) = (%s, %s), and the other heap is not %s:\n"+
			"the position is not a P-position (one that the player to move loses), so the player to move wins by moving to one.", lo, n, n, pa, pb, p)
	}
	for _, m := range Methods {
		if err := s.canAdvise(m, lo); err != nil {
			an.skipped = append(an.skipped, fmt.Sprintf("%s method left out: %v.", strings.ToUpper(m.String()[:1])+m.String()[1:], err))
			continue
		}
		ad, err := s.Advise(ctx, m, x, y)
		if err != nil {
			return an, fmt.Errorf("%s method: %w", m, err)
		}
		mm := MethodMove{Method: m.String(), Steps: ad.Steps, To: []string{}, words: s.methodWords(m)}
		if !ad.P {
			k, l := ad.Take()
			mm.Move = k.String() + "," + l.String()
			mm.To = []string{ad.ToX.String(), ad.ToY.String()}
		}
		if ad.P != (an.Outcome == "loss") {
			return nil, fmt.Errorf("%s method disagrees about the outcome (internal error)", m)
		}
		an.Methods = append(an.Methods, mm)
	}
	return an, nil
}

// methodWords says in plain words what the symbols of method m's steps
// mean (the thesis' names: R_p, I_p, R_q, Properties 1–3, α and β), for a
// reader who meets them in its steps.
func (s *System) methodWords(m Method) string {
	a := s.A()
	switch m {
	case Recursive:
		return fmt.Sprintf("Wythoff's P-positions are the pairs (A_n, B_n) and their mirrors (B_n, A_n): A_n is the smallest "+
			"number that no earlier pair holds (the mex rule: the minimum excluded), and B_n = A_n + %s.\n", times(a, "n"))
	case Algebraic:
		alpha := (2 - float64(a) + math.Sqrt(float64(a*a+4))) / 2
		golden := ""
		if a == 1 {
			golden = ", the golden ratio"
		}
		return fmt.Sprintf("α = (2 − a + √(a² + 4))/2 = %.4f…%s, and β = α + a = %.4f…: A_n = ⌊nα⌋ and B_n = ⌊nβ⌋, "+
			"where ⌊…⌋ rounds down to a whole number.\n", alpha, golden, alpha+float64(a))
	case Arithmetic:
		p, q := s.Weights(5)
		list := func(ws []*big.Int) string {
			out := make([]string, len(ws))
			for i, w := range ws {
				out[i] = w.String()
			}
			return strings.Join(out, ", ")
		}
		rule := "each the sum of the two before it"
		if a > 1 {
			rule = fmt.Sprintf("each %d times the one before plus the one before that", a)
		}
		return fmt.Sprintf("The p-system writes a number as a sum of the weights %s, … (%s), "+
			"the q-system as a sum of %s, …; R_p(N) and R_q(N) are N's digits in them, "+
			"the largest weight's first, and I_p reads digits back as a number of the p-system. Property 1: N > 0 is "+
			"an A-value (some A_n) exactly when R_p(N) ends in an even number of zeros. Property 2: R_p(B_n) is R_p(A_n) "+
			"shifted left (a 0 appended; shifting right drops it). Property 3: A_n = I_p(R_q(n)), less 1 when R_q(n) ends "+
			"in an odd number of zeros.\n", list(p), rule, list(q))
	}
	return ""
}

// times writes a·n for the parameter a: "n" for 1, "2·n" for 2.
func times(a uint64, n string) string {
	if a == 1 {
		return n
	}
	return fmt.Sprintf("%d·%s", a, n)
}

// solver is Wythoff's game's solver (solve.Analyzer).
type solver struct{}

// Solve answers a Wythoff position of any size exactly: the player to move
// loses exactly in a P-position (A_n, B_n) or its mirror, and wins by every
// move to one (best_moves lists them all). Value is nil: Wythoff's Grundy
// values have no formula that scales to such positions, and the outcome
// does not need them. The extras are the fields `kombi solve --json`
// printed before the common result shape: a, heaps (the position as exact
// numbers), p_position, reason, pair and methods (each method's move and
// reasoning); Text is the explanation with the queen's board for small
// positions.
func (solver) Solve(ctx context.Context, _ game.Game, st game.State, _ solve.Options) (*solve.Result, error) {
	s, ok := st.(*wythoff.State)
	if !ok {
		return nil, fmt.Errorf("wythoff solve: %T is not a wythoff state", st)
	}
	g := s.Game()
	sys, err := systemOf(g)
	if err != nil {
		return nil, fmt.Errorf("wythoff solve: %w", err)
	}
	if s.IsTerminal() {
		o := solve.FromReturn(s.Returns()[0])
		return &solve.Result{Outcome: o, Complete: true, BestMoves: []string{}, Extra: map[string]any{"a": sys.A()},
			Text: fmt.Sprintf("Both heaps are empty: the game is over and %s, who took the last token, won.\n", game.SeatName(1-s.Turn()))}, nil
	}
	x, y := s.BigHeaps()
	an, err := sys.Analyse(ctx, x, y)
	if an == nil {
		return nil, fmt.Errorf("wythoff solve: %w", err)
	}
	an.Game = g.String()
	sx, sy := s.Heaps()
	if s.Playable() && max(sx, sy) <= wythoff.MaxBoard {
		an.board = sys.board(sx, sy)
	}
	r := &solve.Result{Outcome: solve.Win, BestMoves: an.BestMoves, Complete: err == nil, Text: an.Text(), Teach: an.Teach(),
		Extra: map[string]any{"a": an.A, "heaps": an.Position, "p_position": an.Outcome == "loss", "reason": an.Reason, "pair": an.Pair, "methods": an.Methods}}
	if s.Playable() && max(sx, sy) <= wythoff.MaxBoard {
		r.Extra["p_positions"] = pPositions(g.Pairs(), sx, sy)
	}
	if an.Outcome == "loss" {
		r.Outcome = solve.Loss
	}
	if s.Playable() {
		for _, t := range sys.WinningTargets(x, y) {
			r.Best = append(r.Best, wythoff.Move(sx-t[0].Uint64(), sy-t[1].Uint64()))
		}
	}
	if err != nil {
		err = fmt.Errorf("wythoff solve: %w", err)
	}
	return r, err
}

// Analyze values every legal move of a playable position with at most
// solve.MaxAnalyzeMoves legal moves: a move wins for its player exactly when
// it reaches a P-position. A larger position (of any size) gets its winning
// moves, all of them, exactly; in a P-position, where every move loses, the
// perfect bot's move (one token from the larger heap) stands for them; the
// analysis is then not Complete, since it does not list every move. Values
// are nil (see Solve).
func (solver) Analyze(ctx context.Context, _ game.Game, st game.State, _ solve.Options) (*solve.Analysis, error) {
	s, ok := st.(*wythoff.State)
	if !ok {
		return nil, fmt.Errorf("wythoff analyze: %T is not a wythoff state", st)
	}
	if s.IsTerminal() {
		return nil, fmt.Errorf("wythoff analyze: both heaps are empty, the game is over")
	}
	sys, err := systemOf(s.Game())
	if err != nil {
		return nil, fmt.Errorf("wythoff analyze: %w", err)
	}
	x, y := s.BigHeaps()
	sx, sy := s.Heaps()
	targets := sys.WinningTargets(x, y)
	a := &solve.Analysis{Moves: []solve.MoveValue{}}
	if s.Playable() && wythoff.LegalMoveCount(sys.A(), sx, sy) <= solve.MaxAnalyzeMoves {
		win := map[game.Move]bool{}
		for _, t := range targets {
			win[wythoff.Move(sx-t[0].Uint64(), sy-t[1].Uint64())] = true
		}
		for _, m := range s.LegalMoves(nil) {
			mv := solve.MoveValue{Move: s.MoveString(m), Outcome: solve.Loss, M: m}
			if win[m] {
				mv.Outcome = solve.Win
			}
			a.Moves = append(a.Moves, mv)
		}
		a.Complete = true
		return a, nil // exact, whatever the context: nothing was cut short
	}
	add := func(k, l *big.Int, o solve.Outcome) {
		mv := solve.MoveValue{Move: k.String() + "," + l.String(), Outcome: o}
		if s.Playable() {
			mv.M = wythoff.Move(k.Uint64(), l.Uint64())
		}
		a.Moves = append(a.Moves, mv)
	}
	for _, t := range targets {
		add(new(big.Int).Sub(x, t[0]), new(big.Int).Sub(y, t[1]), solve.Win)
	}
	if len(targets) == 0 {
		one, zero := big.NewInt(1), new(big.Int)
		if x.Cmp(y) >= 0 {
			add(one, zero, solve.Loss)
		} else {
			add(zero, one, solve.Loss)
		}
	}
	return a, nil // the winning moves exactly (not Complete: not every move listed)
}

// board draws the queen's board with P-positions and winning targets.
func (s *System) board(x, y uint64) string {
	ps := map[[2]uint64]bool{}
	for n := uint64(0); ; n++ {
		an, bn, _ := s.Pair64(n)
		if an > max(x, y) {
			break
		}
		ps[[2]uint64{an, bn}], ps[[2]uint64{bn, an}] = true, true
	}
	ts := map[[2]uint64]bool{}
	for _, t := range s.WinningTargets(new(big.Int).SetUint64(x), new(big.Int).SetUint64(y)) {
		ts[[2]uint64{t[0].Uint64(), t[1].Uint64()}] = true
	}
	return wythoff.Board(x, y, ps, ts)
}

// Perfect plays a winning move whenever one exists: the move of the
// thesis' Code 4 computed with exact algebra. In a P-position it takes one
// token from the larger heap, to make the opponent's task as long as
// possible.
type Perfect struct{}

// Act returns the perfect move.
func (Perfect) Act(ctx context.Context, st game.State) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s, ok := st.(*wythoff.State)
	if !ok {
		return 0, fmt.Errorf("wythoff perfect: not a wythoff state")
	}
	if s.IsTerminal() {
		return 0, fmt.Errorf("wythoff perfect: no legal move")
	}
	if err := s.PlayError(); err != nil {
		return 0, fmt.Errorf("wythoff perfect: %w", err)
	}
	sys, err := systemOf(s.Game())
	if err != nil {
		return 0, fmt.Errorf("wythoff perfect: %w", err)
	}
	x, y := s.Heaps()
	ad, err := sys.Advise(ctx, Algebraic, new(big.Int).SetUint64(x), new(big.Int).SetUint64(y))
	if err != nil {
		return 0, fmt.Errorf("wythoff perfect: %w", err)
	}
	if !ad.P {
		k, l := ad.Take()
		return wythoff.Move(k.Uint64(), l.Uint64()), nil
	}
	if x >= y {
		return wythoff.Move(1, 0), nil
	}
	return wythoff.Move(0, 1), nil
}

// systemOf returns the P-position machinery of g's parameter a.
func systemOf(g *wythoff.Game) (*System, error) { return NewSystem(int64(g.Pairs().A())) }

// pPositions lists the P-positions (A_n, B_n) and their mirrors (B_n, A_n)
// with both heaps at most x and y: the squares a board draws as the
// analysis layer (the Serbian thesis' Figures 2 and 4).
func pPositions(p *wythoff.Pairs, x, y uint64) [][2]uint64 {
	out := [][2]uint64{}
	for n := uint64(0); ; n++ {
		an, bn, ok := p.Pair64(n)
		if !ok || an > max(x, y) {
			return out
		}
		if an <= x && bn <= y {
			out = append(out, [2]uint64{an, bn})
		}
		if an != bn && bn <= x && an <= y {
			out = append(out, [2]uint64{bn, an})
		}
	}
}
