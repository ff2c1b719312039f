package all_test

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// TestTeachSpeaksToAPage checks what the browser's "How it works" shows
// of every solver's explanation (solve.Result.Teach), on the start and a
// few moves into every game the conformance suite plays: the reasoning
// only, part of the terminal's text, without what the page shows itself
// in its own words (the game string, the winning moves, the outcome, the
// search's count) and with the players named as the page names them,
// never P1 or P2. The games whose text reasons (the Nim family,
// Wythoff's game, 2D Nim) have something to teach at every position.
func TestTeachSpeaksToAPage(t *testing.T) {
	k := kit(t)
	terminal := regexp.MustCompile(`\bP[12]\b|Outcome for the player to move|Winning moves|Best moves?\b|positions searched|Grundy-engine steps|positions reached|COUNTER`)
	reasons := map[string]bool{"nim": true, "nimk": true, "greedynim": true, "buildingnim": true, "grundy": true, "wythoff": true, "nim2d": true}
	for name, groups := range conformance {
		for _, grp := range groups {
			for _, spec := range grp.specs {
				g, err := k.Games.Load(spec, 1)
				if err != nil {
					t.Fatalf("%s: %v", spec, err)
				}
				rng := rand.New(rand.NewPCG(1, 2))
				s := g.NewInitialState()
				for plies := 0; plies <= 4 && !s.IsTerminal(); plies++ {
					if plies%2 == 0 && s.Player() != game.Chance {
						teaches(t, k.Solvers(), g, s, terminal, reasons[name])
					}
					moves := s.LegalMoves(nil)
					if err := s.Apply(moves[rng.IntN(len(moves))]); err != nil {
						t.Fatalf("%s: %v", spec, err)
					}
				}
			}
		}
	}
}

// teaches checks the Teach of a short solve of s (see TestTeachSpeaksToAPage).
func teaches(t *testing.T, sv *solve.Solvers, g game.Game, s game.State, terminal *regexp.Regexp, reasons bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	r, _ := sv.Solve(ctx, g, s.Clone(), solve.Options{Workers: 1})
	if r == nil {
		return // no solver for it, or nothing proven in the time
	}
	where := g.String() + " at " + s.String()
	if bad := terminal.FindString(r.Teach); bad != "" {
		t.Errorf("%s: what the page shows says %q, the terminal's words: %q", where, bad, r.Teach)
	}
	if strings.Contains(r.Teach, g.String()) {
		t.Errorf("%s: what the page shows names the game string: %q", where, r.Teach)
	}
	if !strings.Contains(r.Text, strings.TrimSpace(r.Teach)) {
		t.Errorf("%s: what the page shows is not part of the terminal's text:\n%s\n---\n%s", where, r.Teach, r.Text)
	}
	if reasons && strings.TrimSpace(r.Teach) == "" {
		t.Errorf("%s: the page has no reasoning to show; the terminal's text:\n%s", where, r.Text)
	}
}
