// Package web is `kombi serve`: an HTTP JSON API to play, watch, analyse
// and study matches of every Kombi game, Server-Sent Events as they are
// played, and the embedded browser UI that draws every board from the
// game's View.
//
// The web keeps only what the web needs — seat tokens, watchers, HTTP —
// and plays every match with the one live-match engine, match.Live. The
// package is split by concern: routes.go (routes and HTTP plumbing),
// matches.go (the match handlers), live.go (a match held in memory),
// driver.go (the computer players), present.go (what a match looks like
// as JSON), persist.go (what is stored when), events.go (SSE),
// analysis.go (analyses and studies), store.go (the Store interface).
package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Limits of the API.
const (
	// MaxBody is the largest request body read (64 KiB).
	MaxBody = 64 << 10
	// MaxLegalMoves is the most legal moves a match lists; a position with
	// more says so (legal_moves_truncated) and takes moves by text or parts.
	MaxLegalMoves = 5000
	// MaxMatches is the most matches held in memory at once; idle ones
	// leave memory when there are more (they stay stored).
	MaxMatches = 10000
	// AbandonAfter ends an unfinished match nobody moved in for so long
	// when the server starts.
	AbandonAfter = 30 * 24 * time.Hour
	// MaxAnalysisTime bounds an analysis request's time, and the time the
	// server spends deepening one position's analysis in the background.
	MaxAnalysisTime = 30 * time.Second
	// MaxDelay bounds the pace of a computer-vs-computer match.
	MaxDelay = 10 * time.Second
)

// Options configure a Server.
type Options struct {
	Games *game.Registry
	Bots  *bot.Registry
	// Solvers are the games' own solvers that analyses use (games/all's
	// Kit.Solvers; nil: the kit's generic searches, solve.Generic).
	Solvers *solve.Solvers
	// Store persists matches (nil: a MemoryStore).
	Store Store
	// MaxThink bounds each computer decision (0: 10 s).
	MaxThink time.Duration
	// MaxMoves ends a match between computers after this many moves
	// (0: DefaultMaxMoves; negative: no limit).
	MaxMoves int
	// MaxSearches bounds the computer decisions running at once (0: the
	// number of cores); the rest wait their turn.
	MaxSearches int
	// MaxAnalyses bounds the analyses running at once, in a queue of their
	// own so that they never delay a computer's move (0: half the cores,
	// at least 1).
	MaxAnalyses int
	// AnalysisMem bounds the memory of one analysis' tables in bytes
	// (0: 256 MiB).
	AnalysisMem int64
	// BotMem bounds the memory a computer player's tables may ask for (its
	// mem= parameter; 0: DefaultBotMem): a bot string asking for more is
	// refused. Tables are dropped while their player waits for a person
	// and when the game ends.
	BotMem int64
	// MaxConns and MaxConnsPerIP bound the connections open at once, in all
	// and from one address (0: DefaultMaxConns, DefaultMaxConnsPerIP).
	MaxConns, MaxConnsPerIP int
	// ReadTimeout bounds the time to read a request, body included, and
	// IdleTimeout the time a connection waits for its next request (0: 30
	// s and 60 s).
	ReadTimeout, IdleTimeout time.Duration
	// CreatesPerMinute is how many matches one address may create a minute
	// (0: DefaultCreatesPerMinute); more are answered 429. Only matches
	// created count: a request refused for its content costs nothing.
	CreatesPerMinute int
	// Catalogue returns what GET /api/games serves (`kombi games --json`).
	Catalogue func() any
	// Logger receives request errors and panics (nil: discarded).
	Logger *slog.Logger
	// Sources writes the document of the five sources when a person asks
	// for it in the browser (POST /api/sources; nil: the page only says
	// how to write it with `kombi report sources`).
	Sources SourcesFunc
}

// Check says which bound is out of range: MaxSearches and MaxAnalyses 0
// to 1024, AnalysisMem 0 to the machine's memory. The error is a
// *game.InputError holding a *game.OptionError that names the field and
// kombi serve's flag for it: "AnalysisMem (--analysis-mem) -1: want ...".
func (o Options) Check() error {
	switch {
	case o.MaxSearches < 0 || o.MaxSearches > 1024:
		return game.Optionf("MaxSearches", "max-searches", o.MaxSearches, "want 0 (one per core) to 1024")
	case o.MaxAnalyses < 0 || o.MaxAnalyses > 1024:
		return game.Optionf("MaxAnalyses", "max-analyses", o.MaxAnalyses, "want 0 (half the cores) to 1024")
	case o.AnalysisMem < 0 || o.AnalysisMem > solve.MachineMemory():
		return game.Optionf("AnalysisMem", "analysis-mem", o.AnalysisMem, "want 0 (%d MiB) to the machine's memory", DefaultAnalysisMem>>20)
	}
	return nil
}

// DefaultMaxMoves is the move limit of a match between computers.
const DefaultMaxMoves = 5000

// DefaultBotMem is the memory bound of one computer player's tables.
const DefaultBotMem = 512 << 20

// DefaultAnalysisMem is the memory bound of one analysis' tables.
const DefaultAnalysisMem = 256 << 20

// Server is the HTTP server of `kombi serve`. Create it with New.
type Server struct {
	opt      Options
	id       string // names this run of the server
	searches chan struct{}
	analyses chan struct{}
	cache    *analysisCache
	writer   *writer
	creates  *rateLimiter
	// loopback is set while the server listens on loopback only: it then
	// answers only requests addressed to a loopback name (no DNS
	// rebinding).
	loopback atomic.Bool
	// urls are the addresses to open the page at (URLs of the listener),
	// once Serve listens; other devices open those beyond the first.
	urls    atomic.Pointer[[]string]
	mu      sync.Mutex
	matches map[string]*liveMatch
	sources sourcesJob
	ctx     context.Context
	stop    context.CancelFunc
	wg      sync.WaitGroup
}

// New returns a server; Resume continues the stored unfinished matches.
func New(opt Options) (*Server, error) {
	if opt.Games == nil || opt.Bots == nil {
		return nil, errors.New("web: the game and bot registries are required")
	}
	if opt.Store == nil {
		opt.Store = &MemoryStore{}
	}
	if opt.MaxThink <= 0 {
		opt.MaxThink = 10 * time.Second
	}
	if opt.MaxMoves == 0 {
		opt.MaxMoves = DefaultMaxMoves
	}
	if opt.MaxSearches <= 0 {
		opt.MaxSearches = runtime.NumCPU()
	}
	if opt.MaxAnalyses <= 0 {
		opt.MaxAnalyses = max(1, runtime.NumCPU()/2)
	}
	if opt.BotMem <= 0 {
		opt.BotMem = DefaultBotMem
	}
	if opt.AnalysisMem <= 0 {
		opt.AnalysisMem = DefaultAnalysisMem
	}
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	id, err := newID(8)
	if err != nil {
		return nil, err
	}
	ctx, stop := context.WithCancel(context.Background())
	writers := 1
	if ws, ok := opt.Store.(interface{ Writers() int }); ok {
		writers = ws.Writers()
	}
	return &Server{id: id, opt: opt, searches: make(chan struct{}, opt.MaxSearches), analyses: make(chan struct{}, opt.MaxAnalyses),
		cache: newAnalysisCache(), writer: newWriter(opt.Store, writers), creates: newRateLimiter(opt.CreatesPerMinute),
		matches: map[string]*liveMatch{}, ctx: ctx, stop: stop}, nil
}

// Close stops the computer players and background analyses, then the
// writer once what was given to it is stored.
func (s *Server) Close() {
	s.stop()
	s.wg.Wait()
	s.writer.close()
}

// Resume continues the stored unfinished matches that have a computer
// player (the others come back on their first request), and ends those
// nobody moved in for AbandonAfter. It returns how many it resumed; a
// match that no longer loads is skipped and logged.
func (s *Server) Resume(ctx context.Context) (int, error) {
	stored, err := s.opt.Store.Matches(ctx)
	var bad *UnreadableError
	if errors.As(err, &bad) {
		s.opt.Logger.Warn("stored matches left out", "ids", bad.IDs, "err", bad.Err)
	} else if err != nil {
		return 0, fmt.Errorf("resume matches: %w", err)
	}
	n := 0
	for i := range stored {
		sm := &stored[i]
		abandoned := time.Since(sm.Updated) > AbandonAfter
		if len(sm.Record.Players) != 2 || sm.Record.Players[0] == Human && sm.Record.Players[1] == Human && !abandoned {
			continue
		}
		m, err := s.rebuild(sm)
		if err != nil {
			s.opt.Logger.Warn("cannot resume match", "id", sm.ID, "err", err)
			continue
		}
		if abandoned {
			m.mu.Lock()
			m.live.Stop(fmt.Sprintf("abandoned: no move for %d days", int(AbandonAfter.Hours()/24)))
			snap := s.changed(m)
			m.mu.Unlock()
			if err := s.persist(m, snap); err != nil {
				s.opt.Logger.Warn("cannot end abandoned match", "id", sm.ID, "err", err)
			}
			continue
		}
		s.mu.Lock()
		if s.makeRoom() {
			s.matches[m.id] = m
		}
		s.mu.Unlock()
		s.wake(m)
		n++
	}
	return n, nil
}

// acquire takes a slot of a queue (searches or analyses), or gives up
// when ctx ends.
func acquire(ctx context.Context, slots chan struct{}) bool {
	select {
	case slots <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}
