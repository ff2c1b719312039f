package web

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// Run is `kombi serve`: it builds the server, resumes the unfinished
// matches of its store, listens on addr, writes the URL to w (and opens it
// in the browser with open), and serves until ctx ends.
func Run(ctx context.Context, opt Options, addr string, w io.Writer, open bool) error {
	srv, err := New(opt)
	if err != nil {
		return err
	}
	defer srv.Close()
	n, err := srv.Resume(ctx)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	urls := URLs(ln.Addr())
	srv.urls.Store(&urls) // what Serve answers at GET /api/addresses: the interfaces read once
	others := ""
	if len(urls) > 1 {
		others = "; other devices open " + strings.Join(urls[1:], " or ")
	}
	if _, err := fmt.Fprintf(w, "Kombi serves %s (%d unfinished matches resumed%s; Ctrl-C stops)\n", urls[0], n, others); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	if open {
		OpenBrowser(urls[0])
	}
	return srv.Serve(ctx, ln)
}

// URLs returns the addresses to open the page at, listening at a: a's own
// when it is one address; on every interface (`--addr :8080`), this
// computer's loopback address first, then one per address of its network
// interfaces (IPv4, and IPv6 beyond the link), for other devices.
func URLs(a net.Addr) []string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return []string{"http://" + a.String() + "/"}
	}
	port := strconv.Itoa(tcp.Port)
	urls := []string{"http://" + net.JoinHostPort("127.0.0.1", port) + "/"}
	addrs, _ := net.InterfaceAddrs() // none known: the loopback address alone
	for _, ia := range addrs {
		ipn, ok := ia.(*net.IPNet)
		if !ok || ipn.IP.IsLoopback() || ipn.IP.IsLinkLocalUnicast() || !ipn.IP.IsGlobalUnicast() && !ipn.IP.IsPrivate() {
			continue
		}
		urls = append(urls, "http://"+net.JoinHostPort(ipn.IP.String(), port)+"/")
	}
	return urls
}

// Timeouts of the HTTP server: a request's headers and body must arrive
// in time, an answer must be written in time (event streams excepted: each
// event has its own deadline), and an idle connection is closed.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 60 * time.Second
	idleTimeout       = 60 * time.Second
)

// Serve serves the server's handler on ln until ctx ends, then shuts down
// within 5 seconds: at most Options.MaxConns connections at once (and
// MaxConnsPerIP from one address), each bounded by the timeouts above. On
// a loopback address it answers only requests addressed to a loopback
// name. The HTTP server's own errors go to the server's logger as warnings.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok {
		s.loopback.Store(tcp.IP.IsLoopback())
	}
	if s.urls.Load() == nil {
		urls := URLs(ln.Addr())
		s.urls.Store(&urls)
	}
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: min(readHeaderTimeout, cmp.Or(s.opt.ReadTimeout, readTimeout)),
		ReadTimeout: cmp.Or(s.opt.ReadTimeout, readTimeout), WriteTimeout: writeTimeout, IdleTimeout: cmp.Or(s.opt.IdleTimeout, idleTimeout),
		ErrorLog: slog.NewLogLogger(s.opt.Logger.Handler(), slog.LevelWarn)}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(limitConns(ln, s.opt.MaxConns, s.opt.MaxConnsPerIP)) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("serve: shutdown: %w", err)
	}
	return nil
}

// OpenBrowser opens url in the default browser, as well as it can (the
// caller prints the URL anyway).
func OpenBrowser(url string) {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	_ = cmd.Start()
}
