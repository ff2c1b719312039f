package web_test

import (
	"runtime"
	"testing"
)

// TestIdleBotsHoldNoTables starts many matches in which the exact
// list-colouring player moves first, its solver table filling as it
// decides (about 2 MiB a match): once each bot has answered and waits for its person, it has
// dropped its table (the engine releases idle players), so the server's
// heap stays bounded however many matches wait.
func TestIdleBotsHoldNoTables(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 12 matches against an exact player")
	}
	h := newHarness(t, nil)
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapInuse
	for i := range 12 {
		m := h.create("vdwlist(k=3,colors=3,list=2,s=11)", [2]string{"perfect", "human"}, uint64(i))
		h.waitTurn(m.ID)
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	grew := int64(ms.HeapInuse) - int64(before)
	t.Logf("heap in use grew by %d MiB over 12 waiting matches", grew>>20)
	if grew > 8<<20 {
		t.Fatalf("the heap grew by %d MiB over 12 matches waiting for a person: their computer players keep their tables", grew>>20)
	}
}
