package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
)

// Human is the player string of a seat a person plays through the API.
const Human = match.Person

// Match modes.
const (
	// ModeNormal is a match between people and/or computers.
	ModeNormal = "normal"
	// ModeSolo is one person playing both seats with one token, for a high
	// score (games whose type declares Solo).
	ModeSolo = "solo"
)

// liveMatch is a match the server holds in memory: the live match, the
// seat and control tokens, the computer-vs-computer controls, the search in
// progress and the watchers of its events. mu guards everything but the
// persistence fields, which saveMu guards (taken without mu held).
type liveMatch struct {
	mu       sync.Mutex
	id       string
	mode     string
	live     *match.Live
	tokens   [2]string // sha256 of each human seat's token ("" for computers)
	control  string    // sha256 of the control token ("" for none)
	created  time.Time
	updated  time.Time
	used     time.Time // the last request that asked for it
	paused   bool
	steps    int           // moves a paused match may still make
	delay    time.Duration // pace of a computer-vs-computer match
	rev      uint64        // grows with every change: a move, an undo, a control
	thinking *thinking
	cancel   context.CancelFunc
	watchers map[*watcher]struct{}
	// gone marks a match dropped from memory after a failed save: the
	// store has what is true; the next request loads it again.
	gone bool
	// notes collects what its computer players note while deciding; note
	// is the last one, on the move it names (not stored: it goes with a
	// restart).
	notes *botNotes
	note  *botNote
	// drawNote says what the game string holds that the seed drew
	// (game.DrawNoter: 2D Nim's coin), kept in the settings: a game loaded
	// again from its string has drawn nothing.
	drawNote string
	// claimed marks a person's seat whose token its holder traded for a
	// new one (a friend's device claiming its invitation: POST
	// .../seats/{seat}/token with the seat's token), so that the two
	// people play on two devices; the control token taking the seat back
	// clears it. Kept in the settings.
	claimed [2]bool
	// highScore is the best solo score once a solo match is over.
	highScore int
	// shown is the match as clients see it: its latest stored state (at
	// revision shownRev).
	shown    *matchView
	shownRev uint64

	saveMu   sync.Mutex
	saved    uint64 // the rev last stored
	archived bool   // the finished game went to the games archive
	stored   int64  // the store's version of the match (see Write.Expect)
}

// thinking is a computer's decision in progress, as the API shows it.
type thinking struct {
	Seat    game.Player `json:"seat"`
	Bot     string      `json:"bot"`
	Since   time.Time   `json:"-"`
	Elapsed float64     `json:"elapsed"`
	Limit   float64     `json:"limit"`
	// Queued is true while the decision waits for the pace delay or a
	// search slot.
	Queued bool `json:"queued"`
}

// settings are what the store keeps of a match beside its record.
type settings struct {
	Paused      bool   `json:"paused,omitempty"`
	DelayMS     int64  `json:"delay_ms,omitempty"`
	ControlHash string `json:"control_hash,omitempty"`
	DrawNote    string `json:"draw_note,omitempty"`
	// Claimed lists the seats a friend's device claimed (liveMatch.claimed).
	Claimed []int `json:"claimed,omitempty"`
}

// claimedSeats is the settings' list of claimed seats as liveMatch keeps
// it (a seat out of range, which no server wrote, is ignored).
func claimedSeats(seats []int) (out [2]bool) {
	for _, p := range seats {
		if p == 0 || p == 1 {
			out[p] = true
		}
	}
	return out
}

// claimedList is the list of claimed seats the settings keep.
func (m *liveMatch) claimedList() []int {
	var out []int
	for p, c := range m.claimed {
		if c {
			out = append(out, p)
		}
	}
	return out
}

// friendElsewhere reports whether seats (those a request's token holds)
// are one person's of two playing on two devices: the other seat is a
// person's too, and one of them claimed an invitation. Such a person may
// not take back the other's moves, nor a finished game's result, which
// stands for both. The caller holds m.mu.
func (m *liveMatch) friendElsewhere(seats []game.Player) bool {
	return len(seats) == 1 && m.tokens[0] != "" && m.tokens[1] != "" && (m.claimed[0] || m.claimed[1])
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

func sameHash(a, b string) bool {
	return a != "" && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// seatsOf returns the seats the token may move for. The caller holds m.mu.
func (m *liveMatch) seatsOf(token string) []game.Player {
	if token == "" {
		return nil
	}
	h := hashToken(token)
	var out []game.Player
	for p, t := range m.tokens {
		if sameHash(t, h) {
			out = append(out, game.Player(p))
		}
	}
	return out
}

// mayControl reports whether the token may pause, resume, step or pace
// the match: its control token or a seat's. The caller holds m.mu.
func (m *liveMatch) mayControl(token string) bool {
	return token != "" && (sameHash(m.control, hashToken(token)) || len(m.seatsOf(token)) > 0)
}

// computers reports whether both seats are computers. The caller holds m.mu.
func (m *liveMatch) computers() bool {
	return m.live.Seat(0).Bot != nil && m.live.Seat(1).Bot != nil
}

// rebuild makes the live match of a stored one: the game, the seats and
// every stored move replayed and checked, the settings restored.
func (s *Server) rebuild(sm *StoredMatch) (*liveMatch, error) {
	rec := sm.Record
	g, err := s.opt.Games.Load(rec.Game, rec.Seed)
	if err != nil {
		return nil, err
	}
	if len(rec.Players) != 2 {
		return nil, fmt.Errorf("the record has %d players", len(rec.Players))
	}
	notes := &botNotes{}
	seats, err := match.NewSeats(s.opt.Bots, g, [2]string{rec.Players[0], rec.Players[1]}, rec.Seed, s.botEnv(notes))
	if err != nil {
		return nil, err
	}
	opt := s.liveOptions(seats, rec.Seed)
	opt.Position, opt.Moves, opt.DrawsTakenBack = rec.Position, rec.Moves, rec.DrawsTakenBack
	l, err := match.Start(g, seats, opt)
	if err != nil {
		return nil, err
	}
	if rec.Aborted && !l.Over() {
		l.Stop(rec.Reason)
	}
	var set settings
	if len(sm.Settings) > 0 {
		if err := json.Unmarshal(sm.Settings, &set); err != nil {
			return nil, fmt.Errorf("settings: %w", err)
		}
	}
	m := &liveMatch{id: sm.ID, mode: sm.Mode, live: l, notes: notes, tokens: sm.TokenHashes, control: set.ControlHash,
		created: sm.Created, updated: sm.Updated, paused: set.Paused, drawNote: set.DrawNote, claimed: claimedSeats(set.Claimed), delay: time.Duration(set.DelayMS) * time.Millisecond,
		rev: 1, saved: 1, shownRev: 1, archived: sm.Finished, stored: sm.Version, used: time.Now(), watchers: map[*watcher]struct{}{}}
	m.shown = s.matchJSON(m)
	return m, nil
}

// liveOptions are the options of a live match between seats: the think
// limit, and for computers against each other the move limit.
func (s *Server) liveOptions(seats [2]match.Seat, seed uint64) match.Options {
	opt := match.Options{Seed: seed, MaxThink: s.opt.MaxThink}
	if seats[0].Bot != nil && seats[1].Bot != nil {
		opt.MaxMoves = s.opt.MaxMoves
	}
	return opt
}

// lookup returns the match with this id: held in memory, else loaded from
// the store (nil when there is none).
func (s *Server) lookup(ctx context.Context, id string) (*liveMatch, error) {
	s.mu.Lock()
	m := s.matches[id]
	s.mu.Unlock()
	if m != nil {
		m.mu.Lock()
		m.used = time.Now()
		m.mu.Unlock()
		return m, nil
	}
	sm, err := s.opt.Store.Match(ctx, id)
	if err != nil || sm == nil {
		return nil, err
	}
	m, err = s.rebuild(sm)
	if err != nil {
		return nil, fmt.Errorf("match %s no longer loads: %w", clip(id, 40), err)
	}
	s.mu.Lock()
	if old := s.matches[id]; old != nil {
		m = old // loaded by another request meanwhile
	} else if s.makeRoom() {
		s.matches[id] = m
	}
	s.mu.Unlock()
	s.wake(m)
	return m, nil
}

// forget drops m from memory (after a failed save): its search stops, and
// the next request loads what the store has.
func (s *Server) forget(m *liveMatch) {
	m.mu.Lock()
	m.gone = true
	if m.cancel != nil {
		m.cancel()
	}
	m.thinking = nil
	for w := range m.watchers {
		w.drop()
	}
	m.watchers = map[*watcher]struct{}{}
	m.mu.Unlock()
	s.mu.Lock()
	if s.matches[m.id] == m {
		delete(s.matches, m.id)
	}
	s.mu.Unlock()
}

// idle reports whether m can leave memory now: nobody watches it, no
// computer decides or is due to move in it. The caller holds m.mu.
func (m *liveMatch) idle() bool {
	if len(m.watchers) > 0 || m.thinking != nil {
		return false
	}
	t, ok := m.live.Turn()
	return !ok || t.Seat.Bot == nil || m.paused
}

// makeRoom forgets idle matches, least recently used first, until the
// server holds fewer than MaxMatches minus a tenth: they stay stored and
// come back on their next request. It reports whether there is room for
// one more. The caller holds s.mu.
func (s *Server) makeRoom() bool {
	if len(s.matches) < MaxMatches {
		return true
	}
	type cand struct {
		id   string
		used time.Time
	}
	var idle []cand
	for id, m := range s.matches {
		m.mu.Lock()
		if m.idle() {
			idle = append(idle, cand{id, m.used})
		}
		m.mu.Unlock()
	}
	sort.Slice(idle, func(i, j int) bool { return idle[i].used.Before(idle[j].used) })
	for _, c := range idle {
		if len(s.matches) < MaxMatches-MaxMatches/10 {
			break
		}
		delete(s.matches, c.id)
	}
	return len(s.matches) < MaxMatches
}
