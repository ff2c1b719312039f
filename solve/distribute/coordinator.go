package distribute

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/kombi/kombi/solve"
)

// Defaults and bounds of Options.
const (
	// DefaultLeaves is how many leaves an automatic split depth aims at.
	DefaultLeaves = 16
	// MaxSplitDepth bounds Options.SplitDepth.
	MaxSplitDepth = 64
	// DefaultMaxTreeNodes bounds the tree a Coordinator builds.
	DefaultMaxTreeNodes = 1 << 21
	// RefineDepth is how many moves deeper a leaf too long for one job is
	// split.
	RefineDepth = 2
	// reaskEvery is how often the questions still waiting are asked again
	// (a job withdrawn by another coordinator, or lost, is queued anew).
	reaskEvery = 10 * time.Second
)

// Options configure a Coordinator.
type Options struct {
	// SplitDepth is how many moves deep the tree is expanded before its
	// leaves go to the Backend (Thue: the builder's position and the
	// painter's symbol are a move each). 0: the least depth that gives
	// Leaves leaves.
	SplitDepth int
	// Leaves is the number of leaves an automatic depth aims at (0:
	// DefaultLeaves).
	Leaves int
	// MaxTreeNodes bounds the tree (0: DefaultMaxTreeNodes).
	MaxTreeNodes int
	// Poll is the first wait for answers (0: 20ms); waits grow to MaxPoll
	// (0: 250ms) while no answer comes.
	Poll, MaxPoll time.Duration
	// Window is how many questions may wait for answers at once at first
	// (0: DefaultWindow): leaves are asked in the splitter's order of moves
	// and those after an answer that decides their parent are never asked,
	// so a small window wastes little work. It doubles, up to MaxWindow,
	// while the Backend (a Waiter) has every question taken by a worker.
	Window int
	// MaxWindow bounds the window (0: DefaultMaxWindow).
	MaxWindow int
	// Local, when set, first tries each question about a position asked
	// (and, for Moves, about each move) here; it should stop after few
	// nodes (LeafOptions.Nodes), and the question is split when it does.
	Local LeafSolver
	// LocalNodes, when not 0, is Local's node budget: a question that the
	// growth of the positions Local searched for the same position's
	// earlier questions predicts beyond it is not tried here (a search cut
	// short at the budget is work thrown away).
	LocalNodes int64
	// Progress receives a report after each wait, at most about once a
	// second.
	Progress func(solve.Progress)
}

// Window sizes.
const (
	DefaultWindow    = 2
	DefaultMaxWindow = 4096
)

// Waiter is a Backend that tells how many questions (or other jobs) wait
// for a worker to take them: none means the workers may be idle.
type Waiter interface {
	Waiting(ctx context.Context, space string) (int, error)
}

// ErrTreeTooBig is the error (wrapped) when the split tree would exceed
// Options.MaxTreeNodes.
var ErrTreeTooBig = errors.New("split tree too big")

// Stats count what a Coordinator did.
type Stats struct {
	// SplitDepth is the depth of the split (the one chosen when automatic).
	SplitDepth int `json:"split_depth"`
	// TreeNodes is the number of positions in the tree.
	TreeNodes int `json:"tree_nodes"`
	// Subproblems is the number of questions about leaves that answers
	// decided: Asked of them were asked by this coordinator, the others
	// (Reused) were decided by answers stored before.
	Subproblems int `json:"subproblems"`
	Asked       int `json:"subproblems_asked"`
	Reused      int `json:"subproblems_reused"`
	// Queued counts the questions the Backend added (a question waiting or
	// answered from an earlier run is not added again).
	Queued int `json:"subproblems_queued"`
	// Refined counts the leaves split further because a job ran out of
	// time on them.
	Refined int `json:"subproblems_refined"`
	// LeafNodes and LeafSeconds add up the work of the answers read: those
	// used, and those of questions withdrawn (WithdrawnNodes of LeafNodes:
	// the positions searched for questions that no longer mattered).
	LeafNodes      int64   `json:"leaf_nodes"`
	LeafSeconds    float64 `json:"leaf_seconds"`
	WithdrawnNodes int64   `json:"withdrawn_nodes"`
	// Local counts the questions Options.Local decided, LocalNodes the
	// positions it searched.
	Local      int   `json:"local"`
	LocalNodes int64 `json:"local_nodes"`
	// SharedBytes counts the bytes of Local's proofs put in the Backend for
	// the workers (ProofSink).
	SharedBytes int64 `json:"local_proof_bytes"`
}

// node is a position of the tree.
type node struct {
	pos      string
	max      bool
	own      Bounds // by the rules
	answer   Answer // stored
	local    Bounds // proven by Options.Local
	answered bool   // answer holds what the Backend has
	expanded bool
	kids     []int32
	moves    []Move // from Expand until the node is expanded (creation to the end of expand)
	val      Bounds // evaluation, valid when stamp == the Coordinator's epoch
	stamp    uint64
	mark     uint64 // visit mark of needed
}

// Coordinator decides questions about a game's positions with the help of a
// Backend: it expands each position asked about into a tree to the split
// depth, asks for its undecided leaves, and combines the answers. One
// goroutine uses it; it keeps its tree between questions, so asking about
// the same position for growing T reuses every answer.
type Coordinator struct {
	sp      Splitter
	be      Backend
	opt     Options
	space   string
	nodes   []node
	index   map[string]int32
	epoch   uint64
	roots   map[int32]int // the depth each root was expanded to
	asked   map[Question]bool
	pending map[Question]bool // asked, not answered, not withdrawn
	window  int
	stats   Stats
	// localCost: per position asked, the last two questions Local decided
	// and what they cost, to predict the next (see Options.LocalNodes)
	localCost map[int32][2]localCost
	// atMost holds the last answer to a question about a position asked
	// (whether its value is at most the t asked): what needed expects of
	// the next question about it.
	atMost map[int32]bool
	// late holds the positions of questions withdrawn whose workers may
	// still store the positions they searched (see readLate)
	late    map[string]bool
	start   time.Time
	lastRep time.Time
}

// NewCoordinator returns a coordinator of the splitter's positions, asking
// be for its leaves.
func NewCoordinator(sp Splitter, be Backend, opt Options) (*Coordinator, error) {
	switch {
	case opt.SplitDepth < 0 || opt.SplitDepth > MaxSplitDepth:
		return nil, fmt.Errorf("%w: split depth %d: want 0 (automatic) to %d moves", ErrUsage, opt.SplitDepth, MaxSplitDepth)
	case opt.Leaves < 0:
		return nil, fmt.Errorf("%w: %d leaves: want 0 (the default, %d) or more", ErrUsage, opt.Leaves, DefaultLeaves)
	case opt.MaxTreeNodes < 0:
		return nil, fmt.Errorf("%w: a tree of %d nodes: want 0 (the default) or more", ErrUsage, opt.MaxTreeNodes)
	}
	if opt.Leaves == 0 {
		opt.Leaves = DefaultLeaves
	}
	if opt.MaxTreeNodes == 0 {
		opt.MaxTreeNodes = DefaultMaxTreeNodes
	}
	if opt.Poll <= 0 {
		opt.Poll = 20 * time.Millisecond
	}
	if opt.MaxPoll < opt.Poll {
		opt.MaxPoll = max(250*time.Millisecond, opt.Poll)
	}
	if opt.Window <= 0 {
		opt.Window = DefaultWindow
	}
	if opt.MaxWindow <= 0 {
		opt.MaxWindow = DefaultMaxWindow
	}
	opt.MaxWindow = max(opt.MaxWindow, opt.Window)
	return &Coordinator{sp: sp, be: be, opt: opt, space: sp.Space(), index: map[string]int32{}, roots: map[int32]int{},
		asked: map[Question]bool{}, pending: map[Question]bool{}, atMost: map[int32]bool{}, late: map[string]bool{}, window: opt.Window, start: time.Now()}, nil
}

// Stats returns what the coordinator did so far.
func (c *Coordinator) Stats() Stats {
	s := c.stats
	s.TreeNodes = len(c.nodes)
	return s
}

// Nodes counts the positions searched for the coordinator's answers: the
// tree's positions and the leaves' work.
func (c *Coordinator) Nodes() int64 {
	return int64(len(c.nodes)) + c.stats.LeafNodes + c.stats.LocalNodes
}

// AtMost decides whether the value of position is at most t.
func (c *Coordinator) AtMost(ctx context.Context, position string, t int64) (bool, error) {
	root, err := c.root(position)
	if err != nil {
		return false, err
	}
	if err := c.tryLocal(ctx, root, t); err != nil {
		return false, err
	}
	if err := c.decide(ctx, []int32{root}, t); err != nil {
		return false, err
	}
	yes, _ := c.eval(root).AtMost(t)
	c.atMost[root] = yes
	return yes, nil
}

// After decides, for each of the moves given (a position's moves as the
// caller numbers them, each with the position it leads to, in the
// Splitter's text), whether the value after it is at most t, and returns
// bounds that decide it, move by move. The tree is the one of position
// (expanded to the split depth), so its answers serve.
func (c *Coordinator) After(ctx context.Context, position string, moves []Move, t int64) ([]Bounds, error) {
	if _, err := c.root(position); err != nil {
		return nil, err
	}
	kids := make([]int32, len(moves))
	for j, m := range moves {
		k, err := c.node(m.Position)
		if err != nil {
			return nil, err
		}
		if err := c.tryLocal(ctx, k, t); err != nil {
			return nil, err
		}
		kids[j] = k
	}
	if err := c.decide(ctx, kids, t); err != nil {
		return nil, err
	}
	c.epoch++
	out := make([]Bounds, len(kids))
	for j, k := range kids {
		out[j] = c.eval(k)
		c.atMost[k], _ = out[j].AtMost(t)
	}
	return out, nil
}

// tryLocal tries the question about node i with Options.Local.
func (c *Coordinator) tryLocal(ctx context.Context, i int32, t int64) error {
	if c.opt.Local == nil {
		return nil
	}
	c.epoch++
	if _, known := c.eval(i).AtMost(t); known {
		return nil
	}
	if c.localTooCostly(i, t) {
		return nil
	}
	b, nodes, err := c.opt.Local.SolveLeaf(ctx, c.nodes[i].pos, t)
	c.stats.LocalNodes += nodes
	if err == nil {
		if c.localCost == nil {
			c.localCost = map[int32][2]localCost{}
		}
		last := c.localCost[i]
		c.localCost[i] = [2]localCost{last[1], {t, nodes}}
	}
	if err != nil && ctx.Err() != nil {
		return err
	}
	if err != nil && !solve.Stopped(err) {
		return fmt.Errorf("%s: %w", c.nodes[i].pos, err)
	}
	n := &c.nodes[i]
	n.local = n.local.Meet(b)
	if n.own.Meet(n.local).Lo > n.own.Meet(n.local).Hi {
		return fmt.Errorf("contradictory bounds on %s: %s by the rules, %s here", n.pos, n.own, b)
	}
	c.learnLocal()
	c.epoch++
	if _, known := c.eval(i).AtMost(t); known && err == nil {
		c.stats.Local++
	}
	return nil
}

// learnLocal gives every position of the tree the bounds Local has proven
// on it (when Local is a Knower): they order the moves (see needed) and
// may decide some.
func (c *Coordinator) learnLocal() {
	kn, ok := c.opt.Local.(Knower)
	if !ok {
		return
	}
	for j := range c.nodes {
		n := &c.nodes[j]
		if b, ok := kn.Known(n.pos); ok {
			if m := n.own.Meet(n.local).Meet(b); m.Lo <= m.Hi {
				n.local = n.local.Meet(b)
			}
		}
	}
	c.epoch++
}

// shareLocal puts what Local's searches proved since the last export (the
// Exchanger keeps it) into the Backend for the workers, when Local is an
// Exchanger and the Backend a ProofSink: before questions are asked, so
// that their workers find them when they start (a solve that Local decides
// alone puts none). The proofs only save work: one that cannot be stored
// is not an error (the workers search those positions again).
func (c *Coordinator) shareLocal(ctx context.Context) {
	ex, ok := c.opt.Local.(Exchanger)
	if !ok {
		return
	}
	sink, ok := c.be.(ProofSink)
	if !ok {
		return
	}
	if data := ex.ExportProofs(); len(data) > 0 {
		if err := sink.PutProofs(ctx, c.space, data); err == nil {
			c.stats.SharedBytes += int64(len(data))
		}
	}
}

// localCost is what a question Local decided cost: its threshold and the
// positions searched.
type localCost struct {
	t     int64
	nodes int64
}

// localTooCostly reports whether the question whether position i's value
// is at most t is predicted to cost Local more than its budget: the last
// two questions it decided about i grew by a factor per unit of t, and t
// is that much further (Thue: about 4 per length; a question is tried when
// there is no such history).
func (c *Coordinator) localTooCostly(i int32, t int64) bool {
	h, ok := c.localCost[i]
	if c.opt.LocalNodes <= 0 || !ok || h[0].t == 0 || h[1].t <= h[0].t || h[0].nodes <= 0 || t <= h[1].t {
		return false
	}
	// Local keeps its table between questions: the cost of a question is
	// about the positions added, and those grow geometrically.
	growth := math.Pow(float64(max(h[1].nodes, 1))/float64(h[0].nodes), 1/float64(h[1].t-h[0].t))
	growth = max(growth, 1)
	predicted := float64(h[1].nodes) * math.Pow(growth, float64(t-h[1].t))
	return predicted > float64(c.opt.LocalNodes)
}

// root returns the node of a position asked about, expanded to the split
// depth (chosen now when automatic).
func (c *Coordinator) root(position string) (int32, error) {
	r, err := c.node(position)
	if err != nil {
		return 0, err
	}
	if _, ok := c.roots[r]; ok {
		return r, nil
	}
	depth := c.opt.SplitDepth
	if depth == 0 {
		// Deepen one move at a time until the tree has enough leaves.
		for depth < MaxSplitDepth {
			depth++
			leaves, err := c.expand(r, depth)
			if err != nil {
				return 0, err
			}
			if leaves >= c.opt.Leaves || leaves == 0 || len(c.nodes) > c.opt.MaxTreeNodes/8 {
				break
			}
		}
		if c.stats.SplitDepth == 0 {
			c.stats.SplitDepth = depth
		}
	}
	if _, err := c.expand(r, depth); err != nil {
		return 0, err
	}
	if c.stats.SplitDepth == 0 {
		c.stats.SplitDepth = depth
	}
	c.roots[r] = depth
	return r, nil
}

// node returns the node of a position, creating it.
func (c *Coordinator) node(position string) (int32, error) {
	if i, ok := c.index[position]; ok {
		return i, nil
	}
	if len(c.nodes) >= c.opt.MaxTreeNodes {
		return 0, fmt.Errorf("%w: more than %d positions (ask for a smaller split depth)", ErrTreeTooBig, c.opt.MaxTreeNodes)
	}
	e, err := c.sp.Expand(position)
	if err != nil {
		return 0, fmt.Errorf("expand %s: %w", position, err)
	}
	if e.Bounds.Lo > e.Bounds.Hi {
		return 0, fmt.Errorf("expand %s: bounds %s are empty", position, e.Bounds)
	}
	i := int32(len(c.nodes))
	c.nodes = append(c.nodes, node{pos: position, max: e.Max, own: e.Bounds, local: Any, moves: e.Moves})
	c.index[position] = i
	return i, nil
}

// expand expands the tree below r to depth moves (breadth first, so each
// node is reached at its least depth) and returns the number of leaves it
// has: unexpanded nodes whose value the rules do not give.
func (c *Coordinator) expand(r int32, depth int) (leaves int, err error) {
	type item struct {
		i int32
		d int
	}
	seen := map[int32]bool{r: true}
	queue := []item{{r, 0}}
	defer func() {
		// Moves are kept only until a node is expanded.
		for _, it := range queue {
			c.nodes[it.i].moves = nil
		}
	}()
	for q := 0; q < len(queue); q++ {
		it := queue[q]
		n := &c.nodes[it.i]
		if n.own.IsExact() {
			continue
		}
		if it.d >= depth {
			if !n.expanded {
				leaves++
			}
			continue
		}
		if !n.expanded {
			moves := n.moves
			if moves == nil {
				e, err := c.sp.Expand(n.pos)
				if err != nil {
					return leaves, fmt.Errorf("expand %s: %w", n.pos, err)
				}
				moves = e.Moves
			}
			kids := make([]int32, 0, len(moves))
			have := map[int32]bool{}
			for _, m := range moves {
				k, err := c.node(m.Position)
				if err != nil {
					return leaves, err
				}
				if !have[k] {
					have[k] = true
					kids = append(kids, k)
				}
			}
			n = &c.nodes[it.i] // c.node may have moved the slice
			n.kids, n.expanded, n.moves = kids, true, nil
			c.epoch++
		}
		for _, k := range n.kids {
			if !seen[k] {
				seen[k] = true
				queue = append(queue, item{k, it.d + 1})
			}
		}
	}
	return leaves, nil
}

// eval returns the bounds the tree proves for node i now.
func (c *Coordinator) eval(i int32) Bounds {
	n := &c.nodes[i]
	if n.stamp == c.epoch {
		return n.val
	}
	b := n.own.Meet(n.local)
	if n.answered {
		b = b.Meet(n.answer.Bounds)
	}
	if n.expanded && len(n.kids) > 0 && !b.IsExact() {
		kb := Bounds{NoUpper, NoUpper} // the minimum of the kids
		if n.max {
			kb = Bounds{NoLower, NoLower} // the maximum
		}
		for _, k := range n.kids {
			v := c.eval(k)
			if n.max {
				kb = Bounds{max(kb.Lo, v.Lo), max(kb.Hi, v.Hi)}
			} else {
				kb = Bounds{min(kb.Lo, v.Lo), min(kb.Hi, v.Hi)}
			}
		}
		b = b.Meet(kb)
		n = &c.nodes[i]
	}
	n.val, n.stamp = b, c.epoch
	return b
}

// needed returns the leaves whose answers the questions "value of the
// target at most t?" still wait for, the likeliest to matter first. At
// each node the undecided moves are ordered as the solver orders them
// (where the maximiser moves, the move proven to last longest first; where
// the minimiser moves, the shortest first; else the splitter's order).
// The answer expected (the answer the last question about the target had,
// and with none "not at most": a deepening asks with growing t, and its
// answers change once) needs every move of some positions (where the
// minimiser moves, to show the value above t) and one move of the others:
// there the moves after the first are younger brothers, searched only if
// the first fails. A leaf's rank is the number of younger brothers on its
// way from a target, and leaves come by rank, each rank in the order a
// sequential search reaches them: first the work the answer expected needs,
// then the work that "young brothers wait" holds back, so that a narrow
// window asks little in vain. (Ranking every move after the first as a
// younger brother, as before, made the second of two workers take a
// younger brother at once: squares with 5 symbols to length 17, two
// workers, 1.29–1.32 times the local positions against 1.20–1.23 with
// Local's proofs passed to the workers, see ProofSink and README.)
//
// Where one move decides the answer expected and one of the position's
// undecided moves leads to a position already on the way to an earlier
// leaf, every other move is a younger brother: as a sequential search
// whose table proved that position elsewhere, the proof takes the shared
// position (Thue, squares with 5 symbols to length 17: one worker's
// subproblems cost 8.9M positions, and 14.8M in about half of the runs
// without this, a painter's reply asked that a sequential search never
// visits).
func (c *Coordinator) needed(targets []int32, t int64) []int32 {
	c.epoch++ // a fresh evaluation and visit mark
	mark := c.epoch
	type item struct {
		i    int32
		rank int
		// atMost is the answer expected of the target it was reached from
		atMost bool
	}
	// A 0-1 breadth-first search: the first move costs 0, the others 1.
	var front, back []item
	for j := len(targets) - 1; j >= 0; j-- {
		front = append(front, item{targets[j], 0, c.atMost[targets[j]]}) // a stack: the first target on top
	}
	var out []int32
	var kids []int32
	for len(front) > 0 || len(back) > 0 {
		var it item
		if n := len(front); n > 0 {
			it, front = front[n-1], front[:n-1]
		} else {
			it, back = back[0], back[1:]
		}
		n := &c.nodes[it.i]
		if n.mark == mark {
			continue
		}
		n.mark = mark
		if _, known := c.eval(it.i).AtMost(t); known {
			continue
		}
		if !n.expanded {
			out = append(out, it.i)
			continue
		}
		kids = kids[:0]
		shared := false // an undecided move leads to a position visited
		for _, k := range n.kids {
			if _, known := c.eval(k).AtMost(t); !known {
				if c.nodes[k].mark != mark {
					kids = append(kids, k)
				} else {
					shared = true
				}
			}
		}
		// Where the maximiser moves, one move shows the value above t;
		// where the minimiser moves, one shows it at most t.
		oneMove := n.max != it.atMost
		if shared && oneMove {
			for _, k := range kids {
				back = append(back, item{k, it.rank + 1, it.atMost})
			}
			continue
		}
		if n.max {
			slices.SortStableFunc(kids, func(a, b int32) int { return cmp.Compare(c.nodes[b].val.Lo, c.nodes[a].val.Lo) })
		} else {
			slices.SortStableFunc(kids, func(a, b int32) int { return cmp.Compare(c.nodes[a].val.Lo, c.nodes[b].val.Lo) })
		}
		// front is a stack: push the first move last. Where every move
		// is needed, none is a younger brother.
		for j := len(kids) - 1; j >= 0; j-- {
			if j == 0 || !oneMove {
				front = append(front, item{kids[j], it.rank, it.atMost})
			} else {
				back = append(back, item{kids[j], it.rank + 1, it.atMost})
			}
		}
	}
	return out
}

// decide waits until the tree decides the questions about the targets.
func (c *Coordinator) decide(ctx context.Context, targets []int32, t int64) error {
	wait := c.opt.Poll
	lastAsk := time.Now()
	for {
		// Interrupted, the questions stay queued: workers go on answering
		// them for the next run.
		if err := ctx.Err(); err != nil {
			return err
		}
		leaves := c.needed(targets, t)
		// Leaves too long for one job are split further.
		refined := false
		for _, i := range leaves {
			n := &c.nodes[i]
			if n.answered && n.answer.TooLong > 0 && n.answer.TooLong <= t {
				if _, err := c.expand(i, RefineDepth); err != nil {
					return err
				}
				c.stats.Refined++
				refined = true
			}
		}
		if refined {
			continue
		}
		c.withdrawUnneeded(ctx, leaves, t)
		if len(leaves) == 0 {
			// Decided: the work of the questions withdrawn counts once
			// their workers have stopped, before the caller reads Nodes.
			c.withdrawAll(ctx)
			c.Settle(ctx)
			return ctx.Err()
		}
		// Read what is stored about them.
		positions := make([]string, len(leaves))
		for j, i := range leaves {
			positions[j] = c.nodes[i].pos
		}
		answers, err := c.be.Answers(ctx, c.space, positions)
		if err != nil {
			return fmt.Errorf("answers: %w", err)
		}
		news := 0
		for _, i := range leaves {
			a, ok := answers[c.nodes[i].pos]
			if !ok {
				continue
			}
			n := &c.nodes[i]
			if n.answered && a == n.answer {
				continue
			}
			b := n.own.Meet(a.Bounds)
			if b.Lo > b.Hi {
				return fmt.Errorf("contradictory answers about %s: %s by the rules, %s stored", n.pos, n.own, a.Bounds)
			}
			// Stored answers add up the work of every job on the position.
			if a.Nodes > n.answer.Nodes {
				c.stats.LeafNodes += a.Nodes - n.answer.Nodes
			}
			if a.Seconds > n.answer.Seconds {
				c.stats.LeafSeconds += a.Seconds - n.answer.Seconds
			}
			n.answer, n.answered = a, true
			news++
			q := Question{n.pos, t}
			if _, known := b.AtMost(t); known {
				delete(c.pending, q)
				c.stats.Subproblems++
				if c.asked[q] {
					c.stats.Asked++
				} else {
					c.stats.Reused++
				}
			}
		}
		if news > 0 {
			c.epoch++
			wait = c.opt.Poll
			continue // evaluate again before asking
		}
		// Ask for those not asked yet (their stored answers were read), in
		// order, as many as the window leaves room for.
		var ask []Question
		room := c.window - len(c.pending)
		for _, i := range leaves {
			if room <= 0 {
				break
			}
			if q := (Question{c.nodes[i].pos, t}); !c.pending[q] {
				ask = append(ask, q)
				room--
			}
		}
		if time.Since(lastAsk) >= reaskEvery {
			for q := range c.pending {
				ask = append(ask, q)
			}
			lastAsk = time.Now()
		}
		if len(ask) > 0 {
			c.shareLocal(ctx)
			added, err := c.be.Ask(ctx, c.space, ask)
			if err != nil {
				return fmt.Errorf("ask: %w", err)
			}
			c.stats.Queued += added
			for _, q := range ask {
				c.pending[q], c.asked[q] = true, true
			}
			continue
		}
		c.report(t, len(leaves))
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		wait = min(wait*3/2, c.opt.MaxPoll)
		if err := c.grow(ctx, len(leaves)); err != nil {
			return err
		}
	}
}

// grow doubles the window when it is full, more leaves wait to be asked,
// and the workers have taken every question (they may be idle).
func (c *Coordinator) grow(ctx context.Context, leaves int) error {
	w, ok := c.be.(Waiter)
	if !ok || len(c.pending) < c.window || leaves <= len(c.pending) || c.window >= c.opt.MaxWindow {
		return nil
	}
	n, err := w.Waiting(ctx, c.space)
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("questions waiting: %w", err)
	}
	if err == nil && n == 0 {
		c.window = min(2*c.window, c.opt.MaxWindow)
	}
	return nil
}

// withdrawUnneeded withdraws the questions waiting that none of the leaves
// asks any more.
func (c *Coordinator) withdrawUnneeded(ctx context.Context, leaves []int32, t int64) {
	if len(c.pending) == 0 {
		return
	}
	need := make(map[Question]bool, len(leaves))
	for _, i := range leaves {
		need[Question{c.nodes[i].pos, t}] = true
	}
	var drop []Question
	for q := range c.pending {
		if !need[q] {
			drop = append(drop, q)
		}
	}
	c.withdraw(ctx, drop)
}

func (c *Coordinator) withdrawAll(ctx context.Context) {
	var drop []Question
	for q := range c.pending {
		drop = append(drop, q)
	}
	c.withdraw(ctx, drop)
}

func (c *Coordinator) withdraw(ctx context.Context, qs []Question) {
	if len(qs) == 0 {
		return
	}
	for _, q := range qs {
		delete(c.pending, q)
		c.late[q.Position] = true
	}
	// Best effort, also after Ctrl-C: a question left waiting only costs
	// a worker's time.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	_ = c.be.Withdraw(wctx, c.space, qs)
}

// maxLate bounds the positions of withdrawn questions read again.
const maxLate = 1 << 14

// readLate adds up the work stored since it was last read on the positions
// of questions withdrawn: a worker solving a question when it is withdrawn
// stores the positions it searched as it stops. A position stays until its
// stored work grows, or (see Settle) until no worker solves a withdrawn
// question any more; beyond maxLate, the oldest go.
func (c *Coordinator) readLate(ctx context.Context) error {
	if len(c.late) == 0 {
		return nil
	}
	positions := make([]string, 0, len(c.late))
	for p := range c.late {
		positions = append(positions, p)
	}
	answers, err := c.be.Answers(ctx, c.space, positions)
	if err != nil {
		return err
	}
	for _, p := range positions {
		a, ok := answers[p]
		i, known := c.index[p]
		if !ok || !known {
			continue
		}
		n := &c.nodes[i]
		if a.Nodes <= n.answer.Nodes {
			continue
		}
		c.stats.LeafNodes += a.Nodes - n.answer.Nodes
		c.stats.WithdrawnNodes += a.Nodes - n.answer.Nodes
		if a.Seconds > n.answer.Seconds {
			c.stats.LeafSeconds += a.Seconds - n.answer.Seconds
		}
		if b := n.own.Meet(a.Bounds); b.Lo <= b.Hi {
			n.answer, n.answered = a, true
		} else {
			n.answer.Nodes, n.answer.Seconds = a.Nodes, a.Seconds
		}
		delete(c.late, p)
	}
	if len(c.late) > maxLate {
		for p := range c.late {
			delete(c.late, p)
			if len(c.late) <= maxLate {
				break
			}
		}
	}
	c.epoch++
	return nil
}

// Settle waits until the workers of the questions withdrawn while they
// were solved have stopped (when the Backend is a Settler; at most
// settleWait) and counts the positions they searched. Every question
// decided settles, so Nodes counts every job's work when AtMost or After
// returns. Once settled and read, no withdrawn question's work can grow:
// their positions are not read again (those withdrawn before a worker
// took them never store any).
func (c *Coordinator) Settle(ctx context.Context) {
	settled := false
	if st, ok := c.be.(Settler); ok {
		deadline := time.Now().Add(settleWait)
		for wait := c.opt.Poll; time.Now().Before(deadline); wait = min(wait*3/2, c.opt.MaxPoll) {
			n, err := st.Unsettled(ctx, c.space)
			if err != nil {
				break
			}
			if n == 0 {
				settled = true
				break
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
		}
	}
	if err := c.readLate(ctx); err == nil && settled {
		clear(c.late)
	}
}

// settleWait bounds how long Settle waits for withdrawn questions' workers
// to stop (a worker stops within one step of its search).
const settleWait = 10 * time.Second

// report sends a progress report, at most one a second.
func (c *Coordinator) report(t int64, waiting int) {
	if c.opt.Progress == nil || time.Since(c.lastRep) < time.Second {
		return
	}
	c.lastRep = time.Now()
	c.opt.Progress(solve.Progress{Nodes: c.Nodes(), Elapsed: time.Since(c.start),
		Message: fmt.Sprintf("value ≤ %d? waiting for %d subproblems (%d answered, %d queued, %d positions in the tree)",
			t, waiting, c.stats.Subproblems, c.stats.Queued, len(c.nodes))})
}
