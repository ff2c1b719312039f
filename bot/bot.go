// Package bot defines how players choose moves: the Bot interface, bot
// strings ("random", "alphabeta(depth=8)", "perfect", "human"), a registry
// that builds bots for a game, and the game-independent bots.
package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Bot chooses moves. Act is called with the state whose Player() is the bot's
// seat; it must return promptly with ctx.Err() when ctx is done (a time
// limit or Ctrl-C).
type Bot interface {
	Act(ctx context.Context, s game.State) (game.Move, error)
}

// Interactive is implemented by bots that stand for people: the match runner
// applies no think-time limit to them and reports "played" rather than
// "chose".
type Interactive interface {
	Bot
	IsHuman() bool
}

// Env is what a bot gets from the match it plays in.
type Env struct {
	// Seed seeds the bot's own random choices.
	Seed uint64
	// Input is where a human bot reads moves; nil means no input.
	Input *LineReader
	// Output is where a human bot writes prompts and messages, and where
	// a computer player notes what a person should know about its move
	// (a move not proven best; the browser shows the last line); nil
	// discards.
	Output io.Writer
	// MaxMem, when positive, caps the memory a bot's tables may take (its
	// memory parameters, see game.ParamSpec.MemUnit): a bot string asking
	// for more is refused (a server sets it; the terminal does not).
	MaxMem int64
}

// Releaser is a Bot that can drop its tables (they are built again as
// needed): a host calls Release while the bot waits — for a person's move,
// or after the game — so that idle bots hold no memory.
type Releaser interface {
	Bot
	Release()
}

func (e Env) out() io.Writer {
	if e.Output == nil {
		return io.Discard
	}
	return e.Output
}

// Factory builds one kind of bot from its validated parameters.
type Factory struct {
	// Name is the name used in bot strings.
	Name string
	// Doc is a one-line description.
	Doc string
	// Params lists the parameters of the bot string.
	Params []game.ParamSpec
	// Games lists the games the bot plays; empty means every game.
	Games []string
	// New builds the bot for game g.
	New func(g game.Game, p game.Params, env Env) (Bot, error)
}

func (f *Factory) plays(gameName string) bool {
	if len(f.Games) == 0 {
		return true
	}
	for _, n := range f.Games {
		if n == gameName {
			return true
		}
	}
	return false
}

// Registry maps bot names to factories. A name may have one generic factory
// and game-specific ones; the game-specific factory wins for its games.
// The zero value is empty and ready to use. A nil *Registry is empty too,
// and stays so: it looks up no factory, New and Canonical say that there
// is no registry, and Register refuses to add to it.
type Registry struct {
	byName map[string][]*Factory
}

// errNilRegistry is what a nil *Registry answers New and Register.
var errNilRegistry = errors.New("no bot registry (a nil *bot.Registry; all.New's Kit.Bots holds Kombi's bots)")

// Register adds a factory. Registering the same name twice for the same game
// (or twice as generic) is an error. Its name is then a bot string that
// matches, arenas and sweeps take: the example (example_test.go) registers a
// bot of its own on all.New()'s kit.Bots and plays it in sweep.Arena.
func (r *Registry) Register(f *Factory) error {
	if r == nil {
		return fmt.Errorf("register bot: %w", errNilRegistry)
	}
	switch {
	case f == nil:
		return errors.New("register bot: no factory given")
	case f.Name == "":
		return errors.New("register bot: a factory needs a name")
	case f.New == nil:
		return fmt.Errorf("register bot %s: a factory needs a constructor (Factory.New)", f.Name)
	}
	if r.byName == nil {
		r.byName = map[string][]*Factory{}
	}
	for _, old := range r.byName[f.Name] {
		if len(old.Games) == 0 && len(f.Games) == 0 {
			return fmt.Errorf("register bot: generic %q is already registered", f.Name)
		}
		for _, g := range f.Games {
			if len(old.Games) > 0 && old.plays(g) {
				return fmt.Errorf("register bot: %q for game %q is already registered", f.Name, g)
			}
		}
	}
	r.byName[f.Name] = append(r.byName[f.Name], f)
	return nil
}

// Lookup returns the factory that builds bot name for the named game.
func (r *Registry) Lookup(name, gameName string) (*Factory, bool) {
	if r == nil {
		return nil, false
	}
	var generic *Factory
	for _, f := range r.byName[name] {
		if len(f.Games) == 0 {
			generic = f
		} else if f.plays(gameName) {
			return f, true
		}
	}
	return generic, generic != nil
}

// For returns the factories usable with the named game, sorted by name.
func (r *Registry) For(gameName string) []*Factory {
	if r == nil {
		return nil
	}
	var out []*Factory
	for name := range r.byName {
		if f, ok := r.Lookup(name, gameName); ok {
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// New builds a bot for g from a bot string such as "alphabeta(depth=8)".
// Errors name the bad part and list what is allowed. A bot string that
// builds no bot for g (garbled, an unknown bot, a parameter out of range,
// more memory than env allows, a bot its factory refuses for g) is a
// *game.InputError; a factory that returns neither a bot nor an error is
// a bug, not the caller's mistake.
func (r *Registry) New(text string, g game.Game, env Env) (Bot, error) {
	f, spec, p, err := r.bind(text, g, env.Seed)
	if err != nil {
		return nil, err
	}
	for _, ps := range f.Params {
		if v := int64(p.Int(ps.Name)); ps.MemUnit > 0 && env.MaxMem > 0 && v > env.MaxMem/ps.MemUnit {
			return nil, game.Inputf("bot %s: %s=%d is more memory than a computer player may use here (%d MiB)",
				spec.Name, ps.Name, v, env.MaxMem>>20)
		}
	}
	b, err := f.New(g, p, env)
	if err != nil {
		return nil, fmt.Errorf("bot %s: %w", spec.Name, game.AsInput(err))
	}
	if b == nil {
		return nil, fmt.Errorf("bot %s: its factory returned no bot and no error (a bug in the factory's New)", spec.Name)
	}
	return b, nil
}

// Canonical writes a bot string for g in one spelling per bot: its
// factory's name and every parameter with a value, defaults included
// (game.Params.Canonical), so "alphabeta" and "alphabeta( depth = 08 )"
// are the same bot when 8 is the default depth. Errors are New's.
func (r *Registry) Canonical(text string, g game.Game) (string, error) {
	f, _, p, err := r.bind(text, g, 1)
	if err != nil {
		return "", err
	}
	return p.Canonical(f.Name, f.Params), nil
}

// bind parses a bot string and binds its arguments for g: the factory,
// the parsed string and the parameters.
func (r *Registry) bind(text string, g game.Game, seed uint64) (*Factory, game.Spec, game.Params, error) {
	switch {
	case r == nil:
		return nil, game.Spec{}, game.Params{}, errNilRegistry
	case g == nil:
		return nil, game.Spec{}, game.Params{}, fmt.Errorf("bot %q: no game to play (a nil game.Game)", game.Truncate(text, 60))
	}
	spec, err := game.ParseSpec(text)
	if err != nil {
		return nil, spec, game.Params{}, fmt.Errorf("bot string: %w", game.AsInput(err))
	}
	gameName := g.Type().Name
	f, ok := r.Lookup(spec.Name, gameName)
	if !ok {
		var names []string
		for _, f := range r.For(gameName) {
			names = append(names, f.Name)
		}
		return nil, spec, game.Params{}, game.Inputf("unknown bot %q for %s%s; bots for %s: %s", game.Clip(spec.Name), gameName, game.DidYouMean(spec.Name, names), gameName, strings.Join(names, ", "))
	}
	p, err := game.Bind("bot "+spec.Name, f.Params, spec.Args, seed)
	if err != nil {
		return nil, spec, game.Params{}, game.AsInput(err)
	}
	return f, spec, p, nil
}

// RegisterGeneric adds the game-independent bots: random, human, alphabeta
// and perfect. The human players' hints analyse with solvers, the games'
// own solvers (nil: the kit's generic searches).
func RegisterGeneric(r *Registry, solvers *solve.Solvers) error {
	for _, f := range []*Factory{randomFactory, humanFactory(solvers), alphaBetaFactory, perfectFactory} {
		if err := r.Register(f); err != nil {
			return err
		}
	}
	return nil
}
