package web_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/web"
)

// served starts a server with opt on a loopback port through Serve (the
// listener, its limits and timeouts, as `kombi serve` runs it).
func served(t *testing.T, opt web.Options) string {
	t.Helper()
	games, bots, err := all.Registries()
	if err != nil {
		t.Fatal(err)
	}
	opt.Games, opt.Bots = games, bots
	srv, err := web.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done; srv.Close() })
	return ln.Addr().String()
}

// TestCreatesAreRateLimited: an address creating matches too fast is
// answered 429 with Retry-After.
func TestCreatesAreRateLimited(t *testing.T) {
	addr := served(t, web.Options{CreatesPerMinute: 1})
	codes := map[int]int{}
	var last *http.Response
	for range 25 {
		res, err := http.Post("http://"+addr+"/api/matches", "application/json", strings.NewReader(`{"game":"nim","players":["human","human"]}`))
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		codes[res.StatusCode]++
		last = res
	}
	if codes[201] != 20 || codes[429] != 5 || last.Header.Get("Retry-After") == "" {
		t.Fatalf("25 creates at once: %v, Retry-After %q; want 20 created (the burst), then 429", codes, last.Header.Get("Retry-After"))
	}
}

// TestForeignHostsAndOriginsAreRefused: on loopback the server answers
// only to loopback names (DNS rebinding), and a change from another site
// is refused.
func TestForeignHostsAndOriginsAreRefused(t *testing.T) {
	addr := served(t, web.Options{})
	do := func(method, host, origin string) int {
		req, _ := http.NewRequest(method, "http://"+addr+"/api/matches", strings.NewReader(`{"game":"nim","players":["human","human"]}`))
		req.Host = host
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	_, port, _ := net.SplitHostPort(addr)
	for _, c := range []struct {
		method, host, origin string
		want                 int
	}{
		{"GET", "evil.example:" + port, "", 403},
		{"GET", "localhost:" + port, "", 200},
		{"POST", addr, "http://evil.example", 403},
		{"POST", addr, "http://" + addr, 201},
		{"POST", addr, "", 201},
	} {
		if got := do(c.method, c.host, c.origin); got != c.want {
			t.Errorf("%s with Host %s, Origin %q: %d, want %d", c.method, c.host, c.origin, got, c.want)
		}
	}
}

// TestSlowAndIdleConnectionsAreClosed: a request whose body never comes,
// and an idle connection, are closed by the server.
func TestSlowAndIdleConnectionsAreClosed(t *testing.T) {
	addr := served(t, web.Options{ReadTimeout: 300 * time.Millisecond, IdleTimeout: 300 * time.Millisecond})
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /api/matches HTTP/1.1\r\nHost: %s\r\nContent-Length: 100\r\n\r\n{", addr)
	start := time.Now()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	io.Copy(io.Discard, c) // until the server closes it
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("a body that never arrives held the connection %s", d)
	}
	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	fmt.Fprintf(idle, "GET /api/games HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	res, err := http.ReadResponse(bufio.NewReader(idle), nil)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("a request: %v", err)
	}
	io.Copy(io.Discard, res.Body)
	start = time.Now()
	idle.SetReadDeadline(time.Now().Add(5 * time.Second))
	if n, _ := idle.Read(make([]byte, 1)); n != 0 || time.Since(start) > 3*time.Second {
		t.Fatalf("an idle keep-alive connection stayed open %s", time.Since(start))
	}
}

// TestConnectionsPerAddressAreBounded: connections over the limit of one
// address are closed at once; the others are served.
func TestConnectionsPerAddressAreBounded(t *testing.T) {
	addr := served(t, web.Options{MaxConnsPerIP: 5})
	var held []net.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	for range 5 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	// The sixth is accepted by the kernel and closed by the server.
	sixth, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	sixth.SetReadDeadline(time.Now().Add(5 * time.Second))
	fmt.Fprintf(sixth, "GET /api/games HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	if _, err := http.ReadResponse(bufio.NewReader(sixth), nil); err == nil {
		t.Fatal("a sixth connection of one address was served")
	}
	sixth.Close()
	held[0].Close()
	held = held[1:]
	// With one given back, a new one is served (the server may take a moment to see the close).
	deadline := time.Now().Add(5 * time.Second)
	for {
		res, err := http.Get("http://" + addr + "/api/games")
		if err == nil {
			res.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no connection after one was given back: %v", err)
		}
	}
}
