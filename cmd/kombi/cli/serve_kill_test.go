package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kombi/kombi/store"
)

// TestKillServeUnderLoadLosesNoAcknowledgedMove builds cmd/kombi (without its profile), runs `kombi serve` on
// SQLite, plays 20 hotseat matches against it (the creation burst one address is allowed) as fast as it answers, kills
// it with SIGKILL in the middle, and checks that every move it answered
// 200 is in the database: a move is acknowledged only once committed.
func TestKillServeUnderLoadLosesNoAcknowledgedMove(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kombi and loads a server for seconds")
	}
	bin := filepath.Join(t.TempDir(), "kombi")
	if out, err := exec.Command("go", "build", "-pgo=off", "-o", bin, "..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	db := filepath.Join(t.TempDir(), "kombi.db")
	srv := exec.Command(bin, "serve", "--db", db, "--addr", "127.0.0.1:0")
	srv.Env = append(os.Environ(), "KOMBI_DATA_DIR="+t.TempDir())
	stdout, err := srv.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("serve: %v", err)
	}
	url := strings.Fields(strings.TrimPrefix(line, "Kombi serves "))[0]
	url = strings.TrimSuffix(url, "/")

	type acked struct {
		id    string
		moves int
	}
	var (
		mu   sync.Mutex
		all  []*acked
		wg   sync.WaitGroup
		stop = make(chan struct{})
	)
	client := &http.Client{Timeout: 10 * time.Second}
	post := func(path, token string, body, out any) int {
		data, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", url+path, bytes.NewReader(data))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := client.Do(req)
		if err != nil {
			return 0
		}
		defer res.Body.Close()
		if json.NewDecoder(res.Body).Decode(out) != nil {
			return 0
		}
		return res.StatusCode
	}
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var m struct {
				ID         string                  `json:"id"`
				ToMove     *int                    `json:"to_move"`
				Finished   bool                    `json:"finished"`
				SeatTokens [2]*string              `json:"seat_tokens"`
				LegalMoves []struct{ Move string } `json:"legal_moves"`
			}
			if post("/api/matches", "", map[string]any{"game": "nim(piles=40;40;40;40)", "players": []string{"human", "human"}, "seed": i}, &m) != 201 {
				return
			}
			a := &acked{id: m.ID}
			mu.Lock()
			all = append(all, a)
			mu.Unlock()
			tokens := [2]string{*m.SeatTokens[0], *m.SeatTokens[1]}
			for !m.Finished {
				select {
				case <-stop:
					return
				default:
				}
				mv := m.LegalMoves[0].Move // one token: the longest game
				var next = m
				if post("/api/matches/"+m.ID+"/moves", tokens[*m.ToMove], map[string]string{"move": mv}, &next) != 200 {
					return
				}
				mu.Lock()
				a.moves++
				mu.Unlock()
				m = next
			}
		}()
	}
	// Kill once the server has acknowledged a good number of moves.
	deadline := time.Now().Add(20 * time.Second)
	for {
		mu.Lock()
		n := 0
		for _, a := range all {
			n += a.moves
		}
		mu.Unlock()
		if n >= 500 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := srv.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	srv.Wait()
	close(stop)
	wg.Wait()

	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	total := 0
	for _, a := range all {
		m, err := st.Match(context.Background(), a.id)
		if err != nil {
			t.Fatalf("match %s with %d acknowledged moves is not stored: %v", a.id, a.moves, err)
		}
		var rec struct{ Moves []json.RawMessage }
		if err := json.Unmarshal(m.Record, &rec); err != nil {
			t.Fatal(err)
		}
		if len(rec.Moves) < a.moves {
			t.Errorf("match %s: %d moves acknowledged, %d stored", a.id, a.moves, len(rec.Moves))
		}
		total += a.moves
	}
	if total < 100 {
		t.Fatalf("only %d moves acknowledged before the kill: the test did not load the server", total)
	}
	t.Logf("%d acknowledged moves of %d matches, all stored after SIGKILL", total, len(all))
}
