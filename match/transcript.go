package match

import (
	"cmp"
	"fmt"
	"io"
	"strings"

	"github.com/kombi/kombi/game"
)

// transcript is the Observer that writes the readable account of a match
// as `kombi play` shows it.
type transcript struct {
	w     io.Writer
	color bool
	width int
	// failureElsewhere leaves out why a game failed: the caller reports it
	// (`kombi play`: Failure's error, on standard error).
	failureElsewhere bool
}

// NewTranscript returns an Observer writing the readable account of a
// match to w, the positions with terminal colours when color is set and,
// where the game fits them to a width, width columns wide (0:
// game.DefaultWidth).
func NewTranscript(w io.Writer, color bool, width int) Observer {
	return &transcript{w: w, color: color, width: width}
}

func (t *transcript) show(l *Live) string { return game.DisplayString(l.state, t.color, t.width) }

// Started writes the game (with what its string holds that was drawn:
// game.DrawNoter), the seats, the start and the first position.
func (t *transcript) Started(l *Live) {
	rec, opt := &l.rec, l.opt
	if note := game.DrawNoteOf(l.g); note != "" {
		fmt.Fprintf(t.w, "Game %s, seed %d (%s)\n", rec.Game, rec.Seed, note)
	} else {
		fmt.Fprintf(t.w, "Game %s, seed %d\n", rec.Game, rec.Seed)
	}
	for i, st := range l.seats {
		fmt.Fprintf(t.w, "%s (%s): %s\n", game.SeatName(game.Player(i)), l.typ.Role(game.Player(i)), st.Name)
	}
	if isPerson(l.seats[0]) || isPerson(l.seats[1]) {
		t.rules(l)
	}
	switch {
	case opt.Position != "" && len(opt.Moves) > 0:
		fmt.Fprintf(t.w, "From position %s, after %d earlier moves\n", opt.Position, len(opt.Moves))
	case opt.Position != "":
		fmt.Fprintf(t.w, "From position %s\n", opt.Position)
	case len(opt.Moves) > 0:
		fmt.Fprintf(t.w, "Continued after %d earlier moves\n", len(opt.Moves))
	}
	fmt.Fprintf(t.w, "\n%s\n", t.show(l))
}

// rules writes the game's rules and how to move, for the people playing
// (per role where the roles move differently).
func (t *transcript) rules(l *Live) {
	if rules := cmp.Or(l.opt.Rules, game.RulesOf(l.g)); rules != "" {
		fmt.Fprintf(t.w, "%s\n", game.Wrap("Rules: "+rules, 80))
	}
	how := game.HowToMoveOf(l.g)
	switch {
	case how[0] == how[1] && how[0] != "":
		fmt.Fprintf(t.w, "%s\n", game.Wrap("How to move: "+how[0], 80))
	case how[0] != "" || how[1] != "":
		for i, words := range how {
			if words != "" {
				p := game.Player(i)
				fmt.Fprintf(t.w, "%s\n", game.Wrap(fmt.Sprintf("How %s (%s) moves: %s", game.SeatName(p), l.typ.Role(p), words), 80))
			}
		}
	}
}

// Moved writes the move, the game's note on it (game.MoveNoter) and the
// position after it.
func (t *transcript) Moved(l *Live, m game.RecordMove) {
	n, p := len(l.rec.Moves), m.Player
	switch {
	case p == game.Chance:
		fmt.Fprintf(t.w, "Move %d: chance drew %s\n", n, m.Move)
	case isPerson(l.seats[p]):
		fmt.Fprintf(t.w, "Move %d: %s (%s) played %s | time %.3f s\n", n, game.SeatName(p), l.typ.Role(p), m.Move, m.Seconds)
	default:
		fmt.Fprintf(t.w, "Move %d: %s (%s, %s) chose %s | time %.3f s\n", n, game.SeatName(p), l.typ.Role(p), l.seats[p].Name, m.Move, m.Seconds)
	}
	if note := l.LastNote(); note != "" {
		fmt.Fprintf(t.w, "%s\n", game.Wrap(note, 80))
	}
	fmt.Fprintf(t.w, "%s\n", t.show(l))
}

// TookBack writes what was taken back and the position now.
func (t *transcript) TookBack(l *Live, p game.Player, taken []game.RecordMove) {
	if len(taken) == 0 {
		fmt.Fprintf(t.w, "%s (%s) has no move to take back.\n", game.SeatName(p), l.typ.Role(p))
		return
	}
	texts := make([]string, len(taken))
	for i, m := range taken {
		texts[i] = m.Move
	}
	fmt.Fprintf(t.w, "%s (%s) takes back move %d and what followed: %s\n", game.SeatName(p), l.typ.Role(p), len(l.rec.Moves)+1, strings.Join(texts, ", "))
	fmt.Fprintf(t.w, "%s\n", t.show(l))
}

// Ended writes why the game stopped (a failure only where nobody else
// reports it), or how it ended and the result.
func (t *transcript) Ended(l *Live) {
	rec := &l.rec
	if rec.Aborted {
		switch {
		case Deliberate(rec):
			fmt.Fprintf(t.w, "\nGame stopped: %s.\n", rec.Reason)
		case !t.failureElsewhere:
			fmt.Fprintf(t.w, "\nGame aborted: %s\n", rec.Reason)
		}
		return
	}
	// Why it ended, unless the last position shown says it already (the
	// Szemerédi game's board names the progression that won).
	if why := game.EndWords(l.state, len(rec.Moves)); why != "" && !strings.Contains(game.DisplayString(l.state, false, t.width), why) {
		fmt.Fprintf(t.w, "\n%s\n", why)
	}
	fmt.Fprintf(t.w, "%s\n", ResultLine(l.typ, rec))
}

// observers tells each of its observers in turn.
type observers []Observer

func (o observers) Started(l *Live) {
	for _, x := range o {
		x.Started(l)
	}
}

func (o observers) Moved(l *Live, m game.RecordMove) {
	for _, x := range o {
		x.Moved(l, m)
	}
}

func (o observers) TookBack(l *Live, p game.Player, taken []game.RecordMove) {
	for _, x := range o {
		x.TookBack(l, p, taken)
	}
}

func (o observers) Ended(l *Live) {
	for _, x := range o {
		x.Ended(l)
	}
}
