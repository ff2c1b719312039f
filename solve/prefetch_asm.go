//go:build amd64 || arm64

package solve

import "unsafe"

// prefetch asks the processor to bring the cache line at p into its caches
// without waiting for it (a hint: it neither faults nor reads memory in the
// language's sense, so it races with nothing).
//
//go:noescape
func prefetch(p unsafe.Pointer)
