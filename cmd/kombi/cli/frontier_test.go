package cli

import (
	"os"
	"strings"
	"testing"
)

// The README's frontier table is `kombi report frontier --format markdown`.
func TestREADMEFrontierAgreesWithTheReport(t *testing.T) {
	code, out, errOut := kombi(t, "", "report", "frontier", "--format", "markdown")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, "| ") && !strings.Contains(string(readme), line) {
			t.Errorf("README.md lacks the frontier row\n%s\n(regenerate the table with kombi report frontier --format markdown)", line)
		}
	}
}
