package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportSources: the command's flags (a bare --quick, --only needing
// --out and naming items that exist, --db) reach the study; one item is
// written alone into the folder asked for.
func TestReportSources(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "k.db")
	if code, _, errOut := kombi(t, "", "report", "sources", "--quick", "--only", "thue/figure-2.1", "--db", db); code != 2 || !strings.Contains(errOut, "--only needs --out") {
		t.Fatalf("--only without --out: exit %d: %s", code, errOut)
	}
	if code, _, errOut := kombi(t, "", "report", "sources", "--only", "thue/figure-9.9", "--out", dir, "--db", db); code != 2 || !strings.Contains(errOut, `--only: no item or source "thue/figure-9.9"`) {
		t.Fatalf("an unknown item: exit %d: %s", code, errOut)
	}
	out := filepath.Join(dir, "doc")
	code, stdout, errOut := kombi(t, "", "report", "sources", "--quick", "--only", "thue/figure-2.1,wythoff/table-1", "--out", out, "--db", db)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(stdout, "thue/figure-2.1") || !strings.Contains(stdout, filepath.Join(out, "README.md")) {
		t.Errorf("the summary:\n%s", stdout)
	}
	doc, err := os.ReadFile(filepath.Join(out, "README.md"))
	if err != nil || !strings.Contains(string(doc), "### Figure 2.1:") || !strings.Contains(string(doc), "### Table 1:") || strings.Contains(string(doc), "### Table 3.1:") {
		t.Fatalf("the document of two items: %v\n%s", err, doc)
	}
}
