package vdwlist

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"
	"time"

	"github.com/kombi/kombi/games/vdwlist"
)

// TestTableFileRoundTrip saves a solver's table after s = 11, loads it into
// a new solver and checks that s = 11 is then answered from the table
// alone, the same value, and that a damaged file or one of another game is
// refused.
func TestTableFileRoundTrip(t *testing.T) {
	g, _ := vdwlist.New(3, 3, 2, 11)
	sv := NewSolver(g, 64<<20)
	sv.SetWorkers(1)
	sv.SetCheckpointed()
	want, err := sv.Value(context.Background(), g.NewInitialState().(*vdwlist.State))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := sv.SaveTable(&buf); err != nil {
		t.Fatal(err)
	}
	file := buf.Bytes()
	sv2 := NewSolver(g, 64<<20)
	sv2.SetWorkers(1)
	if err := sv2.LoadTable(bytes.NewReader(file)); err != nil {
		t.Fatal(err)
	}
	if sv2.Stored() != sv.Stored() {
		t.Fatalf("loaded %d positions, saved %d", sv2.Stored(), sv.Stored())
	}
	got, err := sv2.Value(context.Background(), g.NewInitialState().(*vdwlist.State))
	if err != nil || got.Cmp(want) != 0 {
		t.Fatalf("after loading: %v %v, want %v", got, err, want)
	}
	if sv2.Searched() != 0 {
		t.Fatalf("after loading, %d positions searched again", sv2.Searched())
	}
	// A reader that cannot seek is read into memory before the table
	// (a file is read twice instead): the same entries.
	sv3 := NewSolver(g, 64<<20)
	if err := sv3.LoadTable(struct{ io.Reader }{bytes.NewReader(file)}); err != nil || sv3.Stored() != sv.Stored() {
		t.Fatalf("from a reader that cannot seek: %d positions loaded, %d saved: %v", sv3.Stored(), sv.Stored(), err)
	}
	for i, bad := range [][]byte{file[:len(file)-3], append(append([]byte{}, file[:100]...), append([]byte{file[100] ^ 1}, file[101:]...)...), []byte("hello")} {
		for _, r := range []io.Reader{bytes.NewReader(bad), struct{ io.Reader }{bytes.NewReader(bad)}} {
			sv := NewSolver(g, 64<<20)
			if err := sv.LoadTable(r); !errors.Is(err, ErrTableFile) || sv.Stored() != 0 {
				t.Errorf("damaged file %d (%T): %v, %d positions loaded", i, r, err, sv.Stored())
			}
		}
	}
	other, _ := vdwlist.New(3, 3, 1, 11)
	if err := NewSolver(other, 64<<20).LoadTable(bytes.NewReader(file)); !errors.Is(err, ErrTableFile) {
		t.Errorf("a file of list=2 loaded for list=1: %v", err)
	}
}

// TestSeriesContinuesFromCheckpoint runs a series to s = 11 with a
// checkpoint directory, then again to s = 12: the second run starts from
// the table and searches only what s = 12 adds.
func TestSeriesContinuesFromCheckpoint(t *testing.T) {
	dir := t.TempDir()
	o := TableOptions{K: 3, Colors: []int{3}, Lists: []int{2}, From: 11, MaxS: 11, Budget: time.Minute, MemBytes: 64 << 20, Checkpoint: dir}
	first, err := o.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	fresh := first.Series[0].Rows[0]
	o.MaxS = 12
	again, err := o.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	rows := again.Series[0].Rows
	if len(rows) != 2 || rows[0].P1Win != fresh.P1Win || rows[0].Loaded == 0 || rows[0].Searched != 0 || rows[1].P1Win != "7235/19683" {
		t.Fatalf("second run: %+v (first: %+v)", rows, fresh)
	}
}
