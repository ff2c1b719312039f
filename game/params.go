package game

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Kind is the type of a parameter value.
type Kind int

const (
	// Int is a whole number, optionally bounded by Min and Max.
	Int Kind = iota
	// Bool is true or false.
	Bool
	// Enum is one word out of Choices.
	Enum
	// IntList is a ';'-separated list of whole numbers, each bounded by Min and Max.
	IntList
	// Text is free text without ',', '(' or ')'.
	Text
	// Duration is a time span such as "1.5s" or "200ms".
	Duration
)

// String names the kind as the help text shows it.
func (k Kind) String() string {
	switch k {
	case Int:
		return "int"
	case Bool:
		return "bool"
	case Enum:
		return "enum"
	case IntList:
		return "int list"
	case Duration:
		return "duration"
	default:
		return "text"
	}
}

// ParamSpec describes one parameter of a game or a bot.
type ParamSpec struct {
	Name string
	Kind Kind
	// Default is the value used when the parameter is absent, in text form.
	// An empty Default with Random set means "drawn from the seed"; an empty
	// Default otherwise means the parameter is optional with no value.
	Default string
	// Required parameters must be given.
	Required bool
	// Random parameters are drawn from the seed when absent.
	Random bool
	// Min and Max bound Int and IntList values when HasMin/HasMax are set.
	Min, Max       int64
	HasMin, HasMax bool
	// MinItems bounds the length of an IntList when positive.
	MinItems int
	// Choices lists the values of an Enum.
	Choices []string
	// MemUnit, when positive, marks a parameter that sizes memory (a
	// table): its value times MemUnit is a number of bytes, which a host
	// may cap (bot.Env.MaxMem).
	MemUnit int64
	// Doc is a one-line description.
	Doc string
}

// Allowed describes the values the parameter accepts, for error messages and help.
func (p ParamSpec) Allowed() string {
	switch p.Kind {
	case Bool:
		return "true or false"
	case Enum:
		return "one of " + strings.Join(p.Choices, ", ")
	case Int, IntList:
		what := "a whole number"
		if p.Kind == IntList {
			what = "whole numbers separated by ';'"
			switch {
			case p.MinItems == 1:
				what = "one or more whole numbers separated by ';'"
			case p.MinItems > 1:
				what = fmt.Sprintf("at least %d whole numbers separated by ';'", p.MinItems)
			}
		}
		switch {
		case p.HasMin && p.HasMax:
			return fmt.Sprintf("%s from %d to %d", what, p.Min, p.Max)
		case p.HasMin:
			return fmt.Sprintf("%s ≥ %d", what, p.Min)
		case p.HasMax:
			return fmt.Sprintf("%s ≤ %d", what, p.Max)
		}
		return what
	case Duration:
		return "a positive duration such as 500ms, 2s or 1m"
	default:
		return "text"
	}
}

func (p ParamSpec) check(v string) error {
	bad := func() error {
		return fmt.Errorf("bad value %q for %s: want %s", Clip(v), p.Name, p.Allowed())
	}
	switch p.Kind {
	case Bool:
		if _, err := strconv.ParseBool(v); err != nil {
			return bad()
		}
	case Enum:
		for _, c := range p.Choices {
			if c == v {
				return nil
			}
		}
		return bad()
	case Int:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || p.HasMin && n < p.Min || p.HasMax && n > p.Max {
			return bad()
		}
	case IntList:
		if n := strings.Count(v, ";") + 1; n > MaxListItems {
			return fmt.Errorf("%s: %d items, more than the %d a list may have", p.Name, n, MaxListItems)
		}
		items := strings.Split(v, ";")
		if v == "" {
			items = nil
		}
		if len(items) < p.MinItems {
			return bad()
		}
		for _, it := range items {
			n, err := strconv.ParseInt(strings.TrimSpace(it), 10, 64)
			if err != nil || p.HasMin && n < p.Min || p.HasMax && n > p.Max {
				return bad()
			}
		}
	case Text:
		if strings.ContainsAny(v, ",()") {
			return bad()
		}
	case Duration:
		if d, err := time.ParseDuration(v); err != nil || d <= 0 {
			return bad()
		}
	}
	return nil
}

// Params are the validated arguments of a game or bot string. The zero value
// has no parameters.
type Params struct {
	values map[string]string
	given  map[string]bool
	seed   uint64
}

// Bind checks a spec's arguments against the parameter list and fills in
// defaults. Unknown keys, missing required keys and bad values are errors that
// name the problem and list what is allowed. seed is kept for parameters drawn
// at random (see Params.Seed).
func Bind(what string, specs []ParamSpec, args []Arg, seed uint64) (Params, error) {
	p := Params{values: map[string]string{}, given: map[string]bool{}, seed: seed}
	byName := map[string]ParamSpec{}
	for _, s := range specs {
		byName[s.Name] = s
		if s.Default != "" {
			p.values[s.Name] = s.Default
		}
	}
	for _, a := range args {
		s, ok := byName[a.Key]
		if !ok {
			return Params{}, fmt.Errorf("%s: unknown key %q%s; allowed keys: %s", what, Clip(a.Key), DidYouMean(a.Key, specNames(specs)), paramNames(specs))
		}
		if err := s.check(a.Value); err != nil {
			return Params{}, fmt.Errorf("%s: %w", what, err)
		}
		p.values[a.Key] = a.Value
		p.given[a.Key] = true
	}
	for _, s := range specs {
		if s.Required && !p.given[s.Name] {
			return Params{}, fmt.Errorf("%s: missing key %q (%s)", what, s.Name, s.Allowed())
		}
	}
	return p, nil
}

func paramNames(specs []ParamSpec) string {
	if len(specs) == 0 {
		return "none"
	}
	return strings.Join(specNames(specs), ", ")
}

// specNames are the parameters' names.
func specNames(specs []ParamSpec) []string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return names
}

// Has reports whether the parameter was given explicitly.
func (p Params) Has(name string) bool { return p.given[name] }

// Present reports whether the parameter has a value, given or by default.
func (p Params) Present(name string) bool {
	_, ok := p.values[name]
	return ok
}

// Seed is the seed to draw random parameters from when they are absent.
func (p Params) Seed() uint64 { return p.seed }

// String returns the parameter's text value ("" when absent).
func (p Params) String(name string) string { return p.values[name] }

// Int returns an Int parameter (0 when absent).
func (p Params) Int(name string) int {
	n, _ := strconv.ParseInt(p.values[name], 10, 64)
	return int(n)
}

// Int64 returns an Int parameter as int64 (0 when absent).
func (p Params) Int64(name string) int64 {
	n, _ := strconv.ParseInt(p.values[name], 10, 64)
	return n
}

// Bool returns a Bool parameter (false when absent).
func (p Params) Bool(name string) bool {
	b, _ := strconv.ParseBool(p.values[name])
	return b
}

// Duration returns a Duration parameter (0 when absent).
func (p Params) Duration(name string) time.Duration {
	d, _ := time.ParseDuration(p.values[name])
	return d
}

// Ints returns an IntList parameter (nil when absent).
func (p Params) Ints(name string) []int {
	v, ok := p.values[name]
	if !ok || v == "" {
		return nil
	}
	items := strings.Split(v, ";")
	out := make([]int, len(items))
	for i, it := range items {
		n, _ := strconv.ParseInt(strings.TrimSpace(it), 10, 64)
		out[i] = int(n)
	}
	return out
}

// Canonical writes name with the parameters that have a value (given or by
// default) as its arguments, in the order of specs, each value spelled one
// way per meaning (whole numbers and lists as strconv and JoinInts write
// them, booleans true or false, durations as time.Duration writes them):
// two strings bound to the same Canonical ask for the same settings.
func (p Params) Canonical(name string, specs []ParamSpec) string {
	s := Spec{Name: name}
	for _, ps := range specs {
		if !p.Present(ps.Name) {
			continue
		}
		v := p.values[ps.Name]
		switch ps.Kind {
		case Int:
			v = strconv.FormatInt(p.Int64(ps.Name), 10)
		case Bool:
			v = strconv.FormatBool(p.Bool(ps.Name))
		case IntList:
			v = JoinInts(p.Ints(ps.Name))
		case Duration:
			v = p.Duration(ps.Name).String()
		}
		s.Args = append(s.Args, Arg{Key: ps.Name, Value: v})
	}
	return s.String()
}

// JoinInts formats a list for a canonical game string: "3;4;5".
func JoinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ";")
}
