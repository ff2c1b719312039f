package apgame

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"
)

func TestZZAnalysis(t *testing.T) {
	if os.Getenv("AP_ANALYSIS") == "" {
		t.Skip()
	}
	f, _ := os.Create("/tmp/exact40.txt")
	defer f.Close()
	for seed := uint64(2); seed <= 200; seed += 2 {
		g, _ := New(40, 3, seed)
		s := g.newState()
		i := mostProgressions(s, 0)
		s.applyIndex(i)
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		x := NewExact(1 << 24)
		t0 := time.Now()
		v, err := x.Value(ctx, s)
		cancel()
		fmt.Fprintf(f, "%d %d %v %d %.1f\n", seed, v, err, x.Nodes(), time.Since(t0).Seconds())
	}
}
