//go:build race

package apgame

// raceDetector: the tests run under the race detector (5 to 10 times
// slower): the brute-force cross-checks take fewer and smaller games.
const raceDetector = true
