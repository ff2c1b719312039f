package web_test

import (
	"strings"
	"testing"
)

// TestBrowserFlow: what a person sees as a game goes on and ends (the
// student's audit): the end's review of the moves played, the result in
// view, a friend's take-back said, the Thue builder's review, Hint beside
// the analysis, the step-back words.
func TestBrowserFlow(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	p := newPage(t, h.ts.URL)

	t.Run("review-after-undo", func(t *testing.T) {
		// The end's review named a move taken back: Undo after the end, the
		// game ended again otherwise, and "Where it turned" still quoted the
		// first ending's move until a reload (the review was kept per match).
		p.t = t
		p.desktop()
		m := h.create("nim(piles=3;2)", [2]string{"human", "perfect"}, 11)
		p.openAs(m)
		p.play(`document.querySelector('#board [data-heap="0"] .token[data-token="0"]').click();`)
		p.gameOver("nim 3, 2, taken 3 from heap 1")
		p.wait(`/you played 1:3/.test((document.getElementById('review') || {}).textContent || '')`, "the review of 1:3")
		js[bool](p, `(document.getElementById('undo').click(), true)`)
		p.wait(`window.kombi.match.moves.length === 0 && document.querySelector('#board .token:not([disabled])')`, "the first move taken back")
		p.play(`document.querySelector('#board [data-heap="1"] .token[data-token="0"]').click();`)
		p.gameOver("nim 3, 2, taken 2 from heap 2")
		if got := js[string](p, `window.kombi.match.moves.map((m) => m.move).join(' ')`); got != "2:2 1:3" {
			t.Fatalf("the moves played are %q, want 2:2 then the computer's 1:3", got)
		}
		p.wait(`/^Where it turned/.test((document.getElementById('review') || {}).textContent || '')`, "the review of the game played")
		if got := js[string](p, `document.getElementById('review').textContent`); !strings.Contains(got, "you played 2:2") || strings.Contains(got, "1:3 (take 3") {
			t.Errorf("after Undo and another ending the review says %q, want the move played, 2:2", got)
		}
		p.shotOf("flow-review-after-undo-desktop.png", "#result")
		p.viewport(phoneTall)
		p.noOverflow("the review after Undo on a phone")
		p.shotOf("flow-review-after-undo-phone.png", "#result")
		p.clean("review-after-undo")
	})
}
