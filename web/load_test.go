package web_test

import (
	"context"
	"path/filepath"

	"bytes"
	"encoding/json"
	"fmt"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/web"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
)

// BenchmarkServe200Matches plays 200 matches at once on loopback, two
// people per match posting moves as fast as the server answers, and
// reports the move latency (p50, p99) and the server's peak heap.
//
//	go test ./web -run XXX -bench Serve200 -benchtime 1x
func BenchmarkServe200Matches(b *testing.B) {
	b.Run("memory", func(b *testing.B) { serve200(b, &web.MemoryStore{}) })
	b.Run("sqlite", func(b *testing.B) {
		st, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "kombi.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		serve200(b, web.NewDBStore(st))
	})
}

func serve200(b *testing.B, st web.Store) {
	t := &testing.T{}
	h := newHarness(t, st)
	b.Cleanup(func() { h.ts.Close(); h.srv.Close() })
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}}
	post := func(path, token string, body any, out any) (int, error) {
		data, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", h.ts.URL+path, bytes.NewReader(data))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		defer res.Body.Close()
		return res.StatusCode, json.NewDecoder(res.Body).Decode(out)
	}
	var peak uint64
	stop := make(chan struct{})
	go func() {
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
		}
	}()
	b.ResetTimer()
	var (
		mu        sync.Mutex
		latencies []time.Duration
	)
	for range b.N {
		var wg sync.WaitGroup
		for i := range 200 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var m matchJSON
				if st, err := post("/api/matches", "", map[string]any{"game": "nim(piles=7;8;9;10)", "players": []string{"human", "human"}, "seed": i}, &m); err != nil || st != 201 {
					b.Errorf("create: %d %v", st, err)
					return
				}
				tokens := [2]string{*m.SeatTokens[0], *m.SeatTokens[1]}
				var mine []time.Duration
				for !m.Finished {
					mv := m.LegalMoves[len(m.LegalMoves)-1].Move
					start := time.Now()
					var next matchJSON
					st, err := post("/api/matches/"+m.ID+"/moves", tokens[*m.ToMove], map[string]string{"move": mv}, &next)
					mine = append(mine, time.Since(start))
					if err != nil || st != 200 {
						b.Errorf("move: %d %v", st, err)
						return
					}
					m = next
				}
				mu.Lock()
				latencies = append(latencies, mine...)
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
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
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(len(latencies))/float64(b.N), "moves/op")
	_ = fmt.Sprint()
}
