package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
)

type paramJSON struct {
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	Default string `json:"default"`
	Allowed string `json:"allowed"`
	Doc     string `json:"doc"`
}

type botJSON struct {
	Name   string      `json:"name"`
	Doc    string      `json:"doc"`
	Params []paramJSON `json:"params"`
}

type gameJSON struct {
	Name    string      `json:"name"`
	Doc     string      `json:"doc"`
	Roles   []string    `json:"roles"`
	Params  []paramJSON `json:"params"`
	Chance  bool        `json:"chance"`
	Example string      `json:"example"`
	Bots    []botJSON   `json:"bots"`
}

func paramsJSON(specs []game.ParamSpec) []paramJSON {
	out := []paramJSON{}
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
		out = append(out, paramJSON{Name: p.Name, Kind: p.Kind.String(), Default: def, Allowed: p.Allowed(), Doc: p.Doc})
	}
	return out
}

func (a *app) gamesCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "games",
		Short: "List the games with their parameters, defaults, roles and bots",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			var list []gameJSON
			for _, t := range a.games.Types() {
				gj := gameJSON{Name: t.Name, Doc: t.Doc, Roles: []string{t.Role(0), t.Role(1)},
					Params: paramsJSON(t.Params), Chance: t.Chance}
				if g, err := a.games.Load(t.Name, 1); err == nil {
					gj.Example = g.String()
				}
				for _, f := range a.bots.For(t.Name) {
					gj.Bots = append(gj.Bots, botJSON{Name: f.Name, Doc: f.Doc, Params: paramsJSON(f.Params)})
				}
				list = append(list, gj)
			}
			if asJSON {
				return writeJSON(a.stdout, list)
			}
			w := a.out()
			for _, g := range list {
				fmt.Fprintf(w, "%s — %s\n", g.Name, g.Doc)
				fmt.Fprintf(w, "  roles: P1 (--p1) %s, P2 (--p2) %s\n", g.Roles[0], g.Roles[1])
				for _, p := range g.Params {
					fmt.Fprintf(w, "  %-10s %s; default %s. %s\n", p.Name+"=", p.Allowed, p.Default, upperFirst(p.Doc))
				}
				if g.Example != "" {
					fmt.Fprintf(w, "  e.g. %s\n", g.Example)
				}
				fmt.Fprintln(w, "  bots:")
				for _, b := range g.Bots {
					fmt.Fprintf(w, "    %s — %s\n", botSignature(b), b.Doc)
					for _, p := range b.Params {
						fmt.Fprintf(w, "      %-10s %s; default %s. %s\n", p.Name+"=", p.Allowed, p.Default, upperFirst(p.Doc))
					}
				}
				fmt.Fprintln(w)
			}
			return w.Err()
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON array")
	return c
}

// botSignature writes a bot with its parameter names, as in
// "nesting(level,ties)"; a bot without parameters is its name.
func botSignature(b botJSON) string {
	if len(b.Params) == 0 {
		return b.Name
	}
	var names []string
	for _, p := range b.Params {
		names = append(names, p.Name)
	}
	return b.Name + "(" + strings.Join(names, ",") + ")"
}

// writeJSON writes v as indented JSON; a failed write is an error.
func writeJSON(w interface{ Write([]byte) (int, error) }, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write JSON: %w", err)
	}
	return nil
}

// upperFirst capitalises a one-line description for a sentence.
func upperFirst(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}
