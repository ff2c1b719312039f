package apgame_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	studyap "github.com/kombi/kombi/study/apgame"
)

func TestStrengthTally(t *testing.T) {
	one, zero := 1, 0
	tally := studyap.NewStrengthTally("ap(x=12,k=3)", 5)
	// Game 0 seats A first, game 1 second, and so on.
	for i, r := range []*game.Record{
		{Winner: &zero, Moves: []game.RecordMove{{Player: 0, Seconds: 0.5}, {Player: 1, Seconds: 9}}}, // A (P1) wins
		{Winner: &zero, Moves: []game.RecordMove{{Player: 0, Seconds: 9}, {Player: 1, Seconds: 1.5}}}, // A (P2) loses
		{Moves: []game.RecordMove{{Player: 0, Seconds: 1}}},                                           // a draw
		{Winner: &one, Moves: []game.RecordMove{{Player: 1, Seconds: 1}}},                             // A (P2) wins
		{Aborted: true, Moves: []game.RecordMove{{Player: 0, Seconds: 2}}},                            // counts nowhere
	} {
		tally.Add(i, r)
	}
	row := tally.Row()
	if row.Wins != 2 || row.Losses != 1 || row.Draws != 1 || row.Games != 5 || row.Score != 2.5/4 || row.MaxSeconds != 2 || row.MeanSeconds != 6.0/5 {
		t.Fatalf("row %+v", row)
	}
	rep := studyap.StrengthReport{A: "strong", B: "extendblock", Seed: 1, Games: 5, Rows: []studyap.StrengthRow{row}}
	if tab := rep.Table(); len(tab.Rows) != 1 || strings.Join(tab.Rows[0], "|") != "ap(x=12,k=3)|2|1|1|62.5%|1.200|2.000" {
		t.Fatalf("table %+v", tab)
	}
}

func TestStrengthPlan(t *testing.T) {
	_, bots := registries(t)
	p := studyap.StrengthPlan{A: "strong", B: "extendblock", Grid: "12:3, 40:4", Games: 2}
	specs, err := p.Specs(bots)
	if err != nil || strings.Join(specs, " ") != "ap(x=12,k=3) ap(x=40,k=4)" {
		t.Fatalf("specs %v, %v", specs, err)
	}
	for _, c := range []struct {
		plan studyap.StrengthPlan
		want string
	}{
		{studyap.StrengthPlan{A: "strong", B: "strong", Grid: "12", Games: 2}, `grid item "12": want X:K`},
		{studyap.StrengthPlan{A: "strong", B: "strong", Grid: "5:7", Games: 2}, "choose k ≤ x"},
		{studyap.StrengthPlan{A: "strong", B: "psychic", Grid: "12:3", Games: 2}, "bot B (psychic)"},
		{studyap.StrengthPlan{A: "strong", B: "strong", Grid: "12:3", Games: 0}, "games=0"},
		{studyap.StrengthPlan{A: "strong", B: "strong", Grid: "12:3", Games: 1, Workers: -1}, "workers=-1"},
		{studyap.StrengthPlan{A: "strong", B: "strong", Grid: strings.Repeat("12:3,", 1000) + "12:3", Games: 1}, "grid has 1001 items"},
	} {
		if _, err := c.plan.Specs(bots); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.plan, err, c.want)
		}
	}
	// Run stops at the first failing row and keeps the rows before.
	var reported int64
	rep, err := p.Run(specs, nil, func(spec string, record func(int, *game.Record), progress func(int, int)) error {
		if spec == "ap(x=40,k=4)" {
			return context.Canceled
		}
		for i := range 2 {
			record(i, &game.Record{})
			progress(i+1, 2)
			reported++
		}
		return nil
	})
	if err == nil || len(rep.Rows) != 1 || rep.Rows[0].Draws != 2 || reported != 2 {
		t.Fatalf("run: %+v, %v", rep, err)
	}
}

func TestBench(t *testing.T) {
	r, err := studyap.Bench(context.Background(), 60, 3, 2)
	if err != nil || r.Sets != 2 || r.Moves == 0 || r.Progressions <= 0 || r.MoveSpeedup <= 0 || len(r.Table().Rows) != 5 {
		t.Fatalf("bench: %+v, %v", r, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r, err := studyap.Bench(ctx, 60, 3, 2); err == nil || r == nil || r.Sets != 0 {
		t.Fatalf("cancelled bench: %+v, %v", r, err)
	}
	if err := studyap.CheckBench(60, 3, 0); err == nil || !strings.Contains(err.Error(), "sets=0") {
		t.Fatalf("sets=0: %v", err)
	}
}
