package gametest

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
)

var update = flag.Bool("update", false, "rewrite the golden files (playthroughs, tables)")

// Options tune Conformance.
type Options struct {
	// Playouts is the number of random games (default 30).
	Playouts int
	// Seed is the seed of the first game; game i uses Seed+i.
	Seed uint64
	// MaxMoves stops a playout that runs longer (default 10000).
	MaxMoves int
	// MovesChecked bounds how many legal moves of each state are checked
	// in depth (default 32, chosen at random; all when fewer).
	MovesChecked int
}

// Conformance runs the conformance suite on the game built from spec
// with reg: the package doc lists what it checks. Call it from a test,
// once for each variant worth checking.
func Conformance(t *testing.T, reg *game.Registry, spec string, opt Options) {
	t.Helper()
	if opt.Playouts == 0 {
		opt.Playouts = 30
	}
	if opt.MaxMoves == 0 {
		opt.MaxMoves = 10000
	}
	if opt.MovesChecked == 0 {
		opt.MovesChecked = 32
	}
	for i := range opt.Playouts {
		seed := opt.Seed + uint64(i)
		g, err := reg.Load(spec, seed)
		if err != nil {
			t.Fatalf("load %q: %v", spec, err)
		}
		again, err := reg.Load(g.String(), seed+1000)
		if err != nil {
			t.Fatalf("canonical string %q does not load: %v", g.String(), err)
		}
		if again.String() != g.String() {
			t.Fatalf("canonical string is not stable: %q loads as %q", g.String(), again.String())
		}
		if a, b := g.NewInitialState().String(), again.NewInitialState().String(); a != b {
			t.Fatalf("canonical string %q gives another initial state:\n%s\nvs\n%s", g.String(), a, b)
		}
		playout(t, reg, g, seed, opt)
		if t.Failed() {
			return
		}
	}
}

func playout(t *testing.T, reg *game.Registry, g game.Game, seed uint64, opt Options) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x636f6e66))
	s := g.NewInitialState()
	rec := &game.Record{Game: g.String(), Seed: seed, Players: []string{"random", "random"}}
	var seen []string
	for step := 0; ; step++ {
		where := fmt.Sprintf("%s seed %d move %d", g, seed, step+1)
		checkState(t, g, s, rng, opt, where)
		seen = append(seen, s.String())
		if t.Failed() || s.IsTerminal() {
			break
		}
		if step >= opt.MaxMoves {
			t.Fatalf("%s: game not over after %d moves", where, opt.MaxMoves)
		}
		moves := s.LegalMoves(nil)
		m := moves[rng.IntN(len(moves))]
		p := s.Player()
		text := s.MoveString(m)
		if err := s.Apply(m); err != nil {
			t.Fatalf("%s: legal move %s refused: %v", where, text, err)
		}
		rec.Moves = append(rec.Moves, game.RecordMove{Player: p, Move: text})
	}
	if t.Failed() {
		return
	}
	rec.Finish(s)
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatalf("%s: record does not marshal: %v", g, err)
	}
	var back game.Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("%s: record does not unmarshal: %v\n%s", g, err, data)
	}
	again, err := json.Marshal(&back)
	if err != nil || string(again) != string(data) {
		t.Fatalf("%s: record JSON round trip differs:\n%s\n%s", g, data, again)
	}
	final, err := game.Replay(reg, &back)
	if err != nil {
		t.Fatalf("%s seed %d: record does not replay: %v\n%s", g, seed, err, data)
	}
	if final.String() != s.String() {
		t.Fatalf("%s: replay ends in\n%s\nnot\n%s", g, final, s)
	}
	for _, n := range []int{0, len(rec.Moves) / 2, rng.IntN(len(rec.Moves) + 1)} {
		at, err := game.StateAt(reg, &back, n)
		if err != nil {
			t.Fatalf("%s seed %d: rebuilding move %d: %v", g, seed, n, err)
		}
		if at.String() != seen[n] {
			t.Fatalf("%s seed %d: rebuilt at move %d as\n%s\nnot\n%s", g, seed, n, at, seen[n])
		}
	}
}

// checkData checks the state's description as data: the view, the parts
// of the moves in check, and the position string.
func checkData(t *testing.T, g game.Game, s game.State, check []game.Move, where string) {
	t.Helper()
	v, ok := s.(game.Viewer)
	if !ok {
		t.Fatalf("%s: %T does not implement game.Viewer (View, MoveParts, MoveFromParts)", where, s)
	}
	view := v.View()
	if err := view.Check(s); err != nil {
		t.Fatalf("%s: view: %v", where, err)
	}
	data, err := json.Marshal(view)
	if err != nil {
		t.Fatalf("%s: view JSON: %v", where, err)
	}
	var back game.View
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("%s: view JSON does not read back: %v", where, err)
	}
	if again, _ := json.Marshal(back); string(again) != string(data) {
		t.Fatalf("%s: view JSON round trip differs:\n%s\n%s", where, data, again)
	}
	for _, m := range check {
		parts := v.MoveParts(m)
		if len(parts) == 0 {
			t.Fatalf("%s: move %q has no parts", where, s.MoveString(m))
		}
		got, err := game.MoveFromParts(s, parts)
		if err != nil || got != m {
			t.Fatalf("%s: move %q has parts %v that build move %d (%q), error %v", where, s.MoveString(m), parts, got, s.MoveString(got), err)
		}
	}
	if _, err := game.MoveFromParts(s, nil); err == nil {
		t.Fatalf("%s: no parts build a move", where)
	}
	if _, err := game.MoveFromParts(s, []game.Part{{Kind: "nonsense", Value: -7}}); err == nil {
		t.Fatalf("%s: a nonsense part builds a move", where)
	}
	pos, err := game.PositionOf(s)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	pp, ok := g.(game.PositionParser)
	if !ok {
		t.Fatalf("%s: %T has no ParsePosition to read position %q back", where, g, pos)
	}
	r, err := pp.ParsePosition(pos)
	if err != nil {
		t.Fatalf("%s: position %q does not read back: %v", where, pos, err)
	}
	// A position that is none is refused with an error that names it
	// (game.StartOf passes it on as it is).
	if _, err := pp.ParsePosition("zz!"); err == nil || !strings.Contains(err.Error(), `"zz!"`) {
		t.Fatalf("%s: the position \"zz!\" is refused with %v, want an error that quotes it", where, err)
	}
	if r.String() != s.String() || r.Player() != s.Player() || r.IsTerminal() != s.IsTerminal() {
		t.Fatalf("%s: position %q reads back as\n%s\n(player %v) not\n%s\n(player %v)", where, pos, r, r.Player(), s, s.Player())
	}
	if p2, _ := game.PositionOf(r); p2 != pos {
		t.Fatalf("%s: position %q reads back and writes %q", where, pos, p2)
	}
	if a, b := r.LegalMoves(nil), s.LegalMoves(nil); !slices.Equal(a, b) {
		t.Fatalf("%s: position %q reads back with other legal moves", where, pos)
	}
	// A game that sets up positions from a view (the study board) sets up
	// this one from its own view, unless play ended it; an ended one it
	// sets up with the same end, or refuses.
	if _, ok := g.(game.Setter); ok && s.IsTerminal() {
		if u, err := game.SetUp(g, back); err == nil && (!u.IsTerminal() || !slices.Equal(u.Returns(), s.Returns())) {
			t.Fatalf("%s: the ended position %q (returns %v) sets up from its view as %q, ended %v, returns %v", where, pos, s.Returns(), u, u.IsTerminal(), u.Returns())
		}
	}
	if st, ok := g.(game.Setter); ok && !s.IsTerminal() && s.Player() != game.Chance {
		u, err := st.SetUp(back)
		if err != nil {
			t.Fatalf("%s: position %q does not set up from its view: %v", where, pos, err)
		}
		if p2, _ := game.PositionOf(u); p2 != pos || u.Player() != s.Player() {
			t.Fatalf("%s: position %q sets up from its view as %q (player %v)", where, pos, p2, u.Player())
		}
	}
}

func keyOf(s game.State) (uint64, bool) {
	if h, ok := s.(game.Hasher); ok {
		return h.Key(), true
	}
	return 0, false
}

func checkState(t *testing.T, g game.Game, s game.State, rng *rand.Rand, opt Options, where string) {
	t.Helper()
	sentinel := game.Move(0xdeadbeef)
	moves := s.LegalMoves([]game.Move{sentinel})
	if len(moves) == 0 || moves[0] != sentinel {
		t.Fatalf("%s: LegalMoves does not append to its buffer", where)
	}
	moves = moves[1:]
	r := s.Returns()
	if len(r) != 2 {
		t.Fatalf("%s: Returns has %d entries, want 2", where, len(r))
	}
	if s.IsTerminal() {
		if s.Player() != game.Terminal {
			t.Fatalf("%s: terminal state has Player() = %v", where, s.Player())
		}
		if len(moves) != 0 {
			t.Fatalf("%s: terminal state has %d legal moves", where, len(moves))
		}
		if r[0] != -r[1] || r[0] != 0 && r[0] != 1 && r[0] != -1 {
			t.Fatalf("%s: terminal returns %v: want +1/-1 or 0/0", where, r)
		}
		checkData(t, g, s, nil, where)
		return
	}
	if p := s.Player(); p != 0 && p != 1 && p != game.Chance {
		t.Fatalf("%s: non-terminal state has Player() = %v", where, p)
	}
	if len(moves) == 0 {
		t.Fatalf("%s: non-terminal state has no legal moves", where)
	}
	if r[0] != 0 || r[1] != 0 {
		t.Fatalf("%s: non-terminal state has returns %v", where, r)
	}
	for i := 1; i < len(moves); i++ {
		if moves[i] <= moves[i-1] {
			t.Fatalf("%s: legal moves not strictly increasing at %d: %v", where, i, moves)
		}
	}
	if s.Player() == game.Chance {
		checkChance(t, s, moves, where)
	}
	before := s.String()
	key, hashed := keyOf(s)
	if c := s.Clone(); c.String() != before {
		t.Fatalf("%s: clone shows\n%s\nnot\n%s", where, c, before)
	} else if k, _ := keyOf(c); k != key {
		t.Fatalf("%s: clone has another key", where)
	}
	if cz, ok := s.(game.Canonicalizer); ok {
		if cz.Clone().(game.Canonicalizer).CanonicalKey() != cz.CanonicalKey() {
			t.Fatalf("%s: clone has another canonical key", where)
		}
	}
	check := moves
	if len(check) > opt.MovesChecked {
		check = make([]game.Move, opt.MovesChecked)
		for i := range check {
			check[i] = moves[rng.IntN(len(moves))]
		}
	}
	checkData(t, g, s, check, where)
	listed := map[string]game.LegalMove{}
	if len(moves) <= game.MaxEndsMoves {
		all, _ := game.LegalMovesOf(s, 0)
		if s.String() != before || len(all) != len(moves) {
			t.Fatalf("%s: listing the %d legal moves (%d listed) changed the state to\n%s", where, len(moves), len(all), s)
		}
		for _, lm := range all {
			listed[lm.Move] = lm
		}
	}
	for _, m := range check {
		text := s.MoveString(m)
		parsed, err := s.ParseMove(text)
		if err != nil || parsed != m {
			t.Fatalf("%s: move %d written %q parses back as %d (%v)", where, m, text, parsed, err)
		}
		c := s.Clone()
		if err := c.Apply(m); err != nil {
			t.Fatalf("%s: legal move %q refused: %v", where, text, err)
		}
		if lm, ok := listed[text]; ok {
			w := -1
			if c.IsTerminal() {
				w = game.Winner(c)
			}
			var lit []int64
			if v, ok := c.(game.Viewer); ok && c.IsTerminal() {
				lit = v.View().Status.Highlight
			}
			if lm.Ends != c.IsTerminal() || (lm.Winner == nil) != (w < 0) || lm.Winner != nil && *lm.Winner != w || !slices.Equal(lm.Highlight, lit) {
				t.Fatalf("%s: move %q is listed with ends %v, winner %v, highlight %v; playing it ends the game: %v, winner %d, highlight %v",
					where, text, lm.Ends, lm.Winner, lm.Highlight, c.IsTerminal(), w, lit)
			}
		}
		if s.String() != before {
			t.Fatalf("%s: applying %q to a clone changed the original", where, text)
		}
		if note := game.MoveNoteOf(s, m); strings.Contains(note, "\n") || s.String() != before {
			t.Fatalf("%s: the note on %q is %q: want one line, and the state unchanged", where, text, note)
		}
		if k, _ := keyOf(s); k != key {
			t.Fatalf("%s: applying %q to a clone changed the original's key", where, text)
		}
		after := c.String()
		if u, ok := s.Clone().(game.Undoer); ok {
			u.ApplyUnchecked(m)
			if u.String() != after {
				t.Fatalf("%s: ApplyUnchecked(%q) gives\n%s\nbut Apply gives\n%s", where, text, u, after)
			}
			if k1, _ := keyOf(u); hashed && k1 != mustKey(c) {
				t.Fatalf("%s: ApplyUnchecked(%q) and Apply give different keys", where, text)
			}
			u.Undo(m)
			if u.String() != before {
				t.Fatalf("%s: Undo(%q) gives\n%s\nnot\n%s", where, text, u, before)
			}
			if k, _ := keyOf(u); k != key {
				t.Fatalf("%s: Undo(%q) does not restore the key", where, text)
			}
		}
	}
	// Illegal moves are refused and change nothing.
	legal := map[game.Move]bool{}
	for _, m := range moves {
		legal[m] = true
	}
	candidates := []game.Move{game.Move(rng.Uint64()), game.Move(rng.Uint32()), moves[len(moves)-1] + 1, ^game.Move(0)}
	if moves[0] > 0 {
		candidates = append(candidates, moves[0]-1)
	}
	for _, m := range candidates {
		if legal[m] {
			continue
		}
		if note := game.MoveNoteOf(s, m); note != "" {
			t.Fatalf("%s: illegal move %d has a note: %q", where, m, note)
		}
		c := s.Clone()
		if err := c.Apply(m); err == nil {
			t.Fatalf("%s: illegal move %d accepted", where, m)
		}
		if c.String() != before {
			t.Fatalf("%s: refused move %d changed the state", where, m)
		}
	}
	// A long input is refused with an error that quotes only its start.
	for _, long := range []string{strings.Repeat("9", 5000), strings.Repeat("x", 5000), "1:" + strings.Repeat("1", 5000)} {
		if _, err := s.ParseMove(long); err != nil && len(err.Error()) > 1000 {
			t.Fatalf("%s: a move of %d bytes is refused with an error of %d bytes: %.200s…", where, len(long), len(err.Error()), err)
		}
	}
	for _, text := range []string{"", " ", "garbage", "-1", "99999999999999999999", "1:", ":", "0 0 0 0", "x(", "ö"} {
		if m, err := s.ParseMove(text); err == nil && !legal[m] {
			if err := s.Clone().Apply(m); err == nil {
				t.Fatalf("%s: %q parses to an illegal move that Apply accepts", where, text)
			}
		}
	}
}

func mustKey(s game.State) uint64 {
	k, _ := keyOf(s)
	return k
}

func checkChance(t *testing.T, s game.State, moves []game.Move, where string) {
	t.Helper()
	ch, ok := s.(game.Chancer)
	if !ok {
		t.Fatalf("%s: chance node without ChanceOutcomes", where)
	}
	outs := ch.ChanceOutcomes()
	var got []game.Move
	sum := new(big.Rat)
	for _, o := range outs {
		if o.Num <= 0 || o.Den <= 0 {
			t.Fatalf("%s: chance outcome %d has probability %d/%d", where, o.Move, o.Num, o.Den)
		}
		got = append(got, o.Move)
		sum.Add(sum, big.NewRat(o.Num, o.Den))
	}
	slices.Sort(got)
	if !slices.Equal(got, moves) {
		t.Fatalf("%s: chance outcomes %v are not the legal moves %v", where, got, moves)
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Fatalf("%s: chance probabilities sum to %s, not 1", where, sum)
	}
}

// Playthrough plays one seeded random game of spec and compares its full
// account (every position, its legal moves, the move taken, the result)
// with the golden file at path. Run the tests with -update to rewrite the
// file after a deliberate change.
func Playthrough(t *testing.T, reg *game.Registry, spec string, seed uint64, path string) {
	t.Helper()
	Golden(t, path, PlaythroughText(t, reg, spec, seed))
}

// Golden compares got with the golden file at path and reports the first
// line that differs; run the tests with -update to rewrite the file after a
// deliberate change.
func Golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden file: %v (run the test with -update to create it)", err)
	}
	if string(want) != got {
		wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
		for i := range max(len(wl), len(gl)) {
			var w, g string
			if i < len(wl) {
				w = wl[i]
			}
			if i < len(gl) {
				g = gl[i]
			}
			if w != g {
				t.Fatalf("%s differs at line %d:\nwant: %s\ngot:  %s\n(run with -update after a deliberate change)", path, i+1, w, g)
			}
		}
	}
}

// PlaythroughText returns the account Playthrough compares.
func PlaythroughText(t *testing.T, reg *game.Registry, spec string, seed uint64) string {
	t.Helper()
	g, err := reg.Load(spec, seed)
	if err != nil {
		t.Fatalf("load %q: %v", spec, err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x676f6c64))
	var b strings.Builder
	fmt.Fprintf(&b, "game: %s\nseed: %d\n", g, seed)
	s := g.NewInitialState()
	for step := 1; !s.IsTerminal(); step++ {
		moves := s.LegalMoves(nil)
		texts := make([]string, len(moves))
		for i, m := range moves {
			texts[i] = s.MoveString(m)
		}
		m := moves[rng.IntN(len(moves))]
		if ch, ok := s.(game.Chancer); ok && s.Player() == game.Chance {
			x := rng.Float64()
			for _, o := range ch.ChanceOutcomes() {
				if x -= o.Probability(); x < 0 {
					m = o.Move
					break
				}
			}
		}
		fmt.Fprintf(&b, "\nstate:\n%s\nplayer: %v\nlegal (%d): %s\nmove %d: %s\n", indent(s.String()), s.Player(), len(moves), strings.Join(texts, " "), step, s.MoveString(m))
		if err := s.Apply(m); err != nil {
			t.Fatalf("playthrough: legal move refused: %v", err)
		}
	}
	fmt.Fprintf(&b, "\nfinal:\n%s\nreturns: %v\n", indent(s.String()), s.Returns())
	if ex, ok := s.(game.Explainer); ok {
		fmt.Fprintf(&b, "end: %s\n", ex.EndReason())
	}
	return b.String()
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(s, "\n", "\n  ")
}
