package web

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Charts are SVG drawn here, on the server: no script, no library, and the
// browser's own tooltip (an SVG <title>) names each point. Each chart is
// drawn twice, wide and narrow, and the stylesheet shows the one that fits
// the screen, so that its text stays readable on a phone.

// chartSeries is one line of a chart.
type chartSeries struct {
	Name   string
	Class  string // colour class, s0…s7
	Own    bool   // the brand itself: drawn heavier
	Values []float64
}

// lineChart is the data of a line chart template.
type lineChart struct {
	Label  string // what the chart shows, for screen readers and the caption
	Legend []legendItem
	Wide   chartView
	Narrow chartView
	// Table repeats the numbers for screen readers and copying.
	Dates []string
	Rows  []chartRow
}

type legendItem struct {
	Name  string
	Class string
	Own   bool
}

type chartRow struct {
	Name   string
	Values []string
}

// chartView is one drawing of a chart, in SVG user units.
type chartView struct {
	Class, Label             string
	W, H                     float64
	Left, Right, Top, Bottom float64 // the plot area
	YLabelX, XLabelY         float64 // where the axis labels sit
	DotR                     float64
	YTicks                   []chartTick
	XTicks                   []chartTick
	Lines                    []chartLine
}

type chartTick struct {
	Pos   float64
	Label string
}

type chartLine struct {
	Class  string
	Own    bool
	Points string // SVG polyline points
	Dots   []chartDot
}

type chartDot struct {
	X, Y  float64
	Title string
}

// seriesClasses are the stylesheet's series colours.
const seriesClasses = 8

// newLineChart draws percentage series over bucket dates (YYYY-MM-DD).
func newLineChart(label, granularity string, dates []string, series []chartSeries) *lineChart {
	c := &lineChart{Label: label, Dates: make([]string, len(dates))}
	for i, d := range dates {
		c.Dates[i] = bucketLabel(d, granularity)
	}
	maxV := 0.0
	for _, s := range series {
		c.Legend = append(c.Legend, legendItem{Name: s.Name, Class: s.Class, Own: s.Own})
		row := chartRow{Name: s.Name}
		for _, v := range s.Values {
			maxV = math.Max(maxV, v)
			row.Values = append(row.Values, oneDecimal(v))
		}
		c.Rows = append(c.Rows, row)
	}
	yMax := niceMax(maxV)
	c.Wide = drawChart(1100, 340, 50, 20, 14, 32, 8, c.Dates, series, yMax)
	c.Wide.Class, c.Wide.Label, c.Wide.DotR = "chart-wide", label, 3
	c.Narrow = drawChart(360, 240, 40, 12, 10, 30, 3, c.Dates, series, yMax)
	c.Narrow.Class, c.Narrow.Label, c.Narrow.DotR = "chart-narrow", label, 2.5
	return c
}

func seriesClass(i int) string { return "s" + strconv.Itoa(i%seriesClasses) }

// niceMax rounds a maximum up to a multiple of a readable step (at least
// 10, at most 100 for percentages).
func niceMax(v float64) float64 {
	for _, step := range []float64{2, 5, 10, 20, 25} {
		if v <= step*5 {
			return math.Max(10, math.Min(100, step*math.Ceil(math.Max(v, 0.001)/step)))
		}
	}
	return 100
}

func drawChart(w, h, left, right, top, bottom float64, maxXTicks int, dates []string, series []chartSeries, yMax float64) chartView {
	v := chartView{W: w, H: h, Left: left, Right: w - right, Top: top, Bottom: h - bottom, YLabelX: left - 6, XLabelY: h - bottom + 20}
	plotW, plotH := v.Right-v.Left, v.Bottom-v.Top
	x := func(i int) float64 {
		if len(dates) <= 1 {
			return v.Left + plotW/2
		}
		return v.Left + plotW*float64(i)/float64(len(dates)-1)
	}
	y := func(val float64) float64 { return v.Bottom - plotH*math.Min(val, yMax)/yMax }
	for i := 0; i <= 4; i++ {
		val := yMax * float64(i) / 4
		v.YTicks = append(v.YTicks, chartTick{Pos: round1(y(val)), Label: strconv.FormatFloat(val, 'f', -1, 64) + "%"})
	}
	step := max(1, int(math.Ceil(float64(len(dates))/float64(maxXTicks))))
	for i := 0; i < len(dates); i += step {
		v.XTicks = append(v.XTicks, chartTick{Pos: round1(x(i)), Label: dates[i]})
	}
	for _, s := range series {
		line := chartLine{Class: s.Class, Own: s.Own}
		pts := make([]string, 0, len(s.Values))
		for i, val := range s.Values {
			px, py := round1(x(i)), round1(y(val))
			pts = append(pts, fmt.Sprintf("%g,%g", px, py))
			label := ""
			if i < len(dates) {
				label = dates[i]
			}
			line.Dots = append(line.Dots, chartDot{X: px, Y: py, Title: fmt.Sprintf("%s, %s: %s%%", s.Name, label, oneDecimal(val))})
		}
		line.Points = strings.Join(pts, " ")
		v.Lines = append(v.Lines, line)
	}
	return v
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }

// bucketLabel names a bucket by its first day: "3 Mar" for days and weeks,
// "Mar 2026" for months.
func bucketLabel(date, granularity string) string {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	if granularity == "month" {
		return t.Format("Jan 2006")
	}
	return t.Format("2 Jan")
}

// bar is one row of a horizontal bar list (a share of a total).
type bar struct {
	Label   string
	Class   string
	Count   int
	Percent float64
	Width   float64 // 0–100, SVG user units
}
