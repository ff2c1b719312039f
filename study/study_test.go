package study_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/study"
)

// fakeOptions is a study with two settings that keeps what it computes in
// a database.
type fakeOptions struct {
	n     int
	quick bool
	url   string
}

func (o *fakeOptions) Settings() []study.Setting {
	o.n, o.quick = 3, false
	return []study.Setting{{Name: "number of rows", Value: study.Int(&o.n)}, {Name: "quick run", Value: study.Bool(&o.quick)}}
}

func (o *fakeOptions) Check() error {
	if o.n < 1 {
		return study.Settingf("{number of rows}: want at least 1")
	}
	return nil
}

func (o *fakeOptions) UseDatabase(url string) { o.url = url }

// TestRun: Registry.Run sets the settings named, keeps the others' defaults,
// gives the study the database, checks the settings, and refuses a setting
// the study does not have and a command that does not exist.
func TestRun(t *testing.T) {
	var got *fakeOptions
	var r study.Registry
	r.AddCommand(study.Command{Group: "report", Name: "fake", New: func() (study.Options, study.Run) {
		o := &fakeOptions{}
		return o, func(context.Context, func(solve.Progress)) (game.Tabler, error) { got = o; return nil, nil }
	}})
	if _, err := r.Run(context.Background(), "report", "fake", map[string]string{"quick run": "true"}, "db.sqlite", nil); err != nil || got == nil || got.n != 3 || !got.quick || got.url != "db.sqlite" {
		t.Fatalf("run: %v, options %+v", err, got)
	}
	for _, c := range []struct {
		name   string
		values map[string]string
		want   string
	}{
		{"fake", map[string]string{"number of rows": "0"}, "want at least 1"},
		{"fake", map[string]string{"number of rows": "x"}, "number of rows: parse error"},
		{"fake", map[string]string{"quick": "true"}, "1 of the settings [quick] are not its own"},
		{"other", nil, "no study command report other"},
	} {
		if _, err := r.Run(context.Background(), "report", c.name, c.values, "", nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %v: %v, want %q", c.name, c.values, err, c.want)
		}
	}
}
