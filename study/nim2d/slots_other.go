//go:build !unix

package nim2d

// allocSlots returns n zeroed slots, allocated by Go (see the unix
// version); none is mapped.
func allocSlots(n int) ([]uint64, bool) { return make([]uint64, n), false }

// freeSlots does nothing: no array is mapped here.
func freeSlots([]uint64) {}
