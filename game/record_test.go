package game_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
)

func TestRecordJSONExtraFields(t *testing.T) {
	w := 1
	rec := game.Record{Game: "g", Seed: 3, Players: []string{"a", "b"}, Winner: &w, Returns: []float64{-1, 1},
		Length: 7, Moves: []game.RecordMove{{Player: 0, Move: "x", Seconds: 0.5}},
		Extra: map[string]any{"word": "0121", "set": []int{1, 2}}}
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"game":"g","seed":3,"players":["a","b"],"moves":[{"player":0,"move":"x","seconds":0.5}],"winner":1,"returns":[-1,1],"length":7,"aborted":false,"reason":"","set":[1,2],"word":"0121"}`
	if string(data) != want {
		t.Fatalf("got  %s\nwant %s", data, want)
	}
	var back game.Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.Extra["word"] != "0121" || *back.Winner != 1 || back.Length != 7 || back.Moves[0].Seconds != 0.5 {
		t.Fatalf("round trip lost data: %+v", back)
	}
	rec.Extra = map[string]any{"game": "clash"}
	if _, err := json.Marshal(rec); err == nil || !strings.Contains(err.Error(), "clashes") {
		t.Fatalf("extra field named like a standard one: err = %v", err)
	}
}

func TestDrawHasNullWinner(t *testing.T) {
	data, err := json.Marshal(game.Record{Game: "g"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"winner":null`) || !strings.Contains(string(data), `"moves":[]`) {
		t.Fatalf("got %s", data)
	}
}
