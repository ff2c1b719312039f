package game

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Spec is a parsed game or bot string: a name with key=value arguments, as in
// "nim(piles=3;4;5,misere=true)" or "alphabeta(depth=8)". Values are kept as
// text; ParamSpec gives them a type. A value may hold a list, its items
// separated by ';'.
type Spec struct {
	Name string
	Args []Arg
}

// Arg is one key=value argument of a Spec.
type Arg struct {
	Key, Value string
}

// String writes the spec back in its canonical text form.
func (s Spec) String() string {
	if len(s.Args) == 0 {
		return s.Name
	}
	var b strings.Builder
	b.WriteString(s.Name)
	b.WriteByte('(')
	for i, a := range s.Args {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(a.Key)
		b.WriteByte('=')
		b.WriteString(a.Value)
	}
	b.WriteByte(')')
	return b.String()
}

// MaxSpecBytes bounds the length of a game or bot string.
const MaxSpecBytes = 4 << 20

// Clip shortens a text for an error message: long user input is shown by
// its start and its length, not echoed whole.
func Clip(s string) string { return Truncate(s, 120) }

// Wrap breaks each line of s at spaces into lines of at most width
// characters (a longer word alone on its line), for a terminal: the one
// wrap of the solvers' texts (a page joins the lines of a sentence again).
// No-break spaces keep their words together.
func Wrap(s string, width int) string {
	var b strings.Builder
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		n := 0
		for _, w := range strings.Split(line, " ") {
			k := utf8.RuneCountInString(w)
			switch {
			case n == 0:
			case n+1+k > width:
				b.WriteByte('\n')
				n = 0
			default:
				b.WriteByte(' ')
				n++
			}
			b.WriteString(w)
			n += k
		}
	}
	return b.String()
}

// Series joins words as a sentence lists them, with conj ("and", "or")
// before the last: "2", "2 and 3", "1, 2 or 3" (the one such list of the
// project's texts).
func Series(items []string, conj string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}

// ValueText writes a value of a game's measure (solve's values: a Grundy
// value, a length, an exact probability "77/729") as people read it: a
// fraction that is a whole number, the probabilities "0/1" and "1/1", as
// that number, 0 and 1; "-" for no value. JSON keeps the value as it is.
func ValueText(v any) string {
	if v == nil {
		return "-"
	}
	text := fmt.Sprint(v)
	if num, den, ok := strings.Cut(text, "/"); ok && den == "1" {
		if digits := strings.TrimPrefix(num, "-"); digits != "" && strings.Trim(digits, "0123456789") == "" {
			return num
		}
	}
	return text
}

// Plural writes n and the noun, made plural when n is not 1 ("1 cell",
// "3 cells", "2 classes"): the one plural of the project's texts.
func Plural(n int, noun string) string {
	switch {
	case n == 1:
		return "1 " + noun
	case strings.HasSuffix(noun, "s"):
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// All writes n of a noun as a whole ("the one game", "both games", "all 4
// games"): the words for "every one of them" whatever their number.
func All(n int, noun string) string {
	switch n {
	case 1:
		return "the one " + noun
	case 2:
		return "both " + strings.TrimPrefix(Plural(2, noun), "2 ")
	}
	return "all " + Plural(n, noun)
}

// Seconds writes a duration in seconds for people, to three digits or to
// the minute: "12 µs", "3.4 ms", "3.4 s", "2 min 5 s", "1 h 30 min" (the
// one duration of the project's reports). Its spaces are no-break spaces,
// so that a wrapped line keeps a duration whole.
func Seconds(s float64) string {
	var d string
	switch {
	case s < 0.001:
		d = strconv.FormatFloat(s*1e6, 'g', 3, 64) + " µs"
	case s < 1:
		d = strconv.FormatFloat(s*1000, 'g', 3, 64) + " ms"
	case s < 60:
		d = strconv.FormatFloat(s, 'g', 3, 64) + " s"
	case s < 3600:
		d = fmt.Sprintf("%d min %d s", int(s)/60, int(s)%60)
	default:
		d = fmt.Sprintf("%d h %d min", int(s)/3600, int(s)%3600/60)
	}
	return strings.ReplaceAll(d, " ", "\u00a0")
}

// Grouped writes n with commas between groups of three digits
// ("13,445,743,863"), as the reports write counts.
func Grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	digits := strings.TrimPrefix(s, "-")
	var b strings.Builder
	b.WriteString(s[:len(s)-len(digits)])
	for i, r := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// CannotTake is the error of a move that takes more tokens from a heap
// (numbered from 1) than it holds: "heap 1 has only 1 token, cannot take 3".
func CannotTake[N ~int | ~uint64](heap int, has, take N) error {
	tokens := "tokens"
	if has == 1 {
		tokens = "token"
	}
	return fmt.Errorf("heap %d has only %d %s, cannot take %d", heap, has, tokens, take)
}

// MaxListItems bounds the items of a list parameter (such as Nim's piles).
const MaxListItems = 1 << 20

// ParseSpec parses "name" or "name(key=value,...)". Spaces around names, keys
// and values are ignored. It checks only the syntax and that no key repeats;
// Bind checks keys and values against a parameter list.
func ParseSpec(text string) (Spec, error) {
	if len(text) > MaxSpecBytes {
		return Spec{}, fmt.Errorf("%q is %d bytes long, more than the %d a game or bot string may have", Clip(text)[:40], len(text), MaxSpecBytes)
	}
	t := strings.TrimSpace(text)
	if t == "" {
		return Spec{}, fmt.Errorf("empty name: expected name or name(key=value,...)")
	}
	open := strings.IndexByte(t, '(')
	if open < 0 {
		if strings.ContainsAny(t, ")=,") {
			return Spec{}, fmt.Errorf("%q: expected name or name(key=value,...)", Clip(text))
		}
		if err := checkName(t); err != nil {
			return Spec{}, fmt.Errorf("%q: %w", Clip(text), err)
		}
		return Spec{Name: t}, nil
	}
	if !strings.HasSuffix(t, ")") {
		if close := strings.LastIndexByte(t, ')'); close > open {
			return Spec{}, fmt.Errorf("%q: %q after the closing parenthesis: expected name or name(key=value,...) and nothing after it", Clip(text), Clip(t[close+1:]))
		}
		return Spec{}, fmt.Errorf("%q: missing closing parenthesis", Clip(text))
	}
	name := strings.TrimSpace(t[:open])
	if err := checkName(name); err != nil {
		return Spec{}, fmt.Errorf("%q: %w", Clip(text), err)
	}
	body := t[open+1 : len(t)-1]
	spec := Spec{Name: name}
	if strings.TrimSpace(body) == "" {
		return spec, nil
	}
	if strings.ContainsAny(body, "()") {
		return Spec{}, fmt.Errorf("%q: unexpected parenthesis inside the arguments", Clip(text))
	}
	seen := map[string]bool{}
	for _, part := range strings.Split(body, ",") {
		key, value, ok := strings.Cut(part, "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || key == "" {
			return Spec{}, fmt.Errorf("%q: argument %q is not key=value", Clip(text), strings.TrimSpace(part))
		}
		if seen[key] {
			return Spec{}, fmt.Errorf("%q: key %q given twice", Clip(text), key)
		}
		seen[key] = true
		spec.Args = append(spec.Args, Arg{Key: key, Value: value})
	}
	return spec, nil
}

func checkName(name string) error {
	if name == "" {
		return fmt.Errorf("missing name before '('")
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return fmt.Errorf("name %q may hold only letters, digits, '_' and '-'", Clip(name))
		}
	}
	return nil
}
