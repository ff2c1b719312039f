package wythoff

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/wythoff"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
)

// Result is what a Wythoff command prints: its JSON form, or its Report for
// people. A nil result's Report has no columns.
type Result interface{ Report() game.Table }

// ReportOf returns r's report, or nil when r is nil or has none.
func ReportOf(r Result) *game.Table {
	if r == nil {
		return nil
	}
	rep := r.Report()
	if rep.Columns == nil {
		return nil
	}
	return &rep
}

// TableRequest is what `kombi table wythoff` asks for: rows n, A_n, B_n for
// n = From .. From+Count−1 by a method, only their checksum, or the
// explanation of the position Position (by Method alone when MethodGiven).
type TableRequest struct {
	A                       int64
	Method, From, Position  string
	Count                   uint64
	MethodGiven, CountGiven bool
	Checksum                bool
	Progress                func(solve.Progress)
	sys                     *System
	method                  Method
	table                   Table
}

// Check validates the request; its errors are study.SettingErrors.
func (q *TableRequest) Check() error {
	var err error
	if q.sys, err = NewSystem(q.A); err != nil {
		return study.Settingf("{parameter a}: %v", err)
	}
	if q.method, err = ParseMethod(q.Method); err != nil {
		return study.Settingf("{method}: %v", err)
	}
	if q.Position != "" {
		return nil
	}
	if !q.CountGiven {
		return study.Settingf("table wythoff: {number of rows} is required (or {position})")
	}
	if q.Count == 0 {
		return study.Settingf("{number of rows}: want at least 1")
	}
	f, err := wythoff.ParseIndex(q.From)
	if err != nil {
		return study.Settingf("{first index}: %v", err)
	}
	q.table = Table{Method: q.method, From: f, Count: q.Count}
	if q.Progress != nil {
		total := int64(min(q.Count, 1<<62))
		q.table.Progress = func(done uint64) { q.Progress(solve.Progress{Done: int64(done), Total: total}) }
	}
	if err := q.sys.check(q.table); err != nil {
		if errors.As(err, new(*study.SettingError)) {
			return err
		}
		return study.Settingf("%v", err)
	}
	return nil
}

// ChecksumResult is a table's checksum (see System.Checksum) with what it
// covers; its JSON is what `kombi table wythoff --checksum --json` prints.
type ChecksumResult struct {
	A        uint64   `json:"a"`
	Checksum uint64   `json:"checksum"`
	Count    uint64   `json:"count"`
	From     *big.Int `json:"from"`
	Method   string   `json:"method"`
}

// Report labels the checksum.
func (c *ChecksumResult) Report() game.Table {
	if c == nil {
		return game.Table{}
	}
	last := new(big.Int).Add(c.From, new(big.Int).SetUint64(c.Count-1))
	return game.Table{
		Title:   fmt.Sprintf("Checksum of the P-table for a = %d, n = %s .. %s (%s method)", c.A, c.From, last, c.Method),
		Columns: []string{"a", "method", "from", "count", "checksum"},
		Rows:    [][]string{{fmt.Sprint(c.A), c.Method, c.From.String(), fmt.Sprint(c.Count), fmt.Sprint(c.Checksum)}},
		Notes:   []string{fmt.Sprintf("checksum: the fold c = c·%d + A_n (mod 2^64) from c = 0 over the rows, to compare huge tables without printing them.", ChecksumMul)},
	}
}

// Run checks the request and answers it: a checksum or a position as a
// Result to print, or the rows streamed to w in a format (see WriteRows),
// with a nil Result.
func (q *TableRequest) Run(ctx context.Context, w io.Writer, format string) (Result, error) {
	if err := q.Check(); err != nil {
		return nil, err
	}
	if q.Position != "" || q.Checksum {
		return q.Answer(ctx)
	}
	return nil, q.WriteRows(ctx, w, format)
}

// Answer answers a checked request for a checksum or a position. It
// returns the partial answer it has (or nil) with ctx's error when ctx ends.
func (q *TableRequest) Answer(ctx context.Context) (Result, error) {
	if q.Position == "" {
		sum, err := q.sys.Checksum(ctx, q.table)
		if err != nil {
			return nil, err
		}
		return &ChecksumResult{A: q.sys.A(), Checksum: sum, Count: q.Count, From: q.table.from(), Method: q.method.String()}, nil
	}
	h, err := wythoff.ParseHeaps(q.Position)
	if err != nil {
		return nil, study.Settingf("{position}: %v", err)
	}
	if h[0].Sign() == 0 && h[1].Sign() == 0 {
		return nil, study.Settingf("{position}: (0, 0) is the end of the game")
	}
	if q.MethodGiven {
		ad, err := q.sys.Advise(ctx, q.method, h[0], h[1])
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			return nil, study.Settingf("{position}: %v", err)
		}
		out := &AdviceJSON{A: q.sys.A(), Method: q.method.String(), N: ad.N, P: ad.P, Position: h[:], Steps: ad.Steps}
		if !ad.P {
			k, l := ad.Take()
			out.Move, out.To = []*big.Int{k, l}, []*big.Int{ad.ToX, ad.ToY}
		}
		return out, nil
	}
	an, err := q.sys.Analyse(ctx, h[0], h[1])
	if an == nil {
		return nil, err
	}
	return an, err
}

// AdviceJSON is one method's advice in the JSON form of `kombi table
// wythoff --position P --method M --json`.
type AdviceJSON struct {
	A        uint64     `json:"a"`
	Method   string     `json:"method"`
	Move     []*big.Int `json:"move,omitempty"`
	N        *big.Int   `json:"n"`
	P        bool       `json:"p_position"`
	Position []*big.Int `json:"position"`
	Steps    []string   `json:"steps"`
	To       []*big.Int `json:"to,omitempty"`
}

// Report shows the advice: the move and, as notes, the reasoning.
func (ad *AdviceJSON) Report() game.Table {
	if ad == nil {
		return game.Table{}
	}
	r := game.Table{Title: fmt.Sprintf("Wythoff's game with a = %d at (%s, %s), by the %s method", ad.A, ad.Position[0], ad.Position[1], ad.Method),
		Columns: []string{"method", "winning move K,L", "to"}, Notes: append([]string{""}, ad.Steps...)}
	if ad.P {
		r.Rows = [][]string{{ad.Method, "none: a P-position", ""}}
	} else {
		r.Rows = [][]string{{ad.Method, ad.Move[0].String() + "," + ad.Move[1].String(), fmt.Sprintf("(%s, %s)", ad.To[0], ad.To[1])}}
		r.Notes = append(r.Notes, fmt.Sprintf("Winning move: take %s from heap 1 and %s from heap 2, to (%s, %s).", ad.Move[0], ad.Move[1], ad.To[0], ad.To[1]))
	}
	return r
}

// Report shows each method's winning move in a table and the reasoning as
// notes.
func (an *Analysis) Report() game.Table {
	if an == nil {
		return game.Table{}
	}
	who := "wins"
	if an.Outcome == "loss" {
		who = "loses"
	}
	r := game.Table{Title: fmt.Sprintf("Wythoff's game with a = %d at (%s, %s): the player to move %s", an.A, an.Position[0], an.Position[1], who),
		Columns: []string{"method", "winning move K,L", "to"}}
	for _, m := range an.Methods {
		row := []string{m.Method, "none: a P-position", ""}
		if m.Move != "" {
			row[1], row[2] = m.Move, "("+strings.Join(m.To, ", ")+")"
		}
		r.Rows = append(r.Rows, row)
	}
	r.Notes = append(r.Notes, "", an.Reason)
	for _, m := range an.Methods {
		r.Notes = append(r.Notes, "", strings.ToUpper(m.Method[:1])+m.Method[1:]+" method:")
		for _, s := range m.Steps {
			r.Notes = append(r.Notes, "  "+s)
		}
	}
	for _, s := range an.skipped {
		r.Notes = append(r.Notes, "", s)
	}
	if len(an.BestMoves) > 0 {
		r.Notes = append(r.Notes, "", "Winning moves (K,L = tokens taken from heap 1, heap 2): "+strings.Join(an.BestMoves, " "))
	}
	return r
}

// WriteRows streams the checked request's rows n, A_n, B_n to w, through
// a buffer, in a format, in constant memory (tables may have billions of
// rows): text
// (a header "n A_n B_n", then one row a line, numbers separated by
// spaces), markdown, csv, or json ({"a":A,"rows":[[n,A_n,B_n],...]} with
// exact integers). When ctx ends it closes the table after the rows
// written and returns ctx's error.
func (q *TableRequest) WriteRows(ctx context.Context, out io.Writer, format string) error {
	w := bufio.NewWriterSize(out, 1<<16)
	sep, pre, post := " ", "", "\n"
	header := "n A_n B_n\n"
	switch format {
	case "markdown":
		sep, pre, post, header = " | ", "| ", " |\n", "| n | A_n | B_n |\n| --- | --- | --- |\n"
	case "csv":
		sep, header = ",", "n,A_n,B_n\n"
	case "json":
		sep, pre, post, header = ",", "[", "]", fmt.Sprintf(`{"a":%d,"rows":[`, q.sys.A())
	}
	var buf []byte
	first := true
	row := func(n, an, bn func([]byte) []byte) error {
		buf = buf[:0]
		if format == "json" && !first {
			buf = append(buf, ',')
		}
		first = false
		buf = append(buf, pre...)
		buf = append(n(buf), sep...)
		buf = append(an(buf), sep...)
		buf = append(bn(buf), post...)
		_, err := w.Write(buf)
		return err
	}
	if _, err := io.WriteString(w, header); err != nil {
		return err
	}
	u := func(x uint64) func([]byte) []byte {
		return func(b []byte) []byte { return strconv.AppendUint(b, x, 10) }
	}
	bg := func(x *big.Int) func([]byte) []byte {
		return func(b []byte) []byte { return x.Append(b, 10) }
	}
	a := q.sys.A()
	err := q.sys.Stream(ctx, q.table, func(n0 uint64, as []uint64) error {
		for i, x := range as {
			n := n0 + uint64(i)
			if err := row(u(n), u(x), u(x+a*n)); err != nil {
				return err
			}
		}
		return nil
	}, func(n, an, bn *big.Int) error {
		return row(bg(n), bg(an), bg(bn))
	})
	if format == "json" && (err == nil || ctx.Err() != nil) {
		if _, werr := io.WriteString(w, "]}\n"); werr != nil && err == nil {
			err = werr
		}
	}
	if ferr := w.Flush(); ferr != nil && err == nil {
		err = fmt.Errorf("write: %w", ferr)
	}
	if err != nil && ctx.Err() == nil && !errors.As(err, new(*study.SettingError)) {
		err = fmt.Errorf("table wythoff: %w", err)
	}
	return err
}

// Table5Row is one row of the thesis' Table 5 against the exact values.
// Its JSON form writes the numbers (up to 31 digits) as decimal strings,
// which a JavaScript reader keeps exact (its numbers hold 53 bits: the
// thesis' A_n and the exact one of the last row read as the same number),
// and reads them back from strings or numbers.
type Table5Row struct {
	N       *big.Int
	ThesisA *big.Int
	ThesisB *big.Int
	A       *big.Int
	B       *big.Int
	Right   bool
}

// table5JSON is a Table5Row's JSON form (json.Number: a string or a
// number when read, a string when written).
type table5JSON struct {
	N       json.Number `json:"n"`
	ThesisA json.Number `json:"thesis_a"`
	ThesisB json.Number `json:"thesis_b"`
	A       json.Number `json:"a_n"`
	B       json.Number `json:"b_n"`
	Right   bool        `json:"right"`
}

// MarshalJSON writes the row's numbers as decimal strings.
func (r Table5Row) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		N       string `json:"n"`
		ThesisA string `json:"thesis_a"`
		ThesisB string `json:"thesis_b"`
		A       string `json:"a_n"`
		B       string `json:"b_n"`
		Right   bool   `json:"right"`
	}{r.N.String(), r.ThesisA.String(), r.ThesisB.String(), r.A.String(), r.B.String(), r.Right})
}

// UnmarshalJSON reads a row whose numbers are decimal strings or JSON
// numbers (as results stored before were written).
func (r *Table5Row) UnmarshalJSON(data []byte) error {
	var j table5JSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	row := Table5Row{Right: j.Right}
	for _, f := range []struct {
		to   **big.Int
		from json.Number
		name string
	}{{&row.N, j.N, "n"}, {&row.ThesisA, j.ThesisA, "thesis_a"}, {&row.ThesisB, j.ThesisB, "thesis_b"}, {&row.A, j.A, "a_n"}, {&row.B, j.B, "b_n"}} {
		v, ok := new(big.Int).SetString(string(f.from), 10)
		if !ok {
			return fmt.Errorf("table 5 row: %s is not a whole number: %q", f.name, f.from)
		}
		*f.to = v
	}
	*r = row
	return nil
}

// Table5Result is the check of the thesis' Table 5 (`kombi report
// wythoff-table5`; its JSON form is the command's).
type Table5Result struct {
	Rows  []Table5Row `json:"rows"`
	Wrong int         `json:"wrong_rows"`
	// Scan is the n up to which double-precision Code 2 was checked (0:
	// not scanned); First the first n where it errs (0: none), Bad how many
	// n ≤ Scan it gets wrong.
	Scan  uint64 `json:"scan"`
	First uint64 `json:"first_float_error"`
	Bad   uint64 `json:"float_errors"`
	// Scanned is how far the scan got when it was interrupted.
	Scanned uint64 `json:"-"`
}

// Table5 compares the thesis' Table 5 (a = 2, computed in double precision)
// with the exact values, then scans n = 1..scan for the first n at which
// double-precision ⌊nα⌋, ⌊nβ⌋ (the thesis' Code 2) goes wrong. When ctx
// ends during the scan it returns the result so far with ctx's error.
func Table5(ctx context.Context, scan uint64, progress func(solve.Progress)) (*Table5Result, error) {
	sys, _ := NewSystem(2)
	res := &Table5Result{Scan: scan}
	for _, r := range ThesisTable5() {
		an, bn := sys.PairBig(r.N)
		ok := an.Cmp(r.A) == 0 && bn.Cmp(r.B) == 0
		if !ok {
			res.Wrong++
		}
		res.Rows = append(res.Rows, Table5Row{N: r.N, ThesisA: r.A, ThesisB: r.B, A: an, B: bn, Right: ok})
	}
	if scan == 0 {
		return res, nil
	}
	var err error
	res.First, res.Bad, err = sys.FirstFloatError(ctx, scan, func(done uint64) {
		res.Scanned = done
		if progress != nil {
			progress(solve.Progress{Done: int64(done), Total: int64(min(scan, 1<<62))})
		}
	})
	if err == nil {
		res.Scanned = scan
	}
	return res, err
}

// Report is the table with its verdict as notes: each row's verdict next
// to its n, each thesis value next to the exact one.
func (t *Table5Result) Report() game.Table {
	if t == nil {
		return game.Table{}
	}
	r := game.Table{Title: "The thesis' Table 5 against exact values (a = 2)",
		Columns: []string{"n", "thesis right", "thesis A_n", "exact A_n", "thesis B_n", "exact B_n"}}
	for _, x := range t.Rows {
		mark := "yes"
		if !x.Right {
			mark = "NO"
		}
		r.Rows = append(r.Rows, []string{x.N.String(), mark, x.ThesisA.String(), x.A.String(), x.ThesisB.String(), x.B.String()})
	}
	r.Notes = append(r.Notes, fmt.Sprintf("%d of the %d rows are wrong (NO: the thesis' double-precision value differs from the exact one).", t.Wrong, len(t.Rows)))
	switch {
	case t.Scan == 0:
	case t.Scanned < t.Scan && t.First == 0:
		r.Notes = append(r.Notes, fmt.Sprintf("Double-precision Code 2 is exact for every n ≤ %d (the scan to %d was interrupted).", t.Scanned, t.Scan))
	case t.Scanned < t.Scan:
		r.Notes = append(r.Notes, fmt.Sprintf("Double-precision Code 2 first goes wrong at n = %d (the scan to %d was interrupted at n = %d, with %d wrong so far).", t.First, t.Scan, t.Scanned, t.Bad))
	case t.First == 0:
		r.Notes = append(r.Notes, fmt.Sprintf("Double-precision Code 2 is exact for every n ≤ %d.", t.Scan))
	default:
		r.Notes = append(r.Notes, fmt.Sprintf("Double-precision Code 2 first goes wrong at n = %d and is wrong for %d of the n ≤ %d.", t.First, t.Bad, t.Scan))
	}
	return r
}
