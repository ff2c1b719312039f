package match

import (
	"errors"
	"fmt"

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
	// Seat is 0 for P1, 1 for P2.
	Seat int
	// Err says what is wrong: the bot registry's error (a
	// *game.InputError for a bad bot string).
	Err error
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
// (names[0] is P1's): the one seat builder of play, arenas, sweeps and the
// web. The bot in seat p gets the seed BotSeed(seed, p) and env's input
// and output; seed is the game's one seed (see Options.Seed). Without env.Input a Person seat has no bot, and another bot
// that stands for a person is refused. A bad bot string is a *SeatError
// naming the seat, around the registry's *game.InputError.
func NewSeats(bots *bot.Registry, g game.Game, names [2]string, seed uint64, env bot.Env) ([2]Seat, error) {
	var seats [2]Seat
	switch {
	case bots == nil:
		return seats, errors.New("match: NewSeats: no bot registry (a nil *bot.Registry; all.New's Kit.Bots holds Kombi's bots)")
	case g == nil:
		return seats, errors.New("match: NewSeats: no game (a nil game.Game)")
	}
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
			return seats, &SeatError{Seat: p, Err: game.Inputf("%q stands for a person typing in a terminal; here a person plays as %q", game.Clip(name), Person)}
		}
		seats[p] = Seat{Name: name, Bot: b}
	}
	return seats, nil
}
