package all_test

import (
	"context"
	"fmt"
	"log"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/solve"
)

// Kombi from Go: a game from its game string, moves in the game's
// notation, the exact analysis, a match between two computer players from
// a seed, and its record replayed. `go test ./games/all/` runs these
// examples and checks what they print.

// A game is loaded from its game string (the terminal's and the browser's)
// and played in its own notation; a move the rules refuse is an error that
// says why.
func Example() {
	kit, err := all.New()
	if err != nil {
		log.Fatal(err)
	}
	g, err := kit.Games.Load("nim(piles=3;4;5)", 1)
	if err != nil {
		log.Fatal(err)
	}
	s := g.NewInitialState()
	fmt.Println(g, "-", len(s.LegalMoves(nil)), "legal moves")
	m, err := s.ParseMove("1:2") // take 2 tokens from heap 1
	if err != nil {
		log.Fatal(err)
	}
	if err := s.Apply(m); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("after 1:2: position %q, %s to move\n", s.(game.Positioner).Position(), game.SeatName(s.Player()))
	if m, err := s.ParseMove("2:9"); err == nil {
		fmt.Println(s.Apply(m))
	} else {
		fmt.Println(err)
	}
	_, err = kit.Games.Load("nim(piles=3;x)", 1)
	fmt.Println(err)
	// Output:
	// nim(piles=3;4;5,misere=false) - 12 legal moves
	// after 1:2: position "1;4;5 P2", P2 to move
	// heap 2 has only 4 tokens, cannot take 9
	// nim: bad value "3;x" for piles: want one or more whole numbers separated by ';' from 0 to 1000000
}

// Solve gives a position's exact outcome with the game's own solver
// (Bouton's rule for Nim): with heaps 3, 4 and 5 the player to move wins,
// and only by taking 2 tokens from heap 1.
func ExampleKit_Solvers_solve() {
	kit, err := all.New()
	if err != nil {
		log.Fatal(err)
	}
	g, err := kit.Games.Load("nim(piles=3;4;5)", 1)
	if err != nil {
		log.Fatal(err)
	}
	r, err := kit.Solvers().Solve(context.Background(), g, g.NewInitialState(), solve.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Outcome, r.BestMoves, "nim-sum", r.Extra["grundy"])
	// Output: win [1:2] nim-sum 2
}

// Analyze values every legal move: in Wythoff's game, heaps 4 and 7 are a
// P-position (pair 3, after 0;0, 1;2 and 3;5), so every move loses
// against best play.
func ExampleKit_Solvers_analyze() {
	kit, err := all.New()
	if err != nil {
		log.Fatal(err)
	}
	g, err := kit.Games.Load("wythoff(piles=4;7)", 1)
	if err != nil {
		log.Fatal(err)
	}
	a, err := kit.Solvers().Analyze(context.Background(), g, g.NewInitialState(), solve.Options{})
	if err != nil {
		log.Fatal(err)
	}
	losing := 0
	for _, mv := range a.Moves {
		if mv.Outcome == solve.Loss {
			losing++
		}
	}
	fmt.Println(len(a.Moves), "moves,", losing, "of them losing")
	// Output: 15 moves, 15 of them losing
}

// Two computer players meet in a match; the seed decides every chance move
// and every bot's own choices, so the same seed gives the same game, and
// the record replays to the same end.
func ExampleKit_match() {
	kit, err := all.New()
	if err != nil {
		log.Fatal(err)
	}
	g, err := kit.Games.Load("ap(k=3,set=1;2;3;4;5;6;7;8;9)", 1)
	if err != nil {
		log.Fatal(err)
	}
	const seed = 7
	seats, err := match.NewSeats(kit.Bots, g, [2]string{"random", "perfect"}, seed, bot.Env{})
	if err != nil {
		log.Fatal(err)
	}
	rec, err := match.Play(context.Background(), g, seats, match.Options{Seed: seed})
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range rec.Moves {
		fmt.Print(m.Move, " ")
	}
	fmt.Println("- winner", rec.Players[*rec.Winner])
	end, err := game.Replay(kit.Games, rec)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(end.(game.Explainer).EndReason())
	// Output:
	// 2 3 7 5 4 1 - winner perfect
	// P2 (blue) owns the progression 1 3 5 (difference 2).
}

// The Thue game's value is the length of the word when the first
// repetition appears under best play: with 3 symbols the builder forces a
// square by length 5 (the thesis' result; MaxLength bounds the search).
func ExampleKit_Solvers_thue() {
	kit, err := all.New()
	if err != nil {
		log.Fatal(err)
	}
	g, err := kit.Games.Load("thue(alphabet=3,rule=square)", 1)
	if err != nil {
		log.Fatal(err)
	}
	r, err := kit.Solvers().Solve(context.Background(), g, g.NewInitialState(), solve.Options{MaxLength: 12})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("value", r.Value, "-", r.Measure.Label)
	// Output: value 5 - length of the final word
}
