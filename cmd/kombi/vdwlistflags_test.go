package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/kombi/kombi/games/vdwlist"
	studyvdwlist "github.com/kombi/kombi/study/vdwlist"
)

// TestVDWTableFlags: the flags of the list-colouring game's table, bench
// and report set their options, with the defaults of before.
func TestVDWTableFlags(t *testing.T) {
	a := &app{}
	c := a.vdwlistTableCmd()
	colors, _ := c.Flags().GetString("colors")
	maxS, _ := c.Flags().GetInt("max-s")
	if c.Flag("colors").Value.String() != "2,3" || c.Flag("list").Value.String() != "" || maxS != vdwlist.MaxS {
		t.Fatalf("defaults: colors %q %q, list %q, max-s %d", colors, c.Flag("colors").Value, c.Flag("list").Value, maxS)
	}
	if err := c.ParseFlags([]string{"--colors", "3", "--list", "1, 2", "--max-s", "9"}); err != nil {
		t.Fatal(err)
	}
	if c.Flag("colors").Value.String() != "3" || c.Flag("list").Value.String() != "1,2" || c.Flag("max-s").Value.String() != "9" {
		t.Fatalf("parsed: colors %s, list %s, max-s %s", c.Flag("colors").Value, c.Flag("list").Value, c.Flag("max-s").Value)
	}
	if err := c.ParseFlags([]string{"--colors", "2,x"}); err == nil || !strings.Contains(err.Error(), "want whole numbers separated by commas") {
		t.Fatalf("--colors 2,x: %v", err)
	}
	var l intList
	if err := l.Set("1, 2,3"); err != nil || !slices.Equal(l, intList{1, 2, 3}) || l.String() != "1,2,3" {
		t.Fatalf("intList %v %v", l, err)
	}
	for _, c := range []interface{ ParseFlags([]string) error }{a.vdwlistBenchCmd(), a.vdwlistReportCmd()} {
		if err := c.ParseFlags(nil); err != nil {
			t.Fatal(err)
		}
	}
	b, r := studyvdwlist.BenchOptions{K: 3, Colors: 3, List: 2, MaxPlain: 9, S: 20, Depth: 9, Positions: 20, Seed: 1}, studyvdwlist.LevelOptions{K: 3, Colors: 3, List: 2, S: 10}
	if b.Check() != nil || r.Check() != nil {
		t.Fatalf("bench %+v (%v), levels %+v (%v)", b, b.Check(), r, r.Check())
	}
}
