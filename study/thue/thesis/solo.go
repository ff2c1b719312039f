package thesis

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/match"
)

// HighScoresFile is the name of the solo mode's old high-score file in the
// data directory (a JSON object from game strings to the longest word
// reached): the high scores live in the database now, beside the browser's,
// and such a file is imported once, then renamed HighScoresFile+".imported".
const HighScoresFile = "thue-highscores.json"

// maxHighScoresBytes bounds the high-score file read.
const maxHighScoresBytes = 1 << 20

// HighScores keeps the best length per game string: the database's high
// scores (store.Store), shared by the terminal and the browser.
type HighScores interface {
	// HighScore raises the score under key to score when higher and
	// returns the best stored.
	HighScore(ctx context.Context, key string, score int64) (int64, error)
	// HighScores returns every stored high score by key.
	HighScores(ctx context.Context) (map[string]int64, error)
}

// ImportHighScores moves the high scores of an old file in dir into hs
// (each raising the stored score when higher: nothing is lost, and a second
// import changes nothing), then renames the file so that it is imported
// once. Without a file it does nothing.
func ImportHighScores(ctx context.Context, dir string, hs HighScores) error {
	path := filepath.Join(dir, HighScoresFile)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("high scores: %w", err)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxHighScoresBytes+1))
	f.Close()
	if err != nil {
		return fmt.Errorf("high scores %s: %w", path, err)
	}
	if len(data) > maxHighScoresBytes {
		return fmt.Errorf("high scores %s: larger than %d bytes; move it away", path, maxHighScoresBytes)
	}
	var scores map[string]int
	if err := json.Unmarshal(data, &scores); err != nil {
		return fmt.Errorf("high scores %s: not a JSON object of lengths (%w); fix it or move it away", path, err)
	}
	for key, score := range scores {
		if _, err := hs.HighScore(ctx, key, int64(score)); err != nil {
			return fmt.Errorf("high scores %s: %w", path, err)
		}
	}
	if err := os.Rename(path, path+".imported"); err != nil {
		return fmt.Errorf("high scores %s: imported, but: %w", path, err)
	}
	return nil
}

// SoloOptions configure a solo game.
type SoloOptions struct {
	Session
	// DataDir holds an old high-score file to import ("": DataDir()).
	DataDir string
	// NoSave keeps a new high score from being saved.
	NoSave bool
}

// SoloResult is a solo game's outcome.
type SoloResult struct {
	Record *game.Record
	// HighScore is the best length before this game (at saving time).
	HighScore int
	// Quit reports that the person quit; the length reached counts.
	Quit bool
}

// PlaySolo plays the thesis' solo mode: one person plays both roles and
// tries to make the word as long as possible; the longest word per
// alphabet and rule is the high score, kept in the database (OpenDB).
// Quitting keeps the length reached. A game stopped otherwise (the input
// ended, Ctrl-C) is returned with an error and saves no high score. The
// console is finished with the game's record, which is stored in the
// database unless NoDB (a stopped game too, as `kombi play` stores it).
func PlaySolo(ctx context.Context, games *game.Registry, opt SoloOptions) (*SoloResult, error) {
	db, err := opt.openDB()
	if err != nil {
		return nil, cmp.Or(opt.Console.Finish(), fmt.Errorf("thue solo: the high scores: %w", err))
	}
	res, err := playSolo(ctx, games, db, opt)
	if res == nil {
		return nil, cmp.Or(err, opt.Console.Finish(), db.Close())
	}
	return res, cmp.Or(err, opt.Console.Finish(res.Record), opt.keep(ctx, db, "the game", res.Record), db.Close())
}

func playSolo(ctx context.Context, games *game.Registry, db Database, opt SoloOptions) (*SoloResult, error) {
	if opt.DataDir == "" {
		dir, err := DataDir()
		if err != nil {
			return nil, err
		}
		opt.DataDir = dir
	}
	key := fmt.Sprintf("thue(alphabet=%d,rule=%s)", opt.Alphabet, opt.Rule)
	g, err := games.Load(key, opt.Seed)
	if err != nil {
		return nil, usage(err)
	}
	if err := ImportHighScores(ctx, opt.DataDir, db); err != nil {
		return nil, err
	}
	scores, err := db.HighScores(ctx)
	if err != nil {
		return nil, err
	}
	out := opt.Console
	h := bot.NewHuman(opt.Input, out.Prompts(), g.Type())
	fmt.Fprintf(out, "Solo Thue game: symbols 0..%d, avoid %ss. High score: %d\n", opt.Alphabet-1, opt.Rule, scores[key])
	rules := ""
	if tg, ok := g.(*thue.Game); ok {
		rules = tg.SoloRules()
	}
	rec, err := match.Play(ctx, g, [2]match.Seat{{Name: "you", Bot: h}, {Name: "you", Bot: h}}, match.Options{Seed: opt.Seed, Observer: out.transcript(true), Rules: rules})
	if err != nil {
		return nil, fmt.Errorf("thue solo: %w", err)
	}
	res := &SoloResult{Record: rec, HighScore: int(scores[key]), Quit: quitReason(rec)}
	if rec.Aborted && !res.Quit {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, fmt.Errorf("game stopped: %s", rec.Reason)
	}
	if !opt.NoSave {
		if _, err = db.HighScore(context.WithoutCancel(ctx), key, int64(rec.Length)); err != nil {
			return res, err
		}
	}
	if res.Quit {
		fmt.Fprintf(out, "You quit at length %d; it counts. ", rec.Length)
	}
	if rec.Length > res.HighScore {
		fmt.Fprintf(out, "New high score: %d (was %d).\n", rec.Length, res.HighScore)
	} else {
		fmt.Fprintf(out, "Length %d. High score: %d.\n", rec.Length, res.HighScore)
	}
	return res, nil
}
