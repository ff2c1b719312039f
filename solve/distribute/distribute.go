// Package distribute splits an exact solver's search into subproblems that
// other processes solve, and combines their answers exactly: the kit behind
// `kombi solve GAME --distribute`, where package sweep/queue puts the
// subproblems on the River job queue that `kombi worker` processes serve.
//
// A game's value is a min/max tree: at some positions the side that
// minimises the value moves (Thue: the builder, who wants a short word), at
// the others the side that maximises it (the painter). A question "is the
// value at most t?" is an OR over the moves where the minimiser moves (some
// move will do) and an AND where the maximiser moves (every move must do).
// The Coordinator expands the tree to a depth with the game's Splitter,
// merging positions with the same text (the game writes them in a canonical
// form, so equivalent positions meet), asks the Backend for the undecided
// leaves, and propagates the bounds the answers prove up the tree until the
// question is decided. Answers are bounds on a leaf's value, so an answer
// found for one question serves every later question about the same
// position, in the same run or another: an interrupted solve that is run
// again asks only for what is not stored.
//
// A game offers this through its own solver in solve.Solvers: a
// Distributor, which gives the game as a Game: its Splitter, a LeafSolver
// (its ordinary local solver, asked about one position) and
// SolveDistributed, its Solve deciding its questions through a
// Coordinator (Of finds it).
package distribute

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Unknown bounds: no lower and no upper bound.
const (
	NoLower = math.MinInt64
	NoUpper = math.MaxInt64
)

// ErrUsage is the error (wrapped) for a distributed solve that cannot be
// asked as given (a game without a distributed solver, bad settings): a
// *game.InputError, the one usage error.
var ErrUsage error = &game.InputError{Err: errors.New("distributed solve")}

// Bounds bound a position's value: Lo ≤ value ≤ Hi (NoLower, NoUpper when
// unknown).
type Bounds struct {
	Lo int64 `json:"lo"`
	Hi int64 `json:"hi"`
}

// Any is the bounds of a value nothing is known about.
var Any = Bounds{NoLower, NoUpper}

// Exact is the bounds of a known value.
func Exact(v int64) Bounds { return Bounds{v, v} }

// Meet is the intersection of b and o: what both prove.
func (b Bounds) Meet(o Bounds) Bounds { return Bounds{max(b.Lo, o.Lo), min(b.Hi, o.Hi)} }

// IsExact reports whether the bounds give the value.
func (b Bounds) IsExact() bool { return b.Lo == b.Hi }

// AtMost tells whether the value is at most t (yes), and whether the bounds
// decide it (known).
func (b Bounds) AtMost(t int64) (yes, known bool) {
	switch {
	case b.Hi <= t:
		return true, true
	case b.Lo > t:
		return false, true
	}
	return false, false
}

// String writes the bounds as "[lo, hi]", "v" when exact, with "-inf" and
// "inf" for missing bounds.
func (b Bounds) String() string {
	if b.IsExact() {
		return fmt.Sprint(b.Lo)
	}
	lo, hi := "-inf", "inf"
	if b.Lo != NoLower {
		lo = fmt.Sprint(b.Lo)
	}
	if b.Hi != NoUpper {
		hi = fmt.Sprint(b.Hi)
	}
	return "[" + lo + ", " + hi + "]"
}

// Move is one move of a position: how people write it, and the position it
// leads to (in the Splitter's canonical text).
type Move struct {
	Label    string
	Position string
}

// Expansion is what a Splitter knows about a position without searching:
// who moves, the bounds the position's value has by the rules alone (exact
// for a finished game or an immediate end), and its moves.
type Expansion struct {
	// Max is true where the side maximising the value moves.
	Max bool
	// Bounds hold by the rules. When they are exact, Moves may be empty.
	Bounds Bounds
	// Moves in the order the solver would try them (the most promising
	// first); moves that can never matter may be left out (Thue: symbols
	// that end the game at once, for the painter who maximises).
	Moves []Move
}

// Splitter expands the positions of one game for a Coordinator. Positions
// are texts: the game's canonical form of a position, so that equivalent
// positions (by symmetry, by transposition) have the same text and share
// nodes and answers.
type Splitter interface {
	// Space is the game string that answers belong to: positions with the
	// same text under the same Space have the same value. Workers load it
	// to solve the leaves, so it must be a game string of the game.
	Space() string
	// Expand tells what the rules say about a position.
	Expand(position string) (Expansion, error)
}

// LeafSolver solves subproblems with the game's ordinary local solver. One
// LeafSolver is used by one goroutine at a time, and may keep what it learns
// (a transposition table) for the next subproblems.
type LeafSolver interface {
	// SolveLeaf proves bounds on the value of position that decide whether
	// it is at most t (Bounds.AtMost), and counts the positions it searched.
	// When cut short by the context or its node budget it returns the
	// bounds proven so far with the error (see solve.Stopped).
	SolveLeaf(ctx context.Context, position string, t int64) (b Bounds, nodes int64, err error)
}

// Sharer is a LeafSolver whose table other leaf solvers of the game can
// share: a worker process answering several subproblems at once gives
// each its own Sibling, and what any of them proves serves all (a
// transposition met in another subproblem is found in the table, as in a
// local search; their sibling subproblems overlap a great deal).
type Sharer interface {
	LeafSolver
	// Sibling returns a new leaf solver of the game sharing this one's
	// table (each used by one goroutine at a time, all at once).
	Sibling() LeafSolver
}

// Knower is a LeafSolver that tells what it has proven about a position
// without searching (its table): a Coordinator asks it, after each
// question its Local decides, about every position of its tree, so that
// it asks first for the moves the local searches found best (where the
// maximiser moves, the one proven to last longest), as a sequential
// search tries them.
type Knower interface {
	LeafSolver
	// Known returns the bounds proven so far on position's value.
	Known(position string) (Bounds, bool)
}

// Exchanger is a LeafSolver whose proofs travel between processes: a
// worker exports what its table proved about the positions near the top
// of the subproblems it solved, and imports what the other workers
// exported, so that a transposition met in subproblems solved on different
// machines is searched about once. Between workers only proofs that decide
// the questions being asked are worth it: bounds from shorter questions on
// the words near the top cut a solver's own shorter searches short, and
// with them the move ordering they give its longest one. A Coordinator's
// Local (made with LeafOptions.WholeTable) exports every bound its searches
// prove, and a worker imports all of them: its own searches of the shorter
// lengths then find them as a local search finds its earlier lengths' (see
// ProofSink).
type Exchanger interface {
	LeafSolver
	// ExportProofs returns, encoded, the proofs worth sharing that were
	// not exported (or imported) before; nil when there are none.
	ExportProofs() []byte
	// ImportProofs adds proofs that ExportProofs of a leaf solver of the
	// same game encoded: those that decide questions of threshold t (the
	// next the solver is asked: the others would disturb its own
	// searches' order, see above), or every one of a whole table's.
	ImportProofs(data []byte, t int64) error
}

// ProofSink is a Backend that passes proofs to the workers' leaf solvers
// (Exchanger): a Coordinator whose Local is an Exchanger puts there what
// Local's searches proved before it asks the questions after them, so that
// the workers' searches of the same positions find it (a local search has the table of its shorter
// lengths; a worker's subproblem would search them again). Squares with 5
// symbols to length 17, two worker processes: 1.20–1.23 times the local
// positions with it, 1.42–1.49 without (README).
type ProofSink interface {
	// PutProofs stores proofs ExportProofs encoded for the game space's
	// workers.
	PutProofs(ctx context.Context, space string, data []byte) error
}

// LeafOptions configure a LeafSolver.
type LeafOptions struct {
	// MemBytes bounds its tables (0: the solver's default); siblings
	// (Sharer) share them.
	MemBytes int64
	// Threads it searches with (0: the solver's default).
	Threads int
	// Nodes bounds the positions one subproblem searches (0: no bound);
	// past it SolveLeaf stops with solve.ErrBudget.
	Nodes int64
	// WholeTable makes an Exchanger export every bound its searches prove,
	// not only those that decide the length asked near the top of its
	// subproblems: a Coordinator's Local, whose searches of the shorter
	// lengths the workers' subproblems would repeat (see ProofSink).
	WholeTable bool
}

// Game is a game whose exact solver can be distributed.
type Game interface {
	game.Game
	// Splitter returns the game's Splitter.
	Splitter() Splitter
	// NewLeafSolver returns a solver of the game's subproblems.
	NewLeafSolver(opt LeafOptions) LeafSolver
	// SolveDistributed is the game's Solve (solve.Solver), its questions
	// decided by c: the same Result, the same value.
	SolveDistributed(ctx context.Context, s game.State, opt solve.Options, c *Coordinator) (*solve.Result, error)
}

// Question asks whether the value of a position is at most T.
type Question struct {
	Position string
	T        int64
}

// Answer is what is stored about a position: bounds on its value, and
// whether a worker ran out of time on a question about it.
type Answer struct {
	Bounds Bounds
	// TooLong is the least T of a question about the position that a
	// worker could not answer in the time a job has (0: none); the
	// Coordinator then splits the position further.
	TooLong int64
	// Nodes and Seconds count the work that proved the answer.
	Nodes   int64
	Seconds float64
}

// Backend has subproblems solved elsewhere: the job queue (sweep/queue), or
// goroutines of this process (Local). It is called by one goroutine.
type Backend interface {
	// Ask has the questions answered (an answer's bounds decide its
	// question, or mark it TooLong). Asking again a question that is
	// waiting or answered does nothing. It returns how many it added.
	Ask(ctx context.Context, space string, qs []Question) (added int, err error)
	// Answers returns the stored answers about the positions.
	Answers(ctx context.Context, space string, positions []string) (map[string]Answer, error)
	// Withdraw drops questions asked but no longer needed (best effort:
	// one being solved may still be answered).
	Withdraw(ctx context.Context, space string, qs []Question) error
}

// Settler is a Backend that tells how many of the questions withdrawn
// while a worker solved them are still being solved: their workers store
// the positions they searched when they stop, and a Coordinator's count of
// positions (Settle) waits for them.
type Settler interface {
	Unsettled(ctx context.Context, space string) (int, error)
}

// Solve solves s with g's distributed solver, its questions decided by c:
// solve.SolveWith with SolveDistributed in place of the game's Solve, so the
// Result has the same common fields (game, position, player, best moves,
// seconds). The coordinator's Stats join the Result's extras.
func Solve(ctx context.Context, g Game, s game.State, opt solve.Options, c *Coordinator) (*solve.Result, error) {
	r, err := solve.SolveWith(ctx, distributed{g, c}, g, s, opt)
	if r != nil {
		// r.Nodes counts the work of the questions withdrawn while they
		// were solved too: each question decided settled them (Settle).
		st := c.Stats()
		if r.Extra == nil {
			r.Extra = map[string]any{}
		}
		r.Extra["distributed"] = true
		r.Extra["split_depth"] = st.SplitDepth
		r.Extra["tree_nodes"] = st.TreeNodes
		r.Extra["subproblems"] = st.Subproblems
		r.Extra["subproblems_asked"] = st.Asked
		r.Extra["subproblems_reused"] = st.Reused
		r.Extra["subproblems_queued"] = st.Queued
		r.Extra["subproblems_refined"] = st.Refined
		r.Extra["leaf_seconds"] = st.LeafSeconds
		r.Extra["leaf_nodes"] = st.LeafNodes
		r.Extra["local_nodes"] = st.LocalNodes
		r.Extra["withdrawn_nodes"] = st.WithdrawnNodes
		r.Extra["local_decisions"] = st.Local
		r.Extra["local_proof_bytes"] = st.SharedBytes
		r.Text += fmt.Sprintf("Distributed: split %d moves deep (%d positions); %d subproblems answered (%d asked now, %d stored before), %d jobs queued, %d leaves split further; %s of leaf solving; %d questions decided here.\n",
			st.SplitDepth, st.TreeNodes, st.Subproblems, st.Asked, st.Reused, st.Queued, st.Refined, game.Seconds(st.LeafSeconds), st.Local)
		r.Text += fmt.Sprintf("Positions: %s searched by the workers (%s of them for questions withdrawn as they ran), %s here, %s in the tree.\n",
			game.Grouped(st.LeafNodes), game.Grouped(st.WithdrawnNodes), game.Grouped(st.LocalNodes), game.Grouped(int64(st.TreeNodes)))
		if st.SharedBytes > 0 {
			r.Text += fmt.Sprintf("Proofs of the searches here passed to the workers: %.1f MB.\n", float64(st.SharedBytes)/1e6)
		}
	}
	return r, err
}

// distributed is a solver that is a game's SolveDistributed with c.
type distributed struct {
	g Game
	c *Coordinator
}

// Solve is the game's SolveDistributed with the coordinator.
func (d distributed) Solve(ctx context.Context, _ game.Game, s game.State, opt solve.Options) (*solve.Result, error) {
	return d.g.SolveDistributed(ctx, s, opt, d.c)
}

// Distributor is a game's own solver (registered in solve.Solvers) that
// can also be distributed: it gives the distributed form of its games.
type Distributor interface {
	solve.Solver
	// Distributed returns g with its distributed solver, or false when it
	// cannot distribute g.
	Distributed(g game.Game) (Game, bool)
}

// Of returns g with its distributed solver, from g's own solver in
// solvers, or false when it has none.
func Of(solvers *solve.Solvers, g game.Game) (Game, bool) {
	sv, ok := solvers.Lookup(g.Type().Name)
	if !ok {
		return nil, false
	}
	d, ok := sv.(Distributor)
	if !ok {
		return nil, false
	}
	return d.Distributed(g)
}

// Games lists the names of the registry's games that have a distributed
// solver in solvers (those whose default game string has one).
func Games(reg *game.Registry, solvers *solve.Solvers) []string {
	var out []string
	for _, t := range reg.Types() {
		if g, err := reg.Load(t.Name, 1); err == nil {
			if _, ok := Of(solvers, g); ok {
				out = append(out, t.Name)
			}
		}
	}
	return out
}
