package thue

import "github.com/kombi/kombi/game"

// Canonical writes into buf the canonical form of the word w under the
// game's symmetries, and returns it with the chosen position mirrored
// along: the word with its symbols renamed in order of first appearance, read
// forwards or backwards, whichever is smaller (comparing the position, -1
// while the builder moves, last). Two positions with the same canonical form
// have the same value. buf (grown as needed, and returned for reuse) holds
// the result in its first len(w) bytes.
func Canonical(w []byte, pos int, buf []byte) ([]byte, int, []byte) {
	n := len(w)
	buf = renamed(w, false, buf[:0])
	buf = renamed(w, true, buf)
	dst, tmp := buf[:n:n], buf[n:]
	rpos := pos
	if pos >= 0 {
		rpos = n - pos
	}
	for j := 0; j < n; j++ {
		if tmp[j] != dst[j] {
			if tmp[j] < dst[j] {
				return tmp, rpos, buf
			}
			return dst, pos, buf
		}
	}
	if rpos < pos {
		return tmp, rpos, buf
	}
	return dst, pos, buf
}

// Renamed appends to out w (reversed when rev) with its symbols renamed in
// order of first appearance: the first symbol becomes 0, the next new one
// 1, and so on.
func Renamed(w []byte, rev bool, out []byte) []byte { return renamed(w, rev, out) }

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
	c, pos, _ := Canonical(s.word, s.pos, nil)
	h := game.HashMix(uint64(len(c)), uint64(pos+1))
	if s.over {
		h = game.HashMix(h, 1)
	}
	for _, x := range c {
		h = game.HashMix(h, uint64(x))
	}
	return h
}
