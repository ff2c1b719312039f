package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserInviteAFriend: two people who began a match on one device hand
// a seat to a second browser with a link; the link's token leaves the
// address, each page plays its own seat, and each move reaches the other
// page as it is stored.
func TestBrowserInviteAFriend(t *testing.T) {
	h := newHarness(t, nil)
	p1 := newPage(t, h.ts.URL)
	p1.phone()
	p1.start(setup{card: "nim(piles=3;4;5)", action: "friend"})
	p1.wait(`document.getElementById('invite')`, "Invite a friend on another device")
	// Handed and taken back: both seats here again.
	js[bool](p1, `(document.getElementById('invite').click(), true)`)
	p1.wait(`document.getElementById('invite-link') && !document.getElementById('invite')`, "the invitation's link")
	js[bool](p1, `(document.getElementById('invite-back').click(), true)`)
	p1.wait(`document.getElementById('invite') && !document.getElementById('invited') && window.kombi.tokens.every(Boolean)`, "both seats here again")
	js[bool](p1, `(document.getElementById('invite').click(), true)`)
	p1.wait(`document.getElementById('invite-link')`, "the invitation's link")
	link := js[string](p1, `document.getElementById('invite-link').value`)
	id := js[string](p1, `window.kombi.match.id`)
	if !strings.HasPrefix(link, h.ts.URL+"/#/m/"+id+"?seat=2&token=") {
		t.Fatalf("the invitation links to %q", link)
	}
	if got := js[string](p1, `document.getElementById('invited').textContent`); !strings.Contains(got, "Your friend plays as Player 2 from their device") || !strings.Contains(got, "kombi serve --addr :8080") {
		t.Errorf("the invitation says %q; want who the friend plays and, on a loopback server, how other devices reach it", got)
	}
	p1.checkPhone("the invitation")
	p1.targets("the invitation", `#invited input, #invited button`)
	p1.shotOf("invite-phone.png", "#invited")

	p2 := newPage(t, h.ts.URL)
	p2.phone()
	p2.do(chromedp.Navigate(link))
	p2.wait(`window.kombi.match && location.hash === '#/m/`+id+`' && document.getElementById('board')`, "the friend's page, the token out of its address")
	if got := js[string](p2, `document.querySelector('.seats').textContent`); !strings.Contains(got, "Player 1: Your friend") || !strings.Contains(got, "Player 2: You") {
		t.Errorf("the friend's page names the seats %q", got)
	}
	if s := p2.status(); s != "Waiting for Player 1" {
		t.Errorf("the friend's page says %q before the first move", s)
	}
	if s := p1.status(); s != "Your move" {
		t.Errorf("the inviting page says %q", s)
	}
	// Player 1 here, then Player 2 there.
	p1.play(`document.querySelector('#board button.token:not([disabled])').click();`)
	p2.wait(`window.kombi.match.moves.length === 1 && document.getElementById('status').textContent === 'Your move'`, "the first move on the friend's page, and its turn")
	if s := p1.status(); s != "Waiting for Player 2" {
		t.Errorf("the inviting page says %q after its move", s)
	}
	p2.play(`document.querySelector('#board button.token:not([disabled])').click();`)
	p1.wait(`window.kombi.match.moves.length === 2 && document.getElementById('status').textContent === 'Your move'`, "the friend's move on the inviting page")
	// The friend has joined: the invitation is gone.
	if js[bool](p1, `!!document.getElementById('invited')`) {
		t.Error("the invitation is still shown after the friend's move")
	}
	// The friend moved last: Undo would take their move back, so it is not offered.
	if !js[bool](p1, `document.getElementById('undo').disabled`) {
		t.Error("Undo is offered after the friend's move")
	}
	if js[bool](p2, `document.getElementById('undo').disabled`) {
		t.Error("the friend cannot undo their own move")
	}
	if js[bool](p2, `!!document.getElementById('invite')`) {
		t.Error("the friend's page offers to invite: it holds one seat")
	}
	p1.clean("the inviting page")
	p2.clean("the friend's page")
}
