package main

import (
	"strings"

	"github.com/spf13/cobra"
)

// The analysis commands group subcommands that the game families add, each
// in its own file of this package (cmd/kombi/<family>.go).

// group returns a command that only holds subcommands: without one it
// shows its help, with an unknown one it is a usage error listing them.
func group(use, short string, subs ...*cobra.Command) *cobra.Command {
	c := &cobra.Command{Use: use + " NAME", Short: short, Args: cobra.ArbitraryArgs}
	c.RunE = func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return c.Help()
		}
		var names []string
		for _, s := range c.Commands() {
			if s.IsAvailableCommand() {
				names = append(names, s.Name())
			}
		}
		return usagef("unknown %s %q; available: %s", use, args[0], strings.Join(names, ", "))
	}
	c.AddCommand(subs...)
	return c
}

func (a *app) tableCmd() *cobra.Command {
	return group("table", "Print tables of exact values (Wythoff P-positions, Grundy values, ...)",
		a.tableWythoffCmd(), a.tableGrundyCmd(), a.tableBuildingNimCmd(),
		a.vdwlistTableCmd(),
		a.apTableCmd(),
	)
}

func (a *app) benchCmd() *cobra.Command {
	return group("bench", "Measure the speed of engines and solvers against their baselines",
		a.benchWythoffCmd(),
		a.nim2dBenchCmd(),
		a.vdwlistBenchCmd(),
		a.apBenchCmd(),
		a.benchThueCmd(),
	)
}

func (a *app) reportCmd() *cobra.Command {
	return group("report", "Print analyses the source documents did by hand (Markdown, or JSON with --json)",
		a.reportWythoffTable5Cmd(),
		a.nim2dEndgamesCmd(),
		a.vdwlistReportCmd(),
		a.apReportCmd(),
		a.reportTable31Cmd(),
	)
}

func (a *app) plotCmd() *cobra.Command {
	return group("plot", "Draw plots (PNG or SVG) from game records",
		a.plotDecisionTimesCmd(),
	)
}
