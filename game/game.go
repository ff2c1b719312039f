// Package game defines the uniform API every Kombi game implements: a Game
// (the rules with fixed parameters) creates States; a State knows whose turn it
// is, lists and applies Moves, and reports the result at the end.
//
// The shape follows OpenSpiel's Game/State API. Every Kombi game also
// describes its positions as data (Viewer) and as text (Positioner, with its
// Game's PositionParser): the conformance suite, package game/gametest,
// fails without them; its package doc lists every requirement, and package
// examples/subtract is a minimal game that meets them. Optional capabilities
// (undo, hashing, symmetry, decomposition into independent parts) are
// separate small interfaces that a State may implement and callers discover
// by type assertion; a game with chance nodes implements Chancer.
package game

import (
	"fmt"
)

// Player identifies who acts in a state: 0 or 1 for the two players, or one of
// the special values Chance and Terminal.
type Player int8

const (
	// Chance marks a state where a random outcome is drawn (see Chancer).
	Chance Player = -1
	// Terminal marks a finished game: nobody acts any more.
	Terminal Player = -2
)

// String returns "0", "1", "chance" or "terminal".
func (p Player) String() string {
	switch p {
	case Chance:
		return "chance"
	case Terminal:
		return "terminal"
	default:
		return fmt.Sprint(int(p))
	}
}

// Opponent returns the other player of a two-player game (0 ↔ 1).
func (p Player) Opponent() Player { return 1 - p }

// Move is a game-defined dense packing of one action. Its text form, the
// notation people read and type, comes from State.MoveString and
// State.ParseMove.
type Move uint64

// Game is one game with all its parameters fixed. It is immutable and safe for
// concurrent use.
type Game interface {
	// Type describes the game family: name, roles, parameters.
	Type() *Type
	// String is the canonical game string, e.g. "nim(piles=3;4;5,misere=false)".
	// Loading it again gives an equal game with the same initial state.
	String() string
	// NewInitialState returns the state before the first move.
	NewInitialState() State
}

// State is one position of a game together with the player to act.
// States are not safe for concurrent use; Clone one per goroutine.
type State interface {
	// Player returns who acts: 0, 1, Chance or Terminal.
	Player() Player
	// LegalMoves appends the legal moves, in increasing order, to buf and
	// returns it. It returns buf unchanged in a terminal state.
	LegalMoves(buf []Move) []Move
	// Apply plays m after checking that it is legal; an illegal move is an
	// error that says why, and leaves the state unchanged.
	Apply(m Move) error
	// Clone returns an independent copy.
	Clone() State
	// IsTerminal reports whether the game is over.
	IsTerminal() bool
	// Returns gives each player's result in a terminal state: +1 for a win,
	// -1 for a loss, 0 for a draw. It returns zeros before the end.
	Returns() []float64
	// MoveString writes m in the game's notation for this state.
	MoveString(m Move) string
	// ParseMove reads a move in the game's notation. It checks the syntax
	// and, where the notation depends on it, the state; Apply checks legality.
	ParseMove(s string) (Move, error)
	// String shows the position for people (a board, a word, heaps).
	String() string
}

// Undoer is a State that can take back the last applied move cheaply, for search.
type Undoer interface {
	State
	// ApplyUnchecked plays a move known to be legal, without validation.
	ApplyUnchecked(m Move)
	// Undo takes back m, which must be the last move applied.
	Undo(m Move)
}

// Outcome is one possible result of a chance event with its probability.
type Outcome struct {
	Move Move
	// Prob is the exact probability as a fraction Num/Den.
	Num, Den int64
}

// Probability returns the outcome's probability as a float64.
func (o Outcome) Probability() float64 { return float64(o.Num) / float64(o.Den) }

// Chancer is a State with chance nodes: when Player() == Chance,
// ChanceOutcomes lists every outcome with its exact probability, and the
// outcomes' moves are exactly LegalMoves.
type Chancer interface {
	State
	ChanceOutcomes() []Outcome
}

// Hasher is a State with a key that identifies the position (including the
// player to move) among the positions of its own game, for transposition
// tables. Equal states have equal keys; the key may collide only with
// negligible probability. Keys of different games are unrelated.
type Hasher interface {
	State
	Key() uint64
}

// Canonicalizer is a State that maps itself to a canonical representative of
// its symmetry class: two states with the same CanonicalKey have the same value.
type Canonicalizer interface {
	State
	CanonicalKey() uint64
}

// Decomposer is a State of an impartial game that splits into independent
// components whose Grundy values combine by XOR.
type Decomposer interface {
	State
	Components() []State
}

// Scorer is a terminal State with a game-specific measure of the game,
// such as the length of the final Thue word; records store it as "length".
// Without it, a record's length is the number of moves.
type Scorer interface {
	State
	Score() int
}

// Annotator is a State that adds game-specific fields to a finished game's
// record (for example the final "word" or the drawn "set").
type Annotator interface {
	State
	RecordFields() map[string]any
}

// Explainer is a terminal State that can say in words why the game ended
// (for example the repetition found in a Thue word).
type Explainer interface {
	State
	EndReason() string
}

// DrawNoter is a Game whose game string records a value drawn from the
// seed rather than chosen by whoever named the game (2D Nim's coin toss for
// who starts: the string says first=p2, as if it had been asked for).
// DrawNote says so in words for the people reading the game string at the
// start of a game ("first=p2: the coin chose G (P2) to start"); "" when
// nothing was drawn (a game loaded from its own string again draws
// nothing).
type DrawNoter interface {
	Game
	DrawNote() string
}

// DrawNoteOf is g's note on what its game string holds that was drawn
// (DrawNoter), "" when g has none.
func DrawNoteOf(g Game) string {
	if n, ok := g.(DrawNoter); ok {
		return n.DrawNote()
	}
	return ""
}

// MoveNoter is a State whose moves change more than their notation says
// (Grundy's game: a split numbers the heaps after it one higher). MoveNote,
// asked before the legal move m is played, says so in words for the
// line after the move; "" when nothing needs saying.
type MoveNoter interface {
	State
	MoveNote(m Move) string
}

// MoveNoteOf is s's note on the move m it is about to play (MoveNoter),
// "" when s has none.
func MoveNoteOf(s State, m Move) string {
	if n, ok := s.(MoveNoter); ok {
		return n.MoveNote(m)
	}
	return ""
}

// EndWords says why the game ended in the terminal state s, reached after
// moves moves: the game's own words (Explainer) after a move; before any,
// that there was no move to make and who wins (the game's own words would credit a last move nobody made: "P2
// took the last token"). "" when s does not say.
func EndWords(s State, moves int) string {
	e, ok := s.(Explainer)
	if !ok || e.EndReason() == "" {
		return ""
	}
	if moves > 0 {
		return e.EndReason()
	}
	if w := Winner(s); w >= 0 {
		return fmt.Sprintf("There is no move to make from the start: the game is over before it begins, and %s wins.", SeatName(Player(w)))
	}
	return "There is no move to make from the start: the game is over before it begins, a draw."
}

// OverText says that the game is over in the terminal state s, and how it
// ended where s can say it ("the game is over in this position: P1 took
// the last token and wins"), for a command refusing to search it.
func OverText(s State) string {
	if e, ok := s.(Explainer); ok && e.EndReason() != "" {
		return "the game is over in this position: " + e.EndReason()
	}
	return "the game is over in this position"
}

// CheckPlayable says why no move can be made in s though a seat is to
// move and the game is not over, or returns nil: s is over, a chance draw
// is due, or the seat to move has a legal move. The reason is the state's
// own where it has one (a PlayError method: a Wythoff position with more
// legal moves than can be listed, which is analysed but not played). A
// match must not start from such a position: nobody could ever move in it.
func CheckPlayable(s State) error {
	if s.IsTerminal() || s.Player() != 0 && s.Player() != 1 {
		return nil
	}
	if ix, ok := s.(MoveIndexer); ok && ix.MoveCount() > 0 || len(s.LegalMoves(nil)) > 0 {
		return nil
	}
	if pe, ok := s.(interface{ PlayError() error }); ok {
		if err := pe.PlayError(); err != nil {
			return err
		}
	}
	return fmt.Errorf("%s is to move but has no legal move, though the game is not over", SeatName(s.Player()))
}

// Winner returns the index of the player with the higher return in a terminal
// state, or -1 for a draw.
func Winner(s State) int {
	r := s.Returns()
	if len(r) < 2 || r[0] == r[1] {
		return -1
	}
	if r[0] > r[1] {
		return 0
	}
	return 1
}

// SeatName is how people see a seat: "P1" moves first (the --p1 bot), "P2"
// second. Records keep the 0-based index.
func SeatName(p Player) string {
	switch p {
	case 0, 1:
		return fmt.Sprintf("P%d", p+1)
	default:
		return p.String()
	}
}

// HashMix folds x into the running hash h with a full-avalanche mixer
// (SplitMix64's finaliser), for building State keys: start from any constant
// and fold in every component in a fixed order.
func HashMix(h, x uint64) uint64 {
	h += x + 0x9e3779b97f4a7c15
	h = (h ^ h>>30) * 0xbf58476d1ce4e5b9
	h = (h ^ h>>27) * 0x94d049bb133111eb
	return h ^ h>>31
}
