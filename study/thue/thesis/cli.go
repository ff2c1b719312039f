package thesis

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
	"github.com/kombi/kombi/study"
)

// DataDir is where Kombi keeps a user's data: $KOMBI_DATA_DIR, else
// $XDG_DATA_HOME/kombi, else ~/.local/share/kombi.
func DataDir() (string, error) { return game.DataDir() }

// seats parses the player choice of the decision-times plot.
func seats(who string) ([]game.Player, error) {
	switch who {
	case "both":
		return []game.Player{0, 1}, nil
	case "builder", "p1", "first":
		return []game.Player{0}, nil
	case "painter", "p2", "second":
		return []game.Player{1}, nil
	}
	return nil, study.Settingf("{player} %q: want builder (p1), painter (p2) or both", who)
}

// DecisionTimes reads the record files of the decision-times plot and
// returns the series that series makes of each Thue record's computer
// seats asked for (who: builder or p1, painter or p2, or both), and the
// plot's title. It tells log about torn last records, records of other
// games and people's seats left out. (series is report.DecisionTimes,
// which this package does not import.) output is the plot's file name,
// which must be given.
func DecisionTimes[S any](paths []string, who, output string, log io.Writer, series func(*game.Record, []game.Player) ([]S, error)) ([]S, string, error) {
	seats, err := seats(who)
	if err == nil && output == "" {
		err = usagef("decision-times: -o FILE is required (.png, .svg or .pdf)")
	}
	if err != nil {
		return nil, "", err
	}
	type timed struct {
		rec   *game.Record
		seats []game.Player
	}
	var out []timed
	others, people := 0, 0
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, "", usagef("decision-times: %w", err)
		}
		recs, err := ReadRecords(f, 0)
		f.Close()
		if err != nil {
			return nil, "", usagef("decision-times %s: %w", path, err)
		}
		if recs.Torn > 0 {
			fmt.Fprintf(log, "warning: %s ends in a torn record (%d bytes); it is skipped.\n", path, recs.Torn)
		}
		for _, r := range recs.Records {
			t, humans, ok := TimedSeats(r, seats)
			switch {
			case !ok:
				others++
			case len(t) > 0:
				out = append(out, timed{r, t})
			}
			people += len(humans)
		}
	}
	if others > 0 {
		fmt.Fprintf(log, "Skipped %s of other games: decision-times plots Thue games.\n", game.Plural(others, "record"))
	}
	if people > 0 {
		fmt.Fprintf(log, "Left out %s played by people: their times are thinking, not computing.\n", game.Plural(people, "seat"))
	}
	if len(out) == 0 {
		return nil, "", usagef("decision-times: no computer decision of a Thue game in %s", strings.Join(paths, ", "))
	}
	var all []S
	for _, t := range out {
		s, err := series(t.rec, t.seats)
		if err != nil {
			return nil, "", fmt.Errorf("decision-times: %w", err)
		}
		all = append(all, s...)
	}
	title := fmt.Sprintf("Seconds per decision (%d games)", len(out))
	if len(out) == 1 {
		title = "Seconds per decision: " + out[0].rec.Game
	}
	return all, title, nil
}

// SeriesName labels a plot series: the game's alphabet and rule, the
// seed, the role, the player and its opponent.
func SeriesName(r *game.Record, p game.Player) string {
	role := "builder"
	if p == thue.Painter {
		role = "painter"
	}
	k, rule := "?", "?"
	if spec, err := game.ParseSpec(r.Game); err == nil {
		for _, a := range spec.Args {
			switch a.Key {
			case "alphabet":
				k = a.Value
			case "rule":
				rule = a.Value
			}
		}
	}
	// The opponent too (two games of one bot and seed against different opponents had one name), last: a
	// legend cuts a long name at its end.
	return fmt.Sprintf("k=%s %s, seed %d: %s %s against %s", k, rule, r.Seed, role, r.Players[p], r.Players[1-p])
}
