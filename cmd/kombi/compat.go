package main

import (
	"io"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
)

// TEMPORARY: names the family files not merged yet (thue.go, apgame.go)
// still use. Delete this file once they are merged.

// progress is the old bar of thue.go and apgame.go, now drawn by
// report.Progress: a bar on a terminal, nothing otherwise.
type progress struct {
	p     *report.Progress
	total int
}

func newProgress(w io.Writer, total int, what string) *progress {
	p := report.NewProgress(w, what, false)
	if !p.IsTerminal() {
		p = nil
	}
	return &progress{p: p, total: total}
}

func (p *progress) set(n int) { p.p.Report(solve.Progress{Done: int64(n), Total: int64(p.total)}) }

func (p *progress) finish() { p.p.Done() }

// gameName is the family name of a game string ("" when it does not parse).
func gameName(spec string) string {
	s, err := game.ParseSpec(spec)
	if err != nil {
		return ""
	}
	return s.Name
}
