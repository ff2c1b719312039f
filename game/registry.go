package game

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Type describes a game family: what `kombi games` lists and how to build a
// Game from a game string.
type Type struct {
	// Name is the name used in game strings, e.g. "nim".
	Name string
	// Doc is a one-line description.
	Doc string
	// Roles names the two players, P1's first (P1 moves first unless the
	// game says otherwise: 2D Nim's first=p2), e.g.
	// ["builder", "painter"]. Empty names default to "first" and "second".
	Roles [2]string
	// Params lists the parameters of the game string.
	Params []ParamSpec
	// Chance reports whether the game has chance nodes.
	Chance bool
	// Impartial reports whether both players have the same moves in every position.
	Impartial bool
	// New builds a game from validated parameters.
	New func(p Params) (Game, error)

	// What people read about the game (the browser's gallery and dialogs,
	// `kombi games --json`); all optional.

	// Title is the game's name in words ("Grundy's game"); see TitleOrName.
	Title string
	// Family is the name of the family the game belongs to (its source
	// document: "nim" for the Nim family with Wythoff), FamilyTitle the
	// family in words.
	Family, FamilyTitle string
	// Rules is one sentence of rules for someone meeting the game.
	Rules string
	// HowToMove says, per role, what a move is in the game's words.
	HowToMove [2]string
	// Variants are ready-made games of this type worth a card of their own.
	Variants []Variant
	// Opponents are the bot strings people choose from by name, weakest
	// first: the last is the strongest opponent the game has (for an
	// arena against the best, take Opponents[len(Opponents)-1].Bot). The
	// first Default one is the opponent a new game proposes, which need
	// not be the strongest (see DefaultOpponent).
	Opponents []Opponent
	// Measure names the game's own value where it has one beyond win and
	// loss (the Thue length, the list-colouring game's probability).
	Measure *Measure
	// Solo reports whether one person may play both roles for a high score
	// (the Thue thesis' solo mode); SoloDoc says what it is.
	Solo    bool
	SoloDoc string
}

// Measure is what a game's own value means (solve.Result.Value): its kind
// ("length", "p1_win"), a label in words, and the player who wants it
// large (the other wants it small).
type Measure struct {
	Kind      string `json:"kind"`
	Label     string `json:"label"`
	Maximizer Player `json:"maximizer"`
}

// Variant is a ready-made game of a type, with a title and its rules.
type Variant struct {
	Title string `json:"title"`
	// Game is a game string that loads.
	Game  string `json:"game"`
	Rules string `json:"rules"`
}

// Opponent is a bot string as people choose it: by a name in words.
type Opponent struct {
	Title string `json:"title"`
	Bot   string `json:"bot"`
	Doc   string `json:"doc"`
	// Default marks the opponent a new game proposes: one that plays every
	// variant with the default parameters.
	Default bool `json:"default,omitempty"`
}

// TitleOrName returns the title, or the name when the type has none.
func (t *Type) TitleOrName() string {
	if t.Title != "" {
		return t.Title
	}
	return t.Name
}

// DefaultOpponent returns the bot string a new game proposes as the
// computer opponent: the Default opponent, else the last (strongest) one,
// else "random".
func (t *Type) DefaultOpponent() string {
	for _, o := range t.Opponents {
		if o.Default {
			return o.Bot
		}
	}
	if n := len(t.Opponents); n > 0 {
		return t.Opponents[n-1].Bot
	}
	return "random"
}

// Role returns the name of player p's role.
func (t *Type) Role(p Player) string {
	if p != 0 && p != 1 {
		return p.String()
	}
	if t.Roles[p] != "" {
		return t.Roles[p]
	}
	return [2]string{"first", "second"}[p]
}

// HowToMover is a Game whose words on how to move depend on its own
// parameters (Index-k Nim's k, Wythoff's a, Building Nim's placement): its
// Type's HowToMove says them for the type as a whole.
type HowToMover interface {
	Game
	// HowToMove says, per role, what a move is in this game, in the words
	// of Type.HowToMove.
	HowToMove() [2]string
}

// HowToMoveOf says, per role, what a move is in g: its own words where it
// has them (HowToMover), else its type's.
func HowToMoveOf(g Game) [2]string {
	if h, ok := g.(HowToMover); ok {
		return h.HowToMove()
	}
	return g.Type().HowToMove
}

// Ruler is a Game whose rules in one sentence depend on its own
// parameters (the Thue game's squares or overlaps and target, Nim's misère
// play): its Type's Rules says them for the type as a whole.
type Ruler interface {
	Game
	// Rules says this game's rules in one sentence, in the words of
	// Type.Rules.
	Rules() string
}

// RulesOf says the rules of g in one sentence: its own where it has them
// (Ruler), else its type's.
func RulesOf(g Game) string {
	if r, ok := g.(Ruler); ok {
		return r.Rules()
	}
	return g.Type().Rules
}

// PositionParser is a Game that can set up a position from text, for
// `kombi solve --position` and `kombi play --position`, matches and
// records that start from a position (StartOf) and the web API's
// analysis of a position. Every Kombi game implements it, reading back
// what its States write (Positioner): the conformance suite
// (game/gametest) checks it in every position, and that an error quotes
// the text it refuses.
type PositionParser interface {
	Game
	// ParsePosition reads a position in the game's position notation; the
	// error says what is wrong and what the notation is.
	ParsePosition(text string) (State, error)
}

// Registry maps game names to their types. The zero value is empty and ready to use.
// A nil *Registry is empty too, and stays so: it lists and looks up no
// type, Load and Canonical say that there is no registry, and Register
// refuses to add to it.
type Registry struct {
	types map[string]*Type
}

// errNilRegistry is what a nil *Registry answers Load and Register.
var errNilRegistry = errors.New("no game registry (a nil *game.Registry; all.New's Kit.Games holds Kombi's games)")

// Register adds a game type. It is an error to register a name twice.
func (r *Registry) Register(t *Type) error {
	switch {
	case r == nil:
		return fmt.Errorf("register game: %w", errNilRegistry)
	case t == nil:
		return fmt.Errorf("register game: no type given")
	case t.Name == "":
		return fmt.Errorf("register game: a type needs a name")
	case t.New == nil:
		return fmt.Errorf("register game %s: a type needs a constructor (Type.New)", t.Name)
	}
	if r.types == nil {
		r.types = map[string]*Type{}
	}
	if _, dup := r.types[t.Name]; dup {
		return fmt.Errorf("register game: %q is already registered", t.Name)
	}
	r.types[t.Name] = t
	return nil
}

// Types returns the registered types sorted by name.
func (r *Registry) Types() []*Type {
	if r == nil {
		return []*Type{}
	}
	out := make([]*Type, 0, len(r.types))
	for _, t := range r.types {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names returns the registered game names, sorted.
func (r *Registry) Names() []string {
	var names []string
	for _, t := range r.Types() {
		names = append(names, t.Name)
	}
	return names
}

// Lookup returns the type registered under name.
func (r *Registry) Lookup(name string) (*Type, bool) {
	if r == nil {
		return nil, false
	}
	t, ok := r.types[name]
	return t, ok
}

// Load builds a game from a game string. Parameters that the game draws at
// random when absent are drawn from seed; the game's String() then records
// the drawn value, so loading that string again gives the same game. A
// game string that names no game of r is an *InputError.
func (r *Registry) Load(text string, seed uint64) (Game, error) {
	if r == nil {
		return nil, errNilRegistry
	}
	spec, err := ParseSpec(text)
	if err != nil {
		return nil, Inputf("game string: %w", err)
	}
	t, ok := r.types[spec.Name]
	switch {
	case !ok && len(r.types) == 0:
		return nil, Inputf("unknown game %q: no game is registered (all.New's Kit.Games holds Kombi's games)", Clip(spec.Name))
	case !ok:
		return nil, Inputf("unknown game %q%s; known games: %s", Clip(spec.Name), DidYouMean(spec.Name, r.Names()), strings.Join(r.Names(), ", "))
	}
	p, err := Bind(t.Name, t.Params, spec.Args, seed)
	if err != nil {
		return nil, AsInput(err)
	}
	g, err := t.New(p)
	if err != nil {
		return nil, Inputf("%s: %w", t.Name, err)
	}
	return g, nil
}

// Canonical loads a game string (with seed 1) and returns the game's own
// string, in which every parameter is written
// ("nim(piles=3;4;5)" → "nim(piles=3;4;5,misere=false)"), and the names
// of the parameters that text leaves to be drawn from the seed (their
// values in canonical are seed 1's: text names a game per seed). Two game
// strings with the same canonical and drawn are the same game for every
// seed. Errors are Load's.
func (r *Registry) Canonical(text string) (canonical string, drawn []string, err error) {
	g, err := r.Load(text, 1)
	if err != nil {
		return "", nil, err
	}
	spec, err := ParseSpec(text) // it loaded: it parses
	if err != nil {
		return "", nil, err
	}
	given := map[string]bool{}
	for _, a := range spec.Args {
		given[a.Key] = true
	}
	for _, p := range g.Type().Params {
		if p.Random && !given[p.Name] {
			drawn = append(drawn, p.Name)
		}
	}
	return g.String(), drawn, nil
}
