package cli

import (
	"errors"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
	wythoff "github.com/kombi/kombi/study/wythoff"
)

// The Wythoff commands: exact P-position tables, the benchmark against the thesis' C++ code,
// the check of its Table 5. The work is in games/wythoff; run returns what to print.
type wythoffRun func(c *cobra.Command, out output, progress func(solve.Progress)) (wythoff.Result, error)

// wythoffCmd prints what run returns (what was done when interrupted, then exit 130).
func (a *app) wythoffCmd(c *cobra.Command, flags func(*pflag.FlagSet), run wythoffRun) *cobra.Command {
	out, quiet := output{}, false
	c.Args = exactArgs(0, "no arguments")
	c.RunE = func(c *cobra.Command, _ []string) error {
		if err := out.Check(); err != nil {
			return err
		}
		bar := report.NewProgress(a.stderr, c.CommandPath(), quiet)
		res, err := run(c, out, bar.Func())
		bar.Done()
		if rep := wythoff.ReportOf(res); rep != nil { // a failed write fails the command
			err = errors.Join(a.write(out, res, (*report.Table)(rep)), err)
		}
		if errors.As(err, new(*study.SettingError)) {
			return usage(flagged(err))
		} else if err != nil && c.Context().Err() != nil {
			return interrupted(c.Context(), err)
		}
		return err
	}
	flags(c.Flags())
	c.Flags().BoolVar(&quiet, "quiet", false, "no progress reports")
	out.AddFlags(c.Flags())
	return c
}

func (a *app) tableWythoffCmd() *cobra.Command {
	var q wythoff.TableRequest
	return a.wythoffCmd(&cobra.Command{Use: "wythoff", Short: "P-positions (A_n, B_n) of Wythoff's game generalised by a, exact for every n"}, func(fl *pflag.FlagSet) {
		fl.Int64Var(&q.A, "a", 0, "the parameter a ≥ 1 (a = 1: classic Wythoff) (required)")
		fl.StringVar(&q.Method, "method", "algebraic", "recursive, algebraic or arithmetic")
		fl.StringVar(&q.From, "from", "0", "first index n: digits or a power such as 10^100, 2^64, 1e30")
		fl.Uint64Var(&q.Count, "count", 0, "number of rows")
		fl.BoolVar(&q.Checksum, "checksum", false, "print only the checksum of the A_n")
		fl.StringVar(&q.Position, "position", "", "explain the winning move from the position X;Y (any size) instead")
		_ = cobra.MarkFlagRequired(fl, "a")
	}, func(c *cobra.Command, out output, progress func(solve.Progress)) (wythoff.Result, error) {
		q.MethodGiven, q.CountGiven, q.Progress = c.Flags().Changed("method"), c.Flags().Changed("count"), progress
		return q.Run(c.Context(), a.stdout, out.Format)
	})
}

func (a *app) benchWythoffCmd() *cobra.Command {
	var opt wythoff.BenchOptions
	return a.wythoffCmd(&cobra.Command{Use: "wythoff", Short: "Reproduce the thesis' Table 4: time to build the P-table by each method, n doubling"}, func(fl *pflag.FlagSet) {
		fl.Int64Var(&opt.A, "a", 2, "the parameter a (the thesis measured a = 2)")
		fl.Uint64Var(&opt.MaxN, "max-n", 671088640, "largest n (the thesis went to 671 088 640)")
		fl.IntVar(&opt.Repeat, "repeat", 1, "runs per measurement; the best time counts")
		fl.StringVar(&opt.Methods, "methods", "recursive,algebraic,arithmetic", "methods to time, separated by commas")
		fl.BoolVar(&opt.NoBaseline, "no-baseline", false, "skip the C++ baseline")
		fl.BoolVar(&opt.Store, "baseline-store", false, "also run the thesis' Code 2 as written (vectors; 8 bytes per row of memory)")
		fl.Uint64Var(&opt.RecursiveMax, "baseline-recursive-max", 40960, "run the thesis' quadratic Code 1 up to this n")
		fl.Uint64Var(&opt.ArithmeticMax, "baseline-arithmetic-max", 1310720, "run the thesis' Code 3 up to this n (about 310 bytes of memory per n)")
	}, func(c *cobra.Command, _ output, progress func(solve.Progress)) (wythoff.Result, error) {
		opt.Log, opt.Progress = a.stderr, progress
		return wythoff.Bench(c.Context(), opt)
	})
}

func (a *app) reportWythoffTable5Cmd() *cobra.Command {
	var scan uint64
	return a.wythoffCmd(&cobra.Command{Use: "wythoff-table5", Short: "Check the thesis' Table 5 (P-positions for a = 2, computed in double precision) against exact values"}, func(fl *pflag.FlagSet) {
		fl.Uint64Var(&scan, "scan", 671088640, "scan n = 1..SCAN for the first double-precision error (0: skip)")
	}, func(c *cobra.Command, _ output, progress func(solve.Progress)) (wythoff.Result, error) {
		return wythoff.Table5(c.Context(), scan, progress)
	})
}
