package sources

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	nimstudy "github.com/kombi/kombi/study/nim"
	"github.com/kombi/kombi/study/wythoff"
)

// The Serbian thesis' worked examples of Nim and Wythoff's game, replayed.

// example3Moves is Example 3's game as the text tells it: A takes 10 from
// heap 3, B 2 from heap 2, A 6 from heap 1, B 1 from heap 3, A 3 from heap
// 2, B 1 from heap 1, A the last token (from heap 3).
var example3Moves = []string{"3:10", "2:2", "1:6", "3:1", "2:3", "1:1", "3:1"}

// example3Table is one of the tables Example 3 prints after a move: the
// heaps it sums (as the position is then), and its bottom line as printed:
// the number in its decimal column and the one in its binary column.
type example3Table struct {
	heaps          []int
	printed        string
	decimal, bin   string
	swapped, short bool
}

// example3Tables are Example 3's tables as printed (quotes: the lines of
// each, "|" between its two columns).
var example3Tables = []example3Table{
	{heaps: []int{7, 5, 2}, printed: "7 | 111; 5 | 101; +2 | 10; 14 | 000", decimal: "14", bin: "000"},
	{heaps: []int{1, 3, 2}, printed: "1 | 1; 3 | 11; +2 | 10; 6 | 00", decimal: "6", bin: "00"},
	{heaps: []int{1, 3, 1}, printed: "1 | 1; 11 | 3; 1 | +1; 11 | 5", decimal: "5", bin: "11", swapped: true},
	{heaps: []int{1, 0, 1}, printed: "1 | 1; 1 | +1; 0 | 2", decimal: "2", bin: "0", short: true},
}

// binary4 writes v in binary with at least 4 digits.
func binary4(v int) string { return fmt.Sprintf("%04b", v) }

// solveStart loads the game spec and solves its start: the game, the
// start position and the solver's result.
func (l *lab) solveStart(ctx context.Context, spec string) (game.Game, game.State, *solve.Result, error) {
	g, err := l.games.Load(spec, 1)
	if err != nil {
		return nil, nil, nil, err
	}
	st := g.NewInitialState()
	r, err := l.studies.Solvers.Solve(ctx, g, st, solve.Options{})
	return g, st, r, err
}

// successor is a legal move of a Nim or Wythoff position, the position it
// leads to and that position's heaps.
type successor struct {
	move  game.Move
	state game.State
	heaps []int
}

// successors plays every legal move of st on a copy.
func successors(st game.State) ([]successor, error) {
	var out []successor
	for _, mv := range st.LegalMoves(nil) {
		c := st.Clone()
		if err := c.Apply(mv); err != nil {
			return nil, err
		}
		hs, err := heapsOf(c)
		if err != nil {
			return nil, err
		}
		out = append(out, successor{mv, c, hs})
	}
	return out, nil
}

// buildNimExample3 replays Example 3's whole game, each position with its
// binary sum without carry and the solver's winning moves, and reads the
// source's tables against them.
func buildNimExample3(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"Heaps of 7, 5 and 12: 0111 ⊕ 0101 ⊕ 1100 = 1110 (14); its highest bit is bit 3, so A takes 1100 − (1100 ⊕ 1110) = 12 − 2 = 10 tokens from the third heap. Then: B takes two tokens from the second heap; A six from the first; B one from the third; A three from the second; B one from the first; A takes the last token and wins. Between the moves the text prints four small tables, as printed (\"|\" between their columns, \";\" between their lines): " +
		strings.Join(func() []string {
			var q []string
			for _, t := range example3Tables {
				q = append(q, "\""+t.printed+"\"")
			}
			return q
		}(), ", ") + "."}
	g, st, r0, err := l.solveStart(ctx, "nim(piles=7;5;12)")
	if err != nil {
		return err
	}
	t := game.Table{Title: "Example 3 replayed: every position in binary, and the binary sum without carry (XOR)",
		Columns: []string{"move", "who", "takes", "heap 1", "heap 2", "heap 3", "XOR", "the solver's winning moves from there"}}
	var code strings.Builder
	row := func(move, who, takes string, hs []int, r *solve.Result) {
		cells := []string{move, who, takes}
		for _, h := range hs {
			cells = append(cells, fmt.Sprintf("%s (%d)", binary4(h), h))
		}
		sum := nimstudy.NimSum(hs)
		wins := "none: every move leaves a XOR other than 0"
		switch {
		case st.IsTerminal():
			wins = "— (the game is over)"
		case len(r.BestMoves) > 0 && r.Outcome == solve.Win:
			wins = strings.Join(r.BestMoves, " ")
		}
		t.Rows = append(t.Rows, append(cells, fmt.Sprintf("%s (%d)", binary4(sum), sum), wins))
		if tab, ok := r.Extra["xor"].(nimstudy.XORTable); ok {
			fmt.Fprintf(&code, "%s\n%s\n\n", strings.TrimSpace(move+" "+who+" "+takes), tab)
		}
	}
	hs, err := heapsOf(st)
	if err != nil {
		return err
	}
	row("start", "", "", hs, r0)
	var notBouton []string
	for i, mv := range example3Moves {
		who := []string{"A", "B"}[i%2]
		r, err := l.studies.Solvers.Solve(ctx, g, st, solve.Options{})
		if err != nil {
			return err
		}
		if who == "A" && !slices.Contains(r.BestMoves, mv) {
			notBouton = append(notBouton, fmt.Sprintf("move %d (%s)", i+1, mv))
		}
		m, err := st.ParseMove(mv)
		if err == nil {
			err = st.Apply(m)
		}
		if err != nil {
			return fmt.Errorf("move %d, %s: %w", i+1, mv, err)
		}
		heap, take, _ := strings.Cut(mv, ":")
		if hs, err = heapsOf(st); err != nil {
			return err
		}
		var after *solve.Result
		if !st.IsTerminal() {
			if after, err = l.studies.Solvers.Solve(ctx, g, st, solve.Options{}); err != nil {
				return err
			}
		}
		if after == nil {
			after = &solve.Result{}
		}
		row(strconv.Itoa(i+1), who, fmt.Sprintf("%s from heap %s", take, heap), hs, after)
	}
	it.tables = []game.Table{t}
	it.code = "Start: " + r0.Text
	if code.Len() > 0 {
		it.code = "Each position's table, as the solver prints it:\n\n" + code.String()
	}
	winner := "nobody"
	if st.IsTerminal() {
		winner = []string{"A", "B"}[game.Winner(st)]
	}
	it.text = []string{fmt.Sprintf("the whole game replayed by Kombi's rules from heaps of 7, 5 and 12 (`kombi play` with two people types the same moves); after each move the heaps in binary, their binary sum without carry, and the moves that leave it 0 (Bouton's rule, Theorem 1). %s takes the last token after %d moves.", winner, len(example3Moves))}
	if slices.Equal(r0.BestMoves, []string{"3:10"}) {
		it.diffs = append(it.diffs, diff{"agrees", "the same binary sum (14), the same bit and the only winning move: 10 tokens from heap 3."})
	} else {
		it.diffs = append(it.diffs, diff{"differs", "Kombi's winning moves are " + strings.Join(r0.BestMoves, " ") + ", the thesis' 3:10."})
	}
	if len(notBouton) == 0 && winner == "A" {
		it.diffs = append(it.diffs, diff{"agrees", "every move of A leaves a binary sum of 0 (each is the only winning move there), every move of B leaves one other than 0, and A takes the last token, as the text tells it."})
	} else {
		it.diffs = append(it.diffs, diff{"differs", fmt.Sprintf("A's moves that do not leave a XOR of 0: %s; the game's winner: %s.", strings.Join(notBouton, ", "), winner)})
	}
	var sums, xors []string
	garbled := 0
	for _, tb := range example3Tables {
		sum := 0
		for _, h := range tb.heaps {
			sum += h
		}
		x := nimstudy.NimSum(tb.heaps)
		bin, _ := strconv.ParseInt(tb.bin, 2, 64)
		if tb.decimal == strconv.Itoa(sum) && int(bin) == x {
			garbled++
		}
		parts := make([]string, len(tb.heaps))
		for i, h := range tb.heaps {
			parts[i] = strconv.Itoa(h)
		}
		sums = append(sums, fmt.Sprintf("%s = %d", strings.Join(parts, " + "), sum))
		xors = append(xors, fmt.Sprintf("%s (%d)", tb.bin, x))
	}
	if garbled == len(example3Tables) {
		it.diffs = append(it.diffs, diff{"garbled tables", fmt.Sprintf("the four tables the text prints between the moves are of the positions (7, 5, 2), (1, 3, 2), (1, 3, 1) and (1, 0, 1); their binary column ends with the right binary sum without carry (%s), but their decimal column ends with the ordinary sum, with carry (%s), where the XOR belongs. The third table swaps its two columns, the fourth leaves out the empty heap, and the table of the start (7, 5, 12, whose sum 1110 the text reads) is not printed. The table above is the clean version.", strings.Join(xors, ", "), strings.Join(sums, ", "))})
	}
	it.commands = []string{only(it.id), "kombi solve 'nim(piles=7;5;12)'", "printf '3:10\\n2:2\\n1:6\\n3:1\\n2:3\\n1:1\\n3:1\\n' | kombi play 'nim(piles=7;5;12)' --p1 human --p2 human --no-db --no-out"}
	return nil
}

// buildNimExample2 recomputes the two-heap positions the text works out
// before Bouton's theorem, and Example 2's binary sum (whose table the
// text leaves out).
func buildNimExample2(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"Two heaps of one token: the player to move loses. Heaps of one and two: \"the first player has a winning strategy\": take one token from the heap of two, leaving two heaps of one. Two heaps of two: the first player loses if the second knows how to play. Example 2: two heaps of three and four tokens, \"then their binary sum without carry is:\" (the table that should follow is not in the text)."}
	t := game.Table{Title: "Two-heap positions and Example 2, by the solver", Columns: []string{"heaps", "binary", "XOR", "the player to move", "winning moves", "the text"}}
	agree := true
	for _, c := range []struct {
		heaps []int
		text  string
		win   bool
	}{{[]int{1, 1}, "loses", false}, {[]int{1, 2}, "wins: takes one from the heap of two", true}, {[]int{2, 2}, "loses", false}, {[]int{3, 4}, "Example 2: the sum (table not printed)", true}} {
		parts, bins := make([]string, len(c.heaps)), make([]string, len(c.heaps))
		for i, h := range c.heaps {
			parts[i], bins[i] = strconv.Itoa(h), fmt.Sprintf("%03b", h)
		}
		_, _, r, err := l.solveStart(ctx, "nim(piles="+strings.Join(parts, ";")+")")
		if err != nil {
			return err
		}
		x := nimstudy.NimSum(c.heaps)
		moves := strings.Join(r.BestMoves, " ")
		if r.Outcome != solve.Win {
			moves = "none"
		}
		t.Rows = append(t.Rows, []string{strings.Join(parts, ", "), strings.Join(bins, " ⊕ "), fmt.Sprintf("%03b (%d)", x, x), map[bool]string{true: "wins", false: "loses"}[r.Outcome == solve.Win], moves, c.text})
		agree = agree && (r.Outcome == solve.Win) == c.win
	}
	it.tables = []game.Table{t}
	it.text = []string{"each position solved (Bouton's rule: the player to move loses exactly when the XOR is 0):"}
	x := nimstudy.NimSum([]int{3, 4})
	if agree {
		it.diffs = append(it.diffs, diff{"agrees", "(1, 1) and (2, 2) are lost for the player to move, (1, 2) is won by taking one token from the heap of two."})
	} else {
		it.diffs = append(it.diffs, diff{"differs", "the solver judges one of the two-heap positions otherwise (above)."})
	}
	it.diffs = append(it.diffs, diff{"missing table", fmt.Sprintf("Example 2's table is not in the text: 011 ⊕ 100 = %03b, %d, so the player to move from (3, 4) wins.", x, x)})
	it.commands = []string{only(it.id), "kombi solve 'nim(piles=3;4)'"}
	return nil
}

// continuedFraction returns the first n partial quotients of the quadratic
// irrational (p + √d)/q exactly (q divides d − p²; d not a square).
func continuedFraction(p, d, q int64, n int) []int64 {
	root := new(big.Int).Sqrt(big.NewInt(d)).Int64()
	var out []int64
	for range n {
		// ⌊(p + √d)/q⌋ = ⌊(p + ⌊√d⌋)/q⌋ for q > 0 (the form keeps q
		// positive, and p + ⌊√d⌋ is positive for the α of every a ≥ 1).
		a := (p + root) / q
		out = append(out, a)
		p = a*q - p
		q = (d - p*p) / q
	}
	return out
}

// buildWythoffExamples recomputes Example 4, Example 7 and Lemma 5.
func buildWythoffExamples(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"Example 4: for a = 1, (1, 2) is a losing position, since the only positions reachable in one move, (0, 1), (0, 2), (1, 0) and (1, 1), are winning. Example 7: for a = 1, α = (1 + √5)/2; the lower Wythoff sequence ⌊αn⌋ (A_n) is 1, 3, 4, 6, 8, 9, 11, 12, 14, 16... and the upper ⌊(α + 1)n⌋ (B_n) 2, 5, 7, 10, 13, 15, 18, 20, 23, 26... Lemma 5: when 1 < α < 2, the continued fraction of α (defined by an equation the text refers to as \"??\") is [1, a, a, a, ...]."}
	g, st, r, err := l.solveStart(ctx, "wythoff(a=1,piles=1;2)")
	if err != nil {
		return err
	}
	ex4 := game.Table{Title: "Example 4: every move from (1, 2), a = 1", Columns: []string{"move (taken from heap 1, heap 2)", "reaches", "the player to move there"}}
	var reached []string
	allWon := true
	next, err := successors(st)
	if err != nil {
		return err
	}
	for _, n := range next {
		mv, c, hs := n.move, n.state, n.heaps
		rc, err := l.studies.Solvers.Solve(ctx, g, c, solve.Options{})
		if err != nil {
			return err
		}
		pos := fmt.Sprintf("(%d, %d)", hs[0], hs[1])
		reached = append(reached, pos)
		ex4.Rows = append(ex4.Rows, []string{st.MoveString(mv), pos, map[bool]string{true: "wins", false: "loses"}[rc.Outcome == solve.Win]})
		allWon = allWon && rc.Outcome == solve.Win
	}
	slices.Sort(reached)
	sys, err := wythoff.NewSystem(1)
	if err != nil {
		return err
	}
	var lower, upper []string
	for n := int64(1); n <= 10; n++ {
		an, bn, err := sys.Pair(ctx, wythoff.Algebraic, big.NewInt(n))
		if err != nil {
			return err
		}
		lower, upper = append(lower, an.String()), append(upper, bn.String())
	}
	ex7 := game.Table{Title: "Example 7: the lower and upper Wythoff sequences, n = 1 to 10 (exact ⌊nα⌋)", Columns: []string{"sequence", "Kombi", "the text"}}
	thesisLower, thesisUpper := "1, 3, 4, 6, 8, 9, 11, 12, 14, 16", "2, 5, 7, 10, 13, 15, 18, 20, 23, 26"
	ex7.Rows = [][]string{{"A_n = ⌊αn⌋", strings.Join(lower, ", "), thesisLower}, {"B_n = ⌊(α + 1)n⌋", strings.Join(upper, ", "), thesisUpper}}
	cf := game.Table{Title: "Lemma 5: the continued fraction of α = (2 − a + √(a² + 4))/2, exactly", Columns: []string{"a", "α", "first 8 partial quotients", "[1, a, a, ...]"}}
	lemma := true
	for a := int64(1); a <= 4; a++ {
		qs := continuedFraction(2-a, a*a+4, 2, 8)
		want := true
		for i, q := range qs {
			want = want && q == map[bool]int64{true: 1, false: a}[i == 0]
		}
		lemma = lemma && want
		parts := make([]string, len(qs))
		for i, q := range qs {
			parts[i] = strconv.FormatInt(q, 10)
		}
		cf.Rows = append(cf.Rows, []string{strconv.FormatInt(a, 10), alphaText(a), "[" + strings.Join(parts, ", ") + ", ...]", yesNo(want)})
	}
	it.tables = []game.Table{ex4, ex7, cf}
	it.text = []string{fmt.Sprintf("the solver on (1, 2) says the player to move %s; each move it can make, and the position it reaches, solved in turn:", map[bool]string{true: "wins", false: "loses"}[r.Outcome == solve.Win])}
	if r.Outcome == solve.Loss && allWon && strings.Join(reached, " ") == "(0, 1) (0, 2) (1, 0) (1, 1)" {
		it.diffs = append(it.diffs, diff{"agrees", "Example 4: (1, 2) is lost for the player to move; its moves reach exactly (0, 1), (0, 2), (1, 0) and (1, 1), each won for the player then to move."})
	} else {
		it.diffs = append(it.diffs, diff{"differs", fmt.Sprintf("Example 4: from (1, 2) the moves reach %s; the position is a %s for the player to move.", strings.Join(reached, ", "), r.Outcome)})
	}
	if strings.Join(lower, ", ") == thesisLower && strings.Join(upper, ", ") == thesisUpper {
		it.diffs = append(it.diffs, diff{"agrees", "Example 7: both sequences, term by term."})
	} else {
		it.diffs = append(it.diffs, diff{"differs", "Example 7: the sequences differ (above)."})
	}
	if lemma {
		it.diffs = append(it.diffs, diff{"agrees", "Lemma 5: α = [1, a, a, a, ...] for a = 1 to 4 (computed on (p + √d)/q with whole numbers, no rounding)."})
	} else {
		it.diffs = append(it.diffs, diff{"differs", "Lemma 5: some partial quotient is not a (above)."})
	}
	it.diffs = append(it.diffs, diff{"print error", "Lemma 5 refers to the equation defining α as \"??\" (a broken reference), and its proof is a note to the student (\"I suggest you prove it directly\"), not a proof."})
	it.commands = []string{only(it.id), "kombi solve 'wythoff(a=1,piles=1;2)'", "kombi table wythoff --a 1 --count 11"}
	return nil
}
