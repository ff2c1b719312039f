package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/sweep"
)

// Flags and checks that several commands share.

// seats builds the two seats of a game from the --p1 and --p2 bot strings
// (match.NewSeats, the one seat builder); a bad bot string is a usage error
// naming its flag.
func (a *app) seats(g game.Game, names [2]string, seed uint64, env bot.Env) ([2]match.Seat, error) {
	seats, err := match.NewSeats(a.bots, g, names, seed, env)
	var se *match.SeatError
	if errors.As(err, &se) {
		return seats, usageError{fmt.Errorf("--p%d: %w", se.Seat+1, se.Err)}
	}
	return seats, err
}

// runFlags bound a game or each game of a series.
type runFlags struct {
	maxThink  time.Duration
	maxLength int
}

func (r *runFlags) addFlags(fl *pflag.FlagSet) {
	fl.DurationVar(&r.maxThink, "max-think", 0, "abort a game when a computer decision takes longer (e.g. 10s; 0: no limit)")
	fl.IntVar(&r.maxLength, "max-length", 0, "stop a game when its length (Thue: the word length; else the moves) reaches this (0: no limit)")
}

func (r runFlags) check() error {
	if r.maxThink < 0 {
		return usagef("--max-think %s: want a duration of 0 (no limit) or more, e.g. 10s", r.maxThink)
	}
	if r.maxLength < 0 {
		return usagef("--max-length %d: want 0 (no limit) or a positive length", r.maxLength)
	}
	return nil
}

// checkWorkers validates --workers: 0 (one per CPU) to sweep.MaxWorkers.
func checkWorkers(n int) error {
	if err := sweep.CheckWorkers(n); err != nil {
		return usagef("--%w", err)
	}
	return nil
}
