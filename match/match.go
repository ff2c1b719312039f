// Package match plays games between bots: one game with per-move timings,
// an optional think-time limit and a readable transcript (Play), or many
// games with alternating seats (Arena).
package match

import (
	"context"
	"errors"
	"fmt"
	"io"
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
}

// Play plays one game of g between seats[0] (moving first) and seats[1] and
// returns its record. A game stopped early (a bot's error, the think-time
// limit, a person's end of input, ctx cancelled) is a record with Aborted set
// and a Reason, not an error; errors are kept for a broken game or bot.
func Play(ctx context.Context, g game.Game, seats [2]Seat, opt Options) (*game.Record, error) {
	out := opt.Transcript
	if out == nil {
		out = io.Discard
	}
	typ := g.Type()
	rec := &game.Record{
		Game:    g.String(),
		Seed:    opt.Seed,
		Players: []string{seats[0].Name, seats[1].Name},
		Moves:   []game.RecordMove{},
	}
	fmt.Fprintf(out, "Game %s, seed %d\n", rec.Game, rec.Seed)
	for i, st := range seats {
		fmt.Fprintf(out, "%s (%s): %s\n", game.SeatName(game.Player(i)), typ.Role(game.Player(i)), st.Name)
	}
	s := g.NewInitialState()
	fmt.Fprintf(out, "\n%s\n", s)
	chanceRNG := bot.NewRand(opt.Seed, 0x6368616e6365)
	for !s.IsTerminal() {
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
			if err != nil {
				rec.Aborted = true
				rec.Reason = abortReason(typ, p, st.Name, err, opt.MaxThink)
				fmt.Fprintf(out, "\nGame aborted: %s\n", rec.Reason)
				rec.Finish(s)
				return rec, nil
			}
		}
		text := s.MoveString(m)
		if err := s.Apply(m); err != nil {
			if p == game.Chance {
				return nil, fmt.Errorf("chance outcome %s: %w", text, err)
			}
			rec.Aborted = true
			rec.Reason = fmt.Sprintf("%s (%s) chose an illegal move %s: %v", game.SeatName(p), seats[p].Name, text, err)
			fmt.Fprintf(out, "\nGame aborted: %s\n", rec.Reason)
			rec.Finish(s)
			return rec, nil
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
		fmt.Fprintf(out, "%s\n", s)
	}
	rec.Finish(s)
	if ex, ok := s.(game.Explainer); ok {
		fmt.Fprintf(out, "\n%s\n", ex.EndReason())
	}
	fmt.Fprintf(out, "%s\n", ResultLine(typ, rec))
	return rec, nil
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
