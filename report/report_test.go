package report_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/report"
)

func TestTableFormats(t *testing.T) {
	tab := &report.Table{Title: "T", Columns: []string{"a", "long column"}, Rows: [][]string{{"1", "x|y"}, {"22", ""}}, Notes: []string{"note"}}
	want := map[string]string{
		"text":     "a   long column\n--  -----------\n1   x|y\n22\nnote\n",
		"markdown": "| a | long column |\n| --- | --- |\n| 1 | x\\|y |\n| 22 |  |\n",
		"csv":      "a,long column\n1,x|y\n22,\n",
	}
	for f, w := range want {
		var b strings.Builder
		if err := tab.Write(&b, f); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), w) {
			t.Errorf("%s:\n%q\nwant to contain\n%q", f, b.String(), w)
		}
	}
	var b strings.Builder
	if err := tab.Write(&b, "json"); err != nil || !strings.Contains(b.String(), `"long column"`) {
		t.Fatalf("json: %v %s", err, b.String())
	}
	if err := tab.Write(&b, "xml"); err == nil {
		t.Fatal("unknown format accepted")
	}
}

// A table wider than report.MaxTextWidth prints a block per row: the first
// cell as its heading, the others under their column's name, a cell longer
// than a line wrapped at report.TextWrap, one that fits kept whole (a
// command to copy), the empty ones left out.
func TestWideTableAsBlocks(t *testing.T) {
	long := strings.Repeat("word ", 40) // 200 characters
	cmd := "kombi table vdwlist --k 3 --colors 3 --list 3 --from 17 --max-s 19 --time 110m --mem 12000000000 --checkpoint ckpt"
	tab := &report.Table{Title: "Wide", Columns: []string{"what", "how", "command", "note"},
		Rows: [][]string{{"first row", long, cmd, ""}, {"second row", "short", "kombi solve x", "n"}}}
	var b strings.Builder
	if err := tab.Write(&b, "text"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want := []string{"Wide", "", "first row",
		"  how: " + strings.TrimSpace(strings.Repeat("word ", 18)),
		"    " + strings.TrimSpace(strings.Repeat("word ", 19)),
		"    " + strings.TrimSpace(strings.Repeat("word ", 3)),
		"  command: " + cmd,
		"", "second row", "  how: short", "  command: kombi solve x", "  note: n"}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Fatalf("a wide table prints\n%s\nwant\n%s", b.String(), strings.Join(want, "\n"))
	}
	for _, l := range lines {
		if n := len([]rune(l)); n > report.MaxTextWidth {
			t.Errorf("a line of %d characters: %q", n, l)
		}
	}
}

func TestDecisionTimesPlot(t *testing.T) {
	games, _, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	rec := &game.Record{Game: "thue(alphabet=3,rule=square,start=0)", Players: []string{"a", "b"}, Moves: []game.RecordMove{
		{Player: 0, Move: "1", Seconds: 0.5}, {Player: 1, Move: "1", Seconds: 0.25},
		{Player: 0, Move: "2", Seconds: 1}, {Player: 1, Move: "2", Seconds: 2},
	}}
	series, err := report.DecisionTimes(games, []*game.Record{rec}, []game.Player{0, 1}, func(r *game.Record, p game.Player) string { return r.Players[p] })
	if err != nil {
		t.Fatal(err)
	}
	// x is the word length before each decision: 1, 1 then 2, 2.
	if len(series) != 2 || series[0].Name != "a" || series[0].X[1] != 2 || series[1].Y[1] != 2 || series[1].X[0] != 1 {
		t.Fatalf("series: %+v", series)
	}
	dir := t.TempDir()
	for _, name := range []string{"p.png", "p.svg"} {
		lp := &report.LinePlot{Title: "t", XLabel: "x", YLabel: "s", LogY: true, Series: series}
		if err := lp.Save(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
		if st, err := os.Stat(filepath.Join(dir, name)); err != nil || st.Size() == 0 {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if err := (&report.LinePlot{}).Save(filepath.Join(dir, "p.gif")); err == nil {
		t.Fatal(".gif accepted")
	}
	bad := *rec
	bad.Moves = append([]game.RecordMove(nil), rec.Moves...)
	bad.Moves[1].Move = "9"
	if _, err := report.DecisionTimes(games, []*game.Record{&bad}, []game.Player{0}, func(*game.Record, game.Player) string { return "" }); err == nil {
		t.Fatal("a record that does not replay must be an error")
	}
}
