package web_test

import (
	"fmt"
	"os"
	"testing"
)

// TestMain keeps the tests away from the user's data directory (shape
// tables, the sources document, the default database): the package runs
// with a temporary one, empty at the start, as on a fresh machine. Tests
// that need their own call t.Setenv; those that run in parallel use this
// one.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "kombi-web-data")
	if err != nil {
		fmt.Fprintln(os.Stderr, "web tests: a temporary data directory:", err)
		os.Exit(1)
	}
	os.Setenv("KOMBI_DATA_DIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
