package sqlstore

import "github.com/sightline/sightline"

// The sample sizes, 95 % intervals and significance served beside the
// rates (docs/metrics.md#sample-sizes-intervals-and-significance): the
// statements select each rate's numerator and denominator next to it, and
// these helpers map them with the root package's statistics.

// setTopicStats sets a topic's from k: visibility (runs naming the target,
// runs), share of voice (target mentions, all mentions) and citation share
// (owned citations, all citations), each as numerator, denominator of the
// window and then of the previous period.
func setTopicStats(t *sightline.Topic, k [12]int) {
	t.VisibilitySampleSize, t.VisibilityCILow, t.VisibilityCIHigh = sightline.RateStats(k[0], k[1])
	t.VisibilityDiffSignificant = sightline.DiffSignificant(k[0], k[1], k[2], k[3])
	t.ShareOfVoiceSampleSize, t.ShareOfVoiceCILow, t.ShareOfVoiceCIHigh = sightline.RateStats(k[4], k[5])
	t.SOVDiffSignificant = sightline.DiffSignificant(k[4], k[5], k[6], k[7])
	t.CitationShareSampleSize, t.CitationShareCILow, t.CitationShareCIHigh = sightline.RateStats(k[8], k[9])
	t.CitationShareDiffSignificant = sightline.DiffSignificant(k[8], k[9], k[10], k[11])
}

// setSOVStats sets a share-of-voice row's from its mentions (= runs naming
// it) of both periods, k[0] those of the previous period, and the
// denominators k[1], k[2] runs in scope, k[3], k[4] mentions of all found
// brands (window, previous period).
func setSOVStats(r *sightline.SOVRow, k [5]int) {
	d, n, nPrev := &r.Diff, r.AggregateMetrics.Mentions, k[0]
	r.AggregateMetrics.SOVStats = sovStats(n, k[1], k[3])
	d.VisibilitySignificant = sightline.DiffSignificant(n, k[1], nPrev, k[2])
	d.ShareOfVoiceSignificant = sightline.DiffSignificant(n, k[3], nPrev, k[4])
}

// setSOVPointStats sets a bucket's from its runs and all its mentions.
func setSOVPointStats(p *sightline.SOVPoint, runs, mentions int) {
	p.SOVStats = sovStats(p.Mentions, runs, mentions)
}

// sovStats are the statistics of a found brand's n mentions (= runs naming
// it) out of runs (visibility) and out of all mentions (share of voice).
func sovStats(n, runs, mentions int) sightline.SOVStats {
	var s sightline.SOVStats
	s.VisibilitySampleSize, s.VisibilityCILow, s.VisibilityCIHigh = sightline.RateStats(n, runs)
	s.ShareOfVoiceSampleSize, s.ShareOfVoiceCILow, s.ShareOfVoiceCIHigh = sightline.RateStats(n, mentions)
	return s
}

// setCitationRowStats sets a page's or domain's from its counts and the
// sample sizes scanned into it (all citations, all brand citations of the
// narrowed scope).
func setCitationRowStats(r *sightline.CitationRow) {
	r.TotalCitationSampleSize, r.TotalCitationCILow, r.TotalCitationCIHigh = sightline.RateStats(r.TotalCitationCount, r.TotalCitationSampleSize)
	r.BrandCitationSampleSize, r.BrandCitationCILow, r.BrandCitationCIHigh = sightline.RateStats(r.BrandCitationCount, r.BrandCitationSampleSize)
}
