package sources

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/report/chart"
	"github.com/kombi/kombi/study/thue/thesis"
	"github.com/kombi/kombi/sweep"
)

// The Thue thesis: Rękawek, "Gra Thuego", Gdańsk 2016.

const (
	greedy  = "greedy"
	level1  = "nesting(level=1,ties=random)"
	level2  = "nesting(level=2,ties=random)"
	thue5   = "thue(alphabet=5,rule=square)"
	maxWord = 1000 // no game of the thesis' pairs comes near
)

// thueSpec is one of the sweeps of 5-symbol games the thesis' chapter 3
// played: a builder, a painter, seeds 1..games, stopped at maxLength (a
// part of the sweep's name, so that games stopped at another length are
// never mixed in).
func (l *lab) thueSpec(name, builder, painter string, games, quickGames, maxLength, quickMax int) *sweep.Spec {
	if l.quick {
		games, maxLength = quickGames, quickMax
	}
	return &sweep.Spec{Name: l.sweepName(fmt.Sprintf("%s-to%d", name, maxLength)), Games: []string{thue5}, Pairs: [][]string{{builder, painter}},
		Seeds: fmt.Sprintf("1..%d", games), MaxLength: maxLength, MaxMoves: -1}
}

// The thesis' pairs of chapter 3, as sweeps.
func (l *lab) b0p1() *sweep.Spec {
	return l.thueSpec("thue-b0-p1", greedy, level1, 12, 4, maxWord, maxWord)
}
func (l *lab) b1p1() *sweep.Spec {
	// Some of these games go on for hundreds of moves, each decision of the
	// level-1 builder costing more as the word grows (628 and 690 moves
	// took 2.5 minutes each): 400 shows the painter outlasting the thesis'
	// 213 within the document's time.
	return l.thueSpec("thue-b1-p1", level1, level1, 11, 3, 400, 100)
}
func (l *lab) b2p1() *sweep.Spec { return l.thueSpec("thue-b2-p1", level2, level1, 4, 1, maxWord, 40) }
func (l *lab) b0p2() *sweep.Spec { return l.thueSpec("thue-b0-p2", greedy, level2, 10, 1, 300, 60) }

// table31Spec is Table 3.1's grid: squares over 3 and 4 symbols from every
// starting symbol, nesting levels 0 to 2 for each role, ties broken first
// (random: at random, seeds 1..5).
func (l *lab) table31Spec(random bool) *sweep.Spec {
	ties, name, seeds := "first", "thue-table31", any([]any{int64(1)})
	if random {
		ties, name, seeds = "random", "thue-table31-random-ties", "1..5"
		if l.quick {
			seeds = "1..2"
		}
	}
	spec := &sweep.Spec{Name: l.sweepName(name), Seeds: seeds, MaxLength: 300}
	for k := 3; k <= 4; k++ {
		for s := range k {
			spec.Games = append(spec.Games, fmt.Sprintf("thue(alphabet=%d,rule=square,start=%d)", k, s))
		}
	}
	for p := range 3 {
		for b := range 3 {
			spec.Pairs = append(spec.Pairs, []string{nesting(b, ties), nesting(p, ties)})
		}
	}
	return spec
}

// nesting is the bot string of a nesting level (0: greedy).
func nesting(level int, ties string) string {
	if level == 0 {
		return greedy
	}
	return fmt.Sprintf("nesting(level=%d,ties=%s)", level, ties)
}

// levelOf reads a nesting level back from a bot string.
func levelOf(bot string) int {
	if bot == greedy {
		return 0
	}
	if i := strings.Index(bot, "level="); i >= 0 {
		n, _ := strconv.Atoi(strings.TrimRight(bot[i+6:i+7], ",)"))
		return n
	}
	return -1
}

// decisions are a record's decision seconds by role against the word
// length when each was made.
func decisions(r *game.Record, player game.Player) (xs, ys []float64) {
	length := 1
	for _, m := range r.Moves {
		if m.Player == player {
			xs, ys = append(xs, float64(length)), append(ys, m.Seconds)
		}
		if m.Player == 1 {
			length++
		}
	}
	return xs, ys
}

// secondsAt is the mean decision seconds of a role, over the games that
// reached it, at the word length nearest to want (within 5); at is the
// length used (0: none reached).
func secondsAt(recs []*game.Record, player game.Player, want int) (secs float64, at int) {
	best := 6
	for _, r := range recs {
		xs, _ := decisions(r, player)
		for _, x := range xs {
			if d := int(math.Abs(x - float64(want))); d < best {
				best, at = d, int(x)
			}
		}
	}
	if at == 0 {
		return 0, 0
	}
	var vals []float64
	for _, r := range recs {
		xs, ys := decisions(r, player)
		for i, x := range xs {
			if int(x) == at {
				vals = append(vals, ys[i])
			}
		}
	}
	return mean(vals), at
}

// lengths returns the records' lengths and which were stopped by the
// length bound (the painter survived).
func lengths(recs []*game.Record) (ls []int, stopped int) {
	for _, r := range recs {
		ls = append(ls, r.Length)
		if r.Aborted {
			stopped++
		}
	}
	return ls, stopped
}

// lengthStats are the lengths of a pair's games: their range and mean, and
// how many of them were stopped unbeaten at the sweep's cut-off (such a
// game's length is the cut-off, not where it ended: the longest length and
// the mean are then only lower bounds).
type lengthStats struct {
	games, shortest, longest, stopped int
	mean                              float64
}

// statsOf returns the lengths of recs (at least one).
func statsOf(recs []*game.Record) lengthStats {
	ls, stopped := lengths(recs)
	return lengthStats{games: len(ls), shortest: slices.Min(ls), longest: slices.Max(ls), stopped: stopped, mean: mean(floats(ls))}
}

// span writes the range and the mean, the mean with decimals: "71–191
// (mean 118.4 over 12 games)"; with games stopped at the cut-off, "33 to
// ≥ 400 (mean ≥ 199.7 over 11 games; 4 stopped unbeaten at the 400
// cut-off, not ended)".
func (s lengthStats) span(decimals int) string {
	if s.stopped == 0 {
		return fmt.Sprintf("%d–%d (mean %s over %s)", s.shortest, s.longest, fixed(s.mean, decimals), game.Plural(s.games, "game"))
	}
	return fmt.Sprintf("%d to ≥ %d (mean ≥ %s over %s; %d stopped unbeaten at the %d cut-off, not ended)", s.shortest, s.longest, fixed(s.mean, decimals), game.Plural(s.games, "game"), s.stopped, s.longest)
}

// meanText writes the mean over the games, "≥" when it is a lower bound.
func (s lengthStats) meanText() string {
	if s.stopped == 0 {
		return fmt.Sprintf("%s over %s", fixed(s.mean, 1), game.Plural(s.games, "game"))
	}
	return fmt.Sprintf("≥ %s over %s (%d of them stopped unbeaten at the %d cut-off: a lower bound)", fixed(s.mean, 1), game.Plural(s.games, "game"), s.stopped, s.longest)
}

// lengthList writes the lengths of recs in order, the games stopped at the
// cut-off apart: "33 38 50 and 4 stopped unbeaten at the 400 cut-off".
func lengthList(recs []*game.Record) string {
	var ended []int
	stopped := map[int]int{}
	for _, r := range recs {
		if r.Aborted {
			stopped[r.Length]++
		} else {
			ended = append(ended, r.Length)
		}
	}
	parts := []string{}
	if len(ended) > 0 {
		parts = append(parts, ints(sortedInts(ended)))
	}
	for _, at := range slices.Sorted(maps.Keys(stopped)) {
		parts = append(parts, fmt.Sprintf("%d stopped unbeaten at the %d cut-off", stopped[at], at))
	}
	return strings.Join(parts, " and ")
}

// builderComparison holds Kombi's games against the thesis' conclusion
// that the level-1 builder makes shorter games than the greedy builder
// against the level-1 painter (Table 3.3's text: mean 96.9 against
// 133.83). The means of games stopped at a cut-off are lower bounds: a
// comparison they leave open is said to be open.
func builderComparison(greedy, level1 lengthStats) diff {
	thesis := "the thesis concludes that the level-1 builder makes the games against the level-1 painter shorter than the greedy builder does (mean 96.9 against 133.83)"
	switch {
	case level1.mean >= greedy.mean && greedy.stopped == 0:
		verb := "longer"
		if level1.mean == greedy.mean {
			verb = "no shorter"
		}
		return diff{"conclusion reversed", fmt.Sprintf("%s; in Kombi's games the level-1 builder's games are %s: their mean is %s, against %s for the greedy builder. The same strategies with other random ties: Kombi's comparison comes out the other way.", thesis, verb, level1.meanText(), greedy.meanText())}
	case level1.mean < greedy.mean && level1.stopped == 0:
		return diff{"agrees", fmt.Sprintf("the level-1 builder makes shorter games than the greedy builder in Kombi's games too: their mean is %s, against %s for the greedy builder.", level1.meanText(), greedy.meanText())}
	}
	return diff{"not settled", fmt.Sprintf("%s; Kombi's games leave it open: the level-1 builder's mean is %s, against %s for the greedy builder.", thesis, level1.meanText(), greedy.meanText())}
}

func thueSection() *section {
	s := &section{id: "thue", short: "Thue thesis", title: "The Thue game — Rękawek's master's thesis (Gdańsk, 2016)", original: "Gra Thuego",
		author: "Szymon Rękawek, supervised by T. Dzido, University of Gdańsk", year: "2016",
		what: "A master's thesis in Polish: the Online Thue game of Grytczuk, Szafruga and Zmarz programmed in Java (\"Longest Free Word\"), its greedy and recursive (\"nesting\") strategies for both roles, and chapter 3's games between them, timed on a 2.6 GHz Intel Core i7 server over some 26 hours."}
	s.intro = []string{"Kombi plays the thesis' strategies (`greedy`, `nesting(level=L,ties=random)`, L the [nesting level](#glossary-nesting): exactly the decisions of the thesis' Java listings, which Kombi's tests check against a line-by-line translation of them, only far faster) in [sweeps](#glossary-sweep) stored in the database, and reads Tables 3.1–3.3 and Figures 3.1–3.8 off those games. The thesis broke ties at random (`randomization = true`), so its games and Kombi's are different games of the same players: their lengths are compared as distributions, their times as ratios."}
	s.add("section-1.2", "Section 1.2", "The Thue–Morse word: Morse blocks, fixed points and the parity of binary ones", buildThueMorse).where = "§1.2, pp. 8–9"
	s.add("section-1.3", "Section 1.3", "Square-free words: two letters, Thue's rule and his morphism of 1912", buildSquareFree).where = "§1.3, p. 10"
	s.add("section-1.4", "Section 1.4", "A square forced: S = 0212, the builder choosing position 1", buildForcedSquare).where = "§1.4, p. 11"
	s.add("section-2.2", "Section 2.2", "The repetition search counted: comparesFitInSequence, maxSeqSize and minSeqSize", buildSearchArithmetic).where = "§2.2, Listings 2.1–2.4, pp. 16–20"
	s.add("figure-2.1", "Figure 2.1", "How the square search works (S = abcbc)", buildThueSearch("abcbc", false)).where = "§2.2, Figure 2.1, pp. 16–20"
	s.add("figure-2.2", "Figure 2.2", "How the overlap search works (S = abaabaa)", buildThueSearch("abaabaa", true)).where = "§2.2, Figure 2.2, pp. 16–20"
	s.add("figure-2.3", "Figure 2.3", "A game of two people printed in the console", buildThueConsole).where = "§2.3, Figure 2.3, pp. 21–22"
	s.add("figure-2.4", "Figure 2.4", "How the computer's decisions are shown", buildThueDecisionLines).where = "§2.3, Figure 2.4, pp. 21–22"
	s.add("figure-2.5", "Figure 2.5", "The recursive painter at work (S = ab, the builder chose index 2)", buildThuePainterScores).where = "§2.6, Figure 2.5, pp. 26–28"
	s.add("figure-2.6", "Figure 2.6", "Longest Free Word with a graphical interface", buildThueGUI).where = "§2.8, Figure 2.6, pp. 30–31"
	s.add("table-3.1", "Table 3.1", "Greatest number of moves by the number of symbols", buildTable31).where = "§3.1, Table 3.1, pp. 32–34"
	s.add("section-3.1", "Section 3.1", "The claims of the text about game lengths", buildThueClaims).where = "§3.1, pp. 32–34"
	s.add("table-3.2", "Table 3.2", "Games of setPower = 5, builderNestingLevel = 0, painterNestingLevel = 1", buildThueGames(32)).where = "§3.1, Table 3.2, pp. 32–34"
	s.add("table-3.3", "Table 3.3", "Games of setPower = 5, builderNestingLevel = 1, painterNestingLevel = 1", buildThueGames(33)).where = "§3.1, Table 3.3, pp. 32–34"
	for _, f := range thueTimeFigures {
		s.add("figure-"+f.number, "Figure "+f.number, f.title, buildThueTimes(f)).where = "§3.2, Figure " + f.number + ", pp. 35–39"
	}
	s.add("figure-3.7", "Figure 3.7", "The first gap with two symbols left, the first with one, and the game's length (5 symbols, greedy builder, level-1 painter, 10 games)", buildThueNarrow).where = "§3.3, Figure 3.7, pp. 40–42"
	s.add("figure-3.8", "Figure 3.8", "Positions chosen by the level-1 recursive builder and by the greedy builder", buildThuePositions).where = "§3.3, Figure 3.8, pp. 40–42"
	return s
}

// buildThueSearch recomputes Figures 2.1 and 2.2: the thesis' search step
// by step, and the repetition the game's engine finds.
func buildThueSearch(letters string, overlap bool) func(ctx context.Context, l *lab, it *item) error {
	return func(_ context.Context, _ *lab, it *item) error {
		w := make([]byte, len(letters))
		for i := range letters {
			w[i] = letters[i] - 'a'
		}
		comps := thesis.Search(w, overlap)
		first := thesis.ListedFirst(overlap)
		title := "The thesis' search, comparison by comparison"
		if overlap {
			title = fmt.Sprintf("The overlap search, comparison by comparison: first a pass of halves of 2 that Kombi adds, marked Kombi's, then the thesis' first and second iterations, halves of %d and %d", first, first+1)
		}
		t := game.Table{Title: title,
			Columns: []string{"pass (half size)", "comparison", "left half", "right half", "equal"}}
		count := map[int]int{}
		added := 0
		for _, c := range comps {
			count[c.Size]++
			eq := "no"
			if c.Equal {
				eq = "**yes**"
			}
			pass := strconv.Itoa(c.Size)
			if c.Size < first {
				pass, added = fmt.Sprintf("%d (Kombi's)", c.Size), added+1
			} else if overlap {
				pass = fmt.Sprintf("%d (thesis' %s)", c.Size, []string{"1st", "2nd", "3rd"}[min(c.Size-first, 2)])
			}
			t.Rows = append(t.Rows, []string{pass, strconv.Itoa(count[c.Size]),
				fmt.Sprintf("%s (from %d)", thesis.Letters(w[c.Left:c.Left+c.Size]), c.Left), fmt.Sprintf("%s (from %d)", thesis.Letters(w[c.Right:c.Right+c.Size]), c.Right), eq})
		}
		if added > 0 {
			t.Notes = []string{fmt.Sprintf("The first %d rows, halves of 2, are Kombi's: the thesis' findOverlap starts at minSeqSize = %d and never makes them (the overlap aaa needs them: [Section 2.2](#thue-section-2-2)). Its first and second iterations are the passes of halves of %d and %d.", added, first, first, first+1)}
		}
		it.tables = []game.Table{t}
		rep, ok := thesis.RepetitionIn(w, overlap)
		last := comps[len(comps)-1]
		kind := "square"
		if overlap {
			kind = "overlap"
		}
		if !ok || !last.Equal {
			return fmt.Errorf("no %s found in %s", kind, letters)
		}
		found := thesis.Letters(w[rep.Start : rep.Start+rep.Length])
		it.text = []string{fmt.Sprintf("the game's engine finds the %s %s at positions %d–%d (period %d), the shortest and then leftmost one; the thesis' search stops at the same place, returning its left half %s.",
			kind, found, rep.Start, rep.Start+rep.Length-1, rep.Period, thesis.Letters(w[last.Left:last.Left+last.Size]))}
		if overlap {
			it.source = []string{"S = abaabaa. Columns: the passes of findOverlap (halves of 3, then 4 symbols); rows: the comparisons of compareSubSeqOverlap; the red and blue halves share the pink symbol. The overlap is found in the second pass at the first comparison: the halves abaa share the symbol a; the search returns abaa."}
			it.diffs = []diff{{"agrees", fmt.Sprintf("the same overlap, %s, found in the thesis' iteration %d at its comparison %d, as the text says (\"in the second iteration, at the first comparison\"): the halves abaa share the middle a.", found, last.Size-first+1, count[last.Size])},
				{"rule", "Kombi's search starts with halves of 2 symbols, which finds the overlap aaa (x = a, u empty: the thesis' own definition xuxux allows it); the thesis' listing starts at 3 and misses aaa. On abaabaa that adds a pass without a find, the rows marked \"Kombi's\": the overlap comes in the third pass here, the thesis' second."}}
		} else {
			it.source = []string{"S = abcbc. Columns: the passes of findSquare (halves of 1, then 2 symbols); rows: the comparisons of compareSubSeq. No square of halves of 1; the second pass finds two equal halves at its second comparison and returns bc."}
			it.diffs = []diff{{"agrees", fmt.Sprintf("the same square, %s, found in the second pass at its second comparison.", found)}}
		}
		it.commands = []string{only(it.id)}
		return nil
	}
}

// buildThueConsole replays the game of Figure 2.3 with Kombi's rules.
func buildThueConsole(_ context.Context, l *lab, it *item) error {
	it.source = []string{"Two people play 3 symbols from the word 0: index 1, symbol 2 (02); index 1, symbol 1 (012); index 3, symbol 1 (0121); index 4, symbol 2 (01212). The program prints the square found, \"1: { 1 } 2: { 2 } <-> 3: { 1 } 4: { 2 }\", and \"the game lasted 5 moves and 20.339 seconds\"."}
	g, err := l.games.Load("thue(alphabet=3,rule=square,start=0)", 1)
	if err != nil {
		return err
	}
	st := g.NewInitialState()
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", st.String())
	moves := [][2]string{{"1", "2"}, {"1", "1"}, {"3", "1"}, {"4", "2"}}
	for _, m := range moves {
		for i, text := range m {
			mv, err := st.ParseMove(text)
			if err == nil {
				err = st.Apply(mv)
			}
			if err != nil {
				return fmt.Errorf("move %s: %w", text, err)
			}
			if i == 1 {
				fmt.Fprintf(&b, "builder: index %s, painter: symbol %s → %s\n", m[0], m[1], st.String())
			}
		}
	}
	word := []byte{0, 1, 2, 1, 2}
	rep, ok := thesis.RepetitionIn(word, false)
	if !ok || !st.IsTerminal() {
		return fmt.Errorf("the game of Figure 2.3 did not end with a square")
	}
	a, c := rep.Halves()
	fmt.Fprintf(&b, "square: positions %d–%d (%s) = positions %d–%d (%s); the game is over at length %d\n",
		a[0], a[1]-1, "12", c[0], c[1]-1, "12", len(word))
	it.code = b.String()
	it.text = []string{"the same game replayed by the game's rules (`kombi play` with two people types the same indexes and symbols):"}
	it.diffs = []diff{{"agrees", "the same words, the same square (positions 1–2 and 3–4, 12 and 12) and the same length, 5."},
		{"note", "the thesis' \"5 moves\" is the word's length, 5 ([moves](#glossary-move)); `kombi play` counts turns, the builder's and the painter's apart, and ends with \"wins after 8 moves (length 5)\": 4 turns of each."},
		{"not recomputed", "the 20.339 seconds are the two people's thinking time."}}
	it.commands = []string{only(it.id), "printf '1\\n2\\n1\\n1\\n3\\n1\\n4\\n2\\n' | kombi play 'thue(alphabet=3,rule=square,start=0)' --p1 human --p2 human --no-db --no-out"}
	return nil
}

// buildThueDecisionLines shows the first computer decisions of a game of
// Table 3.2 with their times, as Kombi's transcripts do.
func buildThueDecisionLines(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"\"Computer chose index: 1 | Computing time: 24.127 s\" and \"Computer chose number: 4 | Computing time: 0.012 s\": the computer's choice and the seconds it took."}
	recs, err := l.play(ctx, l.b0p1())
	if err != nil {
		return err
	}
	if len(recs) == 0 {
		return fmt.Errorf("no game stored")
	}
	r := recs[0]
	var b strings.Builder
	for i, m := range r.Moves[:min(6, len(r.Moves))] {
		what := "index"
		if m.Player == 1 {
			what = "symbol"
		}
		fmt.Fprintf(&b, "turn %d: %s (%s) chose %s %s | %s\n", i+1, []string{"builder", "painter"}[m.Player], r.Players[m.Player], what, m.Move, game.Seconds(m.Seconds))
	}
	it.code = b.String()
	it.text = []string{fmt.Sprintf("the first decisions of the first game of Table 3.2 (seed %d), from its record in the database, turn by turn (a builder's turn and a painter's make one of the thesis' [moves](#glossary-move)); every record keeps each decision's seconds, and `kombi play` prints them as the thesis does.", r.Seed)}
	it.diffs = []diff{{"faster machine", "the thesis' 24.127 s was a deep recursive decision on a long word; Kombi's engine decides the same way in microseconds to milliseconds (Figures 3.1–3.6 compare like with like)."}}
	it.commands = []string{only(it.id), "kombi play 'thue(alphabet=5)' --p1 greedy --p2 'nesting(level=1,ties=random)' --seed 1"}
	return nil
}

// buildThuePainterScores recomputes Figure 2.5's scores.
func buildThuePainterScores(_ context.Context, _ *lab, it *item) error {
	it.source = []string{"S = ab, the builder chose index 2, Longest Square-Free Word over {a, b, c}: b would make a square, so the painter weighs a and c. After one level of recursion c is worth 6 (6 possibilities in the next rounds) and a 4; looking one move ahead is not always enough."}
	t := game.Table{Title: "The recursive painter's score of each symbol at index 2 of ab (squares, 3 symbols)", Columns: []string{"nesting level", "a", "b", "c", "the painter picks"}}
	var level1 []int64
	for level := 1; level <= 4; level++ {
		sc := thesis.PainterScores([]byte{0, 1}, 3, 2, level)
		if level == 1 {
			level1 = sc
		}
		row := []string{strconv.Itoa(level)}
		best, bestAt := int64(-1), -1
		for c, v := range sc {
			if v < 0 {
				row = append(row, "square")
				continue
			}
			row = append(row, thousands(v))
			if v > best {
				best, bestAt = v, c
			}
		}
		row = append(row, string(rune('a'+bestAt)))
		t.Rows = append(t.Rows, row)
	}
	it.tables = []game.Table{t}
	it.text = []string{"the scores of the thesis' Listing 2.7 computed by the game's engine, at the level of the figure and deeper:"}
	if len(level1) == 3 && level1[0] == 4 && level1[2] == 6 && level1[1] < 0 {
		it.diffs = []diff{{"agrees", "level 1 gives a 4 and c 6, and b makes a square, as the figure shows."}}
	} else {
		it.diffs = []diff{{"different scores", fmt.Sprintf("level 1 gives a %d and c %d here, the figure 4 and 6.", level1[0], level1[2])}}
	}
	it.commands = []string{only(it.id)}
	return nil
}

// buildThueGUI says what Kombi has instead of the thesis' Unity program.
func buildThueGUI(_ context.Context, _ *lab, it *item) error {
	it.source = []string{"A screenshot of the Unity3d version: one person builds the longest square-free word over three colours, picking the place and the colour; the squares are lit when one appears, and the best length is kept."}
	it.text = []string{"the same solo game is `kombi thue solo` in a terminal and, in the browser (`kombi serve`), the Thue game's solo mode: the word as tiles with gaps, the square bracketed at the end, the best length kept per alphabet and rule. The greatest length one can reach alone is unbounded (Thue's square-free words over 3 symbols), unlike the two-player game, where a builder works to force a square (Table 3.1)."}
	it.diffs = []diff{{"not recomputed", "a picture of a program's screen: there is no number to compare."}}
	it.commands = []string{"kombi thue solo", "kombi serve"}
	return nil
}

// table31Thesis is Table 3.1's length for a row of (k, painter, builder).
func table31Thesis(k, p, b int) string {
	switch {
	case k == 3:
		return "5"
	case p == 0 && b == 0:
		return "7"
	case p >= 1 && b >= 1:
		return "7"
	case p == 0 && b >= 1:
		return "10"
	}
	return "—"
}

// buildTable31 recomputes Table 3.1 with ties first and at random.
func buildTable31(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"setPower 3, any levels: 5 moves; setPower 4, painter 0, builder 0: 7 moves; painter ≥ 1, builder ≥ 1: 7 moves; painter 0, builder ≥ 1: 10 moves. The text: with 4 symbols and the greedy builder, whatever the painter's tactic, the game ends by move 10; the other rows are left out because their games did not always last the same."}
	first, err := l.play(ctx, l.table31Spec(false))
	if err != nil {
		return err
	}
	random, err := l.play(ctx, l.table31Spec(true))
	if err != nil {
		return err
	}
	type key struct{ k, p, b int }
	firstLens, randomLens := map[key][]int{}, map[key][]int{}
	var keys []key
	for _, r := range first {
		kk := key{alphabetOf(r), levelOf(r.Players[1]), levelOf(r.Players[0])}
		if _, ok := firstLens[kk]; !ok {
			keys = append(keys, kk)
		}
		firstLens[kk] = append(firstLens[kk], r.Length)
	}
	for _, r := range random {
		kk := key{alphabetOf(r), levelOf(r.Players[1]), levelOf(r.Players[0])}
		randomLens[kk] = append(randomLens[kk], r.Length)
	}
	slices.SortFunc(keys, func(a, b key) int {
		if a.k != b.k {
			return a.k - b.k
		}
		if a.p != b.p {
			return a.p - b.p
		}
		return a.b - b.b
	})
	t := game.Table{Title: "Table 3.1 recomputed: the game length in the thesis' moves (the final word's length), squares",
		Columns: []string{"setPower", "painterNestingLevel", "builderNestingLevel", "ties first: length from each start symbol", "random ties: lengths", "thesis"}}
	for _, kk := range keys {
		rl := sortedInts(randomLens[kk])
		rs := fmt.Sprint(rl[0])
		if rl[0] != rl[len(rl)-1] {
			rs = fmt.Sprintf("%d–%d", rl[0], rl[len(rl)-1])
		}
		th := table31Thesis(kk.k, kk.p, kk.b)
		t.Rows = append(t.Rows, []string{strconv.Itoa(kk.k), strconv.Itoa(kk.p), strconv.Itoa(kk.b), ints(firstLens[kk]), rs, th})
	}
	it.tables = []game.Table{t}
	it.text = []string{fmt.Sprintf("every pair of levels 0 (greedy) to 2 from every starting symbol, ties broken first (one game each) and at random ([seeds](#glossary-seed) %v each); %d games in all, stored as the sweeps `%s` and `%s`.",
		l.table31Spec(true).Seeds, len(first)+len(random), l.table31Spec(false).Name, l.table31Spec(true).Name)}
	get := func(k, p, b int) []int { return firstLens[key{k, p, b}] }
	var diffs []diff
	if gg := get(4, 0, 0); len(gg) == 4 && gg[3] != gg[0] {
		diffs = append(diffs, diff{"start symbol", fmt.Sprintf("with 4 symbols greedy against greedy lasts %d from the starting symbols 0–2 but %d from 3 (the greedy builder takes the last of the equally narrow gaps; from 3 the painter's first symbols, 0, 1, ..., fall differently): the thesis' 7 holds for three of the four starts.", gg[0], gg[3])})
	}
	if a, b := get(4, 0, 1), get(4, 1, 0); len(a) > 0 && len(b) > 0 && a[0] != 10 && b[0] == 10 {
		diffs = append(diffs, diff{"contradiction", fmt.Sprintf("the thesis contradicts itself, and Kombi sides with its first paragraph on 4 symbols (\"with the greedy builder, whatever the painter, the game ends by move 10\"): 10 moves for the greedy builder against a recursive painter (painter ≥ 1, builder 0: %s). The table's last row and the paragraph introducing it give the 10 moves to the greedy painter against a recursive builder (painter 0, builder ≥ 1), where Kombi finds %s.", ints(b), ints(a))})
	}
	all3 := true
	for p := range 3 {
		for b := range 3 {
			for _, x := range get(3, p, b) {
				all3 = all3 && x == 5
			}
		}
	}
	if all3 {
		diffs = append(diffs, diff{"agrees", "with 3 symbols every game played here ends at length 5: levels 0 to 2 for each role, from every starting symbol, ties first and at random."})
	}
	// The thesis' claims about any painter (§1.4, "whatever strategy Alice chooses"; §3.1, a painter of 7
	// levels) are claims about best play: the exact values say what the builder forces against every painter.
	var exact []string
	for _, k := range []int{3, 4} {
		_, _, r, err := l.solveStart(ctx, fmt.Sprintf("thue(alphabet=%d,rule=square,start=0)", k))
		if err != nil {
			return err
		}
		if r.Complete && r.Value != nil {
			exact = append(exact, fmt.Sprintf("%v with %d symbols", r.Value, k))
		}
	}
	if len(exact) == 2 {
		diffs = append(diffs, diff{"note", fmt.Sprintf("the games above are of levels 0 to 2 only; the thesis' claims about any painter (§1.4: with 3 symbols a good builder ends the game by length 5 \"whatever strategy Alice chooses\"; §3.1: even against a painter of 7 levels) are about best play, which Kombi's exact solver settles: the game's value, the length a best builder forces against every painter, is %s (`kombi solve 'thue(alphabet=3,rule=square,start=0)'`, `kombi report frontier`).", strings.Join(exact, " and "))})
	}
	if a := get(4, 1, 1); len(a) > 0 && a[0] == 7 {
		diffs = append(diffs, diff{"agrees", "recursive against recursive (levels 1 and 2) lasts 7 with 4 symbols."})
	}
	it.diffs = diffs
	it.commands = []string{only(it.id), "kombi report thue-table31 --format markdown"}
	return nil
}

// alphabetOf reads the alphabet size of a Thue record's game string.
func alphabetOf(r *game.Record) int {
	if i := strings.Index(r.Game, "alphabet="); i >= 0 {
		n, _ := strconv.Atoi(strings.TrimRight(r.Game[i+9:i+10], ",)"))
		return n
	}
	return 0
}

// buildThueClaims checks section 3.1's claims against the games.
func buildThueClaims(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"With 3 symbols every game ends by move 5, even the greedy builder against a painter of 7 levels; with 4, by move 10. With 5 symbols the games lasted from 11 to at least 236 moves: the greedy painter always makes a square at move 11 whatever the builder's level; against the level-1 painter the greedy builder's games lasted 44 to 236 moves (mean 133.83); the level-1 builder's 30 to 213. The level-2 painter was never forced into a square by the greedy builder: over 10 games of up to 220 moves, about 26 hours."}
	spec := &sweep.Spec{Name: l.sweepName("thue-greedy-painter"), Games: []string{thue5}, Seeds: "1..5", MaxLength: maxWord, MaxMoves: -1,
		Pairs: [][]string{{greedy, greedy}, {level1, greedy}, {level2, greedy}}}
	if l.quick {
		spec.Seeds = "1..2"
	}
	gp, err := l.play(ctx, spec)
	if err != nil {
		return err
	}
	b0p1, err := l.play(ctx, l.b0p1())
	if err != nil {
		return err
	}
	b1p1, err := l.play(ctx, l.b1p1())
	if err != nil {
		return err
	}
	b0p2, err := l.play(ctx, l.b0p2())
	if err != nil {
		return err
	}
	if len(b0p1) == 0 || len(b1p1) == 0 || len(b0p2) == 0 {
		return fmt.Errorf("no game stored")
	}
	gpl, _ := lengths(gp)
	l1, l2 := statsOf(b0p1), statsOf(b1p1)
	l3, stopped := lengths(b0p2)
	secs := 0.0
	for _, r := range b0p2 {
		secs += gameSeconds(r)
	}
	t := game.Table{Title: "Section 3.1's claims, 5 symbols, against Kombi's games", Columns: []string{"claim", "thesis", "Kombi"}}
	byBuilder := map[string][]string{}
	for _, r := range gp {
		byBuilder[r.Players[0]] = append(byBuilder[r.Players[0]], fmt.Sprintf("%d (start %s)", r.Length, startOf(r)))
	}
	for _, b := range spec.Pairs {
		t.Rows = append(t.Rows, []string{"the greedy painter against the " + words(b[0]) + " builder", "a square at move 11, whatever the builder", strings.Join(byBuilder[b[0]], ", ")})
	}
	t.Rows = append(t.Rows,
		[]string{"greedy builder against the level-1 painter", "44–236 (mean 133.83)", l1.span(1)},
		[]string{"level-1 builder against the level-1 painter", "30–213 (Table 3.3's 11 games; the text's mean, 96.9, is of the 10 shortest)", l2.span(1)},
		[]string{"level-2 painter against the greedy builder", "never beaten in over 10 games of ≤ 220 moves (about 26 hours)",
			fmt.Sprintf("%d of %s reached %d symbols unbeaten; %s of decisions in all", stopped, game.Plural(len(l3), "game"), l.b0p2().MaxLength, game.Seconds(secs))})
	it.tables = []game.Table{t}
	it.text = []string{"the claims of the text about 5 symbols, from the sweeps `" + spec.Name + "`, `" + l.b0p1().Name + "`, `" + l.b1p1().Name + "` and `" + l.b0p2().Name + "` (the 3- and 4-symbol claims are Table 3.1's)."}
	all11 := true
	for _, x := range gpl {
		all11 = all11 && x == 11
	}
	if all11 {
		it.diffs = append(it.diffs, diff{"agrees", fmt.Sprintf("the greedy painter loses at length 11 in %s, whatever the builder's level.", game.All(len(gpl), "game"))})
	} else {
		var odd []string
		for _, r := range gp {
			if r.Length != 11 {
				odd = append(odd, fmt.Sprintf("the %s builder from the start %s: %d", words(r.Players[0]), startOf(r), r.Length))
			}
		}
		it.diffs = append(it.diffs, diff{"counterexample", fmt.Sprintf("the greedy painter does not always lose at move 11: %s (the greedy painter and the greedy builder are deterministic, so only the starting symbol and the recursive builders' random ties change the game; the thesis' games happened to end at 11).", strings.Join(odd, "; "))})
	}
	if stopped == len(l3) {
		it.diffs = append(it.diffs, diff{"agrees", fmt.Sprintf("the level-2 painter survives the greedy builder to %d symbols in %s (the thesis stopped at 220 moves after about 26 hours; here %s of decisions).", l.b0p2().MaxLength, game.All(len(l3), "game"), game.Seconds(secs))})
	} else {
		it.diffs = append(it.diffs, diff{"differs", fmt.Sprintf("the greedy builder beat the level-2 painter in %d of %d games (lengths %s).", len(l3)-stopped, len(l3), lengthList(b0p2))})
	}
	it.diffs = append(it.diffs, builderComparison(l1, l2))
	it.diffs = append(it.diffs, diff{"chance", "random ties make every game different: the ranges and means of the games are compared, not single games."})
	if l.quick {
		it.diffs = append(it.diffs, diff{"quick run", "fewer and shorter games than the thesis played (the full run plays 10 games of the level-2 painter to 300 symbols)."})
	}
	it.commands = []string{only(it.id), "kombi sweep results " + l.b0p2().Name + " --format markdown"}
	return nil
}

// thesisGame is a row of Tables 3.2 and 3.3: a game's length and duration.
type thesisGame struct {
	length   int
	duration string
	seconds  float64
}

// Tables 3.2 and 3.3 as printed, their durations' units in English (the
// thesis writes "1 godz. 30 min. 27 s.": godz. for hours), each kept on
// one line with its number.
var (
	table32 = []thesisGame{{44, "0.1\u00a0s", 0.1}, {56, "0.4\u00a0s", 0.4}, {81, "2.4\u00a0s", 2.4}, {88, "4.3\u00a0s", 4.3}, {100, "7.6\u00a0s", 7.6}, {102, "7.3\u00a0s", 7.3},
		{163, "1\u00a0min 27\u00a0s", 87}, {171, "1\u00a0min 48\u00a0s", 108}, {173, "1\u00a0min 59\u00a0s", 119}, {193, "4\u00a0min", 240}, {199, "3\u00a0min 38\u00a0s", 218}, {236, "8\u00a0min 51\u00a0s", 531}}
	table33 = []thesisGame{{30, "1.2\u00a0s", 1.2}, {42, "5.1\u00a0s", 5.1}, {45, "11\u00a0s", 11}, {47, "7.8\u00a0s", 7.8}, {73, "1\u00a0min 17\u00a0s", 77}, {104, "9\u00a0min 38\u00a0s", 578},
		{114, "29\u00a0min 29\u00a0s", 1769}, {134, "1\u00a0h 30\u00a0min 27\u00a0s", 5427}, {178, "5\u00a0h 11\u00a0min 22\u00a0s", 18682}, {202, "9\u00a0h 42\u00a0min 15\u00a0s", 34935}, {213, "13\u00a0h 04\u00a0min 35\u00a0s", 47075}}
)

// secondsTo is the decision seconds a record spent until its word reached
// length symbols (0 when it never did).
func secondsTo(r *game.Record, length int) float64 {
	if r.Length < length {
		return 0
	}
	s, word := 0.0, 1
	for _, m := range r.Moves {
		if word >= length {
			break
		}
		s += m.Seconds
		if m.Player == 1 {
			word++
		}
	}
	return s
}

// buildThueGames recomputes Table 3.2 (table 32) or 3.3 (33).
func buildThueGames(table int) func(ctx context.Context, l *lab, it *item) error {
	return func(ctx context.Context, l *lab, it *item) error {
		rows, spec, who := table32, l.b0p1(), "the greedy builder against the level-1 painter"
		it.source = []string{"12 games of the greedy builder against the level-1 painter, random ties: lengths from 44 to 236 moves (mean 133.83), durations from 0.1 s to 8 min 51 s."}
		if table == 33 {
			rows, spec, who = table33, l.b1p1(), "the level-1 builder against the level-1 painter"
			it.source = []string{"The level-1 builder against the level-1 painter, random ties: \"in 10 trials the game lasted from 30 to 213 moves; the mean, 96.9, is 37.23 lower than with the greedy builder\". The table lists 11 games, the longest 213 moves in 13 h 04 min 35 s."}
		}
		recs, err := l.play(ctx, spec)
		if err != nil {
			return err
		}
		if len(recs) == 0 {
			return fmt.Errorf("no game stored")
		}
		slices.SortStableFunc(recs, func(a, b *game.Record) int { return a.Length - b.Length })
		t := game.Table{Title: fmt.Sprintf("%s recomputed: %s, 5 symbols, random ties. Row i pairs the i-th shortest of the thesis' games with the i-th shortest of Kombi's: the columns of a row are not one game", it.label, who),
			Columns: []string{"thesis: moves (word length)", "thesis: duration", "Kombi's time for that many symbols", "thesis ÷ Kombi", "Kombi: moves (word length)", "Kombi: seconds (seed, start)"}}
		longest := recs[len(recs)-1]
		var ratios []float64
		for i := range max(len(rows), len(recs)) {
			row := make([]string, 6)
			if i < len(rows) {
				row[0], row[1] = strconv.Itoa(rows[i].length), rows[i].duration
				var best *game.Record
				for _, r := range recs {
					if r.Length >= rows[i].length && (best == nil || r.Length < best.Length) {
						best = r
					}
				}
				if best != nil {
					k := secondsTo(best, rows[i].length)
					row[2], row[3] = game.Seconds(k), ratio(rows[i].seconds, k)
					if k > 0 {
						ratios = append(ratios, rows[i].seconds/k)
					}
				} else {
					row[2], row[3] = fmt.Sprintf("— (no game reached %d)", rows[i].length), "—"
				}
			}
			if i < len(recs) {
				r := recs[i]
				row[4] = strconv.Itoa(r.Length)
				if r.Aborted {
					row[4] = fmt.Sprintf("≥ %d (stopped unbeaten)", r.Length)
				}
				row[5] = fmt.Sprintf("%s (seed %d, start %s)", game.Seconds(gameSeconds(r)), r.Seed, startOf(r))
			}
			t.Rows = append(t.Rows, row)
		}
		thesisLens := make([]int, len(rows))
		for i, r := range rows {
			thesisLens[i] = r.length
		}
		t.Notes = []string{fmt.Sprintf("Lengths: thesis %d–%d (mean %s over %d games), Kombi %s. Moves are the thesis' [moves](#glossary-move): the length of the word when the game ended, the first symbol included (one builder's turn and one painter's per symbol added). Kombi's time for that many symbols: the decision seconds of the shortest of Kombi's games that reached the thesis' length, up to that length (the same strategies on a word of the same length). The thesis' durations are given with their units in English (the thesis writes them in Polish: godz. for hours, min., s.).",
			thesisLens[0], thesisLens[len(thesisLens)-1], fixed(mean(floats(thesisLens)), 2), len(rows), statsOf(recs).span(2))}
		it.tables = []game.Table{t}
		longestText := fmt.Sprintf("the longest lasted %d moves and took %s of decisions", longest.Length, game.Seconds(gameSeconds(longest)))
		if longest.Aborted {
			longestText = fmt.Sprintf("the longest was stopped unbeaten at the %d cut-off after %s of decisions", longest.Length, game.Seconds(gameSeconds(longest)))
		}
		it.text = []string{fmt.Sprintf("%s played %s (sweep `%s`); %s on %s.", who, game.Plural(len(recs), "game"), spec.Name, longestText, l.machine())}
		if len(ratios) > 0 {
			slices.Sort(ratios)
			it.diffs = append(it.diffs, diff{"faster machine", fmt.Sprintf("Kombi plays the same number of symbols %s to %s faster than the thesis (median %s): the same decisions computed by an incremental engine (no list rebuilt per candidate) on this machine instead of the thesis' Java program.",
				ratio(ratios[0], 1), ratio(ratios[len(ratios)-1], 1), ratio(median(ratios), 1))})
		}
		it.diffs = append(it.diffs, diff{"chance", "random ties make every game different: the lengths are compared as ranges and means, not game by game."})
		if _, stopped := lengths(recs); stopped > 0 {
			it.diffs = append(it.diffs, stoppedGames(stopped, len(recs), spec.MaxLength, rows[len(rows)-1].length, len(rows)))
		}
		if table == 33 {
			first10 := 0
			for _, r := range rows[:10] {
				first10 += r.length
			}
			all := first10 + rows[10].length
			it.diffs = append(it.diffs, diff{"print error", fmt.Sprintf("the text speaks of 10 games and a mean of 96.9, the table lists 11: 96.9 is the mean of its 10 shortest games (%d ÷ 10); with the 213-move game the mean is %s.", first10, fixed(float64(all)/11, 2))},
				diff{"print error", fmt.Sprintf("96.9 is %s lower than 133.83, not 37.23.", fixed(133.83-96.9, 2))})
			greedy, err := l.play(ctx, l.b0p1())
			if err != nil {
				return err
			}
			if len(greedy) > 0 {
				it.diffs = append(it.diffs, builderComparison(statsOf(greedy), statsOf(recs)))
			}
		} else {
			it.diffs = append(it.diffs, diff{"agrees", fmt.Sprintf("the thesis' mean, 133.83, is its 12 lengths' mean (%s).", fixed(mean(floats(thesisLens)), 2))},
				diff{"note", "the thesis' durations are not in the order of the lengths (102 moves in 7.3 s, 100 in 7.6 s; 199 in 3 min 38 s, 193 in 4 min): the games differ, and the thesis itself blames other processes on its server."})
		}
		if l.quick {
			it.diffs = append(it.diffs, diff{"quick run", "fewer games than the thesis played."})
		}
		it.commands = []string{only(it.id), "kombi sweep results " + spec.Name + " --format markdown"}
		return nil
	}
}

// stoppedGames says that stopped of Kombi's n games reached the sweep's
// length bound with the painter unbeaten, against the thesis' longest of
// its games: beyond it, Kombi's painter outlived every thesis game; below
// it, the bound cut Kombi's games short (a quick run).
func stoppedGames(stopped, n, bound, thesisLongest, thesisGames int) diff {
	were, them := "were", "them"
	if stopped == 1 {
		were, them = "was", "it"
	}
	text := fmt.Sprintf("%s of Kombi's %d reached %d symbols with the painter unbeaten and %s stopped there (the mean counts %s as %d)",
		game.Plural(stopped, "game"), n, bound, were, them, bound)
	if bound > thesisLongest {
		return diff{"longer games", fmt.Sprintf("%s: longer than the longest of the thesis' %d games, %d. The same strategies with other random ties: the painter sometimes survives far longer than the thesis saw.", text, thesisGames, thesisLongest)}
	}
	return diff{"stopped games", fmt.Sprintf("%s: this run stops its games at %d symbols, below the thesis' longest, %d, so Kombi's longest lengths and mean are only lower bounds.", text, bound, thesisLongest)}
}

// timeFigure is one of Figures 3.1–3.6: decision seconds of one role
// against the word length in the games of one pair.
type timeFigure struct {
	number, title string
	// spec picks the pair's sweep, player the role.
	spec   func(l *lab) *sweep.Spec
	player game.Player
	// quoted are the seconds the thesis' text gives for this figure:
	// at word lengths.
	quoted map[int]float64
}

var thueTimeFigures = []timeFigure{
	{"3.1", "Seconds the builder needed per decision: setPower = 5, builder level 0, painter level 1", (*lab).b0p1, 0, nil},
	{"3.2", "Seconds the builder needed per decision: setPower = 5, builder level 1, painter level 1", (*lab).b1p1, 0, nil},
	{"3.3", "Seconds the builder needed per decision: setPower = 5, builder level 2, painter level 1", (*lab).b2p1, 0, nil},
	{"3.4", "Seconds the painter needed per decision: setPower = 5, builder level 0, painter level 1", (*lab).b0p1, 1, nil},
	{"3.5", "Seconds the painter needed per decision: setPower = 5, builder level 2, painter level 1", (*lab).b2p1, 1, map[int]float64{79: 0.061}},
	{"3.6", "Seconds the painter needed per decision: setPower = 5, builder level 0, painter level 2", (*lab).b0p2, 1, map[int]float64{79: 17.711}},
}

// buildThueTimes recomputes one of Figures 3.1–3.6.
func buildThueTimes(f timeFigure) func(ctx context.Context, l *lab, it *item) error {
	return func(ctx context.Context, l *lab, it *item) error {
		role := []string{"builder", "painter"}[f.player]
		spec := f.spec(l)
		it.source = []string{fmt.Sprintf("A plot of the seconds the %s took per decision against the length of the word, in one game of the configuration setPower = 5, builderNestingLevel = %d, painterNestingLevel = %d.", role, levelOf(spec.Pairs[0][0]), levelOf(spec.Pairs[0][1]))}
		switch f.number {
		case "3.1":
			it.source = append(it.source, "The text: the shortest decision took a thousandth of a second, the longest about two hours; the time grows with the length of the word; the bumps are probably other processes on the machine.")
		case "3.3":
			it.source = append(it.source, "The text: at a word of length 100 the level-2 builder took about 170 times longer per decision than the level-1 builder (Figure 3.2).")
		case "3.4":
			it.source = append(it.source, "The text: the painter's time shows when it is close to losing (few symbols fit, few simulations); the greedy builder cycles the painter's options.")
		case "3.5":
			it.source = append(it.source, "The text: against the recursive builder the curves are much spikier; that game ends at move 82. At length 79 the level-1 painter took 0.061 s.")
		case "3.6":
			it.source = append(it.source, "The text: at length 79 the level-2 painter took 17.711 s, about 290 times the level-1 painter's 0.061 s (Figure 3.5).")
		}
		recs, err := l.play(ctx, spec)
		if err != nil {
			return err
		}
		if len(recs) == 0 {
			return fmt.Errorf("no game stored")
		}
		line := &chart.Line{Title: fmt.Sprintf("Figure %s (Kombi): the %s %s's seconds per decision", f.number, words(spec.Pairs[0][f.player]), role), XLabel: "word length", YLabel: "seconds", LogY: true, WholeX: true}
		shown := spread(recs)
		var fastest, slowest float64 = math.Inf(1), 0
		for _, r := range shown {
			xs, ys := decisions(r, f.player)
			name := fmt.Sprintf("Kombi's game of seed %d (start %s): %d symbols", r.Seed, startOf(r), r.Length)
			if r.Aborted {
				name += ", stopped unbeaten"
			}
			line.Series = append(line.Series, chart.Series{Name: name, X: xs, Y: ys})
		}
		for _, r := range recs {
			_, ys := decisions(r, f.player)
			for _, y := range ys {
				if y > 0 {
					fastest = math.Min(fastest, y)
				}
				slowest = math.Max(slowest, y)
			}
		}
		for at, secs := range f.quoted {
			line.Series = append(line.Series, chart.Series{Name: fmt.Sprintf("thesis: %g s at length %d (quoted in the text)", secs, at), X: []float64{float64(at)}, Y: []float64{secs}, Marks: true, Color: 7})
		}
		it.figure = &figure{name: "thue-figure-" + strings.ReplaceAll(f.number, ".", "-"), chart: line,
			caption: fmt.Sprintf("seconds per decision of the %s %s against the word length when deciding, logarithmic scale, in %s of the %s builder against the %s painter, 5 symbols, random ties (%s).", words(spec.Pairs[0][f.player]), role, game.Plural(len(shown), "game"), words(spec.Pairs[0][0]), words(spec.Pairs[0][1]), whichShown(len(shown), len(recs), spec.Name))}
		it.text = []string{fmt.Sprintf("the %s's decisions in %s of the pair, from their records; over %s of the pair (%s %s) its decisions took %s to %s.", role, game.Plural(len(shown), "game"), game.All(len(recs), "game"), lengthWord(len(recs)), lengthList(recs), game.Seconds(fastest), game.Seconds(slowest))}
		switch f.number {
		case "3.3":
			b1, err := l.play(ctx, l.b1p1())
			if err != nil {
				return err
			}
			want := min(100, slices.Max(recLengths(recs))-1)
			s2, at := secondsAt(recs, 0, want)
			s1, at1 := secondsAt(b1, 0, at)
			if at > 0 && at1 == at && s1 > 0 {
				where := fmt.Sprintf("at a word of length %d", at)
				if want < 100 {
					where += fmt.Sprintf(" (no game of the level-2 builder reached 100: the longest lasted %d)", want+1)
				}
				it.diffs = append(it.diffs, diff{"the levels' ratio", fmt.Sprintf("%s the level-2 builder took %s per decision and the level-1 builder %s: %s longer (the thesis: about 170× at length 100). Each level multiplies the work by the moves it simulates, so the ratio grows with the word.", where, game.Seconds(s2), game.Seconds(s1), ratio(s2, s1))})
			} else {
				it.diffs = append(it.diffs, diff{"not compared", "no game of both builders reached a common length."})
			}
		case "3.6":
			b2, err := l.play(ctx, l.b2p1())
			if err != nil {
				return err
			}
			// At 79 as the thesis, or at the longest length both painters' games reached.
			want := min(79, slices.Max(recLengths(recs))-1, slices.Max(recLengths(b2))-1)
			s2, at := secondsAt(recs, 1, want)
			s1, at1 := secondsAt(b2, 1, at)
			if at > 0 && at1 == at && s1 > 0 {
				where := fmt.Sprintf("at length %d", at)
				if want < 79 {
					where += " (the longest both painters' games reached here; the thesis compared at 79)"
				}
				it.diffs = append(it.diffs, diff{"the levels' ratio", fmt.Sprintf("%s the level-2 painter took %s per decision, the level-1 painter (Figure 3.5's games) %s: %s (the thesis: 17.711 s against 0.061 s at length 79, about 290×).", where, game.Seconds(s2), game.Seconds(s1), ratio(s2, s1))})
			} else {
				it.diffs = append(it.diffs, diff{"not compared", "no length was reached by games of both painters."})
			}
		}
		if f.quoted != nil {
			for at, secs := range f.quoted {
				if k, kat := secondsAt(recs, f.player, at); kat > 0 {
					it.diffs = append(it.diffs, diff{"faster machine", fmt.Sprintf("at length %d the thesis' %s took %g s, Kombi's %s (%s faster).", kat, role, secs, game.Seconds(k), ratio(secs, k))})
				}
			}
		}
		if f.number == "3.1" {
			it.diffs = append(it.diffs, diff{"faster machine", fmt.Sprintf("the thesis' decisions took 0.001 s to about two hours over all its games; Kombi's greedy builder here takes %s to %s.", game.Seconds(fastest), game.Seconds(slowest))})
		}
		it.diffs = append(it.diffs, diff{"chance", "random ties: Kombi's games are not the thesis' games; the shape (time growing with the word, spikes where few symbols fit) is what compares."})
		it.commands = []string{only(it.id), fmt.Sprintf("kombi sweep plot %s --kind decision-times --log -o times.png", spec.Name)}
		return nil
	}
}

// buildThueNarrow recomputes Figure 3.7.
func buildThueNarrow(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"10 games, 5 symbols, the greedy builder against the level-1 painter: for each, where a gap with two symbols left was first chosen, where a gap with one symbol left was, and the game's length. The text: within a few moves of the first gap with two symbols comes one with a single symbol; there is no correlation between that first break from the \"iterative tactic\" and the game's length."}
	recs, err := l.play(ctx, l.b0p1())
	if err != nil {
		return err
	}
	recs = recs[:min(10, len(recs))]
	bars := &chart.Bars{Title: "Figure 3.7 (Kombi): the greedy builder's first narrow gaps", XLabel: "game (seed)", YLabel: "word length", Whole: true}
	var two, ls []float64
	g2, g1, gl := chart.BarGroup{Name: "first gap chosen with 2 symbols left"}, chart.BarGroup{Name: "first gap chosen with 1 symbol left"}, chart.BarGroup{Name: "length of the game"}
	var gaps []float64
	for _, r := range recs {
		ch, ok, err := thesis.Gaps(l.games, r)
		if err != nil || !ok {
			return fmt.Errorf("game of seed %d: %v", r.Seed, err)
		}
		a, b := thesis.FirstNarrow(ch)
		bars.Categories = append(bars.Categories, fmt.Sprintf("%d", r.Seed))
		g2.Values, g1.Values, gl.Values = append(g2.Values, float64(a)), append(g1.Values, float64(b)), append(gl.Values, float64(r.Length))
		if a > 0 && b > 0 {
			two, ls = append(two, float64(a)), append(ls, float64(r.Length))
			gaps = append(gaps, float64(b-a))
		}
	}
	bars.Groups = []chart.BarGroup{g2, g1, gl}
	it.figure = &figure{name: "thue-figure-3-7", chart: bars, caption: fmt.Sprintf("for each of %s of the greedy builder against the level-1 painter (5 symbols, sweep `%s`): the word length when the builder first chose a gap where only two symbols fit, when it first chose one where only one fits, and the game's length.", game.Plural(len(recs), "game"), l.b0p1().Name)}
	if len(gaps) == 0 {
		return fmt.Errorf("no game chose a gap with one symbol left")
	}
	r, pr := pearson(two, ls), correlationP(two, ls)
	it.text = []string{fmt.Sprintf("a gap with one symbol left followed the first gap with two after %s moves on average (median %s, from %s to %s); the correlation between the first two-symbol gap and the game's length is r = %s over %s.",
		fixed(mean(gaps), 1), fixed(median(gaps), 1), fixed(slices.Min(gaps), 0), fixed(slices.Max(gaps), 0), fixed(r, 2), game.Plural(len(two), "game"))}
	if med := median(gaps); med <= 10 {
		it.diffs = []diff{{"agrees", fmt.Sprintf("the one-symbol gap comes within a few moves of the first two-symbol gap (median %s moves).", fixed(med, 1))}}
	} else {
		it.diffs = []diff{{"differs", fmt.Sprintf("the one-symbol gap comes a median of %s moves after the first two-symbol gap: more than \"a few\".", fixed(med, 1))}}
	}
	switch {
	case math.Abs(r) < 0.5 || math.IsNaN(r):
		it.diffs = append(it.diffs, diff{"agrees", fmt.Sprintf("no clear correlation between the first break and the game's length (r = %s).", fixed(r, 2))})
	case pr >= 0.05:
		it.diffs = append(it.diffs, diff{"chance", fmt.Sprintf("r = %s over %s is no evidence of a correlation: the games' lengths, shuffled among them, correlate at least as strongly %s of the time (p = %s); the thesis saw none in its 10.", fixed(r, 2), game.Plural(len(two), "game"), percent(pr), fixed(pr, 2))})
	default:
		it.diffs = append(it.diffs, diff{"differs", fmt.Sprintf("here the first break and the game's length correlate (r = %s over %s; shuffled, the lengths correlate as strongly only %s of the time, p = %s); the thesis saw none in its 10.", fixed(r, 2), game.Plural(len(two), "game"), percent(pr), fixed(pr, 3))})
	}
	it.diffs = append(it.diffs, diff{"chance", "random ties: different games, so the single values differ; what compares are the two observations."})
	it.commands = []string{only(it.id), fmt.Sprintf("kombi sweep plot %s --kind narrow-gaps -o narrow.png", l.b0p1().Name)}
	return nil
}

// buildThuePositions recomputes Figure 3.8.
func buildThuePositions(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"The distribution of the positions chosen by the level-1 recursive builder and by the greedy builder; no game lasted more than 115 moves. The recursive builder chose positions ≤ 27 most often; the greedy builder's choices spread rather evenly over the whole width, cycling through the positions zero, one or five times."}
	b0, err := l.play(ctx, l.b0p1())
	if err != nil {
		return err
	}
	b1, err := l.play(ctx, l.b1p1())
	if err != nil {
		return err
	}
	const window = 115
	pick := func(recs []*game.Record) (pos []int) {
		for _, r := range recs {
			ch, _, err := thesis.Gaps(l.games, r)
			if err != nil {
				continue
			}
			for _, c := range ch {
				if c.Length < window {
					pos = append(pos, c.Gap)
				}
			}
		}
		return pos
	}
	greedyPos, recPos := pick(b0), pick(b1)
	if len(greedyPos) == 0 || len(recPos) == 0 {
		return fmt.Errorf("no builder decisions stored")
	}
	labels, counts := chart.Histogram(5, recPos, greedyPos)
	bars := &chart.Bars{Title: "Figure 3.8 (Kombi): positions chosen by the two builders", XLabel: "position chosen (0: the front of the word; bins of 5, by their first position)", YLabel: "decisions", Whole: true, Categories: labels,
		Groups: []chart.BarGroup{{Name: fmt.Sprintf("level-1 recursive builder (%d decisions)", len(recPos)), Values: counts[0]}, {Name: fmt.Sprintf("greedy builder (%d decisions)", len(greedyPos)), Values: counts[1]}}}
	it.figure = &figure{name: "thue-figure-3-8", chart: bars, caption: fmt.Sprintf("how often each position was chosen while the word was shorter than %d symbols: the level-1 builder in %s against the level-1 painter (sweep `%s`), the greedy builder in %s against the level-1 painter (sweep `%s`); a histogram, bins of 5 positions.", window, game.Plural(len(b1), "game"), l.b1p1().Name, game.Plural(len(b0), "game"), l.b0p1().Name)}
	share := func(pos []int) float64 {
		n := 0
		for _, p := range pos {
			if p <= 27 {
				n++
			}
		}
		return 100 * float64(n) / float64(len(pos))
	}
	it.text = []string{fmt.Sprintf("%s of the recursive builder's choices and %s of the greedy builder's were positions ≤ 27.", fixed(share(recPos), 0)+"%", fixed(share(greedyPos), 0)+"%")}
	if share(recPos) > share(greedyPos) {
		it.diffs = append(it.diffs, diff{"agrees", "the recursive builder keeps to the front of the word (positions ≤ 27) far more than the greedy builder."})
	} else {
		it.diffs = append(it.diffs, diff{"differs", "here the recursive builder does not keep to the front more than the greedy one."})
	}
	it.commands = []string{only(it.id), fmt.Sprintf("kombi sweep plot %s --kind positions -o positions.png", l.b1p1().Name)}
	return nil
}

// whichShown says which games of a sweep a figure draws (see spread):
// shown of its n.
func whichShown(shown, n int, sweep string) string {
	if shown == n {
		return fmt.Sprintf("every game of the sweep `%s`", sweep)
	}
	return fmt.Sprintf("the longest, the middle and the shortest of the %d games of the sweep `%s`", n, sweep)
}

// lengthWord is "length" for one game, "lengths" for more.
func lengthWord(n int) string {
	if n == 1 {
		return "length"
	}
	return "lengths"
}

// spread returns at most three of the records: the longest game, the
// middle one and the shortest, in that order.
func spread(recs []*game.Record) []*game.Record {
	s := slices.Clone(recs)
	slices.SortStableFunc(s, func(a, b *game.Record) int { return b.Length - a.Length })
	if len(s) <= 3 {
		return s
	}
	return []*game.Record{s[0], s[len(s)/2], s[len(s)-1]}
}

// recLengths returns the records' lengths.
func recLengths(recs []*game.Record) []int {
	ls, _ := lengths(recs)
	return ls
}

// words names a strategy of the thesis in words.
func words(bot string) string {
	switch l := levelOf(bot); {
	case bot == greedy:
		return "greedy"
	case l > 0:
		return fmt.Sprintf("level-%d recursive", l)
	}
	return bot
}
