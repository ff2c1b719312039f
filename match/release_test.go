package match_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
)

// releasing is a bot that plays the first legal move and counts the times
// it was told to drop its tables.
type releasing struct{ released int }

func (b *releasing) Act(_ context.Context, s game.State) (game.Move, error) {
	return s.LegalMoves(nil)[0], nil
}
func (b *releasing) Release() { b.released++ }

// TestIdleBotsAreReleased: the engine lets a computer player drop its
// tables while a person is to move and when the game ends — the same rule
// in the terminal and the web — and never while computers play on.
func TestIdleBotsAreReleased(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim(piles=2;2)", 1)
	b := &releasing{}
	l, err := match.Start(g, [2]match.Seat{{Name: match.Person}, {Name: "first", Bot: b}}, match.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	mv, _ := l.State().ParseMove("1:1")
	if err := l.Move(0, mv, 0); err != nil || b.released != 0 {
		t.Fatalf("after the person's move: %v, released %d times; want 0 (the bot is to move)", err, b.released)
	}
	tn, _ := l.Turn()
	if err := l.Commit(context.Background(), match.Decide(context.Background(), tn, 0)); err != nil || b.released != 1 {
		t.Fatalf("after the bot's reply: %v, released %d times; want 1 (a person is to move)", err, b.released)
	}
	two := &releasing{}
	rec, err := match.Play(context.Background(), g, [2]match.Seat{{Name: "a", Bot: two}, {Name: "b", Bot: &releasing{}}}, match.Options{Seed: 1})
	if err != nil || rec.Aborted || two.released != 1 {
		t.Fatalf("computers against each other: %v, released %d times; want once, at the end", err, two.released)
	}
}

// panicker is a computer player with a bug: it panics.
type panicker struct{}

func (panicker) Act(context.Context, game.State) (game.Move, error) { panic("index out of range [7]") }

// TestAPanickingBotEndsItsMatchWithAReason: a bot that panics is a failed
// decision — the match is aborted with a reason in words, without the
// panic's text — not a crash of the program.
func TestAPanickingBotEndsItsMatchWithAReason(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim(piles=2;2)", 1)
	for _, limit := range []time.Duration{0, time.Second} {
		rec, err := match.Play(context.Background(), g, [2]match.Seat{{Name: "first", Bot: &releasing{}}, {Name: "buggy", Bot: panicker{}}},
			match.Options{Seed: 1, MaxThink: limit})
		if err != nil || !rec.Aborted || !strings.Contains(rec.Reason, "P2 (second, buggy) failed: the computer player crashed") || strings.Contains(rec.Reason, "index out of range") {
			t.Fatalf("think limit %s: %v, %+v", limit, err, rec)
		}
	}
}

// TestBotFailedHearsThePanic: the record's reason is in words, but the
// bot's author hears the panic's value and stack through BotFailed; a
// person's end of input is not a bot failure.
func TestBotFailedHearsThePanic(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim(piles=2;2)", 1)
	var heard []error
	var who []game.Player
	opt := match.Options{Seed: 1, BotFailed: func(p game.Player, err error) { who, heard = append(who, p), append(heard, err) }}
	rec, err := match.Play(context.Background(), g, [2]match.Seat{{Name: "first", Bot: &releasing{}}, {Name: "buggy", Bot: panicker{}}}, opt)
	if err != nil || !rec.Aborted {
		t.Fatalf("%v, %+v", err, rec)
	}
	var pe *match.PanicError
	if len(heard) != 1 || who[0] != 1 || !errors.As(heard[0], &pe) || fmt.Sprint(pe.Value) != "index out of range [7]" || !strings.Contains(string(pe.Stack), "panicker") {
		t.Fatalf("BotFailed heard %v from %v; want P2's panic with its value and stack", heard, who)
	}
	heard = nil
	if _, err := match.Play(context.Background(), g, [2]match.Seat{{Name: "person", Bot: ended{}}, {Name: "b", Bot: &releasing{}}}, opt); err != nil || len(heard) != 0 {
		t.Fatalf("a person's end of input is not a bot's failure: heard %v, %v", heard, err)
	}
}

// ended is a person whose input has ended.
type ended struct{}

func (ended) Act(context.Context, game.State) (game.Move, error) { return 0, bot.ErrInputEnded }

// TestSeatWithoutBotOrName: a zero seat is refused at the start, naming
// the seat; a person's seat (a name, no bot) is not.
func TestSeatWithoutBotOrName(t *testing.T) {
	games, _ := registries(t)
	g, _ := games.Load("nim(piles=2;2)", 1)
	if _, err := match.Play(context.Background(), g, [2]match.Seat{{Name: "a", Bot: &releasing{}}, {}}, match.Options{Seed: 1}); err == nil || !strings.Contains(err.Error(), "P2: a seat with neither a bot nor the name") {
		t.Fatalf("a zero seat: %v", err)
	}
	if _, err := match.Start(g, [2]match.Seat{{Name: match.Person}, {Name: "b", Bot: &releasing{}}}, match.Options{Seed: 1}); err != nil {
		t.Fatalf("a person's seat: %v", err)
	}
}
