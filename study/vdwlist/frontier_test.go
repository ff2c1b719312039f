package vdwlist_test

import (
	"context"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kombi/kombi/games/vdwlist"
	studyvdwlist "github.com/kombi/kombi/study/vdwlist"
)

// TestRecords checks the published series: one row per s from 1, exact
// fractions whose denominators divide 3^s, increasing with s, and the
// solver's values for s ≤ 10.
func TestRecords(t *testing.T) {
	recs := studyvdwlist.AllRecords()
	if len(recs) < 16 {
		t.Fatalf("%d records, want s = 1..16", len(recs))
	}
	prev := new(big.Rat)
	sv := studyvdwlist.NewSolver(newGame(t, 3, 3, 2, 1), 1<<24)
	for i, r := range recs {
		v, ok := new(big.Rat).SetString(r.P1Win)
		if r.S != i+1 || r.K != 3 || r.Colors != 3 || r.List != 2 || !ok || v.Cmp(prev) < 0 || v.Cmp(big.NewRat(1, 1)) > 0 {
			t.Fatalf("record %d: %+v (previous %s)", i, r, prev.RatString())
		}
		if d := new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(r.S)), nil); new(big.Int).Mod(d, v.Denom()).Sign() != 0 {
			t.Fatalf("s=%d: %s is not a multiple of 1/3^%d", r.S, r.P1Win, r.S)
		}
		if r.S <= 10 {
			g := newGame(t, 3, 3, 2, r.S)
			if err := sv.SetGame(g); err != nil {
				t.Fatal(err)
			}
			got, err := sv.Value(context.Background(), g.NewInitialState().(*vdwlist.State))
			if err != nil || studyvdwlist.Fraction(got) != r.P1Win {
				t.Fatalf("s=%d: published %s, solver %v (%v)", r.S, r.P1Win, got, err)
			}
		}
		prev = v
	}
}

func TestFrontierRows(t *testing.T) {
	rows := studyvdwlist.FrontierRows()
	found := false
	for _, r := range rows {
		if r.What == "" || r.Value == "" || r.How == "" || !strings.HasPrefix(r.Command, "kombi ") || r.MachineTime == "" {
			t.Fatalf("incomplete row %+v", r)
		}
		checkCommandCovers(t, r)
		found = found || strings.Contains(r.What, "s=16)") && strings.HasPrefix(r.Value, "3518873/4782969 ≈ 0.7357") && r.Seconds > 0
	}
	if !found || len(rows) < 7 {
		t.Fatalf("rows: %+v", rows)
	}
}

// checkCommandCovers fails when an exact row of `kombi table vdwlist`
// names a command whose lengths (--from .. --max-s) do not include the
// row's s: the command column must be the one that decided it.
func checkCommandCovers(t *testing.T, r studyvdwlist.FrontierRow) {
	t.Helper()
	m := regexp.MustCompile(`s=(\d+)\): P\(P1 wins\) under optimal play$`).FindStringSubmatch(r.What)
	if m == nil || !strings.HasPrefix(r.Command, "kombi table vdwlist") || strings.HasPrefix(r.Value, "between") {
		return
	}
	s, _ := strconv.Atoi(m[1])
	from, maxS := 1, 0
	f := strings.Fields(r.Command)
	for i := 0; i+1 < len(f); i++ {
		switch f[i] {
		case "--from":
			from, _ = strconv.Atoi(f[i+1])
		case "--max-s":
			maxS, _ = strconv.Atoi(f[i+1])
		}
	}
	if s < from || (maxS > 0 && s > maxS) {
		t.Errorf("row %q: its command %q does not decide s=%d", r.What, r.Command, s)
	}
}
