package vdwlist

import (
	"slices"
	"strings"
	"testing"
)

func TestTableFlags(t *testing.T) {
	var o TableOptions
	fs := o.FlagSet()
	if !slices.Equal(o.Colors, []int{2, 3}) || o.Lists != nil || o.MaxS != MaxS {
		t.Fatalf("defaults: %+v", o)
	}
	if err := fs.Parse([]string{"-colors", "3", "-list", "1, 2", "-max-s", "9"}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(o.Colors, []int{3}) || !slices.Equal(o.Lists, []int{1, 2}) || o.MaxS != 9 || o.Check() != nil {
		t.Fatalf("parsed: %+v (check %v)", o, o.Check())
	}
	fs.SetOutput(&strings.Builder{})
	if err := fs.Parse([]string{"-colors", "2,x"}); err == nil || !strings.Contains(err.Error(), "want whole numbers separated by commas") {
		t.Fatalf("-colors 2,x: %v", err)
	}
	var b BenchOptions
	b.FlagSet()
	var l LevelOptions
	l.FlagSet()
	if b.Check() != nil || l.Check() != nil || b.Colors != 3 || l.S != 10 {
		t.Fatalf("bench %+v (%v), levels %+v (%v)", b, b.Check(), l, l.Check())
	}
}
