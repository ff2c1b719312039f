package thesis

import (
	"context"
	"time"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
	"github.com/kombi/kombi/sweep"
)

// Register adds the thesis' report that plays games to studies: `kombi
// report thue-table31`, which plays the games of games with the bots of
// bots.
func Register(studies *study.Registry, games *game.Registry, bots *bot.Registry) {
	studies.AddCommand(study.Command{Group: "report", Name: "thue-table31", Format: "text",
		Short: "The Thue thesis' Table 3.1 (game length by alphabet and nesting levels), recomputed",
		New: func() (study.Options, study.Run) {
			o := &Table31Options{}
			return o, func(ctx context.Context, progress func(solve.Progress)) (game.Tabler, error) {
				return o.Run(ctx, games, bots, progress)
			}
		}})
}

// Table31Options are the settings of `kombi report thue-table31`.
type Table31Options struct {
	// MaxLevel is the highest nesting level for each role (0 to 3).
	MaxLevel int
}

// Settings sets the defaults and returns the settings.
func (o *Table31Options) Settings() []study.Setting {
	*o = Table31Options{MaxLevel: 2}
	return []study.Setting{{Name: "highest nesting level", Doc: "highest nesting level for each role", Value: study.Int(&o.MaxLevel)}}
}

// Check validates the settings (a study.SettingError).
func (o *Table31Options) Check() error {
	_, err := Table31Cells(o.MaxLevel)
	return err
}

// Tables is a result of tables (what `kombi report thue-table31` prints).
type Tables []game.Table

// Tables returns the tables.
func (t Tables) Tables() []game.Table { return t }

// Run plays the grid of Table31Cells and returns the table beside the
// thesis' numbers; interrupted, the table of the games finished with the
// error.
func (o *Table31Options) Run(ctx context.Context, games *game.Registry, bots *bot.Registry, progress func(solve.Progress)) (Tables, error) {
	cells, err := Table31Cells(o.MaxLevel)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	res, err := sweep.Run(ctx, games, bots, cells, sweep.Options{Progress: func(done, total int) {
		if progress != nil {
			progress(solve.Progress{Done: int64(done), Total: int64(total), Elapsed: time.Since(start)})
		}
	}})
	return Table31(sweep.Summarise(res)), err
}
