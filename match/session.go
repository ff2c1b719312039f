package match

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/term"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/files"
	"github.com/kombi/kombi/game"
)

// Session is one game as `kombi play` plays it: the transcript goes to
// Options.Transcript and, when Dir is not empty, to a new file under Dir
// with the JSON record beside it; Keep, when not nil, keeps the record
// elsewhere (a database). Why a game failed (Failure) is left to the
// caller to report, once, as its error: Options.Transcript does not say
// it; the file does.
type Session struct {
	Game  game.Game
	Seats [2]Seat
	Options
	// Dir is the directory of the transcript and record files ("": none).
	Dir  string
	Keep func(*game.Record) error
}

// SessionFiles are the files a session wrote.
type SessionFiles struct {
	Transcript, Record string
}

// Run plays the game, writes its files and keeps it. It returns the
// record also when writing a file or keeping it failed (with that error);
// the record is nil only when the game could not be played.
func (s Session) Run(ctx context.Context) (*game.Record, SessionFiles, error) {
	var (
		wrote SessionFiles
		file  *os.File
		fw    *files.CheckedWriter
		err   error
	)
	opt := s.Options
	var tell observers
	if s.Transcript != nil && opt.Observer == nil {
		tell = append(tell, &transcript{w: s.Transcript, color: opt.Color, width: opt.Width, failureElsewhere: true})
	}
	if s.Dir != "" {
		if file, err = files.NewTranscriptFile(s.Dir, s.Game.Type().Name, opt.Seed); err != nil {
			return nil, wrote, err
		}
		defer file.Close()
		fw = files.NewCheckedWriter(file, "transcript file "+file.Name())
		if opt.Observer == nil {
			tell = append(tell, &transcript{w: plainWriter{fw}, color: opt.Color, width: opt.Width}) // colours on the terminal only
		}
		// What a person is told (hints, help, moves refused) goes to the file too.
		for _, seat := range s.Seats {
			if h, ok := seat.Bot.(*bot.Human); ok && h.Log == nil {
				h.Log = plainWriter{fw}
				defer func() { h.Log = nil }()
			}
		}
	}
	if len(tell) > 0 {
		opt.Observer = tell
	}
	rec, err := Play(ctx, s.Game, s.Seats, opt)
	if err != nil {
		return nil, wrote, fmt.Errorf("play: %w", err)
	}
	if file != nil {
		if err = fw.Err(); err == nil {
			if err = file.Close(); err != nil {
				err = fmt.Errorf("transcript file %s: %w", file.Name(), err)
			}
		}
		if err == nil {
			wrote.Transcript = file.Name()
			wrote.Record = strings.TrimSuffix(file.Name(), ".txt") + ".json"
			err = files.WriteRecordFile(wrote.Record, rec)
		}
	}
	if s.Keep != nil {
		if kerr := s.Keep(rec); kerr != nil {
			err = errors.Join(err, fmt.Errorf("play: the game is over but was not stored: %w", kerr))
		}
	}
	return rec, wrote, err
}

// Failure is the error of a game that was aborted other than on purpose
// (see Deliberate); nil for a game that ended or was stopped on purpose.
func Failure(rec *game.Record) error {
	if rec.Aborted && !Deliberate(rec) {
		return fmt.Errorf("game aborted: %s", rec.Reason)
	}
	return nil
}

// Resume prepares the continuation of the stopped game of a record file
// (path, "-": stdin): its record, its game (built from the record's game
// string and seed) and the options that replay its start and moves. A file
// that is not a record, a finished game, or a record that does not replay
// is a *game.InputError.
func Resume(reg *game.Registry, path string, stdin io.Reader) (*game.Record, game.Game, Options, error) {
	rec, err := files.ReadRecordFile(path, stdin)
	if err != nil {
		return nil, nil, Options{}, err
	}
	g, err := reg.Load(rec.Game, rec.Seed)
	if err == nil && !rec.Aborted {
		err = fmt.Errorf("the game is over (%s); only a stopped game can be continued", ResultLine(g.Type(), rec))
	}
	if err == nil {
		_, err = game.StateAt(reg, rec, len(rec.Moves))
	}
	if err != nil {
		return nil, nil, Options{}, game.Inputf("play --resume %s: %w", path, err)
	}
	return rec, g, Options{Seed: rec.Seed, Position: rec.Position, Moves: rec.Moves, DrawsTakenBack: rec.DrawsTakenBack}, nil
}

// ReplayOptions say what Replay writes.
type ReplayOptions struct {
	// Quiet writes only the number of records checked; Step writes every
	// position of each record.
	Quiet, Step bool
	// Pause, with Step, is read for a line before each move is shown (a
	// person presses Enter; "q" shows the rest at once). Nil: Replay
	// pauses on stdin when it is a terminal and the records come from a
	// file.
	Pause io.Reader
}

// Replay checks every record of a file (path, "-": stdin, at most
// files.MaxInputBytes; one JSON record, or one per line) as `kombi replay`
// does, for it is that command: every move legal and made by the player
// on turn, the stored result what the moves produce (CheckRecord). It
// writes to w, for each record, a summary with its final position and
// result (with Step, every position first; with Quiet, only the number of
// records at the end). It returns the number of records checked; input
// that is not records is a *game.InputError, a record that does not
// replay a plain error. Despite the name it shares with game.Replay, it
// takes a path, not a record: to replay one record held in memory, call
// CheckRecord, or game.Replay without the checks of why a stopped game
// stopped.
func Replay(path string, stdin io.Reader, reg *game.Registry, w io.Writer, opt ReplayOptions) (int, error) {
	r, done, err := files.OpenInput(path, stdin)
	if err != nil {
		if _, num := strconv.ParseInt(path, 10, 64); num == nil && errors.Is(err, fs.ErrNotExist) {
			return 0, game.Inputf("replay: %w (a game stored in the database replays with: kombi records show %s --json | kombi replay -)", err, path)
		}
		return 0, game.Inputf("replay: %w", err)
	}
	defer done()
	var pause *bufio.Reader
	if f, ok := stdin.(*os.File); opt.Pause == nil && opt.Step && path != "-" && ok && term.IsTerminal(int(f.Fd())) {
		opt.Pause = stdin
	}
	if opt.Step && opt.Pause != nil {
		pause = bufio.NewReader(opt.Pause)
	}
	dec := json.NewDecoder(r)
	n := 0
	for {
		var rec game.Record
		if err := dec.Decode(&rec); err == io.EOF {
			break
		} else if errors.Is(err, files.ErrTooLarge) {
			return n, game.Inputf("replay %s: %w", path, err)
		} else if err != nil {
			return n, game.Inputf("replay %s: record %d is not a valid record: %w", path, n+1, err)
		}
		n++
		final, err := CheckRecord(reg, &rec)
		if err != nil {
			return n, fmt.Errorf("record %d: %w", n, err)
		}
		if opt.Quiet {
			continue
		}
		text := fmt.Sprintf("Record %d: %s, seed %d, %s — replayed and checked.\n%s\n", n, rec.Game, rec.Seed, game.Plural(len(rec.Moves), "move"), final)
		if opt.Step {
			if err := writeSteps(w, reg, &rec, pause); err != nil {
				return n, fmt.Errorf("record %d: %w", n, err)
			}
			text = fmt.Sprintf("Record %d: %s, seed %d, %s — replayed and checked.\n", n, rec.Game, rec.Seed, game.Plural(len(rec.Moves), "move")) // its last position is above
		}
		if g, err := reg.Load(rec.Game, rec.Seed); err == nil {
			text += ResultLine(g.Type(), &rec) + "\n"
		}
		if _, err := io.WriteString(w, text); err != nil {
			return n, fmt.Errorf("write: %w", err)
		}
	}
	if n == 0 {
		return 0, game.Inputf("replay %s: no record found", path)
	}
	if opt.Quiet {
		if _, err := fmt.Fprintf(w, "%s replayed and checked\n", game.Plural(n, "record")); err != nil {
			return n, fmt.Errorf("write: %w", err)
		}
	}
	return n, nil
}

// ColorTerminal reports whether w is a terminal that may show colours
// (Options.Color): not when the NO_COLOR environment variable is set
// (https://no-color.org).
func ColorTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && os.Getenv("NO_COLOR") == "" && term.IsTerminal(int(f.Fd()))
}

// TerminalWidth is the width in columns to draw positions in for w
// (Options.Width): $COLUMNS where it is a number, else the width of w where
// it is a terminal, else game.DefaultWidth.
func TerminalWidth(w io.Writer) int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if n, _, err := term.GetSize(int(f.Fd())); err == nil && n > 0 {
			return n
		}
	}
	return game.DefaultWidth
}

// plainWriter drops terminal colour codes from what it writes.
type plainWriter struct{ w io.Writer }

var colourCode = regexp.MustCompile("\x1b\\[[0-9;]*m")

func (p plainWriter) Write(b []byte) (int, error) {
	if _, err := p.w.Write(colourCode.ReplaceAll(b, nil)); err != nil {
		return 0, err
	}
	return len(b), nil
}
