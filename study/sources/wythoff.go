package sources

import (
	"context"
	"fmt"
	"image/color"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/report/chart"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study/wythoff"
)

// The Serbian thesis: Mijailović, "Igra nim", Belgrade 2020.

func wythoffSection() *section {
	s := &section{id: "wythoff", short: "Nim and Wythoff thesis", title: "Nim and Wythoff's game — Mijailović's master's thesis (Belgrade, 2020)", original: "Игра ним (Igra nim)",
		author: "Marija Mijailović, supervised by Miodrag Živković, University of Belgrade", year: "2020",
		what: "A master's thesis in Serbian: Nim and Bouton's theorem, Nim's variants, and Wythoff's game generalised by a parameter a (a move takes k and l from the two heaps with |k − l| < a), whose [P-positions](#glossary-p-position) (A_n, B_n) it builds three ways — recursive (mex), algebraic (⌊nα⌋ in double precision) and arithmetic (Fraenkel's p- and q-numeration systems) — and times in C++ on an i7-4510U."}
	s.intro = []string{"Kombi computes the P-positions exactly for every n by all three methods (machine words where they fit, big integers beyond), times them beside the thesis' Table 4, and compiles the thesis' own C++ listings here (g++ -O2, when g++ is installed) to separate what the machine gains from what the algorithms do."}
	s.add("figure-1", "Figure 1", "A game of Nim from heaps of 3, 4 and 5", buildNimGame).where = "§2, Example 1 and Figure 1, from p. 1"
	s.add("example-2", "Example 2", "Two heaps: (1, 1), (1, 2), (2, 2), and the binary sum of 3 and 4", buildNimExample2).where = "§2, Example 2, from p. 1"
	s.add("example-3", "Example 3", "The game from heaps of 7, 5 and 12, move by move, by the binary sum without carry", buildNimExample3).where = "§2, Example 3, from p. 1"
	s.add("table-1", "Table 1", "The first 10 losing (A, B) positions for a = 1", buildPTable(1)).where = "§3, Example 4 and Table 1, pp. 4–7"
	s.add("examples-4-7", "Examples 4 and 7, Lemma 5", "A losing position, the Wythoff sequences and the continued fraction of α", buildWythoffExamples).where = "§3, Example 4, pp. 4–7; §3.2, Example 7; §3.3, Lemma 5"
	s.add("figure-2", "Figure 2", "The losing positions for a = 1, drawn", buildPBoard(1)).where = "§3, Figure 2, pp. 4–7"
	s.add("table-2", "Table 2", "The first 10 losing (A, B) positions for a = 2", buildPTable(2)).where = "§3, Example 5 and Table 2, pp. 4–7"
	s.add("figure-3", "Figure 3", "The losing positions for a = 2, drawn (0 to 29)", buildPBoard(2)).where = "§3, Example 5 and Figure 3, pp. 4–7"
	s.add("figure-4", "Figure 4", "The losing positions on the 10 × 10 board for a = 2, and the queen's moves from (4, 9)", buildQueenBoard).where = "§3, Example 6 and Figure 4, pp. 4–7"
	s.add("table-3", "Table 3", "The first numbers written in the p- and q-systems, a_i = 2", buildNumeration).where = "§3.3, Table 3 and Examples 8–11"
	for _, f := range wythoffTimeFigures {
		s.add("figure-"+f.number, "Figure "+f.number, f.title, buildWythoffTimes(f)).where = f.where
	}
	s.add("table-4", "Table 4", "Running times in milliseconds of building the P-table", buildTable4).where = "§4, from p. 14, and Appendix A, Table 4, from p. 22"
	s.add("table-5", "Table 5", "Pairs of the P-table", buildTable5).where = "§4, from p. 14, and Appendix A, Table 5, from p. 22"
	return s
}

// heapsOf reads the heap sizes of a Nim or Wythoff state's position text
// ("3;4;5 P2", "4;8;P2"): its whole numbers, in order.
func heapsOf(st game.State) ([]int, error) {
	p, ok := st.(interface{ Position() string })
	if !ok {
		return nil, fmt.Errorf("a position without a text")
	}
	var hs []int
	for _, f := range strings.FieldsFunc(p.Position(), func(r rune) bool { return r == ';' || r == ' ' }) {
		if n, err := strconv.Atoi(f); err == nil {
			hs = append(hs, n)
		}
	}
	if len(hs) == 0 {
		return nil, fmt.Errorf("position %q holds no heap", p.Position())
	}
	return hs, nil
}

// buildNimGame plays Figure 1's game: A perfect, B at random.
func buildNimGame(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"Example 1: three heaps of 3, 4 and 5 tokens, A moves first; Figure 1 draws a possible course of normal Nim (whoever takes the last token wins). Its moves are not given in the text."}
	g, err := l.games.Load("nim(piles=3;4;5)", 1)
	if err != nil {
		return err
	}
	const seed = 2
	var players [2]bot.Bot
	for i, name := range []string{"perfect", "random"} {
		// Seeded as kombi play seeds its seats: the command below replays this game.
		if players[i], err = l.bots.New(name, g, bot.Env{Seed: match.BotSeed(seed, i)}); err != nil {
			return err
		}
	}
	st := g.NewInitialState()
	hs, err := heapsOf(st)
	if err != nil {
		return err
	}
	rows := [][]int{hs}
	labels := []string{"start (XOR 2)"}
	for !st.IsTerminal() && len(rows) < 20 {
		who := st.Player()
		mv, err := players[who].Act(ctx, st)
		if err != nil {
			return err
		}
		text := st.MoveString(mv)
		if err := st.Apply(mv); err != nil {
			return err
		}
		if hs, err = heapsOf(st); err != nil {
			return err
		}
		x := 0
		for _, h := range hs {
			x ^= h
		}
		heap, take, _ := strings.Cut(text, ":")
		labels = append(labels, fmt.Sprintf("%s takes %s from heap %s (XOR %d)", []string{"A", "B"}[who], take, heap, x))
		rows = append(rows, hs)
	}
	board := &chart.Board{Title: "Figure 1 (Kombi): a game of Nim, A playing perfectly", TopDown: true, Cols: 14, Rows: len(rows), RowLabels: labels, ColLabels: make([]string, 14), Width: 17,
		Kinds: []chart.Kind{{Name: "heap 1", Color: chart.Palette[0]}, {Name: "heap 2", Color: chart.Palette[1]}, {Name: "heap 3", Color: chart.Palette[2]}}}
	offsets := []int{0, 4, 9}
	for y, hs := range rows {
		for h, n := range hs {
			for t := range n {
				board.Cells = append(board.Cells, chart.Cell{X: offsets[h] + t, Y: y, Kind: h})
			}
		}
	}
	it.figure = &figure{name: "wythoff-figure-1", chart: board, caption: fmt.Sprintf("a game of normal Nim from heaps of 3, 4 and 5: A (the perfect player) moves first and always leaves a binary sum (XOR) of 0; B plays at random (the game of seed %d, which the command below replays). Each row is the position after the move it names.", seed)}
	it.text = []string{fmt.Sprintf("a game played by Kombi's players: A wins after %d moves; every move of A leaves the XOR 0, Bouton's rule (Theorem 1).", len(rows)-1)}
	it.diffs = []diff{{"note", "the thesis' figure shows a course of play the text does not give move by move; Kombi draws one game of its own, the first player winning as Theorem 1 says it must from a XOR of 2."}}
	it.commands = []string{only(it.id), fmt.Sprintf("kombi play 'nim(piles=3;4;5)' --p1 perfect --p2 random --seed %d", seed)}
	return nil
}

// thesisPairs are Tables 1 and 2 as printed: (A_n, B_n) for n = 0..10.
var thesisPairs = map[int64][][2]int64{
	1: {{0, 0}, {1, 2}, {3, 5}, {4, 7}, {6, 10}, {8, 13}, {9, 15}, {11, 18}, {12, 20}, {14, 23}, {16, 26}},
	2: {{0, 0}, {1, 3}, {2, 6}, {4, 10}, {5, 13}, {7, 17}, {8, 20}, {9, 23}, {11, 27}, {12, 30}, {14, 34}},
}

// buildPTable recomputes Table 1 (a = 1) or 2 (a = 2).
func buildPTable(a int64) func(ctx context.Context, l *lab, it *item) error {
	return func(ctx context.Context, _ *lab, it *item) error {
		it.source = []string{fmt.Sprintf("n, A_n, B_n for n = 0 to 10, a = %d (the table's title says the first 10; it lists 11 rows, n = 0 to 10).", a)}
		sys, err := wythoff.NewSystem(a)
		if err != nil {
			return err
		}
		t := game.Table{Title: fmt.Sprintf("Table %d recomputed: P-positions for a = %d by the three methods", a, a), Columns: []string{"n", "thesis A_n", "thesis B_n", "Kombi A_n", "Kombi B_n", "methods agree", "same"}}
		wrong := 0
		for n, p := range thesisPairs[a] {
			var got [3][2]*big.Int
			for m := range 3 {
				an, bn, err := sys.Pair(ctx, wythoff.Method(m), big.NewInt(int64(n)))
				if err != nil {
					return err
				}
				got[m] = [2]*big.Int{an, bn}
			}
			agree := got[0][0].Cmp(got[1][0]) == 0 && got[1][0].Cmp(got[2][0]) == 0 && got[0][1].Cmp(got[2][1]) == 0
			same := got[0][0].Int64() == p[0] && got[0][1].Int64() == p[1]
			if !same {
				wrong++
			}
			t.Rows = append(t.Rows, []string{strconv.Itoa(n), fmt.Sprint(p[0]), fmt.Sprint(p[1]), got[0][0].String(), got[0][1].String(), yesNo(agree), yesNo(same)})
		}
		it.tables = []game.Table{t}
		it.text = []string{"the recursive ([mex](#glossary-mex)), algebraic (exact ⌊nα⌋) and arithmetic (p- and q-systems) methods, compared with each other and with the thesis:"}
		if wrong == 0 {
			it.diffs = []diff{{"agrees", "every pair, by every method."}}
		} else {
			it.diffs = []diff{{"print error", fmt.Sprintf("%d of the thesis' rows differ from the exact pairs.", wrong)}}
		}
		it.commands = []string{only(it.id), fmt.Sprintf("kombi table wythoff --a %d --count 11", a)}
		return nil
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "NO"
}

var (
	pColor     = color.RGBA{R: 0x00, G: 0x9e, B: 0x73, A: 0xff}
	nColor     = color.RGBA{R: 0xf6, G: 0xd0, B: 0xc0, A: 0xff}
	reachColor = color.RGBA{R: 0x56, G: 0xb4, B: 0xe9, A: 0xff}
	queenColor = color.RGBA{R: 0xe6, G: 0x9f, B: 0x00, A: 0xff}
)

// pPositions returns the P-positions (x, y) with both below size, both
// ways round.
func pPositions(ctx context.Context, a int64, size int) (map[[2]int]bool, error) {
	sys, err := wythoff.NewSystem(a)
	if err != nil {
		return nil, err
	}
	p := map[[2]int]bool{}
	for n := int64(0); n < int64(size); n++ {
		an, bn, err := sys.Pair(ctx, wythoff.Algebraic, big.NewInt(n))
		if err != nil {
			return nil, err
		}
		x, y := int(an.Int64()), int(bn.Int64())
		if x < size && y < size {
			p[[2]int{x, y}], p[[2]int{y, x}] = true, true
		}
	}
	return p, nil
}

// buildPBoard recomputes Figure 2 (a = 1) or 3 (a = 2).
func buildPBoard(a int64) func(ctx context.Context, l *lab, it *item) error {
	return func(ctx context.Context, _ *lab, it *item) error {
		size := 21
		if a == 2 {
			size = 30
			it.source = []string{"Example 5 points to this drawing of the losing positions for a = 2 as \"Figure ??\" (a broken reference); its axis runs from 0 to 29. Red squares are winning positions."}
		} else {
			it.source = []string{"The losing positions for a = 1 drawn on the plane; Example 4 calls the drawing \"Figure 3\", whose caption is Figure 2. Red squares are winning positions."}
		}
		p, err := pPositions(ctx, a, size)
		if err != nil {
			return err
		}
		board := &chart.Board{Title: fmt.Sprintf("Figure %d (Kombi): P-positions of Wythoff's game, a = %d", a+1, a), XLabel: "heap 1 (x)", YLabel: "heap 2 (y)", Cols: size, Rows: size,
			Kinds: []chart.Kind{{Name: "losing (P-position): the player to move loses", Color: pColor}, {Name: "winning (N-position)", Color: nColor}}}
		for x := range size {
			for y := range size {
				k := 1
				if p[[2]int{x, y}] {
					k = 0
				}
				board.Cells = append(board.Cells, chart.Cell{X: x, Y: y, Kind: k})
			}
		}
		it.figure = &figure{name: fmt.Sprintf("wythoff-figure-%d", a+1), chart: board, caption: fmt.Sprintf("every position (x, y) with 0 ≤ x, y < %d for a = %d: the losing positions (A_n, B_n) and (B_n, A_n) in green, the winning ones in pale red, as the thesis colours them.", size, a)}
		af, alpha := float64(a), alphaOf(a)
		it.text = []string{fmt.Sprintf("%d losing positions in the square, near two lines through (0, 0): the positions (A_n, B_n) ≈ (nα, nβ) near the line of slope β/α = %s, their mirror images (B_n, A_n) near the line of slope α/β = %s (α = %s, β = α + %d).",
			len(p), fixed((alpha+af)/alpha, 6), fixed(alpha/(alpha+af), 6), alphaText(a), a)}
		diffs := []diff{{"agrees", "the same positions as the thesis' Tables 1 and 2 and as its drawing's description."}}
		if a == 1 {
			diffs = append(diffs, diff{"print error", "Example 4 points to \"Figure 3\" for this drawing, whose caption numbers it Figure 2."})
		} else {
			diffs = append(diffs, diff{"print error", "Example 5's reference to this figure is broken (\"Figure ??\") and the figure has no caption; it is numbered 3 here, between Figures 2 and 4."})
		}
		it.diffs = diffs
		it.commands = []string{only(it.id), fmt.Sprintf("kombi table wythoff --a %d --count %d", a, size)}
		return nil
	}
}

// alphaOf is α = (2 − a + √(a²+4))/2: A_n = ⌊nα⌋, B_n = A_n + an.
func alphaOf(a int64) float64 {
	af := float64(a)
	return (2 - af + math.Sqrt(af*af+4)) / 2
}

// alphaText writes alphaOf(a) to six decimals.
func alphaText(a int64) string { return fixed(alphaOf(a), 6) }

// buildQueenBoard recomputes Figure 4 and checks Example 6's position.
func buildQueenBoard(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"Example 6: a queen on a 10 × 10 board moves south, west or south-west toward the target (0, 0); the green squares are the losing positions, the arrows how they are reached. \"From the position (4, 9) only the positions covered by blue or red arrows can be reached. So that position is losing.\""}
	const size = 10
	p, err := pPositions(ctx, 2, size)
	if err != nil {
		return err
	}
	_, st, r, err := l.solveStart(ctx, "wythoff(a=2,piles=4;9,view=queen)")
	if err != nil {
		return err
	}
	next, err := successors(st)
	if err != nil {
		return err
	}
	reach := map[[2]int]bool{}
	for _, n := range next {
		reach[[2]int{n.heaps[0], n.heaps[1]}] = true
	}
	board := &chart.Board{Title: "Figure 4 (Kombi): the 10 × 10 board, a = 2", XLabel: "x", YLabel: "y", Cols: size, Rows: size, Width: 14,
		Kinds: []chart.Kind{{Name: "losing position (P)", Color: pColor}, {Name: "a queen's move from (4, 9) reaches it", Color: reachColor}, {Name: "the queen at (4, 9)", Color: queenColor}, {Name: "the winning move's target", Color: chart.Palette[4]}}}
	var targets, losing []string
	for x := range size {
		for y := range size {
			switch {
			case x == 4 && y == 9:
				board.Cells = append(board.Cells, chart.Cell{X: x, Y: y, Kind: 2, Label: "Q"})
			case p[[2]int{x, y}] && reach[[2]int{x, y}]:
				losing = append(losing, fmt.Sprintf("(%d, %d)", x, y))
				board.Cells = append(board.Cells, chart.Cell{X: x, Y: y, Kind: 3, Label: "P"})
				targets = append(targets, fmt.Sprintf("(%d, %d)", x, y))
			case p[[2]int{x, y}]:
				losing = append(losing, fmt.Sprintf("(%d, %d)", x, y))
				board.Cells = append(board.Cells, chart.Cell{X: x, Y: y, Kind: 0, Label: "P"})
			case reach[[2]int{x, y}]:
				board.Cells = append(board.Cells, chart.Cell{X: x, Y: y, Kind: 1})
			}
		}
	}
	board.Kinds[3].Name = "a losing position the queen reaches: a winning move"
	it.figure = &figure{name: "wythoff-figure-4", chart: board, caption: "the losing positions of the 10 × 10 board for a = 2 (green, P), the squares a queen on (4, 9) reaches in one move (blue: south, west, or south-west by k and l squares with |k − l| < 2), and the losing position among them (purple): the winning move."}
	it.code = r.Text
	it.text = []string{"Kombi's solver on the position (4, 9):"}
	if r.Outcome == solve.Win {
		it.diffs = []diff{{"error in the text", fmt.Sprintf("(4, 9) is not a losing position for a = 2: the queen reaches the losing position %s (from (4, 9) to (2, 6) takes 2 and 3, and |2 − 3| = 1 < 2), so the player to move wins (Kombi's winning move: %s, 2 from the first heap and 3 from the second). The losing position in that column is (4, 10), just off the 10 × 10 board.", strings.Join(targets, " and "), strings.Join(r.BestMoves, " "))},
			{"note", fmt.Sprintf("the losing positions on the 10 × 10 board are %s: Table 2's pairs for a = 2 that fit the board, both ways round. The text does not list the figure's green squares, so they can be compared with these only by looking at the figure.", game.Series(losing, "and"))}}
	} else {
		it.diffs = []diff{{"agrees", "(4, 9) is a losing position, as the text says."}}
	}
	it.commands = []string{only(it.id), "kombi solve 'wythoff(a=2,piles=4;9,view=queen)'"}
	return nil
}

// table3 is the thesis' Table 3: n = 1..17 in the q- and p-systems, a = 2.
var table3 = [][2]string{{"1", "1"}, {"10", "2"}, {"11", "10"}, {"20", "11"}, {"100", "12"}, {"101", "20"}, {"110", "100"}, {"111", "101"}, {"120", "102"},
	{"200", "110"}, {"201", "111"}, {"1000", "112"}, {"1001", "120"}, {"1010", "200"}, {"1011", "201"}, {"1020", "202"}, {"1100", "1000"}}

// buildNumeration recomputes Table 3 and checks Examples 8–11.
func buildNumeration(_ context.Context, _ *lab, it *item) error {
	it.source = []string{"n = 1 to 17 written in the q-system (weights q_3..q_0 = 12, 5, 2, 1) and the p-system (p_3..p_0 = 17, 7, 3, 1) for a_i = 2. Examples 8–11 read it: R_q(12) = 1000 and I_p(1000) = 17; R_p(3) = 10 ends in one zero, so 3 = B_1; R_p(7) = 100 ends in two, so 7 = A_5; R_p(9) = 102, so 9 = A_7; R_p(B_3) = R_p(10) = 110 is R_p(A_3) = R_p(4) = 11 shifted; R_q(10) = 200 gives I_p(200) = 14 = A_10; R_q(7) = 110 gives I_p(110) = 10, \"A_7 + 1 = 9 + 1 + 10\"."}
	sys, err := wythoff.NewSystem(2)
	if err != nil {
		return err
	}
	p, q := sys.Weights(4)
	t := game.Table{Title: fmt.Sprintf("Table 3 recomputed: q-system (weights %s) and p-system (weights %s), a = 2", weights(q), weights(p)),
		Columns: []string{"n", "thesis R_q(n)", "Kombi R_q(n)", "thesis R_p(n)", "Kombi R_p(n)", "same"}}
	wrong := 0
	for i, row := range table3 {
		n := big.NewInt(int64(i + 1))
		rq, rp := sys.ReprQ(n).String(), sys.ReprP(n).String()
		same := rq == row[0] && rp == row[1]
		if !same {
			wrong++
		}
		t.Rows = append(t.Rows, []string{n.String(), row[0], rq, row[1], rp, yesNo(same)})
	}
	it.tables = []game.Table{t}
	checks := []struct {
		what string
		ok   bool
	}{
		{"R_q(12) = 1000 and I_p(1000) = 17", sys.ReprQ(big.NewInt(12)).String() == "1000" && sys.InterpP(sys.ReprQ(big.NewInt(12))).Int64() == 17},
		{"3 is a B-value (R_p(3) = 10: one trailing zero)", !sys.IsAValue(big.NewInt(3))},
		{"7 and 9 are A-values (R_p = 100 and 102: an even number of trailing zeros)", sys.IsAValue(big.NewInt(7)) && sys.IsAValue(big.NewInt(9))},
		{"R_p(10) = 110 is R_p(4) = 11 shifted left (Property 2)", sys.ReprP(big.NewInt(10)).String() == "110" && sys.ReprP(big.NewInt(4)).ShiftLeft().String() == "110"},
		{"I_p(R_q(10)) = I_p(200) = 14 = A_10 (Property 3)", sys.InterpP(sys.ReprQ(big.NewInt(10))).Int64() == 14},
		{"I_p(R_q(7)) = I_p(110) = 10 = A_7 + 1 (Property 3, an odd number of zeros)", sys.InterpP(sys.ReprQ(big.NewInt(7))).Int64() == 10},
	}
	ct := game.Table{Title: "Examples 8–11 checked", Columns: []string{"example", "Kombi"}}
	bad := 0
	for _, c := range checks {
		ct.Rows = append(ct.Rows, []string{c.what, yesNo(c.ok)})
		if !c.ok {
			bad++
		}
	}
	it.tables = append(it.tables, ct)
	it.text = []string{"the representations Kombi's arithmetic method uses, by the greedy algorithm of Theorem 3:"}
	if wrong == 0 && bad == 0 {
		it.diffs = []diff{{"agrees", "all 17 rows and the numbers of Examples 8–11."}}
	} else {
		it.diffs = []diff{{"differs", fmt.Sprintf("%d rows and %d examples differ.", wrong, bad)}}
	}
	it.diffs = append(it.diffs, diff{"print error", "Example 11 writes A_7 + 1 = 9 + 1 + 10; it means 9 + 1 = 10."})
	it.commands = []string{only(it.id)}
	return nil
}

// weights writes weights, the greatest first.
func weights(w []*big.Int) string {
	var parts []string
	for i := len(w) - 1; i >= 0; i-- {
		parts = append(parts, w[i].String())
	}
	return strings.Join(parts, ", ")
}

// code1Max is the largest n the thesis' Code 1 runs to here: it is
// quadratic (the thesis' 718 s at n = 327 680).
const code1Max = 327680

// code3Max is the largest n the thesis' Code 3 runs to here: it keeps the
// p- and q-system representations of 1..n in two maps, about 310 bytes per
// n (410 MB at 1 310 720; the thesis' 20 971 520 would take 6.5 GB).
const code3Max = 1310720

// timings are Kombi's measurements for Table 4 and Figures 5–9, stored.
type timings struct {
	Result *wythoff.BenchResult `json:"result"`
	// MaxN and Repeat are the settings they were measured with.
	MaxN   uint64 `json:"max_n"`
	Repeat int    `json:"repeat"`
}

// wythoffTimings measures (or reads) the timings.
func (l *lab) wythoffTimings(ctx context.Context) (*timings, stored, error) {
	opt := wythoff.BenchOptions{A: 2, MaxN: 671088640, Repeat: 3, Methods: "recursive,algebraic,arithmetic", RecursiveMax: code1Max, ArithmeticMax: code3Max}
	if l.quick {
		opt.MaxN, opt.Repeat, opt.NoBaseline = 40960, 1, true
	}
	var t timings
	st, err := l.result(ctx, fmt.Sprintf("wythoff/timings?a=2&max-n=%d&repeat=%d&baseline=%v&code1-max=%d&code3-max=%d", opt.MaxN, opt.Repeat, !opt.NoBaseline, opt.RecursiveMax, opt.ArithmeticMax), &t,
		func(ctx context.Context) (any, error) {
			opt.Progress = func(p solve.Progress) {
				l.report(fmt.Sprintf("the thesis' three methods of building the P-table timed at %s (%d of %d sizes)", p.Message, p.Done, p.Total))
			}
			r, err := wythoff.Bench(ctx, opt)
			if err != nil {
				return nil, err
			}
			return &timings{Result: r, MaxN: opt.MaxN, Repeat: opt.Repeat}, nil
		})
	if err != nil {
		return nil, st, err
	}
	return &t, st, nil
}

// wythoffTimeFigure is one of Figures 5–9: the methods it draws, and
// where the thesis has it.
type wythoffTimeFigure struct {
	number, title string
	methods       []string
	where         string
}

var wythoffTimeFigures = []wythoffTimeFigure{
	{"5", "The recursive method building the P-table", []string{"recursive"}, "§4.1, Figure 5, from p. 15"},
	{"6", "The algebraic method building the P-table", []string{"algebraic"}, "§4.2, Figure 6"},
	{"7", "The arithmetic method building the P-table", []string{"arithmetic"}, "§4.3, Figure 7"},
	{"8", "All methods building the P-table, summed up", []string{"recursive", "algebraic", "arithmetic"}, "§4.4, Figure 8"},
	{"9", "The algebraic and arithmetic methods building the P-table, summed up", []string{"algebraic", "arithmetic"}, "§4.4, Figure 9"},
}

var methodColor = map[string]int{"recursive": 1, "algebraic": 2, "arithmetic": 3}

// codeNumber is the number of the thesis' listing of each method (Code 1–3).
var codeNumber = map[string]string{"recursive": "1", "algebraic": "2", "arithmetic": "3"}

// buildWythoffTimes recomputes one of Figures 5–9.
func buildWythoffTimes(f wythoffTimeFigure) func(ctx context.Context, l *lab, it *item) error {
	return func(ctx context.Context, l *lab, it *item) error {
		it.source = []string{fmt.Sprintf("The time in milliseconds to build the P-table against n, a = 2, %s method%s (the data of Table 4).", strings.Join(f.methods, ", "), map[bool]string{true: "s", false: ""}[len(f.methods) > 1])}
		switch f.number {
		case "5":
			it.source = append(it.source, "The plot is labelled \"max pair (1 853 640, 4 475 080)\".")
		case "6":
			it.source = append(it.source, "The plot is labelled \"max pair (949 063 000, 2 291 240 000)\".")
		case "8", "9":
			it.source = append(it.source, "The conclusion: the algebraic method is the most efficient.")
		}
		t, st, err := l.wythoffTimings(ctx)
		if err != nil {
			return err
		}
		line := &chart.Line{Title: fmt.Sprintf("Figure %s (Kombi): building the P-table, a = 2", f.number), XLabel: "n", YLabel: "milliseconds", LogX: true, LogY: true}
		for _, m := range f.methods {
			var th, ko, cpp chart.Series
			th = chart.Series{Name: "thesis, " + m + " (C++, i7-4510U)", Marks: true, Color: methodColor[m]}
			ko = chart.Series{Name: "Kombi, " + m + " (Go, exact, this machine)", Color: methodColor[m]}
			cpp = chart.Series{Name: "the thesis' Code " + codeNumber[m] + " compiled here (g++ -O2)", Dashed: true, Color: methodColor[m]}
			for _, r := range t.Result.Rows {
				x := float64(r.N)
				if v, ok := r.ThesisMs[m]; ok {
					th.X, th.Y = append(th.X, x), append(th.Y, v)
				}
				if v, ok := r.Ms[m]; ok {
					ko.X, ko.Y = append(ko.X, x), append(ko.Y, v)
				}
				if v, ok := r.BaselineMs[m]; ok {
					cpp.X, cpp.Y = append(cpp.X, x), append(cpp.Y, v)
				}
			}
			for _, tt := range wythoff.ThesisTable4() {
				if tt.N > t.MaxN && !math.IsNaN(tt.Ms[methodIndex(m)]) {
					th.X, th.Y = append(th.X, float64(tt.N)), append(th.Y, tt.Ms[methodIndex(m)])
				}
			}
			line.Series = append(line.Series, th, ko)
			if len(cpp.X) > 0 && len(f.methods) == 1 {
				line.Series = append(line.Series, cpp)
			}
		}
		it.figure = &figure{name: "wythoff-figure-" + f.number, chart: line,
			caption: fmt.Sprintf("milliseconds to build the P-table A_0..A_n, B_0..B_n against n for a = 2, both axes logarithmic: the thesis' points (Table 4, marks), Kombi's exact methods measured on %s (lines, best of %d)%s.", st.Machine, t.Repeat, map[bool]string{true: " and the thesis' own C++ compiled here (dashed)", false: ""}[t.Result.Baseline != "" && len(f.methods) == 1])}
		it.text = []string{fmt.Sprintf("measured once and kept in the database (%s, %s).", st.Machine, t.Result.Baseline)}
		if t.Result.Baseline == "" {
			it.text[0] = fmt.Sprintf("measured once and kept in the database (%s; the thesis' C++ was not compiled: %s).", st.Machine, map[bool]string{true: "quick run", false: "g++ not found"}[l.quick])
		}
		it.diffs = timeDiffs(f, t)
		it.commands = []string{only(it.id), fmt.Sprintf("kombi bench wythoff --max-n %d --repeat %d", t.MaxN, t.Repeat)}
		return nil
	}
}

func methodIndex(m string) int {
	return map[string]int{"recursive": 0, "algebraic": 1, "arithmetic": 2}[m]
}

// timeDiffs compares the methods' times with the thesis' at the largest n
// both measured.
func timeDiffs(f wythoffTimeFigure, t *timings) []diff {
	var out []diff
	for _, m := range f.methods {
		var last *wythoff.BenchRow
		for i := range t.Result.Rows {
			r := &t.Result.Rows[i]
			if _, ok := r.ThesisMs[m]; ok {
				if _, ok := r.Ms[m]; ok {
					last = r
				}
			}
		}
		if last == nil {
			continue
		}
		text := fmt.Sprintf("%s method at n = %s: the thesis %s ms, Kombi %s ms (%s faster)", m, thousands(int64(last.N)), printedMs(last.ThesisMs[m]), chart.Number(last.Ms[m]), ratio(last.ThesisMs[m], last.Ms[m]))
		if c, ok := last.BaselineMs[m]; ok {
			text += fmt.Sprintf("; the thesis' own C++ here %s ms, so this machine alone is %s faster", chart.Number(c), ratio(last.ThesisMs[m], c))
		} else {
			for i := len(t.Result.Rows) - 1; i >= 0; i-- {
				r := t.Result.Rows[i]
				c, ok := r.BaselineMs[m]
				th, tok := r.ThesisMs[m]
				if ok && tok {
					text += fmt.Sprintf("; at n = %s, the largest the thesis' own C++ ran here, it took %s ms against the thesis' %s ms: this machine is %s faster, the rest is the algorithm", thousands(int64(r.N)), chart.Number(c), printedMs(th), ratio(th, c))
					break
				}
			}
		}
		switch m {
		case "recursive":
			text += ". The thesis' Code 1 looks for each mex from the start (quadratic); Kombi keeps the least unused number as it goes (linear), so the gap grows with n."
		case "algebraic":
			text += ". Kombi's algebraic method is exact (an integer square root advanced row by row), the thesis' is double precision, first wrong at n = 93 222 358 (Table 5)."
		case "arithmetic":
			text += ". The thesis rebuilds each representation with a binary search and copies (O(n log n)); Kombi's representations advance digit by digit."
		}
		kind := "faster machine and algorithm"
		if m == "algebraic" {
			kind = "faster machine; exact arithmetic"
		}
		out = append(out, diff{kind, text})
	}
	switch f.number {
	case "5":
		out = append(out, diff{"rounded label", "the plot's label \"max pair (1 853 640, 4 475 080)\" rounds the pair at n = 1 310 720, (1 853 638, 4 475 078), to tens."})
	case "6":
		out = append(out, diff{"rounded label", "the plot's label \"max pair (949 063 000, 2 291 240 000)\" rounds the pair at n = 671 088 640, (949 062 656, 2 291 239 936), to 6 digits."})
	case "8", "9":
		out = append(out, diff{"agrees", "the algebraic method is the fastest of the three here too, as the thesis concludes."})
	}
	return out
}

// printedMs writes one of the thesis' milliseconds as Table 4 prints it:
// the shortest form that reads back as the same number, which for the
// thesis' six significant digits is C++'s default output (179503,
// 0.036332, 2.87691e+06).
func printedMs(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// buildTable4 recomputes Table 4.
func buildTable4(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"Milliseconds to build the P-table for a = 2 by n (doubling from 10): recursive to n = 1 310 720 (1.1513e+07 ms), algebraic to 671 088 640 (42270.9 ms), arithmetic to 20 971 520 (230089 ms). The numbers are printed as C++ prints a double: six significant digits (179503, 0.036332, 786.699, 2.87691e+06). Intel i7-4510U at 2 GHz, 8 GB, Debian 9, gcc 6.3.0, the chrono library."}
	t, st, err := l.wythoffTimings(ctx)
	if err != nil {
		return err
	}
	table4(it, t, st, l.quick)
	return nil
}

// table4 fills Table 4's item with the timings t, stored as st.
func table4(it *item, t *timings, st stored, quick bool) {
	tab := game.Table{Title: fmt.Sprintf("Table 4 recomputed: milliseconds, a = 2 (Kombi best of %d on %s)", t.Repeat, st.Machine), Columns: []string{"n"}}
	// The verdict on the thesis' Code 2 (compiled here) comes next to n, where a screen shows it.
	hasBase := t.Result.Baseline != ""
	if hasBase {
		tab.Columns = append(tab.Columns, "thesis' Code 2 here exact")
	}
	methods := []string{"recursive", "algebraic", "arithmetic"}
	for _, m := range methods {
		tab.Columns = append(tab.Columns, m+": thesis", "Kombi", "thesis ÷ Kombi")
	}
	if hasBase {
		tab.Columns = append(tab.Columns, "thesis' Code 1 here", "thesis' Code 2 here", "thesis' Code 3 here")
	}
	cellMs := func(v float64, ok bool) string {
		if !ok {
			return ""
		}
		return chart.Number(v)
	}
	code3Rows, code3Wrong := 0, []string(nil)
	for _, r := range t.Result.Rows {
		row := []string{thousands(int64(r.N))}
		if hasBase {
			exact := ""
			if r.BaselineExact != nil {
				exact = map[bool]string{true: "yes", false: "**no** (rounding)"}[*r.BaselineExact]
			}
			row = append(row, exact)
		}
		for _, m := range methods {
			th, tok := r.ThesisMs[m]
			k, kok := r.Ms[m]
			rt := ""
			if tok && kok {
				rt = ratio(th, k)
			}
			thesis := ""
			if tok {
				thesis = printedMs(th)
			}
			row = append(row, thesis, cellMs(k, kok), rt)
		}
		if hasBase {
			c1, ok1 := r.BaselineMs["recursive"]
			c2, ok2 := r.BaselineMs["algebraic"]
			c3, ok3 := r.BaselineMs["arithmetic"]
			row = append(row, cellMs(c1, ok1), cellMs(c2, ok2), cellMs(c3, ok3))
			if r.ArithmeticExact != nil {
				code3Rows++
				if !*r.ArithmeticExact {
					code3Wrong = append(code3Wrong, thousands(int64(r.N)))
				}
			}
		}
		tab.Rows = append(tab.Rows, row)
	}
	for _, tt := range wythoff.ThesisTable4() {
		if tt.N > t.MaxN {
			row := []string{thousands(int64(tt.N))}
			if hasBase {
				row = append(row, "")
			}
			for i := range methods {
				v := ""
				if !math.IsNaN(tt.Ms[i]) {
					v = printedMs(tt.Ms[i])
				}
				row = append(row, v, "", "")
			}
			if hasBase {
				row = append(row, "", "", "")
			}
			tab.Rows = append(tab.Rows, row)
		}
	}
	tab.Notes = []string{"The thesis' milliseconds as it prints them (C++'s six significant digits: 2.87691e+06 is 2 876 910); Kombi's and the compiled listings' rounded to 4 digits.",
		"Kombi: exact tables in constant memory, checksummed (the three methods give the same checksum at every n)."}
	if quick {
		tab.Notes = append(tab.Notes, "Rows beyond the quick run's largest n show the thesis alone.")
	}
	if hasBase {
		tab.Notes = append(tab.Notes, fmt.Sprintf("The thesis' listings compiled here with %s: Code 1 to n = %s (quadratic), Code 2 at every n, Code 3 to n = %s: it keeps the p- and q-system representations of 1..n in two maps, about 310 bytes per n (410 MB at 1 310 720; the thesis' 20 971 520 would take 6.5 GB). Code 3's class members, which the thesis does not print, are declared as the listing uses them; Code 3 stops at the representations, so its check reads A_n off them by Property 3 after the clock stops.",
			t.Result.Baseline, thousands(int64(min(t.MaxN, code1Max))), thousands(int64(min(t.MaxN, code3Max)))))
	}
	it.tables = []game.Table{tab}
	it.text = []string{fmt.Sprintf("every method to n = %s, measured once and kept in the database (%s of measuring).", thousands(int64(t.MaxN)), game.Seconds(st.Seconds))}
	it.diffs = timeDiffs(wythoffTimeFigure{number: "4", methods: methods}, t)
	if hasBase {
		it.diffs = append(it.diffs, diff{"floating point", "the thesis' double-precision Code 2, compiled here, gives a wrong table at some n (\"no\" beside n above; Table 5 finds the first wrong n)."})
		if len(code3Wrong) == 0 && code3Rows > 0 {
			it.diffs = append(it.diffs, diff{"agrees", fmt.Sprintf("the thesis' Code 3, compiled here, computes the representations right: the A_n read off them are the exact table at each of its %d values of n (checksums equal).", code3Rows)})
		} else if len(code3Wrong) > 0 {
			it.diffs = append(it.diffs, diff{"differs", fmt.Sprintf("the A_n read off the representations of the thesis' Code 3, compiled here, are not the exact table at n = %s.", strings.Join(code3Wrong, ", "))})
		}
	}
	if quick {
		it.diffs = append(it.diffs, diff{"quick run", fmt.Sprintf("timed to n = %s only, without the thesis' C++.", thousands(int64(t.MaxN)))})
	}
	it.commands = []string{only(it.id), fmt.Sprintf("kombi bench wythoff --max-n %d --repeat %d", t.MaxN, t.Repeat)}
}

// table5Diffs compares the thesis' Table 5 with the exact pairs: how many
// rows are wrong and which is the first, read off the rows (the first
// double-precision error of the scan need not fall on a row: the rows are
// n = 10·2^j, and rows beyond it can still come out right).
func table5Diffs(res *wythoff.Table5Result, scan uint64, quick bool) []diff {
	first := slices.IndexFunc(res.Rows, func(r wythoff.Table5Row) bool { return !r.Right })
	if first < 0 {
		return []diff{{"agrees", fmt.Sprintf("all %d of the thesis' rows are exact.", len(res.Rows))}}
	}
	r := res.Rows[first]
	out := []diff{{"floating point", fmt.Sprintf("%d of the thesis' %d rows are wrong: double precision (53 bits) cannot hold n·α exactly, so ⌊nα⌋ comes out wrong at some large n, and the digits beyond the 16th are noise. The first wrong row is n = %s: the thesis gives (%s, %s), the exact pair is (%s, %s).",
		res.Wrong, len(res.Rows), bigThousands(r.N), r.ThesisA, r.ThesisB, r.A, r.B)}}
	if res.First > 0 {
		text := fmt.Sprintf("the thesis' Code 2 first goes wrong at n = %s (%d wrong values of n ≤ %s)", thousands(int64(res.First)), res.Bad, thousands(int64(scan)))
		var right []wythoff.Table5Row // the rows beyond the first error that are still right
		for _, x := range res.Rows[:first] {
			if x.N.Cmp(new(big.Int).SetUint64(res.First)) > 0 {
				right = append(right, x)
			}
		}
		switch {
		case len(right) == 1:
			text += fmt.Sprintf("; the row beyond it, n = %s, is still right: double precision errs at some n, not at every n, and the first wrong row is n = %s.", bigThousands(right[0].N), bigThousands(r.N))
		case len(right) > 1:
			text += fmt.Sprintf("; the %d rows beyond it from n = %s to %s are still right: double precision errs at some n, not at every n, and the first wrong row is n = %s.", len(right), bigThousands(right[0].N), bigThousands(right[len(right)-1].N), bigThousands(r.N))
		default:
			text += fmt.Sprintf("; the first wrong row, n = %s, is the first row beyond it.", bigThousands(r.N))
		}
		out = append(out, diff{"floating point", text})
	} else if quick {
		out = append(out, diff{"quick run", fmt.Sprintf("the scan stops at n = %s, before double precision first goes wrong (n = 93 222 358 in the full run).", thousands(int64(scan)))})
	}
	return out
}

// buildTable5 recomputes Table 5.
func buildTable5(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"(A_n, B_n) for a = 2 and n = 10·2^j, j = 0 to 99 (up to 6.3·10^30), computed with the algebraic method in double precision."}
	scan := uint64(671088640)
	if l.quick {
		scan = 1 << 20
	}
	var res wythoff.Table5Result
	if _, err := l.result(ctx, fmt.Sprintf("wythoff/table5?scan=%d", scan), &res, func(ctx context.Context) (any, error) {
		return wythoff.Table5(ctx, scan, func(p solve.Progress) {
			l.report(fmt.Sprintf("every n ≤ %s checked for the first error of double precision", thousands(int64(scan))))
		})
	}); err != nil {
		return err
	}
	res.Scanned = res.Scan // only a finished scan is stored
	rep := res.Report()
	it.tables = []game.Table{rep}
	it.text = []string{fmt.Sprintf("the exact pairs beside the thesis' (big integers: the algebraic method with an exact integer square root); the scan checks double-precision ⌊nα⌋ for every n ≤ %s.", thousands(int64(scan)))}
	it.diffs = table5Diffs(&res, scan, l.quick)
	it.commands = []string{only(it.id), fmt.Sprintf("kombi report wythoff-table5 --scan %d", scan)}
	return nil
}
