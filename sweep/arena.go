package sweep

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
)

// ArenaResult counts the results of a series, from the bots' point of view
// (not the seats'). Aborted games (game.Record.Aborted: stopped early, by
// a limit, a failure or a cancel; a sweep's results call them stopped,
// CellResult.Stopped) count in Games but not in Wins or Draws.
type ArenaResult struct {
	Bots    [2]string `json:"bots"`
	Wins    [2]int    `json:"wins"`
	Draws   int       `json:"draws"`
	Games   int       `json:"games"`
	Aborted int       `json:"aborted"`
	// FirstWins counts the games won by whoever moved first (P1, or P2
	// where the game let P2 begin: 2D Nim's first=p2).
	FirstWins int `json:"first_player_wins"`
	// Lengths are the lengths of the finished games that Bots[i] began,
	// and FirstRole the role of the player who moves first (the Thue
	// game's builder): where a game is valued by its length, the result
	// itself (the thesis' greedy against greedy: 7). FirstRole is empty
	// where P2 began a game (2D Nim's coin).
	Lengths   [2]LengthStats `json:"lengths_by_first"`
	FirstRole string         `json:"first_role,omitempty"`
	began     [2]int         // finished games Bots[i] began, and their lengths' sum: Lengths' means
	sum       [2]int
}

// Score returns bot i's score as a fraction: wins plus half the draws, over
// the games that finished.
func (r ArenaResult) Score(i int) float64 {
	n := r.Games - r.Aborted
	if n == 0 {
		return 0
	}
	return (float64(r.Wins[i]) + float64(r.Draws)/2) / float64(n)
}

// Add counts one game's record. firstSeat is the seat of Bots[0] in that
// game (0: P1). Who began is read from the record (game.Record.FirstMover):
// P1 unless the game let P2 begin. Add does not count the game in Games.
func (r *ArenaResult) Add(rec *game.Record, firstSeat int) {
	mover := int(rec.FirstMover())
	if mover == 1 {
		r.FirstRole = "" // the first mover's role is not one role
	}
	switch {
	case rec.Aborted:
		r.Aborted++
	case rec.Winner == nil:
		r.Draws++
	default:
		w := *rec.Winner
		if w == mover {
			r.FirstWins++
		}
		if w == firstSeat {
			r.Wins[0]++
		} else {
			r.Wins[1]++
		}
	}
	if !rec.Aborted {
		i := firstSeat ^ mover // the bot in the mover's seat: Bots[0] when it sat there
		l, n := &r.Lengths[i], r.began[i]
		if n == 0 || rec.Length < l.Min {
			l.Min = rec.Length
		}
		l.Max = max(l.Max, rec.Length)
		r.began[i]++
		r.sum[i] += rec.Length
		l.Mean = float64(r.sum[i]) / float64(r.began[i])
	}
}

// Began returns how many finished games Bots[i] began (the games that
// Lengths[i] counts).
func (r ArenaResult) Began(i int) int { return r.began[i] }

// ArenaOptions configure Arena.
type ArenaOptions struct {
	// Games is the number of games (at least 1); game i uses seed Seed+i
	// and seats the first bot first when i is even, second when i is odd.
	Games int
	Seed  uint64
	// Workers plays that many games at once (0: one per CPU).
	Workers int
	// MaxThink bounds each decision (see match.Options.MaxThink).
	MaxThink time.Duration
	// MaxLength stops a game at this length (see match.Options.MaxLength).
	MaxLength int
	// BotFailed, when not nil, is told of each computer decision that
	// failed and stopped a game, with the game's seed (see
	// match.Options.BotFailed: a panic is a *match.PanicError with its value
	// and stack). Games are played at once: it must be safe for that.
	BotFailed func(seed uint64, p game.Player, err error)
	// Record, when not nil, receives every finished record with its game
	// index, in game order (from one goroutine at a time).
	Record func(i int, r *game.Record)
	// Progress, when not nil, is called after each game with the count done.
	Progress func(done, total int)
	// Report, when not nil, receives a progress report after each game.
	Report func(solve.Progress)
	// Store, when not nil, stores every game as it ends (source arena).
	Store *store.Store
	// Records, when not empty, is a file (created: an existing regular
	// file is refused, see CreateRecordFile) that receives every record as
	// a line of JSON.
	Records string
}

// MaxArenaGames bounds the games of one arena.
const MaxArenaGames = 1_000_000

// CheckSeeds refuses a series of games whose seeds seed, seed+1, ...,
// seed+games-1 would wrap past 2^64 (ArenaOptions.Seed and Games, kombi
// arena's --seed and --games): a *game.InputError holding a
// *game.OptionError for the seed.
func CheckSeeds(seed uint64, games int) error {
	if games > 0 && seed+uint64(games-1) < seed {
		return game.Optionf("Seed", "seed", seed, "with %d games the seeds wrap past 2^64; want a first seed of at most %d", games, ^uint64(0)-uint64(games-1))
	}
	return nil
}

// Arena plays opt.Games games of the game string spec between the bot
// strings names[0] and names[1], seats alternating, as a one-cell sweep on
// Run's worker pool, and counts the results from the bots' point of view:
// the one arena. Every game is kept as it ends where the options say (the
// store, a records file); a game that cannot be kept stops the arena with
// an error, the games kept before stay. When ctx ends it returns the tally
// of the games finished so far (Games counts them) with ctx's error.
func Arena(ctx context.Context, games *game.Registry, bots *bot.Registry, spec string, names [2]string, opt ArenaOptions) (ArenaResult, error) {
	res := ArenaResult{Bots: names}
	if err := checkRegistries(games, bots); err != nil {
		return res, fmt.Errorf("arena: %w", err)
	}
	if opt.Games < 1 || opt.Games > MaxArenaGames {
		return res, fmt.Errorf("arena: %w", game.Optionf("Games", "games", opt.Games, "want 1 to %d games", MaxArenaGames))
	}
	if err := CheckSeeds(opt.Seed, opt.Games); err != nil {
		return res, fmt.Errorf("arena: %w", err)
	}
	cell := Cell{Game: spec, Players: names, Alternate: true, Seeds: make([]uint64, opt.Games)}
	for i := range cell.Seeds {
		cell.Seeds[i] = opt.Seed + uint64(i)
	}
	pending := map[int]*game.Record{}
	next := 0
	flush := func(all bool) {
		if all {
			var rest []int
			for i := range pending {
				rest = append(rest, i)
			}
			sort.Ints(rest)
			for _, i := range rest {
				opt.Record(i, pending[i])
			}
			clear(pending)
			return
		}
		for pending[next] != nil {
			opt.Record(next, pending[next])
			delete(pending, next)
			next++
		}
	}
	if err := checkCell(games, bots, &cell); err != nil {
		return res, fmt.Errorf("arena: %w", err) // before the records file is made
	}
	if g, err := games.Load(spec, opt.Seed); err == nil {
		res.FirstRole = g.Type().Role(0) // until a game where P2 began (Add)
	}
	keep, err := newKeeper(ctx, opt)
	if err != nil {
		return res, err
	}
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	progress, start := opt.Progress, time.Now()
	sopt := Options{Workers: opt.Workers, MaxThink: opt.MaxThink, MaxLength: opt.MaxLength, NoResults: true,
		BotFailed: func(_ string, seed uint64, p game.Player, err error) {
			if opt.BotFailed != nil {
				opt.BotFailed(seed, p, err)
			}
		},
		Progress: func(done, total int) {
			if progress != nil {
				progress(done, total)
			}
			if opt.Report != nil {
				opt.Report(solve.Progress{Done: int64(done), Total: int64(total), Elapsed: time.Since(start)})
			}
		},
		Record: func(r *game.Record) {
			i := int(r.Seed - opt.Seed)
			res.Add(r, i%2)
			res.Games++
			if keep.add(r) != nil {
				cancel() // stop: the games would be lost
			}
			if opt.Record != nil {
				pending[i] = r
				flush(false)
			}
		}}
	_, err = Run(rctx, games, bots, []Cell{cell}, sopt)
	if opt.Record != nil {
		flush(true)
	}
	if kerr := keep.close(); kerr != nil {
		return res, fmt.Errorf("arena: %w (the games kept before are kept)", kerr)
	}
	if err != nil {
		return res, fmt.Errorf("arena: %w", err)
	}
	return res, nil
}

// keeper keeps an arena's games as they end: in the store and a records
// file, as the options say. Its first error stops it.
type keeper struct {
	ctx context.Context
	st  *store.Store
	rf  *RecordFile
	err error
}

func newKeeper(ctx context.Context, opt ArenaOptions) (*keeper, error) {
	k := &keeper{ctx: context.WithoutCancel(ctx), st: opt.Store}
	if opt.Records != "" {
		rf, err := CreateRecordFile(opt.Records)
		if err != nil {
			return nil, err
		}
		k.rf = rf
	}
	return k, nil
}

// add keeps one game; after an error it keeps nothing more.
func (k *keeper) add(r *game.Record) error {
	if k.err == nil && k.rf != nil {
		k.err = k.rf.Write(r)
	}
	if k.err == nil && k.st != nil {
		if _, _, err := k.st.AddGame(k.ctx, store.NewGame{Record: r, Source: store.SourceArena}); err != nil {
			k.err = fmt.Errorf("storing a game: %w", err)
		}
	}
	return k.err
}

// close closes the records file and returns the first error.
func (k *keeper) close() error {
	if k.rf != nil {
		if err := k.rf.Close(); k.err == nil {
			k.err = err
		}
	}
	return k.err
}
