package game

import "fmt"

// InputError is input a person gave that Kombi cannot use — a game string,
// a flag, a configuration or record file, a setting — as opposed to a
// failure of Kombi or of the machine. Its text says what was wrong and
// what is allowed. It is the one usage error: the command line answers it
// with exit status 2, wherever it comes from.
type InputError struct{ Err error }

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
