package thue

import "github.com/kombi/kombi/solve"

// FrontierRows returns the Thue game's rows of the frontier report: the
// final word length under optimal play where it is proven, else the bound.
func FrontierRows() []solve.FrontierRow {
	row := func(what, value, how, cmd, mt string, sec float64) solve.FrontierRow {
		return solve.FrontierRow{What: "Thue game, " + what, Value: value, How: how, Command: cmd, MachineTime: mt, Seconds: sec}
	}
	const exact = "exact AND/OR search with a canonical transposition table (reversal, renaming); "
	return []solve.FrontierRow{
		row("squares, 2 symbols", "3", exact+"confirmed by plain brute force", "kombi solve 'thue(alphabet=2,rule=square)'", "under 0.01 s", 0),
		row("squares, 3 symbols", "5", exact+"confirmed by plain brute force", "kombi solve 'thue(alphabet=3,rule=square)'", "under 0.01 s", 0),
		row("squares, 4 symbols", "7", exact+"confirmed by plain brute force", "kombi solve 'thue(alphabet=4,rule=square)'", "under 0.1 s", 0),
		row("squares, 5 symbols", "at least 22", exact+"the builder cannot force a square by length 21", "kombi solve 'thue(alphabet=5,rule=square)' --max-length 21", "3,271 s, 5.0·10⁹ nodes, 2 cores (2026-11, before the 16-core run)", 3271),
		row("overlaps, 2 symbols", "5", exact+"confirmed by plain brute force", "kombi solve 'thue(alphabet=2,rule=overlap)'", "under 0.01 s", 0),
		row("overlaps, 3 symbols", "12", exact+"confirmed by memoised plain minimax", "kombi solve 'thue(alphabet=3,rule=overlap)'", "0.06 s", 0.06),
		row("overlaps, 4 symbols", "at least 21", exact+"the builder cannot force an overlap by length 20", "kombi solve 'thue(alphabet=4,rule=overlap)' --max-length 20", "731 s, 2 cores (2026-11)", 731),
	}
}
