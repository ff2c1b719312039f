package vdwlist_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/kombi/kombi/games/vdwlist"
	studyvdwlist "github.com/kombi/kombi/study/vdwlist"
)

// BenchmarkSolverValue solves vdwlist(k=3,colors=3,list=2,s=12) from the
// start with a fresh table each time (the measure of the solver's table).
func BenchmarkSolverValue(b *testing.B) {
	g := newGame(b, 3, 3, 2, 12)
	for b.Loop() {
		sv := studyvdwlist.NewSolver(g, 512<<20)
		v, err := sv.Value(context.Background(), g.NewInitialState().(*vdwlist.State))
		if err != nil || studyvdwlist.Fraction(v) != "7235/19683" {
			b.Fatalf("%v %v", v, err)
		}
	}
}

// BenchmarkSolverSmallTable solves s=12 with a table of 4 MiB, far too
// small: the measure of the table's replacement.
func BenchmarkSolverSmallTable(b *testing.B) {
	g := newGame(b, 3, 3, 2, 12)
	for b.Loop() {
		sv := studyvdwlist.NewSolver(g, 4<<20)
		v, err := sv.Value(context.Background(), g.NewInitialState().(*vdwlist.State))
		if err != nil || studyvdwlist.Fraction(v) != "7235/19683" {
			b.Fatalf("%v %v", v, err)
		}
		b.ReportMetric(float64(sv.Nodes()), "nodes")
	}
}

// BenchmarkSolverWorkers solves s=13 from the start with a fresh table,
// with one worker and with one per core (compare ns/op for the speed-up,
// nodes for the work the workers repeat).
func BenchmarkSolverWorkers(b *testing.B) {
	g := newGame(b, 3, 3, 2, 13)
	for _, w := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			for b.Loop() {
				sv := studyvdwlist.NewSolver(g, 512<<20)
				sv.SetWorkers(w)
				v, err := sv.Value(context.Background(), g.NewInitialState().(*vdwlist.State))
				if err != nil || studyvdwlist.Fraction(v) != "87451/177147" {
					b.Fatalf("%v %v", v, err)
				}
				b.ReportMetric(float64(sv.Nodes()), "nodes")
			}
		})
	}
}
