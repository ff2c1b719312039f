package cli

import (
	"encoding/json"
	"math/big"
	"os/exec"
	"strings"
	"testing"

	"github.com/kombi/kombi/games/wythoff"
	studywythoff "github.com/kombi/kombi/study/wythoff"
)

// TestSolveWythoffAnySize: positions beyond the playable bound, given by
// the game string or --position, are solved and analysed exactly.
func TestSolveWythoffAnySize(t *testing.T) {
	type result struct {
		Position  string        `json:"position"`
		Outcome   string        `json:"outcome"`
		BestMoves []string      `json:"best_moves"`
		Complete  bool          `json:"complete"`
		PPosition bool          `json:"p_position"`
		Heaps     []json.Number `json:"heaps"`
	}
	solveJSON := func(args ...string) result {
		t.Helper()
		code, out, errOut := kombi(t, "", append([]string{"solve"}, append(args, "--json")...)...)
		var r result
		dec := json.NewDecoder(strings.NewReader(out))
		dec.UseNumber()
		if err := dec.Decode(&r); code != 0 || err != nil || len(r.Heaps) != 2 || r.Position != string(r.Heaps[0])+";"+string(r.Heaps[1]) {
			t.Fatalf("%v: exit %d %v %s%s", args, code, err, out, errOut)
		}
		return r
	}
	// The example: (659276, 1066731) = (A_n, B_n) for a = 1.
	r := solveJSON("wythoff(a=1,piles=659276;1066731)")
	if r.Outcome != "loss" || !r.PPosition || len(r.BestMoves) != 0 || !r.Complete || r.Position != "659276;1066731" {
		t.Fatalf("%+v", r)
	}
	sys, _ := studywythoff.NewSystem(2)
	x := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	y := new(big.Int).Mul(x, big.NewInt(10))
	want := sys.WinningTargets(x, y)
	for _, args := range [][]string{{"wythoff(a=2,piles=10^100;10^101)"}, {"wythoff(a=2)", "--position", "10^100;10^101"}} {
		r = solveJSON(args...)
		if r.Outcome != "win" || len(r.BestMoves) != len(want) || r.Position != x.String()+";"+y.String() {
			t.Fatalf("%v: %+v", args, r)
		}
		k := new(big.Int).Sub(x, want[0][0])
		l := new(big.Int).Sub(y, want[0][1])
		if r.BestMoves[0] != k.String()+","+l.String() {
			t.Fatalf("%v: best move %s, want %s,%s", args, r.BestMoves[0], k, l)
		}
	}
	// analyze: every move of a small position, the winning moves of a huge one.
	for _, tt := range []struct {
		spec     string
		moves    int
		complete bool
	}{{"wythoff(a=2,piles=4;9)", int(wythoff.LegalMoveCount(2, 4, 9)), true}, {"wythoff(a=2,piles=10^100;10^101)", len(want), false}} {
		code, out, errOut := kombi(t, "", "analyze", tt.spec, "--json")
		var an struct {
			Moves []struct {
				Move    string `json:"move"`
				Outcome string `json:"outcome"`
			} `json:"moves"`
			Complete bool `json:"complete"`
		}
		if err := json.Unmarshal([]byte(out), &an); code != 0 || err != nil {
			t.Fatalf("%s: exit %d %v %s", tt.spec, code, err, errOut)
		}
		wins := 0
		for _, m := range an.Moves {
			if m.Outcome == "win" {
				wins++
			}
		}
		if len(an.Moves) != tt.moves || an.Complete != tt.complete || wins == 0 {
			t.Fatalf("%s: %d moves, %d wins, complete %t", tt.spec, len(an.Moves), wins, an.Complete)
		}
	}
}

func TestWythoffTablesFormats(t *testing.T) {
	code, out, errOut := kombi(t, "", "table", "wythoff", "--a", "2", "--count", "3", "--format", "csv")
	if code != 0 || out != "n,A_n,B_n\n0,0,0\n1,1,3\n2,2,6\n" {
		t.Fatalf("exit %d %q %s", code, out, errOut)
	}
	// The checksum is labelled for people and a number in JSON.
	code, out, _ = kombi(t, "", "table", "wythoff", "--a", "3", "--count", "5000", "--checksum")
	if code != 0 || !strings.Contains(out, "checksum") || !strings.Contains(out, "12484936640445412855") || strings.TrimSpace(out) == "12484936640445412855" {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	code, out, _ = kombi(t, "", "table", "wythoff", "--a", "3", "--count", "5000", "--checksum", "--json")
	var sum struct {
		Checksum uint64 `json:"checksum"`
		Method   string `json:"method"`
	}
	if err := json.Unmarshal([]byte(out), &sum); code != 0 || err != nil || sum.Checksum != 12484936640445412855 || sum.Method != "algebraic" {
		t.Fatalf("exit %d %v %s", code, err, out)
	}
	code, out, _ = kombi(t, "", "report", "wythoff-table5", "--scan", "0", "--format", "markdown")
	if code != 0 || !strings.Contains(out, "| n | thesis right | thesis A_n | exact A_n |") || !strings.Contains(out, "57 of the 100 rows are wrong") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	code, out, _ = kombi(t, "", "bench", "wythoff", "--max-n", "20", "--no-baseline", "--format", "csv", "--quiet")
	if code != 0 || !strings.HasPrefix(out, "n,recursive ms,thesis,algebraic ms,thesis,arithmetic ms,thesis\n10,") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"table", "wythoff", "--a", "2", "--count", "3", "--format", "xml"}, "--format"},
		{[]string{"table", "wythoff", "--a", "2", "--count", "3", "--from", "10^-3"}, "no negative exponents"},
		{[]string{"bench", "wythoff", "--repeat", "0"}, "--repeat"},
		{[]string{"solve", "wythoff(piles=1;2;3)"}, "exactly two heap sizes"},
		{[]string{"solve", "wythoff(piles=10^10001;3)"}, "more than 10000 digits"},
	} {
		if code, _, errOut := kombi(t, "", tt.args...); code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d %q, want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

func TestBenchWythoffExplainsCode2(t *testing.T) {
	needGxx(t)
	code, out, errOut := kombi(t, "", "bench", "wythoff", "--max-n", "40", "--baseline-recursive-max", "20", "--quiet")
	if code != 0 || !strings.Contains(out, "Code 2 exact: whether the C++ Code 2 table") || !strings.Contains(out, "yes") {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
}

func TestGamesWythoffPiles(t *testing.T) {
	code, out, _ := kombi(t, "", "games")
	i := strings.Index(out, "wythoff —")
	if code != 0 || i < 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	block, _, _ := strings.Cut(out[i:], "\n\n")
	if !strings.Contains(block, "piles=") || !strings.Contains(block, "Exactly two heap sizes") || strings.Contains(block, "at least 2") {
		t.Fatalf("wythoff's parameters:\n%s", block)
	}
}

// needGxx fails the test when g++ is missing: the thesis' C++ baseline is
// compiled with it (Debian's g++ package; .ci/run installs it).
func needGxx(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("g++"); err != nil {
		t.Fatal("g++ is needed to compile the thesis' C++ code: install Debian's g++ (.ci/run does)")
	}
}
