package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/kombi/kombi/game"
)

// ReadRecords reads game records: one JSON object (as `kombi play` writes
// it) or one per line (as `kombi arena --records` writes them).
func ReadRecords(r io.Reader) ([]*game.Record, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read records: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []*game.Record
	for {
		var rec game.Record
		if err := dec.Decode(&rec); err == io.EOF {
			break
		} else if err != nil {
			return out, fmt.Errorf("record %d: %w", len(out)+1, err)
		}
		out = append(out, &rec)
	}
	return out, nil
}

// DecisionTimes returns, for every record and every player (0, 1) kept by
// the players filter, the seconds of each decision against the game's
// measure before the decision: the Thue word length, or the move number for
// games without a Scorer (the thesis' Figures 3.1–3.6). Each record is
// replayed to know the measure, so records must replay. name labels a
// series from its record and player.
func DecisionTimes(reg *game.Registry, recs []*game.Record, players []game.Player, name func(r *game.Record, p game.Player) string) ([]Series, error) {
	var out []Series
	for ri, r := range recs {
		g, err := reg.Load(r.Game, r.Seed)
		if err != nil {
			return nil, fmt.Errorf("record %d: %w", ri+1, err)
		}
		s := g.NewInitialState()
		series := map[game.Player]*Series{}
		for _, p := range players {
			series[p] = &Series{Name: name(r, p)}
		}
		for i, m := range r.Moves {
			x := float64(i + 1)
			if sc, ok := s.(game.Scorer); ok {
				x = float64(sc.Score())
			}
			if ser, ok := series[m.Player]; ok {
				ser.X = append(ser.X, x)
				ser.Y = append(ser.Y, m.Seconds)
			}
			mv, err := s.ParseMove(m.Move)
			if err != nil {
				return nil, fmt.Errorf("record %d move %d: %w", ri+1, i+1, err)
			}
			if err := s.Apply(mv); err != nil {
				return nil, fmt.Errorf("record %d move %d: %w", ri+1, i+1, err)
			}
		}
		for _, p := range players {
			if len(series[p].X) > 0 {
				out = append(out, *series[p])
			}
		}
	}
	return out, nil
}

// MeanByName merges the series that share a name into one, whose y at each
// x is the mean of theirs (decision times of many games of one strategy).
func MeanByName(series []Series) []Series {
	type acc struct {
		sum map[float64]float64
		n   map[float64]int
	}
	var order []string
	byName := map[string]*acc{}
	for _, s := range series {
		a := byName[s.Name]
		if a == nil {
			a = &acc{sum: map[float64]float64{}, n: map[float64]int{}}
			byName[s.Name] = a
			order = append(order, s.Name)
		}
		for i, x := range s.X {
			a.sum[x] += s.Y[i]
			a.n[x]++
		}
	}
	out := make([]Series, 0, len(order))
	for _, name := range order {
		a := byName[name]
		xs := make([]float64, 0, len(a.n))
		for x := range a.n {
			xs = append(xs, x)
		}
		slices.Sort(xs)
		s := Series{Name: name, X: xs, Y: make([]float64, len(xs))}
		for i, x := range xs {
			s.Y[i] = a.sum[x] / float64(a.n[x])
		}
		out = append(out, s)
	}
	return out
}
