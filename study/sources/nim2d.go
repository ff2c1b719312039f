package sources

import (
	"context"
	"fmt"
	"image/color"
	"regexp"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/report/chart"
	"github.com/kombi/kombi/sweep"
)

// The 2D Nim assignment: NE509, University of Patras, 2023.

func nim2dSection() *section {
	s := &section{id: "nim2d", short: "2D Nim assignment", title: "Two-dimensional Nim — a university assignment (Patras, 2023)", original: "1ο Σετ Ασκήσεων: Συνδυαστικά Παιχνίδια (first set of exercises: combinatorial games)",
		author: "NE509 Economic Theory & Algorithms, taught by Spyros Kontogiannis, University of Patras", year: "2023",
		what: "A university assignment in Greek: two players colour 1 to 3 empty cells of an N × N palette in turn (a diagonal cell alone; else a run of off-diagonal cells in one row or column), the player who colours the last cell wins; students classify every position with at most 5 empty cells and program the random, firstfit and copycat strategies, switching to perfect play when the position is won."}
	s.intro = []string{"The assignment numbers no table or figure; its palettes, its move examples and its three tasks are recomputed in its own order."}
	s.add("palettes", "§2 (palettes)", "The 5 × 5 palette at the start, after the move {4, 5}, and full at the end", buildPalettes).where = "assignment §2 and §3 (COUNTER), no page numbers"
	s.add("moves", "§2.1 (moves)", "The examples of legal and illegal moves", buildMoveExamples).where = "assignment §2.1, no page numbers"
	s.add("theory", "§4.1 (theory)", "Every position with at most 5 empty cells, won or lost for the player to move", buildEndgames).where = "assignment §4.1, no page numbers"
	s.add("empty-palette", "§1 (who wins)", "When the computer can win the empty palette: by who moves first and the palette's size", buildEmptyPalette).where = "assignment §1, no page numbers"
	s.add("strategies", "§4.3 (strategies)", "The random, firstfit and copycat strategies against perfect play", buildStrategies).where = "assignment §4.3, no page numbers"
	return s
}

// finalPalette is §2.1's example of a finished game.
var finalPalette = []string{"RRGRR", "GRGRG", "RRRGG", "GGRGG", "GRRRG"}

// buildPalettes draws §2's palettes.
func buildPalettes(_ context.Context, l *lab, it *item) error {
	it.source = []string{"The 5 × 5 palette numbered 1 to 25 row by row with COUNTER = [ 0 ]; after the person's first move {4, 5} in red, cells 4 and 5 show R and COUNTER = [ 2 ]; a finished game's full palette with COUNTER = [ 25 ]."}
	g, err := l.games.Load("nim2d(n=5,first=p1)", 1)
	if err != nil {
		return err
	}
	st := g.NewInitialState()
	start := st.String()
	mv, err := st.ParseMove("4,5")
	if err == nil {
		err = st.Apply(mv)
	}
	if err != nil {
		return fmt.Errorf("the move {4, 5}: %w", err)
	}
	it.code = "At the start:\n" + start + "\n\nAfter {4, 5}:\n" + st.String()
	it.text = []string{"Kombi's palette in a terminal (`kombi play 'nim2d(n=5)'`) is the assignment's drawing, and the figure draws the three palettes:"}
	kinds := []chart.Kind{{Name: "empty (its number)", Color: chart.Palette[7]}, {Name: "R (red)", Color: chart.Palette[1]}, {Name: "G (green)", Color: chart.Palette[2]}}
	kinds[0].Color = color.RGBA{R: 0xf4, G: 0xf1, B: 0xe8, A: 0xff}
	board := &chart.Board{Title: "§2 (Kombi): the palette at the start, after {4, 5}, at the end", Cols: 17, Rows: 5, TopDown: true, Kinds: kinds, Width: 17, Height: 8.5,
		ColLabels: make([]string, 17), RowLabels: make([]string, 5)}
	for panel, off := range []int{0, 6, 12} {
		for r := range 5 {
			for c := range 5 {
				n := r*5 + c + 1
				cell := chart.Cell{X: off + c, Y: r, Kind: 0, Label: strconv.Itoa(n)}
				switch {
				case panel == 1 && (n == 4 || n == 5):
					cell.Kind, cell.Label = 1, "R"
				case panel == 2 && finalPalette[r][c] == 'R':
					cell.Kind, cell.Label = 1, "R"
				case panel == 2:
					cell.Kind, cell.Label = 2, "G"
				}
				board.Cells = append(board.Cells, cell)
			}
		}
	}
	board.ColLabels[2], board.ColLabels[8], board.ColLabels[14] = "COUNTER = 0", "COUNTER = 2", "COUNTER = 25"
	it.figure = &figure{name: "nim2d-palettes", chart: board, caption: "the assignment's three palettes: the empty 5 × 5 palette numbered row by row, the palette after red's move {4, 5}, and its example of a full palette (13 red, 12 green cells) ending a game."}
	it.diffs = []diff{{"agrees", "the same numbering, the same palette after {4, 5} and the same counter."}}
	it.commands = []string{only(it.id), "kombi play 'nim2d(n=5)' --p1 human --p2 perfect"}
	return nil
}

// buildMoveExamples checks §2.1's examples of moves with Kombi's rules.
func buildMoveExamples(_ context.Context, l *lab, it *item) error {
	it.source = []string{"On the empty 5 × 5 palette the first move may be the cells {4, 5}, but not {2, 4}, nor {1, 2, 3}, nor {1, 7}."}
	g, err := l.games.Load("nim2d(n=5,first=p1)", 1)
	if err != nil {
		return err
	}
	t := game.Table{Title: "The assignment's examples on the empty 5 × 5 palette, by Kombi's rules", Columns: []string{"cells", "the assignment", "Kombi", "Kombi's reason"}}
	agree := true
	for _, ex := range []struct {
		cells string
		legal bool
	}{{"4,5", true}, {"2,4", false}, {"1,2,3", false}, {"1,7", false}} {
		st := g.NewInitialState()
		mv, err := st.ParseMove(ex.cells)
		if err == nil {
			err = st.Apply(mv)
		}
		verdict, reason := "legal", ""
		if err != nil {
			verdict, reason = "refused", err.Error()
		}
		want := map[bool]string{true: "legal", false: "refused"}[ex.legal]
		agree = agree && verdict == want
		t.Rows = append(t.Rows, []string{"{" + strings.ReplaceAll(ex.cells, ",", ", ") + "}", want, verdict, reason})
	}
	it.tables = []game.Table{t}
	it.text = []string{"each move typed into a game, as a person would:"}
	if agree {
		it.diffs = []diff{{"agrees", "every verdict, each refusal with its reason."}}
	} else {
		it.diffs = []diff{{"differs", "Kombi's rules judge some example differently."}}
	}
	it.commands = []string{only(it.id), "printf '2,4\\nquit\\n' | kombi play 'nim2d(n=5,first=p1)' --p1 human --p2 human --no-db --no-out"}
	return nil
}

// endgameSettings are the settings of the endgame report the document
// runs.
func (l *lab) endgameSettings() [][2]string {
	if l.quick {
		return [][2]string{{"largest triangle searched", "4"}}
	}
	return [][2]string{{"largest triangle searched", "7"}}
}

// endgamesWords says what the endgame report computes.
const endgamesWords = "every 2D Nim position with at most 5 empty cells classified, and the empty palettes solved"

var classesTitle = regexp.MustCompile(`^(\d+) empty cells?: (\d+) class(?:es)?, (\d+) won and (\d+) lost`)

// buildEndgames runs the endgame report (`kombi report nim2d-endgames`).
func buildEndgames(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"Examine every (sub)position with at most 5 free cells of an N × N palette (N ≥ 5), up to symmetry and to how the free cells share rows and columns, and explain whether it is won or lost for the player to move; e.g. two free cells are either consecutive in a row or column, or not."}
	tables, _, line, err := l.runStudy(ctx, endgamesWords, "report", "nim2d-endgames", l.endgameSettings())
	if err != nil {
		return err
	}
	sum := game.Table{Title: "Positions with at most 5 empty cells: classes by the number of empty cells", Columns: []string{"empty cells", "classes", "won for the player to move", "lost"}}
	bars := &chart.Bars{Title: "§4.1 (Kombi): classes of positions with few empty cells", XLabel: "empty cells", YLabel: "classes", Whole: true}
	won, lost := chart.BarGroup{Name: "won for the player to move"}, chart.BarGroup{Name: "lost for the player to move"}
	var kept []game.Table
	for _, t := range tables {
		m := classesTitle.FindStringSubmatch(t.Title)
		if m == nil {
			if !strings.HasPrefix(t.Title, "The empty") {
				kept = append(kept, t)
			}
			continue
		}
		kept = append(kept, t)
		sum.Rows = append(sum.Rows, []string{m[1], m[2], m[3], m[4]})
		w, _ := strconv.Atoi(m[3])
		lo, _ := strconv.Atoi(m[4])
		bars.Categories = append(bars.Categories, m[1])
		won.Values, lost.Values = append(won.Values, float64(w)), append(lost.Values, float64(lo))
	}
	if len(sum.Rows) == 0 {
		return fmt.Errorf("%s gave no class tables", line)
	}
	bars.Groups = []chart.BarGroup{won, lost}
	it.tables = append([]game.Table{sum}, kept...)
	it.figure = &figure{name: "nim2d-endgames", chart: bars, caption: "the classes of positions with 0 to 5 empty cells (N ≥ 5), each a multiset of independent components up to rotation and reflection, won or lost for the player to move by the XOR of the components' Grundy values."}
	it.text = []string{"the classification (`" + line + "`): a position is a sum of independent components, single cells and polyominoes of off-diagonal cells, each with its [Grundy value](#glossary-grundy); a class is lost exactly when their [XOR](#glossary-xor) is 0. Every class comes with an example position and a winning move."}
	it.diffs = []diff{{"note", "the assignment asks for the argument by hand; Kombi proves each class by Grundy values (checked against plain search in the tests) and names the reason in words."}}
	it.commands = []string{only(it.id), line}
	return nil
}

// buildEmptyPalette takes the empty-palette table of the endgame report.
func buildEmptyPalette(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"Understand, for small N, when one can win and when not: exactly when the computer can win a game, depending on whether it moves first and on the size of the palette."}
	tables, _, line, err := l.runStudy(ctx, endgamesWords, "report", "nim2d-endgames", l.endgameSettings())
	if err != nil {
		return err
	}
	for _, t := range tables {
		if strings.HasPrefix(t.Title, "The empty") {
			it.tables = []game.Table{t}
		}
	}
	if it.tables == nil {
		return fmt.Errorf("%s gave no table of the empty palettes", line)
	}
	it.text = []string{"the empty palette is won by the first player exactly when N is odd: colour the centre, then copy the opponent's moves in the main diagonal (the assignment's copycat, made a winning strategy); for even N the second player copies. The program checks the mirror's conditions on every move for N = 1 to 10, and searches the small palettes outright."}
	it.diffs = []diff{{"note", "the assignment leaves the answer to the students; the copycat strategy it describes is the proof's strategy."}}
	it.commands = []string{only(it.id), line}
	return nil
}

// buildStrategies plays the assignment's strategies against perfect play.
func buildStrategies(ctx context.Context, l *lab, it *item) error {
	it.source = []string{"The computer plays random, firstfit or copycat; whenever it stands in a winning position it must win, switching to perfect play."}
	spec := &sweep.Spec{Name: l.sweepName("nim2d-strategies"), Games: []string{"nim2d(n=5,first=p1)"}, Seeds: "1..10", Alternate: true,
		Pairs: [][]string{{"perfect", "random(switch=false)"}, {"perfect", "firstfit(switch=false)"}, {"perfect", "copycat(switch=false)"}, {"perfect", "copycat"}}}
	if l.quick {
		spec.Seeds, spec.Pairs = "1..1", spec.Pairs[:1]
	}
	recs, err := l.play(ctx, spec)
	if err != nil {
		return err
	}
	type tally struct{ games, firstWins, perfectWins int }
	byCell := map[string]*tally{}
	var order []string
	for _, r := range recs {
		c := sweep.CellOf(r)
		if byCell[c] == nil {
			byCell[c] = &tally{}
			order = append(order, c)
		}
		tl := byCell[c]
		tl.games++
		if r.Winner != nil && *r.Winner == 0 {
			tl.firstWins++
		}
		if r.Winner != nil && r.Players[*r.Winner] == "perfect" {
			tl.perfectWins++
		}
	}
	t := game.Table{Title: "5 × 5 palette (the player moving first wins with perfect play: N is odd)", Columns: []string{"first player", "second player", "games", "first player won", "perfect player won"}}
	allWon := true
	for _, c := range order {
		parts := strings.Split(c, " | ")
		tl := byCell[c]
		t.Rows = append(t.Rows, []string{parts[1], parts[2], strconv.Itoa(tl.games), strconv.Itoa(tl.firstWins), strconv.Itoa(tl.perfectWins)})
		if parts[1] == "perfect" && tl.firstWins != tl.games {
			allWon = false
		}
	}
	it.tables = []game.Table{t}
	it.text = []string{fmt.Sprintf("each strategy against the perfect player in both seats (sweep `%s`; `switch=false` plays the strategy alone, the default switches to a proven winning move as the assignment asks):", spec.Name)}
	if allWon {
		it.diffs = []diff{{"agrees", "moving first on the odd palette the perfect player wins every game, as the mirror argument says."}}
	} else {
		it.diffs = []diff{{"differs", "the perfect player lost a game it should have won."}}
	}
	for _, c := range order {
		parts := strings.Split(c, " | ")
		if tl := byCell[c]; parts[2] == "perfect" && tl.firstWins == tl.games && tl.games > 0 {
			it.diffs = append(it.diffs, diff{"note", fmt.Sprintf("%s moving first won all %d games against the perfect player: the second player is lost on an odd palette, and the perfect player, who wins from every won position, never got one: %s's answers kept it lost.", parts[1], tl.games, parts[1])})
		}
	}
	it.diffs = append(it.diffs, diff{"print error", "the assignment has firstfit start its move at \"το πρώτο μη-κενό κελί\" (the first non-empty cell) of the board; a coloured cell cannot be coloured again, so the first *empty* cell is meant, and that is what Kombi's firstfit takes (then a run of off-diagonal cells through it, as the assignment says)."})
	if l.quick {
		it.diffs = append(it.diffs, diff{"quick run", "random alone, one game in each seat; the full run plays random, firstfit and copycat alone and copycat with the switch to perfect play, 10 games of each in each seat."})
	}
	it.commands = []string{only(it.id), "kombi sweep results " + spec.Name + " --format markdown"}
	return nil
}
