package thesis

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/thue"
)

// Help is the help text of one of the thesis' commands in the CLI.
type Help struct {
	Use, Short, Long, Example string
}

// The help texts of the CLI's Thue commands.
var (
	MatchHelp = Help{Use: "match",
		Short: "Two rounds, each player once builder and once painter; more painter points wins",
		Long: "A match of two rounds (the thesis' chapter 1.5): in round 1 player A builds and B paints, in\n" +
			"round 2 the other way round. The painter scores a point for every inserted symbol that made no\n" +
			"repetition; the player with more painter points wins. Players are bot strings: human (default) or\n" +
			"any Thue bot, e.g. 'nesting(level=1)'. 'quit' ends the match (exit status 0). The transcript and\n" +
			"each round's JSON record are written under --out.",
		Example: "  kombi thue match --alphabet 4\n  kombi thue match --a human --b 'nesting(level=1)' --rule overlap"}
	SoloHelp = Help{Use: "solo",
		Short: "One person plays both roles; the longest word ever reached is the high score",
		Long: "The thesis' graphical version as a terminal game: you choose the position and then the symbol,\n" +
			"and try to make the word as long as possible before a square (or overlap) appears; 'quit' stops\n" +
			"and keeps the length reached. The best length per alphabet and rule is kept in\n" +
			"thue-highscores.json in the data directory ($KOMBI_DATA_DIR, else $XDG_DATA_HOME/kombi, else\n" +
			"~/.local/share/kombi; or --data-dir); runs at the same time merge their scores. The transcript and\n" +
			"the game's JSON record are written under --out.",
		Example: "  kombi thue solo\n  kombi thue solo --alphabet 4 --rule overlap"}
	BenchHelp = Help{Use: "thue",
		Short: "Decision times of the thesis' strategies: the fast engine against the port of its listings",
		Long: "Plays each of the thesis' configurations (alphabet 5: B0-P1 = greedy builder vs painter level 1,\n" +
			"B1-P1, B2-P1, B0-P2) with the fast engine, ties at random from --seed as in the thesis, and times\n" +
			"every decision against the word length. Then it decides positions of increasing length from\n" +
			"that game with both the engine and the straight port of the thesis' listings (the tests'\n" +
			"oracle), checks that they agree, and reports the speed-up, until --port-budget is spent.",
		Example: "  kombi bench thue\n  kombi bench thue --config B1-P1 --port-budget 60s --json"}
	PlotHelp = Help{Use: "decision-times RECORD...",
		Short: "Seconds per decision against the word length (the Thue thesis' Figures 3.1-3.6)",
		Long: "Reads Thue game records (as written by 'kombi play', or one per line by 'kombi arena --records'\n" +
			"and the overall test), replays them, and plots each computer decision's seconds against the word\n" +
			"length. Records of other games are skipped, and so are the seats people played (their times\n" +
			"are thinking, not computing); both are reported. The file name's extension picks PNG, SVG or PDF.",
		Example: "  kombi plot decision-times output/*.json -o times.png --player builder --log"}
	Table31Help = Help{Use: "thue-table31",
		Short: "The Thue thesis' Table 3.1 (game length by alphabet and nesting levels), recomputed",
		Long: "Plays the thesis' strategies against each other for 3 and 4 symbols (squares), every nesting\n" +
			"level from 0 (greedy) to --max-level for each role, from every starting symbol with ties broken\n" +
			"first, and prints the game lengths beside the thesis' Table 3.1."}
)

// DataDir is where Kombi keeps a user's data: $KOMBI_DATA_DIR, else
// $XDG_DATA_HOME/kombi, else ~/.local/share/kombi.
func DataDir() (string, error) { return game.DataDir() }

// seats parses the --player choice of the decision-times plot.
func seats(who string) ([]game.Player, error) {
	switch who {
	case "both":
		return []game.Player{0, 1}, nil
	case "builder", "p1", "first":
		return []game.Player{0}, nil
	case "painter", "p2", "second":
		return []game.Player{1}, nil
	}
	return nil, usagef("--player %q: want builder (p1), painter (p2) or both", who)
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
		fmt.Fprintf(log, "Skipped %d record(s) of other games: decision-times plots Thue games.\n", others)
	}
	if people > 0 {
		fmt.Fprintf(log, "Left out %d seat(s) played by people: their times are thinking, not computing.\n", people)
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

// SeriesName labels a plot series: the role, the player, the game's
// alphabet and rule, and the seed.
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
	return fmt.Sprintf("%s %s, k=%s %s, seed %d", role, r.Players[p], k, rule, r.Seed)
}
