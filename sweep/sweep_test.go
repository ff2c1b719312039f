package sweep_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/sweep"
)

func TestRunGridResumes(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	cells := []sweep.Cell{
		{ID: "a", Labels: map[string]string{"k": "3"}, Game: "thue(alphabet=3)", Players: [2]string{"greedy", "greedy"}, Seeds: []uint64{1, 2, 3}},
		{ID: "b", Labels: map[string]string{"k": "4"}, Game: "thue(alphabet=4)", Players: [2]string{"nesting(level=1)", "nesting(level=1)"}, Seeds: []uint64{1, 2}},
	}
	var got []*game.Record
	res, err := sweep.Run(context.Background(), games, bots, cells, sweep.Options{Workers: 2, Record: func(r *game.Record) { got = append(got, r) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 5 || len(got) != 5 {
		t.Fatalf("want 5 games, got %d results and %d records", len(res), len(got))
	}
	sums := sweep.Summarise(res)
	if len(sums) != 2 || sums[0].Range() != "5" || sums[1].Range() != "7" || sums[1].Label("k") != "4" {
		t.Fatalf("summaries: %+v %q %q", sums, sums[0].Range(), sums[1].Range())
	}
	for _, r := range got {
		if sweep.CellOf(r) == "" {
			t.Fatal("record without its cell")
		}
	}
	// Resuming with the records plays nothing again.
	played := 0
	res2, err := sweep.Run(context.Background(), games, bots, cells, sweep.Options{Done: got, Record: func(*game.Record) { played++ }})
	if err != nil || played != 0 || len(res2) != 5 {
		t.Fatalf("resume: err %v, played %d, results %d", err, played, len(res2))
	}
	// A partial resume plays only the missing games.
	res3, err := sweep.Run(context.Background(), games, bots, cells, sweep.Options{Done: got[:2], Record: func(*game.Record) { played++ }})
	if err != nil || played != 3 || len(res3) != 5 {
		t.Fatalf("partial resume: err %v, played %d, results %d", err, played, len(res3))
	}
	if _, err := sweep.Run(context.Background(), games, bots, []sweep.Cell{{ID: "x", Game: "nope", Seeds: []uint64{1}}}, sweep.Options{}); err == nil {
		t.Fatal("a bad game string must be an error")
	}
}

// Cells without seeds play nothing, and no cells are no results, without
// an error (RunStored runs so once every game is stored); the cells are
// checked all the same, and a cell without an ID among others is named by
// its place (it said "sweep cell : ...").
func TestRunWithoutSeedsOrIDs(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if res, err := sweep.Run(ctx, games, bots, nil, sweep.Options{}); res != nil || err != nil {
		t.Errorf("no cells: %v, %v", res, err)
	}
	good := sweep.Cell{Game: "nim(piles=1;2)", Players: [2]string{"random", "random"}}
	if res, err := sweep.Run(ctx, games, bots, []sweep.Cell{good}, sweep.Options{}); res != nil || err != nil {
		t.Errorf("a cell without seeds: %v, %v", res, err)
	}
	bad := sweep.Cell{Game: "nim(piles=1;2)", Players: [2]string{"random", "randum"}}
	for _, tt := range []struct {
		cells []sweep.Cell
		want  string
	}{
		{[]sweep.Cell{bad}, `P2: unknown bot "randum"`},
		{[]sweep.Cell{good, bad}, `cell 2 of 2 (no ID): P2: unknown bot "randum"`},
	} {
		if _, err := sweep.Run(ctx, games, bots, tt.cells, sweep.Options{}); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%d cells: %v; want an error starting %q", len(tt.cells), err, tt.want)
		}
	}
}
