package game

// MoveIndexer is a State whose legal moves can be counted and picked by
// index without listing them all: a position with billions of legal moves
// (Nim with thousands of large heaps) is played by a random bot, and
// refused by exhaustive searches, without allocating the list.
//
// MoveCount is the number of legal moves, len(LegalMoves(nil)); MoveAt(i)
// is LegalMoves(nil)[i] for 0 <= i < MoveCount().
type MoveIndexer interface {
	State
	MoveCount() int64
	MoveAt(i int64) Move
}
