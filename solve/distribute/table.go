package distribute

import (
	"context"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Table is a game's table that workers compute in shards, level after
// level (2D Nim: the shapes of a palette's triangle by number of cells): a
// shard of a level needs every shard of the levels before it, and no other
// of its own level. A coordinator asks for the shards of each level in
// turn; a worker keeps one Table per Spec, adds the shards stored since
// its last job (Add) and computes the one asked (Compute). Shards are
// stored in the database by name (ShardName: game Spec), so a build that is
// interrupted and run again asks only for what is missing.
type Table interface {
	// Spec names the table with its settings ("nim2d-shapes(n=8)"):
	// the shards of one spec belong together.
	Spec() string
	// Levels are the levels, in the order they are computed.
	Levels() []int
	// Shards is how many shards a level is cut into (every level before
	// it added).
	Shards(level int) int
	// Has reports whether shard i of the level (of shards) was added.
	Has(level, i, shards int) bool
	// Add adds a computed shard; one added before is skipped.
	Add(level, i, shards int, data []byte) error
	// Compute computes shard i of the level, every shard of the levels
	// before it added, and returns its data. It may run while other
	// Computes do; not while Add does.
	Compute(ctx context.Context, level, i, shards int) ([]byte, error)
	// Finish is called with every level added: it saves the table where
	// the game's solver finds it and says what the table holds.
	Finish() (string, error)
}

// TableMaker is a game's own solver (registered in solve.Solvers) whose
// positions are solved from a table that workers can compute (2D Nim: the
// shape table of the palette's triangle).
type TableMaker interface {
	solve.Solver
	// TableFor returns the table that solving g needs and its solver has
	// not got (nil when none), bounded to memBytes (0: as needed).
	TableFor(g game.Game, memBytes int64) (Table, error)
	// NewTable returns the table of a spec (Table.Spec), for a worker.
	NewTable(spec string, memBytes int64) (Table, error)
}

// TableMakerOf returns g's own solver in solvers when it is a TableMaker.
func TableMakerOf(solvers *solve.Solvers, g game.Game) (TableMaker, bool) {
	sv, ok := solvers.Lookup(g.Type().Name)
	if !ok {
		return nil, false
	}
	tm, ok := sv.(TableMaker)
	return tm, ok
}
