package thue

import "github.com/kombi/kombi/game"

// Canonical writes into dst the canonical form of the word w under the
// game's symmetries, and returns it with the chosen position mirrored
// along: the word with its symbols renamed in order of first appearance, read
// forwards or backwards, whichever is smaller (comparing the position, -1
// while the builder moves, last). Two positions with the same canonical form
// have the same value.
func Canonical(w []byte, pos int, dst, tmp []byte) ([]byte, int) {
	n := len(w)
	dst = renamed(w, false, dst[:0])
	tmp = renamed(w, true, tmp[:0])
	rpos := pos
	if pos >= 0 {
		rpos = n - pos
	}
	for j := 0; j < n; j++ {
		if tmp[j] != dst[j] {
			if tmp[j] < dst[j] {
				return append(dst[:0], tmp...), rpos
			}
			return dst, pos
		}
	}
	if rpos < pos {
		return append(dst[:0], tmp...), rpos
	}
	return dst, pos
}

func renamed(w []byte, rev bool, out []byte) []byte {
	var names [MaxAlphabet]byte
	var next byte = 1
	n := len(w)
	for j := 0; j < n; j++ {
		c := w[j]
		if rev {
			c = w[n-1-j]
		}
		if names[c] == 0 {
			names[c] = next
			next++
		}
		out = append(out, names[c]-1)
	}
	return out
}

// CanonicalKey hashes the canonical form of the position (see Canonical).
func (s *State) CanonicalKey() uint64 {
	c, pos := Canonical(s.word, s.pos, nil, nil)
	h := game.HashMix(uint64(len(c)), uint64(pos+1))
	if s.over {
		h = game.HashMix(h, 1)
	}
	for _, x := range c {
		h = game.HashMix(h, uint64(x))
	}
	return h
}
