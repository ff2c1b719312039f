package nim2d

import "syscall"

// adviseHuge asks Linux to back b with huge pages; it is advice only, and
// failure changes nothing.
func adviseHuge(b []byte) { _ = syscall.Madvise(b, syscall.MADV_HUGEPAGE) }
