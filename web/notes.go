package web

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// maxNoteBytes bounds what a computer player's note may hold (a bot's
// output is not the client's to fill memory with).
const maxNoteBytes = 600

// botNotes is the Output of a match's computer players: it keeps the last
// line a bot wrote while deciding (such as 2D Nim's perfect player saying
// that its move is not proven), for the match's next state.
type botNotes struct {
	mu   sync.Mutex
	last string
}

// Write keeps the last non-blank line of p, without the brackets the
// terminal shows notes in, cut at maxNoteBytes.
func (n *botNotes) Write(p []byte) (int, error) {
	lines := strings.Split(strings.TrimSpace(string(p)), "\n")
	line := strings.TrimSpace(lines[len(lines)-1])
	if line == "" {
		return len(p), nil
	}
	line = strings.TrimSuffix(strings.TrimPrefix(line, "["), "]")
	if len(line) > maxNoteBytes {
		cut := maxNoteBytes
		for cut > 0 && !utf8.RuneStart(line[cut]) {
			cut--
		}
		line = line[:cut] + "…"
	}
	n.mu.Lock()
	n.last = line
	n.mu.Unlock()
	return len(p), nil
}

// take returns the note written since the last take, and forgets it.
func (n *botNotes) take() string {
	if n == nil {
		return ""
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	s := n.last
	n.last = ""
	return s
}

// botNote is a computer player's note on the move it made, as the API
// shows it (field bot_note of a match).
type botNote struct {
	// Move is the number of the move the note is about, from 1.
	Move int `json:"move"`
	// Text is the note, in the bot's words.
	Text string `json:"text"`
}
