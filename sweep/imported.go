package sweep

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/store"
)

// Records of a sweep's games exported from one database and imported into
// another keep their sweep (store.SweepField, store.CellField): the sweep,
// run again there, plays only the games not imported. These checks keep
// such games true to the sweep they join.

// CheckImport returns the check that `kombi records import` gives
// store.Import: every record replays (match.CheckRecord), and a record
// that names a sweep stored in st is one of its games: a cell of its file,
// a seed of that cell, the cell's players in their seats. A record of a
// sweep not stored in st is taken as it is (CheckUnchanged checks such
// games when a file is run under the sweep's name). Errors are
// *game.InputError.
func CheckImport(ctx context.Context, st *store.Store, games *game.Registry) func(*game.Record) error {
	cells := map[string]map[string]*Cell{} // per sweep name; nil: not stored here
	return func(r *game.Record) error {
		if _, err := match.CheckRecord(games, r); err != nil {
			return game.Inputf("the record does not replay: %w", err)
		}
		name, _ := r.Extra[store.SweepField].(string)
		cell := CellOf(r)
		if name == "" || cell == "" {
			return nil
		}
		byID, ok := cells[name]
		if !ok {
			sw, err := st.Sweep(ctx, name)
			switch {
			case errors.Is(err, store.ErrNotFound):
			case err != nil:
				return err
			default:
				spec, err := ParseStoredSpec(name, sw.Spec)
				if err == nil {
					byID, err = cellsByID(spec)
				}
				if err != nil {
					return fmt.Errorf("sweep %q stored in %s: %w", name, st.Location(), err)
				}
			}
			cells[name] = byID
		}
		if byID == nil {
			return nil
		}
		if why := notOf(byID[cell], r.Seed, r.Players); why != "" {
			return game.Inputf("the record names sweep %q, cell %q, seed %d, but %s in the sweep of that name stored in %s "+
				"(a sweep of the same name from another file?): import it into another database, or without its %q field",
				name, cell, r.Seed, why, st.Location(), store.SweepField)
		}
		return nil
	}
}

// cellsByID returns the spec's cells by their IDs.
func cellsByID(spec *Spec) (map[string]*Cell, error) {
	list, err := spec.Cells()
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*Cell, len(list))
	for i := range list {
		byID[list[i].ID] = &list[i]
	}
	return byID, nil
}

// notOf says why a game of this seed and these players is not one of the
// cell's games ("" when it is).
func notOf(c *Cell, seed uint64, players []string) string {
	if c == nil {
		return "that cell is not one of its cells"
	}
	i := slices.Index(c.Seeds, seed)
	if i < 0 {
		return "that seed is not one of the cell's seeds"
	}
	want := c.Players
	if c.Alternate && i%2 == 1 {
		want = [2]string{want[1], want[0]}
	}
	if players != nil && !slices.Equal(players, want[:]) {
		return fmt.Sprintf("its players %s are not the cell's %s for that seed", strings.Join(players, " vs "), strings.Join(want[:], " vs "))
	}
	return ""
}

// checkImported refuses to run spec under the name of a sweep that is not
// stored but has games (imported from another database) that are not
// games of spec: they would count among its games.
func checkImported(ctx context.Context, st *store.Store, spec *Spec) error {
	done, err := st.SweepSeedsDone(ctx, spec.Name)
	if err != nil || len(done) == 0 {
		return err
	}
	byID, err := cellsByID(spec)
	if err != nil {
		return game.AsInput(err)
	}
	var strays []string
	n := 0
	for _, cell := range slices.Sorted(maps.Keys(done)) {
		for _, seed := range done[cell] {
			if notOf(byID[cell], seed, nil) != "" {
				if n++; len(strays) < 3 {
					strays = append(strays, fmt.Sprintf("cell %q seed %d", cell, seed))
				}
			}
		}
	}
	if n == 0 {
		return nil
	}
	verb := "are"
	if n == 1 {
		verb = "is"
	}
	return game.Inputf("sweep %q in %s: %s stored under that name (imported) %s not of this file (%s): they would count among its games; "+
		"give the file another name (name = \"...\") to run it as a new sweep, or run the file those games came from",
		spec.Name, st.Location(), game.Plural(n, "game"), verb, strings.Join(strays, ", "))
}
