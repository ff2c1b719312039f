//go:build !unix

package solve

import "time"

// Usage returns the CPU time the process has used so far and the peak of
// its resident memory in bytes: not measured on this system (0, 0).
func Usage() (cpu time.Duration, peakRSS int64) { return 0, 0 }
