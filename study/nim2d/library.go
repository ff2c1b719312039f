package nim2d

import (
	"errors"
	"fmt"
	"io/fs"
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
}

type bookOrErr struct {
	book *ShapeBook
	err  error
}

// NewShapeLibrary returns a library of the shape files in dir (empty:
// DataDir, looked up when first needed). It opens nothing yet.
func NewShapeLibrary(dir string) *ShapeLibrary {
	return &ShapeLibrary{dir: dir, books: map[int]bookOrErr{}}
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
