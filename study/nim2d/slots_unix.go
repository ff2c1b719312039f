//go:build unix

package nim2d

import (
	"syscall"
	"unsafe"

	"github.com/kombi/kombi/solve"
)

// allocSlots returns n zeroed slots. A large array is mapped from the
// system, outside the Go heap: the garbage collector lets the heap grow to
// twice what is live before it collects, and a table of gigabytes counted
// as live let a worker's heap grow to twice the table (10.9 GB for a
// 4.3 GB table). It reports whether the array is mapped (to be freed by
// freeSlots). A large array is also backed by huge pages where Linux
// allows them on request: its probes land anywhere in gigabytes, and 2 MiB
// pages spare most of the address translation misses (about 15% of a probe
// on the machine measured).
func allocSlots(n int) ([]uint64, bool) {
	if n < mapMin {
		return make([]uint64, n), false
	}
	b, err := syscall.Mmap(-1, 0, n*8, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]uint64, n), false
	}
	solve.AdviseHuge(b)
	return unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(b))), n), true
}

// freeSlots gives back an array allocSlots mapped.
func freeSlots(s []uint64) {
	if len(s) == 0 {
		return
	}
	_ = syscall.Munmap(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*8))
}
