package analyticsql

import "github.com/sightline/sightline"

// runNarrowing limits runs (their seq column given) to those citing
// filter[domains] or filter[url], when given.
func (q *Scope) runNarrowing(s *Builder, seqCol string) {
	if len(q.Domains) == 0 && q.URL == "" {
		return
	}
	s.Add(` AND ` + seqCol + ` IN (SELECT citations.run_seq FROM citations WHERE `)
	q.FactFilter(s, "citations", q.Window)
	if len(q.Domains) > 0 {
		s.Add(` AND citations.domain IN (`+Placeholders(len(q.Domains))+`)`, Anys(q.Domains))
	}
	if q.URL != "" {
		s.Add(` AND citations.page = ?`, q.URL)
	}
	s.Add(`)`)
}

func (q *Scope) RunsSrcNarrowed(s *Builder, w sightline.Window) {
	q.RunsSrc(s, w)
	q.runNarrowing(s, "runs.seq")
}

func (q *Scope) TargetRunsSrcNarrowed(s *Builder, w sightline.Window) {
	if !q.NarrowRuns {
		q.TargetRunsSrc(s, w)
		return
	}
	if len(q.TargetIDs) > 1 {
		// the grouped form: narrow before GROUP BY
		s.Add(`SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, 1 AS runs FROM mentions WHERE `)
		q.FactFilter(s, "mentions", w)
		s.Add(` AND mentions.found_brand_id IN (`+Placeholders(len(q.TargetIDs))+`)`, Anys(q.TargetIDs))
		q.runNarrowing(s, "mentions.run_seq")
		s.Add(` GROUP BY mentions.run_seq, mentions.ran_at, mentions.topic_id`)
		return
	}
	s.Add(`SELECT mentions.ran_at AS ran_at, mentions.topic_id AS topic_id, 1 AS runs FROM mentions WHERE `)
	q.FactFilter(s, "mentions", w)
	s.Add(` AND mentions.found_brand_id = ?`, q.TargetIDs[0])
	q.runNarrowing(s, "mentions.run_seq")
}

func (q *Scope) MentionsSrcNarrowed(s *Builder, w sightline.Window) {
	q.MentionsSrc(s, w)
	q.runNarrowing(s, "mentions.run_seq")
}

// d returns the dialect of the scope's queries.
func (q *Scope) d() Dialect { return q.Dialect }
