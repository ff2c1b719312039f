//go:build unix && !linux

package nim2d

// adviseHuge does nothing on systems other than Linux.
func adviseHuge([]byte) {}
