package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/games/all"
)

// catalogue describes every game with its parameters and bots: what
// `kombi games --json` prints and GET /api/games serves.
func (a *app) catalogue() []all.GameInfo { return all.Catalogue(a.games, a.bots) }

func (a *app) gamesCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "games",
		Short: "List the games with their parameters, defaults, roles and bots",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			list := a.catalogue()
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
