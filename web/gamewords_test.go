package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/web"
)

// saidJSON is what the match JSON says beyond the position: the last
// move's note, the moves played for a person, what the seed drew.
type saidJSON struct {
	matchJSON
	LastMove *struct {
		Index int
		Move  string
		Note  *string `json:"note"`
	} `json:"last_move"`
	ForcedMoves []int  `json:"forced_moves"`
	DrawNote    string `json:"draw_note"`
}

// Grundy's game: a split renumbers the heaps after it, and the match's
// last_move says so in the game's words (Live.LastNote); a past position's
// too, and after an undo the earlier move's; a game without notes sends
// none.
func TestGrundySplitNoteInLastMove(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("grundy(heap=15)", [2]string{"human", "human"}, 1)
	tok0, tok1 := *m.SeatTokens[0], *m.SeatTokens[1]
	first := "Heap 1 became heaps 1 (10 tokens) and 2 (5 tokens)."
	second := "Heap 1 became heaps 1 (6 tokens) and 2 (4 tokens); old heap 2 is now heap 3."
	var got saidJSON
	move := func(tok, mv, want string) {
		t.Helper()
		got = saidJSON{}
		if st := h.do("POST", "/api/matches/"+m.ID+"/moves", tok, map[string]string{"move": mv}, &got); st != 200 {
			t.Fatalf("move %s: status %d", mv, st)
		}
		if got.LastMove == nil || got.LastMove.Move != mv || got.LastMove.Note == nil || *got.LastMove.Note != want {
			t.Fatalf("after %s the last move is %+v; want the note %q", mv, got.LastMove, want)
		}
	}
	move(tok0, "1=10+5", first)
	move(tok1, "1=6+4", second)
	if pos := got.View.Heaps; len(pos) != 3 || fmt.Sprint(pos) != "[6 4 5]" {
		t.Fatalf("heaps %v, want [6 4 5]", pos)
	}
	var past saidJSON
	h.do("GET", "/api/matches/"+m.ID+"?at=1", "", nil, &past)
	if past.LastMove == nil || past.LastMove.Note == nil || *past.LastMove.Note != first {
		t.Fatalf("at=1 the last move is %+v; want the note %q", past.LastMove, first)
	}
	var undone saidJSON
	if st := h.do("POST", "/api/matches/"+m.ID+"/undo", tok1, nil, &undone); st != 200 || undone.LastMove == nil || undone.LastMove.Note == nil || *undone.LastMove.Note != first {
		t.Fatalf("after the undo (%d) the last move is %+v; want the note %q", st, undone.LastMove, first)
	}
	n := h.create("nim(piles=3;4;5)", [2]string{"human", "human"}, 1)
	var raw map[string]json.RawMessage
	h.do("POST", "/api/matches/"+n.ID+"/moves", *n.SeatTokens[0], map[string]string{"move": "1:1"}, &raw)
	if strings.Contains(string(raw["last_move"]), "note") {
		t.Errorf("a Nim move has a note: %s", raw["last_move"])
	}
}

// The list-colouring game with lists of one colour: the server colours
// the named number for a person colouring (they have no choice), the
// record has it as their move, forced_moves says which moves those were,
// and an undo takes back a choice, never a move that would only be played
// again: the colourer has none to take back, the namer's takes the colour
// with it. A person colouring against the computer plays the whole game
// without a move; with lists of two the person chooses as before.
func TestOneColourListIsColouredForThePerson(t *testing.T) {
	h := newHarness(t, nil)
	m := h.create("vdwlist(k=3,colors=3,list=1,s=9)", [2]string{"human", "human"}, 1)
	tok0, tok1 := *m.SeatTokens[0], *m.SeatTokens[1]
	var got saidJSON
	if st := h.do("POST", "/api/matches/"+m.ID+"/moves", tok0, map[string]string{"move": "5"}, &got); st != 200 {
		t.Fatalf("name 5: status %d", st)
	}
	if len(got.Moves) != 3 || got.Moves[1].Player != game.Chance || got.Moves[2].Player != 1 || got.ToMove == nil || *got.ToMove != 0 || !slices.Equal(got.ForcedMoves, []int{3}) {
		t.Fatalf("after 5 is named: moves %v, to move %v, forced %v; want the one colour played for the colourer, move 3", got.Moves, got.ToMove, got.ForcedMoves)
	}
	if drawn := strings.Trim(got.Moves[1].Move, "{}"); got.Moves[2].Move != drawn || got.View.Numbers[4].Color < 0 {
		t.Fatalf("drawn %s, coloured %s; 5 is %+v", got.Moves[1].Move, got.Moves[2].Move, got.View.Numbers[4])
	}
	var rec game.Record
	h.do("GET", "/api/matches/"+m.ID+"/record", "", nil, &rec)
	if len(rec.Moves) != 3 || rec.Moves[2].Player != 1 || rec.Moves[2].Move != got.Moves[2].Move {
		t.Fatalf("the record: %v", rec.Moves)
	}
	var e struct{ Error string }
	if st := h.do("POST", "/api/matches/"+m.ID+"/undo", tok1, nil, &e); st != http.StatusConflict || !strings.Contains(e.Error, "the only move there was, played for you") {
		t.Fatalf("the colourer's undo: %d %q; want 409, nothing of theirs to take back", st, e.Error)
	}
	var undone saidJSON
	if st := h.do("POST", "/api/matches/"+m.ID+"/undo", tok0, nil, &undone); st != 200 || len(undone.Moves) != 0 || undone.ForcedMoves != nil || *undone.ToMove != 0 {
		t.Fatalf("the namer's undo: %d, moves %v, forced %v", st, undone.Moves, undone.ForcedMoves)
	}

	// Against the computer: the person colouring never moves, the game ends.
	c := h.create("vdwlist(k=3,colors=3,list=1,s=9)", [2]string{"random", "human"}, 2)
	end := h.waitFor(c.ID, func(x matchJSON) bool { return x.Finished })
	var said saidJSON
	h.do("GET", "/api/matches/"+c.ID, "", nil, &said)
	var colours []int
	for i, mv := range end.Moves {
		if mv.Player == 1 {
			colours = append(colours, i+1)
		}
	}
	if len(colours) == 0 || !slices.Equal(said.ForcedMoves, colours) {
		t.Fatalf("against the computer: forced %v, the colourer's moves %v", said.ForcedMoves, colours)
	}

	// Lists of two: the person chooses.
	two := h.create("vdwlist(k=3,colors=3,list=2,s=9)", [2]string{"human", "human"}, 1)
	var raw map[string]json.RawMessage
	h.do("POST", "/api/matches/"+two.ID+"/moves", *two.SeatTokens[0], map[string]string{"move": "5"}, &raw)
	var to int
	json.Unmarshal(raw["to_move"], &to)
	if _, ok := raw["forced_moves"]; ok || to != 1 {
		t.Fatalf("lists of two: to move %d, forced_moves %s", to, raw["forced_moves"])
	}
}

// 2D Nim without first=: the coin chose who starts, and the match says so
// (draw_note, the game's DrawNote) beside the game string that names the
// seat, also after a restart that loads the match from the store; a first=
// given draws nothing.
func TestCoinChoiceSaysSo(t *testing.T) {
	store := &web.MemoryStore{}
	h := newHarness(t, store)
	ids, seen := map[string]string{}, map[string]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		var m saidJSON
		if st := h.do("POST", "/api/matches", "", map[string]any{"game": "nim2d(n=3,p1=G)", "players": []string{"human", "human"}, "seed": seed}, &m); st != 201 {
			t.Fatalf("create: %d", st)
		}
		first := m.Game[strings.Index(m.Game, "first=")+len("first=") : len(m.Game)-1]
		colour := map[string]string{"p1": "G (P1)", "p2": "R (P2)"}[first]
		if want := "first=" + first + ": the coin chose " + colour + " to start"; m.DrawNote != want {
			t.Errorf("seed %d, %s: draw_note %q, want %q", seed, m.Game, m.DrawNote, want)
		}
		ids[m.ID], seen[first] = m.DrawNote, true
	}
	if !seen["p1"] || !seen["p2"] {
		t.Errorf("seeds 1 to 6 tossed only %v", seen)
	}
	var given saidJSON
	h.do("POST", "/api/matches", "", map[string]any{"game": "nim2d(n=3,first=p2)", "players": []string{"human", "human"}, "seed": 1}, &given)
	if given.DrawNote != "" {
		t.Errorf("first=p2 given: draw_note %q", given.DrawNote)
	}
	h.ts.Close()
	h.srv.Close()
	h2 := newHarness(t, store)
	for id, want := range ids {
		var m saidJSON
		h2.do("GET", "/api/matches/"+id, "", nil, &m)
		if m.DrawNote != want {
			t.Errorf("after a restart: draw_note %q, want %q", m.DrawNote, want)
		}
	}
}
