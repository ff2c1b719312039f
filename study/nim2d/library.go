package nim2d

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// ShapeLibrary finds the shape files (`kombi table nim2d-shapes`) in a data
// directory and opens each at most once, when a game first needs it; the
// books are read-only and shared by every game, bot and solve that holds
// the library. The type that Register adds to a registry holds one, so in
// a process with one registry each file is opened once.
type ShapeLibrary struct {
	dir   string
	mu    sync.Mutex
	books map[int]bookOrErr
	opens int
	// builds holds the tables being built or built in memory
	// (BookOrBuild), one per palette side.
	builds map[int]*tableBuild
}

// tableBuild is one table built in memory: done closes when book or err
// is set.
type tableBuild struct {
	done chan struct{}
	book *ShapeBook
	err  error
}

type bookOrErr struct {
	book *ShapeBook
	err  error
}

// NewShapeLibrary returns a library of the shape files in dir (empty:
// DataDir, looked up when first needed). It opens nothing yet.
func NewShapeLibrary(dir string) *ShapeLibrary {
	return &ShapeLibrary{dir: dir, books: map[int]bookOrErr{}, builds: map[int]*tableBuild{}}
}

// Book returns the book that holds every component of the N×N palette:
// the finished shape file of the smallest side N or more in the directory,
// or nil when there is none. For a palette larger than any table (N >
// MaxTableN) it returns the largest table there: it holds the components
// that fit in that palette, and the engine searches the others. A file
// that is there but cannot be used (not finished, damaged) is skipped, and
// its error returned beside the book found, if any. The answer is remembered: the files are looked at once.
func (l *ShapeLibrary) Book(n int) (*ShapeBook, error) {
	if l == nil {
		return nil, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if got, ok := l.books[n]; ok {
		return got.book, got.err
	}
	var got bookOrErr
	dir := l.dir
	if dir == "" {
		var err error
		if dir, err = DataDir(); err != nil {
			got.err = err
		}
	}
	var sides []int // the smallest table that holds every component, else (a larger palette) the largest
	for m := max(n, 2); m <= MaxTableN; m++ {
		sides = append(sides, m)
	}
	for m := MaxTableN; n > MaxTableN && m >= 2; m-- {
		sides = append(sides, m)
	}
	for _, m := range sides {
		if dir == "" || got.book != nil {
			break
		}
		if have, ok := l.books[-m]; ok { // the file of side m, opened for another size
			got.book = have.book
			continue
		}
		path := filepath.Join(dir, ShapeFileName(m))
		b, err := OpenShapeBook(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			got.err = errors.Join(got.err, fmt.Errorf("nim2d: %w", err))
		default:
			l.opens++
			l.books[-m] = bookOrErr{book: b}
			got.book = b
		}
	}
	l.books[n] = got
	return got.book, got.err
}

// AutoBuildFrom and AutoBuildN are the palettes whose shape tables a
// library builds on first use when its directory has none (BookOrBuild):
// in memory, in seconds (7×7: 41335 shapes, 0.1 s; 8×8: 2.4M shapes,
// about 9 s of CPU on all cores, 20 MB); smaller palettes are searched at
// once without one. `kombi table nim2d-shapes --n N` keeps a table on
// disk.
const (
	AutoBuildFrom = 7
	AutoBuildN    = 8
)

// BookOrBuild returns Book(n), and when there is none and n is from
// AutoBuildFrom to AutoBuildN, the table of the n×n palette built in
// memory. The table is built once per library, in the background: a caller
// whose ctx ends first gets ctx's error and the build goes on for the next
// one (so a short analysis deadline does not throw the work away). built
// reports that this call waited for a build.
func (l *ShapeLibrary) BookOrBuild(ctx context.Context, n int) (b *ShapeBook, built bool, err error) {
	b, err = l.Book(n)
	if b != nil || n < AutoBuildFrom || n > AutoBuildN || l == nil {
		return b, false, err
	}
	l.mu.Lock()
	tb, started := l.builds[n]
	if !started {
		tb = &tableBuild{done: make(chan struct{})}
		l.builds[n] = tb
		go l.buildTable(n, tb)
	}
	l.mu.Unlock()
	select {
	case <-tb.done:
		return tb.book, !started, tb.err
	case <-ctx.Done():
		return nil, false, fmt.Errorf("nim2d: the %d×%d shape table is still being built: %w", n, n, ctx.Err())
	}
}

// buildTable builds the n×n table into a temporary file, reads it into
// memory and lets it serve every smaller palette the library has no
// table for.
func (l *ShapeLibrary) buildTable(n int, tb *tableBuild) {
	defer close(tb.done)
	tb.book, tb.err = func() (*ShapeBook, error) {
		tmp, err := os.MkdirTemp("", "kombi-nim2d-shapes")
		if err != nil {
			return nil, fmt.Errorf("nim2d: build the %d×%d table: %w", n, n, err)
		}
		defer os.RemoveAll(tmp)
		path := filepath.Join(tmp, ShapeFileName(n))
		if _, err := BuildShapeTable(context.Background(), ShapeTableOptions{N: n, File: path}, nil); err != nil {
			return nil, fmt.Errorf("nim2d: build the %d×%d table: %w", n, n, err)
		}
		return OpenShapeBook(path) // read into memory: the file goes
	}()
	if tb.book == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for m := n; m >= 2; m-- {
		if got, ok := l.books[m]; !ok || got.book == nil {
			l.books[m] = bookOrErr{book: tb.book}
		}
	}
}

// forget makes the library look for the files again at the next Book of
// a size it found nothing for (a table was written since).
func (l *ShapeLibrary) forget() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for n, b := range l.books {
		if n >= 0 && b.book == nil {
			delete(l.books, n)
		}
	}
}

// Close closes the books opened.
func (l *ShapeLibrary) Close() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	var err error
	for m, b := range l.books {
		if m < 0 {
			err = errors.Join(err, b.book.Close())
		}
	}
	l.books = map[int]bookOrErr{}
	return err
}
