// Package study holds what the study packages share. A study package,
// study/<family>, holds what Kombi knows about a family of games beyond
// its rules (games/<family>): its exact solvers, tables, benchmarks,
// reports, the frontier rows of what it proved, and the bots that play by
// them. Each has a Register that adds its solvers and frontier rows to a
// Registry and its solver-backed bots to a bot.Registry; package games/all
// calls them all, after the rules packages' Register.
package study

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Registry is what the study packages add to the games: each game's own
// exact solver and each family's frontier rows. Package games/all
// assembles one; the zero value is empty and ready to use.
type Registry struct {
	// Solvers are the games' own exact solvers, by game name.
	Solvers solve.Solvers
	// Games are the games, for the studies of any game (`kombi bench
	// scaling`: present only when set).
	Games *game.Registry
	// frontier lists the families' frontier rows in the order added.
	frontier []func() []solve.FrontierRow
	// commands lists the studies' commands in the order added.
	commands []Command
}

// Command is a study that a command line runs (`kombi table vdwlist`,
// `kombi bench nim2d`, ...): its settings become the command's flags, its
// result's tables or JSON are printed.
type Command struct {
	// Group is the group of commands it belongs to: "table", "bench" or
	// "report".
	Group string
	// Name is the command's name in its group; Short says in a line what
	// it prints.
	Name, Short string
	// Format is the output format by default: "text" or "markdown".
	Format string
	// New returns fresh options and the function that runs the study with
	// them.
	New func() (Options, Run)
}

// Run runs a study with the options New returned, reporting progress to
// progress (nil: none). Cut short by the context (or its own budget), it
// returns what it did with the error (see solve.Stopped).
type Run func(ctx context.Context, progress func(solve.Progress)) (game.Tabler, error)

// AddCommand adds a study's command.
func (r *Registry) AddCommand(c Command) { r.commands = append(r.commands, c) }

// Run runs the study of the command `kombi GROUP NAME` as its command line
// does, away from one (`kombi serve` writing the sources document): the
// settings named in values (by their names in words: "quick run") are set,
// the others keep their defaults; a study that keeps what it computes
// (DatabaseUser) uses the database url; the settings are checked.
func (r *Registry) Run(ctx context.Context, group, name string, values map[string]string, url string, progress func(solve.Progress)) (game.Tabler, error) {
	for _, c := range r.Commands(group) {
		if c.Name != name {
			continue
		}
		o, run := c.New()
		set := 0
		for _, s := range o.Settings() {
			if v, ok := values[s.Name]; ok {
				if err := s.Value.Set(v); err != nil {
					return nil, fmt.Errorf("%s %s: %s: %w", group, name, s.Name, err)
				}
				set++
			}
		}
		if set != len(values) {
			return nil, fmt.Errorf("%s %s: %d of the settings %v are not its own", group, name, len(values)-set, slices.Sorted(maps.Keys(values)))
		}
		if du, ok := o.(DatabaseUser); ok {
			du.UseDatabase(url)
		}
		if err := o.Check(); err != nil {
			return nil, fmt.Errorf("%s %s: %w", group, name, err)
		}
		return run(ctx, progress)
	}
	return nil, fmt.Errorf("no study command %s %s", group, name)
}

// Commands returns the commands of a group, in the order added, and the
// registry's own after them (bench scaling, when Games is set).
func (r *Registry) Commands(group string) []Command {
	var out []Command
	all := r.commands
	if r.Games != nil {
		all = append(slices.Clip(all), r.scalingCommand())
	}
	for _, c := range all {
		if c.Group == group {
			out = append(out, c)
		}
	}
	return out
}

// AddFrontier adds a family's frontier rows (`kombi report frontier`).
func (r *Registry) AddFrontier(rows func() []solve.FrontierRow) {
	r.frontier = append(r.frontier, rows)
}

// FrontierRows gathers the values and bounds Kombi has proven, family by
// family in the order they were added.
func (r *Registry) FrontierRows() []solve.FrontierRow {
	var rows []solve.FrontierRow
	for _, f := range r.frontier {
		rows = append(rows, f()...)
	}
	return rows
}

// SettingError is a setting of a study (a table, a benchmark, a report)
// that the study refuses. Its message names settings in words between
// braces, as in "{numbers of colours} 9: want 1 to 8": Error writes them
// as words, and a command line writes each as the flag or key that
// carries it (Format).
type SettingError struct {
	msg string
}

// Settingf returns bad input, a *game.InputError (the one usage error),
// holding a *SettingError with the message fmt.Sprintf(format, args...):
// name the settings in it in words between braces.
func Settingf(format string, args ...any) error {
	return &game.InputError{Err: &SettingError{msg: fmt.Sprintf(format, args...)}}
}

// Error writes the message with the settings in words.
func (e *SettingError) Error() string { return e.Format(func(s string) string { return s }) }

// Format writes the message with each setting as name writes it (a
// command line: its flag).
func (e *SettingError) Format(name func(setting string) string) string {
	var b strings.Builder
	rest := e.msg
	for {
		open := strings.IndexByte(rest, '{')
		end := strings.IndexByte(rest[open+1:], '}')
		if open < 0 || end < 0 {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(rest[:open])
		b.WriteString(name(rest[open+1 : open+1+end]))
		rest = rest[open+2+end:]
	}
}
