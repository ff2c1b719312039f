package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os/exec"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/web"
)

func (a *app) serveCmd() *cobra.Command {
	var (
		addr     string
		maxThink time.Duration
		searches int
		open     bool
	)
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve the browser UI and the HTTP API: play every game against people and the computer, with analysis",
		Example: "  kombi serve                      # http://127.0.0.1:8080/\n" +
			"  kombi serve --addr :8080 --max-think 5s",
		Args: exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if maxThink <= 0 {
				return usagef("--max-think %s: want a positive duration, e.g. 10s", maxThink)
			}
			if searches < 0 || searches > 1024 {
				return usagef("--max-searches %d: want 0 (one per core) to 1024", searches)
			}
			st, closeStore, err := a.matchStore(c)
			if err != nil {
				return err
			}
			defer closeStore()
			log := slog.New(slog.NewTextHandler(a.stderr, nil))
			srv, err := web.New(web.Options{Games: a.games, Bots: a.bots, Store: st, MaxThink: maxThink,
				MaxSearches: searches, Catalogue: func() any { return a.catalogue() }, Logger: log})
			if err != nil {
				return err
			}
			defer srv.Close()
			n, err := srv.Resume(c.Context())
			if err != nil {
				return err
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("serve: %w", err)
			}
			url := "http://" + ln.Addr().String() + "/"
			if _, err := fmt.Fprintf(a.stdout, "Kombi serves %s (%d unfinished matches resumed; Ctrl-C stops)\n", url, n); err != nil {
				return fmt.Errorf("write: %w", err)
			}
			if open {
				openBrowser(url)
			}
			hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
			done := make(chan error, 1)
			go func() { done <- hs.Serve(ln) }()
			select {
			case err := <-done:
				return fmt.Errorf("serve: %w", err)
			case <-c.Context().Done():
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := hs.Shutdown(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
				return fmt.Errorf("serve: shutdown: %w", err)
			}
			return nil
		},
	}
	fl := c.Flags()
	fl.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (loopback by default; ':8080' for every interface)")
	fl.DurationVar(&maxThink, "max-think", 10*time.Second, "longest a computer player may think per move")
	fl.IntVar(&searches, "max-searches", 0, "bot searches and analyses at once (0: one per core); the rest wait")
	fl.BoolVar(&open, "open", false, "open the page in the default browser")
	return c
}

func openBrowser(url string) {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	_ = cmd.Start() // best effort: the URL is printed anyway
}

// matchStore opens where serve keeps its matches: the --db database, or
// memory with --db ”.
func (a *app) matchStore(c *cobra.Command) (web.Store, func(), error) {
	if f := c.Flag(dbFlag); f != nil && f.Changed && f.Value.String() == "" {
		return &web.MemoryStore{}, func() {}, nil
	}
	st, err := a.openStore(c)
	if err != nil {
		return nil, nil, err
	}
	return web.NewDBStore(st), func() { st.Close() }, nil
}
