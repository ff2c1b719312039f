package match

import (
	"crypto/rand"
	"encoding/binary"
	"time"
)

// RandomSeed returns a fresh seed for a game whose seed was not given,
// below 2^53 so that JSON numbers hold it exactly.
func RandomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano()) >> 11
	}
	return binary.LittleEndian.Uint64(b[:]) >> 11
}
