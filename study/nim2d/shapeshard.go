package nim2d

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kombi/kombi/games/nim2d"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve/distribute"
)

// The shape table in shards (ShardedShapes, a distribute.Table): for
// workers on a job queue, level by level, a level being the shapes of one
// number of cells. A shape's options split into smaller shapes, so a
// level needs only the values of the levels below it, and its shapes are
// found from theirs: every connected shape of c cells is a connected shape
// of c−1 cells and a cell next to it (a cell that is no cut vertex: a
// connected graph has one). The shard of a shape is decided by one of its
// c−1-cell shapes, its parent: the shape less its highest cell (in its
// code) whose removal leaves it connected. A shard's job takes the parents
// of its hash class, places each in the triangle in every way it fits,
// adds each free cell next to it, and keeps the shapes whose parent it is
// (reverse search: every shape of the level once, in one shard), with
// their values. No job needs another of its level, and every shape is
// computed once: the shards add up to the single-machine table exactly
// (the tests check it). A worker keeps the values of the levels it has
// read (and the codes of the last two), so a shard costs the download of
// the levels computed since its last.

// shardMagic starts a shard's data, followed by its entries, each
// code | (value+1)<<codeBits, sorted, little-endian.
const shardMagic = "knim2d-shard1\n"

// errShard is the error of shard data that cannot be read.
var errShard = errors.New("nim2d: not a shard of this table")

// ShardedShapes is the shape table of the N×N palette's triangle as
// workers compute it in shards (see above): the levels added so far, from
// which it computes the shards of the next level.
type ShardedShapes struct {
	n    int
	tri  uint64
	file string
	mu   sync.Mutex
	t    *shapeTable
	// byLevel[c]: the codes of the shapes of c cells known (levels 1 to 3
	// are made here: their values are their numbers of cells), kept while
	// the next level may need them as parents: a shard of level c added
	// drops the levels below c−1. count[c] is how many there are.
	byLevel [65][]uint64
	count   [65]int
	added   map[string]bool
	start   time.Time
	// finished, when set, is called after Finish wrote the file
	finished func()
}

// NewShardedShapes returns the sharded table of the n×n palette, holding
// the levels of up to 3 cells, whose table grows to at most memBytes (0:
// AutoShapeMemMiB). Finish writes it to file (empty: ShapeFileName(n) in
// DataDir).
func NewShardedShapes(n int, memBytes int64, file string) (*ShardedShapes, error) {
	o := ShapeTableOptions{N: n}
	if err := o.Check(); err != nil {
		return nil, err
	}
	if memBytes <= 0 {
		memBytes = AutoShapeMemMiB(n) << 20
	}
	expect, _ := shapeCount(n)
	s := &ShardedShapes{n: n, tri: bitTriangle(n), file: file, t: newShapeTable(memBytes, expect), added: map[string]bool{}, start: time.Now()}
	s.byLevel[1], s.count[1] = []uint64{1}, 1
	for c := 2; c <= 3 && c <= s.cells(); c++ {
		s.byLevel[c] = s.children(s.byLevel[c-1], 0, 1)
		s.count[c] = len(s.byLevel[c])
	}
	return s, nil
}

// ShapeTableSpec is the name of the sharded table of the n×n palette (the
// space of its shards in the database).
func ShapeTableSpec(n int) string { return fmt.Sprintf("nim2d-shapes(n=%d)", n) }

// ParseShapeTableSpec reads ShapeTableSpec's name back.
func ParseShapeTableSpec(spec string) (int, error) {
	rest, ok := strings.CutPrefix(spec, "nim2d-shapes(n=")
	rest, ok2 := strings.CutSuffix(rest, ")")
	n, err := strconv.Atoi(rest)
	if !ok || !ok2 || err != nil {
		return 0, fmt.Errorf("%w: %q is not a name like %s", errShard, spec, ShapeTableSpec(8))
	}
	return n, nil
}

// Spec names the table (ShapeTableSpec).
func (s *ShardedShapes) Spec() string { return ShapeTableSpec(s.n) }

func (s *ShardedShapes) cells() int { return bits.OnesCount64(s.tri) }

// Levels returns the levels to compute, in order: 4 cells to the
// triangle's.
func (s *ShardedShapes) Levels() []int {
	var out []int
	for c := 4; c <= s.cells(); c++ {
		out = append(out, c)
	}
	return out
}

// shardParents is about how many parents a shard takes.
const shardParents = 1 << 14

// Shards returns how many shards a level is cut into: about shardParents
// parents each, 1 to 1024 (the level below must be added).
func (s *ShardedShapes) Shards(level int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return min(max(1, s.count[level-1]/shardParents), 1024)
}

// Has reports whether the shard was added.
func (s *ShardedShapes) Has(level, shard, shards int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.added[ShardName(level, shard, shards)]
}

// ShardName names shard i of a level cut into shards shards.
func ShardName(level, i, shards int) string {
	return fmt.Sprintf("%02d/%04d-of-%04d", level, i, shards)
}

// ParseShardName reads ShardName's name back.
func ParseShardName(name string) (level, i, shards int, err error) {
	if _, err := fmt.Sscanf(name, "%d/%d-of-%d", &level, &i, &shards); err != nil || ShardName(level, i, shards) != name {
		return 0, 0, 0, fmt.Errorf("%w: a shard named %q", errShard, name)
	}
	return level, i, shards, nil
}

// Add adds a computed shard (Compute's data). A shard added before is
// skipped.
func (s *ShardedShapes) Add(level, shard, shards int, data []byte) error {
	name := ShardName(level, shard, shards)
	if len(data) < len(shardMagic) || string(data[:len(shardMagic)]) != shardMagic || (len(data)-len(shardMagic))%8 != 0 {
		return fmt.Errorf("%w: shard %s of %d bytes", errShard, name, len(data))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.added[name] {
		return nil
	}
	if level < 4 || level > s.cells() {
		return fmt.Errorf("%w: shard %s: levels are 4 to %d", errShard, name, s.cells())
	}
	entries := data[len(shardMagic):]
	codes := make([]uint64, 0, len(entries)/8)
	s.t.mu.RLock()
	defer s.t.mu.RUnlock()
	for p := entries; len(p) > 0; p = p[8:] {
		e := binary.LittleEndian.Uint64(p)
		code, v := e&codeMask, int(e>>codeBits)-1
		if bits.OnesCount64(code) != level || v < 0 {
			return fmt.Errorf("%w: shard %s holds a shape of %d cells, value %d", errShard, name, bits.OnesCount64(code), v)
		}
		if _, err := s.t.put(code, v); err != nil {
			return err
		}
		s.t.pause()
		codes = append(codes, code)
	}
	s.byLevel[level] = append(s.byLevel[level], codes...)
	s.count[level] += len(codes)
	for c := range level - 1 {
		s.byLevel[c] = nil
	}
	s.added[name] = true
	return nil
}

// Compute computes shard i of the level cut into shards shards: its
// shapes and their values, as data for Add. Every shard of the levels
// below must have been added.
func (s *ShardedShapes) Compute(ctx context.Context, level, i, shards int) ([]byte, error) {
	if level < 4 || level > s.cells() || shards < 1 || i < 0 || i >= shards {
		return nil, fmt.Errorf("%w: shard %s: levels are 4 to %d", errShard, ShardName(level, i, shards), s.cells())
	}
	s.mu.Lock()
	parents, dropped := s.byLevel[level-1], s.byLevel[level-1] == nil && s.count[level-1] > 0
	s.mu.Unlock()
	if dropped {
		return nil, fmt.Errorf("%w: shard %s: the shapes of level %d were dropped (a shard of level %d was added)", errShard, ShardName(level, i, shards), level-1, level+1)
	}
	codes := s.children(parents, i, shards)
	out := make([]byte, 0, len(shardMagic)+8*len(codes))
	out = append(out, shardMagic...)
	s.t.mu.RLock()
	defer s.t.mu.RUnlock()
	// Pipelined: the options of the next shape are found, and their
	// components' slots prefetched, before the values of this one's are
	// read, so that the memory brings them while the processor works.
	var f [2]valueBuf
	if len(codes) > 0 {
		s.options(codes[0], &f[0])
	}
	for k, c := range codes {
		if k&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if k+1 < len(codes) {
			s.options(codes[k+1], &f[(k+1)&1])
		}
		v, err := s.value(c, &f[k&1])
		if err != nil {
			return nil, err
		}
		out = binary.LittleEndian.AppendUint64(out, c|uint64(v+1)<<codeBits)
	}
	return out, nil
}

// children returns, sorted, the shapes whose parent (see parentOf) is one
// of the parents in hash class i of shards.
func (s *ShardedShapes) children(parents []uint64, i, shards int) []uint64 {
	var out, cand []uint64
	for _, p := range parents {
		if shards > 1 && mixCode(p)%uint64(shards) != uint64(i) {
			continue
		}
		// The same child comes from many placements: each is tested once
		// for its parent (the costly part).
		cand = cand[:0]
		for _, img := range s.images(p) {
			w, h := bitWidth(img), bitHeight(img)
			for dr := 0; dr+h <= 8; dr++ {
				for dc := 0; dc+w <= 8; dc++ {
					placed := img << (8*dr + dc)
					if placed&^s.tri != 0 {
						continue
					}
					for y := bitSides(placed) & s.tri &^ placed; y != 0; y &= y - 1 {
						cand = append(cand, bitCanonical(placed|y&-y))
					}
				}
			}
		}
		slices.Sort(cand)
		for _, c := range slices.Compact(cand) {
			if parentOf(c) == p {
				out = append(out, c)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// images returns the images of p (bitImages) that children places: the
// triangle is its own reflection in its anti-diagonal, so an image and its
// reflection give the same children (up to symmetry), and only the first
// of the two is placed.
func (s *ShardedShapes) images(p uint64) []uint64 {
	imgs := bitImages(p)
	if antiTranspose(s.tri) != s.tri {
		return imgs
	}
	out := imgs[:0]
	for k, img := range imgs {
		if !slices.Contains(imgs[:k], antiTranspose(img)) {
			out = append(out, img)
		}
	}
	return out
}

// antiTranspose reflects a shape at the top-left corner in the
// anti-diagonal of its bounding square: (r, c) to (m−1−c, m−1−r).
func antiTranspose(b uint64) uint64 { return bitNormal(bitFlipV(bitMirror(bitTranspose(b)))) }

// parentOf returns the parent of the shape whose code is c (2 cells or
// more): the code of c less its highest cell whose removal leaves it
// connected.
func parentOf(c uint64) uint64 {
	for x := c; x != 0; {
		top := uint64(1) << (63 - bits.LeadingZeros64(x))
		x &^= top
		rest := c &^ top
		if bitStaysWhole(top, rest) || bitFill(rest&-rest, rest) == rest {
			return bitCanonical(rest)
		}
	}
	return 0
}

// bitImages returns the distinct images of a code under the rotations and
// reflections, each at the top-left corner.
func bitImages(b uint64) []uint64 {
	b = bitNormal(b)
	var out []uint64
	t := bitTranspose(b)
	for _, x := range []uint64{b, t} {
		m := bitNormal(bitMirror(x))
		for _, y := range []uint64{x, m, bitNormal(bitFlipV(x)), bitNormal(bitFlipV(m))} {
			if !slices.Contains(out, y) {
				out = append(out, y)
			}
		}
	}
	return out
}

// bitWidth and bitHeight return the width and height of a shape at the
// top-left corner.
func bitWidth(b uint64) int {
	x := b | b>>32
	x |= x >> 16
	x |= x >> 8
	return bits.Len8(uint8(x))
}

func bitHeight(b uint64) int { return (bits.Len64(b) + 7) / 8 }

// valueBuf is value's scratch: per option, the XOR of its small
// components and where its larger components' codes end.
type valueBuf struct {
	small []uint8
	ends  []int32
	codes []uint64
}

// options finds the options of the shape whose code is c (their small
// components' XOR and their larger components' codes) into f, and
// prefetches the components' slots. The caller holds s.t.mu for reading.
func (s *ShardedShapes) options(c uint64, f *valueBuf) {
	f.small, f.ends, f.codes = optionsOf(c, f.small[:0], f.ends[:0], f.codes[:0])
	s.t.prefetch(f.codes)
}

// value returns the Grundy value of the shape whose code is c from the
// values of the smaller shapes (its options' components, which options
// found into f), as worker.grundy does. The caller holds s.t.mu for
// reading.
func (s *ShardedShapes) value(c uint64, f *valueBuf) (int, error) {
	var seen [4]uint64
	from := int32(0)
	for k, end := range f.ends {
		x := int(f.small[k])
		for _, code := range f.codes[from:end] {
			v, ok := s.t.get(code)
			if !ok {
				return 0, fmt.Errorf("nim2d: shape %#x: the value of its component %#x is missing (a level below not added)", c, code)
			}
			x ^= v
		}
		from = end
		seen[x>>6&3] |= 1 << (x & 63)
	}
	g := 0
	for seen[g>>6]>>(g&63)&1 == 1 {
		g++
	}
	return g, nil
}

// SameBooks reports whether two finished tables hold the same shapes with
// the same values (read into memory: tables up to 8×8).
func SameBooks(a, b *ShapeBook) bool {
	return a.Shapes == b.Shapes && a.Triangle == b.Triangle && a.entries != nil && slices.Equal(a.entries, b.entries)
}

// TableFor returns the sharded shape table that solving g needs
// (distribute.TableMaker): that of g's palette when its side is at most
// MaxTableN and no finished table for it is in the library; else nil.
func (sv solver) TableFor(gg game.Game, memBytes int64) (distribute.Table, error) {
	g, ok := gg.(*nim2d.Game)
	if !ok {
		return nil, fmt.Errorf("nim2d: %T is not a 2D Nim game", gg)
	}
	n := g.N()
	if n < 4 || n > MaxTableN {
		return nil, nil
	}
	if b, _ := sv.lib.Book(n); b != nil {
		return nil, nil
	}
	t, err := NewShardedShapes(n, memBytes, "")
	if err == nil {
		t.finished = sv.lib.forget // the library looks again for the new file
	}
	return t, err
}

// NewTable returns the sharded shape table of a spec (ShapeTableSpec), for
// a worker (distribute.TableMaker).
func (solver) NewTable(spec string, memBytes int64) (distribute.Table, error) {
	n, err := ParseShapeTableSpec(spec)
	if err != nil {
		return nil, err
	}
	return NewShardedShapes(n, memBytes, "")
}

// Finish writes the table, every level added, to its shape file (where
// perfect, solve and analyze find it) and says what it holds. A file
// already sealed is kept when it gives the triangle the same value.
func (s *ShardedShapes) Finish() (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.t.mu.RLock()
	g, ok := s.t.get(bitCanonical(s.tri))
	n := s.t.len()
	s.t.mu.RUnlock()
	if !ok {
		return "", fmt.Errorf("nim2d: the sharded table lacks the triangle of %d cells: a level is missing", s.cells())
	}
	path := s.file
	if path == "" {
		dir, err := DataDir()
		if err != nil {
			return "", err
		}
		path = filepath.Join(dir, ShapeFileName(s.n))
	}
	if b, err := OpenShapeBook(path); err == nil {
		defer b.Close()
		if b.Triangle != g || b.Shapes != n {
			return "", fmt.Errorf("nim2d: %s holds %d shapes, the triangle worth %d; the workers computed %d shapes, worth %d", path, b.Shapes, b.Triangle, n, g)
		}
		return fmt.Sprintf("%d shapes; the triangle's Grundy value %d (the same as %s)", n, g, path), nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	wall := time.Since(s.start)
	err := sealShapeFile(path, fileHeader{n: s.n, wall: int64(wall), core: int64(wall), triangle: g}, s.t.sorted())
	s.t.free()
	if err != nil {
		return "", err
	}
	if s.finished != nil {
		s.finished()
	}
	return fmt.Sprintf("%d shapes; the triangle's Grundy value %d; written to %s", n, g, path), nil
}
