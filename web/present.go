package web

import (
	"fmt"
	"strconv"
	"time"

	"github.com/kombi/kombi/game"
)

// matchView is the JSON of a match: what GET /api/matches/{id}, the
// events and the answers to changes carry.
type matchView struct {
	ID         string            `json:"id"`
	Mode       string            `json:"mode"`
	Game       string            `json:"game"`
	Title      string            `json:"title"`
	Players    []string          `json:"players"`
	Seed       uint64            `json:"seed"`
	SeedText   string            `json:"seed_text"`
	Moves      []game.RecordMove `json:"moves"`
	At         int               `json:"at"`
	LastMove   *lastMove         `json:"last_move"`
	ToMove     *game.Player      `json:"to_move"`
	View       *game.View        `json:"view"`
	Position   string            `json:"position,omitempty"`
	LegalMoves []game.LegalMove  `json:"legal_moves"`
	Truncated  bool              `json:"legal_moves_truncated,omitempty"`
	Finished   bool              `json:"finished"`
	Winner     *int              `json:"winner"`
	Reason     string            `json:"reason"`
	Length     int               `json:"length"`
	Paused     bool              `json:"paused"`
	DelayMS    int64             `json:"delay_ms"`
	Thinking   *thinking         `json:"thinking"`
	HighScore  *int              `json:"high_score,omitempty"`
	// BotNote is what the computer noted on the last move (2D Nim's
	// perfect player: a move not proven for want of a table), if anything.
	BotNote *botNote `json:"bot_note,omitempty"`
	// ForcedMoves are the numbers (from 1) of the moves the server played
	// for a person because they were the only one (bot.Forcer: the
	// list-colouring game's list of one colour); the record has them as the
	// person's moves.
	ForcedMoves []int `json:"forced_moves,omitempty"`
	// DrawNote says what the game string holds that the seed drew (2D
	// Nim's coin: "first=p2: the coin chose G (P2) to start";
	// game.DrawNoter), absent when nothing was drawn.
	DrawNote   string      `json:"draw_note,omitempty"`
	Created    time.Time   `json:"created"`
	SeatTokens *[2]*string `json:"seat_tokens,omitempty"`
	// ControlToken, only in the creation answer, may pause, resume, step
	// and pace the match.
	ControlToken *string   `json:"control_token,omitempty"`
	Roles        [2]string `json:"roles"`
	GameName     string    `json:"game_name"`
	// HowToMove says per role what a move is in this game (its own k, a,
	// placement: game.HowToMoveOf).
	HowToMove [2]string `json:"how_to_move"`
	// Rules says this game's rules in one sentence (game.RulesOf).
	Rules string `json:"rules"`
	// Version grows with every change of the match (a move, an undo, a
	// control) within one server run, named by Server: a client keeps the
	// newest state.
	Version uint64         `json:"version"`
	Server  string         `json:"server"`
	Error   string         `json:"error,omitempty"`
	Extra   map[string]any `json:"extra,omitempty"`
}

// lastMove is the move that led to a shown position, to mark it on the
// board.
type lastMove struct {
	// Index is the move's number, from 1.
	Index  int         `json:"index"`
	Player game.Player `json:"player"`
	Move   string      `json:"move"`
	Parts  []game.Part `json:"parts"`
	// Note is the game's word on what the move did beyond its notation
	// (game.MoveNoter: Grundy's split renumbers the later heaps).
	Note string `json:"note,omitempty"`
}

// matchJSON describes m as it is now. The caller holds m.mu.
func (s *Server) matchJSON(m *liveMatch) *matchView {
	l := m.live
	rec := l.Record()
	v := s.describe(m, rec, l.State(), len(rec.Moves))
	if n := len(rec.Moves); n > 0 {
		rm := rec.Moves[n-1]
		v.LastMove = &lastMove{Index: n, Player: rm.Player, Move: rm.Move, Parts: l.LastParts(), Note: l.LastNote()}
		if m.note != nil && m.note.Move == n {
			v.BotNote = m.note
		}
		if v.LastMove.Parts == nil {
			v.LastMove.Parts = []game.Part{}
		}
	}
	if l.Over() && !rec.Aborted && rec.Reason == "" {
		v.Reason = game.EndWords(l.State(), len(rec.Moves))
	}
	v.ForcedMoves = l.Forced()
	return v
}

// describe is the JSON of match m with record rec shown at move at, in
// state st. It reads m's fields; the caller holds m.mu (or owns a copy).
func (s *Server) describe(m *liveMatch, rec *game.Record, st game.State, at int) *matchView {
	typ := m.live.Game().Type()
	v := &matchView{ID: m.id, Mode: m.mode, Game: rec.Game, Title: typ.TitleOrName(), Players: rec.Players, Seed: rec.Seed,
		SeedText: strconv.FormatUint(rec.Seed, 10), Moves: rec.Moves, At: at, Finished: m.live.Over(), Winner: rec.Winner,
		Reason: rec.Reason, Length: rec.Length, Paused: m.paused, DelayMS: m.delay.Milliseconds(), Created: m.created,
		Roles: [2]string{typ.Role(0), typ.Role(1)}, GameName: typ.Name, HowToMove: game.HowToMoveOf(m.live.Game()), Rules: game.RulesOf(m.live.Game()), Extra: rec.Extra, Version: m.rev, Server: s.id,
		DrawNote: m.drawNote}
	if m.highScore > 0 {
		hs := m.highScore
		v.HighScore = &hs
	}
	if view, err := game.ViewOf(st); err == nil {
		v.View = &view
		if at == 0 && st.IsTerminal() && view.Status.Reason != "" {
			// Over before any move: no move was made, whatever the
			// game's words after a last move say (the match's reason).
			view.Status.Reason = game.EndWords(st, 0)
		}
	}
	if p, err := game.PositionOf(st); err == nil {
		v.Position = p
	}
	if !st.IsTerminal() && !(at == len(rec.Moves) && rec.Aborted) {
		p := st.Player()
		v.ToMove = &p
		v.LegalMoves, v.Truncated = game.LegalMovesOf(st, MaxLegalMoves)
	} else {
		v.LegalMoves = []game.LegalMove{}
	}
	return v
}

// matchAt describes the match shown after move at (0 ≤ at < moves of
// shown) for time travel: the record is replayed to there without the
// match's lock, so that a long match never blocks its players. at is
// checked by the caller.
func (s *Server) matchAt(m *liveMatch, shown *matchView, at int) (*matchView, error) {
	rec := &game.Record{Game: shown.Game, Seed: shown.Seed, Players: shown.Players, Moves: shown.Moves[:at]}
	m.mu.Lock()
	rec.Position = m.live.Record().Position
	g := m.live.Game()
	m.mu.Unlock()
	before, err := game.PlayTo(g, rec, max(at-1, 0))
	if err != nil {
		return nil, err
	}
	st, last := before, (*lastMove)(nil)
	if at > 0 {
		rm := shown.Moves[at-1]
		last = &lastMove{Index: at, Player: rm.Player, Move: rm.Move, Parts: []game.Part{}}
		if mv, err := before.ParseMove(rm.Move); err == nil {
			if v, ok := before.(game.Viewer); ok {
				last.Parts = v.MoveParts(mv)
			}
			last.Note = game.MoveNoteOf(before, mv)
		}
		st = before.Clone()
		mv, err := st.ParseMove(rm.Move)
		if err == nil {
			err = st.Apply(mv)
		}
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", at, err)
		}
	}
	m.mu.Lock()
	v := s.describe(m, rec, st, at)
	m.mu.Unlock()
	v.Moves, v.Finished, v.Winner, v.Reason, v.Length, v.Extra = shown.Moves, shown.Finished, shown.Winner, shown.Reason, shown.Length, shown.Extra
	v.ForcedMoves = shown.ForcedMoves
	v.LastMove = last
	return v, nil
}

// recordOf returns the record kombi replay accepts: finished, or marked
// aborted while the match is still going. The caller holds m.mu.
func recordOf(m *liveMatch) *game.Record {
	rec := m.live.Record()
	if !m.live.Over() {
		rec.Aborted = true
		rec.Reason = "in progress"
		rec.Finish(m.live.State())
	}
	return rec
}
