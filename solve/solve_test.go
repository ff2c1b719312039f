package solve_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// ttt is tic-tac-toe, a small game with draws, for testing the solver.
type ttt struct {
	cells [9]int8 // 0 empty, 1 X (player 0), 2 O (player 1)
	turn  game.Player
}

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (s *ttt) winner() int8 {
	for _, l := range lines {
		if c := s.cells[l[0]]; c != 0 && c == s.cells[l[1]] && c == s.cells[l[2]] {
			return c
		}
	}
	return 0
}

func (s *ttt) full() bool {
	for _, c := range s.cells {
		if c == 0 {
			return false
		}
	}
	return true
}

func (s *ttt) IsTerminal() bool { return s.winner() != 0 || s.full() }
func (s *ttt) Player() game.Player {
	if s.IsTerminal() {
		return game.Terminal
	}
	return s.turn
}
func (s *ttt) LegalMoves(buf []game.Move) []game.Move {
	if s.IsTerminal() {
		return buf
	}
	for i, c := range s.cells {
		if c == 0 {
			buf = append(buf, game.Move(i))
		}
	}
	return buf
}
func (s *ttt) Apply(m game.Move) error {
	if s.IsTerminal() || m > 8 || s.cells[m] != 0 {
		return fmt.Errorf("illegal")
	}
	s.cells[m] = int8(s.turn) + 1
	s.turn = 1 - s.turn
	return nil
}
func (s *ttt) Clone() game.State { c := *s; return &c }
func (s *ttt) Returns() []float64 {
	switch s.winner() {
	case 1:
		return []float64{1, -1}
	case 2:
		return []float64{-1, 1}
	}
	return []float64{0, 0}
}
func (s *ttt) MoveString(m game.Move) string { return fmt.Sprint(int(m) + 1) }
func (s *ttt) ParseMove(t string) (game.Move, error) {
	var n int
	_, err := fmt.Sscan(t, &n)
	return game.Move(n - 1), err
}
func (s *ttt) String() string { return fmt.Sprint(s.cells) }
func (s *ttt) Key() uint64 {
	h := uint64(s.turn)
	for _, c := range s.cells {
		h = game.HashMix(h, uint64(c))
	}
	return h
}

func board(rows string) *ttt {
	s := &ttt{}
	n := 0
	for i, r := range strings.ReplaceAll(rows, "/", "") {
		switch r {
		case 'X':
			s.cells[i] = 1
			n++
		case 'O':
			s.cells[i] = 2
			n++
		}
	}
	s.turn = game.Player(n % 2)
	return s
}

func TestTicTacToe(t *testing.T) {
	tests := []struct {
		board string
		want  solve.Outcome
		best  string // the moves that keep the outcome, 1-based cells
	}{
		{"..././...", solve.Draw, "1 2 3 4 5 6 7 8 9"},
		{"XX./OO./...", solve.Win, "3"},            // X completes the top row
		{"X../.O./..X", solve.Draw, "2 4 6 8"},     // O must take an edge, not a corner
		{"XO./.X./...", solve.Loss, "3 4 6 7 8 9"}, // X holds a corner and the centre: O loses whatever it does
	}
	for _, tt := range tests {
		s := board(tt.board)
		res, err := solve.NewMinimax(0).Solve(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		var best []string
		for _, m := range res.Best {
			best = append(best, s.MoveString(m))
		}
		if res.Outcome != tt.want || strings.Join(best, " ") != tt.best {
			t.Errorf("%s: got %v %v, want %v %s", tt.board, res.Outcome, best, tt.want, tt.best)
		}
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := solve.NewMinimax(0).Solve(ctx, board("..././..."))
	if err == nil {
		t.Fatal("a cancelled search must stop with an error")
	}
}
