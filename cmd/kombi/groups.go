package main

import "github.com/spf13/cobra"

// The analysis commands group subcommands that the game families add, each
// in its own file of this package (cmd/kombi/<family>.go).

func (a *app) tableCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "table",
		Short: "Print tables of exact values (Wythoff P-positions, Grundy values, ...)",
		Args:  exactArgs(0, "a table name"),
	}
	c.AddCommand()
	return c
}

func (a *app) benchCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "bench",
		Short: "Measure the speed of engines and solvers against their baselines",
		Args:  exactArgs(0, "a benchmark name"),
	}
	c.AddCommand()
	c.AddCommand(a.benchThueCmd())
	return c
}

func (a *app) reportCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "report",
		Short: "Print analyses the source documents did by hand (Markdown, or JSON with --json)",
		Args:  exactArgs(0, "a report name"),
	}
	c.AddCommand()
	c.AddCommand(a.reportTable31Cmd())
	return c
}

func (a *app) plotCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "plot",
		Short: "Draw plots (PNG or SVG) from game records",
		Args:  exactArgs(0, "a plot name"),
	}
	c.AddCommand()
	c.AddCommand(a.plotDecisionTimesCmd())
	return c
}
