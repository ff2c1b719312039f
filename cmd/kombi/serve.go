package main

import (
	"log/slog"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/web"
)

func (a *app) serveCmd() *cobra.Command {
	var (
		addr string
		opt  = web.Options{Games: a.games, Bots: a.bots, Catalogue: func() any { return a.catalogue() }}
		open bool
	)
	c := newCmd("serve", "Serve the browser UI and the HTTP API: play every game against people and the computer, with analysis",
		"  kombi serve                      # http://127.0.0.1:8080/\n  kombi serve --addr :8080 --max-think 5s",
		exactArgs(0, "no arguments"), func(c *cobra.Command, _ []string) error {
			if opt.MaxThink <= 0 {
				return usagef("--max-think %s: want a positive duration, e.g. 10s", opt.MaxThink)
			}
			if opt.MaxSearches < 0 || opt.MaxSearches > 1024 {
				return usagef("--max-searches %d: want 0 (one per core) to 1024", opt.MaxSearches)
			}
			opt.Logger = slog.New(slog.NewTextHandler(a.stderr, nil))
			if f := c.Flag(dbFlag); f.Changed && f.Value.String() == "" { // --db '': matches in memory
				return web.Run(c.Context(), opt, addr, a.stdout, open)
			}
			st, err := a.openStore(c)
			if err != nil {
				return err
			}
			defer st.Close()
			opt.Store = web.NewDBStore(st)
			return web.Run(c.Context(), opt, addr, a.stdout, open)
		})
	fl := c.Flags()
	fl.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (loopback by default; ':8080' for every interface)")
	fl.DurationVar(&opt.MaxThink, "max-think", 10*time.Second, "longest a computer player may think per move")
	fl.IntVar(&opt.MaxSearches, "max-searches", 0, "bot searches and analyses at once (0: one per core); the rest wait")
	fl.BoolVar(&open, "open", false, "open the page in the default browser")
	return c
}
