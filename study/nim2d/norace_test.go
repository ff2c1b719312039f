//go:build !race

package nim2d

// raceDetector: the tests run without the race detector (see race_test.go).
const raceDetector = false
