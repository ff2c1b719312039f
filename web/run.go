package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os/exec"
	"runtime"
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
	url := "http://" + ln.Addr().String() + "/"
	if _, err := fmt.Fprintf(w, "Kombi serves %s (%d unfinished matches resumed; Ctrl-C stops)\n", url, n); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	if open {
		OpenBrowser(url)
	}
	return srv.Serve(ctx, ln)
}

// Serve serves the server's handler on ln until ctx ends, then shuts down
// within 5 seconds. The HTTP server's own errors go to the server's logger
// as warnings.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(s.opt.Logger.Handler(), slog.LevelWarn)}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
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
