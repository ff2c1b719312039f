// Package match is Kombi's one live-match engine (Live): a match played
// step by step — a person's move, a computer's decision under the
// think-time limit, chance from the match's one stream, undo, stop — with
// per-move timings, length and move limits, a transcript as an observer,
// and games that start from a position or continue an earlier record. Play
// runs one to its end; `kombi play`, sweeps and arenas (package sweep),
// queue workers and `kombi serve` all drive it. NewSeats is the one seat
// builder, RandomSeed the one seed source.
package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime/debug"
	"strings"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// Seat is one player of a match: the bot and its bot string.
type Seat struct {
	Name string
	Bot  bot.Bot
}

// CheckLimits says which of a game's limits is out of range: MaxThink
// (Options.MaxThink, kombi play's --max-think) and MaxLength
// (Options.MaxLength, --max-length), 0 for none or more. The error is a
// *game.InputError holding a *game.OptionError that names the field and
// its flag: "MaxThink (--max-think) -1s: want ...".
func CheckLimits(maxThink time.Duration, maxLength int) error {
	if maxThink < 0 {
		return game.Optionf("MaxThink", "max-think", maxThink, "want a duration of 0 (no limit) or more, e.g. 10s")
	}
	if maxLength < 0 {
		return game.Optionf("MaxLength", "max-length", maxLength, "want 0 (no limit) or a positive length")
	}
	return nil
}

// check says which of the options' limits is out of range (Start refuses
// them): those of CheckLimits, and MaxMoves at least 0.
func (o Options) check() error {
	if err := CheckLimits(o.MaxThink, o.MaxLength); err != nil {
		return err
	}
	if o.MaxMoves < 0 {
		return game.Optionf("MaxMoves", "max-moves", o.MaxMoves, "want 0 (no limit) or a positive number of moves")
	}
	return nil
}

// Options configure one game.
type Options struct {
	// Seed is stored in the record; it seeds the chance moves (except those
	// a game.ChanceDrawer draws itself). A game is the same game again only
	// when the one seed is given everywhere: to game.Registry.Load (the
	// game's random parameters), to NewSeats (the bots' choices) and here,
	// as the record keeps only this one (kombi play and the web do so).
	Seed uint64
	// MaxThink, when positive, bounds each computer decision: a bot that
	// takes longer aborts the game, and the record says so. People are not
	// timed.
	MaxThink time.Duration
	// Transcript, when not nil, receives the readable account of the game
	// as it is played (see NewTranscript), unless Observer is set.
	Transcript io.Writer
	// Observer, when not nil, is told of every step of the game (it
	// replaces the transcript).
	Observer Observer
	// Color draws the positions of the transcript with terminal colours
	// (see game.Colorizer); set it only when the transcript is a terminal.
	Color bool
	// Width is the width in columns the transcript draws positions in where
	// the game fits them to a width (game.WidthDrawer; 0:
	// game.DefaultWidth): TerminalWidth of the screen.
	Width int
	// Rules, when not empty, are the rules the transcript shows people in
	// place of the game's (game.RulesOf): the Thue solo mode's.
	Rules string
	// Position, when not empty, is the position the game starts from (in
	// the game's position notation); the record keeps it.
	Position string
	// Moves are moves already played (from an earlier record of the same
	// game, seed and start): they are replayed, checked, and kept in the
	// new record, and play continues after them.
	Moves []game.RecordMove
	// DrawsTakenBack is the earlier record's count of chance draws taken
	// back by undos (game.Record.DrawsTakenBack): the chance stream skips
	// them after the moves, as the match that made them had.
	DrawsTakenBack int
	// MaxLength, when positive, stops a game whose length (the game's
	// Scorer measure, else the number of moves) reaches it: the record is
	// aborted with the reason "reached the length limit N". (It bounds
	// play; solve.Options.MaxLength bounds a search, 0 there being the
	// game's default bound, not none.)
	MaxLength int
	// BotFailed, when not nil, is told of each computer decision that
	// failed and stopped the game (the bot's error; a panic as a
	// *PanicError with its value and stack; the think-time limit), before
	// the record says why in words: for the bot's author, since the
	// record's reason does not hold a panic's text. A person's quit, end of
	// input or an interrupt is not a failure.
	BotFailed func(p game.Player, err error)
	// MaxMoves, when positive, stops a game once it has this many moves
	// (chance draws included): the record is aborted with the reason
	// "reached the move limit N".
	MaxMoves int
}

// Record fields that say why a game stopped on purpose (see Deliberate).
const (
	// StoppedByField is the seat (0 or 1) of the person who quit.
	StoppedByField = "stopped_by"
	// LengthLimitField is the length limit a game reached.
	LengthLimitField = "length_limit"
	// MoveLimitField is the move limit a game reached.
	MoveLimitField = "move_limit"
)

// The reasons of a game stopped by the length limit and by the move limit,
// with the limit.
const (
	lengthLimitReason = "reached the length limit %d"
	moveLimitReason   = "reached the move limit %d"
)

// CheckRecord is game.Replay with the checks of why an aborted record
// stopped, in the match's words: a record stopped by the length limit
// (LengthLimitField) or the move limit (MoveLimitField) says so in its
// reason ("reached the length limit N", as a match writes it) and reached
// that limit (its length, its number of moves); a reason that names a
// limit needs the limit's field, and a finished game has none. (A match
// resumed past a limit stops at once: a length beyond the limit is
// allowed.) It returns the final state; `kombi replay` and `kombi records
// import` check records with it. A record that does not pass is the
// check's answer, a plain error as game.Replay's (kombi replay exits 1),
// not a *game.InputError.
func CheckRecord(reg *game.Registry, r *game.Record) (game.State, error) {
	s, err := game.Replay(reg, r)
	if err != nil {
		return nil, err
	}
	for _, l := range []struct {
		field, reason, what string
		reached             int
	}{
		{LengthLimitField, lengthLimitReason, "length", r.Length},
		{MoveLimitField, moveLimitReason, "number of moves", len(r.Moves)},
	} {
		v, has := r.Extra[l.field]
		switch n, whole := wholeNumber(v); {
		case !has && r.Aborted && strings.HasPrefix(r.Reason, strings.TrimSuffix(l.reason, "%d")):
			return nil, fmt.Errorf("replay: the reason %q names a limit, but the record has no %s", game.Truncate(r.Reason, 80), l.field)
		case !has:
		case !r.Aborted:
			return nil, fmt.Errorf("replay: %s %s, but the game ended (only a game stopped at a limit has one)", l.field, game.Truncate(fmt.Sprint(v), 40))
		case !whole || n <= 0:
			return nil, fmt.Errorf("replay: %s %s: want a positive whole number", l.field, game.Truncate(fmt.Sprint(v), 40))
		case r.Reason != fmt.Sprintf(l.reason, n):
			return nil, fmt.Errorf("replay: reason %q, but a game stopped by its %s %d says %q", game.Truncate(r.Reason, 80), l.field, n, fmt.Sprintf(l.reason, n))
		case l.reached < n:
			return nil, fmt.Errorf("replay: %s %d, but the %s is %d: the limit was not reached", l.field, n, l.what, l.reached)
		}
	}
	return s, nil
}

// wholeNumber reads a record field that holds a whole number: an int in
// memory, a float64 read from JSON.
func wholeNumber(v any) (int, bool) {
	switch x := v.(type) {
	case int:
		return x, true
	case int64:
		return int(x), x == int64(int(x))
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return int(x), true
		}
	}
	return 0, false
}

// Deliberate reports whether an aborted game was stopped on purpose: a
// person quit, or the game reached the length or move limit it was played
// with. Such a game is not a failure.
func Deliberate(rec *game.Record) bool {
	if !rec.Aborted {
		return false
	}
	for _, f := range []string{StoppedByField, LengthLimitField, MoveLimitField} {
		if _, ok := rec.Extra[f]; ok {
			return true
		}
	}
	return false
}

// lengthOf is a position's length for MaxLength: the Scorer measure, else
// the number of moves played.
func lengthOf(s game.State, moves int) int {
	if sc, ok := s.(game.Scorer); ok {
		return sc.Score()
	}
	return moves
}

// Play plays one game of g between seats[0] (P1, who moves first unless the
// game says otherwise: 2D Nim's first=p2) and seats[1] and
// returns its record: a Live match started with opt and run to its end. A
// game stopped early (a bot's error, the think-time or length limit, a
// person's quit or end of input, ctx cancelled) is a record with Aborted
// set and a Reason, not an error; errors are kept for a broken game or
// bot, and for a start (position, earlier moves) that does not apply.
//
// A person (a bot returning bot.ErrUndo) takes back their last move and
// every move after it (the computer's reply); the record loses those moves.
// A nil ctx or g is an error that names it.
func Play(ctx context.Context, g game.Game, seats [2]Seat, opt Options) (*game.Record, error) {
	if ctx == nil {
		return nil, errors.New("match: no context (a nil context.Context; context.Background() is one)") // not a bot's crash
	}
	l, err := Start(g, seats, opt)
	if err != nil {
		return nil, err
	}
	if err := l.Run(ctx); err != nil {
		return nil, err
	}
	return l.Record(), nil
}

// setExtra adds a field to a record (after Finish, which sets the game's own).
func setExtra(rec *game.Record, key string, v any) {
	if rec.Extra == nil {
		rec.Extra = map[string]any{}
	}
	rec.Extra[key] = v
}

// applyText plays a recorded move, checking the player and the move.
func applyText(s game.State, m game.RecordMove) error {
	text := game.Truncate(m.Move, 80)
	if s.IsTerminal() {
		return fmt.Errorf("%q: the game is already over", text)
	}
	if s.Player() != m.Player {
		return fmt.Errorf("%q: recorded for player %v but player %v is on turn", text, m.Player, s.Player())
	}
	mv, err := s.ParseMove(m.Move)
	if err != nil {
		return fmt.Errorf("%q: %w", text, err)
	}
	if err := s.Apply(mv); err != nil {
		return fmt.Errorf("%q: %w", text, err)
	}
	return nil
}

// ResultLine describes a record's result in one line.
func ResultLine(typ *game.Type, rec *game.Record) string {
	switch {
	case rec.Aborted:
		return "Aborted: " + rec.Reason
	case rec.Winner == nil:
		return fmt.Sprintf("Draw after %s (length %d).", game.Plural(len(rec.Moves), "move"), rec.Length)
	default:
		w := game.Player(*rec.Winner)
		return fmt.Sprintf("%s (%s, %s) wins after %s (length %d).", game.SeatName(w), typ.Role(w), rec.Players[w], game.Plural(len(rec.Moves), "move"), rec.Length)
	}
}

// isPerson reports whether a seat stands for a person: a bot that says so
// (bot.Interactive), or no bot at all (a person moving through Live.Move).
func isPerson(st Seat) bool { return st.Bot == nil || isHuman(st.Bot) }

func isHuman(b bot.Bot) bool {
	h, ok := b.(bot.Interactive)
	return ok && h.IsHuman()
}

// errTooSlow reports a decision over the think-time limit.
var errTooSlow = errors.New("think-time limit exceeded")

// decide asks b for a move under the think-time limit. A bot that ignores
// its context past the limit is abandoned (its goroutine finishes on its own).
func decide(ctx context.Context, b bot.Bot, s game.State, limit time.Duration) (game.Move, float64, error) {
	if limit <= 0 || isHuman(b) {
		start := time.Now()
		m, err := act(ctx, b, s.Clone())
		return m, time.Since(start).Seconds(), err
	}
	tctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	type answer struct {
		m   game.Move
		err error
	}
	done := make(chan answer, 1)
	start := time.Now()
	view := s.Clone()
	go func() {
		m, err := act(tctx, b, view)
		done <- answer{m, err}
	}()
	select {
	case a := <-done:
		secs := time.Since(start).Seconds()
		if a.err == nil && time.Duration(secs*float64(time.Second)) > limit {
			return 0, secs, errTooSlow
		}
		if a.err != nil && ctx.Err() == nil && tctx.Err() != nil {
			return 0, secs, errTooSlow
		}
		return a.m, secs, a.err
	case <-tctx.Done():
		secs := time.Since(start).Seconds()
		if ctx.Err() != nil {
			return 0, secs, ctx.Err()
		}
		return 0, secs, errTooSlow
	}
}

// AbortReason says in words why player p (playing name) stopped the game
// with err: the think-time limit, the end of a person's input, a quit, an
// interruption, or a failure.
func AbortReason(typ *game.Type, p game.Player, name string, err error, limit time.Duration) string {
	who := fmt.Sprintf("%s (%s, %s)", game.SeatName(p), typ.Role(p), name)
	switch {
	case errors.Is(err, errTooSlow):
		return fmt.Sprintf("%s took longer than the think-time limit of %s", who, limit)
	case errors.Is(err, bot.ErrInputEnded):
		return fmt.Sprintf("%s: the input ended before a move was made", who)
	case errors.Is(err, bot.ErrQuit):
		return fmt.Sprintf("%s quit", who)
	case errors.Is(err, context.Canceled):
		return fmt.Sprintf("interrupted while %s was thinking", who)
	default:
		return fmt.Sprintf("%s failed: %v", who, err)
	}
}

// PanicError is the error of a bot that panicked: the decision fails and
// the match is aborted with a reason in words; the panic's value and stack
// are kept for the logs (Options.BotFailed receives them).
type PanicError struct {
	Value any
	Stack []byte
}

// Error says in words what happened, without the panic's text.
func (e *PanicError) Error() string { return "the computer player crashed (a bug in the bot)" }

// act asks b for a move; a panic in the bot is its error, not the program's.
func act(ctx context.Context, b bot.Bot, s game.State) (m game.Move, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &PanicError{Value: v, Stack: debug.Stack()}
		}
	}()
	return b.Act(ctx, s)
}
