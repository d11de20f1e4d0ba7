package web

import (
	"context"
	"net/http"

	"github.com/sightline/sightline"
)

// overviewPage is the data of a brand's overview.
type overviewPage struct {
	Layout
	Filter      filterBar
	Cards       []metricCard
	Granularity []link
	Chart       *lineChart
	Ranking     []rankRow
	Providers   []providerRow
	Runs        int // answers in the window
	RunsURL     string
}

// metricCard is one headline number with its change against the previous
// window.
type metricCard struct {
	Label, TestID, Help string
	Value               string // one decimal
	Link                string // the answers behind the number, if any
	Unit                string
	Diff                string
	Trend               string
}

// rankRow is one tracked brand in the share-of-voice ranking.
type rankRow struct {
	Rank                            int
	Name                            string
	Own                             bool
	ShareOfVoice, Visibility, Senti string
	Mentions                        int
	SOVDiff, SOVTrend               string
	SwatchClass                     string
}

// providerRow is the brand's visibility, share of voice and sentiment on
// one provider: its own share-of-voice row with the page's filters and
// the provider's (GET …/share_of_voice with filter[provider_ids]).
type providerRow struct {
	ID, Name                            string
	Answers, Mentions                   int
	AnswersURL, MentionsURL             string
	Visibility, ShareOfVoice, Sentiment string
}

// handleOverview serves GET /brands/{brand_id}, under the window and the
// provider, region and topic filters (the API's filter[provider_ids],
// filter[region_ids], filter[topic_ids]): visibility, share of voice
// and sentiment are the brand's own row of the share-of-voice list (what GET
// …/share_of_voice serves for the same window), citation share is the
// domains overview's your_citations share; the chart is the tracked
// brands' per-bucket visibility, the share of answers naming each (the
// mention share of docs/metrics.md).
func (s *Server) handleOverview(w http.ResponseWriter, r *http.Request, st *state) error {
	q, err := s.newBrandQuery(r, st, true)
	if err != nil {
		return err
	}
	brand, win, ids := q.brand, q.win, q.ids
	gran := q.enum("granularity", sightline.Granularities, "day")
	q.series(win, gran)
	if err := q.err(); err != nil {
		return err
	}
	ctx, org := r.Context(), st.sess.OrgID
	fb, scope, err := s.filters(r, st, q, "granularity")
	if err != nil {
		return err
	}
	rows, err := s.shareOfVoice(ctx, org, scope, gran)
	if err != nil {
		return err
	}
	dov, err := s.Store.DomainsOverview(ctx, org, scope, gran)
	if err != nil {
		return err
	}
	prev := scope
	prev.Window = win.Previous()
	dovPrev, err := s.Store.DomainsOverview(ctx, org, prev, "month")
	if err != nil {
		return err
	}

	p := &overviewPage{Layout: layout(st, brand.Name+" overview", "overview", brand), Filter: fb}
	for _, pt := range dov.YourMentions.DataPoints {
		p.Runs += pt.Total
	}
	var own sightline.SOVRow
	var tracked []*sightline.SOVRow
	for _, row := range rows {
		switch row.Kind {
		case sightline.FoundBrandOwn:
			own = *row
			tracked = append(tracked, row)
		case sightline.FoundBrandCompetitor:
			tracked = append(tracked, row)
		}
	}
	m, d := own.AggregateMetrics, own.Diff
	citeDiff := dov.YourCitations.CurrentValue - dovPrev.YourCitations.CurrentValue
	p.Cards = []metricCard{
		card("Visibility", "metric-visibility", "%", m.Visibility, d.Visibility, "Share of answers that name "+brand.Name),
		card("Share of voice", "metric-share-of-voice", "%", m.ShareOfVoice, d.ShareOfVoice, brand.Name+"'s share of all brand mentions"),
		card("Sentiment", "metric-sentiment", "/ 100", m.Sentiment, d.Sentiment, "How favourably answers speak of "+brand.Name+" (50 is neutral)"),
		card("Citation share", "metric-citation-share", "%", dov.YourCitations.CurrentValue, citeDiff, "Share of cited pages on "+brand.Name+"'s own domains"),
	}
	if p.Runs == 0 {
		// No answer, no number: 0 % would read as "never named" and a
		// sentiment of 0 as hostile (docs/dashboard.md#pages-and-addresses).
		for i := range p.Cards {
			p.Cards[i].Value, p.Cards[i].Unit, p.Cards[i].Diff, p.Cards[i].Trend = "—", "", "", "flat"
		}
	}
	p.RunsURL = runsLink(brand.ID, win, ids)
	p.Cards[0].Link = withParam(p.RunsURL, "mentions", brand.ID)
	pu := newPageURL(r)
	for _, g := range sightline.Granularities {
		p.Granularity = append(p.Granularity, link{Label: label(g), URL: pu.with("granularity", g), Current: g == gran})
	}

	// The brand itself is drawn in the first colour, its competitors in
	// the others by rank.
	var series []chartSeries
	var dates []string
	next := 1
	for i, row := range tracked {
		rr := rankRow{
			Rank: i + 1, Name: row.Name, Own: row.Kind == sightline.FoundBrandOwn, Mentions: row.AggregateMetrics.Mentions,
			ShareOfVoice: oneDecimal(row.AggregateMetrics.ShareOfVoice), Visibility: oneDecimal(row.AggregateMetrics.Visibility),
			Senti:   oneDecimal(row.AggregateMetrics.Sentiment),
			SOVDiff: signedOneDecimal(row.Diff.ShareOfVoice), SOVTrend: trendClass(row.Diff.ShareOfVoice),
		}
		class := 0
		if !rr.Own {
			class, next = next, next+1
		}
		if class < seriesClasses {
			rr.SwatchClass = seriesClass(class)
			cs := chartSeries{Name: row.Name, Own: rr.Own, Class: rr.SwatchClass}
			for _, pt := range row.TimeBasedMetrics {
				cs.Values = append(cs.Values, pt.Visibility)
			}
			if dates == nil {
				for _, pt := range row.TimeBasedMetrics {
					dates = append(dates, pt.Date)
				}
			}
			series = append(series, cs)
		}
		p.Ranking = append(p.Ranking, rr)
	}
	if p.Providers, err = s.byProvider(ctx, org, scope, fb.Providers, brand.ID, win, ids); err != nil {
		return err
	}
	if p.Runs > 0 && len(dates) > 0 {
		p.Chart = newLineChart("Mention share: the share of answers naming each tracked brand, by "+gran, gran, dates, series)
	}
	return s.render(w, r, http.StatusOK, "overview", p)
}

// byProvider reads the brand's own share-of-voice row once per provider
// of its runs (the one of the provider filter, when set), under the
// page's other filters: the numbers GET …/share_of_voice serves with
// filter[provider_ids] set to that provider, by the same store call, and
// the answers they count. A provider without answers in the scope shows
// "—", as the cards do (docs/dashboard.md#pages-and-addresses).
func (s *Server) byProvider(ctx context.Context, org string, scope sightline.Scope, providers []option,
	brandID string, win window, ids scopeIDs) ([]providerRow, error) {
	var out []providerRow
	for _, pv := range providers {
		if ids.provider != "" && pv.Value != ids.provider {
			continue
		}
		sc := scope
		sc.ProviderIDs = []string{pv.Value}
		_, answers, err := s.Store.FindRuns(ctx, org, sightline.RunFilter{Scope: sc, Status: sightline.RunOK,
			PageRequest: sightline.PageRequest{Page: 1, PageSize: 1}})
		if err != nil {
			return nil, err
		}
		pids := ids
		pids.provider = pv.Value
		row := providerRow{ID: pv.Value, Name: pv.Label, Answers: answers, AnswersURL: runsLink(brandID, win, pids),
			MentionsURL: runsLink(brandID, win, pids, "mentions", brandID), Visibility: "—", ShareOfVoice: "—", Sentiment: "—"}
		if answers > 0 {
			rows, err := s.shareOfVoice(ctx, org, sc, "month")
			if err != nil {
				return nil, err
			}
			var m sightline.SOVAggregate
			for _, r := range rows {
				if r.Kind == sightline.FoundBrandOwn {
					m = r.AggregateMetrics
				}
			}
			row.Mentions = m.Mentions
			row.Visibility, row.ShareOfVoice = oneDecimal(m.Visibility), oneDecimal(m.ShareOfVoice)
			if m.Mentions > 0 {
				// Sentiment averages the brand's mentions: none, no number.
				row.Sentiment = oneDecimal(m.Sentiment)
			}
		}
		out = append(out, row)
	}
	return out, nil
}

func card(lbl, testID, unit string, value, diff float64, help string) metricCard {
	return metricCard{Label: lbl, TestID: testID, Unit: unit, Help: help,
		Value: oneDecimal(value), Diff: signedOneDecimal(diff), Trend: trendClass(diff)}
}

// shareOfVoice reads the tracked share-of-voice rows of the scope (the
// brand's own and its competitors', which the page ranks and charts),
// page by page, in the API's default order (share of voice, then name):
// the other brands the answers name, however many, are not read, nor
// their series.
func (s *Server) shareOfVoice(ctx context.Context, orgID string, scope sightline.Scope, gran string) ([]*sightline.SOVRow, error) {
	var all []*sightline.SOVRow
	for page := 1; ; page++ {
		rows, total, err := s.Store.FindShareOfVoice(ctx, orgID, sightline.SOVFilter{
			Scope: scope, Granularity: gran, TrackedOnly: true, PageRequest: sightline.PageRequest{Page: page, PageSize: sightline.MaxPageSize},
		})
		if err != nil {
			return nil, err
		}
		all = append(all, rows...)
		if len(rows) == 0 || len(all) >= total {
			return all, nil
		}
	}
}
