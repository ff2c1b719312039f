package sweep_test

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
)

// A sweep's games exported from one database and imported into another
// stay games of the sweep there: run again, it plays none of them; a
// record that claims a cell or seed the sweep stored there lacks is
// refused, and a file that is not the one the imported games came from is
// refused under that name.
func TestImportKeepsSweep(t *testing.T) {
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	dir := t.TempDir()
	spec := &sweep.Spec{Name: "moved", Games: []string{"nim(piles=2;3)", "wythoff(piles=3;5)"}, Pairs: [][]string{{"random", "perfect"}},
		Seeds: "1..4", Alternate: true}
	a := openStore(t, filepath.Join(dir, "a.db"))
	if res, err := sweep.RunStored(ctx, a, games, bots, spec, sweep.StoredOptions{Workers: 2}); err != nil || res.PlayedNow != 16 {
		t.Fatalf("run on a: %+v, %v", res, err)
	}
	var out bytes.Buffer
	if n, err := a.Export(ctx, store.Filter{Sweep: "moved"}, &out); err != nil || n != 16 {
		t.Fatalf("export: %d, %v", n, err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if !strings.HasPrefix(lines[0], `{"sweep":"moved",`) || !strings.Contains(lines[0], `"sweep_cell":`) {
		t.Fatalf("an exported line names its sweep and cell: %s", lines[0])
	}

	b := openStore(t, filepath.Join(dir, "b.db"))
	res, err := b.Import(ctx, bytes.NewReader(out.Bytes()), sweep.CheckImport(ctx, b, games))
	if err != nil || res.Added != 16 {
		t.Fatalf("import into b: %+v, %v", res, err)
	}
	if n, err := b.CountGames(ctx, store.Filter{Sweep: "moved"}); err != nil || n != 16 {
		t.Fatalf("games of the sweep in b: %d, %v; want 8", n, err)
	}
	if res, err := sweep.RunStored(ctx, b, games, bots, spec, sweep.StoredOptions{}); err != nil || res.Done != 16 || res.PlayedNow != 0 {
		t.Fatalf("the sweep run again where its games were imported: %+v, %v; want none played", res, err)
	}
	// Imported twice, or back where they came from: nothing added.
	for name, st := range map[string]*store.Store{"b": b, "a": a} {
		if res, err := st.Import(ctx, bytes.NewReader(out.Bytes()), sweep.CheckImport(ctx, st, games)); err != nil || res.Added != 0 || res.Skipped != 16 {
			t.Fatalf("import into %s again: %+v, %v", name, res, err)
		}
	}

	// Where a sweep of that name was stored from another file, a record
	// outside its seeds is refused, naming what is wrong.
	c := openStore(t, filepath.Join(dir, "c.db"))
	fewer := *spec
	fewer.Seeds = "1..2"
	if _, err := sweep.RunStored(ctx, c, games, bots, &fewer, sweep.StoredOptions{}); err != nil {
		t.Fatal(err)
	}
	_, err = c.Import(ctx, bytes.NewReader(out.Bytes()), sweep.CheckImport(ctx, c, games))
	if !errors.As(err, new(*game.InputError)) || !strings.Contains(err.Error(), "but that seed is not one of the cell's seeds") {
		t.Fatalf("a record outside the stored sweep's seeds: %v", err)
	}
	var first string // seed 1 of a cell: its players in the cell's order
	for _, l := range lines {
		if strings.Contains(l, `"seed":1,`) && strings.Contains(l, `"players":["random","perfect"]`) {
			first = l
		}
	}
	swapped := strings.Replace(first, `"players":["random","perfect"]`, `"players":["perfect","random"]`, 1)
	_, err = c.Import(ctx, strings.NewReader(swapped), sweep.CheckImport(ctx, c, games))
	if first == "" || err == nil || !strings.Contains(err.Error(), "its players perfect vs random are not the cell's random vs perfect") {
		t.Fatalf("a record with the players swapped: %v\n%s", err, swapped)
	}
	if n, _ := c.CountGames(ctx, store.Filter{Sweep: "moved"}); n != 8 {
		t.Fatalf("games of the sweep in c after refused imports: %d; want its own 8", n)
	}

	// Imported where the sweep is not stored, then run from another file
	// under that name: refused, since the imported games are not its own.
	d := openStore(t, filepath.Join(dir, "d.db"))
	if _, err := d.Import(ctx, bytes.NewReader(out.Bytes()), sweep.CheckImport(ctx, d, games)); err != nil {
		t.Fatal(err)
	}
	_, err = sweep.RunStored(ctx, d, games, bots, &fewer, sweep.StoredOptions{})
	if !errors.As(err, new(*game.InputError)) || !strings.Contains(err.Error(), "8 games stored under that name (imported) are not of this file") {
		t.Fatalf("another file under the name of imported games: %v", err)
	}
}
