package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Each row is a finding of the hardening issue: a command line that was
// accepted, crashed or explained itself in Go terms, and what it must do.
func TestBadInputIsRefusedClearly(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	intGame := write("int.toml", "game = 3\n")
	strPower := write("power.toml", "setPower = \"five\"\n")
	typo := write("typo.toml", "gaem = \"nim\"\n")
	cases := []struct {
		args []string
		code int
		says []string
	}{
		{[]string{"solve", "thue(alphabet=3)", "--mem", "9223372036854775807"}, 2, []string{"--mem", "more than this machine's memory"}},
		{[]string{"solve", "thue(alphabet=3)", "--mem", "100000000000000"}, 2, []string{"more than this machine's memory"}},
		{[]string{"solve", "thue(alphabet=3)", "--mem", "-1"}, 2, []string{"--mem -1", "positive"}},
		{[]string{"solve", "thue(alphabet=5)", "--max-length", "-1"}, 2, []string{"--max-length -1"}},
		{[]string{"worker", "--mem", "-1"}, 2, []string{"--mem -1", "a quarter of this machine's memory"}},
		{[]string{"worker", "--rescue-after", "1s"}, 2, []string{"--rescue-after 1s", "well above the longest game"}},
		{[]string{"worker", "--workers", "-1"}, 2, []string{"--workers -1", "0 for one per CPU"}},
		{[]string{"serve", "--max-searches", "2000"}, 2, []string{"--max-searches 2000", "0 (one per core) to 1024"}},
		{[]string{"serve", "--max-analyses", "-1"}, 2, []string{"--max-analyses -1", "0 (half the cores) to 1024"}},
		{[]string{"serve", "--analysis-mem", "-1"}, 2, []string{"--analysis-mem -1", "to the machine's memory"}},
		{[]string{"serve", "--max-think", "0s"}, 2, []string{"--max-think 0s", "positive duration"}},
		{[]string{"analyze", "nim", "--time", "-1s"}, 2, []string{"--time"}},
		{[]string{"report", "nim2d-endgames", "--format", "xml"}, 2, []string{`--format "xml"`, "text, markdown, csv, json"}},
		{[]string{"table", "wythoff", "--nosuchflag"}, 2, []string{"kombi table wythoff --help"}},
		{[]string{"play", "--config", intGame}, 2, []string{`int.toml:1:8: key "game": a TOML integer where a string is wanted`}},
		{[]string{"play", "--config", strPower}, 2, []string{`key "setPower": a TOML string where a whole number is wanted`}},
		{[]string{"play", "--config", typo}, 2, []string{`unknown key "gaem"`, "allowed keys: game, p1"}},
	}
	for _, c := range cases {
		code, _, errOut := kombi(t, "", c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d: %s", c.args, code, c.code, errOut)
			continue
		}
		for _, s := range c.says {
			if !strings.Contains(errOut, s) {
				t.Errorf("%v: error %q does not say %q", c.args, errOut, s)
			}
		}
		for _, goWord := range []string{"main.", "struct field", "int64", "strconv.", "MemBytes (", "MaxLength (", "RescueAfter (", "Workers (", "MaxSearches (", "MaxAnalyses (", "AnalysisMem ("} { // Go fields: the library's words
			if strings.Contains(errOut, goWord) {
				t.Errorf("%v: error %q speaks Go (%q)", c.args, errOut, goWord)
			}
		}
	}
}

// TestPlayFromInputThatIsNotText: `kombi play < /dev/zero` (and input with
// a NUL byte) ends with an error at once instead of reading forever.
func TestPlayFromInputThatIsNotText(t *testing.T) {
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Fatalf("this test reads /dev/zero: %v", err)
	}
	defer zero.Close()
	for name, in := range map[string]io.Reader{"/dev/zero": zero, "a NUL byte": strings.NewReader("1:1\n\x00\n")} {
		var out, errOut strings.Builder
		code := Run(context.Background(), []string{"play", "nim", "--p1", "human", "--p2", "random", "--no-db", "--no-out"}, in, &out, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), "the input is not text") {
			t.Errorf("%s: exit %d, %q", name, code, errOut.String())
		}
	}
}
