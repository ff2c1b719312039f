package sources

import (
	"context"
	"fmt"
	"regexp"
	"strconv"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/report/chart"
	"github.com/kombi/kombi/solve"
)

// The list-colouring plan: Grabowski, Kamiński, Michalik and Wójcik.

func vdwlistSection() *section {
	s := &section{id: "vdwlist", short: "List-colouring plan", title: "The list-colouring van der Waerden game — a project plan", original: "Kombinatoryczna Teoria Liczb, Zadanie 9 z listy III (combinatorial number theory, problem 9 of list III)",
		author: "Michał Grabowski, Jakub Kamiński, Piotr Michalik and Łukasz Wójcik", year: "undated",
		what: "A project plan in Polish: player 1 names a number of 1..s, a list of l of the c colours is drawn at random, player 2 colours the number from the list; player 1 wins when a monochromatic k-term progression appears. It plans minimax with alpha-beta and three difficulty levels (easy, normal, hard) by search depth, with an evaluation it describes."}
	s.intro = []string{"The plan has no tables or figures: its promises are recomputed — the three levels measured exactly against perfect play, the exact value of the game the plan only hoped to approach, and its claim about single colours."}
	s.add("levels", "The levels", "Easy, normal and hard against the perfect player, exactly", buildLevels).where = "the plan's parts \"Strategia gry\" and \"Opis algorytmu\", unnumbered"
	s.add("values", "The exact value", "How likely player 1 wins under optimal play, by the game's length", buildValues).where = "the plan's parts \"Dane\" and \"Warunki z zwycięstwa\", unnumbered; the goal as Kombi's specification restates it"
	s.add("one-colour", "Lists of one colour", "The plan's \"theory of lists\": when player 1 surely wins", buildOneColour).where = "the plan's part \"Teoria z list\" (the theory of lists), unnumbered"
	return s
}

// buildLevels runs `kombi report vdwlist`.
func buildLevels(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"The computer plays minimax with alpha-beta pruning; its difficulty, easy, normal or hard, is set by the search depth, spread evenly between the levels. Player 1 prefers numbers that make the most potential progressions in different colours and lose the fewest to an unfavourable colour; player 2 the colour that most reduces the potential progressions."}
	s := "10"
	if l.quick {
		s = "8"
	}
	tables, _, line, err := l.runStudy(ctx, "the computer's levels valued exactly against the perfect player, s = "+s, "report", "vdwlist", [][2]string{{"game length", s}})
	if err != nil {
		return err
	}
	if len(tables) == 0 || len(tables[0].Rows) == 0 {
		return fmt.Errorf("%s gave no table", line)
	}
	t := tables[0]
	value := regexp.MustCompile(`≈ ([0-9.]+)`).FindStringSubmatch(t.Title)
	bars := &chart.Bars{Title: "The levels (Kombi): player 1's chance of winning against perfect play", XLabel: "computer level", YLabel: "P(player 1 wins)"}
	asP1, asP2 := chart.BarGroup{Name: "the level plays player 1 against the perfect player 2"}, chart.BarGroup{Name: "the level plays player 2 against the perfect player 1"}
	for _, r := range t.Rows {
		if len(r) < 5 {
			continue
		}
		a, err1 := strconv.ParseFloat(r[2], 64)
		b, err2 := strconv.ParseFloat(r[4], 64)
		if err1 != nil || err2 != nil {
			continue
		}
		bars.Categories = append(bars.Categories, r[0]+" (depth "+r[1]+")")
		asP1.Values, asP2.Values = append(asP1.Values, a), append(asP2.Values, b)
	}
	if value != nil {
		v, _ := strconv.ParseFloat(value[1], 64)
		bars.Categories = append(bars.Categories, "perfect")
		asP1.Values, asP2.Values = append(asP1.Values, v), append(asP2.Values, v)
	}
	bars.Groups = []chart.BarGroup{asP1, asP2}
	it.tables = tables
	it.figure = &figure{name: "vdwlist-levels", chart: bars, caption: fmt.Sprintf("player 1's exact chance of winning vdwlist(k=3,colors=3,list=2,s=%s) when one side is a computer level and the other plays perfectly (every drawn list averaged); the perfect column is the game's value. A level as player 1 wins less than the value (its shortfall), as player 2 lets player 1 win more (its excess).", s)}
	it.text = []string{"each level searched to its depth with the plan's evaluation at the horizon ([expectiminimax](#glossary-expectiminimax): the lists are chance moves), and valued exactly against the perfect player (`" + line + "`):"}
	it.diffs = []diff{{"expectation", "the plan's plain minimax cannot treat the random lists right; Kombi's levels take the expectation over the lists (expectiminimax with Ballard's [*-minimax pruning](#glossary-star-minimax))."},
		{"note", "the plan gives no numbers; Kombi measures exactly what each level gives up against perfect play."}}
	it.commands = []string{only(it.id), line}
	return nil
}

var listParam = regexp.MustCompile(`list=(\d+)`)

// buildValues runs `kombi table vdwlist` for 3 colours.
func buildValues(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"For small parameters the program must compute the exact value: the probability that player 1 wins under optimal play by both (the restatement of the plan's goal; the plan itself only plans a depth-limited search)."}
	maxS := "13"
	if l.quick {
		maxS = "9"
	}
	tables, st, line, err := l.runStudy(ctx, "the exact chance that player 1 wins, s = 1 to "+maxS+", lists of 1, 2 and 3 colours", "table", "vdwlist", [][2]string{{"progression length", "3"}, {"numbers of colours", "3"}, {"last game length", maxS}, {"time budget", "2m"}})
	if err != nil {
		return err
	}
	lp := &chart.Line{Title: "The exact value (Kombi): player 1's chance under optimal play, k = 3, 3 colours", XLabel: "s (the numbers 1..s)", YLabel: "P(player 1 wins)", WholeX: true}
	var half []string
	for _, t := range tables {
		m := listParam.FindStringSubmatch(t.Title)
		if m == nil {
			continue
		}
		listSize, _ := strconv.Atoi(m[1])
		ser := chart.Series{Name: "lists of " + game.Plural(listSize, "colour")}
		crossed := false
		for _, r := range t.Rows {
			if len(r) < 3 {
				continue
			}
			s, err1 := strconv.Atoi(r[0])
			v, err2 := strconv.ParseFloat(r[2], 64)
			if err1 != nil || err2 != nil {
				continue
			}
			ser.X, ser.Y = append(ser.X, float64(s)), append(ser.Y, v)
			if !crossed && v > 0.5 {
				crossed = true
				half = append(half, fmt.Sprintf("from s = %d with lists of %s (%s)", s, game.Plural(listSize, "colour"), r[1]))
			}
		}
		lp.Series = append(lp.Series, ser)
	}
	if len(lp.Series) == 0 {
		return fmt.Errorf("%s gave no series", line)
	}
	it.tables = withSolverWork(tables)
	it.figure = &figure{name: "vdwlist-values", chart: lp, caption: fmt.Sprintf("the exact probability that player 1 wins vdwlist(k=3,colors=3,list=l,s) under optimal play by both, for s = 1 to %s and lists of 1, 2 and 3 of the 3 colours (exact fractions, drawn as decimals).", maxS)}
	it.text = []string{fmt.Sprintf("exact fractions by the solver (`%s`, %s of solving, kept in the database); player 1 is more likely to win than not %s.", line, game.Seconds(st.Seconds), orNone(half))}
	// Who wins a full board: the plan says both.
	_, _, short, err := l.solveStart(ctx, "vdwlist(k=3,colors=3,list=2,s=2)")
	if err != nil {
		return err
	}
	it.diffs = append(it.diffs, diff{"contradiction", fmt.Sprintf("the plan says both ways who wins when every number is coloured without a monochromatic progression. Its rules: \"Drugi gracz wygrywa, gdy pokolorowanych jest s liczb, a taki ciąg się nie pojawił\" (player 2 wins when s numbers are coloured and no such progression appeared); its last line: \"Jeżeli po ostatnim ruchu nie został znaleziony ciąg to wygrywa osoba która wybierała liczby\" (if no progression was found after the last move, the one who chose the numbers, player 1, wins). Kombi follows the rules, as the values above do: player 2 wins a full board. By the last line player 1 would win every game, the progressions would not matter, and the values would all be 1: with s = 2, where no progression of 3 fits, player 1's chance is %v in Kombi and would be 1 by the last line.", short.Value)})
	it.diffs = append(it.diffs, []diff{{"beyond the source", "the plan stops at heuristic play; Kombi's frontier goes on to s = 16 for lists of 2 (3518873/4782969 ≈ 0.7357, `kombi report frontier`)."}}...)
	it.commands = []string{only(it.id), line}
	return nil
}

// solverWork are the columns of `kombi table vdwlist` that say how much
// the solver computed, not what it found.
var solverWork = []string{"positions", "searched", "stored", "seconds", "CPU s", "peak RSS MiB"}

// withSolverWork returns the value tables of `kombi table vdwlist` with
// only their values (s, the fraction, its decimals) and their first note,
// followed by one table of the solver's work for all of them (the columns
// solverWork, each table's rows under its list size), which says what its
// columns mean and links the glossary.
func withSolverWork(tables []game.Table) []game.Table {
	var out []game.Table
	work := game.Table{Title: "The solver's work behind these values (not part of the answer)", Columns: append([]string{"lists of", "s"}, solverWork...),
		Notes: []string{"What the columns mean, in the [glossary](#glossary-solver-work): positions the solver reached, those it searched (not found in its table), the results it kept in its table; the time on the clock and of the processor; the most memory the program held so far."}}
	for _, t := range tables {
		m := listParam.FindStringSubmatch(t.Title)
		at := map[string]int{}
		for i, c := range t.Columns {
			at[c] = i
		}
		if m == nil || len(t.Columns) < 3 || at["positions"] == 0 {
			out = append(out, t)
			continue
		}
		values := game.Table{Title: t.Title, Columns: t.Columns[:3]}
		if len(t.Notes) > 0 {
			values.Notes = t.Notes[:1]
		}
		for _, r := range t.Rows {
			values.Rows = append(values.Rows, r[:min(3, len(r))])
			w := []string{m[1], r[0]}
			for _, c := range solverWork {
				if i, ok := at[c]; ok && i < len(r) {
					w = append(w, r[i])
				} else {
					w = append(w, "")
				}
			}
			work.Rows = append(work.Rows, w)
		}
		out = append(out, values)
	}
	if len(work.Rows) > 0 {
		out = append(out, work)
	}
	return out
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "at no s computed here"
	}
	return game.Series(xs, "and")
}

// buildOneColour checks the plan's claim about single colours.
func buildOneColour(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"\"If the table of colours consists of a single colour, the graph has no edges, and there is a k, equal to 1, such that for any lists drawn the graph has the progression property of the game; so player 1 surely wins.\""}
	t := game.Table{Title: "When player 1 surely wins: the exact value", Columns: []string{"game", "P(player 1 wins)", "why"}}
	for _, c := range []struct{ spec, why string }{
		{"vdwlist(k=3,colors=1,list=1,s=3)", "one colour: the third number named completes 1, 2, 3 whatever happens"},
		{"vdwlist(k=3,colors=3,list=1,s=26)", "lists of one colour: player 2 has no choice, so it is the chance that a random colouring of 1..26 holds a monochromatic 3-term progression"},
		{"vdwlist(k=3,colors=3,list=1,s=27)", "every 3-colouring of 1..27 holds one (van der Waerden's number W(3,3) = 27)"},
	} {
		g, err := l.games.Load(c.spec, 1)
		if err != nil {
			return err
		}
		r, err := l.studies.Solvers.Solve(ctx, g, g.NewInitialState(), solve.Options{})
		if err != nil {
			return err
		}
		t.Rows = append(t.Rows, []string{"`" + c.spec + "`", fmt.Sprint(r.Value), c.why})
	}
	it.tables = []game.Table{t}
	it.text = []string{"exact values by the solver:"}
	it.diffs = []diff{{"agrees", "with a single colour player 1 surely wins, as soon as s ≥ k (the plan's k = 1 is the trivial case)."},
		{"note", "with lists of one colour out of three, player 1 is certain only from s = 27 = W(3, 3); at s = 26 a colouring without a progression is still possible (48 of the 3^26)."}}
	it.commands = []string{only(it.id), "kombi solve 'vdwlist(k=3,colors=3,list=1,s=27)'"}
	return nil
}
