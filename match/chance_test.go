package match_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/kombi/kombi/match"
)

// coinGame: a coin is tossed (heads 0, tails 1), then P1 wins on tails and
// P2 on heads. With draw set, the state draws its own coin: always tails.
type coinGame struct{ draw bool }

func (g coinGame) Type() *game.Type            { return &game.Type{Name: "coin", Chance: true} }
func (g coinGame) String() string              { return fmt.Sprintf("coin(draw=%t)", g.draw) }
func (g coinGame) NewInitialState() game.State { return &coinState{draw: g.draw, side: -1} }
func (s *coinState) Player() game.Player {
	return map[bool]game.Player{true: game.Terminal, false: game.Chance}[s.side >= 0]
}
func (s *coinState) IsTerminal() bool              { return s.side >= 0 }
func (s *coinState) Clone() game.State             { c := *s; return &c }
func (s *coinState) MoveString(m game.Move) string { return [2]string{"heads", "tails"}[m&1] }
func (s *coinState) String() string                { return fmt.Sprint(s.side) }

type coinState struct {
	draw bool
	side int
}

func (s *coinState) LegalMoves(buf []game.Move) []game.Move {
	if s.side >= 0 {
		return buf
	}
	return append(buf, 0, 1)
}

func (s *coinState) Apply(m game.Move) error {
	if s.side >= 0 || m > 1 {
		return fmt.Errorf("illegal")
	}
	s.side = int(m)
	return nil
}

func (s *coinState) Returns() []float64 {
	switch s.side {
	case 1:
		return []float64{1, -1}
	case 0:
		return []float64{-1, 1}
	}
	return []float64{0, 0}
}

func (s *coinState) ParseMove(text string) (game.Move, error) {
	switch text {
	case "heads":
		return 0, nil
	case "tails":
		return 1, nil
	}
	return 0, fmt.Errorf("want heads or tails")
}

func (s *coinState) ChanceOutcomes() []game.Outcome {
	return []game.Outcome{{Move: 0, Num: 1, Den: 2}, {Move: 1, Num: 1, Den: 2}}
}

func (s *coinState) DrawChance() (game.Move, bool) { return 1, s.draw }

func TestPlayUsesChanceDrawer(t *testing.T) {
	seats := [2]match.Seat{{"random", bot.NewRandom(1)}, {"random", bot.NewRandom(2)}}
	count := func(g game.Game) (tails int) {
		for seed := range uint64(40) {
			rec, err := match.Play(context.Background(), g, seats, match.Options{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			if len(rec.Moves) != 1 || rec.Moves[0].Player != game.Chance {
				t.Fatalf("record moves %+v: want one chance move", rec.Moves)
			}
			if rec.Moves[0].Move == "tails" {
				tails++
			}
		}
		return tails
	}
	if n := count(coinGame{draw: true}); n != 40 {
		t.Fatalf("a ChanceDrawer that always draws tails gave tails in %d of 40 games", n)
	}
	if n := count(coinGame{draw: false}); n == 0 || n == 40 {
		t.Fatalf("without its own draw the runner's seed must decide: tails in %d of 40 games", n)
	}
}

// TestResumeDrawsTheSameChance stops a chance game early and continues it
// from its record: with deterministic bots the continued game is the
// uninterrupted one, chance draws included.
func TestResumeDrawsTheSameChance(t *testing.T) {
	games := &game.Registry{}
	if err := games.Register(vdwlist.NewType()); err != nil {
		t.Fatal(err)
	}
	g, err := games.Load("vdwlist(k=3,colors=3,list=2,s=9)", 5)
	if err != nil {
		t.Fatal(err)
	}
	seats := func() [2]match.Seat {
		return [2]match.Seat{{Name: "ab", Bot: bot.NewAlphaBeta(1, 0)}, {Name: "ab", Bot: bot.NewAlphaBeta(1, 0)}}
	}
	full, err := match.Play(context.Background(), g, seats(), match.Options{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	part, err := match.Play(context.Background(), g, seats(), match.Options{Seed: 5, MaxLength: 5})
	if err != nil || !part.Aborted || len(part.Moves) < 4 {
		t.Fatalf("%+v, %v", part, err)
	}
	again, err := match.Play(context.Background(), g, seats(), match.Options{Seed: 5, Moves: part.Moves})
	if err != nil {
		t.Fatal(err)
	}
	text := func(r *game.Record) string {
		var s []string
		for _, m := range r.Moves {
			s = append(s, fmt.Sprint(m.Player, m.Move))
		}
		return fmt.Sprint(s)
	}
	if text(again) != text(full) {
		t.Fatalf("continued game differs:\n%s\n%s", text(again), text(full))
	}
}

// TestUndoDrawsAnew: a draw that an undo takes back was seen, so the next
// draw is a new one (the stream goes on), not the same list again: a
// person naming a number cannot see its list, take the number back and
// name the number that suits that list. The stream is the match's: the
// list drawn after the undo is the second draw of the seed, as in a match
// without the undo.
func TestUndoDrawsAnew(t *testing.T) {
	g, people := listGame(t)
	move := func(l *match.Live, p game.Player, text string) { t.Helper(); moveText(t, l, p, text) }
	draw := func(l *match.Live) string { t.Helper(); return drawOne(t, l) }
	differ := 0
	for seed := range uint64(8) {
		// The seed's first two draws, in a match without an undo.
		plain, err := match.Start(g, people, match.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		move(plain, 0, "5")
		first := draw(plain)
		if err := plain.Move(1, plain.State().LegalMoves(nil)[0], 0); err != nil { // a colour of the list
			t.Fatal(err)
		}
		move(plain, 0, "1")
		second := draw(plain)

		l, err := match.Start(g, people, match.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		move(l, 0, "5")
		if seen := draw(l); seen != first {
			t.Fatalf("seed %d: the first list %s, want the seed's %s", seed, seen, first)
		}
		if err := l.Undo(0); err != nil || l.Moves() != 0 {
			t.Fatalf("undo: %v, %d moves left", err, l.Moves())
		}
		move(l, 0, "1")
		if again := draw(l); again != second {
			t.Errorf("seed %d: after the undo the list %s, want the seed's next draw %s (not %s again)", seed, again, second, first)
		}
		if first != second {
			differ++
		}
	}
	if differ == 0 {
		t.Fatal("every seed drew the same list twice: the test shows nothing")
	}
}

// listGame is a list-colouring game of 20 lists (drawn from the match's
// stream: its string has no seed) and two people to play it.
func listGame(t *testing.T) (game.Game, [2]match.Seat) {
	t.Helper()
	games := &game.Registry{}
	if err := games.Register(vdwlist.NewType()); err != nil {
		t.Fatal(err)
	}
	g, err := games.Load("vdwlist(k=3,colors=6,list=3,s=9)", 1)
	if err != nil {
		t.Fatal(err)
	}
	return g, [2]match.Seat{{Name: "human"}, {Name: "human"}}
}

// moveText plays the move with this text for p in l.
func moveText(t *testing.T, l *match.Live, p game.Player, text string) {
	t.Helper()
	m, err := l.State().ParseMove(text)
	if err == nil {
		err = l.Move(p, m, 0)
	}
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
}

// drawOne draws l's pending chance move and returns its text.
func drawOne(t *testing.T, l *match.Live) string {
	t.Helper()
	if n, err := l.DrawChance(); err != nil || n != 1 {
		t.Fatalf("draw: %d, %v", n, err)
	}
	r := l.Record()
	return r.Moves[len(r.Moves)-1].Move
}

// TestResumeSkipsDrawsTakenBack: a match resumed from its record (a server
// restart, play --resume) draws what the match would have drawn had it
// gone on: the draws an undo took back are counted in the record
// (draws_taken_back) and skipped, so a list seen and taken back does not
// come back after the restart.
func TestResumeSkipsDrawsTakenBack(t *testing.T) {
	g, people := listGame(t)
	colour := func(l *match.Live) {
		t.Helper()
		if err := l.Move(1, l.State().LegalMoves(nil)[0], 0); err != nil {
			t.Fatal(err)
		}
	}
	// resume starts a match from l's record, as stored (JSON) and read back.
	resume := func(l *match.Live, seed uint64) (*match.Live, game.Record) {
		t.Helper()
		data, err := json.Marshal(l.Record())
		if err != nil {
			t.Fatal(err)
		}
		var r game.Record
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatal(err)
		}
		again, err := match.Start(g, people, match.Options{Seed: seed, Moves: r.Moves, DrawsTakenBack: r.DrawsTakenBack})
		if err != nil {
			t.Fatal(err)
		}
		return again, r
	}
	differ := 0
	for seed := range uint64(8) {
		// The seed's first three draws, in a match without an undo.
		plain, err := match.Start(g, people, match.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var want [3]string
		for i, n := range []string{"5", "1", "2"} {
			moveText(t, plain, 0, n)
			want[i] = drawOne(t, plain)
			colour(plain)
		}

		l, err := match.Start(g, people, match.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		moveText(t, l, 0, "5")
		drawOne(t, l)
		if err := l.Undo(0); err != nil {
			t.Fatal(err)
		}
		l, r := resume(l, seed) // restarted right after the undo
		if r.DrawsTakenBack != 1 {
			t.Fatalf("seed %d: the record after the undo counts %d draws taken back, want 1", seed, r.DrawsTakenBack)
		}
		moveText(t, l, 0, "1")
		if got := drawOne(t, l); got != want[1] {
			t.Fatalf("seed %d: after the undo and a restart the list %s, want the seed's second draw %s (the first, taken back, was %s)", seed, got, want[1], want[0])
		}
		colour(l)
		l, r = resume(l, seed) // restarted again, with a draw kept since
		moveText(t, l, 0, "2")
		if got := drawOne(t, l); got != want[2] {
			t.Fatalf("seed %d: the third list after two restarts %s, want %s", seed, got, want[2])
		}
		if r.DrawsTakenBack != 1 {
			t.Fatalf("seed %d: a restart changed the draws taken back to %d", seed, r.DrawsTakenBack)
		}
		if want[0] != want[1] {
			differ++
		}
	}
	if differ == 0 {
		t.Fatal("every seed drew the same list twice: the test shows nothing")
	}
}

// A person's list of one colour is no choice: PlayForced colours the named
// number for them (a seat without a bot, as the web's), recorded as their
// move, and Forced says which moves those were, also after an undo and
// for a match started from its moves again; a computer's is its own.
func TestPlayForcedColoursForAPerson(t *testing.T) {
	g, err := vdwlist.New(3, 3, 1, 9)
	if err != nil {
		t.Fatal(err)
	}
	people := [2]match.Seat{{Name: match.Person}, {Name: match.Person}}
	l, err := match.Start(g, people, match.Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	name := func(n string) {
		t.Helper()
		m, err := l.State().ParseMove(n)
		if err == nil {
			err = l.Move(0, m, 0)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if n, err := l.PlayForced(); n != 0 || err != nil || l.Forced() != nil {
		t.Fatalf("before a number is named: %d played (%v), forced %v", n, err, l.Forced())
	}
	name("5")
	if n, err := l.PlayForced(); n != 1 || err != nil {
		t.Fatalf("after 5 is named: %d played, %v; want the one colour", n, err)
	}
	name("4")
	l.PlayForced()
	rec := l.Record()
	if len(rec.Moves) != 6 || rec.Moves[2].Player != 1 || rec.Moves[5].Player != 1 || l.ToMove() != 0 {
		t.Fatalf("moves %v, to move %v", rec.Moves, l.ToMove())
	}
	if got := l.Forced(); len(got) != 2 || got[0] != 3 || got[1] != 6 {
		t.Fatalf("Forced %v, want [3 6]", got)
	}
	if err := l.Undo(0); err != nil || len(l.Forced()) != 1 || l.Moves() != 3 {
		t.Fatalf("after an undo (%v): %d moves, forced %v", err, l.Moves(), l.Forced())
	}
	again, err := match.Start(g, people, match.Options{Seed: 3, Moves: rec.Moves})
	if err != nil || len(again.Forced()) != 2 {
		t.Fatalf("started from the moves (%v): forced %v", err, again.Forced())
	}
	// A computer colourer decides its own colour: nothing played for it, nothing marked.
	c, _ := match.Start(g, [2]match.Seat{{Name: match.Person}, {Name: "first", Bot: &script{moves: []string{"red", "blue", "green"}}}}, match.Options{Seed: 3})
	m, _ := c.State().ParseMove("5")
	if err := c.Move(0, m, 0); err != nil {
		t.Fatal(err)
	}
	if n, _ := c.PlayForced(); n != 0 || c.ToMove() != 1 || c.Forced() != nil {
		t.Fatalf("a computer's colour: %d played, to move %v, forced %v", n, c.ToMove(), c.Forced())
	}
}
