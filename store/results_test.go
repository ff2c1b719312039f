package store

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestStudyResults: a result reads back as stored, a second put replaces
// it, a large one is compressed and reads back byte for byte, a missing
// key is ErrNotFound and bad results are refused, on both backends.
func TestStudyResults(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		if _, err := s.StudyResult(ctx, "none"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("missing key: %v, want ErrNotFound", err)
		}
		put := func(r StudyResult) {
			t.Helper()
			if err := s.PutStudyResult(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		put(StudyResult{Key: "a/b?n=1", Data: json.RawMessage(`{"ms":[1.5,2]}`), Seconds: 0.25, Machine: "here"})
		put(StudyResult{Key: "a/b?n=1", Data: json.RawMessage(`{"ms":[3]}`), Seconds: 0.5, Machine: "there"})
		got, err := s.StudyResult(ctx, "a/b?n=1")
		if err != nil || string(got.Data) != `{"ms":[3]}` || got.Seconds != 0.5 || got.Machine != "there" || got.Created.IsZero() {
			t.Fatalf("got %+v, %v", got, err)
		}
		big := json.RawMessage(`"` + strings.Repeat("x", 3<<20) + `"`)
		put(StudyResult{Key: "big", Data: big})
		if got, err := s.StudyResult(ctx, "big"); err != nil || string(got.Data) != string(big) {
			t.Fatalf("big result: %d bytes, %v", len(got.Data), err)
		}
		for _, bad := range []StudyResult{{Key: "", Data: json.RawMessage(`1`)}, {Key: "k", Data: json.RawMessage(`{`)}, {Key: "k", Data: json.RawMessage(`1`), Seconds: -1}} {
			if err := s.PutStudyResult(ctx, bad); err == nil {
				t.Errorf("%+v stored", bad)
			}
		}
	})
}
