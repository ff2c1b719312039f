package sweep

import (
	"math"
	"slices"

	"github.com/kombi/kombi/game"
)

// Quantiles summarise decision times in seconds.
type Quantiles struct {
	P50 float64 `json:"p50"`
	P90 float64 `json:"p90"`
	Max float64 `json:"max"`
}

// LengthStats summarise the lengths of a cell's games (the game's own
// measure: the Thue word length, else the number of moves).
type LengthStats struct {
	Mean float64 `json:"mean"`
	Min  int     `json:"min"`
	Max  int     `json:"max"`
}

// CellResult is one cell's results: `kombi sweep results` prints one row
// per cell.
type CellResult struct {
	ID   string `json:"-"`
	Game string `json:"game"`
	P1   string `json:"p1"`
	P2   string `json:"p2"`
	// Games counts the cell's stored games; Wins and Draws the finished
	// ones; Stopped those stopped early (length limit, think time): the
	// records marked aborted (game.Record.Aborted), which
	// ArenaResult.Aborted counts too; "stopped" here, as the results
	// table's column says.
	Games   int         `json:"games"`
	Wins    [2]int      `json:"wins"`
	Draws   int         `json:"draws"`
	Stopped int         `json:"stopped"`
	Length  LengthStats `json:"length"`
	// Seconds summarise each seat's decision times (computer seats; a
	// seat that never decided has zeros).
	Seconds [2]Quantiles `json:"seconds"`

	lengthSum int64
	times     [2][]float64
}

// Results is a sweep's results, cell by cell.
type Results struct {
	Name  string        `json:"name"`
	Cells []*CellResult `json:"cells"`
	// Labels name games for the table (the spec's labels: game string →
	// name).
	Labels map[string]string `json:"labels,omitempty"`
	index  map[string]*CellResult
}

// NewResults starts the results of a sweep whose cells are known (their
// order is the table's); records of other cells are added at the end.
func NewResults(name string, cells []Cell) *Results {
	s := &Results{Name: name, Cells: []*CellResult{}, index: map[string]*CellResult{}}
	for _, c := range cells {
		s.cell(c.ID, c.Game, c.Players)
	}
	return s
}

func (s *Results) cell(id, gameStr string, players [2]string) *CellResult {
	if c, ok := s.index[id]; ok {
		return c
	}
	c := &CellResult{ID: id, Game: gameStr, P1: players[0], P2: players[1], Length: LengthStats{Min: math.MaxInt}}
	s.index[id] = c
	s.Cells = append(s.Cells, c)
	return c
}

// Add counts one stored game of cell id.
func (s *Results) Add(id string, r *game.Record) {
	var players [2]string
	copy(players[:], r.Players)
	c := s.cell(id, r.Game, players)
	c.Games++
	switch {
	case r.Aborted:
		c.Stopped++
	case r.Winner == nil:
		c.Draws++
	case *r.Winner == 0 || *r.Winner == 1:
		c.Wins[*r.Winner]++
	}
	c.lengthSum += int64(r.Length)
	c.Length.Min = min(c.Length.Min, r.Length)
	c.Length.Max = max(c.Length.Max, r.Length)
	for _, m := range r.Moves {
		if m.Player == 0 || m.Player == 1 {
			c.times[m.Player] = append(c.times[m.Player], m.Seconds)
		}
	}
}

// Finish computes the means and quantiles; call it once, after the last Add.
func (s *Results) Finish() *Results {
	for _, c := range s.Cells {
		if c.Games == 0 {
			c.Length.Min = 0
			continue
		}
		c.Length.Mean = float64(c.lengthSum) / float64(c.Games)
		for p := range 2 {
			c.Seconds[p] = quantiles(c.times[p])
			c.times[p] = nil
		}
	}
	return s
}

func quantiles(xs []float64) Quantiles {
	if len(xs) == 0 {
		return Quantiles{}
	}
	slices.Sort(xs)
	at := func(q float64) float64 { return xs[min(len(xs)-1, int(math.Ceil(q*float64(len(xs))))-1)] }
	return Quantiles{P50: at(0.5), P90: at(0.9), Max: xs[len(xs)-1]}
}
