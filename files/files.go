// Package files reads and writes the files of Kombi's commands: TOML
// configurations (unknown keys refused, errors in words with the line),
// record files (one JSON record, or one per line), transcripts, inputs
// bounded in size, writes that are atomic or checked once at the end.
package files

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"

	"github.com/kombi/kombi/game"
)

// Bounds of the files a command reads.
const (
	// MaxConfigBytes bounds a play configuration file.
	MaxConfigBytes = 1 << 20
	// MaxInputBytes bounds a file of records read whole.
	MaxInputBytes = 64 << 20
)

// ErrTooLarge is the error (wrapped) for an input longer than the bound
// of OpenInput.
var ErrTooLarge = fmt.Errorf("more than the limit of %d bytes (64 MiB)", MaxInputBytes)

// PlayConfig is the TOML file of `kombi play --config`. Flags given on
// the command line override it.
type PlayConfig struct {
	Game     string `toml:"game"`
	P1       string `toml:"p1"`
	P2       string `toml:"p2"`
	Seed     *int64 `toml:"seed"`
	MaxThink string `toml:"max_think"`
	Out      string `toml:"out"`
}

// inputErrorf is fmt.Errorf as a *game.InputError.
func inputErrorf(format string, args ...any) error { return game.Inputf(format, args...) }

// ReadConfig reads a play configuration of at most MaxConfigBytes into v:
// a *PlayConfig, or a pointer to a struct that embeds PlayConfig beside the
// keys more (e.g. the Thue thesis' keys). Its errors are *game.InputErrors
// naming the file, the line, the key and what is wanted (DecodeTOML).
func ReadConfig(path string, v any, more ...string) error {
	data, err := readFileLimit(path, MaxConfigBytes)
	if err != nil {
		return inputErrorf("config: %w", err)
	}
	if err := DecodeTOML("config "+path, data, v, append([]string{"game", "p1", "p2", "seed", "max_think", "out"}, more...)); err != nil {
		return &game.InputError{Err: err}
	}
	return nil
}

var typeErr = regexp.MustCompile(`cannot decode TOML (\w+) into .* of type (.+)$`)

// DecodeTOML decodes a TOML file into v, refusing unknown keys. Its errors
// name the file, the line and column, and the key, and say what is allowed
// in words rather than Go types.
func DecodeTOML(name string, data []byte, v any, keys []string) error {
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		return nil
	}
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) {
		var unknown []string
		for _, e := range strict.Errors {
			row, _ := e.Position()
			unknown = append(unknown, fmt.Sprintf("%s:%d: unknown key %q", name, row, strings.Join(e.Key(), ".")))
		}
		return fmt.Errorf("%s (allowed keys: %s)", strings.Join(unknown, "; "), strings.Join(keys, ", "))
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		row, col := de.Position()
		msg := de.Error()
		if m := typeErr.FindStringSubmatch(msg); m != nil {
			msg = fmt.Sprintf("a TOML %s where %s is wanted", m[1], wantText(m[2]))
		} else {
			msg = strings.TrimPrefix(msg, "toml: ")
		}
		if key := strings.Join(de.Key(), "."); key != "" {
			return fmt.Errorf("%s:%d:%d: key %q: %s", name, row, col, key, msg)
		}
		return fmt.Errorf("%s:%d:%d: %s", name, row, col, msg)
	}
	return fmt.Errorf("%s: %w", name, err)
}

func wantText(goType string) string {
	switch {
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "int") || strings.HasPrefix(goType, "uint"):
		return "a whole number"
	case strings.HasPrefix(goType, "float"):
		return "a number"
	case strings.HasPrefix(goType, "[]") || strings.HasPrefix(goType, "["):
		return "a list"
	case strings.HasPrefix(goType, "map"):
		return "a table"
	}
	return "another kind of value"
}

// SeedValue is the configured seed, which must be ≥ 0 (Seed not nil).
func (c *PlayConfig) SeedValue() (uint64, error) {
	if *c.Seed < 0 {
		return 0, inputErrorf("config: seed %d: want a whole number ≥ 0", *c.Seed)
	}
	return uint64(*c.Seed), nil
}

// MaxThinkValue is the configured think-time limit (MaxThink not empty).
func (c *PlayConfig) MaxThinkValue() (time.Duration, error) {
	d, err := time.ParseDuration(c.MaxThink)
	if err != nil || d < 0 {
		return 0, inputErrorf("config: max_think %q: want a duration such as 10s or 1m30s", c.MaxThink)
	}
	return d, nil
}

// readFileLimit reads a whole file of at most limit bytes.
func readFileLimit(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: more than the limit of %d bytes", path, limit)
	}
	return data, nil
}

// NewTranscriptFile creates a new transcript file under dir (made when
// missing), named after the time, the game and the seed; it never
// overwrites an existing file.
func NewTranscriptFile(dir, gameName string, seed uint64) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("output directory: %w", err)
	}
	base := fmt.Sprintf("%s-%s-seed%d", time.Now().Format("20060102-150405"), gameName, seed)
	for i := 1; ; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s-%d", base, i)
		}
		f, err := os.OpenFile(filepath.Join(dir, name+".txt"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, os.ErrExist) || i > 1000 {
			return nil, fmt.Errorf("output file: %w", err)
		}
	}
}

// WriteRecordFile writes a record as indented JSON to a new file,
// completely or not at all (a temporary file renamed into place).
func WriteRecordFile(path string, rec *game.Record) error {
	data, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return fmt.Errorf("record file %s: %w", path, err)
	}
	if err := WriteFileAtomic(path, append(data, '\n')); err != nil {
		return fmt.Errorf("record file %s: %w", path, err)
	}
	return nil
}

// WriteFileAtomic writes data to path whole or not at all: into a
// temporary file of the same directory, synced to disk, then renamed over
// path. A failure leaves what path held before.
func WriteFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// OpenInput opens a file of records to read ("-": stdin), at most
// MaxInputBytes of it: reading past them fails with ErrTooLarge. done is
// never nil.
func OpenInput(path string, stdin io.Reader) (r io.Reader, done func(), err error) {
	if path == "-" {
		return &limitedReader{r: stdin, n: MaxInputBytes}, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, func() {}, err
	}
	return &limitedReader{r: f, n: MaxInputBytes}, func() { f.Close() }, nil
}

// limitedReader reads at most n bytes and then fails with ErrTooLarge
// (io.LimitReader would end quietly, hiding the cut).
type limitedReader struct {
	r io.Reader
	n int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		// Past the limit: one more byte means the input is too large.
		var one [1]byte
		if n, err := l.r.Read(one[:]); n > 0 {
			return 0, ErrTooLarge
		} else if err != nil {
			return 0, err
		}
		return 0, nil
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	return n, err
}

// ReadRecordFile reads the one JSON record of a file ("-": stdin, at most
// MaxInputBytes) and checks its shape; its errors are *game.InputErrors.
func ReadRecordFile(path string, stdin io.Reader) (*game.Record, error) {
	in, done, err := OpenInput(path, stdin)
	if err != nil {
		return nil, inputErrorf("record: %w", err)
	}
	defer done()
	var rec game.Record
	if err := json.NewDecoder(in).Decode(&rec); err != nil {
		return nil, inputErrorf("record %s: not a valid record: %w", path, err)
	}
	if err := rec.Check(); err != nil {
		return nil, inputErrorf("%s: %w", path, err)
	}
	return &rec, nil
}

// CheckedWriter passes writes on and keeps the first error, so that text
// written piece by piece is checked once at the end (Err); after an error
// it writes nothing more. Its writes never fail, so that an
// io.MultiWriter goes on to its other writers.
type CheckedWriter struct {
	w    io.Writer
	name string
	err  error
}

// NewCheckedWriter returns a checked writer of w; name names w in Err.
func NewCheckedWriter(w io.Writer, name string) *CheckedWriter {
	return &CheckedWriter{w: w, name: name}
}

// Write writes p unless an earlier write failed.
func (c *CheckedWriter) Write(p []byte) (int, error) {
	if c.err == nil {
		_, c.err = c.w.Write(p)
	}
	return len(p), nil
}

// Err returns the first write error, naming the output.
func (c *CheckedWriter) Err() error {
	if c.err == nil {
		return nil
	}
	return fmt.Errorf("write %s: %w", c.name, c.err)
}
