package analyticsql

import (
	"slices"
	"time"

	"github.com/sightline/sightline"
)

// Agents is the data of the agents statements (sql/agent_*.sql,
// sql/agents_*.sql, sql/ai_referral*.sql): the brand's access-log visits and
// referrals of a window (docs/metrics.md#agents). The window's whole UTC
// days are read from the agent rollups and its cut parts from the facts
// (docs/metrics.md#rollups): Reads, which AgentReads splits.
type Agents struct {
	BrandID string
	Window  sightline.Window
	Reads   []AgentRead

	// Verifications is never empty; an empty Operators, Purposes, Agents
	// or Sources selects every value.
	Verifications, Operators, Purposes, Agents, Sources []string

	Granularity string

	// the pages and referral lists
	CrawledNotCited, CitedNotCrawled bool
	Order                            string // ORDER BY over the statement's rows
	Limit, Offset                    int
}

// AgentRead is a range of the window and what answers it: the rollups
// (whole UTC days; Week: whole ISO weeks, which the weekly rollups answer
// and the daily ones too) or the facts. A Week read whose WeekEnd is after
// its End is the first days of an ISO week, Monday on: the week's row
// answers it when the brand has no row in the rest of the week (a quiet
// week, as after today), else its days do (Parts).
type AgentRead struct {
	sightline.Window
	Rollup, Week bool
	WeekEnd      time.Time
}

// AgentPart is a read as a statement reads a table of the grain it asks
// for: a read of a part of a week is two, the week's rows under Guard
// "NOT EXISTS" and the days' under "EXISTS", the guard asking for rows of
// the brand in [GuardStart, GuardEnd), the rest of the week: exactly one
// of them reads rows (docs/metrics.md#rollups).
type AgentPart struct {
	sightline.Window
	Rollup, Week         bool
	BrandID, Guard       string
	GuardStart, GuardEnd time.Time
}

// Parts are the reads of a statement that reads weekly rollups: a whole
// week's read as it is, a part of a week's as its two guarded parts
// (AgentRead).
func (a *Agents) Parts() []AgentPart {
	var out []AgentPart
	for _, r := range a.Reads {
		p := AgentPart{Window: r.Window, Rollup: r.Rollup, Week: r.Week, BrandID: a.BrandID}
		if !r.Week || !r.WeekEnd.After(r.End) {
			out = append(out, p)
			continue
		}
		week, days := p, p
		week.End, week.Guard = r.WeekEnd, "NOT EXISTS"
		days.Week, days.Guard = false, "EXISTS"
		for _, q := range []*AgentPart{&week, &days} {
			q.GuardStart, q.GuardEnd = r.End, r.WeekEnd
		}
		out = append(out, week, days)
	}
	return out
}

// RollupParts are the Parts the rollups answer.
func (a *Agents) RollupParts() []AgentPart {
	var out []AgentPart
	for _, p := range a.Parts() {
		if p.Rollup {
			out = append(out, p)
		}
	}
	return out
}

// FactRanges are the ranges of the Reads the facts answer: the cut parts
// of the window, or all of it without rollups. A statement reads each fact
// table once over them, passed as data (the ranges relation).
func (a *Agents) FactRanges() []sightline.Window {
	var out []sightline.Window
	for _, r := range a.Reads {
		if !r.Rollup {
			out = append(out, r.Window)
		}
	}
	return out
}

// AgentReads splits w into its whole ISO weeks and the other whole UTC
// days, read from the rollups, and the cut parts before and after them,
// read from the facts; without rollups, or without a whole day, all of w
// is read from the facts. The whole days after the last Monday are a part
// of that week (AgentRead).
func AgentReads(w sightline.Window, rollups bool) []AgentRead {
	start, end := sightline.StartOfDay(w.Start), sightline.StartOfDay(w.End)
	if start.Before(w.Start) {
		start = start.AddDate(0, 0, 1)
	}
	if !rollups || !start.Before(end) {
		return []AgentRead{{Window: w}}
	}
	var out []AgentRead
	add := func(from, to time.Time, rollup, week bool) {
		if from.Before(to) {
			r := AgentRead{Window: sightline.Window{Start: from, End: to}, Rollup: rollup, Week: week}
			if week {
				r.WeekEnd = from.AddDate(0, 0, 7*int((to.Sub(from)+6*24*time.Hour)/(7*24*time.Hour)))
			}
			out = append(out, r)
		}
	}
	// the first Monday on or after start, the last on or before end
	weeksStart := start.AddDate(0, 0, (8-int(start.Weekday()))%7)
	weeksEnd := end.AddDate(0, 0, -((int(end.Weekday()) + 6) % 7))
	if !weeksStart.After(weeksEnd) {
		add(start, weeksStart, true, false)
		add(weeksStart, weeksEnd, true, true)
		add(weeksEnd, end, true, true)
	} else {
		add(start, end, true, false)
	}
	add(w.Start, start, false, false)
	add(end, w.End, false, false)
	return out
}

// Narrow reports whether no operator, purpose or agent filter applies: the
// page totals then answer a page's counts.
func (a *Agents) Narrow() bool {
	return len(a.Operators) == 0 && len(a.Purposes) == 0 && len(a.Agents) == 0
}

// VerdictColumns are the columns of the page totals table t
// (daily_agent_page_totals, weekly_agent_page_totals) that hold the counted
// verdicts' figure: visits, errors or last_at ("verified_visits" is the
// verified visits when they count). A verdict of no column writes nothing,
// so only the table's own column names reach the statement.
func (a *Agents) VerdictColumns(t, figure string) []string {
	var out []string
	for _, v := range sightline.Verifications {
		switch {
		case !slices.Contains(a.Verifications, v):
		case figure == "verified_visits":
			if v == "verified" {
				out = append(out, t+".verified_visits")
			}
		default:
			out = append(out, t+"."+v+"_"+figure)
		}
	}
	return out
}

// WholeDays is the range of the reads the rollups answer (an empty one
// at the window's end when none does), adjacent (AgentReads): a statement
// that reads only the daily rollups, which answer whole weeks as they
// answer days, reads it as one range (sql/agent_sources.sql), and the
// citations of agents_pages.sql read daily_pages over it without weeks.
func (a *Agents) WholeDays() sightline.Window {
	var w sightline.Window
	found := false
	for _, r := range a.Reads {
		if !r.Rollup {
			continue
		}
		if !found || r.Start.Before(w.Start) {
			w.Start = r.Start
		}
		if !found || r.End.After(w.End) {
			w.End = r.End
		}
		found = true
	}
	if !found {
		return sightline.Window{Start: a.Window.End, End: a.Window.End}
	}
	return w
}

// agentScope is the Scope the agents statements are written for: only its
// dialect and brand are read.
func agentScope(d Dialect, a *Agents) *Scope {
	return &Scope{Scope: sightline.Scope{BrandID: a.BrandID, Window: a.Window}, Dialect: d}
}

// AgentOverview is GET …/agents/overview's counts
// (sql/agents_overview.sql): rows of kind, label, visits, verified
// visits, pages.
func AgentOverview(d Dialect, a *Agents) *Builder {
	return agentScope(d, a).write("agents_overview.sql", a)
}

// AgentOverviewSeries is its series (sql/agents_overview_series.sql):
// rows of operator, bucket, visits.
func AgentOverviewSeries(d Dialect, a *Agents) *Builder {
	return agentScope(d, a).write("agents_overview_series.sql", a)
}

// AgentPages is GET …/agents/pages (sql/agents_pages.sql): rows of the
// total, page, visits, verified visits, error visits, last visit,
// citations, error rate and the agents joined by ListSep.
func AgentPages(d Dialect, a *Agents) *Builder {
	return agentScope(d, a).write("agents_pages.sql", a)
}

// AIReferrals is GET …/agents/referrals (sql/ai_referrals.sql): rows of
// the total, source, page, visits.
func AIReferrals(d Dialect, a *Agents) *Builder {
	return agentScope(d, a).write("ai_referrals.sql", a)
}

// AIReferralMeta is its meta (sql/ai_referral_meta.sql): rows of kind
// (source or bucket), label, visits.
func AIReferralMeta(d Dialect, a *Agents) *Builder {
	return agentScope(d, a).write("ai_referral_meta.sql", a)
}

// CrawlerBlocked is the data of the crawler.blocked statements.
type CrawlerBlocked struct {
	BrandID, Operator            string
	SpanStart, SpanEnd           time.Time
	DayBase, DayStart, WeekStart time.Time
	Base, Cur, End               time.Time
}

// CrawlerBlockedCounts are the counts of crawler.blocked per operator
// (sql/crawler_blocked_counts.sql).
func CrawlerBlockedCounts(d Dialect, c *CrawlerBlocked) *Builder {
	q := &Scope{Scope: sightline.Scope{BrandID: c.BrandID}, Dialect: d}
	return q.write("crawler_blocked_counts.sql", c)
}

// CrawlerBlockedPages is a crawler.blocked signal's evidence per page
// (sql/crawler_blocked_pages.sql).
func CrawlerBlockedPages(d Dialect, c *CrawlerBlocked) *Builder {
	q := &Scope{Scope: sightline.Scope{BrandID: c.BrandID}, Dialect: d}
	return q.write("crawler_blocked_pages.sql", c)
}

// AgentRollups is the data of the rollup writes: the visits or referrals
// with these keys of the brand, or every fact of every brand when BrandID
// is empty (migration 0025).
type AgentRollups struct {
	BrandID string
	Keys    []string
	Weekly  bool // the weekly table, where a statement writes either
}

// AgentRollupWrites are the statements that add the facts they select to
// the agent rollups: daily_agent_visits, daily_ and weekly_agent_pages and
// the page totals (visits), and daily_ and weekly_ai_referrals and
// daily_ai_referral_sources (referrals).
func AgentRollupWrites(d Dialect, visits, referrals *AgentRollups) []*Builder {
	out := append(AgentRollupWrites0025(d, visits, referrals), AgentPageTotalWrites(d, visits)...)
	q := &Scope{Dialect: d}
	if visits != nil {
		weekly := *visits
		weekly.Weekly = true
		out = append(out, q.write("agent_page_rollups.sql", &weekly))
	}
	if referrals != nil {
		weekly := *referrals
		weekly.Weekly = true
		out = append(out, q.write("ai_referral_rollups.sql", &weekly), q.write("ai_referral_source_rollups.sql", referrals))
	}
	return out
}

// AgentRollupWrites0025 are the writes of the rollups of migration 0025
// that keep its shape: all but the page totals, which migration 0027
// replaced (AgentPageTotalWrites). Its step runs them on its own schema.
func AgentRollupWrites0025(d Dialect, visits, referrals *AgentRollups) []*Builder {
	var out []*Builder
	q := &Scope{Dialect: d}
	if visits != nil {
		out = append(out, q.write("agent_visit_rollups.sql", visits), q.write("agent_page_rollups.sql", visits))
	}
	if referrals != nil {
		out = append(out, q.write("ai_referral_rollups.sql", referrals))
	}
	return out
}

// AgentPageTotalWrites add the visits to daily_agent_page_totals and
// weekly_agent_page_totals (migration 0027); nothing for nil visits.
func AgentPageTotalWrites(d Dialect, visits *AgentRollups) []*Builder {
	if visits == nil {
		return nil
	}
	q := &Scope{Dialect: d}
	weekly := *visits
	weekly.Weekly = true
	return []*Builder{q.write("agent_page_total_rollups.sql", visits), q.write("agent_page_total_rollups.sql", &weekly)}
}
