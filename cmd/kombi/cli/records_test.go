package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/store"
)

// playedJSONL plays games with kombi play and returns their records, one
// compact JSON record per line.
func playedJSONL(t *testing.T, seeds ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, seed := range seeds {
		code, out, errOut := kombi(t, "", "play", "nim(piles=3;4;5)", "--p1", "perfect", "--p2", "random", "--seed", seed, "--json", "--no-out")
		if code != 0 {
			t.Fatalf("play: exit %d: %s", code, errOut)
		}
		if err := json.Compact(&b, []byte(out)); err != nil {
			t.Fatalf("play output: %v", err)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func writeRecords(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

type listJSON struct {
	Games []struct {
		ID      int64    `json:"id"`
		Source  string   `json:"source"`
		Game    string   `json:"game"`
		Seed    uint64   `json:"seed"`
		Players []string `json:"players"`
		Winner  *int     `json:"winner"`
		Sweep   string   `json:"sweep"`
	} `json:"games"`
	Total int64 `json:"total"`
}

func listGames(t *testing.T, db string, args ...string) listJSON {
	t.Helper()
	code, out, errOut := kombi(t, "", append([]string{"records", "list", "--db", db, "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("records list %v: exit %d: %s", args, code, errOut)
	}
	var l listJSON
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatalf("records list --json: %v\n%s", err, out)
	}
	return l
}

func TestRecordsImportListShowExport(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "db", "kombi.db")
	data := playedJSONL(t, "1", "2", "3")
	file := writeRecords(t, dir, "games.jsonl", data)

	code, out, errOut := kombi(t, "", "records", "import", file, "--db", db)
	if code != 0 || !strings.Contains(out, "3 games added, 0 skipped") {
		t.Fatalf("import: exit %d: %s%s", code, out, errOut)
	}
	code, out, errOut = kombi(t, "", "records", "import", file, "--db", db)
	if code != 0 || !strings.Contains(out, "0 games added, 3 skipped") {
		t.Fatalf("import again: exit %d: %s%s", code, out, errOut)
	}

	l := listGames(t, db)
	if l.Total != 3 || len(l.Games) != 3 || l.Games[0].Seed != 3 || l.Games[2].Seed != 1 ||
		l.Games[0].Source != store.SourceImport || l.Games[0].Game != "nim(piles=3;4;5,misere=false)" ||
		strings.Join(l.Games[0].Players, ",") != "perfect,random" || l.Games[0].Winner == nil || *l.Games[0].Winner != 0 {
		t.Fatalf("list: %+v", l)
	}
	if l := listGames(t, db, "--limit", "2", "--game", "nim"); l.Total != 3 || len(l.Games) != 2 || l.Games[1].Seed != 2 {
		t.Fatalf("list --limit 2 --game nim: %+v", l)
	}
	if l := listGames(t, db, "--game", "wythoff"); l.Total != 0 || len(l.Games) != 0 {
		t.Fatalf("list --game wythoff: %+v", l)
	}
	if l := listGames(t, db, "--sweep", "none", "--limit", "0"); l.Total != 0 || l.Games == nil {
		t.Fatalf("list --sweep none: %+v", l)
	}
	code, out, _ = kombi(t, "", "records", "list", "--db", db)
	if code != 0 || !strings.Contains(out, "perfect vs random") || !strings.Contains(out, "P1 wins") || !strings.Contains(out, "3 of 3 games shown") {
		t.Fatalf("list text: exit %d\n%s", code, out)
	}

	// show --json prints the record exactly as imported, and replay accepts it.
	first := l.Games[2].ID
	code, out, errOut = kombi(t, "", "records", "show", "--db", db, "--json", strconv.FormatInt(first, 10))
	if code != 0 || out != strings.SplitAfter(string(data), "\n")[0] {
		t.Fatalf("show --json: exit %d: %q%s\nwant %q", code, out, errOut, strings.SplitAfter(string(data), "\n")[0])
	}
	recFile := writeRecords(t, dir, "one.json", []byte(out))
	if code, out, errOut := kombi(t, "", "replay", recFile); code != 0 || !strings.Contains(out, "replayed and checked") {
		t.Fatalf("replay of show --json: exit %d: %s%s", code, out, errOut)
	}
	code, out, _ = kombi(t, "", "records", "show", "--db", db, strconv.FormatInt(first, 10))
	if code != 0 || !strings.Contains(out, "Game "+strconv.FormatInt(first, 10)+": nim(piles=3;4;5,misere=false), seed 1") ||
		!strings.Contains(out, "Moves:") || !strings.Contains(out, "P1 (first, perfect) wins after") || !strings.Contains(out, "from import") {
		t.Fatalf("show: exit %d\n%s", code, out)
	}

	// export gives back the imported file byte for byte.
	code, out, errOut = kombi(t, "", "records", "export", "--db", db)
	if code != 0 || out != string(data) {
		t.Fatalf("export: exit %d: %s\n%q\nwant %q", code, errOut, out, data)
	}
	if code, out, _ := kombi(t, "", "records", "export", "--db", db, "--game", "wythoff"); code != 0 || out != "" {
		t.Fatalf("export --game wythoff: exit %d: %q", code, out)
	}
	if code, out, _ := kombi(t, "", "records", "export", "--db", db, "--sweep", "s"); code != 0 || out != "" {
		t.Fatalf("export --sweep s: exit %d: %q", code, out)
	}

	// --game reads a game string as the registry writes it: a default left
	// out, spaces, finds the stored games; a string that does not load,
	// or names no one game, is refused with the loader's words.
	for _, g := range []string{"nim(piles=3;4;5)", " nim( piles = 3;4;5 ) ", "nim(piles=3;4;5,misere=false)"} {
		if l := listGames(t, db, "--game", g); l.Total != 3 {
			t.Errorf("list --game %q: %d games; want 3", g, l.Total)
		}
		if code, out, errOut := kombi(t, "", "records", "export", "--db", db, "--game", g); code != 0 || out != string(data) {
			t.Errorf("export --game %q: exit %d: %s%q", g, code, errOut, out)
		}
	}
	if l := listGames(t, db, "--game", "nim(piles=3;4;5,misere=true)"); l.Total != 0 {
		t.Errorf("list --game misère Nim: %d games; want 0", l.Total)
	}
	for _, tt := range []struct{ game, want string }{
		{"nim(piles=3;4;5", "missing closing parenthesis"},
		{"nim(pile=3)", `unknown key "pile"`},
		{"nosuch", `unknown game "nosuch"`},
		{"nosuch(a=1)", `unknown game "nosuch"`},
		{"thue(alphabet=5)", "leaves start to be drawn per game"},
	} {
		for _, cmd := range []string{"list", "export"} {
			if code, out, errOut := kombi(t, "", "records", cmd, "--db", db, "--game", tt.game); code != 2 || out != "" || !strings.Contains(errOut, tt.want) {
				t.Errorf("records %s --game %q: exit %d: %q%s; want exit 2 and %q", cmd, tt.game, code, out, errOut, tt.want)
			}
		}
	}
}

func TestRecordsImportTornAndBad(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "kombi.db")
	data := playedJSONL(t, "4", "5")
	torn := writeRecords(t, dir, "torn.jsonl", data[:len(data)-40])
	code, out, errOut := kombi(t, "", "records", "import", "--db", db, torn, "--json")
	if code != 0 || !strings.Contains(errOut, "the last line is incomplete") {
		t.Fatalf("torn: exit %d: %s%s", code, out, errOut)
	}
	var res struct {
		Added    int  `json:"added"`
		Skipped  int  `json:"skipped"`
		TornLast bool `json:"torn_last"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || res.Added != 1 || res.Skipped != 0 || !res.TornLast {
		t.Fatalf("torn --json: %+v, %v: %s", res, err, out)
	}

	bad := writeRecords(t, dir, "bad.jsonl", append(append([]byte{}, data...), "{\"game\": 5}\n"...))
	code, _, errOut = kombi(t, "", "records", "import", "--db", db, bad)
	if code != 1 || !strings.Contains(errOut, "line 3") {
		t.Fatalf("bad line: exit %d: %s", code, errOut)
	}
	if l := listGames(t, db); l.Total != 1 {
		t.Fatalf("a failed import stored games: %+v", l)
	}
	// A record that does not replay (an illegal move, a wrong winner) is
	// refused, naming its line, and nothing of the file is stored.
	var rec map[string]any
	if err := json.Unmarshal(bytes.SplitN(data, []byte("\n"), 2)[0], &rec); err != nil {
		t.Fatal(err)
	}
	for field, v := range map[string]any{"winner": 1 - int(rec["winner"].(float64)), "moves": []map[string]any{{"player": 0, "move": "9:9", "seconds": 0}}} {
		forged := map[string]any{}
		for k, x := range rec {
			forged[k] = x
		}
		forged[field] = v
		line, _ := json.Marshal(forged)
		file := writeRecords(t, dir, "forged.jsonl", append(append([]byte{}, data...), append(line, '\n')...))
		code, _, errOut = kombi(t, "", "records", "import", "--db", db, file)
		if code != 2 || !strings.Contains(errOut, "line 3: the record does not replay") {
			t.Fatalf("a record with a forged %s: exit %d: %s", field, code, errOut)
		}
		if l := listGames(t, db); l.Total != 1 {
			t.Fatalf("an import with a forged record stored games: %+v", l)
		}
	}
	// Standard input.
	code, out, errOut = kombi(t, string(data), "records", "import", "--db", db, "-")
	if code != 0 || !strings.Contains(out, "-: 1 game added, 1 skipped") {
		t.Fatalf("import -: exit %d: %s%s", code, out, errOut)
	}
}

func TestRecordsErrors(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "kombi.db")
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"records", "list", "--db", db, "--limit", "-1"}, 2, "--limit -1"},
		{[]string{"records", "list", "--db", db, "--format", "xml"}, 2, `--format "xml"`},
		{[]string{"records", "list", "--db", "mysql://h/db"}, 2, `--db: store: bad database path or URL: scheme "mysql"`},
		{[]string{"records", "show", "--db", db, "abc"}, 2, `game id "abc"`},
		{[]string{"records", "show", "--db", db}, 2, "expected one game id"},
		{[]string{"records", "show", "--db", db, "999"}, 1, "no game 999 in " + db},
		{[]string{"records", "import", "--db", db, filepath.Join(dir, "missing.jsonl")}, 2, "no such file"},
		{[]string{"records", "frobnicate", "--db", db}, 2, `unknown records "frobnicate"; available: export, import, list, show`},
		{[]string{"records", "list", "--db", filepath.Join(dir, "typo", "k.db")}, 1, "no database at " + filepath.Join(dir, "typo", "k.db")},
		{[]string{"records", "export", "--db", filepath.Join(dir, "typo", "k.db")}, 1, "check --db or $KOMBI_DB"},
		{[]string{"sweep", "status", "x", "--db", filepath.Join(dir, "typo", "k.db")}, 1, "no database at"},
		{[]string{"sweep", "plot", "x", "-o", filepath.Join(dir, "x.png"), "--db", filepath.Join(dir, "typo", "k.db")}, 1, "no database at"},
	} {
		code, _, errOut := kombi(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, code, errOut, tt.code, tt.want)
		}
	}
}

func TestRecordsDefaultDatabase(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KOMBI_DB", "")
	t.Setenv("KOMBI_DATA_DIR", filepath.Join(dir, "data"))
	file := writeRecords(t, dir, "g.jsonl", playedJSONL(t, "6"))
	if code, _, errOut := kombi(t, "", "records", "import", file); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "data", "kombi.db")); err != nil {
		t.Fatalf("the default database: %v", err)
	}
	if code, out, errOut := kombi(t, "", "records", "list"); code != 0 || !strings.Contains(out, "1 of 1 game") {
		t.Fatalf("the default database: exit %d: %s%s", code, out, errOut)
	}
	// A reader does not make the database KOMBI_DB names: it says none is there.
	other := filepath.Join(dir, "env.db")
	t.Setenv("KOMBI_DB", other)
	if code, out, errOut := kombi(t, "", "records", "list"); code != 1 || !strings.Contains(errOut, "no database at "+other) {
		t.Fatalf("KOMBI_DB: exit %d: %s%s", code, out, errOut)
	}
	if _, err := os.Stat(other); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("records list made %s: %v", other, err)
	}
}

func TestStoreRecords(t *testing.T) {
	db := filepath.Join(t.TempDir(), "kombi.db")
	a := &app{}
	root := &cobra.Command{Use: "kombi", SilenceUsage: true, SilenceErrors: true}
	a.addDBFlag(root)
	var rec game.Record
	if err := json.Unmarshal(bytes.TrimSpace(playedJSONL(t, "7")), &rec); err != nil {
		t.Fatal(err)
	}
	var added int
	root.AddCommand(&cobra.Command{Use: "play", RunE: func(c *cobra.Command, args []string) error {
		var err error
		return a.withStore(c, func(st *store.Store) error {
			added, err = st.AddRecords(c.Context(), store.SourcePlay, &rec, &rec)
			return err
		})
	}})
	root.SetArgs([]string{"play", "--db", db})
	if err := root.ExecuteContext(context.Background()); err != nil || added != 1 {
		t.Fatalf("store records: %d added, %v", added, err)
	}
	l := listGames(t, db)
	if l.Total != 1 || l.Games[0].Source != store.SourcePlay || l.Games[0].Seed != 7 {
		t.Fatalf("stored: %+v", l)
	}
}

// A record stopped by the length limit and then edited is refused by
// replay and by import, as an edited finished record is.
func TestTamperedAbortedRecordRefused(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := kombi(t, "", "play", "thue(alphabet=5)", "--p1", "greedy", "--p2", "greedy", "--seed", "2", "--max-length", "20", "--json", "--no-out", "--no-db")
	if code != 0 || !strings.Contains(out, `"length_limit": 20`) {
		t.Fatalf("play: exit %d: %s%s", code, out, errOut)
	}
	var line bytes.Buffer // import reads one record per line
	if err := json.Compact(&line, []byte(out)); err != nil {
		t.Fatal(err)
	}
	out = line.String()
	good := writeRecords(t, dir, "good.json", []byte(out))
	if code, out, errOut := kombi(t, "", "replay", good); code != 0 || !strings.Contains(out, "replayed and checked") {
		t.Fatalf("replay of the true record: exit %d: %s%s", code, out, errOut)
	}
	for name, edit := range map[string][2]string{
		"a winner":         {`"winner":null`, `"winner":0`},
		"a shorter length": {`"length":20`, `"length":19`},
		"another limit":    {`"length_limit":20`, `"length_limit":19`},
	} {
		if !strings.Contains(out, edit[0]) {
			t.Fatalf("%s: the record has no %s: %s", name, edit[0], out)
		}
		bad := writeRecords(t, dir, "bad.json", []byte(strings.Replace(out, edit[0], edit[1], 1)))
		if code, _, errOut := kombi(t, "", "replay", bad); code == 0 || !strings.Contains(errOut, "replay:") {
			t.Errorf("replay with %s: exit %d: %s", name, code, errOut)
		}
		if code, _, errOut := kombi(t, "", "records", "import", bad, "--db", filepath.Join(dir, "kombi.db")); code != 2 || !strings.Contains(errOut, "replay:") {
			t.Errorf("import with %s: exit %d: %s", name, code, errOut)
		}
	}
}
