package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/web"
)

// noter plays the first legal move and notes every second move it makes.
type noter struct {
	write func(string)
	n     int
}

func (b *noter) Act(_ context.Context, s game.State) (game.Move, error) {
	b.n++
	if b.n%2 == 1 {
		b.write(fmt.Sprintf("[noter: move %d of mine, not proven best]\n", b.n))
	}
	return s.LegalMoves(nil)[0], nil
}

// TestComputerNotesReachTheMatch: what a computer player writes while
// deciding (2D Nim's perfect player: a move not proven for want of a
// table) is the match's bot_note on that move, without the terminal's
// brackets, and gone once a later move has none.
func TestComputerNotesReachTheMatch(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	err = bots.Register(&bot.Factory{Name: "noter", Doc: "test", New: func(g game.Game, _ game.Params, env bot.Env) (bot.Bot, error) {
		return &noter{write: func(s string) {
			if env.Output != nil {
				_, _ = env.Output.Write([]byte(s))
			}
		}}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(web.Options{Games: games, Bots: bots})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer func() { ts.Close(); srv.Close() }()
	h := &harness{t: t, srv: srv, ts: ts, reg: games}
	m := h.create("nim(piles=5;5;5)", [2]string{"human", "noter"}, 1)
	type noted struct {
		Moves   []game.RecordMove `json:"moves"`
		BotNote *struct {
			Move int
			Text string
		} `json:"bot_note"`
		Error string
	}
	var got noted
	for round, want := range []string{"noter: move 1 of mine, not proven best", "", "noter: move 3 of mine, not proven best"} {
		if st := h.do("POST", "/api/matches/"+m.ID+"/moves", *m.SeatTokens[0], map[string]string{"move": "1:1"}, nil); st != 200 {
			t.Fatalf("round %d: move answered %d", round, st)
		}
		h.waitFor(m.ID, func(x matchJSON) bool { return len(x.Moves) == 2*(round+1) })
		got = noted{}
		h.do("GET", "/api/matches/"+m.ID, "", nil, &got)
		switch {
		case want == "" && got.BotNote != nil:
			t.Errorf("round %d: a note %+v on a move the computer noted nothing about", round, got.BotNote)
		case want != "" && (got.BotNote == nil || got.BotNote.Text != want || got.BotNote.Move != len(got.Moves)):
			t.Errorf("round %d: note %+v after %d moves; want %q on the last", round, got.BotNote, len(got.Moves), want)
		}
	}
	if got.BotNote != nil && strings.ContainsAny(got.BotNote.Text, "[]") {
		t.Errorf("the note keeps the terminal's brackets: %q", got.BotNote.Text)
	}
}
