package nim2d

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/kombi/kombi/games/nim2d"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// DefaultBudget is the work budget of one decision of the bots (moves
// examined by the Grundy engine in shapes not yet cached). It keeps
// decisions under a second on an ordinary machine while staying
// deterministic: the same seed gives the same game on any machine.
const DefaultBudget = 600_000

// Strategy names a way of choosing moves.
type Strategy int

const (
	// StrategyRandom is the assignment's random strategy.
	StrategyRandom Strategy = iota
	// StrategyFirstFit is the assignment's firstfit strategy.
	StrategyFirstFit
	// StrategyCopycat is the assignment's copycat strategy.
	StrategyCopycat
	// StrategyPerfect is perfect play.
	StrategyPerfect
)

var strategyNames = [...]string{"random", "firstfit", "copycat", "perfect"}

// String returns the strategy's bot name.
func (s Strategy) String() string { return strategyNames[s] }

// Player is a computer player of 2D Nim: one of the assignment's strategies
// or perfect play. A strategy player with Switch set first looks for a
// winning move it can prove within its budget, and plays it when it finds
// one ("it switches to perfect play as soon as it recognises a won
// position").
type Player struct {
	Strategy Strategy
	Switch   bool
	// Budget bounds the work of the exact analysis per decision (0: none).
	Budget int64
	// Time, when positive, also bounds the exact analysis per decision; it
	// makes the play depend on the machine's speed.
	Time   time.Duration
	engine *Engine
	// book, when set, finds the finished shape table at the first decision
	// (building it, for a small palette).
	book func(context.Context) (*ShapeBook, error)
	rng  *rand.Rand
	out  io.Writer
	name string
	mem  int64
}

// NewPlayer returns a player of the strategy whose random choices follow
// seed, with a Grundy cache of at most memBytes bytes (0: the default).
// Notes (such as a position beyond the budget) go to out (nil: discarded).
func NewPlayer(strategy Strategy, seed uint64, memBytes int64, out io.Writer) *Player {
	if out == nil {
		out = io.Discard
	}
	return &Player{
		Strategy: strategy, Switch: true, Budget: DefaultBudget,
		engine: NewEngine(NewCache(memBytes)),
		rng:    bot.NewRand(seed, 0x6e696d3264),
		out:    out, name: strategy.String(), mem: memBytes,
	}
}

// Release drops the Grundy cache (bot.Releaser), keeping the shape table
// the player reads; the next decisions fill a new cache.
func (p *Player) Release() {
	book := p.engine.Book()
	p.engine = NewEngine(NewCache(p.mem))
	p.engine.UseBook(book)
}

// UseBook makes the player read the values of a finished shape table (nil:
// none) instead of searching for them.
func (p *Player) UseBook(b *ShapeBook) {
	p.engine.UseBook(b)
	p.book = nil
}

// Act chooses a move.
func (p *Player) Act(ctx context.Context, st game.State) (game.Move, error) {
	s, ok := st.(*nim2d.State)
	if !ok {
		return 0, fmt.Errorf("%s: not a 2D Nim position", p.name)
	}
	if s.IsTerminal() {
		return 0, fmt.Errorf("%s: the palette is full", p.name)
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if p.book != nil {
		b, err := p.book(ctx)
		if err != nil {
			if cerr := ctx.Err(); cerr != nil {
				return 0, cerr
			}
			fmt.Fprintf(p.out, "[%s: %v; searching without it]\n", p.name, err)
		}
		p.engine.UseBook(b)
		p.book = nil
	}
	var a *Analysis
	if p.Strategy == StrategyPerfect || p.Switch {
		actx, cancel := solve.Deadline(ctx, p.Time)
		defer cancel()
		a = Analyse(s, AnalyseOptions{Ctx: actx, Budget: p.Budget, Engine: p.engine, FirstWin: true})
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		if a.Outcome == solve.Win && len(a.Winning) > 0 {
			return a.Winning[0], nil
		}
	}
	switch p.Strategy {
	case StrategyRandom:
		empty := s.Empty().List()
		return p.extend(s, empty[p.rng.IntN(len(empty))], 3), nil
	case StrategyFirstFit:
		return p.firstFit(s, 3), nil
	case StrategyCopycat:
		return p.copycat(s), nil
	default:
		return p.perfectFallback(s, a), nil
	}
}

// extend completes a move from its first cell as the assignment's random
// strategy does: a diagonal cell is the whole move; otherwise a row or a
// column is chosen with equal chances, then one of the runs of 1 to
// maxCells empty off-diagonal cells of that line that contain the first
// cell, all runs equally likely.
func (p *Player) extend(s *nim2d.State, first, maxCells int) game.Move {
	b := s.Game().Board()
	if b.Diagonal(first) {
		return nim2d.MoveOf(first, 1, false)
	}
	vertical := p.rng.IntN(2) == 1
	runs := Runs(b, s.Empty(), first, vertical, maxCells)
	return runs[p.rng.IntN(len(runs))]
}

// Runs lists the moves along a row (or a column when vertical) made of 1 to
// maxCells consecutive empty off-diagonal cells that include cell index
// first, shortest first; the single cell comes first.
func Runs(b nim2d.Board, empty nim2d.Cells, first int, vertical bool, maxCells int) []game.Move {
	r, c := b.RC(first)
	free := func(k int) bool { // k-th cell of the line, relative to first
		rr, cc := r, c+k
		if vertical {
			rr, cc = r+k, c
		}
		return rr >= 0 && cc >= 0 && rr < b.N && cc < b.N && rr != cc && empty.Has(b.Index(rr, cc))
	}
	out := []game.Move{nim2d.MoveOf(first, 1, false)}
	for length := 2; length <= min(3, maxCells); length++ {
		for start := -(length - 1); start <= 0; start++ {
			ok := true
			for k := start; k < start+length; k++ {
				ok = ok && free(k)
			}
			if !ok {
				continue
			}
			i := b.Index(r, c+start)
			if vertical {
				i = b.Index(r+start, c)
			}
			out = append(out, nim2d.MoveOf(i, length, vertical))
		}
	}
	return out
}

// firstFit is the assignment's firstfit: the first empty cell in cell
// order, extended as the random strategy does, with at most maxCells cells.
func (p *Player) firstFit(s *nim2d.State, maxCells int) game.Move {
	return p.extend(s, s.Empty().List()[0], maxCells)
}

// copycat answers the opponent's last move with its mirror image in the
// main diagonal: cell (r, c) for (c, r), and the diagonal cell (k, k) with
// (N−k+1, N−k+1). When the mirror move is not possible it plays a random
// empty diagonal cell after a diagonal move (the first empty cell when the
// diagonal is full), and firstfit with at most as many cells after another
// move. With no move to copy (it moves first) it plays firstfit.
func (p *Player) copycat(s *nim2d.State) game.Move {
	b := s.Game().Board()
	last, ok := s.LastMove()
	if !ok {
		return p.firstFit(s, 3)
	}
	cells, _ := b.MoveCells(last)
	if len(cells) == 1 && b.Diagonal(cells[0]) {
		k, _ := b.RC(cells[0])
		mirror := b.Index(b.N-1-k, b.N-1-k)
		if s.Empty().Has(mirror) {
			return nim2d.MoveOf(mirror, 1, false)
		}
		var diag []int
		for k := range b.N {
			if i := b.Index(k, k); s.Empty().Has(i) {
				diag = append(diag, i)
			}
		}
		if len(diag) > 0 {
			return nim2d.MoveOf(diag[p.rng.IntN(len(diag))], 1, false)
		}
		return nim2d.MoveOf(s.Empty().List()[0], 1, false)
	}
	mirrored := make([]int, len(cells))
	free := true
	for k, i := range cells {
		r, c := b.RC(i)
		mirrored[k] = b.Index(c, r)
		free = free && s.Empty().Has(mirrored[k])
	}
	if free {
		slices.Sort(mirrored)
		vertical := len(cells) > 1 && mirrored[1]-mirrored[0] == b.N
		return nim2d.MoveOf(mirrored[0], len(cells), vertical)
	}
	return p.firstFit(s, len(cells))
}

// perfectFallback chooses a move when no winning move is known: in a lost
// position a single cell of the largest part (the game lasts longest and
// the opponent has the most chances to err); in a position beyond the
// budget, a move not proven to lose that leaves the fewest cells in
// unsolved parts (equal parts cancel, so this seeks symmetry), with a note.
func (p *Player) perfectFallback(s *nim2d.State, a *Analysis) game.Move {
	d := a.Decomposition
	if a.Outcome == solve.Loss {
		largest := -1
		for i, part := range d.Parts {
			if largest < 0 || part.Shape.Cells() > d.Parts[largest].Shape.Cells() {
				largest = i
			}
		}
		var singles []game.Move
		for _, i := range s.Empty().List() {
			if d.PartOf(i) == largest {
				singles = append(singles, nim2d.MoveOf(i, 1, false))
			}
		}
		return singles[p.rng.IntN(len(singles))]
	}
	best := -1
	for k, u := range a.Undecided {
		if best < 0 || u.Unsolved < a.Undecided[best].Unsolved {
			best = k
		}
	}
	var m game.Move
	if best >= 0 {
		m = a.Undecided[best].Move
		why := ""
		if p.engine.Book() == nil {
			n := s.Game().Board().N
			why = fmt.Sprintf(" for want of a shape table of the %d×%d palette (`kombi table nim2d-shapes --n %d` computes it)", n, n, min(n, MaxTableN))
		}
		fmt.Fprintf(p.out, "[%s: the position is beyond the solver’s budget (%d cells in unsolved parts)%s; playing %s, which leaves %d unsolved cells, not proven best]\n",
			p.name, a.Unsolved, why, s.MoveString(m), a.Undecided[best].Unsolved)
	} else {
		m = a.Losing[0]
		fmt.Fprintf(p.out, "[%s: every move is proven to lose; playing %s]\n", p.name, s.MoveString(m))
	}
	return m
}
