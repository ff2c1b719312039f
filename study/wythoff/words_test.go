package wythoff_test

import (
	"context"
	"math/big"
	"strings"
	"testing"

	studywythoff "github.com/kombi/kombi/study/wythoff"
)

// TestTeachSaysItsSymbols: How it works defines what its methods' steps
// write (a student's audit read "Rp(7) = 1010 ends in 1 zero (odd), so x is
// a B-value (Property 1); shifting right gives Ip(101) = 4" with R_p, I_p,
// R_q and Properties 1–3 never said): the P-positions and the mex rule, α
// and β, the p- and q-systems with their first weights for the game's a,
// and the three properties, each before the steps that use them.
func TestTeachSaysItsSymbols(t *testing.T) {
	for _, c := range []struct {
		a    int64
		want []string
	}{
		{1, []string{
			"not a P-position (one that the player to move loses)",
			"Recursive method: Wythoff's P-positions are the pairs (A_n, B_n) and their mirrors (B_n, A_n): A_n is the smallest number that no earlier pair holds (the mex rule: the minimum excluded), and B_n = A_n + n.",
			"Algebraic method: α = (2 − a + √(a² + 4))/2 = 1.6180…, the golden ratio, and β = α + a = 2.6180…: A_n = ⌊nα⌋ and B_n = ⌊nβ⌋, where ⌊…⌋ rounds down to a whole number.",
			"Arithmetic method: The p-system writes a number as a sum of the weights 1, 2, 3, 5, 8, … (each the sum of the two before it), the q-system as a sum of 1, 1, 2, 3, 5, …; R_p(N) and R_q(N) are N's digits in them",
			"I_p reads digits back as a number of the p-system. Property 1: N > 0 is an A-value (some A_n) exactly when R_p(N) ends in an even number of zeros. Property 2: R_p(B_n) is R_p(A_n) shifted left (a 0 appended; shifting right drops it). Property 3: A_n = I_p(R_q(n)), less 1 when R_q(n) ends in an odd number of zeros. Sorted,",
		}},
		{2, []string{
			"and B_n = A_n + 2·n.",
			"= 1.4142…, and β = α + a = 3.4142…",
			"the weights 1, 3, 7, 17, 41, … (each 2 times the one before plus the one before that), the q-system as a sum of 1, 2, 5, 12, 29, …",
		}},
	} {
		s, err := studywythoff.NewSystem(c.a)
		if err != nil {
			t.Fatal(err)
		}
		an, err := s.Analyse(context.Background(), big.NewInt(7), big.NewInt(9))
		if err != nil {
			t.Fatal(err)
		}
		// The words as one reads them: the lines of a paragraph joined (the page joins them too).
		teach := strings.Join(strings.Fields(an.Teach()), " ")
		for _, want := range c.want {
			if !strings.Contains(teach, want) {
				t.Errorf("a = %d, (7, 9): How it works lacks %q:\n%s", c.a, want, an.Teach())
			}
		}
	}
}
