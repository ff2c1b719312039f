package cli

import (
	"strings"
	"testing"

	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/games/vdwlist"
	"github.com/spf13/cobra"
)

// TestVDWTableFlags: the flags of the list-colouring game's table, bench
// and report set their options, with the defaults of before, and a
// one-letter flag has its shorthand.
func TestVDWTableFlags(t *testing.T) {
	kit, err := all.New()
	if err != nil {
		t.Fatal(err)
	}
	a := &app{games: kit.Games, bots: kit.Bots, studies: kit.Studies}
	find := func(group string) *cobra.Command {
		for _, c := range a.studyCmds(group) {
			if c.Name() == "vdwlist" {
				return c
			}
		}
		t.Fatalf("no %s vdwlist", group)
		return nil
	}
	c := find("table")
	if c.Flag("colors").Value.String() != "2,3" || c.Flag("list").Value.String() != "" || c.Flag("max-s").Value.String() != "64" || vdwlist.MaxS != 64 {
		t.Fatalf("defaults: colors %q, list %q, max-s %s", c.Flag("colors").Value, c.Flag("list").Value, c.Flag("max-s").Value)
	}
	if err := c.ParseFlags([]string{"--colors", "3", "--list", "1, 2", "--max-s", "9", "-k", "4"}); err != nil {
		t.Fatal(err)
	}
	if c.Flag("colors").Value.String() != "3" || c.Flag("list").Value.String() != "1,2" || c.Flag("max-s").Value.String() != "9" || c.Flag("k").Value.String() != "4" {
		t.Fatalf("parsed: colors %s, list %s, max-s %s, k %s", c.Flag("colors").Value, c.Flag("list").Value, c.Flag("max-s").Value, c.Flag("k").Value)
	}
	if err := c.ParseFlags([]string{"--colors", "2,x"}); err == nil || !strings.Contains(err.Error(), "want whole numbers separated by commas") {
		t.Fatalf("--colors 2,x: %v", err)
	}
	b, r := find("bench"), find("report")
	if b.Flag("colors").Value.String() != "3" || r.Flag("s").Value.String() != "10" {
		t.Fatalf("bench colors %s, report s %s", b.Flag("colors").Value, r.Flag("s").Value)
	}
}
