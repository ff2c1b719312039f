package store

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// TestNilStore: every method of a nil *Store (an Open whose error went
// unchecked) answers with an error that says so, rather than a nil
// pointer's panic; Close closes nothing and the names are empty.
func TestNilStore(t *testing.T) {
	var s *Store
	v := reflect.ValueOf(s)
	ctxType := reflect.TypeFor[context.Context]()
	for i := range v.NumMethod() {
		m := v.Type().Method(i)
		args := make([]reflect.Value, m.Type.NumIn()-1)
		for j := range args {
			in := m.Type.In(j + 1)
			if in == ctxType {
				args[j] = reflect.ValueOf(context.Background())
			} else {
				args[j] = reflect.Zero(in)
			}
		}
		if m.Type.IsVariadic() {
			args = args[:len(args)-1]
		}
		var out []reflect.Value
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("(*Store)(nil).%s panicked: %v", m.Name, r)
				}
			}()
			out = v.Method(i).Call(args)
		}()
		if out == nil {
			continue
		}
		switch m.Name {
		case "Close", "PgxPool", "Dialect", "Location":
			if !out[0].IsZero() {
				t.Errorf("(*Store)(nil).%s = %v, want the zero value", m.Name, out[0])
			}
			continue
		}
		err, _ := out[len(out)-1].Interface().(error)
		if err == nil || !strings.Contains(err.Error(), "store: "+m.Name+": no database (a nil *store.Store") {
			t.Errorf("(*Store)(nil).%s: %v; want an error naming the nil *store.Store", m.Name, err)
		}
	}
}
