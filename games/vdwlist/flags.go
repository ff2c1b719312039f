package vdwlist

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// FlagSet sets the defaults and returns the command-line flags of `kombi
// table vdwlist`, bound to o (the command registers them).
func (o *TableOptions) FlagSet() *flag.FlagSet {
	*o = TableOptions{K: 3, Colors: []int{2, 3}, From: 1, MaxS: MaxS, Budget: time.Minute, MemBytes: 1 << 30}
	fs := flag.NewFlagSet("table vdwlist", flag.ContinueOnError)
	fs.IntVar(&o.K, "k", o.K, "progression length")
	fs.Var((*intList)(&o.Colors), "colors", "numbers of colours c (a `list` such as 2,3)")
	fs.Var((*intList)(&o.Lists), "list", "list sizes l (a `list` such as 1,2; default: every l from 1 to c)")
	fs.IntVar(&o.From, "from", o.From, "first game length s")
	fs.IntVar(&o.MaxS, "max-s", o.MaxS, "last game length s")
	fs.DurationVar(&o.Budget, "time", o.Budget, "time budget of each (c, l) series")
	fs.Int64Var(&o.MemBytes, "mem", o.MemBytes, "memory bound of each series' solver table in bytes")
	return fs
}

// FlagSet sets the defaults and returns the command-line flags of `kombi
// bench vdwlist`, bound to o.
func (o *BenchOptions) FlagSet() *flag.FlagSet {
	*o = BenchOptions{MaxPlain: 9, S: 20, Depth: 9, Positions: 20, Seed: 1}
	fs := gameFlags("bench vdwlist", &o.K, &o.Colors, &o.List)
	fs.IntVar(&o.MaxPlain, "max-plain", o.MaxPlain, "largest s solved by both the solver and plain expectimax")
	fs.IntVar(&o.S, "s", o.S, "game length of the search positions")
	fs.IntVar(&o.Depth, "depth", o.Depth, "search depth in moves (a round is 3)")
	fs.IntVar(&o.Positions, "positions", o.Positions, "number of random search positions")
	fs.Uint64Var(&o.Seed, "seed", o.Seed, "seed of the random positions")
	return fs
}

// FlagSet sets the defaults and returns the command-line flags of `kombi
// report vdwlist`, bound to o.
func (o *LevelOptions) FlagSet() *flag.FlagSet {
	fs := gameFlags("report vdwlist", &o.K, &o.Colors, &o.List)
	fs.IntVar(&o.S, "s", 10, "game length")
	return fs
}

// gameFlags are the flags --k, --colors and --list of one game.
func gameFlags(name string, k, colors, list *int) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.IntVar(k, "k", 3, "progression length")
	fs.IntVar(colors, "colors", 3, "number of colours")
	fs.IntVar(list, "list", 2, "list size")
	return fs
}

// intList is a flag of numbers separated by commas, such as 2,3.
type intList []int

func (l *intList) String() string {
	if l == nil {
		return ""
	}
	parts := make([]string, len(*l))
	for i, n := range *l {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

func (l *intList) Set(s string) error {
	*l = (*l)[:0]
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return fmt.Errorf("%q: want whole numbers separated by commas, e.g. 2,3", f)
		}
		*l = append(*l, n)
	}
	return nil
}
