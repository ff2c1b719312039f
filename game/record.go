package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"unicode/utf8"
)

// Record is the full account of one played game; it replays exactly.
// Its JSON form is one object with the fields below plus any game-specific
// fields of Extra (such as the final Thue "word") at the top level.
type Record struct {
	// Game is the canonical game string.
	Game string `json:"game"`
	// Seed seeded the game's random parameters, the chance moves and the bots.
	Seed uint64 `json:"seed"`
	// Position, when not empty, is the position the game started from (in
	// the notation of the game's ParsePosition) instead of the initial one.
	Position string `json:"position,omitempty"`
	// Players are the bot strings of player 1 (P1, seat 0) and player 2:
	// P1 moves first unless the game says otherwise (2D Nim's first=p2;
	// see FirstMover).
	Players []string `json:"players"`
	// Moves are the moves played, in order, chance draws included.
	Moves []RecordMove `json:"moves"`
	// Winner is the index of the winning player, or nil for a draw or an
	// unfinished game.
	Winner *int `json:"winner"`
	// Returns are each player's return at the end (State.Returns: 1 for a
	// win, -1 for a loss, 0 for a draw, in order P1, P2), or where the
	// game stopped.
	Returns []float64 `json:"returns"`
	// Length is the game's own measure (see Scorer), else the number of moves.
	Length int `json:"length"`
	// Aborted games stopped before the end (a limit reached, a bot's
	// failure, a person's quit, a cancel; the "stopped" of a sweep's
	// results); Reason says why.
	Aborted bool   `json:"aborted"`
	Reason  string `json:"reason"`
	// DrawsTakenBack counts the chance draws of the match's stream that
	// undos took back (they are not among Moves): a match resumed from the
	// record skips them too, so it never draws again what a person saw and
	// took back. Zero for a match without such undos.
	DrawsTakenBack int `json:"draws_taken_back,omitempty"`
	// Extra holds game-specific fields, flattened into the JSON object.
	Extra map[string]any `json:"-"`
}

// RecordMove is one move of a record: who made it, in the game's notation,
// and how long the decision took.
type RecordMove struct {
	// Player is 0 (P1), 1 (P2) or Chance (-1) for a chance draw.
	Player Player `json:"player"`
	// Move is the move in the game's notation (State.MoveString).
	Move string `json:"move"`
	// Seconds is the wall time the decision took: two games of one seed
	// have the same moves but not the same seconds, so their records
	// differ (compare Moves' Player and Move to check a reproduction).
	Seconds float64 `json:"seconds"`
}

type recordFields Record

var recordKeys = map[string]bool{
	"game": true, "seed": true, "players": true, "moves": true, "winner": true,
	"returns": true, "length": true, "aborted": true, "reason": true, "position": true,
	"draws_taken_back": true,
}

// Limits on what a record may hold, checked before anything in it is parsed:
// a record is data from outside.
const (
	// MaxGameStringBytes bounds a record's game string.
	MaxGameStringBytes = 1 << 20
	// MaxPositionBytes bounds a record's starting position.
	MaxPositionBytes = 1 << 20
	// MaxMoveTextBytes bounds the text of one move.
	MaxMoveTextBytes = 64 << 10
	// MaxDrawsTakenBack bounds a record's count of chance draws taken back
	// (a resumed match skips that many draws one by one).
	MaxDrawsTakenBack = 1 << 20
)

// FirstMover returns the player who made the record's first move that is
// not a chance move: P1 (0) unless the game let P2 begin (2D Nim's
// first=p2); 0 for a record without such a move.
func (r *Record) FirstMover() Player {
	for _, m := range r.Moves {
		if m.Player == 0 || m.Player == 1 {
			return m.Player
		}
	}
	return 0
}

// Truncate shortens s for an error message: at most n bytes of it (cut at
// a character boundary), followed by how long it was.
func Truncate(s string, n int) string {
	n = max(n, 0)
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes)", s[:cut], len(s))
}

// Check validates a record's shape before it is replayed: two players, and
// a game string, position and move texts within their limits. Errors quote
// long values only in part; like Replay's, they are the answer of a check,
// not *InputErrors.
func (r *Record) Check() error {
	if r == nil {
		return errNilRecord
	}
	if len(r.Players) != 2 {
		return fmt.Errorf("record: %d players; a game has 2 (P1's first)", len(r.Players))
	}
	if len(r.Game) > MaxGameStringBytes {
		return fmt.Errorf("record: game string %q is longer than the limit of %d bytes", Truncate(r.Game, 60), MaxGameStringBytes)
	}
	if len(r.Position) > MaxPositionBytes {
		return fmt.Errorf("record: position %q is longer than the limit of %d bytes", Truncate(r.Position, 60), MaxPositionBytes)
	}
	if r.Winner != nil && *r.Winner != 0 && *r.Winner != 1 {
		return fmt.Errorf("record: winner %d; want 0 (P1), 1 (P2) or null (a draw or no result)", *r.Winner)
	}
	if r.DrawsTakenBack < 0 || r.DrawsTakenBack > MaxDrawsTakenBack {
		return fmt.Errorf("record: draws_taken_back %d; want 0 to %d", r.DrawsTakenBack, MaxDrawsTakenBack)
	}
	for i, m := range r.Moves {
		if len(m.Move) > MaxMoveTextBytes {
			return fmt.Errorf("record: move %d %q is longer than the limit of %d bytes", i+1, Truncate(m.Move, 60), MaxMoveTextBytes)
		}
		if m.Player != 0 && m.Player != 1 && m.Player != Chance {
			return fmt.Errorf("record: move %d: player %d; want 0, 1 or -1 (chance)", i+1, m.Player)
		}
	}
	return nil
}

// MarshalJSON writes the record with its Extra fields at the top level.
func (r Record) MarshalJSON() ([]byte, error) {
	if r.Moves == nil {
		r.Moves = []RecordMove{}
	}
	base, err := json.Marshal(recordFields(r))
	if err != nil {
		return nil, err
	}
	if len(r.Extra) == 0 {
		return base, nil
	}
	keys := make([]string, 0, len(r.Extra))
	for k := range r.Extra {
		if recordKeys[k] {
			return nil, fmt.Errorf("record: extra field %q clashes with a standard field", k)
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b bytes.Buffer
	b.Write(base[:len(base)-1])
	for _, k := range keys {
		v, err := json.Marshal(r.Extra[k])
		if err != nil {
			return nil, fmt.Errorf("record: field %q: %w", k, err)
		}
		kb, _ := json.Marshal(k)
		b.WriteByte(',')
		b.Write(kb)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads a record; unknown top-level fields go to Extra.
func (r *Record) UnmarshalJSON(data []byte) error {
	var f recordFields
	if err := json.Unmarshal(data, &f); err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	*r = Record(f)
	for k, raw := range all {
		if recordKeys[k] {
			continue
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("record field %q: %w", k, err)
		}
		if r.Extra == nil {
			r.Extra = map[string]any{}
		}
		r.Extra[k] = v
	}
	return nil
}

// Finish fills in the result fields from a final (or aborted) state.
func (r *Record) Finish(s State) {
	r.Returns = s.Returns()
	r.Winner = nil
	if s.IsTerminal() {
		if w := Winner(s); w >= 0 {
			r.Winner = &w
		}
	}
	r.Length = len(r.Moves)
	if sc, ok := s.(Scorer); ok {
		r.Length = sc.Score()
	}
	if an, ok := s.(Annotator); ok {
		fields := an.RecordFields()
		if len(fields) > 0 {
			r.Extra = map[string]any{}
			for k, v := range fields {
				r.Extra[k] = v
			}
		}
	}
}

// StartOf returns the state a game starts from: the initial state, or the
// position when one is given (the game must then be a PositionParser).
func StartOf(g Game, position string) (State, error) {
	if g == nil {
		return nil, errNilGame
	}
	if position == "" {
		return g.NewInitialState(), nil
	}
	pp, ok := g.(PositionParser)
	if !ok {
		return nil, fmt.Errorf("position %q: %s games cannot start from a position", Truncate(position, 60), g.Type().Name)
	}
	s, err := pp.ParsePosition(position)
	if err != nil {
		return nil, err // it names the position (the conformance suite checks)
	}
	return s, nil
}

// StateAt rebuilds the position of a record after its first n moves
// (0: the start, the record's Position when it has one; n may not exceed
// the moves recorded), checking the record (see Check) and every move as
// Replay does.
func StateAt(reg *Registry, r *Record, n int) (State, error) {
	if err := r.Check(); err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	g, err := reg.Load(r.Game, r.Seed)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	if g.String() != r.Game {
		return nil, fmt.Errorf("replay: game string %q is not canonical (canonical: %q)", Truncate(r.Game, 200), Truncate(g.String(), 200))
	}
	return PlayTo(g, r, n)
}

// PlayTo is StateAt on g, the record's game already loaded (a live
// match's): the state it returns is g's, as solvers that check a state's
// game want.
func PlayTo(g Game, r *Record, n int) (State, error) {
	switch {
	case g == nil:
		return nil, fmt.Errorf("replay: %w", errNilGame)
	case r == nil:
		return nil, fmt.Errorf("replay: %w", errNilRecord)
	}
	if n < 0 || n > len(r.Moves) {
		return nil, fmt.Errorf("replay: move %d: the record has moves 0 to %d", n, len(r.Moves))
	}
	s, err := StartOf(g, r.Position)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	for i, m := range r.Moves[:n] {
		text := Truncate(m.Move, 80)
		if s.IsTerminal() {
			return nil, fmt.Errorf("replay: move %d (%q): the game was already over", i+1, text)
		}
		if s.Player() != m.Player {
			return nil, fmt.Errorf("replay: move %d (%q): recorded for player %v but player %v is on turn", i+1, text, m.Player, s.Player())
		}
		mv, err := s.ParseMove(m.Move)
		if err != nil {
			if msg := err.Error(); len(msg) > 300 {
				return nil, fmt.Errorf("replay: move %d: %s", i+1, Truncate(msg, 300))
			}
			return nil, fmt.Errorf("replay: move %d: %w", i+1, err)
		}
		if err := s.Apply(mv); err != nil {
			return nil, fmt.Errorf("replay: move %d (%q): %w", i+1, text, err)
		}
	}
	return s, nil
}

// Replay plays a record's moves again from the start, checking that every
// move is legal and made by the player on turn, and that the stored result
// (winner, returns, length, game-specific fields) is what the moves produce.
// A record marked aborted is checked as far as the moves go: the game not
// over, no winner, and its returns, length and game-specific fields those
// of the position it stopped at (why it stopped is the match's to check:
// match.CheckRecord). It returns the final state. A record that does not
// replay is the check's answer, a plain error, not an *InputError (kombi
// replay exits 1; a file that holds no records is bad input); the game
// string's own errors (Registry.Load's) stay *InputErrors under it.
//
// Replay takes one record in memory. Its kin: match.CheckRecord is Replay
// with the checks of why a stopped game stopped (what kombi replay runs);
// StateAt and PlayTo stop after n moves; match.Replay, despite its name,
// takes a file's path and writes text (kombi replay itself); and
// store.Store.Import checks each line of a records file with the check
// it is given.
func Replay(reg *Registry, r *Record) (State, error) {
	if r == nil {
		return nil, fmt.Errorf("replay: %w", errNilRecord)
	}
	s, err := StateAt(reg, r, len(r.Moves))
	if err != nil {
		return nil, err
	}
	switch {
	case r.Aborted && s.IsTerminal():
		return nil, fmt.Errorf("replay: the record says aborted but the game is over")
	case !r.Aborted && !s.IsTerminal():
		return nil, fmt.Errorf("replay: the game is not over after %s and the record is not marked aborted", Plural(len(r.Moves), "move"))
	}
	var want Record
	want.Moves = r.Moves
	want.Finish(s)
	switch {
	case r.Aborted && r.Winner != nil:
		return nil, fmt.Errorf("replay: recorded winner %s, but the game was aborted after %s: it has no winner", winnerText(r.Winner), Plural(len(r.Moves), "move"))
	case !sameWinner(want.Winner, r.Winner):
		return nil, fmt.Errorf("replay: recorded winner %s, but the moves give %s", winnerText(r.Winner), winnerText(want.Winner))
	case fmt.Sprint(want.Returns) != fmt.Sprint(r.Returns):
		return nil, fmt.Errorf("replay: recorded returns %v, but the moves give %v", r.Returns, want.Returns)
	case want.Length != r.Length:
		return nil, fmt.Errorf("replay: recorded length %d, but the moves give %d", r.Length, want.Length)
	}
	for k, v := range want.Extra {
		got, _ := json.Marshal(r.Extra[k])
		exp, _ := json.Marshal(v)
		if !bytes.Equal(got, exp) {
			return nil, fmt.Errorf("replay: recorded %s %s, but the moves give %s", k, Truncate(string(got), 200), Truncate(string(exp), 200))
		}
	}
	return s, nil
}

// The errors of a nil argument: a bug of the caller's program, not bad
// input.
var (
	errNilRecord = errors.New("no record (a nil *game.Record)")
	errNilGame   = errors.New("no game (a nil game.Game)")
)

func sameWinner(a, b *int) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func winnerText(w *int) string {
	if w == nil {
		return "none (draw)"
	}
	return fmt.Sprintf("player %d", *w)
}
