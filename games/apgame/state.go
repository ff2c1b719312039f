package apgame

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kombi/kombi/game"
)

const none int8 = -1

// State is a position of the Szemerédi game: which numbers each player has
// coloured and who moves next. Besides the colouring it keeps, for every
// progression and player, how many of its numbers the player holds, so that
// colouring a number updates only the progressions through it: a move wins
// when one of those reaches k numbers of the mover's colour, and the game is
// drawn as soon as every progression holds both colours.
//
// A move is the number coloured (game.Move(v)); State implements game.Undoer,
// game.Hasher, game.Annotator, game.Explainer, bot.Hinter and bot.MoveHelper.
type State struct {
	g      *Game
	colour []int8  // per index: none, 0 or 1
	cnt    []uint8 // cnt[2a+p]: numbers of progression a coloured by p
	// live[p] counts the progressions p can still complete (no number of
	// the opponent's colour).
	live [2]int
	// score[p] is Σ weight[cnt] over the progressions p can still complete.
	score [2]int64
	// es[p] is Σ 2^cnt over the same progressions when trackES is set
	// (the exact solver's Erdős–Selfridge potential, times 2^k); colouring
	// keeps it, uncolouring does not (the solver restores it).
	es      [2]int64
	trackES bool
	// thr[p][i] counts the progressions p can still complete that hold k−1
	// numbers of p and miss only number i; thrSq[p] counts the numbers i
	// with thr[p][i] > 0: the numbers that would win for p at once.
	thr   [2][]int16
	thrSq [2]int
	// near[p] lists the progressions p can still complete holding k−2
	// numbers of p (two numbers short: one move makes them a threat);
	// nearPos[2a+p] is a's place in near[p], or -1.
	near    [2][]int32
	nearPos []int32

	turn    game.Player
	moves   int
	winner  int8
	winProg int32
	key     uint64
}

// Game returns the game the state belongs to.
func (s *State) Game() *Game { return s.g }

// Player returns the player to move, or game.Terminal at the end.
func (s *State) Player() game.Player {
	if s.IsTerminal() {
		return game.Terminal
	}
	return s.turn
}

// IsTerminal reports whether a player owns a whole progression or neither
// can still complete one (which includes a fully coloured set).
func (s *State) IsTerminal() bool {
	return s.winner >= 0 || s.live[0] == 0 && s.live[1] == 0 || s.moves == len(s.colour)
}

// Returns gives +1 to the player who completed a progression and −1 to the
// other, and 0/0 for a draw or an unfinished game.
func (s *State) Returns() []float64 {
	r := []float64{0, 0}
	if s.winner >= 0 {
		r[s.winner], r[1-s.winner] = 1, -1
	}
	return r
}

// LegalMoves appends the uncoloured numbers, increasing.
func (s *State) LegalMoves(buf []game.Move) []game.Move {
	if s.IsTerminal() {
		return buf
	}
	for i, c := range s.colour {
		if c == none {
			buf = append(buf, game.Move(s.g.set[i]))
		}
	}
	return buf
}

func (s *State) check(m game.Move) (int, error) {
	if s.IsTerminal() {
		return -1, fmt.Errorf("the game is over")
	}
	if m > game.Move(len(s.g.index)) {
		return -1, fmt.Errorf("%d is not in the set (its numbers lie between %d and %d)", m, s.g.set[0], s.g.set[len(s.g.set)-1])
	}
	i := s.g.indexOf(int(m))
	if i < 0 {
		return -1, fmt.Errorf("%d is not in the set", m)
	}
	if c := s.colour[i]; c != none {
		return -1, fmt.Errorf("%d is already coloured (by %s, %s)", m, game.SeatName(game.Player(c)), s.g.typ.Role(game.Player(c)))
	}
	return i, nil
}

// Apply colours the number m for the player to move, after checking that it
// is an uncoloured number of the set.
func (s *State) Apply(m game.Move) error {
	i, err := s.check(m)
	if err != nil {
		return err
	}
	s.applyIndex(i)
	return nil
}

// ApplyUnchecked colours m, known to be legal.
func (s *State) ApplyUnchecked(m game.Move) { s.applyIndex(int(s.g.index[m])) }

// Undo takes back m, the last move applied.
func (s *State) Undo(m game.Move) { s.undoIndex(int(s.g.index[m])) }

func (s *State) applyIndex(i int) {
	s.colourIndex(i, int8(s.turn))
	s.turn = 1 - s.turn
	s.moves++
	s.key ^= s.g.zobrist[2*len(s.colour)]
}

func (s *State) undoIndex(i int) {
	s.turn = 1 - s.turn
	s.moves--
	s.key ^= s.g.zobrist[2*len(s.colour)]
	s.uncolourIndex(i)
}

// colourIndex gives number i colour p and updates the counts of the
// progressions through it: those only p could still complete gain a number
// (a win at k), those only the opponent could complete are lost to it.
func (s *State) colourIndex(i int, p int8) {
	g := s.g
	k := uint8(g.k)
	o := 1 - p
	s.colour[i] = p
	s.key ^= g.zobrist[2*i+int(p)]
	for _, a := range g.through[g.start[i]:g.start[i+1]] {
		cp, co := s.cnt[2*int(a)+int(p)], s.cnt[2*int(a)+int(o)]
		if co == 0 { // live for p: one more of p's numbers
			s.score[p] += g.weight[cp+1] - g.weight[cp]
			if s.trackES {
				s.es[p] += 1 << cp
			}
			if cp == k-2 {
				s.nearDel(p, a)
			}
			switch cp + 1 {
			case k:
				s.threatOff(p, i)
				if s.winner < 0 {
					s.winner, s.winProg = p, a
				}
			case k - 1:
				s.threatOn(p, s.missing(a))
			case k - 2:
				s.nearAdd(p, a)
			}
		}
		if cp == 0 { // was live for o: o can no longer complete it
			s.live[o]--
			s.score[o] -= g.weight[co]
			if s.trackES {
				s.es[o] -= 1 << co
			}
			switch co {
			case k - 1:
				s.threatOff(o, i)
			case k - 2:
				s.nearDel(o, a)
			}
		}
		s.cnt[2*int(a)+int(p)] = cp + 1
	}
}

// uncolourIndex undoes colourIndex(i, colour[i]).
func (s *State) uncolourIndex(i int) {
	g := s.g
	k := uint8(g.k)
	p := s.colour[i]
	o := 1 - p
	for _, a := range g.through[g.start[i]:g.start[i+1]] {
		cp := s.cnt[2*int(a)+int(p)] - 1
		co := s.cnt[2*int(a)+int(o)]
		s.cnt[2*int(a)+int(p)] = cp
		if co == 0 {
			s.score[p] -= g.weight[cp+1] - g.weight[cp]
			switch cp + 1 {
			case k:
				s.threatOn(p, i)
				if s.winner == p && s.winProg == a {
					s.winner = -1
				}
			case k - 1:
				s.threatOff(p, s.missing(a))
			case k - 2:
				s.nearDel(p, a)
			}
			if cp == k-2 {
				s.nearAdd(p, a)
			}
		}
		if cp == 0 {
			s.live[o]++
			s.score[o] += g.weight[co]
			switch co {
			case k - 1:
				s.threatOn(o, i)
			case k - 2:
				s.nearAdd(o, a)
			}
		}
	}
	s.key ^= g.zobrist[2*i+int(p)]
	s.colour[i] = none
}

// missing returns the uncoloured number of progression a, which holds k−1
// numbers of one colour (the first uncoloured one in general).
func (s *State) missing(a int32) int {
	k := s.g.k
	for _, e := range s.g.progs[int(a)*k : int(a)*k+k] {
		if s.colour[e] == none {
			return int(e)
		}
	}
	return -1
}

func (s *State) threatOn(p int8, i int) {
	if s.thr[p][i] == 0 {
		s.thrSq[p]++
	}
	s.thr[p][i]++
}

func (s *State) threatOff(p int8, i int) {
	s.thr[p][i]--
	if s.thr[p][i] == 0 {
		s.thrSq[p]--
	}
}

func (s *State) nearAdd(p int8, a int32) {
	s.nearPos[2*a+int32(p)] = int32(len(s.near[p]))
	s.near[p] = append(s.near[p], a)
}

func (s *State) nearDel(p int8, a int32) {
	j := s.nearPos[2*a+int32(p)]
	last := s.near[p][len(s.near[p])-1]
	s.near[p][j] = last
	s.nearPos[2*last+int32(p)] = j
	s.near[p] = s.near[p][:len(s.near[p])-1]
	s.nearPos[2*a+int32(p)] = -1
}

// Clone returns an independent copy.
func (s *State) Clone() game.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.colour = slices.Clone(s.colour)
	c.cnt = slices.Clone(s.cnt)
	c.thr = [2][]int16{slices.Clone(s.thr[0]), slices.Clone(s.thr[1])}
	c.near = [2][]int32{slices.Clone(s.near[0]), slices.Clone(s.near[1])}
	c.nearPos = slices.Clone(s.nearPos)
	return &c
}

// Key hashes the colouring and the player to move (Zobrist hashing).
func (s *State) Key() uint64 { return s.key }

// MoveString writes the number.
func (s *State) MoveString(m game.Move) string { return strconv.FormatUint(uint64(m), 10) }

// ParseMove reads a number of the set, e.g. "17". It refuses text that is not
// a whole number and numbers outside the range of the set; Apply refuses
// numbers not in the set and numbers already coloured.
func (s *State) ParseMove(text string) (game.Move, error) {
	t := strings.TrimSpace(text)
	lo, hi := s.g.set[0], s.g.set[len(s.g.set)-1]
	if t == "" {
		return 0, fmt.Errorf("empty input: type a number of the set, e.g. %d", lo)
	}
	v, err := strconv.Atoi(t)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 0, fmt.Errorf("%s is out of range: the set's numbers lie between %d and %d", game.Clip(t), lo, hi)
		}
		return 0, fmt.Errorf("%q is not a number: type a number of the set, e.g. %d", game.Clip(t), lo)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%d is out of range: the set's numbers lie between %d and %d", v, lo, hi)
	}
	return game.Move(v), nil
}

// MoveHelp explains the notation.
func (s *State) MoveHelp() string {
	return fmt.Sprintf("Type an uncoloured number of the set to colour it with your colour, e.g. %d.\n"+
		"Own all %d numbers of an arithmetic progression a, a+d, ..., a+%dd inside the set to win; 'hint' lists the progressions each side can still complete.",
		s.firstFree(), s.g.k, s.g.k-1)
}

func (s *State) firstFree() int {
	for i, c := range s.colour {
		if c == none {
			return s.g.set[i]
		}
	}
	return s.g.set[0]
}

// Colour returns who coloured the number v: 0, 1, or -1 when v is uncoloured
// or not in the set.
func (s *State) Colour(v int) int {
	i := s.g.indexOf(v)
	if i < 0 {
		return -1
	}
	return int(s.colour[i])
}

// Numbers returns the numbers coloured by p (0 or 1), or the uncoloured
// numbers for p = -1, increasing.
func (s *State) Numbers(p int) []int {
	out := []int{}
	for i, c := range s.colour {
		if int(c) == p {
			out = append(out, s.g.set[i])
		}
	}
	return out
}

// Completable is a progression a player can still complete.
type Completable struct {
	// Numbers of the progression, increasing.
	Numbers []int `json:"numbers"`
	// Held is how many of them the player already coloured.
	Held int `json:"held"`
}

// Completable returns the progressions player p can still complete (none of
// their numbers has the opponent's colour), the most advanced first, then in
// the game's progression order.
func (s *State) Completable(p int) []Completable {
	var out []Completable
	for a := range s.g.NumProgressions() {
		if s.cnt[2*a+1-p] == 0 {
			out = append(out, Completable{Numbers: s.g.Progression(a), Held: int(s.cnt[2*a+p])})
		}
	}
	slices.SortStableFunc(out, func(x, y Completable) int { return y.Held - x.Held })
	return out
}

// LiveCount returns how many progressions player p can still complete.
func (s *State) LiveCount(p int) int { return s.live[p] }

// WinningNumbers returns the uncoloured numbers that would complete a
// progression for player p at once, increasing.
func (s *State) WinningNumbers(p int) []int {
	out := []int{}
	for i, t := range s.thr[p] {
		if t > 0 && s.colour[i] == none {
			out = append(out, s.g.set[i])
		}
	}
	return out
}

// Winner returns the winning player and the progression they completed, or
// -1 and nil when nobody has won.
func (s *State) Winner() (int, []int) {
	if s.winner < 0 {
		return -1, nil
	}
	return int(s.winner), s.g.Progression(int(s.winProg))
}

func (s *State) best(p int) int {
	b := -1
	for a := range s.g.NumProgressions() {
		if s.cnt[2*a+1-p] == 0 {
			b = max(b, int(s.cnt[2*a+p]))
		}
	}
	return b
}

// String shows the numbers still to play, each player's numbers with what
// they can still complete and their threats (the numbers that complete a
// progression at once), and who moves (or how the game ended).
func (s *State) String() string {
	var b strings.Builder
	g := s.g
	free := s.Numbers(-1)
	fmt.Fprintf(&b, "k=%d, %d numbers, %s\n", g.k, len(g.set), game.Plural(g.NumProgressions(), "progression"))
	b.WriteString(game.Wrap(fmt.Sprintf("to play (%d): %s", len(free), joinSpaced(free)), 80) + "\n") // a terminal's 80 columns
	for p := range 2 {
		nums := s.Numbers(p)
		fmt.Fprintf(&b, "%s %-4s (%d): %s", game.SeatName(game.Player(p)), g.typ.Role(game.Player(p)), len(nums), joinSpaced(nums))
		if s.live[p] == 0 {
			b.WriteString("  | can complete no progression\n")
		} else {
			fmt.Fprintf(&b, "  | can complete %d, best holds %d of %d", s.live[p], s.best(p), g.k)
			// The numbers that complete one at once: the mover's win, else what the mover must block.
			if w := s.WinningNumbers(p); len(w) > 0 && s.winner < 0 {
				word := "threat"
				if len(w) > 1 {
					word = "threats"
				}
				fmt.Fprintf(&b, "; %s: %s", word, joinSpaced(w))
			}
			b.WriteByte('\n')
		}
	}
	switch {
	case s.winner >= 0:
		b.WriteString(s.EndReason()) // the progression with its difference, in the end's words: said once
	case s.IsTerminal():
		b.WriteString("draw: every progression holds both colours")
	default:
		fmt.Fprintf(&b, "%s (%s) to move", game.SeatName(s.turn), g.typ.Role(s.turn))
	}
	return b.String()
}

func joinSpaced(xs []int) string {
	if len(xs) == 0 {
		return "-"
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, " ")
}

// RecordFields adds the playing set ("set") and, after a win, the completed
// progression ("progression") to the record.
func (s *State) RecordFields() map[string]any {
	f := map[string]any{"set": slices.Clone(s.g.set)}
	if _, prog := s.Winner(); prog != nil {
		f["progression"] = prog
	}
	return f
}

// EndReason says how the game ended.
func (s *State) EndReason() string {
	if w, prog := s.Winner(); w >= 0 {
		return fmt.Sprintf("%s (%s) owns the progression %s (difference %d).",
			game.SeatName(game.Player(w)), s.g.typ.Role(game.Player(w)), joinSpaced(prog), prog[1]-prog[0])
	}
	if s.IsTerminal() {
		return fmt.Sprintf("Draw: every %d-term progression of the set holds both colours, so neither player can complete one.", s.g.k)
	}
	return ""
}

// Evaluate scores the position for player p in (−1, 1), for the generic
// alpha-beta bot's horizon: the weighted count Σ 5^c of the progressions p
// can still complete holding c of p's numbers, minus the opponent's, squashed
// so that a lead of one progression k−1 numbers full scores ½.
func (s *State) Evaluate(p game.Player) float64 {
	d := float64(s.score[p] - s.score[1-p])
	return d / (math.Abs(d) + float64(s.g.weight[s.g.k-1]))
}

// hintRows bounds the progressions a hint lists per player.
const hintRows = 12

// Hint lists, for each player, the progressions they can still complete with
// how many numbers they already hold, the most advanced first, and the numbers
// that would win at once.
func (s *State) Hint() string {
	var b strings.Builder
	g := s.g
	for p := range 2 {
		role := g.typ.Role(game.Player(p))
		if p == int(s.turn) && !s.IsTerminal() {
			role += ", to move"
		}
		who := fmt.Sprintf("%s (%s)", game.SeatName(game.Player(p)), role)
		list := s.Completable(p)
		if len(list) == 0 {
			fmt.Fprintf(&b, "%s can complete no progression.\n", who)
			continue
		}
		fmt.Fprintf(&b, "%s can still complete %s:\n", who, game.Plural(len(list), "progression"))
		for _, c := range list[:min(len(list), hintRows)] {
			var need []string
			for _, v := range c.Numbers {
				if s.Colour(v) < 0 {
					need = append(need, strconv.Itoa(v))
				}
			}
			fmt.Fprintf(&b, "  holds %d of %d: %-*s  needs %s\n", c.Held, g.k, 4*g.k, joinSpaced(c.Numbers), strings.Join(need, " "))
		}
		if len(list) > hintRows {
			fmt.Fprintf(&b, "  ... and %d more\n", len(list)-hintRows)
		}
		if w := s.WinningNumbers(p); len(w) > 0 {
			fmt.Fprintf(&b, "  %s wins at once with: %s\n", game.SeatName(game.Player(p)), joinSpaced(w))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
