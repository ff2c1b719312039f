package all

import (
	"cmp"
	"strings"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// ParamInfo describes one parameter of a game or bot string.
type ParamInfo struct {
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	Default string `json:"default"`
	Allowed string `json:"allowed"`
	Doc     string `json:"doc"`
	// Values are the choices of an enum; Min and Max bound numbers (and
	// the items of number lists) where they are bounded.
	Values []string `json:"values,omitempty"`
	Min    *int64   `json:"min,omitempty"`
	Max    *int64   `json:"max,omitempty"`
	// MinItems is the least number of items of a list.
	MinItems int `json:"min_items,omitempty"`
	// Random parameters are drawn from the seed when absent.
	Random bool `json:"random,omitempty"`
	// Required parameters must be given.
	Required bool `json:"required,omitempty"`
}

// BotInfo describes a bot that plays a game.
type BotInfo struct {
	Name string `json:"name"`
	// Title is the name in words of the game's opponent with this bot
	// string, if it is one; else the name.
	Title  string      `json:"title"`
	Doc    string      `json:"doc"`
	Params []ParamInfo `json:"params"`
}

// GameInfo describes a game: what `kombi games --json` prints for it and
// the browser's new-game form is built from.
type GameInfo struct {
	Name    string      `json:"name"`
	Doc     string      `json:"doc"`
	Roles   []string    `json:"roles"`
	Params  []ParamInfo `json:"params"`
	Chance  bool        `json:"chance"`
	Example string      `json:"example"`
	Bots    []BotInfo   `json:"bots"`
	// What people read (see game.Type).
	Title       string          `json:"title"`
	Family      string          `json:"family"`
	FamilyTitle string          `json:"family_title"`
	Rules       string          `json:"rules"`
	HowToMove   [2]string       `json:"how_to_move"`
	Impartial   bool            `json:"impartial"`
	Board       game.ViewKind   `json:"board,omitempty"`
	Variants    []game.Variant  `json:"variants"`
	Opponents   []game.Opponent `json:"opponents"`
	// DefaultOpponent is the bot string a new game proposes.
	DefaultOpponent string `json:"default_opponent"`
	Solo            bool   `json:"solo"`
	SoloDoc         string `json:"solo_doc,omitempty"`
}

// Params describes parameter specs for people and programs.
func Params(specs []game.ParamSpec) []ParamInfo {
	out := []ParamInfo{}
	for _, p := range specs {
		def := p.Default
		switch {
		case def == "" && p.Random:
			def = "(drawn from the seed)"
		case def == "" && p.Required:
			def = "(required)"
		case def == "":
			def = "(none)"
		}
		pi := ParamInfo{Name: p.Name, Kind: p.Kind.String(), Default: def, Allowed: p.Allowed(), Doc: p.Doc,
			Values: p.Choices, MinItems: p.MinItems, Random: p.Random, Required: p.Required}
		if p.HasMin {
			pi.Min = &p.Min
		}
		if p.HasMax {
			pi.Max = &p.Max
		}
		out = append(out, pi)
	}
	return out
}

// Catalogue describes every registered game with its parameters and bots.
func Catalogue(games *game.Registry, bots *bot.Registry) []GameInfo {
	list := []GameInfo{}
	for _, t := range games.Types() {
		gi := GameInfo{Name: t.Name, Doc: t.Doc, Roles: []string{t.Role(0), t.Role(1)}, Params: Params(t.Params), Chance: t.Chance,
			Title: t.TitleOrName(), Family: cmp.Or(t.Family, t.Name), FamilyTitle: cmp.Or(t.FamilyTitle, t.TitleOrName()),
			Rules: cmp.Or(t.Rules, t.Doc), HowToMove: t.HowToMove, Impartial: t.Impartial, Variants: t.Variants,
			Opponents: t.Opponents, DefaultOpponent: t.DefaultOpponent(), Solo: t.Solo, SoloDoc: t.SoloDoc}
		if g, err := games.Load(t.Name, 1); err == nil {
			gi.Example = g.String()
			if v, err := game.ViewOf(g.NewInitialState()); err == nil {
				gi.Board = v.Kind
			}
		}
		if len(gi.Variants) == 0 {
			gi.Variants = []game.Variant{{Title: gi.Title, Game: t.Name, Rules: gi.Rules}}
		}
		if gi.Opponents == nil {
			gi.Opponents = []game.Opponent{}
		}
		for _, f := range bots.For(t.Name) {
			title := f.Name
			for _, o := range t.Opponents {
				if o.Bot == f.Name {
					title = o.Title
				}
			}
			gi.Bots = append(gi.Bots, BotInfo{Name: f.Name, Title: title, Doc: f.Doc, Params: Params(f.Params)})
		}
		list = append(list, gi)
	}
	return list
}

// Complete lists what completes prefix, as (name, description) pairs: the
// game names, or with bots the names of the bots that play the game of the
// game string gameArg (every game's bots when gameArg is empty), each once.
func Complete(cat []GameInfo, prefix string, bots bool, gameArg string) [][2]string {
	name, _, _ := strings.Cut(gameArg, "(")
	seen := map[string]bool{}
	var out [][2]string
	add := func(n, doc string) {
		if !seen[n] && strings.HasPrefix(n, prefix) {
			seen[n] = true
			out = append(out, [2]string{n, doc})
		}
	}
	for _, g := range cat {
		switch {
		case !bots:
			add(g.Name, g.Doc)
		case name == "" || g.Name == name:
			for _, b := range g.Bots {
				add(b.Name, b.Doc)
			}
		}
	}
	return out
}
