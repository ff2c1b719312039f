package sweep_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/sweep"
)

// A sweep from Go: a sweep file's text (the TOML `kombi sweep run`
// reads) parsed and checked, its games played into the store, and its
// results read back cell by cell. A run again plays only what is not
// stored yet: here nothing.
func ExampleRunStored() {
	ctx := context.Background()
	kit, err := all.New()
	if err != nil {
		log.Fatal(err)
	}
	spec, err := sweep.ParseSpec("example.toml", []byte(`
name = "example"
games = ["nim(piles=1;2;3)", "wythoff(piles=3;5)"]
pairs = [["random", "perfect"]]
seeds = "1..5"
alternate = true # also perfect against random
`))
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "kombi-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	st, err := store.Open(ctx, filepath.Join(dir, "kombi.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()

	for range 2 {
		r, err := sweep.RunStored(ctx, st, kit.Games, kit.Bots, spec, sweep.StoredOptions{Workers: 2})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%d of %d games stored, %d played now\n", r.Done, r.Total, r.PlayedNow)
	}
	res, recs, err := sweep.LoadResults(ctx, st, "example")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(recs), "records")
	for _, c := range res.Cells {
		fmt.Printf("%s, %s against %s: P1 %d wins, P2 %d wins, %.1f moves on average\n", c.Game, c.P1, c.P2, c.Wins[0], c.Wins[1], c.Length.Mean)
	}
	// Output:
	// 20 of 20 games stored, 20 played now
	// 20 of 20 games stored, 0 played now
	// 20 records
	// nim(piles=1;2;3), random against perfect: P1 0 wins, P2 5 wins, 4.0 moves on average
	// nim(piles=1;2;3), perfect against random: P1 5 wins, P2 0 wins, 5.0 moves on average
	// wythoff(piles=3;5), random against perfect: P1 0 wins, P2 5 wins, 3.2 moves on average
	// wythoff(piles=3;5), perfect against random: P1 5 wins, P2 0 wins, 3.8 moves on average
}
