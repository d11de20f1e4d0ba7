package signal

import (
	"bytes"
	"encoding/json"
	"time"

	"github.com/sightline/sightline"
)

// Config tunes detection; zero values take the defaults.
type Config struct {
	// Threshold is the smallest change, in percentage points, that is
	// worth a signal (default sightline.DefaultSignalThreshold).
	Threshold float64
}

func (c Config) threshold() float64 {
	if c.Threshold > 0 {
		return c.Threshold
	}
	return sightline.DefaultSignalThreshold
}

// comparison is one metric over one window: the baseline against the
// current period.
type comparison struct {
	window        string
	before, after Count
	base, cur     time.Time // starts of the baseline and the current period
	end           time.Time
}

// valid reports whether both sides have enough trials to be compared.
func (c comparison) valid() bool {
	return c.before.Trials >= sightline.MinTrials && c.after.Trials >= sightline.MinTrials
}

// change is the difference of the rates in percentage points.
func (c comparison) change() float64 { return 100 * (c.after.Rate() - c.before.Rate()) }

// significant reports whether the z-test rejects "no change" at 99 %.
func (c comparison) significant() bool { return Significant(c.before, c.after) }

func (c comparison) pValue() float64 {
	_, p := ZTest(c.before, c.after)
	return p
}

func sample(c Count, start, end time.Time) sightline.SignalSample {
	lo, hi := Wilson(c)
	return sightline.SignalSample{Start: start, End: end, Trials: c.Trials, Successes: c.Successes, Rate: 100 * c.Rate(),
		Interval: sightline.SignalInterval{Low: 100 * lo, High: 100 * hi}}
}

// numbers are what a signal carries about the comparison.
func (c comparison) numbers(threshold float64) *sightline.SignalNumbers {
	z, p := ZTest(c.before, c.after)
	return &sightline.SignalNumbers{Window: c.window, Before: sample(c.before, c.base, c.cur), After: sample(c.after, c.cur, c.end),
		Change: c.change(), Z: z, PValue: p, Threshold: threshold}
}

// windowComparisons builds a metric's comparison in each window from the
// counts of successes and trials.
func windowComparisons(end time.Time, successes, trials sightline.WindowSplits) []comparison {
	out := make([]comparison, len(sightline.SignalWindows))
	for i, w := range sightline.SignalWindows {
		base, cur := sightline.SignalWindowStarts(end, w)
		out[i] = comparison{window: w, base: base, cur: cur, end: end,
			before: Count{Successes: successes[i].Base, Trials: trials[i].Base},
			after:  Count{Successes: successes[i].Cur, Trials: trials[i].Cur}}
	}
	return out
}

// verdict is what the rules say of one fingerprint.
type verdict struct {
	fire  bool // the change is established: open a signal, or keep one open
	hold  bool // an open signal stays open
	known bool // there was data to judge on; without it nothing changes
	// numbers describe the change now; nil keeps an open signal's.
	numbers *sightline.SignalNumbers
	// days are a page's days cited in the baseline and in the week.
	days *[2]sightline.SignalRate
}

// detector holds one detection run.
type detector struct {
	in        *sightline.DetectionInput
	threshold float64
	now       time.Time
	open      map[string]*sightline.Signal
	seen      map[string]bool
	changes   []sightline.SignalChange
}

// Detect decides, from a brand's counts and its open signals, which signals
// open, update or close at now
// (docs/metrics.md#signals-signals-webhook-events). It is deterministic: the
// same input gives the same changes, and running it again on what it stored
// changes nothing.
func Detect(in *sightline.DetectionInput, cfg Config, now time.Time) []sightline.SignalChange {
	d := &detector{in: in, threshold: cfg.threshold(), now: now.UTC(), open: map[string]*sightline.Signal{}, seen: map[string]bool{}}
	for _, s := range in.Open {
		d.open[s.Fingerprint] = s
	}
	for _, dim := range in.Dimensions {
		d.visibility(dim)
		d.overtaken(dim)
	}
	for _, p := range in.Pages {
		d.pages(p)
	}
	for _, a := range in.Advertisers {
		d.advertiser(a)
	}
	for _, o := range in.Operators {
		d.blocked(o)
	}
	// Open page and advertiser signals whose subject had no activity in
	// the windows are judged on zero counts: a lost page is still lost, a
	// new advertiser without recent ads is no longer new.
	for _, s := range in.Open {
		if d.seen[s.Fingerprint] {
			continue
		}
		switch s.Type {
		case sightline.SignalCitationLost, sightline.SignalCitationGained:
			d.pages(sightline.PageCounts{Page: s.Dimension.ID, Domain: pageDomain(s)})
		case sightline.SignalAdvertiserNew:
			d.apply(s.Type, s.Dimension, nil, verdict{known: true})
		}
	}
	return d.changes
}

// pageDomain returns the domain an open page signal's evidence recorded.
func pageDomain(s *sightline.Signal) string {
	for _, p := range s.Evidence.Pages {
		if p.Page == s.Dimension.ID {
			return p.Domain
		}
	}
	return ""
}

// trend judges comparisons of a metric in one direction (+1 rise, −1
// drop): it fires when a valid window moved by at least the threshold
// with p < 0.01, holds while a valid window still moved by the
// threshold, and reports the numbers of the firing window with the
// smallest p-value, else of the holding window that moved most, else of
// the week.
func (d *detector) trend(comps []comparison, dir float64, beyond func(c comparison) bool) verdict {
	var v verdict
	var fire, hold, last *comparison
	for i := range comps {
		c := &comps[i]
		if !c.valid() {
			continue
		}
		v.known, last = true, c
		if !beyond(*c) {
			continue
		}
		v.hold = true
		if hold == nil || dir*c.change() >= dir*hold.change() {
			hold = c
		}
		if c.significant() {
			v.fire = true
			if fire == nil || c.pValue() <= fire.pValue() {
				fire = c
			}
		}
	}
	switch {
	case fire != nil:
		v.numbers = fire.numbers(d.threshold)
	case hold != nil:
		v.numbers = hold.numbers(d.threshold)
	case last != nil:
		v.numbers = last.numbers(d.threshold)
	}
	return v
}

// visibility: the share of the dimension's runs that name the brand.
func (d *detector) visibility(dim sightline.DimensionCounts) {
	comps := windowComparisons(d.in.End, dim.Brand, dim.Runs)
	for _, t := range []struct {
		typ string
		dir float64
	}{{sightline.SignalVisibilityDropped, -1}, {sightline.SignalVisibilityRose, 1}} {
		v := d.trend(comps, t.dir, func(c comparison) bool { return t.dir*c.change() >= d.threshold })
		d.apply(t.typ, dim.Dimension, nil, v)
	}
}

// overtaken: a competitor's share of the answers naming it or the brand
// passed one half — the brand led (or tied) in the baseline and the
// competitor leads now.
func (d *detector) overtaken(dim sightline.DimensionCounts) {
	for _, c := range dim.Competitors {
		var both sightline.WindowSplits
		for i := range both {
			both[i] = sightline.Split{Base: c.Named[i].Base + dim.Brand[i].Base, Cur: c.Named[i].Cur + dim.Brand[i].Cur}
		}
		comps := windowComparisons(d.in.End, c.Named, both)
		leads := func(x Count) bool { return 2*x.Successes > x.Trials }
		v := d.trend(comps, 1, func(cmp comparison) bool {
			return leads(cmp.after) && !leads(cmp.before) && cmp.change() >= d.threshold
		})
		// Once open it stays open while the competitor leads in a window.
		for _, cmp := range comps {
			if cmp.valid() && leads(cmp.after) {
				v.hold = true
			}
		}
		comp := c.Competitor
		d.apply(sightline.SignalSOVOvertaken, dim.Dimension, &comp, v)
	}
}

// pages: an owned page cited on at least 5 days of the baseline and on
// none of the last 7 is lost until it is cited again; one never cited in
// the baseline and cited on at least 3 of the last 7 days is gained until
// its citations reach the baseline (or stop).
func (d *detector) pages(p sightline.PageCounts) {
	week := windowComparisons(d.in.End, sightline.WindowSplits{{}, p.Runs}, d.in.Runs)[1]
	var numbers *sightline.SignalNumbers
	if week.valid() {
		numbers = week.numbers(d.threshold)
	}
	dim := sightline.SignalDimension{Kind: sightline.DimensionPage, ID: p.Page, Name: p.Page}
	days := &[2]sightline.SignalRate{
		sightline.NewSignalRate(p.Days.Base, sightline.SignalBaselineDays),
		sightline.NewSignalRate(p.Days.Cur, sightline.SignalWeekDays),
	}
	d.apply(sightline.SignalCitationLost, dim, nil, verdict{
		fire:    week.valid() && p.Days.Base >= sightline.SignalLostMinDays && p.Days.Cur == 0,
		hold:    p.Days.Cur == 0,
		known:   week.valid() || p.Days.Cur > 0,
		numbers: numbers,
		days:    days,
	})
	d.apply(sightline.SignalCitationGained, dim, nil, verdict{
		fire:    week.valid() && p.Days.Base == 0 && p.Days.Cur >= sightline.SignalGainedMinDays,
		hold:    p.Days.Base == 0 && p.Days.Cur > 0,
		known:   week.valid() || p.Days.Base > 0,
		numbers: numbers,
		days:    days,
	})
}

// advertiser: an advertiser whose first ad ever is in the last 7 days is
// new while that stays true.
func (d *detector) advertiser(a sightline.AdvertiserCounts) {
	week := windowComparisons(d.in.End, sightline.WindowSplits{{}, a.Runs}, d.in.Runs)[1]
	isNew := !a.FirstSeen.Before(week.cur)
	v := verdict{fire: isNew && week.valid() && a.Runs.Cur > 0, hold: isNew, known: true}
	if week.valid() {
		v.numbers = week.numbers(d.threshold)
	}
	d.apply(sightline.SignalAdvertiserNew, a.Dimension, nil, v)
}

// blocked: the share of an operator's verified visits answered 4xx or 5xx
// rose by the threshold and passed one half — the site mostly refuses the
// operator's crawlers now, and did not in the baseline. It stays open
// while the share is above one half in a window with enough visits. An
// operator without verified visits in the span is not judged: a firewall
// that drops its requests leaves no line in the logs.
func (d *detector) blocked(o sightline.OperatorCounts) {
	comps := windowComparisons(d.in.End, o.Errors, o.Visits)
	mostly := func(x Count) bool { return 2*x.Successes > x.Trials }
	v := d.trend(comps, 1, func(c comparison) bool {
		return mostly(c.after) && !mostly(c.before) && c.change() >= d.threshold
	})
	for _, c := range comps {
		if c.valid() && mostly(c.after) {
			v.hold = true
		}
	}
	d.apply(sightline.SignalCrawlerBlocked, o.Dimension, nil, v)
}

// apply turns a verdict on one fingerprint into a change, if any.
func (d *detector) apply(typ string, dim sightline.SignalDimension, comp *sightline.SignalCompetitor, v verdict) {
	compID := ""
	if comp != nil {
		compID = comp.ID
	}
	fp := sightline.SignalFingerprint(typ, d.in.BrandID, dim, compID)
	d.seen[fp] = true
	open := d.open[fp]
	withDays := func(s *sightline.Signal) {
		if v.days != nil {
			s.Evidence.DaysBefore, s.Evidence.DaysAfter = &v.days[0], &v.days[1]
		}
	}
	switch {
	case open == nil && v.fire && v.numbers != nil:
		s := &sightline.Signal{
			OrgID: d.in.OrgID, BrandID: d.in.BrandID, Type: typ, Status: sightline.SignalOpen, Fingerprint: fp,
			Dimension: dim, Competitor: comp, Numbers: *v.numbers, OpenedAt: d.now, UpdatedAt: d.now,
		}
		withDays(s)
		d.changes = append(d.changes, sightline.SignalChange{Action: sightline.SignalActionOpen, Signal: s})
	case open == nil:
	case v.fire || v.hold:
		if v.numbers == nil || sameNumbers(open.Numbers, *v.numbers) {
			return
		}
		s := *open
		s.Numbers, s.UpdatedAt = *v.numbers, d.now
		withDays(&s)
		d.changes = append(d.changes, sightline.SignalChange{Action: sightline.SignalActionUpdate, Signal: &s})
	case v.known:
		s := *open
		if v.numbers != nil {
			s.Numbers = *v.numbers
		}
		withDays(&s)
		now := d.now
		s.Status, s.ClosedAt, s.UpdatedAt = sightline.SignalClosed, &now, now
		d.changes = append(d.changes, sightline.SignalChange{Action: sightline.SignalActionClose, Signal: &s})
	}
}

// sameNumbers compares two sets of numbers as they are stored.
func sameNumbers(a, b sightline.SignalNumbers) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}
