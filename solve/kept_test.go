package solve_test

import (
	"sync"
	"testing"
	"time"

	"github.com/kombi/kombi/solve"
)

// TestKept: a value kept is taken by the next use of its key only (and is
// then no longer kept); another key makes a fresh one; the last kept
// replaces the one before; an idle one is dropped.
func TestKept(t *testing.T) {
	k := solve.NewKept[*int](time.Hour)
	made := 0
	fresh := func() *int { made++; v := made; return &v }
	a := k.Take("a", fresh)
	k.Keep("a", a)
	if b := k.Take("b", fresh); b == a || made != 2 {
		t.Fatalf("another key took the value kept for a (made %d)", made)
	}
	if again := k.Take("a", fresh); again != a || made != 2 {
		t.Fatalf("the key a took %v, want the value kept %v", again, a)
	}
	if _, _, ok := k.Held(); ok {
		t.Fatal("a value taken is still kept")
	}
	if v := k.Take("a", fresh); v == a {
		t.Fatal("a value taken was taken again")
	}
	k.Keep("a", a)
	c := fresh()
	k.Keep("c", c)
	if key, v, ok := k.Held(); !ok || key != "c" || v != c {
		t.Fatalf("kept %q %v after keeping c", key, v)
	}
	idle := solve.NewKept[*int](time.Millisecond)
	idle.Keep("x", a)
	deadline := time.Now().Add(10 * time.Second)
	for _, _, ok := idle.Held(); ok; _, _, ok = idle.Held() {
		if time.Now().After(deadline) {
			t.Fatal("the value is still kept 10 s after an idle time of 1 ms")
		}
		time.Sleep(time.Millisecond)
	}
}

// TestKeptConcurrent: uses at once never share a value (race detector).
func TestKeptConcurrent(t *testing.T) {
	k := solve.NewKept[*[1]int](time.Hour)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 200 {
				v := k.Take("same", func() *[1]int { return new([1]int) })
				v[0]++ // a value shared between goroutines is a data race here
				k.Keep("same", v)
			}
		})
	}
	wg.Wait()
}
