package sweep

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
)

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
	// Record, when not nil, receives every finished record with its game
	// index, in game order (from one goroutine at a time).
	Record func(i int, r *game.Record)
	// Progress, when not nil, is called after each game with the count done.
	Progress func(done, total int)
}

// MaxArenaGames bounds the games of one arena.
const MaxArenaGames = 1_000_000

// CheckSeeds refuses a series of games whose seeds seed, seed+1, ...,
// seed+games-1 would wrap past 2^64.
func CheckSeeds(seed uint64, games int) error {
	if games > 0 && seed+uint64(games-1) < seed {
		return fmt.Errorf("seeds %d to %d+%d wrap past 2^64; want a first seed of at most %d", seed, seed, games-1, ^uint64(0)-uint64(games-1))
	}
	return nil
}

// Arena plays opt.Games games of the game string spec between the bot
// strings names[0] and names[1], seats alternating, as a one-cell sweep on
// Run's worker pool, and counts the results from the bots' point of view.
// When ctx ends it returns the tally of the games finished so far (Games
// counts them) with ctx's error.
func Arena(ctx context.Context, games *game.Registry, bots *bot.Registry, spec string, names [2]string, opt ArenaOptions) (match.ArenaResult, error) {
	res := match.ArenaResult{Bots: names}
	if opt.Games < 1 || opt.Games > MaxArenaGames {
		return res, fmt.Errorf("arena: %d games: want 1 to %d", opt.Games, MaxArenaGames)
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
	sopt := Options{Workers: opt.Workers, MaxThink: opt.MaxThink, MaxLength: opt.MaxLength, Progress: opt.Progress, NoResults: true,
		Record: func(r *game.Record) {
			i := int(r.Seed - opt.Seed)
			res.Add(r, i%2)
			res.Games++
			if opt.Record != nil {
				pending[i] = r
				flush(false)
			}
		}}
	_, err := Run(ctx, games, bots, []Cell{cell}, sopt)
	if opt.Record != nil {
		flush(true)
	}
	if err != nil {
		return res, fmt.Errorf("arena: %w", err)
	}
	return res, nil
}
