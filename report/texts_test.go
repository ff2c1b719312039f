package report_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
)

func TestResultAndAnalysisTexts(t *testing.T) {
	r := &solve.Result{Game: "nim(piles=1;2)", Position: "1;2", Outcome: solve.Win, Value: 3, BestMoves: []string{"2:1"}, Nodes: 7}
	if got := report.ResultText(r); !strings.Contains(got, "Outcome for the player to move: win\nValue: 3\nBest moves: 2:1\n(positions searched: 7, not complete)") {
		t.Fatalf("result text:\n%s", got)
	}
	if r.Text = "the game's own words\n"; report.ResultText(r) != r.Text {
		t.Fatal("a result's own text is not used")
	}
	an := &solve.Analysis{Game: "g", Moves: []solve.MoveValue{{Move: "a", Outcome: solve.Win, Value: 1}, {Move: "b", Outcome: solve.Unknown}}}
	tab := report.AnalysisTable(an)
	notes := strings.Join(tab.Notes, " ")
	if len(tab.Rows) != 2 || strings.Join(tab.Rows[1], ",") != "b,unknown,-" || !strings.Contains(notes, "--time") ||
		!strings.Contains(notes, "outcome: for P1, who makes the move") || !strings.Contains(notes, "value: the value the game measures after it.") {
		t.Fatalf("analysis table %+v", tab)
	}
	// A chance node: the draws with their probabilities, the position's value in a note.
	draw := &solve.Analysis{Game: "g", Player: game.Chance, Complete: true, Value: "83/243", Moves: []solve.MoveValue{
		{Move: "{red, blue}", Outcome: solve.Win, Value: "1/1", Probability: "1/3"}, {Move: "{red, green}", Outcome: solve.Chance, Value: "1/81", Probability: "1/3"}}}
	tab = report.AnalysisTable(draw)
	if !strings.Contains(tab.Title, "every draw of chance") || strings.Join(tab.Columns, ",") != "draw,probability,outcome,value" ||
		strings.Join(tab.Rows[0], ",") != "{red, blue},1/3,win,1" || strings.Join(tab.Rows[1], ",") != "{red, green},1/3,chance,1/81" || !strings.HasSuffix(tab.Notes[len(tab.Notes)-1], ": 83/243.") {
		t.Fatalf("analysis table of a draw %+v", tab)
	}
	// The Szemerédi game's race: a column "win in", "-" where not measured, and what it means.
	one, two := 1, 2
	race := &solve.Analysis{Game: "ap", Complete: true, Moves: []solve.MoveValue{
		{Move: "2", Outcome: solve.Win, WinIn: &one}, {Move: "64", Outcome: solve.Loss, WinIn: &two}, {Move: "66", Outcome: solve.Draw}}}
	tab = report.AnalysisTable(race)
	// No move valued: no column of dashes.
	if strings.Join(tab.Columns, ",") != "move,outcome,win in" || strings.Join(tab.Rows[0], ",") != "2,win,1" ||
		strings.Join(tab.Rows[1], ",") != "64,loss,2" || strings.Join(tab.Rows[2], ",") != "66,draw,-" || !strings.HasPrefix(tab.Notes[0], "win in: ") {
		t.Fatalf("analysis table of a race %+v", tab)
	}
	res := sweep.ArenaResult{Bots: [2]string{"perfect", "random"}, Wins: [2]int{3, 0}, Games: 3, FirstWins: 2}
	if got := report.ArenaText(res, "nim", 5, 4); !strings.Contains(got, "3 of 4 games of nim finished, seeds from 5") || !strings.Contains(got, "score of A 100.0%") {
		t.Fatalf("arena text:\n%s", got)
	}
}

func TestStoredGamesTexts(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "kombi.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	winner := 0
	rec := &game.Record{Game: "nim(piles=1,misere=false)", Seed: 4, Players: []string{"perfect", "random"},
		Moves: []game.RecordMove{{Player: 0, Move: "1:1"}}, Winner: &winner, Returns: []float64{1, -1}, Length: 1}
	if _, err := st.AddRecords(ctx, store.SourcePlay, rec); err != nil {
		t.Fatal(err)
	}
	stored, err := st.Games(ctx, store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	data, tab := report.ListGames(stored, 1, st.Location())
	if len(tab.Rows) != 1 || tab.Rows[0][6] != "P1 wins" || !strings.Contains(mustJSON(t, data), `"total":1`) {
		t.Fatalf("list: %+v", tab)
	}
	text, err := report.ShowGame(stored[0], games, false)
	if err != nil || !strings.Contains(text, "1. P1 1:1") || !strings.Contains(text, "wins after 1 move ") {
		t.Fatalf("show: %v\n%s", err, text)
	}
	var b strings.Builder
	if err := report.WriteCatalogue(&b, all.Catalogue(games, bots)); err != nil || !strings.Contains(b.String(), "nim — ") {
		t.Fatalf("catalogue: %v\n%s", err, b.String())
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	var b strings.Builder
	if err := report.WriteJSON(&b, v); err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(b.String()), "")
}
