// Package gametest is the conformance suite every Kombi game's tests call,
// and the golden playthrough helper. A new game's test calls Conformance
// first: package examples/subtract is a minimal game that passes it, and
// docs/ARCHITECTURE.md ("Writing a new game") says what each part is for.
//
// Conformance loads the game string from the registry and plays random
// games from it (Options.Playouts of them, 30 unless set, seeds Seed,
// Seed+1, ...). A failure stops the test with the game string, the seed,
// the move and what is wrong. The game must:
//
// Implement, beyond game.Game and game.State (the suite fails where one is
// missing):
//   - game.Viewer on every State: View, MoveParts, MoveFromParts;
//   - game.Positioner on every State and game.PositionParser on the Game:
//     every position written as text and read back;
//   - game.Chancer on a State whose Player() is game.Chance.
//
// Load and name itself:
//   - the game string loads (its Type registered, its parameters valid);
//   - the game's String() is canonical: it loads again (with another
//     seed), gives the same String() and the same initial state.
//
// In every position of the random games:
//   - LegalMoves appends to the buffer it is given (it does not reset it),
//     in strictly increasing order (sorted, no move twice);
//   - Returns has two entries;
//   - a terminal state (IsTerminal) has Player() == game.Terminal, no legal
//     moves, and returns +1 and -1 or 0 and 0;
//   - any other state has Player() 0, 1 or game.Chance, at least one legal
//     move, and returns 0 and 0; a game ends within Options.MaxMoves random
//     moves (10000 unless set);
//   - at a chance node, ChanceOutcomes are exactly the legal moves, each
//     with a positive probability Num/Den, summing to exactly 1;
//   - Clone shows the same String() (and the same game.Hasher key, and
//     game.Canonicalizer key, where the state has them);
//   - each of the legal moves checked (Options.MovesChecked, 32 unless
//     set, drawn at random; all when fewer): MoveString then ParseMove
//     gives the move again; Apply on a clone accepts it and leaves the
//     original unchanged (String and key); a game.MoveNoter note on it is
//     one line and changes nothing; on a game.Undoer, ApplyUnchecked
//     gives the same String() and key as Apply, and Undo restores both;
//   - moves that are not legal (random numbers, one past the last legal
//     move, one before the first, the largest Move) are refused by Apply
//     with an error, leave the state unchanged, and have no note;
//   - ParseMove never panics: garbage ("", " ", "garbage", "-1", a number
//     of 20 digits, "1:", ":", "0 0 0 0", "x(", "ö") is refused or parses
//     to a move that Apply refuses unless it is legal, and an input of
//     5000 bytes, where refused, with an error of at most 1000 bytes (quote
//     input with game.Clip);
//   - where it has at most game.MaxEndsMoves legal moves,
//     game.LegalMovesOf changes nothing, and the moves it lists as ending
//     the game do end it, with the winner and the highlight it lists (the
//     final view's Status.Highlight).
//
// Describe every position as data (game.Viewer), the final one too:
//   - View().Check(state) passes: a kind of game.Kinds with its board
//     present and consistent (heaps not nil and none negative; a grid's
//     Rows*Cols cells, owners -1, 0 or 1; a word's symbols below its
//     alphabet; numbers increasing, owners -1 to 1, colours indices of
//     Colors; lines, where the board has them, that agree with it), and a
//     status that agrees with the state: ToMove is Player(), Over is
//     IsTerminal(), and at the end Winner is game.Winner's (nil for a
//     draw). game.NewStatus fills these;
//   - the view's JSON reads back and writes the same JSON again;
//   - each move checked has parts (MoveParts) that game.MoveFromParts
//     builds into the same move; no parts, and a part of an unknown kind,
//     are refused with an error;
//   - game.PositionOf's text reads back with ParsePosition as a state with
//     the same String(), Player(), IsTerminal(), position text and legal
//     moves; ParsePosition("zz!") is refused with an error that quotes it
//     ("zz!" in double quotes, as %q writes it);
//   - a game.Setter sets up every position where a player is to move from
//     its own view (same position text and player), and an ended one as
//     ended with the same returns, or refuses it.
//
// Record each game: the record of each random game (game.Record.Finish:
// the winner, returns, a game.Scorer's length, a game.Annotator's fields)
// survives a JSON round trip unchanged, replays with game.Replay to the
// same final String() (every move's text parsed in its position, at most
// game.MaxMoveTextBytes long; the result and fields the moves give), and
// game.StateAt rebuilds the position at its start, its middle and a
// random move.
package gametest
