package nim

import (
	"context"
	"fmt"
	"strings"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
)

// NimSum returns the XOR of the heap sizes.
func NimSum(heaps []int) int {
	s := 0
	for _, h := range heaps {
		s ^= h
	}
	return s
}

// IsPPosition reports whether the player to move loses against best play:
// in normal play when the nim-sum is 0; in misère play the same while some
// heap has two or more tokens, and with only heaps of 0 or 1 tokens when
// their number of one-token heaps is odd.
func IsPPosition(heaps []int, misere bool) bool {
	if misere && maxHeap(heaps) <= 1 {
		ones := 0
		for _, h := range heaps {
			ones += h
		}
		return ones%2 == 1
	}
	return NimSum(heaps) == 0
}

func maxHeap(heaps []int) int {
	m := 0
	for _, h := range heaps {
		m = max(m, h)
	}
	return m
}

// WinningMoves returns every move to a P-position, in LegalMoves order; it is
// empty exactly when the player to move loses against best play. It needs
// only O(heaps²) time: a winning move on heap i leaves h XOR s, 0 or 1 tokens.
func WinningMoves(heaps []int, misere bool) []game.Move {
	var out []game.Move
	s := NimSum(heaps)
	work := append([]int(nil), heaps...)
	for i, h := range heaps {
		cands := []int{h ^ s}
		if misere {
			cands = append(cands, 0, 1)
		}
		seen := map[int]bool{}
		var takes []int
		for _, t := range cands {
			if t >= h || seen[t] {
				continue
			}
			seen[t] = true
			work[i] = t
			if IsPPosition(work, misere) {
				takes = append(takes, h-t)
			}
		}
		work[i] = h
		// LegalMoves lists fewer tokens first.
		for a := 0; a < len(takes); a++ {
			for b := a + 1; b < len(takes); b++ {
				if takes[b] < takes[a] {
					takes[a], takes[b] = takes[b], takes[a]
				}
			}
		}
		for _, t := range takes {
			out = append(out, Move(i, t))
		}
	}
	return out
}

// Perfect plays Bouton's strategy: a winning move whenever one exists (the
// first in move order); in a lost position it takes one token from a largest
// heap, to make the opponent's task as long as possible.
type Perfect struct{}

// Act returns the perfect move.
func (Perfect) Act(ctx context.Context, s game.State) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	ns, ok := s.(*State)
	if !ok {
		return 0, fmt.Errorf("nim perfect: not a nim state")
	}
	if w := WinningMoves(ns.heaps, ns.misere); len(w) > 0 {
		return w[0], nil
	}
	best := -1
	for i, h := range ns.heaps {
		if h > 0 && (best < 0 || h > ns.heaps[best]) {
			best = i
		}
	}
	if best < 0 {
		return 0, fmt.Errorf("nim perfect: no legal move")
	}
	return Move(best, 1), nil
}

// Analysis explains a Nim position: the binary XOR table, the outcome and
// the winning moves. Its JSON form is the output of `kombi solve --json`.
type Analysis struct {
	Game      string   `json:"game"`
	Heaps     []int    `json:"heaps"`
	Misere    bool     `json:"misere"`
	NimSum    int      `json:"nim_sum"`
	Outcome   string   `json:"outcome"`
	BestMoves []string `json:"best_moves"`
	Reason    string   `json:"reason"`
	table     string
}

// Text is the teacher's explanation: the XOR table and the reasoning.
func (a *Analysis) Text() string {
	var b strings.Builder
	rule := "normal play: whoever takes the last token wins"
	if a.Misere {
		rule = "misère play: whoever takes the last token loses"
	}
	fmt.Fprintf(&b, "Heaps %s (%s).\n\n%s\n%s\n", joinSizes(a.Heaps), rule, a.table, a.Reason)
	if len(a.BestMoves) > 0 {
		fmt.Fprintf(&b, "Winning moves (HEAP:COUNT): %s\n", strings.Join(a.BestMoves, " "))
	}
	fmt.Fprintf(&b, "Outcome for the player to move: %s\n", a.Outcome)
	return b.String()
}

func joinSizes(h []int) string {
	parts := make([]string, len(h))
	for i, x := range h {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

// xorTable draws the heaps in binary with their nim-sum, as in the thesis' Example 3.
func xorTable(heaps []int) string {
	s := NimSum(heaps)
	width := 1
	for _, h := range append([]int{s}, heaps...) {
		width = max(width, len(fmt.Sprintf("%b", h)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  heap %8s  %*s\n", "tokens", width, "binary")
	for i, h := range heaps {
		fmt.Fprintf(&b, "  %4d %8d  %0*b\n", i+1, h, width, h)
	}
	fmt.Fprintf(&b, "  %s\n", strings.Repeat("-", 15+width))
	fmt.Fprintf(&b, "  XOR  %8d  %0*b", s, width, s)
	return b.String()
}

// Analyse explains the position s.
func Analyse(g *Game, s *State) *Analysis {
	heaps := s.heaps
	a := &Analysis{Game: g.String(), Heaps: append([]int(nil), heaps...), Misere: s.misere,
		NimSum: NimSum(heaps), BestMoves: []string{}, table: xorTable(heaps)}
	wins := WinningMoves(heaps, s.misere)
	for _, m := range wins {
		a.BestMoves = append(a.BestMoves, s.MoveString(m))
	}
	a.Outcome = "loss"
	if len(wins) > 0 {
		a.Outcome = "win"
	}
	a.Reason = reason(heaps, s.misere, a.NimSum, wins)
	return a
}

func reason(heaps []int, misere bool, sum int, wins []game.Move) string {
	big := 0
	ones := 0
	for _, h := range heaps {
		switch {
		case h > 1:
			big++
		case h == 1:
			ones++
		}
	}
	if misere && big == 0 {
		if ones%2 == 1 {
			return fmt.Sprintf("Misère endgame: every heap has at most one token and there are %d one-token heaps, an odd number.\nEach move removes one heap, so the opponent takes the last token: the player to move loses.", ones)
		}
		return fmt.Sprintf("Misère endgame: every heap has at most one token and there are %d one-token heaps, an even number.\nRemove one of them to leave an odd number: the opponent will take the last token.", ones)
	}
	if misere && big == 1 {
		i, _ := unpack(wins[0])
		h := heaps[i]
		left := h - int(wins[0]&0xffffffff)
		return fmt.Sprintf("Misère play with a single heap of two or more tokens (heap %d, %d tokens): the XOR rule no longer applies.\n"+
			"Reduce heap %d to %d so that an odd number of one-token heaps remains (%d): the opponent will take the last token.",
			i+1, h, i+1, left, ones+left)
	}
	prefix := ""
	if misere {
		prefix = "Misère play follows the normal XOR rule while two or more heaps have at least two tokens.\n"
	}
	if sum == 0 {
		return prefix + "The nim-sum is 0: every move changes exactly one heap and so makes the nim-sum non-zero,\n" +
			"and the opponent can always restore 0. The player to move loses against best play."
	}
	d := 0
	for 1<<(d+1) <= sum {
		d++
	}
	i, t := unpack(wins[0])
	h := heaps[i]
	return fmt.Sprintf("%sThe nim-sum is %d (%b), not 0: the player to move wins.\n"+
		"Its highest 1-bit is bit %d (value %d); heap %d (%d = %b) has that bit set.\n"+
		"%d XOR %d = %d, so take %d − %d = %d tokens from heap %d: the nim-sum becomes 0.",
		prefix, sum, sum, d, 1<<d, i+1, h, h, h, sum, h^sum, h, h^sum, t, i+1)
}

// Solve explains a Nim position (see Analysis).
func (g *Game) Solve(_ context.Context, s game.State, _ game.SolveOptions) (game.Analysis, error) {
	ns, ok := s.(*State)
	if !ok {
		return nil, fmt.Errorf("nim solve: not a nim state")
	}
	if ns.IsTerminal() {
		return nil, fmt.Errorf("nim solve: every heap is empty, the game is over")
	}
	return Analyse(g, ns), nil
}

// Register adds Nim and its variants (nimk, greedynim, buildingnim,
// grundy) with their perfect bots to the registries.
func Register(games *game.Registry, bots *bot.Registry) error {
	for _, t := range []*game.Type{NewType(), NewKType(), NewGreedyType(), NewBuildingType(), NewGrundyType()} {
		if err := games.Register(t); err != nil {
			return err
		}
	}
	for _, f := range []*bot.Factory{
		{Name: "perfect", Doc: "Bouton's strategy (XOR rule, misère endgame)", Games: []string{"nim"},
			New: func(game.Game, game.Params, bot.Env) (bot.Bot, error) { return Perfect{}, nil }},
		{Name: "perfect", Doc: "Moore's strategy: every binary digit sum a multiple of k+1", Games: []string{"nimk"},
			New: func(game.Game, game.Params, bot.Env) (bot.Bot, error) { return KPerfect{}, nil }},
		{Name: "perfect", Doc: "leave an even number of largest heaps", Games: []string{"greedynim"},
			New: func(game.Game, game.Params, bot.Env) (bot.Bot, error) { return GreedyPerfect{}, nil }},
		{Name: "perfect", Doc: "exact search of the building phase, then Bouton's strategy", Games: []string{"buildingnim"},
			New: func(game.Game, game.Params, bot.Env) (bot.Bot, error) { return NewBuildingPerfect(), nil }},
		{Name: "perfect", Doc: "Sprague–Grundy values (sparse-space method): a move to value 0", Games: []string{"grundy"},
			New: func(g game.Game, _ game.Params, _ bot.Env) (bot.Bot, error) {
				gg, ok := g.(*GrundyGame)
				if !ok {
					return nil, fmt.Errorf("not Grundy's game")
				}
				return GrundyPerfect{g: gg}, nil
			}},
	} {
		if err := bots.Register(f); err != nil {
			return err
		}
	}
	return nil
}
