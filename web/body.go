package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"

	"github.com/kombi/kombi/game"
)

// readJSON decodes a request body into v, refusing unknown fields, bodies
// over MaxBody and trailing data.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	_, ok := readBody(w, r, v)
	return ok
}

// readBody is readJSON that also returns the body read, for checks of
// what it leaves out (a field absent reads as its zero value).
func readBody(w http.ResponseWriter, r *http.Request, v any) ([]byte, bool) {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			writeError(w, http.StatusRequestEntityTooLarge, "request body over %d bytes", MaxBody)
		} else {
			writeError(w, http.StatusBadRequest, "request body: it could not be read (%v)", err)
		}
		return nil, false
	}
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		writeError(w, http.StatusBadRequest, "request body: it starts with a UTF-8 byte order mark (EF BB BF); send the JSON object without it")
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		hint := ""
		if ct := r.Header.Get("Content-Type"); strings.HasPrefix(ct, "application/x-www-form-urlencoded") || strings.HasPrefix(ct, "multipart/") {
			hint = fmt.Sprintf(" (it came as %s: the API reads a JSON object, e.g. curl -H 'Content-Type: application/json' -d '{\"game\": \"nim\"}')", strings.SplitN(ct, ";", 2)[0])
		}
		writeError(w, http.StatusBadRequest, "request body: %s%s", jsonProblem(err, data), hint)
		return nil, false
	}
	if dec.More() {
		writeError(w, http.StatusBadRequest, "request body: one JSON object expected, found more")
		return nil, false
	}
	if msg := keyProblem(data); msg != "" {
		writeError(w, http.StatusBadRequest, "request body: %s", msg)
		return nil, false
	}
	return data, true
}

// keyProblem finds a field name that encoding/json takes but the API does
// not mean, in the JSON data it decoded: a field given twice in one
// object (the last was taken) or written in capitals (a name matches in
// any case; the API's are lower case). "" when there is none.
func keyProblem(data []byte) string {
	type object struct {
		keys    map[string]bool
		wantKey bool // the next token is a key (or the object's end)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var stack []*object // nil entries: lists
	for {
		tok, err := dec.Token()
		if err != nil {
			return "" // the end, or what the decoder has said already
		}
		var top *object
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if key, ok := tok.(string); ok && top != nil && top.wantKey {
			switch {
			case strings.ToLower(key) != key:
				return fmt.Sprintf("field %q: the API's field names are lower case (%q)", game.Clip(key), game.Clip(strings.ToLower(key)))
			case top.keys[key]:
				return fmt.Sprintf("field %q is given twice in one object", game.Clip(key))
			}
			top.keys[key], top.wantKey = true, false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &object{keys: map[string]bool{}, wantKey: true})
			continue
		case json.Delim('['):
			stack = append(stack, nil)
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		// A value ended (a scalar, or an object or a list closed): the
		// object holding it wants its next key.
		if len(stack) > 0 && stack[len(stack)-1] != nil {
			stack[len(stack)-1].wantKey = true
		}
	}
}

// jsonProblem says in words what is wrong with the JSON body data
// (without Go type names).
func jsonProblem(err error, data []byte) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		field := fieldPath(te.Field, data)
		what := fmt.Sprintf("field %q", field)
		if te.Field == "" {
			what = "the body" // a list or a number where the object goes
		}
		return fmt.Sprintf("%s has the wrong kind of value (%s where %s is expected)", what, jsonValue(te.Value), jsonKind(te.Field, te.Type))
	case errors.As(err, &se) && strings.Contains(se.Error(), "exceeded max depth"):
		return fmt.Sprintf("nested too deeply at byte %d (JSON nested more than 10000 levels)", se.Offset)
	case errors.As(err, &se):
		return fmt.Sprintf("not valid JSON at byte %d", se.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Sprintf("the JSON ends early, after %d bytes: a closing }, ] or \" is missing", len(data))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return "unknown field " + strings.TrimPrefix(err.Error(), "json: unknown field ")
	case err.Error() == "EOF":
		return "empty; a JSON object is expected"
	}
	return "not a valid JSON object"
}

// fieldPath is the path encoding/json names a field by, with the index of
// the move part it is in ("parts[1].value" for "parts.value": which part
// was wrong said nothing).
func fieldPath(field string, data []byte) string {
	rest, ok := strings.CutPrefix(field, "parts.")
	if !ok {
		return field
	}
	var body struct{ Parts []json.RawMessage }
	if json.Unmarshal(data, &body) != nil {
		return field
	}
	for i, raw := range body.Parts {
		var p game.Part
		if json.Unmarshal(raw, &p) != nil {
			return fmt.Sprintf("parts[%d].%s", i, rest)
		}
	}
	return field
}

// jsonValue names a JSON value as encoding/json describes it ("array",
// "number 2.5", "bool") with its article: "an array", "a number 2.5",
// "true or false".
func jsonValue(v string) string {
	switch {
	case v == "bool":
		return "true or false"
	case v == "":
		return "a value"
	case strings.ContainsRune("aeiou", rune(v[0])):
		return "an " + v
	}
	return "a " + v
}

// wholeNumbers says what the API's whole-number fields allow, by the path
// encoding/json names them by: the range a later check holds them to, not
// the range of the Go type that holds them.
var wholeNumbers = map[string]string{
	"delay_ms":              fmt.Sprintf("a whole number of milliseconds from 0 to %d", MaxDelay.Milliseconds()),
	"parts.value":           "a whole number (a heap, cell, gap or symbol from 0, an amount, a number of the set or a colour)",
	"view.heaps":            "a whole number of tokens, 0 or more",
	"view.status.to_move":   "a whole number from -2 to 1 (0 or 1 the seat to move, -1 a chance draw, -2 the game is over)",
	"view.status.winner":    "0 or 1 (the seat that won)",
	"view.status.gap":       "a whole number, a gap of the word from 0",
	"view.grid.cells.owner": "-1 (free), 0 or 1 (the seat that took the cell)",
	"view.numbers.owner":    "-1 (free), 0 or 1 (the seat that took the number)",
	"view.numbers.color":    "a colour's index in view.colors, or -1 (uncoloured)",
	"view.word.symbols":     "a whole number, a symbol from 0 to the alphabet's size less 1",
}

// jsonKind names the kind of value the field with this path takes as
// JSON people know it: a whole number with the range the API allows
// ("a number 2.5 where a number is expected" said nothing; Go's int64
// range said what the API does not allow).
func jsonKind(field string, t reflect.Type) string {
	switch k := t.Kind().String(); {
	case strings.HasPrefix(k, "int"):
		if what, ok := wholeNumbers[field]; ok {
			return what
		}
		return "a whole number"
	case strings.HasPrefix(k, "uint"):
		return fmt.Sprintf("a whole number from 0 to %d", ^uint64(0)>>(64-t.Bits()))
	case strings.HasPrefix(k, "float"):
		return "a number"
	case k == "string":
		return "a string"
	case k == "bool":
		return "true or false"
	case k == "slice", k == "array":
		return "a list"
	}
	return "an object"
}

// leftOutIsNone sets to -1 (free, uncoloured) the owners and colours that
// the body data of a set-up leaves out of v's cells and numbers: decoded,
// they read as 0, seat 0's, which a script that leaves them out does not
// mean.
func leftOutIsNone(v *game.View, data []byte) {
	var body struct {
		View struct {
			Grid *struct {
				Cells []map[string]json.RawMessage
			}
			Numbers []map[string]json.RawMessage
		}
	}
	if json.Unmarshal(data, &body) != nil {
		return
	}
	if g := body.View.Grid; g != nil && v.Grid != nil && len(g.Cells) == len(v.Grid.Cells) {
		for i, c := range g.Cells {
			if !given(c, "owner") {
				v.Grid.Cells[i].Owner = -1
			}
		}
	}
	if len(body.View.Numbers) == len(v.Numbers) {
		for i, n := range body.View.Numbers {
			if !given(n, "owner") {
				v.Numbers[i].Owner = -1
			}
			if !given(n, "color") {
				v.Numbers[i].Color = -1
			}
		}
	}
}

// given reports whether a JSON object has the field name (in lower case,
// as keyProblem holds every field name of a body read).
func given(obj map[string]json.RawMessage, name string) bool {
	_, ok := obj[name]
	return ok
}

// partsLeftOut says which move part of the body data leaves out its kind
// or its value ("" when none does): decoded, a value left out reads as 0,
// which a script that misspells or forgets it does not mean.
func partsLeftOut(data []byte) string {
	var body struct{ Parts []map[string]json.RawMessage }
	if json.Unmarshal(data, &body) != nil {
		return ""
	}
	for i, p := range body.Parts {
		for _, field := range []string{"kind", "value"} {
			if !given(p, field) {
				return fmt.Sprintf(`parts[%d] has no %q: give each part as {"kind": "heap", "value": 0} (a kind and a whole number)`, i, field)
			}
		}
	}
	return ""
}
