package solve

import (
	"fmt"
	"os"
	"strings"
)

// memTotal reads the machine's memory in bytes (MemTotal of /proc/meminfo):
// the one memory probe of Kombi.
func memTotal() (int64, bool) {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	var kb int64
	for _, line := range strings.Split(string(data), "\n") {
		if _, err := fmt.Sscanf(line, "MemTotal: %d kB", &kb); err == nil && kb > 0 {
			return kb * 1024, true
		}
	}
	return 0, false
}

// MachineMemory is the machine's memory in bytes (1 TiB where it cannot
// be read): the most a memory bound such as Options.MemBytes may ask for.
func MachineMemory() int64 {
	if m, ok := memTotal(); ok {
		return m
	}
	return 1 << 40
}

// DefaultMem is the bound a solver's tables grow to when none is given: a
// quarter of the machine's memory (1 GiB where it cannot be read).
func DefaultMem() int64 {
	if m, ok := memTotal(); ok {
		return m / 4
	}
	return 1 << 30
}
