package analyticsql

import "github.com/sightline/sightline"

// MentionShare is, per bucket, the runs in scope (total) and those whose
// answer names the target (count), with the average of the tracked brands
// (the found brands tracked: the brand itself and its competitors). Rows:
// bucket, runs, target runs, their percent, tracked average, its percent,
// the two percents over the window, target runs and runs over the window.
func (q *Scope) MentionShare(granularity string, tracked []string) *Builder {
	nTracked := max(1, len(tracked))
	if len(tracked) == 0 {
		tracked = []string{sightline.NilUUID}
	}
	return q.write("mention_share.sql", struct {
		Granularity string
		Tracked     []string
		NTracked    int
		Narrow      bool
	}{granularity, tracked, nTracked, len(q.Domains) > 0 || q.URL != ""})
}
