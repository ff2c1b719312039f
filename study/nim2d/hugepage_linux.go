package nim2d

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back a large table with huge pages: its probes
// land anywhere in gigabytes, and 2 MiB pages spare most of the address
// translation misses (about 15% of a probe on the machine measured). It is
// advice only; failure changes nothing.
func adviseHuge(slots []uint64) {
	if len(slots) < 1<<18 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&slots[0])), len(slots)*8)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
