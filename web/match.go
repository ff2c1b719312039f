package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
)

// Human is the player string of a seat a person plays through the API.
const Human = "human"

// Match modes.
const (
	// ModeNormal is a match between people and/or computers.
	ModeNormal = "normal"
	// ModeSolo is one person playing both seats with one token (the Thue
	// thesis' solo mode); its best length is kept as a high score.
	ModeSolo = "solo"
)

// liveMatch is a match the server plays: its record, the current state,
// the bots of the computer seats, and the watchers of its events.
type liveMatch struct {
	mu      sync.Mutex
	id      string
	mode    string
	g       game.Game
	rec     game.Record
	state   game.State
	bots    [2]bot.Bot
	tokens  [2]string // sha256 of each human seat's token ("" for computers)
	created time.Time
	updated time.Time
	paused  bool
	steps   int // moves a paused computer-vs-computer match may still make
	// gen counts changes that invalidate a running computer search (a move,
	// an undo); a search finished for an older generation is dropped.
	gen      uint64
	thinking *thinking
	cancel   context.CancelFunc
	watchers map[chan event]struct{}
	stored   bool // the finished game went to the games table
	// highScore is the best solo length once a solo match is over.
	highScore int
}

type thinking struct {
	Seat    game.Player `json:"seat"`
	Bot     string      `json:"bot"`
	Since   time.Time   `json:"-"`
	Elapsed float64     `json:"elapsed"`
	Limit   float64     `json:"limit"`
	Queued  bool        `json:"queued"`
}

type event struct {
	name string
	data any
}

func newID(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("random id: %w", err)
	}
	return hex.EncodeToString(b), nil
}

func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

// seatOf returns the seats the token may move for.
func (m *liveMatch) seatsOf(token string) []game.Player {
	if token == "" {
		return nil
	}
	h := hashToken(token)
	var out []game.Player
	for p, t := range m.tokens {
		if t != "" && subtle.ConstantTimeCompare([]byte(t), []byte(h)) == 1 {
			out = append(out, game.Player(p))
		}
	}
	return out
}

func (m *liveMatch) finished() bool { return m.state.IsTerminal() || m.rec.Aborted }

// chanceRNG gives the draw of the chance move with index i: a function of
// the seed and the index only, so that a draw taken back by an undo, or
// redone after a restart, comes out the same.
func (m *liveMatch) chanceRNG(i int) interface{ Float64() float64 } {
	return bot.NewRand(m.rec.Seed, 0x6368616e6365^uint64(i)<<20)
}

// apply plays move mv for its player and records it; it bumps the
// generation. The caller holds m.mu.
func (m *liveMatch) apply(mv game.Move, seconds float64) error {
	p := m.state.Player()
	text := m.state.MoveString(mv)
	if err := m.state.Apply(mv); err != nil {
		return err
	}
	m.rec.Moves = append(m.rec.Moves, game.RecordMove{Player: p, Move: text, Seconds: seconds})
	m.gen++
	m.updated = time.Now()
	if m.state.IsTerminal() {
		m.rec.Finish(m.state)
	}
	return nil
}

// playChance plays every pending chance move. The caller holds m.mu.
func (m *liveMatch) playChance() error {
	for !m.finished() && m.state.Player() == game.Chance {
		mv, err := match.SampleChance(m.state, m.chanceRNG(len(m.rec.Moves)))
		if err != nil {
			return fmt.Errorf("chance move: %w", err)
		}
		if err := m.apply(mv, 0); err != nil {
			return fmt.Errorf("chance move: %w", err)
		}
	}
	return nil
}

// undo takes back the last move of seat p and every move after it. The
// caller holds m.mu.
func (m *liveMatch) undo(reg *game.Registry, p game.Player) error {
	last := -1
	for i, mv := range m.rec.Moves {
		if mv.Player == p {
			last = i
		}
	}
	if last < 0 {
		return errNothingToUndo
	}
	rec := m.rec
	rec.Moves = append([]game.RecordMove(nil), m.rec.Moves[:last]...)
	s, err := game.StateAt(reg, &rec, last)
	if err != nil {
		return fmt.Errorf("undo: %w", err)
	}
	rec.Aborted, rec.Reason, rec.Winner, rec.Returns, rec.Extra = false, "", nil, nil, nil
	rec.Length = 0
	m.rec, m.state = rec, s
	m.gen++
	m.updated = time.Now()
	return nil
}

var errNothingToUndo = errors.New("there is no move of yours to take back")

// abort ends the match early with a reason. The caller holds m.mu.
func (m *liveMatch) abort(reason string) {
	m.rec.Aborted = true
	m.rec.Reason = reason
	m.rec.Finish(m.state)
	m.gen++
	m.updated = time.Now()
}

// publish sends an event to every watcher; a watcher too slow to take it
// misses it (the next state event brings it up to date). The caller holds m.mu.
func (m *liveMatch) publish(e event) {
	for ch := range m.watchers {
		select {
		case ch <- e:
		default:
		}
	}
}
