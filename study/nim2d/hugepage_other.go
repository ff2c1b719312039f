//go:build !linux

package nim2d

// adviseHuge does nothing on systems other than Linux.
func adviseHuge([]uint64) {}
