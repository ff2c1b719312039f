package sweep

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
)

func TestParseSpec(t *testing.T) {
	s, err := ParseSpec("t.toml", []byte(`name = "t"
games = ["nim(piles=3;4;5)", "nim(piles=1;2)"]
pairs = [["perfect", "random"]]
seeds = "5..7"
alternate = true
max_think = "2s"
max_length = 50
`))
	if err != nil {
		t.Fatal(err)
	}
	cells, err := s.Cells()
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) != 4 || cells[1].Players != [2]string{"random", "perfect"} || len(cells[0].Seeds) != 3 || cells[0].Seeds[2] != 7 {
		t.Fatalf("cells %+v", cells)
	}
	if cells[0].ID == cells[1].ID {
		t.Fatal("swapped seats share a cell id")
	}
	list, err := ParseSpec("t.toml", []byte("name='x'\ngames=['nim']\npairs=[['a','b']]\nseeds=[3, 1]"))
	if err != nil {
		t.Fatal(err)
	}
	if seeds, _ := list.SeedList(); len(seeds) != 2 || seeds[0] != 3 {
		t.Fatalf("seed list %v", seeds)
	}
}

func TestParseSpecErrors(t *testing.T) {
	base := "name='x'\ngames=['nim']\npairs=[['a','b']]\nseeds='1..3'\n"
	cases := []struct{ text, says string }{
		{base + "nmae = 1\n", `t.toml:5: unknown key "nmae" (allowed keys: name, games`},
		{"name = 3\n", `t.toml:1:8: key "name": a TOML integer where a string is wanted`},
		{base + "alternate = 'yes'\n", `key "alternate": a TOML string where true or false is wanted`},
		{"games=['nim']\npairs=[['a','b']]\nseeds='1..3'\n", `"name" is required`},
		{"name='x'\npairs=[['a','b']]\nseeds='1..3'\n", `"games" needs`},
		{"name='x'\ngames=['nim']\npairs=[['a']]\nseeds='1..3'\n", `"pairs" entry 1`},
		{"name='x'\ngames=['nim']\npairs=[['a','b']]\nseeds='3..1'\n", `range A..B`},
		{"name='x'\ngames=['nim']\npairs=[['a','b']]\nseeds=[1, -2]\n", `entry 2 is -2`},
		{"name='x'\ngames=['nim']\npairs=[['a','b']]\nseeds=[1, 1]\n", `lists 1 twice`},
		{"name='x'\ngames=['nim']\npairs=[['a','b']]\nseeds='0..999999999'\n", `more than`},
		{base + "max_think = 'soon'\n", `"max_think" is "soon"`},
		{base + "max_length = -1\n", `"max_length" is -1`},
	}
	for _, c := range cases {
		_, err := ParseSpec("t.toml", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.says) || !errors.As(err, new(*game.InputError)) {
			t.Errorf("%q: error %v, want a usage error (*game.InputError) saying %q", c.text, err, c.says)
		}
		if err != nil && strings.Contains(err.Error(), "main.") || err != nil && strings.Contains(err.Error(), "sweep.Spec") {
			t.Errorf("%q: error %v names Go types", c.text, err)
		}
	}
}

// A sweep file that is not there is the caller's mistake, as a bad one is.
func TestReadSpecMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nope.toml")
	if _, err := ReadSpec(path); err == nil || !strings.Contains(err.Error(), path) || !errors.As(err, new(*game.InputError)) {
		t.Errorf("ReadSpec of a missing file: %v; want a usage error naming it", err)
	}
}

// TestSweepGamesAreBoundedByDefault: a sweep file without max_moves
// stops each game at DefaultMaxMoves; -1 lifts the bound.
func TestSweepGamesAreBoundedByDefault(t *testing.T) {
	for text, want := range map[string]int{"": DefaultMaxMoves, "max_moves = -1\n": 0, "max_moves = 50\n": 50} {
		spec, err := ParseSpec("s", []byte("name = \"s\"\ngames = [\"nim\"]\npairs = [[\"random\", \"random\"]]\nseeds = [1]\n"+text))
		if err != nil || spec.MovesBound() != want {
			t.Errorf("%q: bound %v, %v; want %d", text, spec, err, want)
		}
	}
	if _, err := ParseSpec("s", []byte("name = \"s\"\ngames = [\"nim\"]\npairs = [[\"random\", \"random\"]]\nseeds = [1]\nmax_moves = -5\n")); err == nil || !strings.Contains(err.Error(), `"max_moves" is -5`) {
		t.Errorf("max_moves = -5: %v", err)
	}
}

// FuzzParseSpec reads any bytes as a sweep file: never a panic; an error
// says what is wrong; a file accepted passes Check and lists its cells,
// each with the file's seeds, at most MaxGames games in all.
func FuzzParseSpec(f *testing.F) {
	f.Add([]byte("name = \"t\"\ngames = [\"nim(piles=3;4;5)\"]\npairs = [[\"perfect\", \"random\"]]\nseeds = \"5..7\"\nalternate = true\nmax_think = \"2s\"\n"))
	f.Add([]byte("name='x'\ngames=['nim']\npairs=[['a','b']]\nseeds=[3, 1]"))
	f.Add([]byte("name='x'\ngames=['nim']\npairs=[['a','b']]\nseeds='1..99999999999'"))
	f.Add([]byte("name='x'\ngames=[]\npairs=[['a']]\nmax_moves=-2\nmax_think='soon'"))
	f.Add([]byte("[[[\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSpec("f.toml", data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("accepted, then refused by Check: %v", err)
		}
		seeds, err := s.SeedList()
		if err != nil || len(seeds) == 0 {
			t.Fatalf("accepted with seeds %v, %v", seeds, err)
		}
		cells, err := s.Cells()
		if err != nil {
			t.Fatalf("accepted, then no cells: %v", err)
		}
		total := 0
		for _, c := range cells {
			if len(c.Seeds) != len(seeds) {
				t.Fatalf("cell %s has %d seeds, the file %d", c.ID, len(c.Seeds), len(seeds))
			}
			total += len(c.Seeds)
		}
		if total > MaxGames {
			t.Fatalf("%d games accepted, more than %d", total, MaxGames)
		}
	})
}
