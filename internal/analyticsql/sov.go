package analyticsql

// ShareOfVoice lists, per found brand, visibility (runs naming it / runs in
// scope), share of voice (its mentions / all mentions in scope), sentiment
// and mention count over the window, the differences with the previous
// period, ordered by order (an ORDER BY clause over brand_metrics'
// columns), limit rows from offset (sql/share_of_voice.sql). Columns: id,
// name, kind, competitor_id, visibility, share of voice, sentiment,
// mentions, their differences, the count of rows, previous mentions, runs
// and all mentions of both periods.
func (q *Scope) ShareOfVoice(order string, limit, offset int) *Builder {
	return q.write("share_of_voice.sql", struct {
		Order         string
		Limit, Offset int
	}{order, limit, offset})
}

// ShareOfVoiceCount counts the rows ShareOfVoice lists.
func (q *Scope) ShareOfVoiceCount() *Builder {
	return q.write("share_of_voice_count.sql", nil)
}

// ShareOfVoiceSeries is the per-bucket metrics of the found brands ids,
// and a row per bucket (id NULL) with its runs and mentions: the
// denominators. Columns: bucket, found brand id, visibility, share of
// voice, sentiment, mentions, runs, all mentions.
func (q *Scope) ShareOfVoiceSeries(granularity string, ids []string) *Builder {
	return q.write("share_of_voice_series.sql", struct {
		Granularity string
		IDs         []string
	}{granularity, ids})
}
