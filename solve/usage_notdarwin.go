//go:build unix && !darwin

package solve

// maxRSSBytes converts getrusage's ru_maxrss: kibibytes on Linux and the BSDs.
func maxRSSBytes(v int64) int64 { return v << 10 }
