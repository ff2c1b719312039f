package nim2d_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kombi/kombi/solve"
)

// TestSolveJSON checks the solver's result through its JSON: the common
// fields (outcome, the Grundy value as value, the winning moves' texts) and
// today's extras (grundy, and the winning moves' cells as best_cells).
func TestSolveJSON(t *testing.T) {
	g := load(t, "nim2d(n=5,first=p1)")
	for _, tt := range []struct{ pos, outcome, grundy, moves, cells string }{
		{"RRRR./RRRRR/RRRRR/RRRRR/RRRR.", "loss", "0", `[]`, `[]`},
		{"RRR../RRRRR/RRRRR/RRRRR/RRRRR", "win", "2", `["4,5"]`, `[[4,5]]`},
		{"RRR../RRRRR/RRRRR/RRRRR/RRRR.", "win", "3", `["4","5"]`, `[[4],[5]]`},
		{".RRRR/RRRRR/RRRRR/RRRRR/RRRRR", "win", "1", `["1"]`, `[[1]]`},
		{"RRRRR/RRRRR/RRRRR/RRRRR/RRRRR:G", "win", "0", `[]`, `[]`},
	} {
		s, err := g.ParsePosition(tt.pos)
		if err != nil {
			t.Fatal(err)
		}
		r, err := solvers(t).Solve(context.Background(), g, s, solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(r)
		var got map[string]json.RawMessage
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"outcome": `"` + tt.outcome + `"`, "value": tt.grundy, "grundy": tt.grundy,
			"best_moves": tt.moves, "best_cells": tt.cells, "complete": "true", "position": `"` + strings.Split(tt.pos, ":")[0] + ":"}
		for k, w := range want {
			if k == "position" {
				if !strings.HasPrefix(string(got[k]), w) {
					t.Errorf("%s: position %s", tt.pos, got[k])
				}
				continue
			}
			if string(got[k]) != w {
				t.Errorf("%s: %s is %s, want %s\n%s", tt.pos, k, got[k], w, data)
			}
		}
		if _, ok := got["note"]; ok {
			t.Errorf("%s: a complete result has a note: %s", tt.pos, data)
		}
	}
}
