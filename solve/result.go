package solve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"sort"
	"time"

	"github.com/kombi/kombi/game"
)

// Result is what every exact analysis returns: the one shape `kombi solve
// --json` prints for every game, the web API serves and reports read.
//
// Outcome is for Player, the player to move. At a chance node Player is -1
// and Outcome is for seat 0 (P1); in a finished game Player is -2 and
// Outcome is seat 0's result. Value is the game's own measure where it has
// one (the final Thue length, P1's exact win probability as a fraction
// string, the Grundy value of an impartial game), else nil; LowerBound and
// UpperBound bound it where it is not known exactly. Their Go types follow
// the measure (Measure.Kind) but not one type per measure: a length or a
// Grundy value is an integer (int in some solvers, uint64 in the Nim
// family's: read it with a type switch, or through the JSON), a
// probability a fraction string ("77/729", for big.Rat.SetString).
type Result struct {
	Game       string      `json:"game"`
	Position   string      `json:"position"`
	Player     game.Player `json:"player"`
	Outcome    Outcome     `json:"outcome"`
	Value      any         `json:"value"`
	LowerBound any         `json:"lower_bound"`
	UpperBound any         `json:"upper_bound"`
	Best       []game.Move `json:"-"`
	BestMoves  []string    `json:"best_moves"`
	Complete   bool        `json:"complete"`
	Nodes      int64       `json:"nodes"`
	Seconds    float64     `json:"seconds"`
	// Measure says what Value means.
	Measure MeasureInfo `json:"measure"`
	// Extra holds game-specific fields, printed beside the common ones
	// (for example "grundy", "p1_win", "steps").
	Extra map[string]any `json:"-"`
	// Text explains the result for people (the CLI prints it).
	Text string `json:"-"`
	// Teach is the part of Text that explains the reasoning, for a page
	// that shows the position, its players, the moves and the outcome
	// itself (the browser's "How it works"): no game string, drawing of
	// the board, list of winning moves, outcome or search count, and the
	// players named as a page names them (player 1, the namer), not P1.
	// Empty where Text says nothing more than those.
	Teach string `json:"-"`
}

type resultFields Result

// MarshalJSON writes the common fields and, beside them, the Extra fields.
func (r *Result) MarshalJSON() ([]byte, error) {
	f := resultFields(*r)
	if f.BestMoves == nil {
		f.BestMoves = []string{}
	}
	return flatten(f, r.Extra)
}

// flatten writes v (a struct) with extra's fields added at the top level;
// an extra field may not replace one of v's.
func flatten(v any, extra map[string]any) ([]byte, error) {
	base, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if len(extra) == 0 {
		return base, nil
	}
	var own map[string]json.RawMessage
	if err := json.Unmarshal(base, &own); err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(extra))
	for k := range extra {
		if _, clash := own[k]; !clash {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b bytes.Buffer
	b.Write(base[:len(base)-1])
	for _, k := range keys {
		val, err := json.Marshal(extra[k])
		if err != nil {
			return nil, fmt.Errorf("field %q: %w", k, err)
		}
		kb, _ := json.Marshal(k)
		b.WriteByte(',')
		b.Write(kb)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Options bound and configure an exact analysis. Time is bounded by the
// context given with them (its deadline, or a cancel such as Ctrl-C), and
// by BoundsTime after it.
type Options struct {
	// MaxLength bounds the length of play searched, where the game has such
	// a bound (0: the game's default): how far a search looks, such as the
	// Thue word's length. match.Options.MaxLength and a sweep's max_length
	// are another thing: a game stopped when it reaches that length (0:
	// no limit).
	MaxLength int
	// MemBytes bounds the memory of the solver's tables (0: the solver's
	// default; tables grow to it, they do not start there).
	MemBytes int64
	// Nodes bounds the positions searched (0: no bound).
	Nodes int64
	// Workers bounds the search workers of a parallel solver (0: one per
	// core).
	Workers int
	// Progress, when not nil, receives occasional progress reports.
	Progress func(Progress)
	// Checkpoint, when not empty, is the file where the solver keeps its
	// table (a TableKeeper: loaded at the start when it exists, saved
	// every DefaultCheckpointEvery and at the end), so that a solve that
	// is interrupted continues where it stopped.
	Checkpoint string
	// BoundsTime is the time a solver whose search was cut short (the
	// context ended) may spend after it on bounds of the value it did not
	// reach, so that its answer says more than "between 0 and 1": the
	// list-colouring solver solves the game on fewer numbers and the game
	// against a random colourer. 0: the solver's default (the list-colouring
	// solver's: up to 3.5 s, and no more than twice the search's time when
	// the context had a deadline); negative: none, the solver returns at
	// once with what its search proved. Solvers without such bounds return
	// at once.
	BoundsTime time.Duration
}

// Check says which bound is out of range: MaxLength, MemBytes, Nodes and
// Workers at least 0, MemBytes at most the machine's memory. The error is a
// *game.InputError holding a *game.OptionError that names the field and
// kombi solve's flag for it: "MemBytes (--mem) -5: want ...". SolveWith and
// AnalyzeWith check their options so.
func (o Options) Check() error {
	switch mem := MachineMemory(); {
	case o.MaxLength < 0:
		return game.Optionf("MaxLength", "max-length", o.MaxLength, "want 0 (the game's default) or a positive length")
	case o.MemBytes < 0:
		return game.Optionf("MemBytes", "mem", o.MemBytes, "want 0 (the solver's default) or a positive number of bytes")
	case o.MemBytes > mem:
		return game.Optionf("MemBytes", "mem", o.MemBytes, "more than this machine's memory (%d bytes)", mem)
	case o.Nodes < 0:
		return game.Optionf("Nodes", "nodes", o.Nodes, "want 0 (no bound) or a positive number of positions")
	case o.Workers < 0:
		return game.Optionf("Workers", "workers", o.Workers, "want 0 (one per core) or a positive number")
	}
	return nil
}

// Progress is a report from a long search or a long series of games: the
// one progress type that every solver, sweep and table sends and the one
// printer (report.Progress) draws.
type Progress struct {
	// Done and Total count units of work when the total is known (games,
	// rows, root moves); Total is 0 when it is not.
	Done, Total int64
	// Nodes counts positions searched so far.
	Nodes int64
	// Message says what is going on, in one line (e.g. "bound 19 proven").
	Message string
	// Elapsed is the time since the work started.
	Elapsed time.Duration
}

// MoveValue is one legal move with its exact value, as `kombi analyze`
// lists them.
type MoveValue struct {
	// Move is the move's text.
	Move string `json:"move"`
	// Outcome is the result for the player who makes the move, for player
	// 1 after a chance draw (Unknown when it was not decided within the
	// time).
	Outcome Outcome `json:"outcome"`
	// Value is the position's value after the move, in the measure of Solve.
	Value any `json:"value"`
	// Best marks the moves best for the player who makes them: the best
	// outcome, and among those the best value where the game's measure
	// has a side that wants it large.
	Best bool `json:"best"`
	// Parts are the move's parts (see game.Viewer), to mark it on a board.
	Parts []game.Part `json:"parts,omitempty"`
	// Probability, at a chance node, is the chance that this outcome is
	// drawn, as a fraction ("1/3"); empty at a player's move.
	Probability string `json:"probability,omitempty"`
	// WinIn, for a move that wins or loses in a game whose solver races
	// (the Szemerédi game), is how many more moves of its own the winner
	// needs after the move against the best defence: the mover's after a
	// win (0: the move itself won), the other's after a loss. Nil where
	// not measured.
	WinIn *int `json:"win_in,omitempty"`
	// M is the move itself.
	M game.Move `json:"-"`
}

// MeasureInfo says what the values of a Result or an Analysis mean: Kind
// "outcome" (win or loss only), "grundy" (the Grundy value of an impartial
// game), or the game's own measure ("length", "p1_win"), with a label in
// words and, for the game's own measure, the player who wants it large.
type MeasureInfo struct {
	Kind      string       `json:"kind"`
	Label     string       `json:"label"`
	Maximizer *game.Player `json:"maximizer,omitempty"`
}

// MeasureOf returns what the values of games of type t mean. An impartial
// game's solver that decides a position without its Grundy value (misère
// Nim, Wythoff's game, Greedy Nim, ...) reports the outcome measure for
// it instead (SolveWith, AnalyzeWith): no value claimed that is not given.
func MeasureOf(t *game.Type) MeasureInfo {
	switch {
	case t.Measure != nil:
		p := t.Measure.Maximizer
		return MeasureInfo{Kind: t.Measure.Kind, Label: t.Measure.Label, Maximizer: &p}
	case t.Impartial:
		return MeasureInfo{Kind: "grundy", Label: "Grundy value"}
	default:
		return outcomeMeasure
	}
}

// outcomeMeasure is the measure of win or loss only.
var outcomeMeasure = MeasureInfo{Kind: "outcome", Label: "outcome"}

// decidedWithoutValues reports whether some move of the analysis is
// decided (won or lost) and none has a value.
func (a *Analysis) decidedWithoutValues() bool {
	decided := false
	for _, mv := range a.Moves {
		if mv.Value != nil {
			return false
		}
		decided = decided || mv.Outcome == Win || mv.Outcome == Loss
	}
	return decided
}

// Analysis is every legal move's value in one position.
type Analysis struct {
	Game     string      `json:"game"`
	Position string      `json:"position"`
	Player   game.Player `json:"player"`
	Moves    []MoveValue `json:"moves"`
	Complete bool        `json:"complete"`
	Nodes    int64       `json:"nodes"`
	Seconds  float64     `json:"seconds"`
	// Measure says what the moves' values mean.
	Measure MeasureInfo `json:"measure"`
	// Value, at a chance node once every draw is valued, is the position's
	// value: the draws' values averaged by their probabilities, as a
	// fraction ("65/729"). Nil at a player's move.
	Value any `json:"value,omitempty"`
}

// MaxAnalyzeMoves bounds the moves AnalyzeWith values one by one.
const MaxAnalyzeMoves = 100000

// label finishes an analysis of s for people: the outcomes of a chance
// game from the probabilities, each move's parts, and the best moves.
func (a *Analysis) label(t *game.Type, s game.State) {
	mover := a.Player
	v, _ := s.(game.Viewer)
	for i := range a.Moves {
		mv := &a.Moves[i]
		if t.Chance {
			mv.Outcome = chanceOutcome(mv.Outcome, mv.Value, mover)
		}
		if v != nil && mv.Parts == nil {
			m := mv.M
			if pm, err := s.ParseMove(mv.Move); err == nil {
				m = pm
			}
			mv.Parts = v.MoveParts(m)
		}
	}
	a.markBest(mover)
	a.AddDraws(s)
}

// AddDraws completes an analysis of a chance node s (a game.Chancer whose
// Player is game.Chance): each move's Probability from s's outcomes and,
// when every move has an exact value, the position's Value, their average
// by probability. At a player's move it does nothing.
func (a *Analysis) AddDraws(s game.State) {
	c, ok := s.(game.Chancer)
	if !ok || s.Player() != game.Chance {
		return
	}
	odds := map[string]*big.Rat{}
	for _, o := range c.ChanceOutcomes() {
		if o.Den > 0 {
			odds[s.MoveString(o.Move)] = big.NewRat(o.Num, o.Den)
		}
	}
	sum, whole := new(big.Rat), len(a.Moves) > 0
	for i := range a.Moves {
		mv := &a.Moves[i]
		p := odds[mv.Move]
		if p == nil {
			whole = false
			continue
		}
		mv.Probability = fraction(p)
		v, ok := ratOf(mv.Value)
		if !ok || mv.Outcome == Unknown {
			whole = false
			continue
		}
		sum.Add(sum, new(big.Rat).Mul(p, v))
	}
	if whole {
		a.Value = fraction(sum)
	}
}

// markBest sets Best on the moves with the best outcome for mover and,
// among them, the best value where the measure has a side that wants it
// large. An undecided move is never best, and while some move is
// undecided only a won move whose value does not matter is marked (an
// undecided one might be better than any other). Chance prefers no draw:
// at a chance node no move is best.
func (a *Analysis) markBest(mover game.Player) {
	top, unknown := -1, false
	for _, m := range a.Moves {
		if m.Outcome == Unknown {
			unknown = true
			continue
		}
		top = max(top, outcomeRank(m.Outcome))
	}
	sign := 0
	if a.Measure.Maximizer != nil {
		sign = -1
		if *a.Measure.Maximizer == mover {
			sign = 1
		}
	}
	for i := range a.Moves {
		a.Moves[i].Best = false
	}
	if mover == game.Chance || top < 0 || unknown && (top != outcomeRank(Win) || sign != 0) {
		return
	}
	var best *big.Rat
	if sign != 0 {
		for _, m := range a.Moves {
			if r, ok := ratOf(m.Value); ok && outcomeRank(m.Outcome) == top && (best == nil || r.Cmp(best)*sign > 0) {
				best = r
			}
		}
	}
	for i := range a.Moves {
		m := &a.Moves[i]
		m.Best = m.Outcome != Unknown && outcomeRank(m.Outcome) == top
		if best != nil {
			r, ok := ratOf(m.Value)
			m.Best = m.Best && ok && r.Cmp(best) == 0
		}
	}
}

// outcomeRank orders outcomes from the mover's point of view: a win
// first, a loss last.
func outcomeRank(o Outcome) int {
	switch o {
	case Win:
		return 4
	case Draw:
		return 3
	case Chance:
		return 2
	case Unknown:
		return 1
	}
	return 0
}

// ratOf reads a value (a whole number, a float, or a fraction string such
// as "77/729") as an exact rational.
func ratOf(v any) (*big.Rat, bool) {
	switch x := v.(type) {
	case int:
		return new(big.Rat).SetInt64(int64(x)), true
	case int64:
		return new(big.Rat).SetInt64(x), true
	case float64:
		r := new(big.Rat)
		if r.SetFloat64(x) == nil {
			return nil, false
		}
		return r, true
	case string:
		return new(big.Rat).SetString(x)
	case fmt.Stringer:
		return new(big.Rat).SetString(x.String())
	}
	return nil, false
}

// chanceOutcome turns the outcome a chance game's solver gives for player
// p into win, loss or chance from P1's winning probability v: a win only
// at probability 1 (for P1; 0 for P2), a loss only at the other end, else
// chance. An undecided outcome stays so.
func chanceOutcome(o Outcome, v any, p game.Player) Outcome {
	r, ok := ratOf(v)
	if o == Unknown || !ok {
		return o
	}
	if p == 1 {
		return ChanceOutcome(r).Neg()
	}
	return ChanceOutcome(r)
}

func analyzeEach(ctx context.Context, sv Solver, g game.Game, s game.State, opt Options) (*Analysis, error) {
	if ix, ok := s.(game.MoveIndexer); ok && ix.MoveCount() > MaxAnalyzeMoves {
		return nil, fmt.Errorf("analyze: %d legal moves, more than the %d this analysis values one by one", ix.MoveCount(), MaxAnalyzeMoves)
	}
	moves := s.LegalMoves(nil)
	if len(moves) > MaxAnalyzeMoves {
		return nil, fmt.Errorf("analyze: %d legal moves, more than the %d this analysis values one by one", len(moves), MaxAnalyzeMoves)
	}
	mover := s.Player()
	a := &Analysis{Complete: true, Moves: make([]MoveValue, 0, len(moves))}
	for i, m := range moves {
		mv := MoveValue{Move: s.MoveString(m), M: m, Outcome: Unknown}
		child := s.Clone()
		if err := child.Apply(m); err != nil {
			return nil, fmt.Errorf("analyze: legal move %s refused: %w", mv.Move, err)
		}
		if err := ctx.Err(); err != nil {
			a.Complete = false
			a.Moves = append(a.Moves, mv)
			continue
		}
		cctx, cancel := Share(ctx, len(moves)-i)
		r, err := SolveWith(cctx, sv, g, child, opt)
		cancel()
		if r != nil {
			a.Nodes += r.Nodes
		}
		switch {
		case err != nil && !Stopped(err):
			return nil, fmt.Errorf("analyze: after %s: %w", mv.Move, err)
		case err != nil || r == nil || !r.Complete && r.Outcome == Unknown:
			a.Complete = false
			if r != nil {
				// Not decided: the value when proven, else the lower bound
				// proven so far (a Thue game's length at least).
				mv.Value = r.Value
				if mv.Value == nil {
					mv.Value = r.LowerBound
				}
			}
		default:
			mv.Value = r.Value
			mv.Outcome = moverOutcome(child, r.Outcome, mover)
			if !r.Complete {
				a.Complete = false
			}
		}
		a.Moves = append(a.Moves, mv)
	}
	return a, nil
}

// moverOutcome turns the outcome Solve reports for child (see Result) into
// the outcome for mover, the player who moved into child.
func moverOutcome(child game.State, o Outcome, mover game.Player) Outcome {
	if child.IsTerminal() {
		return FromReturn(child.Returns()[mover])
	}
	switch p := child.Player(); p {
	case mover:
		return o
	case game.Chance:
		if mover == 0 {
			return o
		}
		return o.Neg()
	default:
		return o.Neg()
	}
}

// Best returns the moves of a with the best outcome for the player to move
// (wins, else draws, else chances, else unknown, else losses), in order.
// Where the best is a chance (no move wins for sure), it returns those of
// the best probability among them (the moves marked Best).
func (a *Analysis) Best() []MoveValue {
	best := -1
	for _, m := range a.Moves {
		best = max(best, outcomeRank(m.Outcome))
	}
	var out, marked []MoveValue
	for _, m := range a.Moves {
		if outcomeRank(m.Outcome) == best {
			out = append(out, m)
			if m.Best {
				marked = append(marked, m)
			}
		}
	}
	if best == outcomeRank(Chance) && len(marked) > 0 {
		return slices.Clip(marked)
	}
	return slices.Clip(out)
}
