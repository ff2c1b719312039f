//go:build race

package queue_test

// raceDetector: the tests run under the race detector (5 to 10 times
// slower): the largest ones take a smaller case.
const raceDetector = true
