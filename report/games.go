package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/kombi/kombi/files"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/store"
)

// WriteCatalogue writes the games with their parameters, roles and bots
// for people, as `kombi games` prints them.
func WriteCatalogue(w io.Writer, list []all.GameInfo) error {
	cw := files.NewCheckedWriter(w, "standard output")
	fmt.Fprint(cw, catalogueSources)
	for _, g := range list {
		fmt.Fprintf(cw, "%s — %s\n", g.Name, g.Doc)
		fmt.Fprintf(cw, "  roles: P1 (--p1) %s, P2 (--p2) %s\n", g.Roles[0], g.Roles[1])
		writeParams(cw, "  ", g.Params)
		if g.Example != "" {
			fmt.Fprintf(cw, "  e.g. %s\n", g.Example)
		}
		fmt.Fprintln(cw, "  bots:")
		for _, b := range g.Bots {
			fmt.Fprintf(cw, "    %s — %s\n", botSignature(b), b.Doc)
			writeParams(cw, "      ", b.Params)
		}
		fmt.Fprintln(cw)
	}
	return cw.Err()
}

// catalogueSources names the source documents the catalogue's words cite
// ("the thesis' setPower", "the project's evaluation").
const catalogueSources = `Where the words below cite "the thesis" or "the project", they mean each game's source
(kombi report sources recomputes them): for the Thue game Rękawek's master's thesis (Gdańsk, 2016);
for Nim, Building Nim and Wythoff's game Mijailović's master's thesis (Belgrade, 2020); for 2D Nim a
university assignment (Patras, 2023); for the Szemerédi game a student project (2022); for the
list-colouring game a project plan.

`

func writeParams(w io.Writer, indent string, params []all.ParamInfo) {
	for _, p := range params {
		doc := p.Doc
		if r, n := utf8.DecodeRuneInString(doc); n > 0 {
			doc = string(unicode.ToUpper(r)) + doc[n:]
		}
		fmt.Fprintf(w, "%s%-10s %s; default %s. %s\n", indent, p.Name+"=", p.Allowed, p.Default, doc)
	}
}

// botSignature writes a bot with its parameter names, as in
// "nesting(level,ties)"; a bot without parameters is its name.
func botSignature(b all.BotInfo) string {
	if len(b.Params) == 0 {
		return b.Name
	}
	var names []string
	for _, p := range b.Params {
		names = append(names, p.Name)
	}
	return b.Name + "(" + strings.Join(names, ",") + ")"
}

// ListedGame is a stored game in `kombi records list --json`: all but its
// record.
type ListedGame struct {
	ID       int64     `json:"id"`
	Created  time.Time `json:"created_at"`
	Source   string    `json:"source"`
	GameName string    `json:"game_name"`
	Game     string    `json:"game"`
	Seed     uint64    `json:"seed"`
	Players  []string  `json:"players"`
	Winner   *int      `json:"winner"`
	Length   int64     `json:"length"`
	Aborted  bool      `json:"aborted"`
	Sweep    string    `json:"sweep,omitempty"`
	Cell     string    `json:"cell,omitempty"`
}

// ListGames lists stored games (of total selected, in the database at
// location): its JSON, {"games":[...],"total":N} (all but the records),
// and its table.
func ListGames(games []*store.StoredGame, total int64, location string) (data any, t *Table) {
	list := struct {
		Games []ListedGame `json:"games"`
		Total int64        `json:"total"`
	}{Games: []ListedGame{}, Total: total}
	t = &Table{
		Title:   fmt.Sprintf("Games in %s", location),
		Columns: []string{"id", "when", "source", "game", "seed", "players", "result", "length", "sweep", "cell"},
	}
	for _, g := range games {
		list.Games = append(list.Games, ListedGame{ID: g.ID, Created: g.Created, Source: g.Source, GameName: g.GameName,
			Game: g.Game, Seed: g.Seed, Players: g.Players, Winner: g.Winner, Length: g.Length, Aborted: g.Aborted,
			Sweep: g.Sweep, Cell: g.Cell})
		t.Rows = append(t.Rows, []string{
			strconv.FormatInt(g.ID, 10), g.Created.Local().Format("2006-01-02 15:04:05"), g.Source, g.Game,
			strconv.FormatUint(g.Seed, 10), strings.Join(g.Players, " vs "), resultText(g),
			strconv.FormatInt(g.Length, 10), g.Sweep, g.Cell,
		})
	}
	t.Notes = append(t.Notes, fmt.Sprintf("%d of %s shown.", len(games), game.Plural(int(total), "game")))
	return list, t
}

// resultText is a stored game's result in a few words.
func resultText(g *store.StoredGame) string {
	switch {
	case g.Aborted:
		return "aborted"
	case g.Winner == nil:
		return "draw"
	default:
		return game.SeatName(game.Player(*g.Winner)) + " wins"
	}
}

// ShowGame is a stored game for people (a summary, the moves and the
// result), or with asJSON exactly its stored record, as `kombi replay`
// reads it.
func ShowGame(g *store.StoredGame, reg *game.Registry, asJSON bool) (string, error) {
	if asJSON {
		return string(g.Record) + "\n", nil
	}
	rec, err := g.Decode()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Game %d: %s, seed %d\n", g.ID, g.Game, g.Seed)
	for i, p := range g.Players {
		fmt.Fprintf(&b, "  %s: %s\n", game.SeatName(game.Player(i)), p)
	}
	fmt.Fprintf(&b, "  stored %s from %s", g.Created.Local().Format("2006-01-02 15:04:05"), g.Source)
	if g.Sweep != "" {
		fmt.Fprintf(&b, " (sweep %s, cell %s)", g.Sweep, g.Cell)
	}
	b.WriteString("\n\nMoves:\n")
	if len(rec.Moves) == 0 {
		b.WriteString("  (none)\n")
	}
	for i, m := range rec.Moves {
		fmt.Fprintf(&b, "  %3d. %s %-12s %.3f s\n", i+1, game.SeatName(m.Player), m.Move, m.Seconds)
	}
	b.WriteByte('\n')
	if typ, ok := reg.Lookup(g.GameName); ok {
		b.WriteString(match.ResultLine(typ, rec))
	} else {
		fmt.Fprintf(&b, "Result: %s after %d moves (length %d).", resultText(g), len(rec.Moves), rec.Length)
	}
	b.WriteString("\n'kombi records show " + strconv.FormatInt(g.ID, 10) + " --json' prints the record for 'kombi replay'.\n")
	return b.String(), nil
}
