package thesis

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/match"
)

// Console is what people see of a game played at the keyboard, and its
// transcript: people's prompts go only to the screen, the transcript to the
// screen and to a file. A prompt left open (the person's answer ends its
// line on a terminal, not when the input is piped) is closed before the
// transcript goes on, so a move never sticks to a prompt.
type Console struct {
	mu       sync.Mutex
	screen   io.Writer
	file     *os.File
	log      io.Writer
	open     bool
	terminal bool
	werr     error
	width    int // of the screen, for the board (match.TerminalWidth)
}

// NewConsole returns a console writing to screen and, for the transcript,
// also to file (nil: none), which Finish closes. terminal reports whether
// the person types on a terminal (which ends their lines on the screen
// itself); log receives the names of the files written. Boards are drawn to
// the screen's width (match.TerminalWidth).
func NewConsole(screen io.Writer, file *os.File, terminal bool, log io.Writer) *Console {
	return &Console{screen: screen, file: file, terminal: terminal, log: log, width: match.TerminalWidth(screen)}
}

// Finish writes the records of the games played beside the transcript
// file (NAME.json for one, NAME-roundN.json for several; the JSON of
// `kombi play --json`) and closes it. It reports the first write error.
func (c *Console) Finish(recs ...*game.Record) error {
	if c.file == nil {
		return nil
	}
	base := strings.TrimSuffix(c.file.Name(), ".txt")
	err := c.werr
	for i, r := range recs {
		path := base + ".json"
		if len(recs) > 1 {
			path = fmt.Sprintf("%s-round%d.json", base, i+1)
		}
		err = cmp.Or(err, writeRecord(path, r))
	}
	if cerr := c.file.Close(); cerr != nil {
		err = cmp.Or(err, fmt.Errorf("transcript %s: %w", c.file.Name(), cerr))
	}
	if err == nil && c.log != nil {
		fmt.Fprintf(c.log, "Transcript: %s\n", c.file.Name())
	}
	return err
}

// writeRecord writes a record as indented JSON, replacing path atomically.
func writeRecord(path string, rec *game.Record) error {
	data, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return fmt.Errorf("record %s: %w", path, err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("record file: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("record file: %w", err)
	}
	return nil
}

// Write writes transcript text: to the screen, after closing an open
// prompt, and to the file.
func (c *Console) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.open && !c.terminal {
		if _, err := io.WriteString(c.screen, "\n"); err != nil {
			return 0, err
		}
	}
	c.open = false
	if _, err := c.screen.Write(p); err != nil {
		return 0, err
	}
	if c.file != nil && c.werr == nil {
		if _, err := c.file.Write(p); err != nil {
			c.werr = fmt.Errorf("transcript %s: %w", c.file.Name(), err)
		}
	}
	return len(p), nil
}

// fileOnly writes text to the transcript file only (the screen is told
// otherwise: a failure is the command's error, said once on stderr).
func (c *Console) fileOnly(text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.file != nil && c.werr == nil {
		if _, err := io.WriteString(c.file, text); err != nil {
			c.werr = fmt.Errorf("transcript %s: %w", c.file.Name(), err)
		}
	}
}

// transcript returns the transcript of a Thue round (solo: a solo game)
// on the console: a game that ends says why, not which seat won (the
// builder wins every game; the length and the painter's points are the
// result, which the caller says), in a solo game without the points.
func (c *Console) transcript(solo bool) match.Observer {
	return lengthTranscript{match.NewTranscript(c, false, c.width), c, solo}
}

type lengthTranscript struct {
	match.Observer
	c    *Console
	solo bool
}

// Ended writes why the game ended; a stopped game as the transcript does,
// but a failure or an interrupt (not a person's quit) in the file only:
// the caller returns it as its error, which the screen shows once.
func (t lengthTranscript) Ended(l *match.Live) {
	rec := l.Record()
	if rec.Aborted && !match.Deliberate(rec) {
		t.c.fileOnly(fmt.Sprintf("\nGame aborted: %s\n", rec.Reason))
		return
	}
	s, ok := l.State().(*thue.State)
	if !ok || rec.Aborted || !s.IsTerminal() {
		t.Observer.Ended(l)
		return
	}
	text := s.EndReason()
	if t.solo {
		text = cmp.Or(s.RepetitionText(), text)
	}
	fmt.Fprintf(t.c, "\n%s\n", text)
}

// Prompts returns the writer for prompts and answers to people: the
// screen only.
func (c *Console) Prompts() io.Writer { return promptWriter{c} }

type promptWriter struct{ c *Console }

func (w promptWriter) Write(p []byte) (int, error) {
	w.c.mu.Lock()
	defer w.c.mu.Unlock()
	if w.c.open && !w.c.terminal {
		if _, err := io.WriteString(w.c.screen, "\n"); err != nil {
			return 0, err
		}
	}
	if len(p) > 0 {
		w.c.open = !bytes.HasSuffix(p, []byte("\n"))
	}
	return w.c.screen.Write(p)
}

// Session is what a game played at the keyboard needs.
type Session struct {
	Alphabet int
	Rule     string
	// Seed draws the starting symbol (round 1 of a match uses Seed, round
	// 2 Seed+1).
	Seed    uint64
	Input   *bot.LineReader
	Console *Console
	// Out is the directory of the transcript and record files, NoOut
	// keeps them from being written, JSON prints the result as JSON (the
	// screen is then standard error), NoDB keeps the games from being
	// stored in the database: the CLI's flags.
	Out               string
	NoOut, JSON, NoDB bool
	// OpenDB opens the database (the CLI's --db), where the games played
	// are stored as `kombi play` stores its games (unless NoDB), and the
	// solo mode's high scores are kept.
	OpenDB func() (Database, error)
}

// Database is where the games and the high scores are kept: store.Store.
type Database interface {
	HighScores
	// AddRecords stores records played in the way source names
	// (store.SourcePlay, ...) and returns how many were new.
	AddRecords(ctx context.Context, source string, recs ...*game.Record) (int, error)
	// Location says where the database is.
	Location() string
	Close() error
}

// sourcePlay is store.SourcePlay: a game played by `kombi play`, or by
// people at the terminal.
const sourcePlay = "play"

// keep stores recs in the database (unless NoDB; nothing without records),
// even after Ctrl-C, and says where on the console's log; what names them
// ("the game", "the 2 rounds"). It opens the database when db is nil, and
// closes what it opened.
func (s Session) keep(ctx context.Context, db Database, what string, recs ...*game.Record) (err error) {
	if s.NoDB || len(recs) == 0 {
		return nil
	}
	if db == nil {
		if db, err = s.openDB(); err != nil {
			return fmt.Errorf("%s played but not stored: %w", what, err)
		}
		defer func() { err = cmp.Or(err, db.Close()) }()
	}
	if _, err := db.AddRecords(context.WithoutCancel(ctx), sourcePlay, recs...); err != nil {
		return fmt.Errorf("%s played but not stored in the database: %w", what, err)
	}
	if s.Console != nil && s.Console.log != nil {
		fmt.Fprintf(s.Console.log, "Stored %s in the database %s: see 'kombi records list --game thue'.\n", what, db.Location())
	}
	return nil
}

// openDB opens the database, an error where OpenDB is not set.
func (s Session) openDB() (Database, error) {
	if s.OpenDB == nil {
		return nil, errors.New("no database given")
	}
	return s.OpenDB()
}

// MatchOptions configure a two-round match.
type MatchOptions struct {
	Session
	MaxThink time.Duration
	// Players are the bot strings of A and B (A builds in round 1), Names
	// their names.
	Players, Names [2]string
}

// MatchRound is one round of a match.
type MatchRound struct {
	Builder       string       `json:"builder"`
	Painter       string       `json:"painter"`
	Length        int          `json:"length"`
	PainterPoints int          `json:"painter_points"`
	Record        *game.Record `json:"record"`
}

// MatchResult is a match's outcome.
type MatchResult struct {
	Players []string     `json:"players"`
	Rounds  []MatchRound `json:"rounds"`
	Points  []int        `json:"points"`
	// Winner is 0 or 1 (the index in Players), or null for a tie.
	Winner *int `json:"winner"`
	// Stopped says why the match ended early (a person quit), else "".
	Stopped string `json:"stopped,omitempty"`
}

// PlayMatch plays the thesis' match (chapter 1.5): in round 1 player A
// builds and B paints, in round 2 the other way round; the painter scores
// a point for every inserted symbol that made no repetition, and more
// points win. A person who quits ends the match (Stopped says who; not an
// error). A game aborted otherwise (the think-time limit, a bot's failure)
// is an error, returned with the result so far. The console is finished
// with the rounds' records, which are stored in opt.Games (each round
// played, as `kombi play` stores a stopped game too).
func PlayMatch(ctx context.Context, games *game.Registry, bots *bot.Registry, opt MatchOptions) (*MatchResult, error) {
	res, err := playMatch(ctx, games, bots, opt)
	var recs []*game.Record
	for i := 0; res != nil && i < len(res.Rounds); i++ {
		recs = append(recs, res.Rounds[i].Record)
	}
	what := "round 1"
	if len(recs) > 1 {
		what = fmt.Sprintf("the %d rounds", len(recs))
	}
	return res, cmp.Or(err, opt.Console.Finish(recs...), opt.keep(ctx, nil, what, recs...))
}

func playMatch(ctx context.Context, games *game.Registry, bots *bot.Registry, opt MatchOptions) (*MatchResult, error) {
	out := opt.Console
	labels := opt.Names
	res := &MatchResult{Players: []string{labels[0], labels[1]}, Rounds: []MatchRound{}, Points: []int{0, 0}}
	spec := fmt.Sprintf("thue(alphabet=%d,rule=%s)", opt.Alphabet, opt.Rule)
	for round := range 2 {
		b, p := round, 1-round // index of the builder, the painter
		seed := opt.Seed + uint64(round)
		g, err := games.Load(spec, seed)
		if err != nil {
			return nil, usage(err)
		}
		var seats [2]match.Seat
		for seat, who := range [2]int{b, p} {
			bt, err := bots.New(opt.Players[who], g, bot.Env{Seed: match.BotSeed(seed, seat), Input: opt.Input, Output: out.Prompts()})
			if err != nil {
				return nil, usagef("player %s: %w", labels[who], err)
			}
			if h, ok := bt.(*bot.Human); ok {
				h.Name = labels[who] // the seats change hands between the rounds
			}
			seats[seat] = match.Seat{Name: fmt.Sprintf("%s (%s)", labels[who], opt.Players[who]), Bot: bt}
		}
		fmt.Fprintf(out, "\n== Round %d: %s builds, %s paints ==\n", round+1, labels[b], labels[p])
		rec, err := match.Play(ctx, g, seats, match.Options{Seed: seed, MaxThink: opt.MaxThink, Observer: out.transcript(false)})
		if err != nil {
			return res, fmt.Errorf("thue match: %w", err)
		}
		final, err := game.Replay(games, rec)
		if err != nil {
			return res, fmt.Errorf("thue match: %w", err)
		}
		pts := final.(*thue.State).PainterPoints()
		res.Points[p] += pts
		res.Rounds = append(res.Rounds, MatchRound{Builder: labels[b], Painter: labels[p], Length: rec.Length, PainterPoints: pts, Record: rec})
		if rec.Aborted {
			switch {
			case ctx.Err() != nil:
				out.fileOnly(fmt.Sprintf("The match stops: %s\n", rec.Reason))
				return res, ctx.Err()
			case quitReason(rec):
				res.Stopped = rec.Reason
				fmt.Fprintf(out, "The match stops in round %d at length %d. Painter points so far: %s %d, %s %d.\n",
					round+1, rec.Length, labels[0], res.Points[0], labels[1], res.Points[1])
				return res, nil
			}
			out.fileOnly(fmt.Sprintf("The match stops: %s\n", rec.Reason))
			return res, fmt.Errorf("match stopped: %s", rec.Reason)
		}
		fmt.Fprintf(out, "Round %d: the word reached length %d; %s, the painter, scores %s.\n", round+1, rec.Length, labels[p], game.Plural(pts, "painter point"))
	}
	switch {
	case res.Points[0] > res.Points[1]:
		w := 0
		res.Winner = &w
	case res.Points[1] > res.Points[0]:
		w := 1
		res.Winner = &w
	}
	fmt.Fprintf(out, "\nPainter points: %s %d, %s %d. ", labels[0], res.Points[0], labels[1], res.Points[1])
	if res.Winner == nil {
		fmt.Fprintln(out, "A tie.")
	} else {
		fmt.Fprintf(out, "%s wins the match.\n", labels[*res.Winner])
	}
	return res, nil
}

// quitReason reports whether an aborted record was stopped by a person
// typing quit (match.Play's reason "... quit").
func quitReason(rec *game.Record) bool {
	return rec.Aborted && strings.HasSuffix(rec.Reason, " quit")
}
