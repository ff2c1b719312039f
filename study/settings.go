package study

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Setting is one setting of a study's options (a table's bounds, a
// benchmark's sizes): its name in words, as a SettingError names it, what
// it does, and its value bound to the options' field. A command line
// (cmd/kombi) makes each a flag, naming it.
type Setting struct {
	Name  string
	Doc   string
	Value Value
}

// Value is a setting's value as text: the methods of flag.Value, and the
// name of its kind ("int", "duration", ...) for help texts.
type Value interface {
	String() string
	Set(text string) error
	Type() string
}

// Options are the options of a study that a command runs: Settings sets
// the defaults and returns the settings bound to the options' fields;
// Check refuses bad settings with a SettingError.
type Options interface {
	Settings() []Setting
	Check() error
}

// DatabaseUser is Options of a study that keeps what it computes in the
// database (games, timings), so that a run again reads them: a command line
// gives it the URL of the database it names (the global --db, else
// $KOMBI_DB, else the default file) before Check.
type DatabaseUser interface {
	UseDatabase(url string)
}

// numError says what is wrong with a number in the words of the standard
// flag package: "parse error" or "value out of range".
func numError(err error) error {
	var ne *strconv.NumError
	switch {
	case errors.As(err, &ne) && ne.Err == strconv.ErrSyntax:
		return errors.New("parse error")
	case errors.As(err, &ne) && ne.Err == strconv.ErrRange:
		return errors.New("value out of range")
	}
	return err
}

// Int is a Value of p, a whole number (decimal, or with a 0x, 0o or 0b
// prefix).
func Int(p *int) Value { return (*intValue)(p) }

type intValue int

func (v *intValue) String() string { return strconv.Itoa(int(*v)) }
func (v *intValue) Type() string   { return "int" }
func (v *intValue) Set(text string) error {
	n, err := strconv.ParseInt(text, 0, strconv.IntSize)
	*v = intValue(n)
	return numError(err)
}

// Int64 is a Value of p, a 64-bit whole number.
func Int64(p *int64) Value { return (*int64Value)(p) }

type int64Value int64

func (v *int64Value) String() string { return strconv.FormatInt(int64(*v), 10) }
func (v *int64Value) Type() string   { return "int64" }
func (v *int64Value) Set(text string) error {
	n, err := strconv.ParseInt(text, 0, 64)
	*v = int64Value(n)
	return numError(err)
}

// Uint64 is a Value of p, a 64-bit whole number ≥ 0.
func Uint64(p *uint64) Value { return (*uint64Value)(p) }

type uint64Value uint64

func (v *uint64Value) String() string { return strconv.FormatUint(uint64(*v), 10) }
func (v *uint64Value) Type() string   { return "uint64" }
func (v *uint64Value) Set(text string) error {
	n, err := strconv.ParseUint(text, 0, 64)
	*v = uint64Value(n)
	return numError(err)
}

// String is a Value of p, any text.
func String(p *string) Value { return (*stringValue)(p) }

type stringValue string

func (v *stringValue) String() string        { return string(*v) }
func (v *stringValue) Type() string          { return "string" }
func (v *stringValue) Set(text string) error { *v = stringValue(text); return nil }

// Duration is a Value of p, a duration such as 1m30s.
func Duration(p *time.Duration) Value { return (*durationValue)(p) }

type durationValue time.Duration

func (v *durationValue) String() string { return time.Duration(*v).String() }
func (v *durationValue) Type() string   { return "duration" }
func (v *durationValue) Set(text string) error {
	d, err := time.ParseDuration(text)
	if err != nil {
		return errors.New("parse error")
	}
	*v = durationValue(d)
	return nil
}

// Ints is a Value of p, whole numbers separated by commas, such as 2,3.
func Ints(p *[]int) Value { return (*intsValue)(p) }

type intsValue []int

func (v *intsValue) Type() string { return "list" }
func (v *intsValue) String() string {
	parts := make([]string, len(*v))
	for i, n := range *v {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}
func (v *intsValue) Set(text string) error {
	*v = (*v)[:0]
	for f := range strings.SplitSeq(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return fmt.Errorf("%q: want whole numbers separated by commas, e.g. 2,3", f)
		}
		*v = append(*v, n)
	}
	return nil
}

// Bool is a Value of p, true or false; a command line makes it a flag that
// needs no value (--quick means --quick=true).
func Bool(p *bool) Value { return (*boolValue)(p) }

type boolValue bool

func (v *boolValue) String() string   { return strconv.FormatBool(bool(*v)) }
func (v *boolValue) Type() string     { return "bool" }
func (v *boolValue) IsBoolFlag() bool { return true }
func (v *boolValue) Set(text string) error {
	b, err := strconv.ParseBool(text)
	if err != nil {
		return errors.New("parse error: want true or false")
	}
	*v = boolValue(b)
	return nil
}

// Flag is the command line's flag that carries a study's setting named in
// words ("last game length": "--max-s"); the name itself where none does.
func Flag(setting string) string {
	flags := map[string]string{
		"largest number of heaps": "max-heaps", "largest number of tokens": "max-tokens", "placement": "placement", "parameter a": "a",
		"method": "method", "methods": "methods", "number of rows": "count", "first index": "from", "position": "position",
		"runs per measurement": "repeat", "progression length": "k", "numbers of colours": "colors", "list sizes": "list",
		"first game length": "from", "last game length": "max-s", "time budget": "time", "memory bound": "mem",
		"search depth": "depth", "search positions": "positions", "largest plain game length": "max-plain", "game length": "s",
		"most empty cells": "max-empty", "largest triangle searched": "search-up-to", "largest triangle solved": "up-to",
		"coverage games": "coverage", "work budget": "budget", "palette side": "n", "workers": "workers",
		"size of the sets": "x", "number of sets": "sets", "seed": "seed", "shape file": "file", "player": "player",
		"highest nesting level": "max-level", "length bound": "max-length", "output directory": "out", "quick run": "quick", "items": "only",
	}
	if f, ok := flags[setting]; ok {
		return "--" + f
	}
	return setting
}
