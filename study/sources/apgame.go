package sources

import (
	"context"
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/report/chart"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study/apgame"
)

// The Szemerédi game: Malinowski, Piwko and Wojewoda, 2022.

func apSection() *section {
	s := &section{id: "ap", short: "Szemerédi project", title: "The Szemerédi game — a student project (2022)", original: "Gra Szemeredi'ego: Dokumentacja końcowa (the Szemerédi game: final documentation)",
		author: "Aleksander Malinowski, Jakub Piwko and Malwina Wojewoda, Combinatorial Games 2022", year: "2022",
		what: "A student project in Polish: the computer draws x numbers from {1..5x} holding a k-term arithmetic progression; a person and the computer colour numbers in turn, the first to own a whole progression wins. Its computer extends its best progression or blocks the person's longer one; its Figures 1–6 are console screens of two games and of bad input."}
	s.intro = []string{"Kombi replays the project's games move by move with its rules, checks every computer move against its `extendblock` strategy (the project's strategy: its random choices are sampled with many seeds), and asks the exact solver what each position was worth."}
	s.add("figures-1-2", "Figures 1–2", "The start of a game with x = 20, k = 3, and the computer winning", buildAPGame(apGames[0])).where = "final documentation §5 (tests), Figures 1–2, no page numbers"
	s.add("figure-3", "Figure 3", "A game with x = 30, k = 4: a draw", buildAPGame(apGames[1])).where = "final documentation §5 (tests), Figure 3, no page numbers"
	s.add("progressions", "§ Implementation", "The 3-term progressions of 2, 4, 6, 8, 10, 12", buildAPExample).where = "final documentation §4 (changes since the earlier documents), no page numbers"
	s.add("figures-4-6", "Figures 4–6", "Bad input: a number out of range, not a number, a number not in the set", buildAPErrors).where = "final documentation §5 (tests), Figures 4–6, no page numbers"
	return s
}

// apReplay is one of the project's games: the set, the moves in order
// (the first player's first), who moved first, and how it ended.
type apReplay struct {
	label    string
	k        int
	set      []int
	moves    []int
	computer int // the computer's seat: 0 moved first
	shift    int // added to every number (the project's 0 is outside 1..5x)
	figure   string
	source   []string
	result   string
	// lost says what the person's lost positions mean for the source's
	// story.
	lost string
}

var apGames = []apReplay{
	{label: "Figures 1–2", k: 3, set: []int{0, 4, 5, 9, 11, 15, 17, 20, 22, 32, 44, 47, 53, 63, 65, 70, 81, 82, 85, 94}, moves: []int{32, 11, 44, 20, 22, 17, 0}, computer: 0, shift: 1, figure: "ap-figures-1-2",
		source: []string{"x = 20, k = 3. The computer starts with 32; the person takes 11 (aiming at {5, 11, 17}); the computer takes 44 (aiming at {20, 32, 44}); the person blocks with 20; the computer takes 22; the person does not see that {0, 22, 44} needs blocking and takes 17; the computer takes 0 and wins: \"Winning progression: [0, 22, 44]\"."},
		result: "the computer wins with {0, 22, 44}", lost: "blocking {0, 22, 44} at move 6, which the project says the person missed, would only have put the end off"},
	{label: "Figure 3", k: 4, set: []int{1, 7, 15, 16, 22, 27, 28, 39, 43, 51, 60, 62, 63, 65, 66, 71, 75, 76, 89, 92, 93, 95, 103, 117, 118, 122, 127, 139, 142, 144}, moves: []int{22, 39, 51, 71, 7, 139, 75, 117, 66, 118}, computer: 1, figure: "ap-figure-3",
		source: []string{"x = 30, k = 4, the person starting; the screen shows turns 3 and 4: the person holds [22, 51, 7] and the computer [39, 71, 139]; the person takes 75, the computer 117 (both can still complete only [66, 92, 118, 144], none of it coloured), the person 66, the computer 118: \"DRAW! Neither player can build a progression any more\"."},
		result: "a draw"},
}

// buildAPGame replays one of the project's games.
func buildAPGame(rp apReplay) func(ctx context.Context, l *lab, it *item) error {
	return func(ctx context.Context, l *lab, it *item) error {
		it.source = rp.source
		set := make([]string, len(rp.set))
		for i, v := range rp.set {
			set[i] = strconv.Itoa(v + rp.shift)
		}
		spec := fmt.Sprintf("ap(k=%d,set=%s)", rp.k, strings.Join(set, ";"))
		g, err := l.games.Load(spec, 1)
		if err != nil {
			return err
		}
		st := g.NewInitialState()
		who := []string{"person", "person"}
		who[rp.computer] = "computer"
		// The table and the figure use the project's numbers; the title, where the set is given, says once
		// that Kombi plays it shifted.
		project := make([]string, len(rp.set))
		for i, v := range rp.set {
			project[i] = strconv.Itoa(v)
		}
		title := fmt.Sprintf("%s replayed: k = %d, the project's set {%s}", rp.label, rp.k, strings.Join(project, ", "))
		if rp.shift != 0 {
			title += fmt.Sprintf("; Kombi plays every number %d more, as `%s` (the numbers below are the project's)", rp.shift, spec)
		}
		t := game.Table{Title: title, Columns: []string{"move", "who", "number", "extendblock could play it", "the exact value before the move, for the mover", "moves that were best"}}
		var owner = map[int]int{}
		var analyses, untied []string
		personLost, personMoves := 0, 0
		for i, n := range rp.moves {
			mover := int(st.Player())
			text := strconv.Itoa(n + rp.shift)
			mv, err := st.ParseMove(text)
			if err != nil {
				return fmt.Errorf("move %d, %d: %w", i+1, n, err)
			}
			strategy := "—"
			if mover == rp.computer {
				var ok bool
				if strategy, ok = l.strategyPicks(ctx, g, st, mv); !ok {
					untied = append(untied, fmt.Sprintf("%d (move %d)", n, i+1))
				}
			}
			value, best := "—", "—"
			an, err := l.studies.Solvers.Analyze(ctx, g, st, solve.Options{})
			if err == nil {
				var bs []string
				outcome := solve.Loss
				for _, m := range an.Moves {
					if m.Best {
						bs = append(bs, unshift(m.Move, rp.shift))
					}
					outcome = max(outcome, m.Outcome)
				}
				value, best = outcome.String(), strings.Join(bs, " ")
				if mover != rp.computer {
					personMoves++
					if outcome == solve.Loss {
						personLost++
					}
				}
				for _, m := range an.Moves {
					if m.Move == text && m.Outcome < outcome {
						analyses = append(analyses, fmt.Sprintf("move %d (%s, %d) turned a %s into a %s", i+1, who[mover], n, outcome, m.Outcome))
					}
				}
			}
			if err := st.Apply(mv); err != nil {
				return fmt.Errorf("move %d, %d: %w", i+1, n, err)
			}
			owner[n] = mover
			t.Rows = append(t.Rows, []string{strconv.Itoa(i + 1), who[mover], strconv.Itoa(n), strategy, value, best})
		}
		end := "the game goes on"
		switch {
		case st.IsTerminal() && game.Winner(st) < 0:
			end = "a draw"
		case st.IsTerminal():
			end = "the " + who[game.Winner(st)] + " wins"
		}
		it.tables = []game.Table{t}
		it.code = st.String()
		if rp.shift != 0 {
			it.code = fmt.Sprintf("Kombi's terminal at the end, on the set shifted by %d (each number %d more than the project's):\n%s", rp.shift, rp.shift, it.code)
		}
		prog, _ := apgame.ProgressionsOf(g)
		var winning []int
		if prog != nil {
			for _, p := range prog.Progressions {
				all := true
				for _, v := range p {
					o, ok := owner[v-rp.shift]
					all = all && ok && o == rp.computer
				}
				if all {
					for _, v := range p {
						winning = append(winning, v-rp.shift)
					}
				}
			}
		}
		cols := len(rp.set)
		if cols > 20 {
			cols = (cols + 1) / 2
		}
		rows := (len(rp.set) + cols - 1) / cols
		board := &chart.Board{Title: rp.label + " (Kombi): the set at the end", Cols: cols, Rows: rows, TopDown: true, Width: 17, Height: 3.6 + 1.1*float64(rows), RowLabels: make([]string, rows), ColLabels: make([]string, cols),
			Kinds: []chart.Kind{{Name: "the computer's numbers", Color: chart.Palette[1]}, {Name: "the person's numbers", Color: chart.Palette[0]}, {Name: "not coloured", Color: color.Gray{Y: 0xee}}, {Name: "the computer's winning progression", Color: color.RGBA{R: 0x8b, G: 0x1a, B: 0x1a, A: 0xff}}}}
		for i, v := range rp.set {
			k := 2
			if o, ok := owner[v]; ok {
				k = map[bool]int{true: 0, false: 1}[o == rp.computer]
			}
			if slices.Contains(winning, v) {
				k = 3
			}
			board.Cells = append(board.Cells, chart.Cell{X: i % cols, Y: i / cols, Kind: k, Label: strconv.Itoa(v)})
		}
		if len(winning) == 0 {
			board.Kinds[3].Name = "" // no winning progression: not in the legend
		}
		it.figure = &figure{name: rp.figure, chart: board, caption: fmt.Sprintf("the %d numbers of the set in order, coloured by who took them when the game ended (%s); the numbers are the project's.", len(rp.set), end)}
		it.text = []string{fmt.Sprintf("the project's moves replayed by Kombi's rules as `%s`; each computer move is checked against the project's strategy (`extendblock`), each position valued by the exact solver. Kombi: %s after %d moves.", spec, end, len(rp.moves))}
		if end == rp.result || strings.HasPrefix(rp.result, end) {
			it.diffs = append(it.diffs, diff{"agrees", fmt.Sprintf("the same end: %s, after the same moves.", rp.result)})
		} else {
			it.diffs = append(it.diffs, diff{"differs", fmt.Sprintf("the project's game ends with %s, Kombi's replay with %s.", rp.result, end)})
		}
		if rp.shift != 0 {
			it.diffs = append(it.diffs, diff{"the set", fmt.Sprintf("the project's set holds 0, outside the {1, ..., 5x} its text draws from (the program's own draw reached 0); Kombi's sets are of positive numbers, so the game is played on the set shifted by %d, which keeps every progression (the tables and the figure show the project's numbers, Kombi's terminal its own).", rp.shift)})
		}
		if len(analyses) > 0 {
			it.diffs = append(it.diffs, diff{"exact play", "the solver finds the mistakes: " + strings.Join(analyses, "; ") + "."})
		}
		if personMoves > 0 && personLost == personMoves {
			it.diffs = append(it.diffs, diff{"exact play", "the exact solver finds the person lost from the start: on this set the computer, moving first, wins by force, so every position the person faced was lost; " + rp.lost + "."})
		}
		if len(untied) > 0 {
			it.diffs = append(it.diffs, diff{"tie rule", fmt.Sprintf("Kombi's extendblock would not play %s: when several of its progressions hold equally many of its numbers it extends the first in order (by first number, then difference), while the project's program took another (it keeps its progressions in a set whose order it does not give); the project's choice was one of its equally good progressions, so it is the same strategy with another tie rule.", strings.Join(untied, ", "))})
		}
		if rp.computer == 1 {
			it.diffs = append(it.diffs, diff{"inferred moves", "the screen shows the game from turn 3: the first six moves are the players' numbers in the order listed (the person's 22, 51, 7 and the computer's 39, 71, 139), alternating, the person first."})
		}
		it.commands = []string{only(it.id), fmt.Sprintf("kombi analyze '%s'", spec)}
		return nil
	}
}

// buildAPExample lists the progressions of the project's example set, of
// which its text gives three.
func buildAPExample(_ context.Context, l *lab, it *item) error {
	it.source = []string{"On the progressions the program keeps: \"if the set holds the numbers 2, 4, 6, 8, 10, 12 and k = 3, ... finally we store the progressions obtained from it as: {2, 4, 6}, {4, 6, 8}, {6, 8, 10}\"."}
	quoted := []string{"{2, 4, 6}", "{4, 6, 8}", "{6, 8, 10}"}
	g, err := l.games.Load("ap(k=3,set=2;4;6;8;10;12)", 1)
	if err != nil {
		return err
	}
	prog, ok := apgame.ProgressionsOf(g)
	if !ok {
		return fmt.Errorf("%s is not a Szemerédi game", g)
	}
	t := game.Table{Title: "Every 3-term progression of {2, 4, 6, 8, 10, 12}, as Kombi's game finds them", Columns: []string{"progression", "difference", "in the project's list"}}
	var missing []string
	for _, p := range prog.Progressions {
		parts := make([]string, len(p))
		for i, v := range p {
			parts[i] = strconv.Itoa(v)
		}
		name := "{" + strings.Join(parts, ", ") + "}"
		in := slices.Contains(quoted, name)
		if !in {
			missing = append(missing, name)
		}
		t.Rows = append(t.Rows, []string{name, strconv.Itoa(p[1] - p[0]), map[bool]string{true: "yes", false: "**no**"}[in]})
	}
	it.tables = []game.Table{t}
	it.text = []string{fmt.Sprintf("the game `%s` lists %s:", g, game.Plural(len(prog.Progressions), "progression"))}
	if len(missing) > 0 {
		it.diffs = []diff{{"incomplete example", fmt.Sprintf("the text lists %d of the %d progressions: it leaves out %s. The game itself needs every one: owning any of them wins.", len(quoted), len(prog.Progressions), game.Series(missing, "and"))}}
	} else {
		it.diffs = []diff{{"agrees", "the text's three progressions are all there are."}}
	}
	it.commands = []string{only(it.id), "kombi analyze 'ap(k=3,set=2;4;6;8;10;12)'"}
	return nil
}

// unshift writes a move's number back as the project's.
func unshift(move string, shift int) string {
	n, err := strconv.Atoi(move)
	if err != nil {
		return move
	}
	return strconv.Itoa(n - shift)
}

// strategyPicks says whether the project's strategy (extendblock) could
// choose mv at st: it picks at random among its candidates, so it is
// asked with many seeds.
func (l *lab) strategyPicks(ctx context.Context, g game.Game, st game.State, mv game.Move) (string, bool) {
	const tries = 64
	hits := 0
	seen := map[game.Move]bool{}
	for seed := range uint64(tries) {
		b, err := l.bots.New("extendblock", g, bot.Env{Seed: seed + 1})
		if err != nil {
			return "—", true
		}
		m, err := b.Act(ctx, st.Clone())
		if err != nil {
			return "—", true
		}
		seen[m] = true
		if m == mv {
			hits++
		}
	}
	if hits == 0 {
		return fmt.Sprintf("**no** (it picks among %s)", game.Plural(len(seen), "other number")), false
	}
	return fmt.Sprintf("yes (%d of %d seeds; %s)", hits, tries, game.Plural(len(seen), "candidate")), true
}

// buildAPErrors shows Kombi's answers to the project's bad input.
func buildAPErrors(_ context.Context, l *lab, it *item) error {
	it.source = []string{"Figure 4: the size -1 is refused: \"Wrong data format, please give a number from 3 to 1000.\" Figure 5: a value that is not a number, and Figure 6: a number not in the set, both: \"Wrong data format or a number not in the set, please give a number in the set\"; the program asks again. (On k the project says three things: the welcome screen 1 to 10, the user's manual 2 to 10, and the implementation section k greater than 2, since a progression of 2 would be complete at the second move whatever was chosen.)"}
	t := game.Table{Title: "Kombi's answers to the same input", Columns: []string{"input", "the project", "Kombi"}}
	refused := 0
	row := func(what, project string, err error) {
		if err != nil {
			refused++
		}
		t.Rows = append(t.Rows, []string{what, project, errText(err)})
	}
	_, err := l.games.Load("ap(x=-1,k=3)", 1)
	row("the set's size -1 (`ap(x=-1,k=3)`)", "number from 3 to 1000", err)
	_, err = l.games.Load("ap(x=20,k=2)", 1)
	row("k = 2 (`ap(x=20,k=2)`)", "the implementation: k greater than 2 (the manual: 2 to 10; the welcome: 1 to 10)", err)
	g, err := l.games.Load("ap(k=3,set=5;18;26;34;40;44;71;75)", 1)
	if err != nil {
		return err
	}
	for _, in := range []string{"abc", "11"} {
		st := g.NewInitialState()
		mv, err := st.ParseMove(in)
		if err == nil {
			err = st.Apply(mv)
		}
		what := map[string]string{"abc": "a value that is not a number (Figure 5)", "11": "11, a number not in the set (Figure 6)"}[in]
		row(what, "wrong data format or a number not in the set; asks again", err)
	}
	it.tables = []game.Table{t}
	it.text = []string{"the same kinds of bad input, to the game string (`kombi play 'ap(x=-1,k=3)'` stops with exit status 2) and to a move (a person's prompt says why and asks again):"}
	if refused == len(t.Rows) {
		it.diffs = []diff{{"agrees", "every bad input is refused with a message (a person's prompt then asks again), never a crash."}}
	} else {
		it.diffs = []diff{{"differs", fmt.Sprintf("Kombi accepted %d of the %d bad inputs.", len(t.Rows)-refused, len(t.Rows))}}
	}
	it.diffs = append(it.diffs, diff{"clearer messages", "Kombi says which of the two the bad move was (not a number, or not in the set) where the project prints one message for both."})
	it.commands = []string{only(it.id), "kombi play 'ap(x=-1,k=3)'"}
	return nil
}

// errText is an error's message, or a note that there was none.
func errText(err error) string {
	if err == nil {
		return "accepted"
	}
	return err.Error()
}
