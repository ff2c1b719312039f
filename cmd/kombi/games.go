package main

import (
	"github.com/spf13/cobra"

	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/report"
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
			if asJSON {
				return writeJSON(a.stdout, a.catalogue())
			}
			return report.WriteCatalogue(a.stdout, a.catalogue())
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON array")
	return c
}
