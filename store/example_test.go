package store_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/match"
	"github.com/kombi/kombi/store"
)

// The store from Go: games played with match.Play are added to an SQLite
// file (Open creates it and its schema), listed back with a Filter (by
// family or by canonical game string, newest first), and each stored
// record decoded and replayed to its end. A record added twice is stored
// once.
func ExampleStore_Games() {
	ctx := context.Background()
	kit, err := all.New()
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

	var recs []*game.Record
	for _, spec := range []string{"nim(piles=2;3)", "nim(piles=1;2;3)", "wythoff(piles=3;5)"} {
		const seed = 1
		g, err := kit.Games.Load(spec, seed)
		if err != nil {
			log.Fatal(err)
		}
		seats, err := match.NewSeats(kit.Bots, g, [2]string{"random", "perfect"}, seed, bot.Env{})
		if err != nil {
			log.Fatal(err)
		}
		rec, err := match.Play(ctx, g, seats, match.Options{Seed: seed})
		if err != nil {
			log.Fatal(err)
		}
		recs = append(recs, rec)
	}
	added, err := st.AddRecords(ctx, store.SourcePlay, recs...)
	if err != nil {
		log.Fatal(err)
	}
	again, err := st.AddRecords(ctx, store.SourcePlay, recs...)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("added", added, "then", again)

	nim, err := st.Games(ctx, store.Filter{Game: "nim"})
	if err != nil {
		log.Fatal(err)
	}
	for _, sg := range nim {
		rec, err := sg.Decode()
		if err != nil {
			log.Fatal(err)
		}
		end, err := game.Replay(kit.Games, rec)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("#%d %s %v: %d moves, %s wins; replayed to %q\n", sg.ID, sg.Game, sg.Players, len(rec.Moves),
			rec.Players[*rec.Winner], end.(game.Positioner).Position())
	}
	n, err := st.CountGames(ctx, store.Filter{Game: recs[1].Game}) // a record's game string is canonical
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(n, "game of", recs[1].Game)
	// Output:
	// added 3 then 0
	// #2 nim(piles=1;2;3,misere=false) [random perfect]: 4 moves, perfect wins; replayed to "0;0;0"
	// #1 nim(piles=2;3,misere=false) [random perfect]: 2 moves, perfect wins; replayed to "0;0"
	// 1 game of nim(piles=1;2;3,misere=false)
}
