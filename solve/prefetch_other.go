//go:build !amd64 && !arm64

package solve

import "unsafe"

// Prefetch does nothing where Kombi has no prefetch instruction.
func Prefetch(p unsafe.Pointer) {}
