package match

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// BotSeed derives the seed of the bot in a seat from the game's seed, so the
// two bots of a game (and the chance moves) draw independent numbers.
func BotSeed(seed uint64, seat int) uint64 {
	x := seed + 0x9e3779b97f4a7c15*uint64(seat+1)
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// ArenaOptions configure a series of games.
type ArenaOptions struct {
	// Games is the number of games; game i uses seed Seed+i and seats the
	// first bot first when i is even, second when i is odd.
	Games int
	Seed  uint64
	// Workers plays that many games at once (0: one per CPU).
	Workers int
	// MaxThink bounds each decision (see Options.MaxThink).
	MaxThink time.Duration
	// Record, when not nil, receives every finished record, in game order.
	Record func(i int, r *game.Record)
	// Progress, when not nil, is called after each game with the count done.
	Progress func(done, total int)
}

// ArenaResult counts the results of a series, from the bots' point of view
// (not the seats'). Aborted games count in Games but not in Wins or Draws.
type ArenaResult struct {
	Bots    [2]string `json:"bots"`
	Wins    [2]int    `json:"wins"`
	Draws   int       `json:"draws"`
	Games   int       `json:"games"`
	Aborted int       `json:"aborted"`
	// FirstWins counts the games won by whoever moved first.
	FirstWins int `json:"first_player_wins"`
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

// Arena plays opt.Games games between the bot strings names[0] and names[1].
// load builds the game for a seed (so games with random parameters get a new
// draw per game); newBot builds a bot from its string.
func Arena(ctx context.Context, load func(seed uint64) (game.Game, error),
	newBot func(name string, g game.Game, env bot.Env) (bot.Bot, error),
	names [2]string, opt ArenaOptions) (ArenaResult, error) {
	res := ArenaResult{Bots: names, Games: opt.Games}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	type result struct {
		i   int
		rec *game.Record
		err error
	}
	jobs := make(chan int)
	results := make(chan result)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range min(workers, max(opt.Games, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				rec, err := playOne(ctx, load, newBot, names, opt, i)
				select {
				case results <- result{i, rec, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range opt.Games {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	pending := map[int]*game.Record{}
	next, done := 0, 0
	var firstErr error
	for r := range results {
		if r.err != nil {
			if firstErr == nil {
				firstErr = fmt.Errorf("game %d (seed %d): %w", r.i+1, opt.Seed+uint64(r.i), r.err)
				cancel()
			}
			continue
		}
		done++
		rec := r.rec
		a := r.i % 2 // seat of names[0]... 0 when even
		switch {
		case rec.Aborted:
			res.Aborted++
		case rec.Winner == nil:
			res.Draws++
		default:
			w := *rec.Winner
			if w == 0 {
				res.FirstWins++
			}
			if w == a {
				res.Wins[0]++
			} else {
				res.Wins[1]++
			}
		}
		if opt.Progress != nil {
			opt.Progress(done, opt.Games)
		}
		if opt.Record != nil {
			pending[r.i] = rec
			for pending[next] != nil {
				opt.Record(next, pending[next])
				delete(pending, next)
				next++
			}
		}
	}
	if firstErr != nil {
		return res, firstErr
	}
	if err := ctx.Err(); err != nil && done < opt.Games {
		return res, err
	}
	return res, nil
}

func playOne(ctx context.Context, load func(seed uint64) (game.Game, error),
	newBot func(name string, g game.Game, env bot.Env) (bot.Bot, error),
	names [2]string, opt ArenaOptions, i int) (*game.Record, error) {
	seed := opt.Seed + uint64(i)
	g, err := load(seed)
	if err != nil {
		return nil, err
	}
	order := names
	if i%2 == 1 {
		order = [2]string{names[1], names[0]}
	}
	var seats [2]Seat
	for p, name := range order {
		b, err := newBot(name, g, bot.Env{Seed: BotSeed(seed, p)})
		if err != nil {
			return nil, err
		}
		seats[p] = Seat{Name: name, Bot: b}
	}
	return Play(ctx, g, seats, Options{Seed: seed, MaxThink: opt.MaxThink})
}
