// Package match plays one game between bots (Play): per-move timings, an
// optional think-time limit and length limit, a readable transcript, undo
// and quit for people, and games that start from a position or continue an
// earlier record. NewSeats builds the two seats from bot strings; series of
// games are played by package sweep (sweep.Arena, sweep.Run).
package match

import (
	"context"
	"errors"
	"fmt"
	"io"
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

// Options configure one game.
type Options struct {
	// Seed is stored in the record; it seeds the chance moves (except those
	// a game.ChanceDrawer draws itself).
	Seed uint64
	// MaxThink, when positive, bounds each computer decision: a bot that
	// takes longer aborts the game, and the record says so. People are not
	// timed.
	MaxThink time.Duration
	// Transcript, when not nil, receives the readable account of the game
	// as it is played.
	Transcript io.Writer
	// Color draws the positions of the transcript with terminal colours
	// (see game.Colorizer); set it only when the transcript is a terminal.
	Color bool
	// Position, when not empty, is the position the game starts from (in
	// the game's position notation); the record keeps it.
	Position string
	// Moves are moves already played (from an earlier record of the same
	// game, seed and start): they are replayed, checked, and kept in the
	// new record, and play continues after them.
	Moves []game.RecordMove
	// MaxLength, when positive, stops a game whose length (the game's
	// Scorer measure, else the number of moves) reaches it: the record is
	// aborted with the reason "reached the length limit N".
	MaxLength int
}

// Record fields that say why a game stopped on purpose (see Deliberate).
const (
	// StoppedByField is the seat (0 or 1) of the person who quit.
	StoppedByField = "stopped_by"
	// LengthLimitField is the length limit a game reached.
	LengthLimitField = "length_limit"
)

// Deliberate reports whether an aborted game was stopped on purpose: a
// person quit, or the game reached the length limit it was played with.
// Such a game is not a failure.
func Deliberate(rec *game.Record) bool {
	if !rec.Aborted {
		return false
	}
	_, quit := rec.Extra[StoppedByField]
	_, limit := rec.Extra[LengthLimitField]
	return quit || limit
}

// lengthOf is a position's length for MaxLength: the Scorer measure, else
// the number of moves played.
func lengthOf(s game.State, moves int) int {
	if sc, ok := s.(game.Scorer); ok {
		return sc.Score()
	}
	return moves
}

// Play plays one game of g between seats[0] (moving first) and seats[1] and
// returns its record. A game stopped early (a bot's error, the think-time
// or length limit, a person's quit or end of input, ctx cancelled) is a
// record with Aborted set and a Reason, not an error; errors are kept for a
// broken game or bot, and for a start (position, earlier moves) that does
// not apply.
//
// A person (a bot returning bot.ErrUndo) takes back their last move and
// every move after it (the computer's reply); the record loses those moves.
func Play(ctx context.Context, g game.Game, seats [2]Seat, opt Options) (*game.Record, error) {
	out := opt.Transcript
	if out == nil {
		out = io.Discard
	}
	typ := g.Type()
	rec := &game.Record{
		Game:     g.String(),
		Seed:     opt.Seed,
		Position: opt.Position,
		Players:  []string{seats[0].Name, seats[1].Name},
		Moves:    []game.RecordMove{},
	}
	chanceRNG := bot.NewRand(opt.Seed, 0x6368616e6365)
	s, err := replayStart(g, opt, chanceRNG)
	if err != nil {
		return nil, err
	}
	rec.Moves = append(rec.Moves, opt.Moves...)
	fmt.Fprintf(out, "Game %s, seed %d\n", rec.Game, rec.Seed)
	for i, st := range seats {
		fmt.Fprintf(out, "%s (%s): %s\n", game.SeatName(game.Player(i)), typ.Role(game.Player(i)), st.Name)
	}
	switch {
	case opt.Position != "" && len(opt.Moves) > 0:
		fmt.Fprintf(out, "From position %s, after %d earlier moves\n", opt.Position, len(opt.Moves))
	case opt.Position != "":
		fmt.Fprintf(out, "From position %s\n", opt.Position)
	case len(opt.Moves) > 0:
		fmt.Fprintf(out, "Continued after %d earlier moves\n", len(opt.Moves))
	}
	fmt.Fprintf(out, "\n%s\n", game.DisplayString(s, opt.Color))
	stop := func(reason string, deliberate bool) *game.Record {
		rec.Aborted = true
		rec.Reason = reason
		if deliberate {
			fmt.Fprintf(out, "\nGame stopped: %s.\n", rec.Reason)
		} else {
			fmt.Fprintf(out, "\nGame aborted: %s\n", rec.Reason)
		}
		rec.Finish(s)
		return rec
	}
	for !s.IsTerminal() {
		if opt.MaxLength > 0 && lengthOf(s, len(rec.Moves)) >= opt.MaxLength {
			stop(fmt.Sprintf("reached the length limit %d", opt.MaxLength), true)
			setExtra(rec, LengthLimitField, opt.MaxLength)
			return rec, nil
		}
		p := s.Player()
		var (
			m       game.Move
			seconds float64
			err     error
		)
		if p == game.Chance {
			m, err = sampleChance(s, chanceRNG)
			if err != nil {
				return nil, err
			}
		} else {
			st := seats[p]
			m, seconds, err = decide(ctx, st.Bot, s, opt.MaxThink)
			if errors.Is(err, bot.ErrUndo) && ctx.Err() == nil {
				s, err = takeBack(g, opt, rec, p, out, typ)
				if err != nil {
					return nil, err
				}
				continue
			}
			if err != nil {
				quit := errors.Is(err, bot.ErrQuit)
				stop(abortReason(typ, p, st.Name, err, opt.MaxThink), quit)
				if quit {
					setExtra(rec, StoppedByField, int(p))
				}
				return rec, nil
			}
		}
		text := s.MoveString(m)
		if err := s.Apply(m); err != nil {
			if p == game.Chance {
				return nil, fmt.Errorf("chance outcome %s: %w", text, err)
			}
			return stop(fmt.Sprintf("%s (%s) chose an illegal move %s: %v", game.SeatName(p), seats[p].Name, text, err), false), nil
		}
		rec.Moves = append(rec.Moves, game.RecordMove{Player: p, Move: text, Seconds: seconds})
		n := len(rec.Moves)
		switch {
		case p == game.Chance:
			fmt.Fprintf(out, "Move %d: chance drew %s\n", n, text)
		case isHuman(seats[p].Bot):
			fmt.Fprintf(out, "Move %d: %s (%s) played %s | time %.3f s\n", n, game.SeatName(p), typ.Role(p), text, seconds)
		default:
			fmt.Fprintf(out, "Move %d: %s (%s, %s) chose %s | time %.3f s\n", n, game.SeatName(p), typ.Role(p), seats[p].Name, text, seconds)
		}
		fmt.Fprintf(out, "%s\n", game.DisplayString(s, opt.Color))
	}
	rec.Finish(s)
	if ex, ok := s.(game.Explainer); ok {
		fmt.Fprintf(out, "\n%s\n", ex.EndReason())
	}
	fmt.Fprintf(out, "%s\n", ResultLine(typ, rec))
	return rec, nil
}

// setExtra adds a field to a record (after Finish, which sets the game's own).
func setExtra(rec *game.Record, key string, v any) {
	if rec.Extra == nil {
		rec.Extra = map[string]any{}
	}
	rec.Extra[key] = v
}

// replayStart returns the state after the start position and the earlier
// moves of opt, checking each move; the chance generator advances as if
// those chance moves had been drawn in this game, so a continued game
// draws what the uninterrupted one would have drawn.
func replayStart(g game.Game, opt Options, chanceRNG interface{ Float64() float64 }) (game.State, error) {
	s, err := game.StartOf(g, opt.Position)
	if err != nil {
		return nil, err
	}
	for i, m := range opt.Moves {
		if m.Player == game.Chance && s.Player() == game.Chance && chanceRNG != nil {
			drawn := false
			if d, ok := s.(game.ChanceDrawer); ok {
				_, drawn = d.DrawChance()
			}
			if !drawn {
				chanceRNG.Float64() // what sampleChance used for this move
			}
		}
		if err := applyText(s, m); err != nil {
			return nil, fmt.Errorf("earlier move %d: %w", i+1, err)
		}
	}
	return s, nil
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

// takeBack removes player p's last move and every move after it from the
// record and returns the state before that move. Without such a move it
// says so and returns the state unchanged.
func takeBack(g game.Game, opt Options, rec *game.Record, p game.Player, out io.Writer, typ *game.Type) (game.State, error) {
	j := -1
	for i := len(rec.Moves) - 1; i >= 0; i-- {
		if rec.Moves[i].Player == p {
			j = i
			break
		}
	}
	if j >= 0 {
		var texts []string
		for _, m := range rec.Moves[j:] {
			texts = append(texts, m.Move)
		}
		fmt.Fprintf(out, "%s (%s) takes back move %d and what followed: %s\n", game.SeatName(p), typ.Role(p), j+1, strings.Join(texts, ", "))
		rec.Moves = rec.Moves[:j]
	} else {
		fmt.Fprintf(out, "%s (%s) has no move to take back.\n", game.SeatName(p), typ.Role(p))
	}
	s, err := replayStart(g, Options{Position: opt.Position, Moves: rec.Moves}, nil)
	if err != nil {
		return nil, fmt.Errorf("undo: %w", err)
	}
	if j >= 0 {
		fmt.Fprintf(out, "%s\n", game.DisplayString(s, opt.Color))
	}
	return s, nil
}

// ResultLine describes a record's result in one line.
func ResultLine(typ *game.Type, rec *game.Record) string {
	switch {
	case rec.Aborted:
		return "Aborted: " + rec.Reason
	case rec.Winner == nil:
		return fmt.Sprintf("Draw after %d moves (length %d).", len(rec.Moves), rec.Length)
	default:
		w := game.Player(*rec.Winner)
		return fmt.Sprintf("%s (%s, %s) wins after %d moves (length %d).", game.SeatName(w), typ.Role(w), rec.Players[w], len(rec.Moves), rec.Length)
	}
}

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
		m, err := b.Act(ctx, s.Clone())
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
		m, err := b.Act(tctx, view)
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

func abortReason(typ *game.Type, p game.Player, name string, err error, limit time.Duration) string {
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

func sampleChance(s game.State, rng interface{ Float64() float64 }) (game.Move, error) {
	ch, ok := s.(game.Chancer)
	if !ok {
		return 0, fmt.Errorf("chance node of a state without ChanceOutcomes")
	}
	if d, ok := s.(game.ChanceDrawer); ok {
		if m, ok := d.DrawChance(); ok {
			return m, nil
		}
	}
	outs := ch.ChanceOutcomes()
	if len(outs) == 0 {
		return 0, fmt.Errorf("chance node without outcomes")
	}
	x := rng.Float64()
	for _, o := range outs {
		x -= o.Probability()
		if x < 0 {
			return o.Move, nil
		}
	}
	return outs[len(outs)-1].Move, nil
}
