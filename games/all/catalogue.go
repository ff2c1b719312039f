package all

import (
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
}

// BotInfo describes a bot that plays a game.
type BotInfo struct {
	Name   string      `json:"name"`
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
		out = append(out, ParamInfo{Name: p.Name, Kind: p.Kind.String(), Default: def, Allowed: p.Allowed(), Doc: p.Doc})
	}
	return out
}

// Catalogue describes every registered game with its parameters and bots.
func Catalogue(games *game.Registry, bots *bot.Registry) []GameInfo {
	list := []GameInfo{}
	for _, t := range games.Types() {
		gi := GameInfo{Name: t.Name, Doc: t.Doc, Roles: []string{t.Role(0), t.Role(1)}, Params: Params(t.Params), Chance: t.Chance}
		if g, err := games.Load(t.Name, 1); err == nil {
			gi.Example = g.String()
		}
		for _, f := range bots.For(t.Name) {
			gi.Bots = append(gi.Bots, BotInfo{Name: f.Name, Doc: f.Doc, Params: Params(f.Params)})
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
