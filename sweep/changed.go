package sweep

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/store"
)

// RunHelp is the long help of `kombi sweep run`: what a run does with a
// sweep stored already.
const RunHelp = `Play every game of a sweep file that is not stored yet, storing each one as it ends; run the
same file again to continue (or, with --enqueue, put the games on the job queue of a PostgreSQL
--db for 'kombi worker'). Every game string and bot string is checked first, and a file that lists
a game or a pair twice is refused.

A sweep is stored under its name with the file it was run from. A file that differs from the
stored one (other games, pairs, alternate, max_think, max_length or max_moves, or seeds dropped)
is refused, naming what changed: its games would mix with the stored ones. Give the changed file
a new name (name = "...") to run it as a new sweep (Kombi does not delete or rename a stored
sweep), or run the file as it was. Adding seeds continues a stored sweep: the games played stay
valid, and the new seeds are played. Labels name games in the results table only: the file's are
kept.`

// ErrChanged is the error (wrapped) of a run of a sweep file under the
// name of a sweep stored with another spec (see CheckUnchanged).
var ErrChanged = errors.New("stored from another file")

// CheckUnchanged refuses to run spec under the name of a stored sweep
// whose spec differs from it (a *game.InputError wrapping ErrChanged that
// names the keys changed and what to do), since the games stored would
// mix with the new ones. A spec that only adds seeds, nothing else
// changed, is accepted: the games stored stay valid. A sweep not stored
// yet is accepted unless games imported under its name are not games of
// spec.
func CheckUnchanged(ctx context.Context, st *store.Store, spec *Spec) error {
	sw, err := st.Sweep(ctx, spec.Name)
	if errors.Is(err, store.ErrNotFound) {
		return checkImported(ctx, st, spec)
	}
	if err != nil {
		return err
	}
	var changes []string
	if old, err := ParseStoredSpec(spec.Name, sw.Spec); err != nil {
		changes = []string{fmt.Sprintf("its stored spec does not read back (%v)", err)}
	} else {
		changes = old.Changes(spec)
	}
	if len(changes) == 0 {
		return nil
	}
	return game.Inputf("sweep %q in %s: %w; the file changes %s; its stored games would mix with the file's. "+
		"Give the changed file another name (name = \"...\") to run it as a new sweep (Kombi does not delete or rename a stored sweep), "+
		"or run the file as it was; only adding seeds, nothing else changed, continues a stored sweep",
		spec.Name, st.Location(), ErrChanged, strings.Join(changes, "; "))
}

// Changes lists how spec differs from s, the spec a sweep is stored
// with, key by key in the order of a sweep file ("max_moves 10000 → 3"):
// none when the two play the same games. Seeds that spec adds are no
// change; seeds it drops are.
func (s *Spec) Changes(spec *Spec) []string {
	var out []string
	diff := func(key string, same bool, was, now any) {
		if !same {
			out = append(out, fmt.Sprintf("%s %s → %s", key, show(was), show(now)))
		}
	}
	diff("games", slices.Equal(s.Games, spec.Games), s.Games, spec.Games)
	diff("pairs", slices.EqualFunc(s.Pairs, spec.Pairs, slices.Equal), s.Pairs, spec.Pairs)
	if dropped := droppedSeeds(s, spec); dropped != "" {
		out = append(out, fmt.Sprintf("seeds %s → %s (drops %s)", show(s.Seeds), show(spec.Seeds), dropped))
	}
	diff("alternate", s.Alternate == spec.Alternate, s.Alternate, spec.Alternate)
	was, _ := s.MaxThinkDuration()
	now, _ := spec.MaxThinkDuration()
	diff("max_think", was == now, s.MaxThink, spec.MaxThink)
	diff("max_length", s.MaxLength == spec.MaxLength, s.MaxLength, spec.MaxLength)
	diff("max_moves", s.MovesBound() == spec.MovesBound(), s.MovesBound(), spec.MovesBound())
	// (labels only name games in the results table: the file's are kept, no change to the games)
	return out
}

// droppedSeeds names the seeds of s that spec lacks ("" when none).
func droppedSeeds(s, spec *Spec) string {
	was, err1 := s.SeedList()
	now, err2 := spec.SeedList()
	if err1 != nil || err2 != nil {
		return "seeds that do not read"
	}
	have := make(map[uint64]bool, len(now))
	for _, x := range now {
		have[x] = true
	}
	var dropped []string
	for _, x := range was {
		if !have[x] {
			dropped = append(dropped, fmt.Sprint(x))
		}
	}
	if len(dropped) > 5 {
		dropped = append(dropped[:5], fmt.Sprintf("… (%d in all)", len(dropped)))
	}
	return strings.Join(dropped, ", ")
}

// show writes a value of a sweep file's key for a message, as JSON
// (close to the file's TOML), shortened when long.
func show(v any) string {
	if v == nil {
		return "none"
	}
	if s, ok := v.(string); ok && s == "" {
		return "none"
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return game.Truncate(string(data), 80)
}
