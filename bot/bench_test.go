package bot_test

import (
	"context"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/games/nim"
)

// BenchmarkAlphaBetaNim is a fixed search: one Act of a fresh depth-7
// alpha-beta bot on Nim 3,4,5,6 (the table starts empty each time, as for a
// bot's first move).
func BenchmarkAlphaBetaNim(b *testing.B) {
	g, _ := nim.New([]int{3, 4, 5, 6}, false)
	s := g.NewInitialState()
	for b.Loop() {
		ab := bot.NewAlphaBeta(7, 0)
		if _, err := ab.Act(context.Background(), s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStarTree is a fixed search: one depth-10 Star2 search of a
// synthetic chance tree with a fresh table.
func BenchmarkStarTree(b *testing.B) {
	s := treeGame{depth: 14, seed: 5}.NewInitialState()
	for b.Loop() {
		st := bot.NewStar(bot.StarOptions{Depth: 10})
		if _, _, _, err := st.Search(context.Background(), s, 10); err != nil {
			b.Fatal(err)
		}
	}
}
