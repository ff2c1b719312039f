package match_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/match"
)

// A record stopped by a limit is checked as far as its moves go: no
// winner, its returns, length and word those the moves give, its reason
// and limit consistent with its length; the same edits of a stopped
// record as of a finished one are refused.
func TestAbortedRecordsChecked(t *testing.T) {
	games, bots := &game.Registry{}, &bot.Registry{}
	if err := bot.RegisterGeneric(bots, nil); err != nil {
		t.Fatal(err)
	}
	if err := thue.Register(games, bots); err != nil {
		t.Fatal(err)
	}
	play := func(opt match.Options) *game.Record {
		t.Helper()
		g, err := games.Load("thue(alphabet=5)", 2)
		if err != nil {
			t.Fatal(err)
		}
		seats, err := match.NewSeats(bots, g, [2]string{"greedy", "greedy"}, 2, bot.Env{})
		if err != nil {
			t.Fatal(err)
		}
		opt.Seed = 2
		rec, err := match.Play(context.Background(), g, seats, opt)
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	// As read from a file: the numbers of Extra are float64.
	read := func(rec *game.Record) *game.Record {
		t.Helper()
		data, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		var back game.Record
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		return &back
	}
	stopped := play(match.Options{MaxLength: 20})
	if !stopped.Aborted || stopped.Length != 20 || stopped.Reason != "reached the length limit 20" {
		t.Fatalf("greedy against greedy, seed 2, stopped at length 20: %+v", stopped)
	}
	byMoves := play(match.Options{MaxMoves: 9})
	finished := play(match.Options{})
	if finished.Aborted || finished.Winner == nil {
		t.Fatalf("greedy against greedy, seed 2: %+v", finished)
	}
	for _, rec := range []*game.Record{stopped, byMoves, finished} {
		if _, err := match.CheckRecord(games, read(rec)); err != nil {
			t.Fatalf("a true record (%s): %v", rec.Reason, err)
		}
	}
	zero := 0
	for _, tt := range []struct {
		name   string
		rec    *game.Record
		change func(r *game.Record)
		want   string
	}{
		{"a winner", stopped, func(r *game.Record) { r.Winner = &zero }, "the game was aborted after 38 moves: it has no winner"},
		{"returns", stopped, func(r *game.Record) { r.Returns = []float64{1, -1} }, "recorded returns [1 -1], but the moves give [0 0]"},
		{"a shorter length", stopped, func(r *game.Record) { r.Length = 19 }, "recorded length 19, but the moves give 20"},
		{"the word", stopped, func(r *game.Record) { r.Extra["word"] = strings.Repeat("0", 20) }, "recorded word"},
		{"the last 2 moves dropped", stopped, func(r *game.Record) { r.Moves = r.Moves[:len(r.Moves)-2] }, "recorded length 20, but the moves give 19"},
		{"the last 2 moves dropped, length and word made to fit", stopped, func(r *game.Record) {
			r.Moves = r.Moves[:len(r.Moves)-2]
			fit, err := match.CheckRecord(games, &game.Record{Game: r.Game, Seed: r.Seed, Players: r.Players, Moves: r.Moves, Aborted: true})
			if err == nil || fit != nil {
				t.Fatalf("a record without its result: %v", err)
			}
			s, _ := game.StateAt(games, r, len(r.Moves))
			var want game.Record
			want.Finish(s)
			r.Length, r.Extra["word"] = want.Length, want.Extra["word"]
		}, "length_limit 20, but the length is 19: the limit was not reached"},
		{"the limit changed", stopped, func(r *game.Record) { r.Extra[match.LengthLimitField] = 19.0 }, `reason "reached the length limit 20", but a game stopped by its length_limit 19 says "reached the length limit 19"`},
		{"the limit and reason raised", stopped, func(r *game.Record) {
			r.Extra[match.LengthLimitField], r.Reason = 30.0, "reached the length limit 30"
		}, "length_limit 30, but the length is 20"},
		{"the limit dropped", stopped, func(r *game.Record) { delete(r.Extra, match.LengthLimitField) }, "names a limit, but the record has no length_limit"},
		{"the limit not a number", stopped, func(r *game.Record) { r.Extra[match.LengthLimitField] = "20" }, "want a positive whole number"},
		{"the move limit changed", byMoves, func(r *game.Record) { r.Extra[match.MoveLimitField] = 10.0; r.Reason = "reached the move limit 10" }, "move_limit 10, but the number of moves is 9"},
		{"a limit on a finished game", finished, func(r *game.Record) { r.Extra[match.LengthLimitField] = 5.0 }, "but the game ended"},
		{"a finished game's word", finished, func(r *game.Record) { r.Extra["word"] = "0" }, "recorded word"},
	} {
		r := read(tt.rec)
		tt.change(r)
		if _, err := match.CheckRecord(games, r); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want an error with %q", tt.name, err, tt.want)
		}
	}
}
