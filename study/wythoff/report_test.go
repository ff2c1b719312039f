package wythoff

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/kombi/kombi/study"
)

func TestTableRequestRows(t *testing.T) {
	ctx := context.Background()
	for format, want := range map[string]string{
		"text":     "n A_n B_n\n0 0 0\n1 1 3\n2 2 6\n3 4 10\n",
		"csv":      "n,A_n,B_n\n0,0,0\n1,1,3\n2,2,6\n3,4,10\n",
		"markdown": "| n | A_n | B_n |\n| --- | --- | --- |\n| 0 | 0 | 0 |\n| 1 | 1 | 3 |\n| 2 | 2 | 6 |\n| 3 | 4 | 10 |\n",
		"json":     `{"a":2,"rows":[[0,0,0],[1,1,3],[2,2,6],[3,4,10]]}` + "\n",
	} {
		var b strings.Builder
		q := TableRequest{A: 2, Method: "recursive", From: "0", Count: 4, CountGiven: true}
		res, err := q.Run(ctx, &b, format)
		if err != nil || res != nil || b.String() != want {
			t.Errorf("%s: %v %v\n%q, want\n%q", format, res, err, b.String(), want)
		}
	}
	// Rows beyond 2^64, exact, as JSON numbers.
	var b strings.Builder
	q := TableRequest{A: 1, Method: "arithmetic", From: "10^30", Count: 2, CountGiven: true}
	if _, err := q.Run(ctx, &b, "json"); err != nil {
		t.Fatal(err)
	}
	var res struct {
		A    int           `json:"a"`
		Rows [][3]*big.Int `json:"rows"`
	}
	if err := json.Unmarshal([]byte(b.String()), &res); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	s := sys(t, 1)
	n := new(big.Int).Exp(big.NewInt(10), big.NewInt(30), nil)
	an, bn := s.PairBig(n)
	if res.A != 1 || len(res.Rows) != 2 || res.Rows[0][0].Cmp(n) != 0 || res.Rows[0][1].Cmp(an) != 0 || res.Rows[0][2].Cmp(bn) != 0 {
		t.Fatalf("%+v", res)
	}
	// Interrupted: the JSON is closed after the rows written.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	b.Reset()
	q = TableRequest{A: 2, Method: "algebraic", From: "0", Count: 1 << 40, CountGiven: true}
	if _, err := q.Run(cctx, &b, "json"); !errors.Is(err, context.Canceled) || !json.Valid([]byte(b.String())) {
		t.Fatalf("interrupted table: %v, %q", err, b.String())
	}
}

func TestTableRequestErrors(t *testing.T) {
	for _, tt := range []struct {
		q    TableRequest
		want string
	}{
		{TableRequest{A: 2, Method: "algebraic", From: "0"}, "number of rows is required (or position)"},
		{TableRequest{A: 2, Method: "algebraic", From: "0", CountGiven: true}, "number of rows: want at least 1"},
		{TableRequest{A: 0, Method: "algebraic", From: "0", Count: 1, CountGiven: true}, "parameter a: a = 0"},
		{TableRequest{A: 2, Method: "magic", From: "0", Count: 1, CountGiven: true}, "want recursive, algebraic or arithmetic"},
		{TableRequest{A: 2, Method: "algebraic", From: "10^-3", Count: 1, CountGiven: true}, "first index: "},
		{TableRequest{A: 2, Method: "recursive", From: "10^100", Count: 1, CountGiven: true}, "use method algebraic or arithmetic"},
		{TableRequest{A: 2, Method: "arithmetic", From: "10^3000", Count: 1, CountGiven: true}, "at most 2000 digits"},
		{TableRequest{A: 2, Method: "algebraic", Position: "3"}, "want two heap sizes"},
		{TableRequest{A: 2, Method: "algebraic", Position: "0;0"}, "end of the game"},
		{TableRequest{A: 2, Method: "arithmetic", MethodGiven: true, Position: "10^3000;10^3000"}, "use the algebraic method"},
		{TableRequest{A: 2, Method: "recursive", MethodGiven: true, Position: "10^10;10^11"}, "at most 100000000"},
	} {
		_, err := tt.q.Run(context.Background(), &strings.Builder{}, "text")
		if !errors.As(err, new(*study.SettingError)) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want a setting error with %q", tt.q, err, tt.want)
		}
	}
}

func TestChecksumAndPositionReports(t *testing.T) {
	ctx := context.Background()
	q := TableRequest{A: 3, Method: "arithmetic", From: "5", Count: 100, CountGiven: true, Checksum: true}
	res, err := q.Run(ctx, nil, "text")
	if err != nil {
		t.Fatal(err)
	}
	c := res.(*ChecksumResult)
	want, _ := sys(t, 3).Checksum(ctx, Table{Method: Recursive, From: big.NewInt(5), Count: 100})
	rep := ReportOf(res)
	if c.Checksum != want || c.From.Int64() != 5 || rep == nil || rep.Rows[0][4] != big.NewInt(0).SetUint64(want).String() ||
		!strings.Contains(rep.Title, "n = 5 .. 104") || rep.Columns[4] != "checksum" {
		t.Fatalf("%+v %+v", c, rep)
	}
	data, _ := json.Marshal(c)
	if !strings.HasPrefix(string(data), `{"a":3,"checksum":`) || !strings.Contains(string(data), `"from":5,"method":"arithmetic"`) {
		t.Fatalf("checksum JSON %s", data)
	}
	// A position by every method: the methods agree and the table says so.
	q = TableRequest{A: 2, Method: "algebraic", Position: "4;9"}
	res, err = q.Run(ctx, nil, "text")
	if err != nil {
		t.Fatal(err)
	}
	rep = ReportOf(res)
	if len(rep.Rows) != 3 || rep.Rows[2][0] != "arithmetic" || rep.Rows[2][1] != "2,3" || rep.Rows[2][2] != "(2, 6)" || !strings.Contains(rep.Title, "wins") {
		t.Fatalf("%+v", rep)
	}
	// One method, in a P-position.
	q = TableRequest{A: 2, Method: "arithmetic", MethodGiven: true, Position: "4;10"}
	res, err = q.Run(ctx, nil, "text")
	if err != nil || !res.(*AdviceJSON).P || ReportOf(res).Rows[0][1] != "none: a P-position" {
		t.Fatalf("%+v %v", res, err)
	}
	if ReportOf(nil) != nil || ReportOf((*Analysis)(nil)) != nil {
		t.Fatal("a nil result has a report")
	}
}

func TestTable5(t *testing.T) {
	res, err := Table5(context.Background(), 100000, nil)
	if err != nil {
		t.Fatal(err)
	}
	firstWrong := -1
	for i, r := range res.Rows {
		if !r.Right && firstWrong < 0 {
			firstWrong = i
		}
		if an, bn := sys(t, 2).PairBig(r.N); an.Cmp(r.A) != 0 || bn.Cmp(r.B) != 0 || r.Right != (r.ThesisA.Cmp(an) == 0 && r.ThesisB.Cmp(bn) == 0) {
			t.Fatalf("row %d: %+v", i, r)
		}
	}
	if len(res.Rows) != 100 || res.Wrong == 0 || firstWrong < 0 || res.Rows[firstWrong].N.Cmp(big.NewInt(100_000_000)) < 0 || res.First != 0 || res.Bad != 0 {
		t.Fatalf("%d rows, %d wrong, the first at %d; scan %+v", len(res.Rows), res.Wrong, firstWrong, res)
	}
	rep := res.Report()
	if rep.Columns[1] != "thesis right" || rep.Rows[firstWrong][1] != "NO" || rep.Rows[firstWrong][2] != res.Rows[firstWrong].ThesisA.String() || rep.Rows[firstWrong][3] != res.Rows[firstWrong].A.String() || !strings.Contains(strings.Join(rep.Notes, "\n"), "exact for every n ≤ 100000") {
		t.Fatalf("%+v", rep.Notes)
	}
	// JSON: the numbers as decimal strings (a browser's numbers hold 53 bits), read back from strings and
	// from numbers, as results stored before were written.
	data, err := json.Marshal(res)
	if last := res.Rows[99]; err != nil || len(last.N.String()) < 31 || !strings.Contains(string(data), `"n":"`+last.N.String()+`","thesis_a":"`+last.ThesisA.String()+`"`) {
		t.Fatalf("the JSON of Table 5: %v %.200s", err, data)
	}
	var back Table5Result
	if err := json.Unmarshal(data, &back); err != nil || len(back.Rows) != 100 || back.Rows[99].A.Cmp(res.Rows[99].A) != 0 || back.Rows[99].Right != res.Rows[99].Right {
		t.Fatalf("Table 5 read back: %v", err)
	}
	var old Table5Result
	if err := json.Unmarshal([]byte(`{"rows":[{"n":10,"thesis_a":14,"thesis_b":34,"a_n":14,"b_n":34,"right":true}],"wrong_rows":0}`), &old); err != nil || old.Rows[0].B.Int64() != 34 || !old.Rows[0].Right {
		t.Fatalf("Table 5 as stored before: %v %+v", err, old)
	}
	if err := json.Unmarshal([]byte(`{"rows":[{"n":"ten","thesis_a":14,"thesis_b":34,"a_n":14,"b_n":34}]}`), &old); err == nil {
		t.Fatal("a row with n = ten read")
	}
	// Interrupted: what was scanned is said.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = Table5(ctx, 1<<30, nil)
	if !errors.Is(err, context.Canceled) || len(res.Rows) != 100 || !strings.Contains(strings.Join(res.Report().Notes, "\n"), "interrupted") {
		t.Fatalf("%v %+v", err, res.Report().Notes)
	}
}

// TestBenchCode3: the thesis' Code 3 (the arithmetic method's p- and
// q-system representations) compiled and timed up to ArithmeticMax, its
// representations giving the exact table (A_n read off them by Property
// 3), in a column of its own (Table 4 had none for it).
func TestBenchCode3(t *testing.T) {
	if _, err := exec.LookPath("g++"); err != nil {
		t.Fatal("g++ is needed to compile the thesis' C++ code: install Debian's g++ (.ci/run does)")
	}
	res, err := Bench(context.Background(), BenchOptions{A: 2, MaxN: 160, Repeat: 1, Methods: "algebraic", ArithmeticMax: 80})
	if err != nil {
		t.Fatal(err)
	}
	if res.Baseline == "" || len(res.Rows) != 5 {
		t.Fatalf("%+v", res)
	}
	for _, r := range res.Rows {
		_, ran := r.BaselineMs["arithmetic"]
		if ran != (r.N <= 80) || ran && (r.ArithmeticExact == nil || !*r.ArithmeticExact) {
			t.Errorf("n = %d: Code 3 ran %v, exact %v", r.N, ran, r.ArithmeticExact)
		}
	}
	rep := res.Report()
	if i := slices.Index(rep.Columns, "C++ Code 3 ms"); i < 0 || rep.Rows[3][i] == "" || rep.Rows[4][i] != "" {
		t.Errorf("the report's Code 3 column: %q %q", rep.Columns, rep.Rows)
	}
}

func TestBench(t *testing.T) {
	res, err := Bench(context.Background(), BenchOptions{A: 2, MaxN: 40, Repeat: 1, Methods: "recursive, arithmetic", NoBaseline: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 3 || res.Rows[2].N != 40 || len(res.Rows[2].Ms) != 2 || res.Rows[0].ThesisMs["arithmetic"] != 0.036332 {
		t.Fatalf("%+v", res.Rows)
	}
	for _, r := range res.Rows {
		want, _ := sys(t, 2).Checksum(context.Background(), Table{Method: Algebraic, Count: r.N + 1})
		if r.Checksum != want {
			t.Fatalf("n=%d: checksum %d, want %d", r.N, r.Checksum, want)
		}
	}
	rep := res.Report()
	if strings.Join(rep.Columns, "|") != "n|recursive ms|thesis|arithmetic ms|thesis" || len(rep.Rows) != 3 {
		t.Fatalf("%+v", rep)
	}
	// With a baseline that was not exact, the cell and a note say why.
	no := false
	res.Baseline, res.Rows[2].BaselineExact, res.Rows[2].BaselineMs["algebraic"] = "g++ -O2", &no, 1
	rep = res.Report()
	if rep.Rows[2][6] != "no (rounding)" || !strings.Contains(strings.Join(rep.Notes, "\n"), "rounded across an integer") {
		t.Fatalf("%+v", rep)
	}
	for _, bad := range []BenchOptions{{A: 0, Repeat: 1, Methods: "algebraic"}, {A: 2, Repeat: 0, Methods: "algebraic"}, {A: 2, Repeat: 1, Methods: "fast"}} {
		if _, err := Bench(context.Background(), bad); !errors.As(err, new(*study.SettingError)) {
			t.Errorf("%+v: %v, want a setting error", bad, err)
		}
	}
}
