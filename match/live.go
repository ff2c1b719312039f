package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// Live is one match in progress, played step by step: the one live-match
// engine. `kombi play`, arenas, sweeps and workers drive it through Play
// (Start, then Run); `kombi serve` drives it move by move: a person's move
// with Move, a computer's with Turn, Decide (outside any lock) and Commit,
// chance with DrawChance, Undo and Stop.
//
// Live keeps the record as it is played, the current state and the one
// chance stream of the match, and tells its Observer (the transcript, if
// any) what happens. It is not safe for concurrent use: the caller
// serialises calls (the web server holds a lock per match), except Decide,
// which works on a Turn's own copy of the state.
type Live struct {
	g       game.Game
	typ     *game.Type
	seats   [2]Seat
	opt     Options
	rec     game.Record
	state   game.State
	chance  chanceStream
	version uint64
	obs     Observer
	ended   bool        // the observer was told of the end
	last    []game.Part // the parts of the last move (see LastParts)
	note    string      // the game's note on the last move (see LastNote)
	forced  []int       // the moves a person had no choice about (see Forced)
}

// Observer is told what happens in a live match, as it happens; the
// transcript (NewTranscript) is one. Every call comes from the goroutine
// that changed the match.
type Observer interface {
	// Started is called once the start position and earlier moves are set.
	Started(l *Live)
	// Moved is called after a move (a person's, a computer's or chance's).
	Moved(l *Live, m game.RecordMove)
	// TookBack is called after player p took back moves (none when p had
	// no move to take back); taken are the moves removed, first first.
	TookBack(l *Live, p game.Player, taken []game.RecordMove)
	// Ended is called once when the game ends or is stopped.
	Ended(l *Live)
}

// Errors of the live engine.
var (
	// ErrOver is a move or a decision for a match that is over.
	ErrOver = errors.New("the game is over")
	// ErrNotYourTurn is a move by a seat that is not to move.
	ErrNotYourTurn = errors.New("it is not that seat's turn")
	// ErrStale is a decision made for a position the match has left
	// (a move or an undo came first); it is dropped.
	ErrStale = errors.New("the position changed while the decision was made")
	// ErrNothingToUndo is an undo by a seat that has no move to take back.
	ErrNothingToUndo = errors.New("there is no move of that seat to take back")
)

// Start begins a match of g between seats[0] (P1, who moves first unless
// the game says otherwise: 2D Nim's first=p2) and seats[1]
// with opt: from opt.Position, after replaying opt.Moves (each checked),
// with the chance stream where the uninterrupted game would have it. A
// pending chance move is not drawn yet (DrawChance, or Run, draws it). A
// start that does not apply is an error, as are limits out of range and a
// nil game.
func Start(g game.Game, seats [2]Seat, opt Options) (*Live, error) {
	if g == nil {
		return nil, errors.New("match: no game (a nil game.Game)")
	}
	if err := opt.check(); err != nil {
		return nil, err
	}
	for p, s := range seats {
		if s.Bot == nil && s.Name == "" {
			return nil, fmt.Errorf("%s: a seat with neither a bot nor the name of the person who plays it (NewSeats builds seats from bot strings)", game.SeatName(game.Player(p)))
		}
	}
	l := &Live{g: g, typ: g.Type(), seats: seats, opt: opt, obs: opt.Observer}
	l.rec = game.Record{
		Game:     g.String(),
		Seed:     opt.Seed,
		Position: opt.Position,
		Players:  []string{seats[0].Name, seats[1].Name},
		Moves:    append([]game.RecordMove{}, opt.Moves...),

		DrawsTakenBack: opt.DrawsTakenBack,
	}
	if l.obs == nil && opt.Transcript != nil {
		l.obs = NewTranscript(opt.Transcript, opt.Color, opt.Width)
	}
	if err := l.rebuild(); err != nil {
		return nil, err
	}
	if l.obs != nil {
		l.obs.Started(l)
	}
	if l.state.IsTerminal() {
		l.end() // over before any move (Grundy's heap of 2), or resumed at its end: its result, as after a last move
	} else {
		l.checkLength()
	}
	return l, nil
}

// rebuild sets the state and the chance stream from the start and the
// record's moves, checking each move; the stream then skips the draws the
// record says undos took back.
func (l *Live) rebuild() error {
	s, err := game.StartOf(l.g, l.opt.Position)
	if err != nil {
		return err
	}
	l.chance = newChanceStream(l.opt.Seed)
	l.last, l.note, l.forced = nil, "", nil
	for i, m := range l.rec.Moves {
		if m.Player == game.Chance && s.Player() == game.Chance {
			l.chance.skip(s)
		}
		if i == len(l.rec.Moves)-1 {
			l.last, l.note = partsOf(s, m.Move), noteOf(s, m.Move)
		}
		if _, ok := l.forcedIn(s); ok && m.Player == s.Player() {
			l.forced = append(l.forced, i+1)
		}
		if err := applyText(s, m); err != nil {
			return fmt.Errorf("earlier move %d: %w", i+1, err)
		}
	}
	l.chance.advance(l.rec.DrawsTakenBack)
	l.state = s
	return nil
}

// partsOf returns the parts of the move with this text in s (nil when s
// does not describe its moves, or the text does not read).
func partsOf(s game.State, text string) []game.Part {
	v, ok := s.(game.Viewer)
	if !ok {
		return nil
	}
	m, err := s.ParseMove(text)
	if err != nil {
		return nil
	}
	return v.MoveParts(m)
}

// noteOf is the game's note on the move with this text in s (see
// game.MoveNoter; "" when the text does not read).
func noteOf(s game.State, text string) string {
	if _, ok := s.(game.MoveNoter); !ok {
		return ""
	}
	m, err := s.ParseMove(text)
	if err != nil {
		return ""
	}
	return game.MoveNoteOf(s, m)
}

// LastParts returns the parts of the last move played (see game.Viewer),
// to mark it on a board; nil before the first move.
func (l *Live) LastParts() []game.Part { return l.last }

// LastNote returns the game's note on the last move played (see
// game.MoveNoter: Grundy's game says how a split renumbered the heaps),
// "" when it has none.
func (l *Live) LastNote() string { return l.note }

// Forced returns the numbers (from 1) of the moves a person made that
// were no choice (bot.Forcer: the list-colouring game's list of one
// colour), played for them by PlayForced (or by the terminal without
// asking); nil when none. The record has them as the person's moves.
func (l *Live) Forced() []int { return append([]int(nil), l.forced...) }

// forcedIn returns the move a person to move in s has no choice about
// (bot.Forcer); ok is false where a computer moves, chance draws, or the
// person chooses.
func (l *Live) forcedIn(s game.State) (game.Move, bool) {
	f, ok := s.(bot.Forcer)
	if !ok || s.IsTerminal() {
		return 0, false
	}
	p := s.Player()
	if p != 0 && p != 1 || !isPerson(l.seats[p]) {
		return 0, false
	}
	m, _, forced := f.Forced()
	return m, forced
}

// PlayForced plays what is due and leaves no choice: chance draws
// (DrawChance) and a person's move that is the only one (bot.Forcer: the
// list-colouring game's list of one colour), recorded as the person's, in
// no time, as the terminal plays it without asking. A host whose people
// move through Move (the web) calls it after each change; it returns the
// number of a person's moves played.
func (l *Live) PlayForced() (int, error) {
	n := 0
	for {
		if _, err := l.DrawChance(); err != nil {
			return n, err
		}
		m, ok := l.forcedIn(l.state)
		if !ok || l.Over() {
			return n, nil
		}
		p := l.state.Player()
		if err := l.apply(p, m, 0); err != nil {
			return n, fmt.Errorf("the only move %s of %s: %w", l.state.MoveString(m), game.SeatName(p), err)
		}
		n++
	}
}

// Game returns the match's game.
func (l *Live) Game() game.Game { return l.g }

// Seat returns seat p (0 or 1).
func (l *Live) Seat(p game.Player) Seat { return l.seats[p] }

// State returns the current state. It belongs to the match: clone it
// before changing it or searching it.
func (l *Live) State() game.State { return l.state }

// Version counts the changes of the match (moves, undos, stops) since
// Start; a Turn carries the version it was taken at.
func (l *Live) Version() uint64 { return l.version }

// Over reports whether the game ended or was stopped.
func (l *Live) Over() bool { return l.state.IsTerminal() || l.rec.Aborted }

// ToMove returns who acts now: 0, 1, game.Chance, or game.Terminal once
// the match is over.
func (l *Live) ToMove() game.Player {
	if l.Over() {
		return game.Terminal
	}
	return l.state.Player()
}

// Moves returns the number of moves played.
func (l *Live) Moves() int { return len(l.rec.Moves) }

// Record returns a copy of the record so far: the result fields are set
// once the game is over (finished or stopped).
func (l *Live) Record() *game.Record {
	rec := l.rec
	rec.Moves = append([]game.RecordMove{}, l.rec.Moves...)
	if l.rec.Extra != nil {
		rec.Extra = make(map[string]any, len(l.rec.Extra))
		for k, v := range l.rec.Extra {
			rec.Extra[k] = v
		}
	}
	return &rec
}

// Move plays move m for player p, a person (or any caller that chose the
// move itself), with the seconds it took. It refuses a move when the game
// is over (ErrOver) or p is not to move (ErrNotYourTurn), and an illegal
// move with the game's reason, leaving the match unchanged.
func (l *Live) Move(p game.Player, m game.Move, seconds float64) error {
	if l.Over() {
		return ErrOver
	}
	if l.state.Player() != p {
		return ErrNotYourTurn
	}
	return l.apply(p, m, seconds)
}

// apply plays m for p, records it and tells the observer.
func (l *Live) apply(p game.Player, m game.Move, seconds float64) error {
	text := l.state.MoveString(m)
	var parts []game.Part
	if v, ok := l.state.(game.Viewer); ok {
		parts = v.MoveParts(m)
	}
	note := game.MoveNoteOf(l.state, m)
	_, forced := l.forcedIn(l.state)
	if err := l.state.Apply(m); err != nil {
		return err
	}
	l.last, l.note = parts, note
	if forced && p != game.Chance {
		l.forced = append(l.forced, len(l.rec.Moves)+1)
	}
	rm := game.RecordMove{Player: p, Move: text, Seconds: seconds}
	defer l.releaseIdle()
	l.rec.Moves = append(l.rec.Moves, rm)
	l.version++
	if l.obs != nil {
		l.obs.Moved(l, rm)
	}
	if l.state.IsTerminal() {
		l.end()
	} else {
		l.checkLength()
	}
	return nil
}

// releaseIdle lets the computer players drop their tables while they wait:
// all of them once the game is over, and while a person is to move. Every
// host (the terminal, the web) plays by this one rule, so that a bot's
// choices after a person's move are the same wherever the game is played.
func (l *Live) releaseIdle() {
	waiting := l.Over()
	if p := l.state.Player(); !waiting && (p == 0 || p == 1) {
		waiting = isPerson(l.seats[p])
	}
	if !waiting {
		return
	}
	for _, st := range l.seats {
		if r, ok := st.Bot.(bot.Releaser); ok && !isPerson(st) {
			r.Release()
		}
	}
}

// end finishes the record and tells the observer, once.
func (l *Live) end() {
	l.rec.Finish(l.state)
	if l.ended {
		return
	}
	l.ended = true
	if l.obs != nil {
		l.obs.Ended(l)
	}
}

// checkLength stops the match when it reached Options.MaxLength or
// Options.MaxMoves.
func (l *Live) checkLength() {
	switch {
	case l.Over():
	case l.opt.MaxLength > 0 && lengthOf(l.state, len(l.rec.Moves)) >= l.opt.MaxLength:
		l.stop(fmt.Sprintf(lengthLimitReason, l.opt.MaxLength), LengthLimitField, l.opt.MaxLength)
	case l.opt.MaxMoves > 0 && len(l.rec.Moves) >= l.opt.MaxMoves:
		l.stop(fmt.Sprintf(moveLimitReason, l.opt.MaxMoves), MoveLimitField, l.opt.MaxMoves)
	}
}

// DrawChance plays every pending chance move from the match's one chance
// stream (a game.ChanceDrawer draws its own). It returns the number drawn.
func (l *Live) DrawChance() (int, error) {
	n := 0
	for !l.Over() && l.state.Player() == game.Chance {
		m, err := l.chance.draw(l.state)
		if err != nil {
			return n, fmt.Errorf("chance move: %w", err)
		}
		if err := l.apply(game.Chance, m, 0); err != nil {
			return n, fmt.Errorf("chance outcome %s: %w", l.state.MoveString(m), err)
		}
		n++
	}
	return n, nil
}

// Undo takes back player p's last move and every move after it (the
// computer's reply, chance draws). The chance stream does not rewind with
// them: a draw taken back was seen, so the next draw is a new one (else a
// person could name a number, see the list it draws, take it back and name
// the number that suits that list). A match with undos is reproduced from
// its record, which holds its draws and counts those taken back (a match
// resumed from it skips them: Options.DrawsTakenBack). A match stopped before its end (not
// one that ended) goes on. Without a move of p it returns ErrNothingToUndo
// and changes nothing.
func (l *Live) Undo(p game.Player) error {
	j := -1
	for i := len(l.rec.Moves) - 1; i >= 0; i-- {
		if l.rec.Moves[i].Player == p {
			j = i
			break
		}
	}
	if j < 0 {
		if l.obs != nil {
			l.obs.TookBack(l, p, nil)
		}
		return ErrNothingToUndo
	}
	taken := append([]game.RecordMove{}, l.rec.Moves[j:]...)
	kept := l.rec
	kept.Moves = l.rec.Moves[:j:j]
	kept.Winner, kept.Returns, kept.Length, kept.Aborted, kept.Reason, kept.Extra = nil, nil, 0, false, "", nil
	old, stream := l.rec, l.chance
	l.rec = kept
	if err := l.rebuild(); err != nil {
		l.rec = old
		l.chance = stream
		return fmt.Errorf("undo: %w", err)
	}
	l.rec.DrawsTakenBack += stream.n - l.chance.n // the draws taken back now, kept for a resumed match
	l.chance = stream                             // past every draw made, those taken back too
	l.ended = false
	l.version++
	if l.obs != nil {
		l.obs.TookBack(l, p, taken)
	}
	l.releaseIdle()
	return nil
}

// Stop ends the match early, as a failure, with a reason in words (the
// record is marked aborted). It does nothing to a match that is over.
func (l *Live) Stop(reason string) { l.stop(reason, "", nil) }

// stop marks the record aborted with reason and, when field is not empty,
// the field saying why it was deliberate.
func (l *Live) stop(reason, field string, v any) {
	if l.Over() {
		return
	}
	l.rec.Aborted = true
	l.rec.Reason = reason
	l.rec.Finish(l.state)
	if field != "" {
		setExtra(&l.rec, field, v)
	}
	l.version++
	l.ended = true
	if l.obs != nil {
		l.obs.Ended(l)
	}
	l.releaseIdle()
}

// Turn is what a computer seat needs to decide its move: the seat, its bot,
// its own copy of the state, and the match's version when it was taken.
type Turn struct {
	Player  game.Player
	Seat    Seat
	State   game.State
	Version uint64
}

// Turn returns the turn of the seat to move. ok is false when the match is
// over or a chance move is due; a seat without a bot (a person playing
// through Move) gets a Turn with a nil Seat.Bot.
func (l *Live) Turn() (t Turn, ok bool) {
	if l.Over() || l.state.Player() == game.Chance {
		return Turn{}, false
	}
	p := l.state.Player()
	return Turn{Player: p, Seat: l.seats[p], State: l.state.Clone(), Version: l.version}, true
}

// Decision is a seat's answer to a Turn: a move, or the error that stopped
// the decision (a time limit, a person's undo or quit, a failure).
type Decision struct {
	Player  game.Player
	Move    game.Move
	Seconds float64
	Err     error
	Version uint64
}

// Decide asks the turn's bot for its move, under the think-time limit for
// a computer (limit > 0; people are not timed). A bot that takes longer is
// abandoned (its goroutine finishes on its own) and the decision says so;
// a bot that panics is a failed decision, not a crash.
func Decide(ctx context.Context, t Turn, limit time.Duration) Decision {
	m, secs, err := decide(ctx, t.Seat.Bot, t.State, limit)
	return Decision{Player: t.Player, Move: m, Seconds: secs, Err: err, Version: t.Version}
}

// Commit applies a decision: the move, or what the decision's error means
// — a person's undo (bot.ErrUndo) takes back their last move, a quit or the
// end of a person's input stops the match, a time limit or a failure
// aborts it with the reason in words. A decision for an older version is
// dropped with ErrStale; one for a finished match with ErrOver.
func (l *Live) Commit(ctx context.Context, d Decision) error {
	if d.Version != l.version {
		return ErrStale
	}
	if l.Over() {
		return ErrOver
	}
	p := d.Player
	name := l.seats[p].Name
	switch {
	case d.Err != nil && errors.Is(d.Err, bot.ErrUndo) && ctx.Err() == nil:
		if err := l.Undo(p); err != nil && !errors.Is(err, ErrNothingToUndo) {
			return err
		}
		return nil
	case d.Err != nil && errors.Is(d.Err, bot.ErrQuit):
		l.stop(AbortReason(l.typ, p, name, d.Err, 0), StoppedByField, int(p))
		return nil
	case d.Err != nil:
		if f := l.opt.BotFailed; f != nil && !errors.Is(d.Err, bot.ErrInputEnded) && !errors.Is(d.Err, context.Canceled) {
			f(p, d.Err)
		}
		l.stop(AbortReason(l.typ, p, name, d.Err, l.opt.MaxThink), "", nil)
		return nil
	}
	text := l.state.MoveString(d.Move)
	if err := l.apply(p, d.Move, d.Seconds); err != nil {
		l.stop(fmt.Sprintf("%s (%s, %s) chose an illegal move %s: %v", game.SeatName(p), l.typ.Role(p), name, text, err), "", nil)
	}
	return nil
}

// Run plays the match to its end from where it stands: chance draws, and
// each seat's bot under the think-time limit. A game stopped early (a
// bot's error, a limit, a person's quit or end of input, ctx cancelled) is
// a record with Aborted set, not an error, and so is a seat nobody plays
// (a Person seat without a bot); errors are kept for a broken game (a
// chance draw that does not apply).
func (l *Live) Run(ctx context.Context) error {
	for !l.Over() {
		if l.state.Player() == game.Chance {
			if _, err := l.DrawChance(); err != nil {
				return err
			}
			continue
		}
		t, _ := l.Turn()
		if t.Seat.Bot == nil {
			l.Stop(fmt.Sprintf("%s (%s, %s): nobody makes this seat's moves here (a person plays in a terminal or a browser)",
				game.SeatName(t.Player), l.typ.Role(t.Player), t.Seat.Name))
			return nil
		}
		if err := l.Commit(ctx, Decide(ctx, t, l.opt.MaxThink)); err != nil {
			return err
		}
	}
	return nil
}
