package nim

import "iter"

// heapSeq is the row of heaps of a Grundy's game position, which grows by
// one heap a move, up to MaxGrundyHeap/2 heaps. It is immutable: it is
// kept in chunks of at most chunkMax heaps, and a change copies one chunk
// and the list of chunks, so that a copy of a position costs nothing and a
// move O(√n) however many heaps there are (a random game from one heap of
// 2²⁰ tokens plays 700000 moves on up to 500000 heaps).
type heapSeq struct {
	chunks []*heapChunk
	n      int   // heaps
	splits int64 // legal moves: the sum of (h−1)/2 over the heaps
	live   int   // heaps of three or more tokens
}

// heapChunk is a run of heaps; it is never changed once built.
type heapChunk struct {
	sizes  []int32
	splits int64
	live   int
}

// chunkMax bounds a chunk; a chunk that would grow past it is split in two.
const chunkMax = 1024

func newChunk(sizes []int32) *heapChunk {
	c := &heapChunk{sizes: sizes}
	for _, h := range sizes {
		c.splits += int64((h - 1) / 2)
		c.live += b2i(h >= 3)
	}
	return c
}

// newHeapSeq returns the heaps as a sequence.
func newHeapSeq(heaps []int) heapSeq {
	var q heapSeq
	for lo := 0; lo < len(heaps); lo += chunkMax / 2 {
		part := heaps[lo:min(lo+chunkMax/2, len(heaps))]
		sizes := make([]int32, len(part))
		for i, h := range part {
			sizes[i] = int32(h)
		}
		q.chunks = append(q.chunks, newChunk(sizes))
	}
	return q.recount()
}

func (q heapSeq) recount() heapSeq {
	q.n, q.splits, q.live = 0, 0, 0
	for _, c := range q.chunks {
		q.n += len(c.sizes)
		q.splits += c.splits
		q.live += c.live
	}
	return q
}

// find returns the chunk holding heap i (0 ≤ i < n) and i's place in it.
func (q heapSeq) find(i int) (chunk, k int) {
	for c, ch := range q.chunks {
		if i < len(ch.sizes) {
			return c, i
		}
		i -= len(ch.sizes)
	}
	return len(q.chunks) - 1, len(q.chunks[len(q.chunks)-1].sizes)
}

// at returns heap i (0 ≤ i < n).
func (q heapSeq) at(i int) int {
	c, k := q.find(i)
	return int(q.chunks[c].sizes[k])
}

// replace returns q with chunk c replaced by a chunk of the given sizes
// (split in two when too long, dropped when empty).
func (q heapSeq) replace(c int, sizes []int32) heapSeq {
	var repl []*heapChunk
	switch {
	case len(sizes) > chunkMax:
		half := len(sizes) / 2
		repl = []*heapChunk{newChunk(sizes[:half:half]), newChunk(sizes[half:])}
	case len(sizes) > 0:
		repl = []*heapChunk{newChunk(sizes)}
	}
	chunks := make([]*heapChunk, 0, len(q.chunks)+1)
	chunks = append(append(append(chunks, q.chunks[:c]...), repl...), q.chunks[c+1:]...)
	old := q.chunks[c]
	q.chunks = chunks
	q.n += len(sizes) - len(old.sizes)
	for _, ch := range repl {
		q.splits += ch.splits
		q.live += ch.live
	}
	q.splits -= old.splits
	q.live -= old.live
	return q
}

// set returns q with heap i (0 ≤ i < n) of v tokens.
func (q heapSeq) set(i, v int) heapSeq {
	c, k := q.find(i)
	sizes := append([]int32(nil), q.chunks[c].sizes...)
	sizes[k] = int32(v)
	return q.replace(c, sizes)
}

// split returns q with j tokens of heap i (0 ≤ i < n) moved to a new
// heap right after it.
func (q heapSeq) split(i, j int) heapSeq {
	c, k := q.find(i)
	old := q.chunks[c].sizes
	sizes := make([]int32, 0, len(old)+1)
	sizes = append(append(append(sizes, old[:k+1]...), int32(j)), old[k+1:]...)
	sizes[k] -= int32(j)
	return q.replace(c, sizes)
}

// remove returns q without heap i (0 ≤ i < n).
func (q heapSeq) remove(i int) heapSeq {
	c, k := q.find(i)
	old := q.chunks[c].sizes
	sizes := make([]int32, 0, len(old)-1)
	sizes = append(append(sizes, old[:k]...), old[k+1:]...)
	return q.replace(c, sizes)
}

// all yields every heap with its index, in order.
func (q heapSeq) all() iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		i := 0
		for _, ch := range q.chunks {
			for _, h := range ch.sizes {
				if !yield(i, int(h)) {
					return
				}
				i++
			}
		}
	}
}

// ints returns the heaps as a new slice.
func (q heapSeq) ints() []int {
	out := make([]int, 0, q.n)
	for _, h := range q.all() {
		out = append(out, h)
	}
	return out
}

// moveAt returns the heap and the smaller part of the split of rank r
// among the legal moves (0 ≤ r < splits), in LegalMoves order.
func (q heapSeq) moveAt(r int64) (heap, j int) {
	base := 0
	for _, ch := range q.chunks {
		if r >= ch.splits {
			r -= ch.splits
			base += len(ch.sizes)
			continue
		}
		for k, h := range ch.sizes {
			n := int64((h - 1) / 2)
			if r < n {
				return base + k, int(r) + 1
			}
			r -= n
		}
	}
	return q.n, 0
}
