package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/sweep"
)

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

// checkRunFlags validates the flags that bound a game or a series of games.
func checkRunFlags(maxThink time.Duration, maxLength int) error {
	if maxThink < 0 {
		return usagef("--max-think %s: want a duration of 0 (no limit) or more, e.g. 10s", maxThink)
	}
	if maxLength < 0 {
		return usagef("--max-length %d: want 0 (no limit) or a positive length", maxLength)
	}
	return nil
}

// checkWorkers validates --workers.
func checkWorkers(n int) error {
	if err := sweep.CheckWorkers(n); err != nil {
		return usageError{fmt.Errorf("--%w", err)}
	}
	return nil
}

// maxInputBytes bounds a file a command reads whole (records).
const maxInputBytes = 64 << 20

// errTooLarge is what limitedReader returns past its limit.
var errTooLarge = fmt.Errorf("more than the limit of %d bytes (64 MiB)", maxInputBytes)

// limitedReader reads at most n bytes and then fails with errTooLarge
// (io.LimitReader would end quietly, hiding the cut).
type limitedReader struct {
	r io.Reader
	n int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		// Past the limit: one more byte means the input is too large.
		var one [1]byte
		if n, err := l.r.Read(one[:]); n > 0 {
			return 0, errTooLarge
		} else if err != nil {
			return 0, err
		}
		return 0, nil
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

// openInput opens a file to read ("-": standard input), at most
// maxInputBytes of it. close is never nil.
func (a *app) openInput(path string) (io.Reader, func(), error) {
	if path == "-" {
		return &limitedReader{r: a.stdin, n: maxInputBytes}, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, func() {}, err
	}
	return &limitedReader{r: f, n: maxInputBytes}, func() { f.Close() }, nil
}

// checkedWriter passes writes on and remembers the first error, so that
// text printed piece by piece is checked once at the end; after an error
// it writes nothing more.
type checkedWriter struct {
	w    io.Writer
	name string
	err  error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return len(p), nil
	}
	if _, err := c.w.Write(p); err != nil {
		c.err = err
	}
	return len(p), nil
}

// Err returns the first write error, naming the output.
func (c *checkedWriter) Err() error {
	if c.err == nil {
		return nil
	}
	return fmt.Errorf("write %s: %w", c.name, c.err)
}

// out returns a checked writer of standard output.
func (a *app) out() *checkedWriter { return &checkedWriter{w: a.stdout, name: "standard output"} }
