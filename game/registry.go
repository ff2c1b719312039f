package game

import (
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
	// Roles names the two players, the first moving first, e.g.
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

// PositionParser is a Game that can set up a position from text, for
// `kombi solve --position`.
type PositionParser interface {
	Game
	// ParsePosition reads a position in the game's position notation; the
	// error says what is wrong and what the notation is.
	ParsePosition(text string) (State, error)
}

// Registry maps game names to their types. The zero value is empty and ready to use.
type Registry struct {
	types map[string]*Type
}

// Register adds a game type. It is an error to register a name twice.
func (r *Registry) Register(t *Type) error {
	if t == nil || t.Name == "" || t.New == nil {
		return fmt.Errorf("register game: a type needs a name and a constructor")
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
	t, ok := r.types[name]
	return t, ok
}

// Load builds a game from a game string. Parameters that the game draws at
// random when absent are drawn from seed; the game's String() then records
// the drawn value, so loading that string again gives the same game.
func (r *Registry) Load(text string, seed uint64) (Game, error) {
	spec, err := ParseSpec(text)
	if err != nil {
		return nil, fmt.Errorf("game string: %w", err)
	}
	t, ok := r.types[spec.Name]
	if !ok {
		return nil, fmt.Errorf("unknown game %q; known games: %s", spec.Name, strings.Join(r.Names(), ", "))
	}
	p, err := Bind(t.Name, t.Params, spec.Args, seed)
	if err != nil {
		return nil, err
	}
	g, err := t.New(p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.Name, err)
	}
	return g, nil
}
