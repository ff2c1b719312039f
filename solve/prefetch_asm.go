//go:build amd64 || arm64

package solve

import "unsafe"

// Prefetch asks the processor to bring the cache line at p into its caches
// without waiting for it (a hint: it neither faults nor reads memory in the
// language's sense, so it races with nothing).
//
//go:noescape
func Prefetch(p unsafe.Pointer)
