package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/sweep"
	"github.com/kombi/kombi/web"
)

// TestSameSeedSameGameEverywhere plays one game of every family with the
// same game string, bots and seed in `kombi play`, a sweep and `kombi
// serve`: all three drive the one live-match engine, so the records are
// the same move for move, chance draws included (the list-colouring game
// drew {red, blue} in the terminal and {red, green} in the browser when
// the web had a game loop of its own).
func TestSameSeedSameGameEverywhere(t *testing.T) {
	kit, err := all.New()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(web.Options{Games: kit.Games, Bots: kit.Bots, Solvers: kit.Solvers(), MaxThink: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer func() { ts.Close(); srv.Close() }()
	cases := []struct {
		game   string
		p1, p2 string
	}{
		{"vdwlist(k=3,colors=4,list=2,s=9)", "random", "random"},
		{"vdwlist(k=3,colors=3,list=2,s=10)", "random", "perfect"},
		{"nim(piles=3;4;5)", "random", "random"},
		{"grundy(heap=12)", "random", "perfect"},
		{"buildingnim(heaps=3,tokens=6)", "random", "random"},
		{"wythoff(piles=5;8)", "random", "random"},
		{"nim2d(n=4)", "random", "firstfit"},
		{"ap(x=12,k=3)", "random", "extendblock"},
		{"thue(alphabet=3)", "random", "greedy"},
	}
	const seed = 5
	for _, c := range cases {
		t.Run(c.game, func(t *testing.T) {
			code, out, errOut := kombi(t, "", "play", c.game, "--p1", c.p1, "--p2", c.p2, "--seed", fmt.Sprint(seed), "--json", "--no-out", "--no-db")
			if code != 0 {
				t.Fatalf("kombi play: exit %d: %s", code, errOut)
			}
			var played game.Record
			if err := json.Unmarshal([]byte(out), &played); err != nil {
				t.Fatal(err)
			}
			var swept *game.Record
			if _, err := sweep.Arena(context.Background(), kit.Games, kit.Bots, c.game, [2]string{c.p1, c.p2},
				sweep.ArenaOptions{Games: 1, Seed: seed, Record: func(_ int, r *game.Record) { swept = r }}); err != nil || swept == nil {
				t.Fatalf("sweep: %v", err)
			}
			served := serveGame(t, ts.URL, c.game, c.p1, c.p2, seed)
			want := movesOf(&played)
			if len(played.Moves) < 3 || played.Aborted {
				t.Fatalf("kombi play: a game of %d moves (%s)", len(played.Moves), played.Reason)
			}
			for name, rec := range map[string]*game.Record{"a sweep": swept, "kombi serve": served} {
				if got := movesOf(rec); got != want || rec.Game != played.Game {
					t.Errorf("%s played %s\n  %s\nkombi play played %s\n  %s", name, rec.Game, got, played.Game, want)
				}
			}
		})
	}
}

// movesOf writes a record's moves, who made each, and the result.
func movesOf(r *game.Record) string {
	var b bytes.Buffer
	for _, m := range r.Moves {
		fmt.Fprintf(&b, "%d:%s ", m.Player, m.Move)
	}
	if r.Winner != nil {
		fmt.Fprintf(&b, "winner %d", *r.Winner)
	}
	return b.String()
}

// serveGame plays a computer-vs-computer match on the server at url and
// returns its record once it is over.
func serveGame(t *testing.T, url, g, p1, p2 string, seed uint64) *game.Record {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"game": g, "players": []string{p1, p2}, "seed": seed})
	res, err := http.Post(url+"/api/matches", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		ID    string `json:"id"`
		Error string `json:"error"`
	}
	err = json.NewDecoder(res.Body).Decode(&m)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %s %v", res.StatusCode, m.Error, err)
	}
	// The event stream says when the match is over.
	res, err = http.Get(url + "/api/matches/" + m.ID + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	dec := newEventReader(res.Body)
	for {
		name, data, err := dec.next()
		if err != nil {
			t.Fatalf("events: %v", err)
		}
		var st struct {
			Finished bool `json:"finished"`
		}
		if name == "state" && json.Unmarshal(data, &st) == nil && st.Finished {
			break
		}
	}
	res, err = http.Get(url + "/api/matches/" + m.ID + "/record")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var rec game.Record
	if err := json.NewDecoder(res.Body).Decode(&rec); err != nil {
		t.Fatal(err)
	}
	return &rec
}

// eventReader reads Server-Sent Events.
type eventReader struct{ sc *bufio.Scanner }

func newEventReader(r io.Reader) *eventReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	return &eventReader{sc: sc}
}

// next returns the next event's name and data.
func (e *eventReader) next() (string, []byte, error) {
	var name string
	var data []byte
	for e.sc.Scan() {
		line := e.sc.Text()
		switch {
		case line == "" && name != "":
			return name, data, nil
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			data = append(data, strings.TrimPrefix(line, "data: ")...)
		}
	}
	if err := e.sc.Err(); err != nil {
		return "", nil, err
	}
	return "", nil, io.EOF
}

// TestSecondServerOnOneSQLiteFileRefuses: `kombi serve` on a database
// file another `kombi serve` serves stops at once with a message.
func TestSecondServerOnOneSQLiteFileRefuses(t *testing.T) {
	db := filepath.Join(t.TempDir(), "kombi.db")
	_, stop := startServe(t, db)
	code, _, errOut := kombi(t, "", "serve", "--db", db, "--addr", "127.0.0.1:0")
	if code != 1 || !strings.Contains(errOut, "another kombi serve already serves this database") || !strings.Contains(errOut, db) {
		t.Fatalf("a second server on %s: exit %d, %q", db, code, errOut)
	}
	stop()
}

// startServe runs `kombi serve` on the database db and a free port of
// loopback in this process; it returns the page's URL and stop, which
// stops the server and checks that it ended well.
func startServe(t *testing.T, db string) (url string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- Run(ctx, []string{"serve", "--db", db, "--addr", "127.0.0.1:0"}, strings.NewReader(""), pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "Kombi serves http://127.0.0.1:") {
		cancel()
		t.Fatalf("the server: %q %v", line, err)
	}
	go io.Copy(io.Discard, pr)
	return strings.TrimSuffix(strings.Fields(strings.TrimPrefix(line, "Kombi serves "))[0], "/"), func() {
		t.Helper()
		cancel()
		if code := <-done; code != 0 && code != 130 {
			t.Fatalf("the server ended with %d", code)
		}
	}
}

// TestServeCanWriteTheSources: `kombi serve` can write the sources document
// when a person asks in the browser (its writer is `kombi report sources`,
// web.Options.Sources), into the data directory that page then shows.
func TestServeCanWriteTheSources(t *testing.T) {
	data := t.TempDir()
	t.Setenv("KOMBI_DATA_DIR", data)
	url, stop := startServe(t, filepath.Join(data, "kombi.db"))
	defer stop()
	res, err := http.Get(url + "/api/sources")
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Written  bool   `json:"written"`
		CanWrite bool   `json:"can_write"`
		Folder   string `json:"folder"`
	}
	err = json.NewDecoder(res.Body).Decode(&st)
	res.Body.Close()
	if err != nil || st.Written || !st.CanWrite || st.Folder != filepath.Join(data, "sources") {
		t.Fatalf("GET /api/sources: %+v, %v", st, err)
	}
}
