package report

import (
	"github.com/kombi/kombi/report/chart"
)

// LinePlot is a figure of series against a common x axis, drawn in the
// look of every Kombi figure (package chart): the legend below the data,
// logarithmic axes labelled in powers of ten.
type LinePlot = chart.Line

// Series is one named series of points of a LinePlot.
type Series = chart.Series
