package match

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kombi/kombi/game"
)

// Session is one game as `kombi play` plays it: the transcript goes to
// Options.Transcript and, when Dir is not empty, to a new file under Dir
// with the JSON record beside it.
type Session struct {
	Game  game.Game
	Seats [2]Seat
	Options
	// Dir is the directory of the transcript and record files ("": none).
	Dir string
}

// SessionFiles are the files a session wrote.
type SessionFiles struct {
	Transcript, Record string
}

// Run plays the game and writes its files. It returns the record also
// when writing a file failed (with that error), so that it can be kept
// elsewhere; a record is nil only when the game could not be played.
func (s Session) Run(ctx context.Context) (*game.Record, SessionFiles, error) {
	var files SessionFiles
	opt := s.Options
	var (
		file *os.File
		fw   *CheckedWriter
	)
	if s.Dir != "" {
		var err error
		if file, err = NewTranscriptFile(s.Dir, s.Game.Type().Name, opt.Seed); err != nil {
			return nil, files, err
		}
		defer file.Close()
		fw = NewCheckedWriter(file, "transcript file "+file.Name())
		if opt.Transcript != nil {
			opt.Transcript = io.MultiWriter(opt.Transcript, fw)
		} else {
			opt.Transcript = fw
		}
	}
	rec, err := Play(ctx, s.Game, s.Seats, opt)
	if err != nil {
		return nil, files, fmt.Errorf("play: %w", err)
	}
	if file == nil {
		return rec, files, nil
	}
	if err := fw.Err(); err != nil {
		return rec, files, err
	}
	if err := file.Close(); err != nil {
		return rec, files, fmt.Errorf("transcript file %s: %w", file.Name(), err)
	}
	files.Transcript = file.Name()
	files.Record = strings.TrimSuffix(file.Name(), ".txt") + ".json"
	return rec, files, WriteRecordFile(files.Record, rec)
}

// Resume prepares the continuation of a stopped game's record: its game
// (built from the record's game string and seed) and the options that
// replay its start and moves. A finished game, or a record that does not
// replay, is an error.
func Resume(reg *game.Registry, rec *game.Record) (game.Game, Options, error) {
	g, err := reg.Load(rec.Game, rec.Seed)
	if err != nil {
		return nil, Options{}, err
	}
	if !rec.Aborted {
		return nil, Options{}, fmt.Errorf("the game is over (%s); only a stopped game can be continued", ResultLine(g.Type(), rec))
	}
	if _, err := game.StateAt(reg, rec, len(rec.Moves)); err != nil {
		return nil, Options{}, err
	}
	return g, Options{Seed: rec.Seed, Position: rec.Position, Moves: rec.Moves}, nil
}

// InputError is input that is not game records (the caller's fault, not
// a failure of the records).
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *InputError) Unwrap() error { return e.Err }

// ReplayOptions say what Replay writes about each record.
type ReplayOptions struct {
	// Quiet writes nothing per record; Step writes every position.
	Quiet, Step bool
}

// Replay checks every record of r (one JSON record, or one per line) as
// `kombi replay` does: every move legal and made by the player on turn, the
// stored result what the moves produce. Unless quiet it writes to w, for
// each record, a summary with its final position and result (with Step,
// every position first). It returns the number of records checked; input
// that is not records (none at all, or past the reader's bound) is an
// *InputError.
func Replay(r io.Reader, reg *game.Registry, w io.Writer, opt ReplayOptions) (int, error) {
	dec := json.NewDecoder(r)
	n := 0
	for {
		var rec game.Record
		if err := dec.Decode(&rec); err == io.EOF {
			break
		} else if errors.Is(err, ErrTooLarge) {
			return n, &InputError{err}
		} else if err != nil {
			return n, &InputError{fmt.Errorf("record %d is not a valid record: %w", n+1, err)}
		}
		n++
		final, err := game.Replay(reg, &rec)
		if err != nil {
			return n, fmt.Errorf("record %d: %w", n, err)
		}
		if opt.Quiet {
			continue
		}
		if opt.Step {
			if err := WriteSteps(w, reg, &rec); err != nil {
				return n, fmt.Errorf("record %d: %w", n, err)
			}
		}
		text := fmt.Sprintf("Record %d: %s, seed %d, %d moves — replayed and checked.\n%s\n", n, rec.Game, rec.Seed, len(rec.Moves), final)
		if g, err := reg.Load(rec.Game, rec.Seed); err == nil {
			text += ResultLine(g.Type(), &rec) + "\n"
		}
		if _, err := io.WriteString(w, text); err != nil {
			return n, fmt.Errorf("write: %w", err)
		}
	}
	if n == 0 {
		return 0, &InputError{errors.New("no record found")}
	}
	return n, nil
}
