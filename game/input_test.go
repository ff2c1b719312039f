package game_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/kombi/kombi/game"
)

// An option out of range names the Go field and its flag; the command line
// says it by the flag alone, under the context wrapped around it and in a
// join, and errors.As still finds the usage error and the option.
func TestOptionErrorForGoAndCommandLine(t *testing.T) {
	mem := game.Optionf("MemBytes", "mem", int64(-5), "want 0 (the solver's default) or a positive number of bytes")
	if got, want := mem.Error(), "MemBytes (--mem) -5: want 0 (the solver's default) or a positive number of bytes"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	var oe *game.OptionError
	if !errors.As(mem, new(*game.InputError)) || !errors.As(mem, &oe) || oe.Field != "MemBytes" || oe.Flag != "mem" || oe.Value != int64(-5) {
		t.Fatalf("%v: want an *InputError holding the *OptionError", mem)
	}
	workers := game.Optionf("Workers", "workers", -1, "want 1 to %d", 1024)
	err := errors.Join(fmt.Errorf("solve: %w", mem), workers)
	cli := game.ForCommandLine(err)
	if got, want := cli.Error(), "solve: --mem -5: want 0 (the solver's default) or a positive number of bytes\n--workers -1: want 1 to 1024"; got != want {
		t.Errorf("ForCommandLine = %q, want %q", got, want)
	}
	if !errors.As(cli, new(*game.InputError)) || !errors.As(cli, new(*game.OptionError)) || !errors.Is(cli, mem) {
		t.Errorf("ForCommandLine(%v) lost the errors it wraps", err)
	}
	plain := errors.New("disk full")
	if game.ForCommandLine(plain) != plain || game.ForCommandLine(nil) != nil {
		t.Error("ForCommandLine changed an error without options, or nil")
	}
}
