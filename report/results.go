package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/sweep"
)

// ResultText is a solve result for people: the game's own explanation
// (Result.Text), else its common fields.
func ResultText(r *solve.Result) string {
	if r.Text != "" {
		return r.Text
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\nOutcome for the player to move: %s\n", r.Game, r.Position, r.Outcome)
	if r.Value != nil {
		fmt.Fprintf(&b, "Value: %s\n", valueText(r.Value))
	}
	if r.LowerBound != nil || r.UpperBound != nil {
		fmt.Fprintf(&b, "Bounds: %s to %s\n", valueText(r.LowerBound), valueText(r.UpperBound))
	}
	complete := ""
	if !r.Complete {
		complete = ", not complete"
	}
	fmt.Fprintf(&b, "Best moves: %s\n(positions searched: %s%s)\n", strings.Join(r.BestMoves, " "), game.Grouped(r.Nodes), complete)
	return b.String()
}

// AnalysisTable is an analysis as a table: one row per move with its
// outcome for the mover and the value after it.
// At a chance node the rows are the draws, each with its probability, the
// outcome for player 1, and the position's value, their average, in a
// note.
func AnalysisTable(an *solve.Analysis) *Table {
	at := an.Game
	if an.Position != "" {
		at += ", position " + an.Position // the game string names the start; --position another
	}
	t := &Table{Title: fmt.Sprintf("%s — every move of player %s", at, game.SeatName(an.Player)),
		Columns: []string{"move", "outcome", "value"}}
	draws := an.Player == game.Chance
	if draws {
		t.Title = fmt.Sprintf("%s — every draw of chance (outcome and value for player %s)", at, game.SeatName(0))
		t.Columns = []string{"draw", "probability", "outcome", "value"}
	}
	race := !draws && slices.ContainsFunc(an.Moves, func(m solve.MoveValue) bool { return m.WinIn != nil })
	if race {
		t.Columns = append(t.Columns, "win in")
		t.Notes = append(t.Notes, "win in: the moves of its own the winner still needs after the move against the best defence "+
			"(the mover's after a win, the other player's after a loss).")
	}
	unknown := false
	for _, m := range an.Moves {
		switch {
		case draws:
			t.Rows = append(t.Rows, []string{m.Move, valueText(m.Probability), m.Outcome.String(), valueText(m.Value)})
		case race && m.WinIn != nil:
			t.Rows = append(t.Rows, []string{m.Move, m.Outcome.String(), valueText(m.Value), fmt.Sprint(*m.WinIn)})
		case race:
			t.Rows = append(t.Rows, []string{m.Move, m.Outcome.String(), valueText(m.Value), "-"})
		default:
			t.Rows = append(t.Rows, []string{m.Move, m.Outcome.String(), valueText(m.Value)})
		}
		unknown = unknown || m.Outcome == solve.Unknown
	}
	valued := slices.ContainsFunc(an.Moves, func(m solve.MoveValue) bool { return m.Value != nil })
	if !draws && !valued { // a value column of dashes says nothing
		for i := range t.Rows {
			t.Rows[i] = slices.Delete(t.Rows[i], 2, 3)
		}
		t.Columns = slices.Delete(t.Columns, 2, 3)
	}
	if draws {
		t.Notes = append(t.Notes, "outcome and value: for "+game.SeatName(0)+" after the draw, with best play on both sides.")
	} else {
		words := "for " + game.SeatName(an.Player) + ", who makes the move, with best play on both sides after it"
		if slices.ContainsFunc(an.Moves, func(m solve.MoveValue) bool { return m.Outcome == solve.Chance }) {
			words += " (chance: neither sure to win nor sure to lose)"
		}
		t.Notes = append(t.Notes, "outcome: "+words+".")
	}
	if valued {
		label := an.Measure.Label
		if label == "" {
			label = "the value the game measures"
		}
		t.Notes = append(t.Notes, "value: "+label+" after it.")
	}
	if draws && an.Value != nil {
		t.Notes = append(t.Notes, fmt.Sprintf("The position's value, the draws' values averaged by their probabilities: %s.", valueText(an.Value)))
	}
	switch {
	case unknown:
		t.Notes = append(t.Notes, "Moves marked unknown were not decided in the time given (--time).")
	case !an.Complete:
		t.Notes = append(t.Notes, "Not every legal move is listed or valued (see the game's notes).")
	}
	return t
}

// valueText is a value in a table or text for people (game.ValueText: a
// probability of 0 or 1 as 0 or 1, not 0/1 or 1/1).
func valueText(v any) string { return game.ValueText(v) }

// ArenaText is an arena's tally for people: of games games of the game
// string spec from seed on (fewer finished when it was stopped).
func ArenaText(res sweep.ArenaResult, spec string, seed uint64, games int) string {
	var b strings.Builder
	if res.Games < games {
		fmt.Fprintf(&b, "%d of %d games of %s finished, seeds from %d, seats alternating\n", res.Games, games, spec, seed)
	} else {
		fmt.Fprintf(&b, "%d games of %s, seeds %d..%d, seats alternating\n", res.Games, spec, seed, seed+uint64(games)-1)
	}
	fmt.Fprintf(&b, "  A %-24s wins %d\n", res.Bots[0], res.Wins[0])
	fmt.Fprintf(&b, "  B %-24s wins %d\n", res.Bots[1], res.Wins[1])
	fmt.Fprintf(&b, "  draws %d", res.Draws)
	if res.Aborted > 0 {
		fmt.Fprintf(&b, ", aborted %d", res.Aborted)
	}
	fmt.Fprintf(&b, "\n  score of A %.1f%% (a draw counts half); the first mover won %d\n", 100*res.Score(0), res.FirstWins)
	first := "moved first"
	if res.FirstRole != "" && res.FirstRole != "first" {
		first = "was the " + res.FirstRole // the Thue game's builder, whose games' lengths are the result
	}
	for i, name := range [2]string{"A", "B"} {
		if n := res.Began(i); n > 0 {
			l := res.Lengths[i]
			fmt.Fprintf(&b, "  length of the games where %s %s: mean %.1f, from %d to %d (%s)\n", name, first, l.Mean, l.Min, l.Max, game.Plural(n, "game"))
		}
	}
	return b.String()
}
