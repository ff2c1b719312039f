package thesis

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/sweep"
)

// OverallCells returns the grid of the thesis' overall test: every rule,
// every alphabet size from 3 to K, every builder level up to BuilderLevel
// and every painter level up to PainterLevel, OverallGames seeds from seed
// each, games stopped at OverallMaxLength.
func (c *Config) OverallCells(seed uint64) []sweep.Cell {
	var cells []sweep.Cell
	for _, rule := range []string{"square", "overlap"} {
		for k := 3; k <= max(3, c.K); k++ {
			for pl := 0; pl <= c.PainterLevel; pl++ {
				for bl := 0; bl <= c.BuilderLevel; bl++ {
					g := fmt.Sprintf("thue(alphabet=%d,rule=%s,target=%d)", k, rule, c.OverallMaxLength)
					players := [2]string{NestingBot(bl, c.Random), NestingBot(pl, c.Random)}
					cell := sweep.Cell{
						ID:      fmt.Sprintf("%s|%s|%s", g, players[0], players[1]),
						Labels:  map[string]string{"gameType": rule, "setPower": strconv.Itoa(k), "builderNestingLevel": strconv.Itoa(bl), "painterNestingLevel": strconv.Itoa(pl)},
						Game:    g,
						Players: players,
					}
					for j := range c.OverallGames {
						cell.Seeds = append(cell.Seeds, seed+uint64(j))
					}
					cells = append(cells, cell)
				}
			}
		}
	}
	return cells
}

// OverallOptions configure RunOverall.
type OverallOptions struct {
	Seed     uint64
	MaxThink time.Duration
	// Dir receives overall-test.jsonl, the records of the games played
	// (appended and synced one by one); a rerun resumes from it. "" keeps
	// no records.
	Dir string
	// Log receives messages for people (where the records go, a torn
	// last record skipped).
	Log io.Writer
	// Progress receives the games done.
	Progress func(solve.Progress)
}

// RecordsFile is the name of the overall test's records file.
const RecordsFile = "overall-test.jsonl"

// RunOverall plays the overall test and returns the thesis' Table 3.1 of
// the games played (one table; none when it could not start).
// Interrupted (ctx done), it returns the table of the games finished with
// ctx's error.
func RunOverall(ctx context.Context, games *game.Registry, bots *bot.Registry, c *Config, opt OverallOptions) ([]game.Table, error) {
	log := opt.Log
	if log == nil {
		log = io.Discard
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		done     []*game.Record
		file     *os.File
		writeErr error
	)
	if opt.Dir != "" {
		var err error
		if done, file, err = openRecords(filepath.Join(opt.Dir, RecordsFile), log); err != nil {
			return nil, err
		}
		defer file.Close()
		fmt.Fprintf(log, "Records (with every decision's seconds) go to %s; a rerun resumes from it.\n", file.Name())
	}
	start := time.Now()
	results, err := sweep.Run(ctx, games, bots, c.OverallCells(opt.Seed), sweep.Options{
		MaxThink: c.MaxThink, Done: done,
		Progress: func(d, total int) {
			if opt.Progress != nil {
				opt.Progress(solve.Progress{Done: int64(d), Total: int64(total), Elapsed: time.Since(start)})
			}
		},
		Record: func(r *game.Record) {
			if file == nil || writeErr != nil {
				return
			}
			line, err := json.Marshal(r)
			if err == nil {
				_, err = file.Write(append(line, '\n'))
			}
			if err == nil {
				err = file.Sync()
			}
			if err != nil {
				writeErr = fmt.Errorf("records file %s: %w", file.Name(), err)
				cancel()
			}
		},
	})
	if file != nil {
		if cerr := file.Close(); cerr != nil && writeErr == nil {
			writeErr = fmt.Errorf("records file %s: %w", file.Name(), cerr)
		}
	}
	t := []game.Table{*c.overallTable(sweep.Summarise(results))}
	if writeErr != nil {
		return t, writeErr
	}
	if err != nil {
		return t, fmt.Errorf("overall test: %w", err)
	}
	return t, nil
}

// openRecords reads the records of an earlier run from path, removes a
// torn last record (a write cut short) with a message, and opens the file
// for appending.
func openRecords(path string, log io.Writer) ([]*game.Record, *os.File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, nil, fmt.Errorf("output directory: %w", err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("records file: %w", err)
	}
	recs, err := ReadRecords(f, 0)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("resume from %s: %w", path, err)
	}
	if recs.Torn > 0 {
		fmt.Fprintf(log, "warning: %s ends in a torn record (%d bytes, a write cut short); it is skipped and its game played again.\n", path, recs.Torn)
		if err := f.Truncate(recs.Good); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("records file %s: %w", path, err)
		}
	}
	if _, err := f.Seek(recs.Good, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("records file %s: %w", path, err)
	}
	if recs.Good > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, recs.Good-1); err == nil && last[0] != '\n' {
			if _, err := f.Write([]byte("\n")); err != nil {
				f.Close()
				return nil, nil, fmt.Errorf("records file %s: %w", path, err)
			}
		}
	}
	return recs.Records, f, nil
}

func (c *Config) overallTable(sums []sweep.Summary) *game.Table {
	t := &game.Table{
		Title:   "Game length by configuration (the thesis' Table 3.1; length = final word length)",
		Columns: []string{"gameType", "setPower", "painterNestingLevel", "builderNestingLevel", "game length", "games", "aborted"},
	}
	for _, s := range sums {
		t.Rows = append(t.Rows, []string{s.Label("gameType"), s.Label("setPower"), s.Label("painterNestingLevel"), s.Label("builderNestingLevel"),
			s.Range(), strconv.Itoa(len(s.Lengths) + s.Aborted), strconv.Itoa(s.Aborted)})
	}
	ties := "first"
	if c.Random {
		ties = "random"
	}
	t.Notes = []string{fmt.Sprintf("Ties: %s. A game reaching length %d stops there (the painter survived); aborted = a decision over maxThinkTime %v.", ties, c.OverallMaxLength, c.MaxThink)}
	return t
}
