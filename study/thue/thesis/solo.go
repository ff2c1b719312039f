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
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/files"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
)

// HighScoresFile is the name of the solo mode's high-score file in the data
// directory: a JSON object from game strings to the longest word reached.
const HighScoresFile = "thue-highscores.json"

// maxHighScoresBytes bounds the high-score file read.
const maxHighScoresBytes = 1 << 20

// ReadHighScores reads the high scores kept in dir (none yet: an empty
// map; a file holding null: an empty map).
func ReadHighScores(dir string) (map[string]int, error) {
	path := filepath.Join(dir, HighScoresFile)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]int{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("high scores: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxHighScoresBytes+1))
	if err != nil {
		return nil, fmt.Errorf("high scores %s: %w", path, err)
	}
	if len(data) > maxHighScoresBytes {
		return nil, fmt.Errorf("high scores %s: larger than %d bytes; move it away", path, maxHighScoresBytes)
	}
	var scores map[string]int
	if err := json.Unmarshal(data, &scores); err != nil {
		return nil, fmt.Errorf("high scores %s: not a JSON object of lengths (%w); fix it or move it away", path, err)
	}
	if scores == nil {
		scores = map[string]int{}
	}
	return scores, nil
}

// SaveHighScore records length for key in dir's high scores, if it beats
// the score stored there now: under a lock, it reads the file again,
// keeps the best score of every key, and replaces the file atomically (a
// temporary file renamed over it), so runs at the same time lose nothing.
// It returns the score stored before.
func SaveHighScore(dir, key string, length int) (before int, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, fmt.Errorf("high scores: %w", err)
	}
	path := filepath.Join(dir, HighScoresFile)
	unlock, err := lockFile(path + ".lock")
	if err != nil {
		return 0, err
	}
	defer unlock()
	scores, err := ReadHighScores(dir)
	if err != nil {
		return 0, err
	}
	before = scores[key]
	if length <= before {
		return before, nil
	}
	scores[key] = length
	data, err := json.MarshalIndent(scores, "", "  ")
	if err != nil {
		return before, fmt.Errorf("high scores: %w", err)
	}
	if err := files.WriteFileAtomic(path, append(data, '\n')); err != nil {
		return before, fmt.Errorf("high scores %s: %w", path, err)
	}
	return before, nil
}

// lockFile takes the lock file path (created exclusively), waiting up to
// ten seconds for another holder; a lock older than a minute is stale (its
// holder died) and broken.
func lockFile(path string) (unlock func(), err error) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return nil, fmt.Errorf("high scores lock: %w", err)
		}
		if st, serr := os.Stat(path); serr == nil && time.Since(st.ModTime()) > time.Minute {
			os.Remove(path)
			continue
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("high scores: %s is held by another run; remove it if no other kombi runs", path)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// SoloOptions configure a solo game.
type SoloOptions struct {
	Session
	// DataDir holds the high-score file ("": DataDir()).
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
// alphabet and rule is the high score. Quitting keeps the length reached.
// A game stopped otherwise (the input ended, Ctrl-C) is returned with an
// error and saves nothing. The console is finished with the game's record.
func PlaySolo(ctx context.Context, games *game.Registry, opt SoloOptions) (*SoloResult, error) {
	res, err := playSolo(ctx, games, opt)
	if res == nil {
		return nil, cmp.Or(err, opt.Console.Finish())
	}
	return res, cmp.Or(err, opt.Console.Finish(res.Record))
}

func playSolo(ctx context.Context, games *game.Registry, opt SoloOptions) (*SoloResult, error) {
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
	scores, err := ReadHighScores(opt.DataDir)
	if err != nil {
		return nil, err
	}
	out := opt.Console
	h := bot.NewHuman(opt.Input, out.Prompts(), g.Type())
	fmt.Fprintf(out, "Solo Thue game: symbols 0..%d, avoid %ss. High score: %d\n", opt.Alphabet-1, opt.Rule, scores[key])
	rec, err := match.Play(ctx, g, [2]match.Seat{{Name: "you", Bot: h}, {Name: "you", Bot: h}}, match.Options{Seed: opt.Seed, Transcript: out})
	if err != nil {
		return nil, fmt.Errorf("thue solo: %w", err)
	}
	res := &SoloResult{Record: rec, HighScore: scores[key], Quit: quitReason(rec)}
	if rec.Aborted && !res.Quit {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, fmt.Errorf("game stopped: %s", rec.Reason)
	}
	if !opt.NoSave {
		if res.HighScore, err = SaveHighScore(opt.DataDir, key, rec.Length); err != nil {
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
