//go:build race

package web_test

// raceDetector: the tests run under the race detector (5 to 10 times
// slower): a whole game's exact analysis that the page waits for does not
// finish there in the analysis' time.
const raceDetector = true
