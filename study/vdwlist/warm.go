package vdwlist

import (
	"fmt"
	"time"

	"github.com/kombi/kombi/games/vdwlist"
)

// warmIdle is how long the solver of the last game analysed keeps its
// table for the next analysis (see warmKey).
const warmIdle = 2 * time.Minute

// warmKey names the solvers that suit g with a table bound of mem bytes:
// the table's keys and values do not depend on s (see Solver.SetGame), so a
// kept solver serves every game of the same k, colours and list size. In a
// game being played each position's analysis then finds the positions after
// it valued already: with a fresh table each time, s = 14 took 3.2, 2.3 and
// 1.2 s for its first three positions (solve.Kept keeps one solver at most).
func warmKey(g *vdwlist.Game, mem int64) string {
	return fmt.Sprintf("k=%d colors=%d list=%d mem=%d", g.K(), g.Colors(), g.ListSize(), mem)
}
