package report

// LengthSeries is lengthSeries for the tests.
var LengthSeries = lengthSeries
