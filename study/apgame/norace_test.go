//go:build !race

package apgame

// raceDetector: the tests run without the race detector (see race_test.go).
const raceDetector = false
