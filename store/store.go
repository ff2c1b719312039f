// Package store keeps played games and sweeps in a database: SQLite (a file,
// the default) or PostgreSQL (a postgres:// URL, shared by many machines).
//
// Each stored game holds its record in the JSON `kombi replay` reads, plus
// columns to find it by: the game, seed, players, result, when and where
// it came from (play, arena, sweep, serve, import) and its sweep and cell.
// A game of a sweep is stored at most once per (sweep, cell, seed), and a
// record outside sweeps at most once, so a sweep that is run again or a file
// that is imported twice adds nothing. The store checks a record's shape
// (game.Record.Check: two players, a winner of 0, 1 or none, lengths within
// limits), not its moves: it has no games to replay them with, so a caller
// storing a record it did not play replays it first, as `kombi records
// import` does (match.CheckRecord), and gives its canonical game string,
// which Filter.Game matches. Open applies the schema migrations
// (embedded, one folder per dialect) itself.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"github.com/kombi/kombi/game"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// The dialects a Store speaks, as Dialect returns them.
const (
	DialectSQLite   = "sqlite"
	DialectPostgres = "postgres"
)

// ErrNotFound is the error (wrapped) for a game or sweep that is not stored.
var ErrNotFound = errors.New("not found")

// ErrBadURL is the error (wrapped, in a *game.InputError) of Open for a
// database path or URL that names no database it can open (empty, an
// unknown scheme, malformed).
var ErrBadURL = errors.New("bad database path or URL")

// ErrNoDatabase is the error (wrapped) of OpenExisting for an SQLite file
// that does not exist.
var ErrNoDatabase = errors.New("no database")

//go:embed migrations
var migrations embed.FS

// busyTimeout is how long an SQLite writer waits for another one to finish
// before it fails with SQLITE_BUSY.
const busyTimeout = 10 * time.Second

// Store is an open database of games and sweeps. It is safe for concurrent
// use by many goroutines (and, with SQLite in WAL mode or PostgreSQL, by many
// processes). Open and OpenExisting return one; a nil *Store (their
// error unchecked) answers every query with an error saying so, closes
// as nothing to close, and has no location, dialect or pool.
type Store struct {
	db       *sql.DB
	pool     *pgxpool.Pool // PostgreSQL: the connections db draws from
	dialect  string
	location string
}

// errNil is the error of the method op of a nil *Store.
func errNil(op string) error {
	return fmt.Errorf("store: %s: no database (a nil *store.Store: Open or OpenExisting returns one)", op)
}

// Open opens the database that url names and brings its schema up to date.
// url is a file path, a "sqlite:PATH" or SQLite "file:" URI (SQLite; the
// file and its directory are created when missing), or a "postgres://" or
// "postgresql://" URL (PostgreSQL).
func Open(ctx context.Context, url string) (*Store, error) {
	s, err := open(ctx, url)
	if err != nil {
		return nil, err
	}
	if err := s.migrate(ctx); err != nil {
		s.closeAll()
		return nil, fmt.Errorf("store: %s: migrations: %w", s.location, err)
	}
	return s, nil
}

// OpenExisting is Open for those who only read: an SQLite file that does
// not exist is an error (ErrNoDatabase) that names it, rather than a new
// empty database made there (a mistyped path would otherwise answer "no
// games" and leave a file behind). PostgreSQL URLs open as with Open.
func OpenExisting(ctx context.Context, url string) (*Store, error) {
	spec := strings.TrimSpace(url)
	lower := strings.ToLower(spec)
	sqlite := !strings.Contains(lower, "://") || strings.HasPrefix(lower, "file:") || strings.HasPrefix(lower, "sqlite:")
	if spec != "" && sqlite {
		if _, path, err := sqliteDSN(spec); err == nil && path != "" && path != ":memory:" {
			if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("store: %w at %s: nothing has been stored there (kombi play, serve, sweep run and records import create it; check --db or $KOMBI_DB)", ErrNoDatabase, path)
			}
		}
	}
	return Open(ctx, url)
}

func open(ctx context.Context, spec string) (*Store, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, game.Inputf("store: %w: none given (want a file path or a postgres:// URL)", ErrBadURL)
	}
	lower := strings.ToLower(spec)
	var s *Store
	var err error
	switch {
	case strings.HasPrefix(lower, "postgres://") || strings.HasPrefix(lower, "postgresql://"):
		s, err = openPostgres(spec)
	case strings.Contains(spec, "://") && !strings.HasPrefix(lower, "file:") && !strings.HasPrefix(lower, "sqlite:"):
		scheme, _, _ := strings.Cut(spec, "://")
		return nil, game.Inputf("store: %w: scheme %q is not supported (want a file path, sqlite:PATH, file:URI or postgres://...)", ErrBadURL, scheme)
	default:
		s, err = openSQLite(spec)
	}
	if err != nil {
		return nil, err
	}
	if err := s.db.PingContext(ctx); err != nil {
		s.closeAll()
		return nil, fmt.Errorf("store: open %s: %w%s", s.location, err, s.folderHint())
	}
	return s, nil
}

// folderHint says, for an SQLite file that did not open, when its folder is
// the cause: SQLite writes its journal files (-wal, -shm) beside the
// database, even to read it, so a folder that is not writable stops it ("attempt
// to write a readonly database"); such a database opens read-only as
// file:PATH?immutable=1.
func (s *Store) folderHint() string {
	if s.dialect != DialectSQLite || strings.HasPrefix(s.location, "file:") || strings.Contains(s.location, ":memory:") {
		return ""
	}
	if fi, err := os.Stat(s.location); err == nil && fi.IsDir() {
		return fmt.Sprintf(" (%s is a folder: give the path of a database file, such as %s)", s.location, filepath.Join(s.location, "kombi.db"))
	}
	dir := filepath.Dir(s.location)
	f, err := os.CreateTemp(dir, ".kombi-write-check-*")
	if err == nil {
		f.Close()
		os.Remove(f.Name())
		return ""
	}
	return fmt.Sprintf(" (the folder %s is not writable, and SQLite writes its journal files beside the database even to read it: "+
		"copy the database to a writable folder, or read it as it is with --db 'file:%s?immutable=1')", dir, s.location)
}

// defaultMaxConns is how many PostgreSQL connections a Store opens at
// most unless the URL says otherwise (pool_max_conns=N): enough for a
// worker's jobs, its queue's listener and the games it stores at once.
const defaultMaxConns = 16

func openPostgres(spec string) (*Store, error) {
	u, err := url.Parse(spec)
	if err != nil {
		// The parse error would repeat the URL, password included.
		return nil, game.Inputf("store: %w: the postgres:// URL does not parse", ErrBadURL)
	}
	loc := redactURL(u)
	cfg, err := pgxpool.ParseConfig(spec)
	if err != nil {
		return nil, game.Inputf("store: %w: %s: %v", ErrBadURL, loc, redact(err, spec, u))
	}
	if !u.Query().Has("pool_max_conns") {
		cfg.MaxConns = max(cfg.MaxConns, defaultMaxConns)
	}
	// The pool connects lazily: creating it does not reach the server.
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", loc, err)
	}
	return &Store{db: stdlib.OpenDBFromPool(pool), pool: pool, dialect: DialectPostgres, location: loc}, nil
}

// passwordKeys are the query parameters of a postgres:// URL that hold a
// password (as pgx reads them).
var passwordKeys = []string{"password", "sslpassword"}

// redactURL writes a postgres:// URL for people: its passwords, the
// user's (user:password@) and the query's (password=, sslpassword=),
// replaced by xxxxx, the rest as it is.
func redactURL(u *url.URL) string {
	r := *u
	if r.RawQuery != "" {
		pairs := strings.Split(r.RawQuery, "&")
		for i, pair := range pairs {
			key, _, ok := strings.Cut(pair, "=")
			if k, err := url.QueryUnescape(key); ok && err == nil && slices.Contains(passwordKeys, strings.ToLower(k)) {
				pairs[i] = key + "=xxxxx"
			}
		}
		r.RawQuery = strings.Join(pairs, "&")
	}
	return r.Redacted()
}

// passwords lists the passwords a postgres:// URL holds (see redactURL).
func passwords(u *url.URL) []string {
	var out []string
	if p, ok := u.User.Password(); ok && p != "" {
		out = append(out, p)
	}
	for key, values := range u.Query() {
		if slices.Contains(passwordKeys, strings.ToLower(key)) {
			for _, v := range values {
				if v != "" {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// redact keeps the passwords of the URL (see redactURL) out of an error's
// text.
func redact(err error, spec string, u *url.URL) error {
	msg := err.Error()
	if secrets := passwords(u); len(secrets) > 0 {
		msg = strings.ReplaceAll(msg, spec, redactURL(u))
		for _, p := range secrets {
			msg = strings.ReplaceAll(msg, p, "xxxxx")
		}
	}
	return errors.New(msg)
}

func openSQLite(spec string) (*Store, error) {
	dsn, path, err := sqliteDSN(spec)
	if err != nil {
		return nil, err
	}
	if path != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, fmt.Errorf("store: database directory: %w", err)
		}
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", spec, err)
	}
	loc := path
	if loc == "" {
		loc = spec
	}
	return &Store{db: db, dialect: DialectSQLite, location: loc}, nil
}

// sqliteDSN turns a path, sqlite:PATH or file: URI into the driver's name
// with the settings every connection needs: WAL (readers never block the
// writer), a busy timeout (writers wait for each other instead of failing)
// and BEGIN IMMEDIATE (a transaction takes the write lock at its start, so it
// never fails halfway for want of it). path is the file, when known.
func sqliteDSN(spec string) (dsn, path string, err error) {
	params := "_pragma=busy_timeout(" + strconv.FormatInt(busyTimeout.Milliseconds(), 10) + ")" +
		"&_pragma=journal_mode(WAL)&_txlock=immediate"
	if strings.HasPrefix(strings.ToLower(spec), "file:") {
		u, err := url.Parse(spec)
		if err != nil {
			return "", "", game.Inputf("store: %w: SQLite URI %q: %v", ErrBadURL, spec, err)
		}
		path = u.Path
		if path == "" {
			path, _ = url.PathUnescape(u.Opaque)
		}
		if path == ":memory:" || u.Query().Get("mode") == "memory" {
			path = ""
		}
		sep := "?"
		if strings.Contains(spec, "?") {
			sep = "&"
		}
		return spec + sep + params, path, nil
	}
	path = spec
	if strings.HasPrefix(strings.ToLower(spec), "sqlite:") {
		path = strings.TrimPrefix(spec[len("sqlite:"):], "//")
	}
	if path == "" {
		return "", "", game.Inputf("store: %w: %q names no database file", ErrBadURL, spec)
	}
	// A SQLite URI: '%', '?' and '#' in the path must be escaped.
	esc := strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(filepath.ToSlash(path))
	if strings.HasPrefix(esc, "/") {
		esc = "//" + esc // file:///abs/path: an empty authority
	}
	return "file:" + esc + "?" + params, path, nil
}

// migrate applies the migrations of the store's dialect that the database
// lacks. PostgreSQL migrations run under an advisory lock; with SQLite two
// processes that migrate a new file at the same moment may collide, so a
// failed attempt is retried (the migrations are written to be idempotent).
func (s *Store) migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations/"+s.dialect)
	if err != nil {
		return err
	}
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true)}
	dialect := goose.DialectSQLite3
	if s.dialect == DialectPostgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	const attempts = 3
	for i := 1; ; i++ {
		// A fresh provider each time: one remembers a failed version-table check.
		p, err := goose.NewProvider(dialect, s.db, sub, opts...)
		if err != nil {
			return err
		}
		_, err = p.Up(ctx)
		if err == nil || s.dialect != DialectSQLite || i == attempts || ctx.Err() != nil {
			return err
		}
		select {
		case <-time.After(time.Duration(i) * 200 * time.Millisecond):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Close closes the database (nothing for a nil *Store).
func (s *Store) Close() error {
	if s == nil {
		return nil
	}
	if err := s.closeAll(); err != nil {
		return fmt.Errorf("store: close %s: %w", s.location, err)
	}
	return nil
}

// closeAll closes db and, for PostgreSQL, the pool it draws from (which
// closing db leaves open).
func (s *Store) closeAll() error {
	err := s.db.Close()
	if s.pool != nil {
		s.pool.Close()
	}
	return err
}

// PgxPool is the pool of PostgreSQL connections the store uses, for
// packages that speak to PostgreSQL directly (the River job queue); nil
// for SQLite and for a nil *Store. Close closes it.
func (s *Store) PgxPool() *pgxpool.Pool {
	if s == nil {
		return nil
	}
	return s.pool
}

// Dialect is DialectSQLite or DialectPostgres ("" for a nil *Store).
func (s *Store) Dialect() string {
	if s == nil {
		return ""
	}
	return s.dialect
}

// Location names the database for people: the SQLite file, or the
// PostgreSQL URL without its password ("" for a nil *Store).
func (s *Store) Location() string {
	if s == nil {
		return ""
	}
	return s.location
}

// q writes a query's '?' placeholders as the dialect wants them.
func (s *Store) q(query string) string {
	if s.dialect != DialectPostgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// sqliteTime is how SQLite columns hold times: UTC, fixed width, so that
// text order is time order.
const sqliteTime = "2006-01-02T15:04:05.000000Z"

// timeArg is a time as the dialect stores it.
func (s *Store) timeArg(t time.Time) any {
	if s.dialect == DialectSQLite {
		return t.UTC().Format(sqliteTime)
	}
	return t
}

// timeScan reads a time column of either dialect.
type timeScan struct{ t *time.Time }

func (ts timeScan) Scan(src any) error {
	switch v := src.(type) {
	case time.Time:
		*ts.t = v
		return nil
	case string:
		return ts.parse(v)
	case []byte:
		return ts.parse(string(v))
	}
	return fmt.Errorf("store: a time column holds %T", src)
}

func (ts timeScan) parse(v string) error {
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return fmt.Errorf("store: time column: %w", err)
	}
	*ts.t = t
	return nil
}

// DefaultPath is the SQLite file Kombi uses when no database is given:
// kombi.db in the data directory ($KOMBI_DATA_DIR, else
// $XDG_DATA_HOME/kombi, else ~/.local/share/kombi).
func DefaultPath() (string, error) {
	d, err := game.DataDir()
	if err != nil {
		return "", fmt.Errorf("store: %w (or KOMBI_DB, or --db)", err)
	}
	return filepath.Join(d, "kombi.db"), nil
}

// URLFromEnv is the database to use: flag when it is not empty, else
// $KOMBI_DB, else DefaultPath.
func URLFromEnv(flag string) (string, error) {
	if flag != "" {
		return flag, nil
	}
	if env := os.Getenv("KOMBI_DB"); env != "" {
		return env, nil
	}
	return DefaultPath()
}

// errLocked is lockFile's error when another process holds the lock.
var errLocked = errors.New("locked by another process")

// ErrServed is the error (wrapped) of Serve when another server already
// serves the SQLite database.
var ErrServed = errors.New("another kombi serve already serves this database")

// Serve claims the database for one server: with SQLite an exclusive lock
// of a file beside it (PATH.serve.lock), which the system releases when
// the process ends, however it ends, so a second server on the same file
// refuses to start (ErrServed) instead of accepting conflicting moves. With
// PostgreSQL servers may share the database (each change of a match is a
// compare-and-swap on its version, so a match never has two histories).
// release gives the claim back.
func (s *Store) Serve() (release func(), err error) {
	if s == nil {
		return nil, errNil("Serve")
	}
	if s.dialect != DialectSQLite || s.location == "" || strings.HasPrefix(s.location, "file:") {
		return func() {}, nil
	}
	release, err = lockFile(s.location + ".serve.lock")
	if errors.Is(err, errLocked) {
		return nil, fmt.Errorf("%s: %w (one server per SQLite file; stop it, or use --db with another file or a postgres:// URL)", s.location, ErrServed)
	}
	return release, err
}
