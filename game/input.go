package game

import (
	"fmt"
	"strings"
)

// InputError is input a person gave that Kombi cannot use — a game string,
// a bot string, a flag or an option set out of range (OptionError), a
// configuration or sweep file, a file that holds no records, a setting —
// as opposed to a failure of Kombi or of the machine, or a bug of the
// program that calls it (a nil argument). A record that reads but does not
// replay (Record.Check, Replay) is neither: it is the answer of a check,
// a plain error (kombi replay exits 1). Its text says what was wrong and
// what is allowed. It is the one usage error: errors.As finds it under the
// context that callers wrap around it, and the command line answers it
// with exit status 2, wherever it comes from.
type InputError struct {
	// Err says what was wrong and what is allowed.
	Err error
}

// Error returns the underlying error's text.
func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *InputError) Unwrap() error { return e.Err }

// AsInput marks err as input a person gave (an *InputError); nil stays nil.
func AsInput(err error) error {
	if err == nil {
		return nil
	}
	return &InputError{err}
}

// Inputf is fmt.Errorf as an *InputError.
func Inputf(format string, args ...any) error {
	return &InputError{fmt.Errorf(format, args...)}
}

// OptionError is an option set out of range: a field of an options struct
// that a Go caller sets (solve.Options.MemBytes) and the command line sets
// with a flag (kombi solve --mem). Its text names both, as in
// "MemBytes (--mem) -5: want 0 (the solver's default) or a positive number
// of bytes"; the command line says it by its flag alone (ForCommandLine).
// Kombi's packages return it inside an *InputError (Optionf).
type OptionError struct {
	// Field is the Go field, as in "MemBytes".
	Field string
	// Flag is the command-line flag that sets it, without its dashes, as
	// in "mem".
	Flag string
	// Value is the value set.
	Value any
	// Want says what is allowed, as in "want 0 (no limit) or more".
	Want string
}

// Error names the field and its flag, the value and what is allowed.
func (e *OptionError) Error() string {
	return fmt.Sprintf("%s (--%s) %v: %s", e.Field, e.Flag, e.Value, e.Want)
}

// FlagText is the error as the command line says it, by the flag alone:
// "--mem -5: want ...".
func (e *OptionError) FlagText() string {
	return fmt.Sprintf("--%s %v: %s", e.Flag, e.Value, e.Want)
}

// Optionf returns an *InputError holding an *OptionError for the Go field
// field, set by the flag flag (without its dashes) to value; its Want is
// fmt.Sprintf(format, args...).
func Optionf(field, flag string, value any, format string, args ...any) error {
	return &InputError{&OptionError{Field: field, Flag: flag, Value: value, Want: fmt.Sprintf(format, args...)}}
}

// ForCommandLine returns err as a command line says it: each *OptionError
// in it (under wrapping, or joined) is named by its flag alone (FlagText),
// the Go field being no word of the command line. errors.Is and errors.As
// see what they saw in err. Errors without an *OptionError, and nil, are
// returned as they are.
func ForCommandLine(err error) error {
	if err == nil {
		return nil
	}
	text := err.Error()
	var walk func(error)
	walk = func(e error) {
		switch u := e.(type) {
		case *OptionError:
			text = strings.Replace(text, u.Error(), u.FlagText(), 1)
		case interface{ Unwrap() error }:
			if next := u.Unwrap(); next != nil {
				walk(next)
			}
		case interface{ Unwrap() []error }:
			for _, next := range u.Unwrap() {
				walk(next)
			}
		}
	}
	if walk(err); text == err.Error() {
		return err
	}
	return &flagWorded{err: err, text: text}
}

// flagWorded is an error with its options named by their flags
// (ForCommandLine).
type flagWorded struct {
	err  error
	text string
}

func (e *flagWorded) Error() string { return e.text }
func (e *flagWorded) Unwrap() error { return e.err }
