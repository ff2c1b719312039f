package web_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// saidJSON is what the match JSON says beyond the position: the last
// move's note.
type saidJSON struct {
	matchJSON
	LastMove *struct {
		Index int
		Move  string
		Note  *string `json:"note"`
	} `json:"last_move"`
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
