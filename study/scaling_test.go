package study_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/report"
)

// TestScalingBench runs `kombi bench scaling` on a small Thue game with 1
// and 3 workers, twice each: every run finds the value, and the table
// says what it measured.
func TestScalingBench(t *testing.T) {
	kit, err := all.New()
	if err != nil {
		t.Fatal(err)
	}
	cmds := kit.Studies.Commands("bench")
	var found bool
	for _, c := range cmds {
		if c.Name != "scaling" {
			continue
		}
		found = true
		o, run := c.New()
		for _, s := range o.Settings() {
			switch s.Name {
			case "game":
				s.Value.Set("thue(alphabet=4,rule=square,start=0)")
			case "workers":
				s.Value.Set("1,3")
			case "runs per measurement":
				s.Value.Set("2")
			case "length bound":
				s.Value.Set("0")
			}
		}
		if err := o.Check(); err != nil {
			t.Fatal(err)
		}
		res, err := run(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		text := report.Tables(res.Tables()...)
		var b strings.Builder
		if err := text[0].Write(&b, "text"); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"thue(alphabet=4,rule=square,start=0)", "workers", "positions", "speed-up", "CPU/position vs 1st"} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("the table lacks %q:\n%s", want, b.String())
			}
		}
		rows := strings.Split(strings.TrimSpace(b.String()), "\n")
		if len(rows) != 6 || !strings.HasPrefix(rows[4], "1 ") || !strings.HasPrefix(rows[5], "3 ") {
			t.Errorf("want a row for 1 and for 3 workers:\n%s", b.String())
		}
		if len(rows) != 6 || !strings.HasSuffix(strings.TrimSpace(rows[4]), " 1.00") {
			t.Errorf("want the first row's CPU per position as the unit (1.00):\n%s", b.String())
		}
		if len(rows) != 6 || !strings.Contains(rows[4], " 7 ") || !strings.Contains(rows[5], " 7 ") {
			t.Errorf("want the value 7 in every row:\n%s", b.String())
		}
	}
	if !found {
		t.Fatal("no bench scaling")
	}
	o, _ := cmds[len(cmds)-1].New()
	for _, s := range o.Settings() {
		if s.Name == "workers" {
			s.Value.Set("0")
		}
	}
	if o.Check() == nil {
		t.Error("0 workers accepted")
	}
}
