package web_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/web"
)

// BenchmarkServeLoad plays whole games of Nim against the computer
// (random) on loopback with 200 and 1,000 people at once for a fixed time
// (KOMBI_LOAD_SECONDS, default 10): each person posts a random legal move,
// waits on the match's event stream for the computer's reply, and starts a
// new match when one ends. It reports the latency of a person's move
// (answered once stored: p50, p99), the moves stored per second, the
// moves not stored (failed), and the server's peak heap.
//
//	go test ./web -run XXX -bench ServeLoad -benchtime 1x
func BenchmarkServeLoad(b *testing.B) {
	for _, n := range []int{200, 1000} {
		b.Run(fmt.Sprintf("%d/sqlite", n), func(b *testing.B) {
			st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "kombi.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			serveLoad(b, web.NewDBStore(st), n)
		})
		b.Run(fmt.Sprintf("%d/memory", n), func(b *testing.B) { serveLoad(b, &web.MemoryStore{}, n) })
	}
}

// loadTime is how long BenchmarkServeLoad plays.
func loadTime() time.Duration {
	if s, err := strconv.Atoi(os.Getenv("KOMBI_LOAD_SECONDS")); err == nil && s > 0 {
		return time.Duration(s) * time.Second
	}
	return 10 * time.Second
}

func serveLoad(b *testing.B, st web.Store, people int) {
	h := newHarness(&testing.T{}, st)
	b.Cleanup(func() { h.ts.Close(); h.srv.Close() })
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * people, MaxConnsPerHost: 0}, Timeout: time.Minute}
	var peak atomic.Uint64
	stop := make(chan struct{})
	go func() {
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
				runtime.ReadMemStats(&ms)
				if ms.HeapInuse > peak.Load() {
					peak.Store(ms.HeapInuse)
				}
			}
		}
	}()
	var (
		mu        sync.Mutex
		latencies []time.Duration
		failed    atomic.Int64
		games     atomic.Int64
		logged    atomic.Int64
	)
	d := loadTime()
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		var wg sync.WaitGroup
		for i := range people {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p := &person{client: client, url: h.ts.URL, rng: rand.New(rand.NewPCG(uint64(i), 7)), b: b, logged: &logged}
				for ctx.Err() == nil {
					mine, ok := p.playOne(ctx, uint64(i))
					mu.Lock()
					latencies = append(latencies, mine...)
					mu.Unlock()
					if !ok && ctx.Err() == nil {
						failed.Add(1)
						return
					}
					games.Add(1)
				}
			}()
		}
		wg.Wait()
		cancel()
	}
	elapsed := time.Since(start)
	b.StopTimer()
	close(stop)
	slices.Sort(latencies)
	if len(latencies) == 0 {
		b.Fatal("no moves")
	}
	q := func(p float64) float64 {
		return float64(latencies[int(p*float64(len(latencies)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(q(0.5), "p50-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(float64(len(latencies))/elapsed.Seconds(), "moves/s")
	b.ReportMetric(float64(failed.Load()), "failed")
	b.ReportMetric(float64(games.Load()), "games")
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MiB")
}

// person plays matches against the computer through the API.
type person struct {
	client *http.Client
	url    string
	rng    *rand.Rand
	b      *testing.B
	logged *atomic.Int64 // failures logged by every person
}

// fail logs the first failures of a load run (not those after its end).
func (p *person) fail(ctx context.Context, what string, status int, err error) {
	if ctx.Err() == nil && p.logged.Add(1) <= 3 {
		p.b.Logf("%s: status %d, %v", what, status, err)
	}
}

// loadMatch is what a person reads of a match.
type loadMatch struct {
	ID         string                  `json:"id"`
	ToMove     *int                    `json:"to_move"`
	Finished   bool                    `json:"finished"`
	Version    uint64                  `json:"version"`
	LegalMoves []struct{ Move string } `json:"legal_moves"`
	SeatTokens *[2]*string             `json:"seat_tokens"`
}

// playOne plays one match to its end (or until ctx ends) and returns the
// latencies of its moves; ok is false when a move was not answered 200.
func (p *person) playOne(ctx context.Context, seed uint64) (lat []time.Duration, ok bool) {
	var m loadMatch
	body := map[string]any{"game": "nim(piles=9;10;11;12)", "players": []string{"human", "random"}, "seed": seed}
	if st, err := p.post(ctx, "/api/matches", "", body, &m); err != nil || st != http.StatusCreated {
		p.fail(ctx, "create", st, err)
		return nil, ctx.Err() != nil
	}
	token := *m.SeatTokens[0]
	req, _ := http.NewRequestWithContext(ctx, "GET", p.url+"/api/matches/"+m.ID+"/events", nil)
	res, err := p.client.Do(req)
	if err != nil {
		p.fail(ctx, "events", 0, err)
		return nil, ctx.Err() != nil
	}
	defer res.Body.Close()
	events := bufio.NewReader(res.Body)
	for !m.Finished {
		if m.ToMove == nil || *m.ToMove != 0 {
			next, err := nextState(events)
			if err != nil {
				p.fail(ctx, "event", 0, err)
				return lat, ctx.Err() != nil
			}
			if next.Version > m.Version {
				m = next
			}
			continue
		}
		mv := m.LegalMoves[p.rng.IntN(len(m.LegalMoves))].Move
		start := time.Now()
		var next loadMatch
		st, err := p.post(ctx, "/api/matches/"+m.ID+"/moves", token, map[string]string{"move": mv}, &next)
		if err != nil || st != http.StatusOK {
			p.fail(ctx, "move", st, err)
			return lat, ctx.Err() != nil
		}
		lat = append(lat, time.Since(start))
		m = next
	}
	return lat, true
}

func (p *person) post(ctx context.Context, path, token string, body, out any) (int, error) {
	data, _ := json.Marshal(body)
	req, _ := http.NewRequestWithContext(ctx, "POST", p.url+path, bytes.NewReader(data))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := p.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	data, err = io.ReadAll(res.Body)
	if err != nil {
		return 0, err
	}
	return res.StatusCode, json.Unmarshal(data, out)
}

// nextState reads events until the next state.
func nextState(r *bufio.Reader) (loadMatch, error) {
	name := ""
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return loadMatch{}, err
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: ") && name == "state":
			var m loadMatch
			err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &m)
			return m, err
		}
	}
}
