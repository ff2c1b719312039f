package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/games/apgame"
	"github.com/kombi/kombi/match"
)

// The Szemerédi game's commands: `kombi table ap-progressions`,
// `kombi bench ap` and `kombi report ap-strength`.

// loadAP loads a game string of the Szemerédi game.
func (a *app) loadAP(spec string, seed uint64) (*apgame.Game, error) {
	g, err := a.loadGame(spec, seed)
	if err != nil {
		return nil, err
	}
	ag, ok := g.(*apgame.Game)
	if !ok {
		return nil, usagef("%s is not a Szemerédi game; want ap(x=...,k=...)", spec)
	}
	return ag, nil
}

type apProgressionsJSON struct {
	Game         string  `json:"game"`
	Set          []int   `json:"set"`
	K            int     `json:"k"`
	Progressions [][]int `json:"progressions"`
	// Through[i] is how many progressions hold Set[i].
	Through []int `json:"through"`
}

func (a *app) apTableCmd() *cobra.Command {
	var (
		asJSON bool
		seed   uint64
	)
	c := &cobra.Command{
		Use:   "ap-progressions GAME",
		Short: "The set of a Szemerédi game and every k-term progression inside it",
		Long: "Print the playing set of GAME (drawn from seed= in the game string, else from --seed), every\n" +
			"k-term arithmetic progression inside it, and how many progressions hold each number.",
		Example: "  kombi table ap-progressions 'ap(x=20,k=3,seed=5)'\n" +
			"  kombi table ap-progressions 'ap(k=3,set=2;4;6;8;10;12)' --json",
		Args: exactArgs(1, "one game string"),
		RunE: func(c *cobra.Command, args []string) error {
			g, err := a.loadAP(args[0], seed)
			if err != nil {
				return err
			}
			out := apProgressionsJSON{Game: g.String(), Set: g.Set(), K: g.K(), Progressions: g.Progressions()}
			for _, v := range out.Set {
				out.Through = append(out.Through, g.ProgressionsThrough(v))
			}
			if asJSON {
				return writeJSON(a.stdout, out)
			}
			fmt.Fprintf(a.stdout, "%s\nset (%d numbers): %s\n", out.Game, len(out.Set), spaced(out.Set))
			fmt.Fprintf(a.stdout, "%d progressions of length %d:\n", len(out.Progressions), out.K)
			for _, p := range out.Progressions {
				fmt.Fprintf(a.stdout, "  %s   (difference %d)\n", spaced(p), p[1]-p[0])
			}
			fmt.Fprintln(a.stdout, "progressions through each number:")
			for i, v := range out.Set {
				if out.Through[i] > 0 {
					fmt.Fprintf(a.stdout, "  %5d: %d\n", v, out.Through[i])
				}
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	c.Flags().Uint64Var(&seed, "seed", 1, "seed of the set when the game string has no seed=")
	return c
}

func spaced(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, " ")
}

type apBenchJSON struct {
	Game         string  `json:"game"`
	Sets         int     `json:"sets"`
	Progressions float64 `json:"mean_progressions"`
	// Seconds per set.
	Draw      float64 `json:"draw_seconds"`
	Enumerate float64 `json:"enumerate_seconds"`
	Plain     float64 `json:"plain_enumerate_seconds"`
	// Seconds per move: colouring a number with the incremental counts
	// (and taking it back), against recounting every progression.
	Move        float64 `json:"move_seconds"`
	Recount     float64 `json:"recount_seconds"`
	MoveSpeedup float64 `json:"move_speedup"`
}

func (a *app) apBenchCmd() *cobra.Command {
	var (
		x, k, sets int
		asJSON     bool
	)
	c := &cobra.Command{
		Use:   "ap",
		Short: "Szemerédi game: time the set draw, the progressions and the incremental move update",
		Long: "Draw --sets sets of the Szemerédi game (x numbers, k-term progressions) and time, per set:\n" +
			"the draw; finding every k-term progression with the per-number index (each progression found\n" +
			"once from its first two numbers), against the plain search over every start and difference;\n" +
			"and, per move, colouring a number with the incremental counts (only the progressions through\n" +
			"it are updated) against recounting every progression, as a game without the counts would.",
		Example: "  kombi bench ap --x 1000 --k 3 --sets 20",
		Args:    exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if sets < 1 {
				return usagef("bench ap: --sets %d: want at least 1", sets)
			}
			if _, err := apgame.DrawSet(x, k, 0); err != nil {
				return usageError{fmt.Errorf("bench ap: %w", err)}
			}
			var draw, enum, plain, move, recount time.Duration
			total, moves := 0, 0
			for i := range sets {
				if err := c.Context().Err(); err != nil {
					return err
				}
				start := time.Now()
				set, err := apgame.DrawSet(x, k, uint64(i))
				if err != nil {
					return fmt.Errorf("bench ap: %w", err)
				}
				draw += time.Since(start)
				start = time.Now()
				g, err := apgame.NewWithSet(set, k)
				if err != nil {
					return fmt.Errorf("bench ap: %w", err)
				}
				enum += time.Since(start)
				start = time.Now()
				progs := plainProgressions(set, k)
				plain += time.Since(start)
				if len(progs) != g.NumProgressions() {
					return fmt.Errorf("bench ap: seed %d: %d progressions, the plain search finds %d", i, g.NumProgressions(), len(progs))
				}
				total += len(progs)
				// A random game: time each move's update, then a recount.
				s := g.NewInitialState().(*apgame.State)
				rng := rand.New(rand.NewPCG(uint64(i), 0))
				for !s.IsTerminal() {
					legal := s.LegalMoves(nil)
					m := legal[rng.IntN(len(legal))]
					start = time.Now()
					s.ApplyUnchecked(m)
					move += time.Since(start)
					start = time.Now()
					recountLive(s, progs)
					recount += time.Since(start)
					moves++
				}
			}
			res := apBenchJSON{Sets: sets, Game: fmt.Sprintf("ap(x=%d,k=%d)", x, k), Progressions: float64(total) / float64(sets),
				Draw: draw.Seconds() / float64(sets), Enumerate: enum.Seconds() / float64(sets), Plain: plain.Seconds() / float64(sets),
				Move: move.Seconds() / float64(moves), Recount: recount.Seconds() / float64(moves)}
			res.MoveSpeedup = res.Recount / max(res.Move, 1e-12)
			if asJSON {
				return writeJSON(a.stdout, res)
			}
			fmt.Fprintf(a.stdout, "%s, %d sets (seeds 0..%d), %.0f progressions per set on average\n", res.Game, sets, sets-1, res.Progressions)
			fmt.Fprintf(a.stdout, "  draw the set:                               %.6f s per set\n", res.Draw)
			fmt.Fprintf(a.stdout, "  progressions + index (first two numbers):  %.6f s per set\n", res.Enumerate)
			fmt.Fprintf(a.stdout, "  plain search (every start and difference): %.6f s per set, progressions only\n", res.Plain)
			fmt.Fprintf(a.stdout, "  colour a number, incremental counts:       %.9f s per move (%d moves)\n", res.Move, moves)
			fmt.Fprintf(a.stdout, "  recount every progression:                 %.9f s per move, %.0f times as long\n", res.Recount, res.MoveSpeedup)
			return nil
		},
	}
	fl := c.Flags()
	fl.IntVar(&x, "x", 1000, "size of the sets")
	fl.IntVar(&k, "k", 3, "progression length")
	fl.IntVar(&sets, "sets", 20, "number of sets (seeds 0, 1, ...)")
	fl.BoolVar(&asJSON, "json", false, "print one JSON object")
	return c
}

// plainProgressions lists the k-term progressions of the sorted set by
// trying every start and every difference.
func plainProgressions(set []int, k int) [][]int {
	maxV := set[len(set)-1]
	in := make([]bool, maxV+1)
	for _, v := range set {
		in[v] = true
	}
	var out [][]int
	for _, a := range set {
		for d := 1; a+(k-1)*d <= maxV; d++ {
			t := 1
			for t < k && in[a+t*d] {
				t++
			}
			if t == k {
				p := make([]int, k)
				for j := range p {
					p[j] = a + j*d
				}
				out = append(out, p)
			}
		}
	}
	return out
}

// recountLive counts from scratch the progressions each player can still
// complete and whether one is complete: what a move costs without
// incremental counts.
func recountLive(s *apgame.State, progs [][]int) (live [2]int, won bool) {
	for _, p := range progs {
		var n [2]int
		for _, v := range p {
			if c := s.Colour(v); c >= 0 {
				n[c]++
			}
		}
		for q := range 2 {
			if n[1-q] == 0 {
				live[q]++
				won = won || n[q] == len(p)
			}
		}
	}
	return live, won
}

type apStrengthRow struct {
	Game   string  `json:"game"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Score  float64 `json:"score"`
	// Seconds is A's mean and largest time per move.
	MeanSeconds float64 `json:"mean_seconds"`
	MaxSeconds  float64 `json:"max_seconds"`
}

type apStrengthJSON struct {
	A    string          `json:"a"`
	B    string          `json:"b"`
	Seed uint64          `json:"seed"`
	Rows []apStrengthRow `json:"rows"`
}

func (a *app) apReportCmd() *cobra.Command {
	var (
		p1, p2  string
		games   int
		seed    uint64
		grid    string
		workers int
		asJSON  bool
	)
	c := &cobra.Command{
		Use:   "ap-strength",
		Short: "Szemerédi game: wins, draws and losses of bot A against bot B over a grid of (x, k)",
		Long: "For each x:k of --grid play --games games of ap(x=X,k=K) between A (--p1) and B (--p2), as\n" +
			"`kombi arena` does (game i uses seed S+i, so a new set per game; seats alternate), and print\n" +
			"A's wins, draws, losses, score (a draw counts half) and time per move as a Markdown table.",
		Example: "  kombi report ap-strength --grid 40:3,100:4 --games 200\n" +
			"  kombi report ap-strength --p1 'strong(model=none)' --grid 40:3 --games 50 --json",
		Args: exactArgs(0, "no arguments"),
		RunE: func(c *cobra.Command, _ []string) error {
			if games < 1 {
				return usagef("report ap-strength: --games %d: want at least 1", games)
			}
			var specs []string
			for _, item := range strings.Split(grid, ",") {
				xs, ks, ok := strings.Cut(strings.TrimSpace(item), ":")
				xv, err1 := strconv.Atoi(xs)
				kv, err2 := strconv.Atoi(ks)
				if !ok || err1 != nil || err2 != nil {
					return usagef("report ap-strength: --grid item %q: want X:K, e.g. 100:4", item)
				}
				spec := fmt.Sprintf("ap(x=%d,k=%d)", xv, kv)
				g, err := a.loadGame(spec, seed)
				if err != nil {
					return err
				}
				for i, name := range []string{p1, p2} {
					if _, err := a.bots.New(name, g, bot.Env{Seed: seed}); err != nil {
						return usageError{fmt.Errorf("--p%d: %w", i+1, err)}
					}
				}
				specs = append(specs, spec)
			}
			out := apStrengthJSON{A: p1, B: p2, Seed: seed}
			bar := newProgress(a.stderr, games*len(specs), "games")
			done := 0
			for _, spec := range specs {
				row := apStrengthRow{Game: spec, Games: games}
				var secs []float64
				opt := match.ArenaOptions{Games: games, Seed: seed, Workers: workers,
					Progress: func(n, _ int) { bar.set(done + n) },
					Record: func(i int, r *game.Record) {
						seatA := i % 2
						for _, m := range r.Moves {
							if int(m.Player) == seatA {
								secs = append(secs, m.Seconds)
							}
						}
					}}
				load := func(s uint64) (game.Game, error) { return a.games.Load(spec, s) }
				res, err := match.Arena(c.Context(), load, a.bots.New, [2]string{p1, p2}, opt)
				if err != nil {
					bar.finish()
					return fmt.Errorf("report ap-strength: %s: %w", spec, err)
				}
				done += games
				row.Wins, row.Losses, row.Draws, row.Score = res.Wins[0], res.Wins[1], res.Draws, res.Score(0)
				for _, s := range secs {
					row.MeanSeconds += s / float64(len(secs))
					row.MaxSeconds = max(row.MaxSeconds, s)
				}
				out.Rows = append(out.Rows, row)
			}
			bar.finish()
			if asJSON {
				return writeJSON(a.stdout, out)
			}
			fmt.Fprintf(a.stdout, "A = %s, B = %s, %d games per row, seeds %d.., seats alternating\n\n", p1, p2, games, seed)
			fmt.Fprintln(a.stdout, "| game | A wins | draws | A losses | A score | A s/move (mean) | A s/move (max) |")
			fmt.Fprintln(a.stdout, "|---|---:|---:|---:|---:|---:|---:|")
			for _, r := range out.Rows {
				fmt.Fprintf(a.stdout, "| %s | %d | %d | %d | %.1f%% | %.3f | %.3f |\n", r.Game, r.Wins, r.Draws, r.Losses, 100*r.Score, r.MeanSeconds, r.MaxSeconds)
			}
			return nil
		},
	}
	fl := c.Flags()
	fl.StringVar(&p1, "p1", "strong", "bot string of A")
	fl.StringVar(&p2, "p2", "extendblock", "bot string of B")
	fl.IntVar(&games, "games", 200, "games per (x, k)")
	fl.Uint64Var(&seed, "seed", 1, "seed of the first game of each row")
	fl.StringVar(&grid, "grid", "20:3,40:3,40:4,100:3,100:4,100:5", "comma-separated X:K pairs")
	fl.IntVar(&workers, "workers", 0, "games played at once (0: one per CPU)")
	fl.BoolVar(&asJSON, "json", false, "print one JSON object")
	return c
}
