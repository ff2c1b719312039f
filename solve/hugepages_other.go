//go:build !linux

package solve

// adviseHuge does nothing here (see the Linux version).
func adviseHuge[T any](s []T) {}
