//go:build !race

package web_test

// raceDetector: the tests run under the race detector (see race_test.go).
const raceDetector = false
