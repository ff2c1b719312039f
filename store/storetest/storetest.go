// Package storetest gives tests databases to run against: an SQLite file
// always, and a schema of its own on a real PostgreSQL server when
// KOMBI_TEST_POSTGRES holds that server's URL (.ci/postgres.sh starts one
// and prints it). Outside CI a test that needs PostgreSQL skips, saying
// why; in CI ($CI is true) it fails instead.
package storetest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// PostgresEnv is the variable that holds the test server's URL.
const PostgresEnv = "KOMBI_TEST_POSTGRES"

// EachBackend runs fn as a subtest per database ("sqlite", "postgres"),
// with a new, empty database's path or URL.
func EachBackend(t *testing.T, fn func(t *testing.T, url string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLitePath(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, PostgresURL(t)) })
}

// SQLitePath returns the path of a new SQLite file (not yet created) in a
// directory that does not exist yet, removed after the test.
func SQLitePath(t testing.TB) string {
	return filepath.Join(t.TempDir(), "data", "kombi.db")
}

// PostgresURL returns the URL of a new, empty schema on the test server
// (its search_path), dropped after the test. Without a server it skips
// the test, or fails it in CI.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(PostgresEnv)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: CI must run the database tests against PostgreSQL (export %s=$(.ci/postgres.sh))", PostgresEnv, PostgresEnv)
		}
		t.Skipf("no PostgreSQL server: set %s to a postgres:// URL to run this test (e.g. export %s=$(.ci/postgres.sh))", PostgresEnv, PostgresEnv)
	}
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	schema := "kombi_test_" + hex.EncodeToString(b[:])
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		db.Close()
		t.Fatalf("%s: create schema: %v", PostgresEnv, err)
	}
	t.Cleanup(func() {
		if _, err := db.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
		db.Close()
	})
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + "search_path=" + schema
}
