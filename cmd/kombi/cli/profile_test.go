package cli

import (
	"bytes"
	"compress/gzip"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCPUProfile: --cpuprofile writes a pprof CPU profile of the command
// (gzip, with the cpu sample type), and a file that cannot be created is
// a usage error naming the flag.
func TestCPUProfile(t *testing.T) {
	if f := flag.Lookup("test.cpuprofile"); f != nil && f.Value.String() != "" {
		t.Skip("the test binary is being profiled: one CPU profile at a time")
	}
	path := filepath.Join(t.TempDir(), "solve.prof")
	code, out, errOut := kombi(t, "", "--cpuprofile", path, "solve", "vdwlist(k=3,colors=3,list=2,s=9)", "--quiet")
	if code != 0 || !strings.Contains(out, "P1 (namer) wins with probability") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not a pprof profile (gzip): %v", err)
	}
	body, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"samples", "cpu", "nanoseconds"} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("profile lacks %q", want)
		}
	}

	code, _, errOut = kombi(t, "", "--cpuprofile", filepath.Join(t.TempDir(), "no", "such", "dir", "p"), "solve", "nim(piles=3;4)")
	if code != 2 || !strings.Contains(errOut, "--cpuprofile:") {
		t.Fatalf("bad path: exit %d, %q", code, errOut)
	}
}
