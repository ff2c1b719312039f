package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/games/nim"
	"github.com/kombi/kombi/games/vdwlist"
)

func TestHumanHintAnalysesEveryGame(t *testing.T) {
	bots := &bot.Registry{}
	if err := bot.RegisterGeneric(bots, nil); err != nil {
		t.Fatal(err)
	}
	g, _ := nim.New([]int{3, 4, 5}, false)
	var out strings.Builder
	h, err := bots.New("human", g, bot.Env{Input: bot.NewLineReader(strings.NewReader("hint\n1:2\n")), Output: &out})
	if err != nil {
		t.Fatal(err)
	}
	if m, err := h.Act(context.Background(), g.NewInitialState()); err != nil || m != nim.Move(0, 2) {
		t.Fatalf("move %d, %v", m, err)
	}
	for _, want := range []string{"Winning moves: 1:2.", "win: 1:2 (0) | loss: 1:1 (3), 1:3 (1), 2:1 (5)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("hint lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "no hints") {
		t.Errorf("nim answered without hints:\n%s", out.String())
	}
	// A lost position: every move loses.
	out.Reset()
	g2, _ := nim.New([]int{1, 2, 3}, false)
	h2 := bot.NewHumanFor(g2, bot.NewLineReader(strings.NewReader("hint\n")), &out)
	_, _ = h2.Act(context.Background(), g2.NewInitialState())
	if !strings.Contains(out.String(), "Every move loses against perfect play: choose one that leaves your opponent the most to get right.") {
		t.Errorf("lost position:\n%s", out.String())
	}
}

// In a chance game every move may win with some probability: the hint
// names the moves of the best probability for the mover, with the values
// of every move, not "no move is proven" and an empty list.
func TestHintInAChanceGame(t *testing.T) {
	g, err := vdwlist.New(3, 3, 2, 9)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.ParsePosition("....g....") // the namer to name a number; 5 is green
	if err != nil {
		t.Fatal(err)
	}
	got := bot.HintText(context.Background(), nil, g, s, time.Minute)
	for _, want := range []string{"No move wins for sure; the best: 1 9 (P1's winning probability after each: 65/729).",
		"in brackets, P1's winning probability after it): decided by chance: 1 (65/729), 2 (191/2187), 3 (5/81), 4 (59/729), 6 (59/729), 7 (5/81), 8 (191/2187), 9 (65/729)"} {
		if !strings.Contains(got, want) {
			t.Errorf("the hint lacks %q:\n%s", want, got)
		}
	}
}

func TestHumanUndoQuitAndLongLines(t *testing.T) {
	g, _ := nim.New([]int{3, 4, 5}, false)
	long := strings.Repeat("x", 3*bot.MaxLineBytes)
	var out strings.Builder
	h := bot.NewHumanFor(g, bot.NewLineReader(strings.NewReader(long+"\nundo\nQuit\nq\n"+long+"\n1:1\n")), &out)
	s := g.NewInitialState()
	if _, err := h.Act(context.Background(), s); !errors.Is(err, bot.ErrUndo) {
		t.Fatalf("undo: %v", err)
	}
	if !strings.Contains(out.String(), "longer than 1 MiB") || len(out.String()) > 1000 {
		t.Fatalf("a long line must be refused briefly:\n%.500s", out.String())
	}
	if _, err := h.Act(context.Background(), s); !errors.Is(err, bot.ErrQuit) {
		t.Fatalf("quit: %v", err)
	}
	if _, err := h.Act(context.Background(), s); !errors.Is(err, bot.ErrQuit) {
		t.Fatalf("q, as many terminal programs take it: %v", err)
	}
	if m, err := h.Act(context.Background(), s); err != nil || m != nim.Move(0, 1) {
		t.Fatalf("after a long line the next line is read: %d, %v", m, err)
	}
}

func TestLineReader(t *testing.T) {
	exact := strings.Repeat("y", bot.MaxLineBytes)
	r := bot.NewLineReader(strings.NewReader("a\r\nb\n\n" + exact + "\n" + exact + "z\nlast"))
	ctx := context.Background()
	for _, want := range []string{"a", "b", "", exact} {
		got, err := r.ReadLine(ctx)
		if err != nil || got != want {
			t.Fatalf("got %.20q, %v; want %.20q", got, err, want)
		}
	}
	if _, err := r.ReadLine(ctx); !errors.Is(err, bot.ErrLineTooLong) {
		t.Fatalf("a line of 1 MiB + 1 byte: %v", err)
	}
	if got, err := r.ReadLine(ctx); got != "last" || err != nil {
		t.Fatalf("last line without a newline: %q, %v", got, err)
	}
	if _, err := r.ReadLine(ctx); !errors.Is(err, bot.ErrInputEnded) {
		t.Fatalf("end: %v", err)
	}
}

// TestHumanHelpSaysHowToMove checks that the notation is shown before the
// first move, and that "help" says how to move in the game's own words
// (here Index-k Nim's k) before the notation and the legal moves.
func TestHumanHelpSaysHowToMove(t *testing.T) {
	g, err := nim.NewK([]int{1, 2, 3}, 2)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	h := bot.NewHumanFor(g, bot.NewLineReader(strings.NewReader("help\n")), &out)
	_, _ = h.Act(context.Background(), g.NewInitialState())
	first, text, _ := strings.Cut(out.String(), "your move ('help' lists moves): ")
	if !strings.HasPrefix(first, "Type HEAP:COUNT pairs") {
		t.Fatalf("before the first prompt, the notation: got\n%s", first)
	}
	words := strings.Index(text, "Take tokens from one heap, or from up to 2 heaps at once.")
	notation := strings.Index(text, "Type HEAP:COUNT pairs")
	moves := strings.Index(text, "Legal moves (")
	if words < 0 || notation < words || moves < notation {
		t.Fatalf("help says, in this order, how to move, the notation and the moves? got:\n%s", text)
	}
	// The notation is shown once, before the first prompt; not again.
	out.Reset()
	h = bot.NewHumanFor(g, bot.NewLineReader(strings.NewReader("1:1\n3:1\n")), &out)
	s := g.NewInitialState()
	for range 2 {
		m, err := h.Act(context.Background(), s)
		if err != nil || s.Apply(m) != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(out.String(), "Type HEAP:COUNT"); n != 1 {
		t.Fatalf("the notation shown %d times in two moves:\n%s", n, out.String())
	}
}
