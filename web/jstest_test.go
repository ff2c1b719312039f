package web

import (
	"os/exec"
	"strings"
	"testing"
)

// TestJavaScriptUnits runs the browser UI's pure modules' unit tests
// (web/jstest, node's built-in test runner) so that `go test ./...` runs
// them too. Node is required, as Chromium is for the browser tests.
func TestJavaScriptUnits(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is not installed: the UI's unit tests (web/jstest) need Node.js 20 or later; on Debian: apt-get install nodejs")
	}
	out, err := exec.Command(node, "--test", "jstest").CombinedOutput()
	if err != nil {
		t.Fatalf("node --test web/jstest failed: %v\n%s", err, out)
	}
	// A run that found no test files passes too: require that tests ran.
	if !strings.Contains(string(out), "# pass ") || strings.Contains(string(out), "# pass 0\n") {
		t.Fatalf("node --test web/jstest ran no tests:\n%s", out)
	}
}
