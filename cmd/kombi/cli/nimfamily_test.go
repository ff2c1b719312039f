package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"testing"

	nim "github.com/kombi/kombi/study/nim"
	wythoff "github.com/kombi/kombi/study/wythoff"
)

func TestTableWythoff(t *testing.T) {
	code, out, errOut := kombi(t, "", "table", "wythoff", "--a", "2", "--count", "11")
	if code != 0 || !strings.HasPrefix(out, "n A_n B_n\n0 0 0\n1 1 3\n2 2 6\n3 4 10\n") || !strings.HasSuffix(out, "10 14 34\n") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	// JSON with exact integers beyond 2^64, as numbers.
	code, out, errOut = kombi(t, "", "table", "wythoff", "--a", "1", "--from", "10^30", "--count", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	var res struct {
		A    int              `json:"a"`
		Rows [][3]json.Number `json:"rows"`
	}
	if err := dec.Decode(&res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	sys, _ := wythoff.NewSystem(1)
	n := new(big.Int).Exp(big.NewInt(10), big.NewInt(30), nil)
	an, bn := sys.PairBig(n)
	if res.A != 1 || len(res.Rows) != 2 || res.Rows[0][0].String() != n.String() || res.Rows[0][1].String() != an.String() || res.Rows[0][2].String() != bn.String() {
		t.Fatalf("rows %v, want [%s %s %s]", res.Rows, n, an, bn)
	}
	// The golden ratio: A_(10^30) = ⌊10^30·φ⌋.
	if !strings.HasPrefix(an.String(), "1618033988749894848204586834365") {
		t.Fatalf("A_(10^30) = %s is not 10^30·φ", an)
	}
	// Checksums: every method agrees, and equals the fold of the rows.
	var want uint64
	for _, x := range wythoff.NaiveRecursive(3, 5000) {
		want = want*wythoff.ChecksumMul + x
	}
	for _, m := range []string{"recursive", "algebraic", "arithmetic"} {
		code, out, errOut := kombi(t, "", "table", "wythoff", "--a", "3", "--count", "5000", "--checksum", "--method", m)
		if code != 0 || !strings.Contains(out, "  "+strconv.FormatUint(want, 10)+"\n") || !strings.Contains(out, "checksum") {
			t.Fatalf("%s checksum: exit %d %q %s; want %d", m, code, out, errOut, want)
		}
	}
}

func TestTableWythoffErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"table", "wythoff", "--a", "2"}, "--count is required"},
		{[]string{"table", "wythoff", "--count", "3"}, `required flag(s) "a"`},
		{[]string{"table", "wythoff", "--a", "0", "--count", "3"}, "want a whole number from 1"},
		{[]string{"table", "wythoff", "--a", "2", "--count", "3", "--method", "magic"}, "want recursive, algebraic or arithmetic"},
		{[]string{"table", "wythoff", "--a", "2", "--count", "3", "--from", "-4"}, "--from"},
		{[]string{"table", "wythoff", "--a", "2", "--count", "3", "--from", "10^100", "--method", "recursive"}, "use --method algebraic or arithmetic"},
		{[]string{"table", "wythoff", "--a", "2", "--position", "3"}, "want two heap sizes"},
		{[]string{"table", "grundy"}, "--count 0 (required)"},
		{[]string{"table", "grundy", "--count", "5000000"}, "a table lists at most 4194304 values"},
		{[]string{"table", "grundy", "--count", "5", "--format", "xml"}, "--format"},
		{[]string{"table", "buildingnim", "--placement", "anywhere"}, `placement "anywhere": want empty-first or free`},
		{[]string{"table", "buildingnim", "--max-heaps", "64", "--max-tokens", "3000"}, "too many to search exactly"},
		{[]string{"table", "buildingnim", "--max-heaps", "0"}, "--max-heaps 0"},
		{[]string{"play", "wythoff(a=2,piles=1;2;3)"}, "exactly two heap sizes"},
		{[]string{"play", "nimk(piles=30;30;30;30;30;30,k=6)"}, "legal moves; at most"},
	} {
		code, _, errOut := kombi(t, "", tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

func TestTableWythoffPosition(t *testing.T) {
	code, out, errOut := kombi(t, "", "table", "wythoff", "--a", "2", "--position", "10^40;3*10", "--json")
	if code != 2 || !strings.Contains(errOut, "heap 2") {
		t.Fatalf("bad heap: exit %d %s %s", code, out, errOut)
	}
	code, out, errOut = kombi(t, "", "table", "wythoff", "--a", "2", "--position", "10^40;10^41", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var an struct {
		Outcome   string   `json:"outcome"`
		BestMoves []string `json:"best_moves"`
		Methods   []struct {
			Method string   `json:"method"`
			To     []string `json:"to"`
		} `json:"methods"`
	}
	if err := json.Unmarshal([]byte(out), &an); err != nil {
		t.Fatal(err)
	}
	// The smaller heap is too large for the recursive method; the other two agree.
	if an.Outcome != "win" || len(an.Methods) != 2 || strings.Join(an.Methods[0].To, ";") != strings.Join(an.Methods[1].To, ";") {
		t.Fatalf("%+v", an)
	}
	code, out, _ = kombi(t, "", "table", "wythoff", "--a", "2", "--position", "4;9", "--method", "arithmetic")
	if code != 0 || !strings.Contains(out, "R_p(4) = 11") || !strings.Contains(out, "to (2, 6)") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestTableGrundy(t *testing.T) {
	code, out, errOut := kombi(t, "", "table", "grundy", "--count", "3000", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Values   []int    `json:"values"`
		Rare     [][2]int `json:"rare"`
		MaxValue int      `json:"max_value"`
		MaxAt    int      `json:"max_at"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	naive := nim.NaiveGrundyValues(3000)
	for n, v := range naive {
		if res.Values[n] != v {
			t.Fatalf("G(%d) = %d, plain mex %d", n, res.Values[n], v)
		}
	}
	if res.Rare[len(res.Rare)-1] != [2]int{2373, 1} && len(res.Rare) < 30 || res.MaxValue < 7 || naive[res.MaxAt] != res.MaxValue {
		t.Fatalf("rare %v max %d at %d", res.Rare, res.MaxValue, res.MaxAt)
	}
	code, out, _ = kombi(t, "", "table", "grundy", "--count", "100", "--naive")
	if code != 0 || !strings.Contains(out, "87  7\n90  7\n93  7\n") || !strings.Contains(out, "Largest value: 7, first at n = 87 (G(0..99) by the plain mex") ||
		!strings.Contains(out, "80  5   2   4   5   2   4   3   7") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	// The same tables as CSV and Markdown; --summary leaves the values out.
	code, out, _ = kombi(t, "", "table", "grundy", "--count", "100", "--format", "csv")
	if code != 0 || !strings.HasPrefix(out, "n,+0,+1,") || !strings.Contains(out, "\n80,5,2,4,5,2,4,3,7,") || !strings.Contains(out, "n,G(n)\n1,0\n") || !strings.HasSuffix(out, "93,7\n") {
		t.Fatalf("csv: exit %d:\n%s", code, out)
	}
	code, out, _ = kombi(t, "", "table", "grundy", "--count", "100", "--summary", "--format", "markdown")
	if code != 0 || strings.Contains(out, "+19") || !strings.Contains(out, "| 87 | 7 |") {
		t.Fatalf("markdown: exit %d:\n%s", code, out)
	}
	code, out, _ = kombi(t, "", "table", "grundy", "--count", "100", "--summary", "--json")
	if code != 0 || !strings.HasPrefix(out, `{"count":100,"values":[],"rare":[[1,0],[2,0],[3,1],`) || !strings.Contains(out, `"max_value":7,"max_at":87,`) {
		t.Fatalf("summary json: exit %d:\n%s", code, out)
	}
}

// cancelOnWrite is an output that cancels a context at its first write.
type cancelOnWrite struct {
	strings.Builder
	once   sync.Once
	cancel func()
}

func (w *cancelOnWrite) Write(p []byte) (int, error) {
	w.once.Do(w.cancel)
	return w.Builder.Write(p)
}

// TestTableGrundyInterrupted stops a long table (as Ctrl-C does, at its
// first progress report): what was computed is printed and the exit
// status is 130.
func TestTableGrundyInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out strings.Builder
	errOut := &cancelOnWrite{cancel: cancel}
	code := Run(ctx, []string{"table", "grundy", "--count", "67108864", "--summary", "--json"}, strings.NewReader(""), &out, errOut)
	var res struct {
		Count int      `json:"count"`
		Rare  [][2]int `json:"rare"`
	}
	if err := json.Unmarshal([]byte(out.String()), &res); err != nil || code != 130 {
		t.Fatalf("exit %d, %v:\n%.300s\n%s", code, err, out.String(), errOut.String())
	}
	if res.Count < 1 || res.Count >= 67108864 || res.Count > 100 && len(res.Rare) < 30 || !strings.Contains(errOut.String(), "interrupted") {
		t.Fatalf("interrupted after %d values, %d rare: %s", res.Count, len(res.Rare), errOut.String())
	}
}

func TestTableBuildingNim(t *testing.T) {
	code, out, errOut := kombi(t, "", "table", "buildingnim", "--max-heaps", "3", "--max-tokens", "8", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Winner [][]int `json:"winner"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	// One heap: the Nim starter takes it all; P2 starts when p is odd.
	for i, w := range res.Winner[0] {
		if p, want := i+1, 1; p%2 == 1 && w != 2 || p%2 == 0 && w != want {
			t.Fatalf("1 heap, %d tokens: P%d", p, w)
		}
	}
	if res.Winner[0][1] != 1 || res.Winner[0][0] != 2 || res.Winner[1][3] != 2 {
		t.Fatalf("winners %v", res.Winner)
	}
	// Free placement (Duchêne, Dufour, Heubach, Larsson 2016): (5, 6) and
	// (7, 8) are P2 wins; with empty heaps first P1 wins both.
	for _, tt := range []struct {
		placement string
		want      int
	}{{"free", 2}, {"empty-first", 1}} {
		code, out, errOut = kombi(t, "", "table", "buildingnim", "--max-heaps", "7", "--max-tokens", "8", "--placement", tt.placement, "--json")
		var res struct {
			Placement string  `json:"placement"`
			Winner    [][]int `json:"winner"`
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
			t.Fatalf("exit %d %v: %s", code, err, errOut)
		}
		if res.Placement != tt.placement || res.Winner[4][5] != tt.want || res.Winner[6][7] != tt.want {
			t.Errorf("%s: (5, 6) won by P%d, (7, 8) by P%d; want P%d", tt.placement, res.Winner[4][5], res.Winner[6][7], tt.want)
		}
	}
	code, out, _ = kombi(t, "", "table", "buildingnim", "--max-heaps", "2", "--max-tokens", "3", "--format", "csv")
	if code != 0 || out != "n \\ p,1,2,3\n1,P2,P1,P2\n2,P2,P2,P2\n" {
		t.Fatalf("csv: exit %d\n%q", code, out)
	}
}

// TestAnalyzeNim is the check: all 12 moves of 3;4;5, exactly one
// winning (1:2), each valued by the Grundy value (nim-sum) it leaves.
func TestAnalyzeNim(t *testing.T) {
	code, out, errOut := kombi(t, "", "analyze", "nim(piles=3;4;5)", "--json")
	var an struct {
		Position string `json:"position"`
		Moves    []struct {
			Move    string `json:"move"`
			Outcome string `json:"outcome"`
			Value   *int   `json:"value"`
		} `json:"moves"`
		Complete bool `json:"complete"`
	}
	if err := json.Unmarshal([]byte(out), &an); err != nil || code != 0 {
		t.Fatalf("exit %d %v: %s", code, err, errOut)
	}
	var wins []string
	for _, m := range an.Moves {
		var h, k int
		fmt.Sscanf(m.Move, "%d:%d", &h, &k)
		heaps := []int{3, 4, 5}
		heaps[h-1] -= k
		if m.Value == nil || *m.Value != heaps[0]^heaps[1]^heaps[2] {
			t.Errorf("%s: value %v, nim-sum after it %d", m.Move, m.Value, heaps[0]^heaps[1]^heaps[2])
		}
		if m.Outcome == "win" {
			wins = append(wins, m.Move)
		}
	}
	if len(an.Moves) != 12 || strings.Join(wins, " ") != "1:2" || !an.Complete || an.Position != "3;4;5" {
		t.Fatalf("%d moves, winning %v:\n%s", len(an.Moves), wins, out)
	}
	// Every game of the family answers, misère Nim without values.
	for _, spec := range []string{"nim(piles=1;2;2,misere=true)", "nimk(piles=1;2;4,k=2)", "greedynim(piles=2;7;7;7)", "buildingnim(heaps=3,tokens=4,placement=free)", "grundy(heap=21)"} {
		code, out, errOut := kombi(t, "", "analyze", spec, "--json")
		if code != 0 || !strings.Contains(out, `"outcome": "win"`) {
			t.Errorf("%s: exit %d %s\n%s", spec, code, errOut, out)
		}
	}
}

func TestSolveNimFamily(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		outcome string
		best    string
	}{
		{[]string{"solve", "nimk(piles=1;2;4,k=2)"}, "win", "2:1+3:3"},
		{[]string{"solve", "nimk(piles=3;3;3,k=2)"}, "loss", ""},
		{[]string{"solve", "greedynim(piles=2;7;7;7)"}, "win", ""},
		{[]string{"solve", "buildingnim(heaps=3,tokens=4)"}, "win", "+1"},
		{[]string{"solve", "buildingnim(heaps=3,tokens=4)", "--position", "nim:1;1;2"}, "win", "3:2"},
		{[]string{"solve", "grundy(heap=8)"}, "win", "1=7+1"},
		{[]string{"solve", "grundy(heap=8)", "--position", "4;2;1 P2"}, "loss", ""},
		{[]string{"solve", "buildingnim(heaps=5,tokens=6,placement=free)"}, "loss", ""},
		{[]string{"solve", "buildingnim(heaps=5,tokens=6)"}, "win", ""},
		{[]string{"solve", "nim(piles=3;4;5)", "--position", "1;4;5 P2"}, "loss", ""},
		{[]string{"solve", "wythoff(a=2,piles=4;9)"}, "win", "2,3"},
		{[]string{"solve", "wythoff(a=1)", "--position", "3;5"}, "loss", ""},
	} {
		code, out, errOut := kombi(t, "", append(tt.args, "--json")...)
		var an struct {
			Outcome   string   `json:"outcome"`
			BestMoves []string `json:"best_moves"`
		}
		if err := json.Unmarshal([]byte(out), &an); err != nil || code != 0 {
			t.Fatalf("%v: exit %d %v %s", tt.args, code, err, errOut)
		}
		if an.Outcome != tt.outcome || tt.best != "" && (len(an.BestMoves) == 0 || an.BestMoves[0] != tt.best) {
			t.Errorf("%v: %+v, want %s %s", tt.args, an, tt.outcome, tt.best)
		}
	}
}

func TestPerfectWinsNimFamily(t *testing.T) {
	for _, spec := range []string{"nimk(piles=3;4;5;6,k=2)", "greedynim(piles=2;5;7)", "buildingnim(heaps=3,tokens=8)", "grundy(heap=20)", "wythoff(a=2,piles=20;33)"} {
		code, out, errOut := kombi(t, "", "arena", spec, "--p1", "perfect", "--p2", "random", "--games", "10", "--json")
		var res struct {
			Wins []int `json:"wins"`
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
			t.Fatalf("%s: exit %d %v %s", spec, code, err, errOut)
		}
		// Seats alternate; these starts are first-player wins, so perfect
		// wins every game it starts and most of the others.
		if res.Wins[0] < 5 {
			t.Errorf("%s: perfect won %d of 10 against random", spec, res.Wins[0])
		}
	}
}

func TestBenchWythoffSmall(t *testing.T) {
	needGxx(t)
	args := []string{"bench", "wythoff", "--max-n", "160", "--json", "--baseline-recursive-max", "80", "--baseline-store"}
	code, out, errOut := kombi(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Rows []struct {
			N             uint64             `json:"n"`
			Ms            map[string]float64 `json:"ms"`
			ThesisMs      map[string]float64 `json:"thesis_ms"`
			BaselineExact *bool              `json:"baseline_exact"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 5 || res.Rows[4].N != 160 || len(res.Rows[4].Ms) != 3 || res.Rows[4].ThesisMs["arithmetic"] != 0.471463 {
		t.Fatalf("%s", out)
	}
	if res.Rows[0].BaselineExact != nil && !*res.Rows[0].BaselineExact {
		t.Fatal("double precision is exact for n = 10")
	}
}

// TestReportWythoffTable5: the JSON of the thesis' Table 5 writes its
// numbers (up to 31 digits) as decimal strings, which JavaScript keeps
// exact: as JSON numbers, the last row's thesis A_n and exact A_n read as
// one number in a browser, and the difference the table shows was lost.
func TestReportWythoffTable5(t *testing.T) {
	code, out, errOut := kombi(t, "", "report", "wythoff-table5", "--scan", "0", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Rows []struct {
			N       string `json:"n"`
			ThesisA string `json:"thesis_a"`
			A       string `json:"a_n"`
			Right   bool   `json:"right"`
		} `json:"rows"`
		Wrong int `json:"wrong_rows"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v:\n%.300s", err, out)
	}
	firstWrong := -1
	for i, r := range res.Rows {
		if !r.Right && firstWrong < 0 {
			firstWrong = i
		}
	}
	if len(res.Rows) != 100 || res.Wrong == 0 || firstWrong < 0 {
		t.Fatalf("%d rows, %d wrong, the first at %d", len(res.Rows), res.Wrong, firstWrong)
	}
	if n, ok := new(big.Int).SetString(res.Rows[firstWrong].N, 10); !ok || n.Cmp(big.NewInt(100_000_000)) < 0 {
		t.Fatalf("the first wrong row's n: %q", res.Rows[firstWrong].N)
	}
	last := res.Rows[99]
	if len(last.ThesisA) < 30 || last.ThesisA == last.A {
		t.Fatalf("the last row: thesis A_n %q, exact %q", last.ThesisA, last.A)
	}
}

// TestMeasureSaysWhatValueHolds: solve and analyze --json name the Grundy
// value as their measure only where they give one (normal Nim); where the
// solver decides who wins without it (misère Nim, Wythoff's game, Greedy
// Nim) the measure is the outcome (it said "Grundy value" beside null).
func TestMeasureSaysWhatValueHolds(t *testing.T) {
	for _, c := range []struct{ game, kind string }{
		{"nim(piles=3;4;5)", "grundy"}, {"nim(piles=3;4;5,misere=true)", "outcome"},
		{"wythoff(piles=4;7)", "outcome"}, {"greedynim(piles=3;4;5)", "outcome"},
	} {
		for _, cmd := range []string{"solve", "analyze"} {
			code, out, errOut := kombi(t, "", cmd, c.game, "--json")
			var r struct {
				Value   any `json:"value"`
				Measure struct {
					Kind string `json:"kind"`
				} `json:"measure"`
				Moves []struct {
					Value any `json:"value"`
				} `json:"moves"`
			}
			if code != 0 || json.Unmarshal([]byte(out), &r) != nil {
				t.Fatalf("%s %s: exit %d: %s", cmd, c.game, code, errOut)
			}
			if r.Measure.Kind != c.kind {
				t.Errorf("%s %s: measure %q, want %q", cmd, c.game, r.Measure.Kind, c.kind)
			}
			hasValue := r.Value != nil
			for _, m := range r.Moves {
				hasValue = hasValue || m.Value != nil
			}
			if hasValue != (c.kind == "grundy") {
				t.Errorf("%s %s: values given %v under the measure %q", cmd, c.game, hasValue, r.Measure.Kind)
			}
		}
	}
}

// TestTerminalWords: what a person reads in a terminal says what it means.
// Each case failed before its fix.
func TestTerminalWords(t *testing.T) {
	// A finished position: why nothing is searched, and how the game ended
	// (it said "analyze: analyze: the game is over").
	for _, cmd := range []string{"solve", "analyze"} {
		code, _, errOut := kombi(t, "", cmd, "greedynim", "--position", "0;0;0")
		if code != 2 || !strings.Contains(errOut, "the game is over in this position: P2 took the last token and wins") || strings.Contains(errOut, "analyze: analyze") {
			t.Errorf("%s of a finished position: exit %d, %q", cmd, code, errOut)
		}
	}
	// The analysis names the position it values, not only the game string's start.
	if _, out, _ := kombi(t, "", "analyze", "nim", "--position", "1;1"); !strings.HasPrefix(out, "nim(piles=3;4;5,misere=false), position 1;1 — every move") {
		t.Errorf("analyze --position 1;1 is titled %q", strings.SplitN(out, "\n", 2)[0])
	}
	// One token, singular.
	if _, out, _ := kombi(t, "", "solve", "nim", "--position", "0;3;4"); !strings.Contains(out, "take 4 − 3 = 1 token from heap 3") {
		t.Errorf("solve nim 0;3;4:\n%s", out)
	}
	// The move help's examples are moves of this position (grundy(heap=4)
	// offered 1=9+6, a 3×3 palette '4 5', whose 5 is on the diagonal).
	for _, c := range []struct{ game, want string }{
		{"grundy(heap=4)", "e.g. 1=3+1, or 1:1 for the same move"},
		{"nim2d(n=3,first=p1)", "e.g. '2,3'"},
		{"nim2d(n=2,first=p1)", "e.g. '1'"},
	} {
		if _, out, _ := kombi(t, "help\nquit\n", "play", c.game, "--p1", "human", "--p2", "random", "--no-db", "--no-out"); !strings.Contains(out, c.want) {
			t.Errorf("%s: the move help lacks %q:\n%s", c.game, c.want, out)
		}
	}
	// kombi games cites "the thesis' setPower" and "the project's evaluation": it names them first.
	if _, out, _ := kombi(t, "", "games"); !strings.HasPrefix(out, `Where the words below cite "the thesis" or "the project"`) || !strings.Contains(out, "for the Thue game Rękawek's master's thesis") {
		t.Errorf("kombi games does not name its sources first:\n%.300s", out)
	}
	// 2D Nim names the empty diagonal cells ("Empty diagonal cells: 2" read as cell 2).
	if _, out, _ := kombi(t, "", "solve", "nim2d(n=3)", "--position", "RGR/G../G..:R"); !strings.Contains(out, "Empty diagonal cells 5 and 9, each a single-token heap") {
		t.Errorf("solve nim2d RGR/G../G..:\n%s", out)
	}
	// The Thue builder's hint: every move forces a square (no "winning
	// moves": the builder wins every game), the best soonest; in lengths.
	if _, out, _ := kombi(t, "1\n1\nhint\nquit\n", "play", "thue(alphabet=3)", "--p1", "human", "--p2", "perfect", "--seed", "10", "--no-db", "--no-out"); !strings.Contains(out, "The best moves (1 or 2) let you force a repetition by length 5.\n"+
		"With best play by both, the builder can then force a repetition by: length 5 after 1 or 2; length 6 after 0 or 3.\n") || strings.Contains(out, "Winning moves") {
		t.Errorf("the Thue builder's hint:\n%s", out)
	}
	// The painter's: the longest word, not "every move loses".
	if _, out, _ := kombi(t, "hint\nquit\n", "play", "thue(alphabet=3,start=0)", "--p1", "perfect", "--p2", "human", "--seed", "1", "--no-db", "--no-out"); !strings.Contains(out, "keep the word going to length 5.\n"+
		"With best play by both, the builder can still force a repetition by: length 5 after 1 or 2; length 2 after 0.\n") || strings.Contains(out, "loses") {
		t.Errorf("the Thue painter's hint:\n%s", out)
	}
	// With a target within reach the painter can win: the hint says which moves do.
	if _, out, _ := kombi(t, "1\nhint\nquit\n", "play", "thue(alphabet=3,start=0,target=4)", "--p1", "human", "--p2", "human", "--seed", "1", "--no-db", "--no-out"); !strings.Contains(out, "Winning moves: 1 2.") {
		t.Errorf("the Thue painter's hint with a target:\n%s", out)
	}
}
