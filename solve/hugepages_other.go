//go:build !linux

package solve

// AdviseHuge does nothing here (see the Linux version).
func AdviseHuge[T any](s []T) {}
