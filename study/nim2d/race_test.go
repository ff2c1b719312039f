//go:build race

package nim2d

// raceDetector: the tests run under the race detector (5 to 10 times
// slower): the cross-checks along random games play fewer of them.
const raceDetector = true
