package all_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/files"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/all"
	"github.com/kombi/kombi/match"
)

// FuzzReplay reads any bytes as a record file (kombi replay FILE, a
// record uploaded): never a panic; a record refused says why; a record
// that replays is written and read back to the same final position.
// The seeds are records of whole games of every family, so that mutations
// reach each game's moves and results.
func FuzzReplay(f *testing.F) {
	kit, err := all.New()
	if err != nil {
		f.Fatal(err)
	}
	for i, gs := range []string{"nim(piles=3;4;5)", "grundy(heap=9)", "wythoff(piles=5;8)", "nim2d(n=4)",
		"ap(k=3,set=1;2;3;4;5;6;7;8;9)", "thue(alphabet=3)", "vdwlist(k=3,colors=3,list=2,s=9)", "buildingnim(tokens=4)"} {
		g, err := kit.Games.Load(gs, uint64(i+1))
		if err != nil {
			f.Fatal(err)
		}
		seats, err := match.NewSeats(kit.Bots, g, [2]string{"random", "random"}, uint64(i+1), bot.Env{})
		if err != nil {
			f.Fatal(err)
		}
		rec, err := match.Play(context.Background(), g, seats, match.Options{Seed: uint64(i + 1)})
		if err != nil {
			f.Fatal(err)
		}
		data, err := json.Marshal(rec)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"game":"nim(piles=1,misere=false)","players":["a","b"],"moves":[{"player":0,"move":"1:1"}],"winner":0,"returns":[1,-1],"length":1}`))
	f.Add([]byte(`{"game":"nim","players":["a"],"moves":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := files.ReadRecordFile("-", bytes.NewReader(data))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("a record refused without a reason")
			}
			return
		}
		end, err := game.Replay(kit.Games, rec)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("a replay refused without a reason")
			}
			return
		}
		again, err := json.Marshal(rec)
		if err != nil {
			t.Fatalf("a record that replays does not encode: %v", err)
		}
		rec2, err := files.ReadRecordFile("-", bytes.NewReader(again))
		if err != nil {
			t.Fatalf("a record that replays is refused once written: %v\n%s", err, again)
		}
		end2, err := game.Replay(kit.Games, rec2)
		if err != nil {
			t.Fatalf("a record that replays does not replay once written: %v\n%s", err, again)
		}
		if end.String() != end2.String() {
			t.Fatalf("written and read back, the record ends elsewhere:\n%s\n%s", end, end2)
		}
	})
}
