package store

import (
	"bytes"
	"context"
	"testing"
)

// TestSolveBlobs: unnamed blobs add up in order, a named one is stored
// once, on both backends.
func TestSolveBlobs(t *testing.T) {
	eachBackend(t, func(t *testing.T, url string) {
		ctx := context.Background()
		s := openT(t, url)
		const g = "thue(alphabet=5,rule=square,start=0)"
		for i, d := range [][]byte{{1, 2, 3}, {}, bytes.Repeat([]byte{7}, 1<<20)} {
			if ok, err := s.PutSolveBlob(ctx, SolveBlob{Game: g, Kind: "proofs", Data: d, Worker: "w"}); err != nil || !ok {
				t.Fatalf("blob %d: %v %v", i, ok, err)
			}
		}
		got, err := s.SolveBlobs(ctx, g, "proofs", 0, 10, "")
		if err != nil || len(got) != 3 || !bytes.Equal(got[0].Data, []byte{1, 2, 3}) || len(got[1].Data) != 0 || len(got[2].Data) != 1<<20 || got[0].Worker != "w" || got[0].Created.IsZero() {
			t.Fatalf("blobs: %d, %v", len(got), err)
		}
		after, err := s.SolveBlobs(ctx, g, "proofs", got[0].ID, 1, "")
		if err != nil || len(after) != 1 || after[0].ID != got[1].ID {
			t.Fatalf("after the first, one: %+v, %v", after, err)
		}
		if _, err := s.PutSolveBlob(ctx, SolveBlob{Game: g, Kind: "proofs", Data: []byte{5}, Worker: "v"}); err != nil {
			t.Fatal(err)
		}
		others, err := s.SolveBlobs(ctx, g, "proofs", 0, 10, "w")
		if err != nil || len(others) != 1 || others[0].Worker != "v" || !bytes.Equal(others[0].Data, []byte{5}) {
			t.Fatalf("the blobs not from w: %+v, %v", others, err)
		}
		for i, d := range [][]byte{{9}, {8}} {
			ok, err := s.PutSolveBlob(ctx, SolveBlob{Game: g, Kind: "shard", Name: "n=8/3", Data: d})
			if err != nil || ok != (i == 0) {
				t.Fatalf("named blob %d: %v %v", i, ok, err)
			}
		}
		b, ok, err := s.SolveBlobByName(ctx, g, "shard", "n=8/3")
		if err != nil || !ok || !bytes.Equal(b.Data, []byte{9}) {
			t.Fatalf("by name: %+v %v %v", b, ok, err)
		}
		if _, ok, err := s.SolveBlobByName(ctx, g, "shard", "n=8/4"); ok || err != nil {
			t.Fatalf("a name never stored: %v %v", ok, err)
		}
		if m, err := s.SolveBlobsByName(ctx, g, "shard", []string{"n=8/3", "n=8/4"}); err != nil || len(m) != 1 || !bytes.Equal(m["n=8/3"].Data, []byte{9}) {
			t.Fatalf("by names: %v %v", m, err)
		}
		if names, err := s.SolveBlobNames(ctx, g, "shard"); err != nil || len(names) != 1 || names[0] != "n=8/3" {
			t.Fatalf("names %v %v", names, err)
		}
		if _, err := s.PutSolveBlob(ctx, SolveBlob{Game: g}); err == nil {
			t.Fatal("a blob without a kind stored")
		}
	})
}
