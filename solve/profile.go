package solve

import (
	"errors"
	"fmt"
	"os"
	"runtime/pprof"
)

// StartCPUProfile writes a CPU profile of the process (pprof's format: go
// tool pprof FILE) to the file path from now until stop is called: the
// measure of where a solve's time goes, and what profile-guided builds are
// made from (cmd/kombi/default.pgo, .ci/pgo.sh). One profile at a time.
// An empty path profiles nothing; stop is never nil.
func StartCPUProfile(path string) (stop func() error, err error) {
	none := func() error { return nil }
	if path == "" {
		return none, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return none, fmt.Errorf("CPU profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		return none, errors.Join(fmt.Errorf("CPU profile %s: %w", path, err), f.Close())
	}
	return func() error {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			return fmt.Errorf("CPU profile: %w", err)
		}
		return nil
	}, nil
}
