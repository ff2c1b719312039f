package solve

import (
	"fmt"
	"os"
	"strings"
)

// MachineMemory is the machine's memory in bytes (MemTotal of
// /proc/meminfo; 1 TiB where it cannot be read): the most a memory bound
// such as Options.MemBytes may ask for.
func MachineMemory() int64 {
	data, err := os.ReadFile("/proc/meminfo")
	if err == nil {
		var kb int64
		for _, line := range strings.Split(string(data), "\n") {
			if _, err := fmt.Sscanf(line, "MemTotal: %d kB", &kb); err == nil && kb > 0 {
				return kb * 1024
			}
		}
	}
	return 1 << 40
}
