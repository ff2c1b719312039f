package solve

import (
	"syscall"
	"unsafe"
)

// AdviseHuge asks Linux to back the memory of s with huge pages (2 MiB:
// where the system allows them on request, transparent_hugepage "madvise"):
// a large table's random probes then miss the TLB far less often. Only
// whole pages inside s are advised; an error changes nothing and is
// ignored.
func AdviseHuge[T any](s []T) {
	if len(s) == 0 {
		return
	}
	var x T
	const huge = 2 << 20
	p := unsafe.Pointer(unsafe.SliceData(s))
	addr := uintptr(p)
	size := uintptr(len(s)) * unsafe.Sizeof(x)
	skip := (huge - addr%huge) % huge // to the first whole page
	if size < skip+huge {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(p, skip)), (size-skip)&^(huge-1))
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
