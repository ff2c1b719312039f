package apgame

import "github.com/kombi/kombi/game"

// Search is a private copy of a position for an exact search (the exact
// solver of package study/apgame): it colours and uncolours numbers by
// index, keeping both players' Erdős–Selfridge potentials up to date, and
// answers what the search asks of the position in constant time.
type Search struct {
	st    *State
	saved [][2]int64 // st.es before each move applied, for Undo
}

// NewSearch returns a search from a copy of s.
func NewSearch(s *State) *Search {
	x := &Search{st: s.clone()}
	x.st.es, x.st.trackES = [2]int64{}, true
	for a := range s.g.NumProgressions() {
		for p := range 2 {
			if s.cnt[2*a+1-p] == 0 {
				x.st.es[p] += 1 << s.cnt[2*a+p]
			}
		}
	}
	return x
}

// Apply colours number index i for the player to move.
func (x *Search) Apply(i int) {
	x.saved = append(x.saved, x.st.es)
	x.st.applyIndex(i)
}

// Undo takes back Apply(i), the last move applied.
func (x *Search) Undo(i int) {
	x.st.undoIndex(i)
	x.st.es = x.saved[len(x.saved)-1]
	x.saved = x.saved[:len(x.saved)-1]
}

// State returns the position searched (do not change it but through the
// search).
func (x *Search) State() *State { return x.st }

// Won reports whether the player who moved last completed a progression.
func (x *Search) Won() bool { return x.st.winner >= 0 }

// Drawn reports whether neither player can complete a progression any
// more, or every number is coloured.
func (x *Search) Drawn() bool {
	s := x.st
	return s.live[0] == 0 && s.live[1] == 0 || s.moves == len(s.colour)
}

// Turn returns the player to move, 0 or 1.
func (x *Search) Turn() int { return int(x.st.turn) }

// Threats returns the numbers that would complete a progression of player p
// at once.
func (x *Search) Threats(p int) int { return x.st.thrSq[p] }

// ThreatSquare returns the smallest uncoloured index that completes a
// progression of p, or -1.
func (x *Search) ThreatSquare(p int) int { return threatSquare(x.st, p) }

// ThreatSquares returns the uncoloured indices that complete a progression
// of p, increasing.
func (x *Search) ThreatSquares(p int) []int {
	var out []int
	for i, t := range x.st.thr[p] {
		if t > 0 && x.st.colour[i] == none {
			out = append(out, i)
		}
	}
	return out
}

// Live returns the progressions player p can still complete.
func (x *Search) Live(p int) int { return x.st.live[p] }

// Potential returns player p's Erdős–Selfridge potential times 2^k: the sum
// of 2^(numbers of p) over the progressions p can still complete.
func (x *Search) Potential(p int) int64 { return x.st.es[p] }

// Need returns the fewest numbers player p still has to colour to complete
// a progression: k minus the most numbers p holds in a progression p can
// still complete, or k+1 when p can complete none. It reads every
// progression: a bound for a search's last levels, not for its every node.
func (x *Search) Need(p int) int {
	s := x.st
	k := s.g.k
	need := k + 1
	for a := range len(s.cnt) / 2 {
		if s.cnt[2*a+1-p] == 0 {
			need = min(need, k-int(s.cnt[2*a+p]))
		}
	}
	return need
}

// Key returns the position's key (game.Hasher).
func (x *Search) Key() uint64 { return x.st.key }

// AppendInPlay appends the uncoloured indices in a progression someone can
// still complete, increasing.
func (x *Search) AppendInPlay(out []int32) []int32 { return x.st.appendInPlay(out) }

// appendInPlay appends the uncoloured indices lying in a progression
// someone can still complete, increasing.
func (s *State) appendInPlay(out []int32) []int32 {
	g := s.g
	for i, c := range s.colour {
		if c != none {
			continue
		}
		for _, a := range g.through[g.start[i]:g.start[i+1]] {
			if s.cnt[2*int(a)] == 0 || s.cnt[2*int(a)+1] == 0 {
				out = append(out, int32(i))
				break
			}
		}
	}
	return out
}

// AppendInPlay appends the uncoloured indices in a progression someone can
// still complete, increasing: the numbers whose colour can matter.
func (s *State) AppendInPlay(out []int32) []int32 { return s.appendInPlay(out) }

// InPlay returns how many numbers are in play: uncoloured and in a
// progression someone can still complete. An exact search grows
// exponentially with it.
func (s *State) InPlay() int { return len(s.appendInPlay(nil)) }

// Uncoloured reports whether number index i is uncoloured.
func (s *State) Uncoloured(i int) bool { return s.colour[i] == none }

// Free returns the number of uncoloured numbers.
func (s *State) Free() int { return len(s.colour) - s.moves }

// Turn returns the player whose turn it is; at the end of the game, the
// player who would move next.
func (s *State) Turn() game.Player { return s.turn }

// Number returns the number of index i (the set's i-th number, from 0).
func (g *Game) Number(i int) int { return g.set[i] }

// Index returns the index of move m (the number coloured) in the set, or -1.
func (g *Game) Index(m game.Move) int {
	if uint64(m) >= uint64(len(g.index)) {
		return -1
	}
	return int(g.index[m])
}
