package main

import "github.com/spf13/cobra"

// The analysis commands group subcommands that the game families add, each
// in its own file of this package (cmd/kombi/<family>.go).

// group returns a command that only holds subcommands.
func group(use, short string, subs ...*cobra.Command) *cobra.Command {
	c := &cobra.Command{Use: use, Short: short, Args: exactArgs(0, "a "+use+" name")}
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
	)
}

func (a *app) reportCmd() *cobra.Command {
	return group("report", "Print analyses the source documents did by hand (Markdown, or JSON with --json)",
		a.reportWythoffTable5Cmd(),
		a.nim2dEndgamesCmd(),
		a.vdwlistReportCmd(),
		a.apReportCmd(),
	)
}

func (a *app) plotCmd() *cobra.Command {
	return group("plot", "Draw plots (PNG or SVG) from game records")
}
