package apgame

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
	"github.com/kombi/kombi/solve"
)

// mate is the score of a win at once in distances (see distances).
const mate = 1000

// distances is plain memoised minimax over every legal move, without the
// racer's shortcuts, scoring a position for the player to move by when the
// game ends: a win in n moves of its own scores mate − (2n − 1), a loss to
// the other's n-th move −(mate − 2n), a draw 0; each player takes a fastest
// win, else a draw, else a slowest loss. It fills score by position key and
// returns the positions met, not finished, in the order first met.
func distances(s *apgame.State, score map[uint64]int, met *[]*apgame.State) int {
	if v, ok := score[s.Key()]; ok {
		return v
	}
	if s.IsTerminal() {
		v := 0
		if w, _ := s.Winner(); w >= 0 {
			v = -mate // the player who just moved won
		}
		score[s.Key()] = v
		return v
	}
	*met = append(*met, s.Clone().(*apgame.State))
	best := -2 * mate
	for _, m := range s.LegalMoves(nil) {
		s.ApplyUnchecked(m)
		v := backed(distances(s, score, met))
		s.Undo(m)
		best = max(best, v)
	}
	score[s.Key()] = best
	return best
}

// games is how many small games a brute-force cross-check plays: half
// under the race detector.
func games(n int) int {
	if raceDetector {
		return (n + 1) / 2
	}
	return n
}

// size is the numbers of a small game of a cross-check: one fewer under
// the race detector (a third of the positions).
func size(n int) int {
	if raceDetector {
		return n - 1
	}
	return n
}

// scoredGame draws a game of progressions of 3 on size numbers of
// {1..universe} and scores all its positions (see distances).
func scoredGame(t *testing.T, rng *rand.Rand, universe, size int) (*apgame.Game, map[uint64]int, []*apgame.State) {
	set := rng.Perm(universe)[:size]
	for i := range set {
		set[i]++
	}
	g, err := apgame.NewWithSet(set, 3)
	if err != nil {
		t.Fatal(err)
	}
	score := map[uint64]int{}
	var met []*apgame.State
	distances(g.NewInitialState().(*apgame.State), score, &met)
	return g, score, met
}

// backed is the score of a move from the score v of the position it
// leaves: negated, one move further from the end.
func backed(v int) int {
	switch {
	case v > 0:
		return 1 - v
	case v < 0:
		return -v - 1
	}
	return 0
}

// moveScore is the score of move m in s (see distances, backed).
func moveScore(score map[uint64]int, s *apgame.State, m game.Move) int {
	c := s.Clone().(*apgame.State)
	c.ApplyUnchecked(m)
	return backed(score[c.Key()])
}

// TestRacerAgainstBruteForce checks the racer's distance, which tries only
// numbers in play and takes the exact solver's shortcuts and a bound by the
// numbers still needed, against plain minimax by distance: in every
// position of small games where the player to move wins, the fewest moves
// of its own; where it does not, no win within any number of moves.
func TestRacerAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 6))
	wins, others := 0, 0
	for range games(14) {
		g, score, met := scoredGame(t, rng, 14, size(9+rng.IntN(3)))
		for i, s := range met {
			if i%5 != 0 {
				continue // a fifth of the positions: enough, and quick
			}
			r := newRacer(s, solve.NewBudget(ctx, 0), 1<<20)
			d, err := r.distance(raceLimit(s))
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			if v := score[s.Key()]; v > 0 {
				want = (mate - v + 1) / 2
				wins++
			} else {
				others++
			}
			if d != want {
				t.Fatalf("%s at\n%s\nthe racer wins in %d moves, brute force in %d (0: no win)", g, s, d, want)
			}
		}
	}
	if wins < 100 || others < 100 {
		t.Errorf("too few positions checked: %d won, %d not", wins, others)
	}
}

// TestBestLineIsBestPlay plays the line of best play from won and lost
// positions of small games and checks every move against plain minimax by
// distance: the winner's moves win soonest, the loser's hold out longest
// (each move keeps the position's score, one step nearer the end), the line
// ends with the winner's progression, and the winner's count of moves is
// the brute-force one. The text names the sides and the progression.
func TestBestLineIsBestPlay(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	lines, losses := 0, 0
	for range games(10) {
		g, score, met := scoredGame(t, rng, 15, size(10+rng.IntN(2)))
		for i, s := range met {
			v := score[s.Key()]
			if v == 0 || i%23 != 0 {
				continue
			}
			outcome := solve.Win
			if v < 0 {
				outcome = solve.Loss
				losses++
			}
			line, own, won, err := bestLine(ctx, s, outcome, 1<<20)
			if err != nil {
				t.Fatalf("%s at\n%s\n%v", g, s, err)
			}
			winner := int(s.Turn())
			if v < 0 {
				winner = 1 - winner
			}
			wantOwn := (mate - v + 1) / 2 // a win in n: mate − (2n − 1)
			if v < 0 {
				wantOwn = (mate + v) / 2 // a loss to the other's n-th move: −(mate − 2n)
			}
			if own != wantOwn {
				t.Fatalf("%s at\n%s\nthe winner needs %d moves, brute force %d", g, s, own, wantOwn)
			}
			c := s.Clone().(*apgame.State)
			for j, mv := range line {
				before := score[c.Key()]
				if mv.player != int(c.Turn()) {
					t.Fatalf("%s at\n%s\nmove %d of the line is %s's, not the player to move's", g, s, j+1, sideName(g, mv.player))
				}
				if err := c.Apply(game.Move(mv.number)); err != nil {
					t.Fatalf("%s: the line's move %d: %v", g, mv.number, err)
				}
				after := backed(score[c.Key()])
				if after != before {
					t.Fatalf("%s at\n%s\nthe line's move %d (%s %d) scores %d, best play %d", g, s, j+1, sideName(g, mv.player), mv.number, after, before)
				}
			}
			if w, prog := c.Winner(); w != winner || !slices.Equal(prog, won) {
				t.Fatalf("%s at\n%s\nthe line ends with winner %d owning %v, want %d owning %v", g, s, w, prog, winner, won)
			}
			if own > 1 {
				terms := make([]string, len(won))
				for j, n := range won {
					terms[j] = strconv.Itoa(n)
				}
				text := teachLine(g, line, own, won)
				if !strings.HasPrefix(text, "One line of best play: "+sideName(g, winner)+" completes a progression in "+game.Plural(own, "move")+" of its own") ||
					!strings.HasSuffix(text, ": "+sideName(g, winner)+" completes the progression "+strings.Join(terms, ", ")+".\n") {
					t.Errorf("the line's text:\n%s", text)
				}
			}
			lines++
		}
	}
	if lines < 30 || losses < 5 {
		t.Errorf("too few lines checked: %d, %d from lost positions", lines, losses)
	}
}

// TestPerfectRacesBestPlay: the perfect player's move keeps the position's
// score by distance (see distances) in won and lost positions of small
// games: it wins soonest, and when lost holds out longest (it used to take
// the smallest number in play, which could leave a threat unblocked and
// lose at once); in drawn ones it keeps the draw.
func TestPerfectRacesBestPlay(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 10))
	won, lost := 0, 0
	for range games(8) {
		g, score, met := scoredGame(t, rng, 15, size(10+rng.IntN(2)))
		p, err := NewPerfect(g, 0, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range met {
			if i%17 != 0 {
				continue
			}
			before := score[s.Key()]
			m, err := p.Act(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			after := moveScore(score, s, m)
			if after != before {
				t.Fatalf("%s at\n%s\nperfect plays %d, scored %d; best play scores %d", g, s, m, after, before)
			}
			switch {
			case before > 0:
				won++
			case before < 0:
				lost++
			}
		}
	}
	if won < 30 || lost < 10 {
		t.Errorf("too few positions checked: %d won, %d lost", won, lost)
	}
}

// TestRaceMovesAgainstBruteForce checks each move's win_in (how many more
// moves of its own the winner needs after it) against plain minimax by
// distance, in won and lost positions of small games, and that a drawing
// move gets none.
func TestRaceMovesAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 12))
	measured := 0
	for range games(8) {
		g, score, met := scoredGame(t, rng, 15, size(10+rng.IntN(2)))
		for i, s := range met {
			if i%13 != 0 {
				continue
			}
			var moves []solve.MoveValue
			for _, m := range s.LegalMoves(nil) {
				mv := solve.MoveValue{M: m, Move: s.MoveString(m), Outcome: solve.Draw}
				switch v := moveScore(score, s, m); {
				case v > 0:
					mv.Outcome = solve.Win
				case v < 0:
					mv.Outcome = solve.Loss
				}
				moves = append(moves, mv)
			}
			raceMoves(ctx, s, moves, 1<<20)
			for _, mv := range moves {
				v := moveScore(score, s, mv.M)
				want := -1
				switch {
				case v > 0:
					want = (mate-v+1)/2 - 1 // a win in n, this move included: mate − (2n − 1)
				case v < 0:
					want = (mate + v) / 2 // a loss to the other's n-th move: −(mate − 2n)
				}
				switch {
				case want < 0 && mv.WinIn != nil:
					t.Fatalf("%s at\n%s\nthe draw %s has win_in %d", g, s, mv.Move, *mv.WinIn)
				case want >= 0 && mv.WinIn == nil:
					t.Fatalf("%s at\n%s\nmove %s (%v): no win_in, brute force %d", g, s, mv.Move, mv.Outcome, want)
				case want >= 0 && *mv.WinIn != want:
					t.Fatalf("%s at\n%s\nmove %s (%v): win_in %d, brute force %d", g, s, mv.Move, mv.Outcome, *mv.WinIn, want)
				case want >= 0:
					measured++
				}
			}
		}
	}
	if measured < 200 {
		t.Errorf("only %d moves measured", measured)
	}
}
