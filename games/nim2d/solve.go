package nim2d

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kombi/kombi/game"
)

// SolveTime bounds the analysis of `kombi solve` (Ctrl-C stops it earlier).
const SolveTime = 30 * time.Second

// SolveCacheBytes is the default memory bound of `kombi solve`'s cache.
const SolveCacheBytes = 256 << 20

// Solution is the answer of `kombi solve` for a 2D Nim position. Its JSON
// form is {"outcome": "win"|"loss", "grundy": g, "best_moves": [[cells...],...]},
// with "complete": false and a "note" added only when the limits left some
// move undecided (then "outcome" may be "unknown" and "grundy" null).
type Solution struct {
	Outcome   string
	Grundy    *int
	BestMoves [][]int
	Complete  bool
	Note      string
	text      string
}

// MarshalJSON writes the contract fields, and the completeness only when the
// solution is partial.
func (s *Solution) MarshalJSON() ([]byte, error) {
	type full struct {
		Outcome   string  `json:"outcome"`
		Grundy    *int    `json:"grundy"`
		BestMoves [][]int `json:"best_moves"`
	}
	type partial struct {
		Outcome   string  `json:"outcome"`
		Grundy    *int    `json:"grundy"`
		BestMoves [][]int `json:"best_moves"`
		Complete  bool    `json:"complete"`
		Note      string  `json:"note"`
	}
	if s.Complete {
		return json.Marshal(full{s.Outcome, s.Grundy, s.BestMoves})
	}
	return json.Marshal(partial{s.Outcome, s.Grundy, s.BestMoves, false, s.Note})
}

// Text explains the solution for people.
func (s *Solution) Text() string { return s.text }

// Solve decides a position: its outcome, Grundy value and every winning
// move, within SolveTime and the memory bound of opt.MemBytes.
func (g *Game) Solve(ctx context.Context, st game.State, opt game.SolveOptions) (game.Analysis, error) {
	s, ok := st.(*State)
	if !ok || s.g.board.N != g.board.N {
		return nil, fmt.Errorf("nim2d solve: not a position of %s", g)
	}
	if s.IsTerminal() {
		return nil, fmt.Errorf("nim2d solve: the palette is full, the game is over")
	}
	mem := opt.MemBytes
	if mem <= 0 {
		mem = SolveCacheBytes
	}
	tctx, cancel := context.WithTimeout(ctx, SolveTime)
	defer cancel()
	start := time.Now()
	a := Analyse(s, AnalyseOptions{Ctx: tctx, Cache: NewCache(mem)})
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("nim2d solve: %w", err)
	}
	return solution(s, a, time.Since(start)), nil
}

func solution(s *State, a *Analysis, took time.Duration) *Solution {
	sol := &Solution{Outcome: a.Outcome.String(), BestMoves: [][]int{}, Complete: a.Complete}
	if a.GrundyKnown {
		g := a.Grundy
		sol.Grundy = &g
	}
	for _, m := range a.Winning {
		cells, _ := s.g.board.MoveCells(m)
		for k := range cells {
			cells[k]++
		}
		sol.BestMoves = append(sol.BestMoves, cells)
	}
	if !a.Complete {
		why := "the time limit"
		if a.Err != nil && !errors.Is(a.Err, context.DeadlineExceeded) {
			why = a.Err.Error()
		}
		sol.Note = fmt.Sprintf("stopped by %s: components of %d cells not solved; %d moves undecided", why, a.Unsolved, len(a.Undecided))
		if a.GrundyKnown {
			sol.Note = fmt.Sprintf("stopped by %s: %d moves undecided", why, len(a.Undecided))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n", s.g, s.String())
	b.WriteString(a.Explain(s))
	switch a.Outcome {
	case Loss:
		b.WriteString("The Grundy value is 0: every move leaves a non-zero value, which the opponent can bring back to 0.\n")
	case Win:
		if a.GrundyKnown {
			fmt.Fprintf(&b, "The Grundy value is %d, not 0: a move that makes it 0 wins.\n", a.Grundy)
		} else {
			b.WriteString("A move below leaves parts that cancel in pairs (or are known) with XOR 0: it wins.\n")
		}
	}
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", a.Outcome)
	if len(sol.BestMoves) > 0 {
		parts := make([]string, len(sol.BestMoves))
		for i, m := range sol.BestMoves {
			parts[i] = "{" + strings.Trim(fmt.Sprint(m), "[]") + "}"
		}
		fmt.Fprintf(&b, "Winning moves (%d): %s\n", len(parts), strings.Join(parts, " "))
	}
	if !a.Complete {
		fmt.Fprintf(&b, "Partial: %s.\n", sol.Note)
	}
	fmt.Fprintf(&b, "(%d Grundy-engine steps, %.2f s)\n", a.Work, took.Seconds())
	sol.text = b.String()
	return sol
}
