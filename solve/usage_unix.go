//go:build unix

package solve

import (
	"syscall"
	"time"
)

// Usage returns the CPU time (user and system, all threads) the process
// has used so far and the peak of its resident memory in bytes (0 where
// the system does not say).
func Usage() (cpu time.Duration, peakRSS int64) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, 0
	}
	cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return cpu, maxRSSBytes(int64(ru.Maxrss))
}
