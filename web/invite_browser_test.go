package web_test

import (
	"fmt"
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
	// The friend has joined: the invitation's link is gone, the way to take the seat back is not.
	if js[bool](p1, `!!document.getElementById('invited')`) {
		t.Error("the invitation is still shown after the friend's move")
	}
	if got := js[string](p1, `(document.getElementById('friend-plays') || {}).textContent || ''`); !strings.Contains(got, "Your friend plays as Player 2 from their device.") || !strings.Contains(got, "Take their seat back") {
		t.Errorf("after the friend's move the page says %q; want who plays the seat and how to take it back", got)
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
	// The link opened on a third device: the seat is the friend's, not its (both played it before).
	p3 := newPage(t, h.ts.URL)
	p3.phone()
	p3.do(chromedp.Navigate(link))
	p3.wait(`window.kombi.match && document.getElementById('board') && /This invitation was used on another device already/.test(document.body.textContent)`, "the used invitation refused on a third device")
	if got := js[string](p3, `document.querySelector('.seats').textContent`); strings.Contains(got, "You") || js[bool](p3, `window.kombi.tokens.some(Boolean)`) {
		t.Errorf("the third device holds the seat: %q", got)
	}
	p3.shot("invite-used-phone.png")
	p3.mu.Lock()
	for _, pr := range p3.problems {
		if !strings.Contains(pr, "403") {
			t.Errorf("the third device's console: %s", pr)
		}
	}
	p3.mu.Unlock()
	// Taken back after the friend moved: both seats here again, the friend told so at their next move.
	p1.targets("the friend's seat taken back", `#take-seat`)
	p1.shotOf("invite-friend-plays-phone.png", "#friend-plays")
	js[bool](p1, `(document.getElementById('take-seat').click(), true)`)
	p1.wait(`!document.getElementById('friend-plays') && window.kombi.tokens.every(Boolean) && document.getElementById('invite')`, "the friend's seat taken back after their move")
	// The friend's token holds the seat no more.
	js[bool](p2, `(fetch('/api/matches/' + window.kombi.match.id + '/moves', { method: 'POST', headers: { 'Content-Type': 'application/json',
		Authorization: 'Bearer ' + window.kombi.tokens[1] }, body: JSON.stringify({ move: '3:1' }) }).then((r) => { window.zzStatus = r.status; }), true)`)
	p2.wait(`window.zzStatus === 403`, "the friend's old token refused")
	p2.forgive("403")
	p1.clean("the inviting page")
	p2.clean("the friend's page")

	// Invited, joined, taken back before the friend moved: the friend's page may no longer move, and says why.
	p1.start(setup{card: "nim(piles=3;4;5)", action: "friend"})
	p1.play(`document.querySelector('#board button.token:not([disabled])').click();`)
	js[bool](p1, `(document.getElementById('invite').click(), true)`)
	p1.wait(`document.getElementById('invite-link')`, "the second invitation's link")
	link = js[string](p1, `document.getElementById('invite-link').value`)
	p2.do(chromedp.Navigate(link))
	p2.wait(`window.kombi.match && document.getElementById('status').textContent === 'Your move' && window.kombi.tokens[1]`, "the friend's turn on the second match")
	js[bool](p1, `(document.getElementById('invite-back').click(), true)`)
	p1.wait(`document.getElementById('invite') && window.kombi.tokens.every(Boolean)`, "the seat taken back")
	js[bool](p2, `(document.querySelector('#board button.token:not([disabled])').click(), true)`)
	p2.wait(`!document.getElementById('play-move').disabled`, "the friend's move chosen")
	js[bool](p2, `(document.getElementById('play-move').click(), true)`)
	p2.wait(`/Your seat was taken back by the device that invited you/.test((document.getElementById('move-error') || {}).textContent || '') && !window.kombi.tokens[1]`, "the friend told the seat was taken back")
	p2.shot("invite-taken-back-phone.png")
	p1.wait(`document.getElementById('status').textContent.startsWith('Player 2 to move')`, "the inviting page plays both seats")

	// A game with the friend over, Rematch here: the seats swapped, this page plays Player 2 and the friend's
	// invitation (Player 1) is ready to send (the rematch had both seats here, the friend left out).
	js[bool](p1, `(document.getElementById('invite').click(), true)`)
	p1.wait(`document.getElementById('invite-link')`, "the third invitation's link")
	link = js[string](p1, `document.getElementById('invite-link').value`)
	p2.do(chromedp.Navigate(link))
	p2.wait(`window.kombi.match && window.kombi.tokens[1] && document.getElementById('status').textContent === 'Your move'`, "the friend's turn in the third match")
	take := `document.querySelector('#board button.token:not([disabled])').click();`
	for i := 0; !js[bool](p1, `!!window.kombi.match.finished`); i++ {
		if i > 40 {
			t.Fatal("the game with the friend is not over after 40 moves")
		}
		if js[bool](p1, `window.kombi.match.to_move === 0`) {
			p1.play(take)
		} else {
			p2.play(take)
		}
		p1.wait(fmt.Sprintf(`window.kombi.match.moves.length > %d || window.kombi.match.finished`, i), "the move on the inviting page")
	}
	p1.wait(`document.getElementById('result') && document.getElementById('rematch')`, "the game over on the inviting page")
	first := js[string](p1, `window.kombi.match.id`)
	js[bool](p1, `(document.getElementById('rematch').click(), true)`)
	p1.wait(fmt.Sprintf(`window.kombi.match && window.kombi.match.id !== %q && document.getElementById('invite-link')`, first), "the rematch with the friend's invitation ready")
	if got := js[string](p1, `document.getElementById('invited').textContent`); !strings.Contains(got, "Your friend plays as Player 1") || !js[bool](p1, `!window.kombi.tokens[0] && !!window.kombi.tokens[1]`) {
		t.Errorf("the rematch's invitation says %q; tokens held %s", got, js[string](p1, `JSON.stringify(window.kombi.tokens.map(Boolean))`))
	}
}
