//go:build !amd64 && !arm64

package solve

import "unsafe"

// prefetch does nothing where Kombi has no prefetch instruction.
func prefetch(p unsafe.Pointer) {}
