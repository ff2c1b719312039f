package match

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/kombi/kombi/files"
	"github.com/kombi/kombi/game"
)

// WriteSteps writes every position of a record in turn, from the start
// (its position, if any) to the end, each after the move that led to it
// and the game's note on that move (game.MoveNoter), as `kombi replay
// --step` shows them. It returns the first error of rebuilding the game or
// of writing.
func WriteSteps(w io.Writer, reg *game.Registry, rec *game.Record) error {
	return writeSteps(w, reg, rec, nil)
}

// writeSteps is WriteSteps; with pause, it waits for a line from pause
// before each move (a person at a terminal presses Enter), and "q" (or
// the input's end) writes the rest without waiting.
func writeSteps(w io.Writer, reg *game.Registry, rec *game.Record, pause *bufio.Reader) error {
	s, err := game.StateAt(reg, rec, 0)
	if err != nil {
		return err
	}
	typ, _ := reg.Lookup(familyName(rec.Game))
	ew := files.NewCheckedWriter(w, "output")
	if rec.Position != "" {
		fmt.Fprintf(ew, "Start (position %s):\n%s\n", rec.Position, s)
	} else {
		fmt.Fprintf(ew, "Start:\n%s\n", s)
	}
	for i, m := range rec.Moves {
		if pause != nil {
			fmt.Fprintf(ew, "(Enter: move %d of %d; q: the rest at once) ", i+1, len(rec.Moves))
			if err := ew.Err(); err != nil {
				return err
			}
			line, err := pause.ReadString('\n')
			if strings.TrimSpace(strings.ToLower(line)) == "q" || err != nil {
				pause = nil
			}
		}
		note := noteOf(s, m.Move)
		if err := applyText(s, m); err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		switch {
		case m.Player == game.Chance:
			fmt.Fprintf(ew, "Move %d: chance drew %s\n", i+1, m.Move)
		case typ != nil:
			fmt.Fprintf(ew, "Move %d: %s (%s, %s) played %s\n", i+1, game.SeatName(m.Player), typ.Role(m.Player), rec.Players[m.Player], m.Move)
		default:
			fmt.Fprintf(ew, "Move %d: %s (%s) played %s\n", i+1, game.SeatName(m.Player), rec.Players[m.Player], m.Move)
		}
		if note != "" {
			fmt.Fprintf(ew, "%s\n", game.Wrap(note, 80))
		}
		fmt.Fprintf(ew, "%s\n", s)
		if err := ew.Err(); err != nil {
			return err
		}
	}
	fmt.Fprintln(ew)
	return ew.Err()
}

// familyName is the name in a game string ("nim" of "nim(piles=3)").
func familyName(gameString string) string {
	spec, err := game.ParseSpec(gameString)
	if err != nil {
		return ""
	}
	return spec.Name
}
