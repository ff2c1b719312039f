package match

import (
	"context"
	"fmt"
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

// SeatError is a bot string that does not build a bot for a seat.
type SeatError struct {
	// Seat is 0 for the first mover, 1 for the second.
	Seat int
	Err  error
}

// Error names the seat and says what is wrong with its bot string.
func (e *SeatError) Error() string {
	return fmt.Sprintf("%s: %v", game.SeatName(game.Player(e.Seat)), e.Err)
}

// Unwrap returns the bot registry's error.
func (e *SeatError) Unwrap() error { return e.Err }

// Person is the bot string of a seat a person plays. In the terminal the
// registry's human bot reads the person's moves from bot.Env's Input; with
// no Input (the web) the seat has no bot and the person's moves come
// through Live.Move.
const Person = "human"

// NewSeats builds the two seats of a game of g with seed from bot strings
// (names[0] moves first): the one seat builder of play, arenas, sweeps and
// the web. The bot in seat p gets the seed BotSeed(seed, p) and env's input
// and output. Without env.Input a Person seat has no bot, and another bot
// that stands for a person is refused. A bad bot string is a *SeatError.
func NewSeats(bots *bot.Registry, g game.Game, names [2]string, seed uint64, env bot.Env) ([2]Seat, error) {
	var seats [2]Seat
	for p, name := range names {
		if name == Person && env.Input == nil {
			seats[p] = Seat{Name: name}
			continue
		}
		e := env
		e.Seed = BotSeed(seed, p)
		b, err := bots.New(name, g, e)
		if err != nil {
			return seats, &SeatError{Seat: p, Err: err}
		}
		if isHuman(b) && env.Input == nil {
			return seats, &SeatError{Seat: p, Err: fmt.Errorf("%q stands for a person typing in a terminal; here a person plays as %q", name, Person)}
		}
		seats[p] = Seat{Name: name, Bot: b}
	}
	return seats, nil
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

// Add counts one game's record. firstSeat is the seat of Bots[0] in that
// game (0: it moved first). Add does not count the game in Games.
func (r *ArenaResult) Add(rec *game.Record, firstSeat int) {
	switch {
	case rec.Aborted:
		r.Aborted++
	case rec.Winner == nil:
		r.Draws++
	default:
		w := *rec.Winner
		if w == 0 {
			r.FirstWins++
		}
		if w == firstSeat {
			r.Wins[0]++
		} else {
			r.Wins[1]++
		}
	}
}

// ArenaOptions configure Arena.
type ArenaOptions struct {
	// Games is the number of games; game i uses seed Seed+i and seats the
	// first bot first when i is even, second when i is odd.
	Games int
	Seed  uint64
	// Workers is ignored: Arena plays one game at a time (sweep.Arena
	// plays them in parallel).
	Workers int
	// MaxThink bounds each decision (see Options.MaxThink).
	MaxThink time.Duration
	// Record, when not nil, receives every finished record, in game order.
	Record func(i int, r *game.Record)
	// Progress, when not nil, is called after each game with the count done.
	Progress func(done, total int)
}

// Arena plays opt.Games games between the bot strings names[0] and
// names[1], one after another. load builds the game for a seed; newBot
// builds a bot from its string.
//
// Arena is kept only until its last callers (cmd/kombi/apgame.go and the
// games/apgame tests) move to sweep.Arena, the one runner of series of
// games, which plays them on the sweep worker pool.
func Arena(ctx context.Context, load func(seed uint64) (game.Game, error),
	newBot func(name string, g game.Game, env bot.Env) (bot.Bot, error),
	names [2]string, opt ArenaOptions) (ArenaResult, error) {
	res := ArenaResult{Bots: names, Games: opt.Games}
	for i := range opt.Games {
		seed := opt.Seed + uint64(i)
		g, err := load(seed)
		if err != nil {
			return res, fmt.Errorf("game %d (seed %d): %w", i+1, seed, err)
		}
		order := names
		if i%2 == 1 {
			order = [2]string{names[1], names[0]}
		}
		var seats [2]Seat
		for p, name := range order {
			b, err := newBot(name, g, bot.Env{Seed: BotSeed(seed, p)})
			if err != nil {
				return res, fmt.Errorf("game %d (seed %d): %w", i+1, seed, err)
			}
			seats[p] = Seat{Name: name, Bot: b}
		}
		rec, err := Play(ctx, g, seats, Options{Seed: seed, MaxThink: opt.MaxThink})
		if err != nil {
			return res, fmt.Errorf("game %d (seed %d): %w", i+1, seed, err)
		}
		if ctx.Err() != nil {
			res.Games = i
			return res, ctx.Err()
		}
		res.Add(rec, i%2)
		if opt.Progress != nil {
			opt.Progress(i+1, opt.Games)
		}
		if opt.Record != nil {
			opt.Record(i, rec)
		}
	}
	return res, nil
}
