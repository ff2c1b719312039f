package game_test

import (
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		in      string
		want    string
		wantErr string
	}{
		{in: "nim", want: "nim"},
		{in: "  nim  ", want: "nim"},
		{in: "nim()", want: "nim"},
		{in: "nim(piles=3;4;5,misere=true)", want: "nim(piles=3;4;5,misere=true)"},
		{in: "alphabeta( depth = 8 )", want: "alphabeta(depth=8)"},
		{in: "", wantErr: "empty name"},
		{in: "nim(piles=3", wantErr: "missing closing parenthesis"},
		{in: "nim(piles=3;4;5)x", wantErr: `"x" after the closing parenthesis`},
		{in: "nim(piles=3)(k=1)", wantErr: "unexpected parenthesis"},
		{in: "nim(piles)", wantErr: "not key=value"},
		{in: "nim(=3)", wantErr: "not key=value"},
		{in: "nim(a=1,a=2)", wantErr: `key "a" given twice`},
		{in: "(a=1)", wantErr: "missing name"},
		{in: "n m", wantErr: "may hold only"},
		{in: "nim(a=(1))", wantErr: "unexpected parenthesis"},
		{in: "nim=3", wantErr: "expected name"},
	}
	for _, tt := range tests {
		got, err := game.ParseSpec(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseSpec(%q) error = %v, want it to contain %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got.String() != tt.want {
			t.Errorf("ParseSpec(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"nim(piles=3;4;5,misere=true)", "a", "b()", "x(y=1,z=)", "((", "a(b=c)d)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := game.ParseSpec(s)
		if err != nil {
			return
		}
		again, err := game.ParseSpec(spec.String())
		if err != nil {
			t.Fatalf("canonical form %q of %q does not parse: %v", spec.String(), s, err)
		}
		if again.String() != spec.String() {
			t.Fatalf("canonical form not stable: %q → %q", spec.String(), again.String())
		}
	})
}

var testParams = []game.ParamSpec{
	{Name: "n", Kind: game.Int, Default: "3", HasMin: true, Min: 1, HasMax: true, Max: 10},
	{Name: "piles", Kind: game.IntList, Default: "1;2", HasMin: true, Min: 0, MinItems: 1},
	{Name: "rule", Kind: game.Enum, Default: "square", Choices: []string{"square", "overlap"}},
	{Name: "misere", Kind: game.Bool, Default: "false"},
	{Name: "time", Kind: game.Duration},
	{Name: "k", Kind: game.Int, Required: true},
}

func TestBind(t *testing.T) {
	tests := []struct {
		args    string
		wantErr string
		check   func(p game.Params) bool
	}{
		{args: "x(k=1)", check: func(p game.Params) bool {
			return p.Int("n") == 3 && len(p.Ints("piles")) == 2 && p.String("rule") == "square" && !p.Bool("misere") && !p.Has("n") && p.Has("k")
		}},
		{args: "x(k=1,n=10,piles=4;5;6,rule=overlap,misere=true,time=2s)", check: func(p game.Params) bool {
			return p.Int("n") == 10 && p.Ints("piles")[2] == 6 && p.String("rule") == "overlap" && p.Bool("misere") && p.Duration("time").Seconds() == 2
		}},
		{args: "x(n=1)", wantErr: `missing key "k"`},
		{args: "x(k=1,n=11)", wantErr: `bad value "11" for n: want a whole number from 1 to 10`},
		{args: "x(k=1,n=abc)", wantErr: `bad value "abc" for n`},
		{args: "x(k=1,piles=)", wantErr: "one or more whole numbers"},
		{args: "x(k=1,piles=1;-2)", wantErr: `bad value "1;-2"`},
		{args: "x(k=1,rule=triangle)", wantErr: "want one of square, overlap"},
		{args: "x(k=1,misere=maybe)", wantErr: "want true or false"},
		{args: "x(k=1,time=-1s)", wantErr: "positive duration"},
		{args: "x(k=1,colour=red)", wantErr: `unknown key "colour"; allowed keys: n, piles, rule, misere, time, k`},
	}
	for _, tt := range tests {
		spec, err := game.ParseSpec(tt.args)
		if err != nil {
			t.Fatalf("ParseSpec(%q): %v", tt.args, err)
		}
		p, err := game.Bind("x", testParams, spec.Args, 7)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Bind(%q) error = %v, want %q", tt.args, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("Bind(%q): %v", tt.args, err)
			continue
		}
		if !tt.check(p) || p.Seed() != 7 {
			t.Errorf("Bind(%q) gave wrong values", tt.args)
		}
	}
}

// ValueText writes whole fractions as whole numbers (a probability of 0 or
// 1), and every other value as it is.
func TestValueText(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want string
	}{
		{nil, "-"}, {"0/1", "0"}, {"1/1", "1"}, {"-3/1", "-3"}, {"123456789012345678901234567890/1", "123456789012345678901234567890"},
		{"77/729", "77/729"}, {"1/10", "1/10"}, {"x/1", "x/1"}, {"/1", "/1"}, {"-/1", "-/1"}, {3, "3"}, {"5", "5"}, {"1:2", "1:2"},
	} {
		if got := game.ValueText(tt.v); got != tt.want {
			t.Errorf("ValueText(%#v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
