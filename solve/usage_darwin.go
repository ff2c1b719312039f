//go:build darwin

package solve

// maxRSSBytes converts getrusage's ru_maxrss: bytes on macOS.
func maxRSSBytes(v int64) int64 { return v }
