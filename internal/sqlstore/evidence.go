package sqlstore

// The evidence the engines decide from (docs/engines.md): per prompt, the
// brand's presence and rank; per cited page, its owner class and how often
// it is cited while the brand is weak; per page and domain, who the citing
// answers name. Counted here, in SQL; internal/engine routes and scores.

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

// maxMaskedCompetitors is how many tracked competitors the per-run bit
// mask can hold (the rest are not counted in the named facts).
const maxMaskedCompetitors = 62

// FindBrandEvidence returns the facts of a brand's runs over w.
func (db *DB) FindBrandEvidence(ctx context.Context, orgID, brandID string, w sightline.Window) (*sightline.BrandEvidence, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	return brandEvidence(ctx, tx, brandID, w)
}

// evidenceQ holds what every evidence statement needs.
type evidenceQ struct {
	brandID string
	w       sightline.Window
	selfIDs []string                // found brands of the brand itself
	comps   []*sightline.Competitor // tracked competitors, one mask bit each
	compFB  [][]string              // found brands of each competitor
}

// runFlags writes the common table expressions of the evidence queries:
//
//	run_positions: per run of an active prompt in the window, the brand's
//	    best position (brand_position) and a bit mask of the tracked
//	    competitors its answer names (competitor_mask, bit i: comps[i]);
//	flagged_runs: the same with weak (the brand absent or named at
//	    sightline.WeakPosition or lower: the weak-run rule of
//	    docs/engines.md#evidence, kept in SQL because every count of a
//	    group is taken over it).
//
// Masks keep "who is named where a page is cited" a single scan of the
// citations instead of a join of citations with mentions. Each run finds
// its mentions by primary key, a plan that stays right even when the
// planner's statistics are stale after a bulk ingest (joining two
// aggregated CTEs made PostgreSQL loop over one for every row of the other).
func (e *evidenceQ) runFlags(s *sqlb) {
	s.Add(`WITH run_positions AS MATERIALIZED (SELECT runs.seq AS run_seq, runs.prompt_id AS prompt_id,
		COALESCE(runs.topic_id, '`+nilTopic+`') AS topic_id, runs.provider_id AS provider_id, runs.ran_at AS ran_at,
		MIN(CASE WHEN mentions.found_brand_id IN (`+analyticsql.Placeholders(len(e.selfIDs))+`) THEN mentions.position END) AS brand_position, 0`, anys(e.selfIDs))
	for i, ids := range e.compFB {
		s.Add(` + `+strconv.FormatInt(int64(1)<<i, 10)+` * MAX(CASE WHEN mentions.found_brand_id IN (`+analyticsql.Placeholders(len(ids))+`) THEN 1 ELSE 0 END)`, anys(ids))
	}
	s.Add(` AS competitor_mask
		FROM runs JOIN prompts ON prompts.id = runs.prompt_id
		LEFT JOIN mentions ON mentions.brand_id = runs.brand_id AND mentions.topic_id = COALESCE(runs.topic_id, '`+nilTopic+`')
			AND mentions.provider_id = runs.provider_id AND mentions.ran_at = runs.ran_at AND mentions.run_seq = runs.seq
		WHERE runs.brand_id = ? AND runs.ran_at >= ? AND runs.ran_at < ? AND prompts.active = ?
		GROUP BY runs.seq, runs.prompt_id, runs.topic_id, runs.provider_id, runs.ran_at),
	flagged_runs AS MATERIALIZED (SELECT run_seq, prompt_id, topic_id, provider_id, ran_at, brand_position, competitor_mask,
		CASE WHEN brand_position IS NULL OR brand_position >= ? THEN 1 ELSE 0 END AS weak FROM run_positions)`,
		e.brandID, ts(e.w.Start), ts(e.w.End), true, sightline.WeakPosition)
}

// namedColumns writes the per-brand counts over the rows of a group, one row
// per run (alias a has the brand_position, weak and competitor_mask of
// flagged_runs): runs naming the
// brand, and those that are weak; then the same for each competitor by its
// mask bit. Rows are deduplicated per run first because SQLite's
// COUNT(DISTINCT …) costs an index per column.
func (e *evidenceQ) namedColumns(s *sqlb, a string) {
	s.Add(`SUM(CASE WHEN ` + a + `.brand_position IS NOT NULL THEN 1 ELSE 0 END),
		SUM(CASE WHEN ` + a + `.brand_position IS NOT NULL AND ` + a + `.weak = 1 THEN 1 ELSE 0 END)`)
	for i := range e.comps {
		bit := strconv.FormatInt(int64(1)<<i, 10)
		s.Add(`, SUM(CASE WHEN (` + a + `.competitor_mask & ` + bit + `) <> 0 THEN 1 ELSE 0 END),
			SUM(CASE WHEN (` + a + `.competitor_mask & ` + bit + `) <> 0 AND ` + a + `.weak = 1 THEN 1 ELSE 0 END)`)
	}
}

// weakNamedColumns writes, per competitor, the count of only the weak runs naming it:
// all a page's evidence shows, and half the work of namedColumns.
func (e *evidenceQ) weakNamedColumns(s *sqlb, a string) {
	if len(e.comps) == 0 {
		s.Add(`0`)
		return
	}
	for i := range e.comps {
		if i > 0 {
			s.Add(`, `)
		}
		s.Add(`SUM(CASE WHEN (` + a + `.competitor_mask & ` + strconv.FormatInt(int64(1)<<i, 10) + `) <> 0 AND ` + a + `.weak = 1 THEN 1 ELSE 0 END)`)
	}
}

// namedDest returns scan destinations for namedColumns.
func (e *evidenceQ) namedDest() []int {
	return make([]int, 2+2*len(e.comps))
}

// namedFacts turns the counts of namedColumns into NamedFacts.
func (e *evidenceQ) namedFacts(brandName, domain, page string, counts []int) []*sightline.NamedFacts {
	var out []*sightline.NamedFacts
	if counts[0] > 0 {
		out = append(out, &sightline.NamedFacts{Domain: domain, Page: page, Name: brandName, Self: true, Runs: counts[0], WeakRuns: counts[1]})
	}
	for i, c := range e.comps {
		if n := counts[2+2*i]; n > 0 {
			out = append(out, &sightline.NamedFacts{Domain: domain, Page: page, Name: c.Name, CompetitorID: c.ID, Runs: n, WeakRuns: counts[3+2*i]})
		}
	}
	return out
}

func brandEvidence(ctx context.Context, tx *Tx, brandID string, w sightline.Window) (*sightline.BrandEvidence, error) {
	ev := &sightline.BrandEvidence{BrandID: brandID, Window: w, Now: tx.now}
	if err := tx.queryRow(ctx, `SELECT name FROM brands WHERE id = ?`, brandID).Scan(&ev.BrandName); err != nil {
		return nil, fmt.Errorf("evidence brand: %w", mapError(err))
	}
	var err error
	if ev.Domains, err = queryStrings(ctx, tx, `SELECT domain FROM brand_domains WHERE brand_id = ? ORDER BY ord, domain`, brandID); err != nil {
		return nil, fmt.Errorf("evidence domains: %w", err)
	}
	e := &evidenceQ{brandID: brandID, w: w}
	if e.comps, err = findCompetitors(ctx, tx, brandID); err != nil {
		return nil, err
	}
	e.comps = e.comps[:min(len(e.comps), maxMaskedCompetitors)]
	for _, c := range e.comps {
		ev.Competitors = append(ev.Competitors, *c)
		ids, err := queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND competitor_id = ?`, brandID, c.ID)
		if err != nil {
			return nil, fmt.Errorf("evidence competitor names: %w", err)
		}
		e.compFB = append(e.compFB, orNoMatch(ids))
	}
	if e.selfIDs, err = queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND is_self = ?`, brandID, true); err != nil {
		return nil, fmt.Errorf("evidence self: %w", err)
	}
	e.selfIDs = orNoMatch(e.selfIDs)
	prompts, err := e.prompts(ctx, tx, ev)
	if err != nil {
		return nil, err
	}
	if err := e.promptCompetitors(ctx, tx, prompts); err != nil {
		return nil, err
	}
	if err := e.pages(ctx, tx, ev); err != nil {
		return nil, err
	}
	if err := e.domains(ctx, tx, ev); err != nil {
		return nil, err
	}
	return ev, nil
}

// prompts loads the active prompts with runs in the window and their
// counts, with the competitors their answers name.
func (e *evidenceQ) prompts(ctx context.Context, tx *Tx, ev *sightline.BrandEvidence) (map[string]*sightline.PromptFacts, error) {
	var s sqlb
	e.runFlags(&s)
	s.Add(`, prompt_counts AS (SELECT flagged_runs.prompt_id AS prompt_id, COUNT(*) AS runs,
		SUM(CASE WHEN flagged_runs.brand_position IS NOT NULL THEN 1 ELSE 0 END) AS brand_runs,
		SUM(CASE WHEN flagged_runs.brand_position = 1 THEN 1 ELSE 0 END) AS first_runs,
		SUM(flagged_runs.weak) AS weak_runs, AVG(` + analyticsql.Dbl("flagged_runs.brand_position") + `) AS avg_position, `)
	e.namedColumns(&s, "flagged_runs")
	s.Add(`
		FROM flagged_runs GROUP BY flagged_runs.prompt_id)
		SELECT prompts.id, prompts.text, COALESCE(prompts.intent, ''), prompts.topic_id, topics.name, prompt_counts.*
		FROM prompt_counts JOIN prompts ON prompts.id = prompt_counts.prompt_id LEFT JOIN topics ON topics.id = prompts.topic_id
		ORDER BY prompts.created_at, prompts.id`)
	byID := map[string]*sightline.PromptFacts{}
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		p := &sightline.PromptFacts{Regions: []string{}}
		var topicID, topicName sql.NullString
		var avg sql.NullFloat64
		var skip string
		counts := e.namedDest()
		dest := []any{&p.ID, &p.Text, &p.Intent, &topicID, &topicName, &skip, &p.Runs, &p.BrandRuns, &p.FirstRuns, &p.WeakRuns, &avg}
		for i := range counts {
			dest = append(dest, &counts[i])
		}
		if err := scan(dest...); err != nil {
			return err
		}
		p.TopicID, p.TopicName, p.AvgPosition = topicID.String, topicName.String, avg.Float64
		for i, c := range e.comps {
			if n := counts[2+2*i]; n > 0 {
				p.Competitors = append(p.Competitors, sightline.PromptCompetitor{ID: c.ID, Name: c.Name, Domain: c.Domain, Runs: n, WeakRuns: counts[3+2*i]})
			}
		}
		ev.Prompts = append(ev.Prompts, p)
		ev.TotalRuns += p.Runs
		byID[p.ID] = p
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("evidence prompts: %w", err)
	}
	err = eachRow(ctx, tx, `SELECT DISTINCT runs.prompt_id, regions.code FROM runs JOIN regions ON regions.id = runs.region_id
		WHERE runs.brand_id = ? AND runs.ran_at >= ? AND runs.ran_at < ? ORDER BY 1, 2`, []any{e.brandID, ts(e.w.Start), ts(e.w.End)},
		func(scan func(...any) error) error {
			var id, code string
			if err := scan(&id, &code); err != nil {
				return err
			}
			if p := byID[id]; p != nil {
				p.Regions = append(p.Regions, code)
			}
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("evidence regions: %w", err)
	}
	return byID, nil
}

// promptCompetitors adds the competitors' mean list position per prompt.
func (e *evidenceQ) promptCompetitors(ctx context.Context, tx *Tx, byID map[string]*sightline.PromptFacts) error {
	err := eachRow(ctx, tx, `SELECT mentions.prompt_id, found_brands.competitor_id, AVG(`+analyticsql.Dbl("mentions.position")+`)
		FROM mentions JOIN found_brands ON found_brands.id = mentions.found_brand_id
		WHERE mentions.brand_id = ? AND mentions.ran_at >= ? AND mentions.ran_at < ? AND found_brands.competitor_id IS NOT NULL
		GROUP BY mentions.prompt_id, found_brands.competitor_id`, []any{e.brandID, ts(e.w.Start), ts(e.w.End)},
		func(scan func(...any) error) error {
			var promptID, compID string
			var avg float64
			if err := scan(&promptID, &compID, &avg); err != nil {
				return err
			}
			if p := byID[promptID]; p != nil {
				for i := range p.Competitors {
					if p.Competitors[i].ID == compID {
						p.Competitors[i].AvgPosition = avg
					}
				}
			}
			return nil
		})
	if err != nil {
		return fmt.Errorf("evidence competitor positions: %w", err)
	}
	for _, p := range byID {
		sightline.RankPromptCompetitors(p.Competitors)
	}
	return nil
}

// pages counts the citations of every page per prompt, and who the citing
// answers name per page. A run belongs to one prompt, so summing a page's
// runs over its prompts is exact.
func (e *evidenceQ) pages(ctx context.Context, tx *Tx, ev *sightline.BrandEvidence) error {
	var s sqlb
	e.runFlags(&s)
	// Ingest stores a page once per answer, so within a (prompt, page)
	// group every row is a distinct run and plain sums count runs.
	s.Add(` SELECT flagged_runs.prompt_id, citations.page, MIN(citations.domain), MIN(citations.page_type), MIN(citations.domain_type),
		MAX(citations.title), MAX(citations.subreddit), MAX(citations.youtube_channel), COUNT(*), COUNT(*), SUM(flagged_runs.weak),
		SUM(CASE WHEN flagged_runs.weak = 1 AND flagged_runs.competitor_mask <> 0 THEN 1 ELSE 0 END), `)
	e.weakNamedColumns(&s, "flagged_runs")
	s.Add(`
		FROM flagged_runs JOIN citations ON citations.brand_id = ? AND citations.topic_id = flagged_runs.topic_id
			AND citations.provider_id = flagged_runs.provider_id AND citations.ran_at = flagged_runs.ran_at AND citations.run_seq = flagged_runs.run_seq
		GROUP BY flagged_runs.prompt_id, citations.page
		ORDER BY citations.page, flagged_runs.prompt_id`, e.brandID)
	named := map[string][]int{}
	var order []*sightline.PageFacts
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		p := &sightline.PageFacts{}
		counts := make([]int, max(len(e.comps), 1))
		dest := []any{&p.PromptID, &p.Page, &p.Domain, &p.PageType, &p.StaticType, &p.Title, &p.Subreddit, &p.YouTubeChannel,
			&p.Citations, &p.Runs, &p.WeakRuns, &p.CompWeakRuns}
		for i := range counts {
			dest = append(dest, &counts[i])
		}
		if err := scan(dest...); err != nil {
			return err
		}
		p.Ownership, p.CompetitorID = sightline.PageOwnership(p.Domain, ev.Domains, ev.Competitors)
		ev.Pages = append(ev.Pages, p)
		if sum, ok := named[p.Page]; ok {
			for i := range sum {
				sum[i] += counts[i]
			}
		} else {
			named[p.Page] = counts
			order = append(order, p)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("evidence pages: %w", err)
	}
	for _, p := range order {
		for i, c := range e.comps {
			if n := named[p.Page][i]; n > 0 {
				ev.Named = append(ev.Named, &sightline.NamedFacts{Domain: p.Domain, Page: p.Page, Name: c.Name, CompetitorID: c.ID, WeakRuns: n})
			}
		}
	}
	return nil
}

// domains counts, per cited outlet or social domain (static editorial,
// review or social: the channels earned and social recommendations use),
// the distinct runs citing it whose answers name the brand or each
// competitor; run_domains first reduces the citations to one row per run
// and domain, so that a run citing several pages of a domain counts once.
func (e *evidenceQ) domains(ctx context.Context, tx *Tx, ev *sightline.BrandEvidence) error {
	var s sqlb
	e.runFlags(&s)
	s.Add(`, run_domains AS MATERIALIZED (SELECT citations.domain AS domain, citations.run_seq AS run_seq,
			MIN(flagged_runs.brand_position) AS brand_position, MIN(flagged_runs.weak) AS weak, MIN(flagged_runs.competitor_mask) AS competitor_mask
		FROM flagged_runs JOIN citations ON citations.brand_id = ? AND citations.topic_id = flagged_runs.topic_id
			AND citations.provider_id = flagged_runs.provider_id AND citations.ran_at = flagged_runs.ran_at AND citations.run_seq = flagged_runs.run_seq
		WHERE citations.domain_type IN ('editorial', 'review', 'social')
		GROUP BY citations.domain, citations.run_seq)
		SELECT run_domains.domain, `, e.brandID)
	e.namedColumns(&s, "run_domains")
	s.Add(` FROM run_domains GROUP BY run_domains.domain ORDER BY run_domains.domain`)
	err := eachRow(ctx, tx, s.String(), s.Args, func(scan func(...any) error) error {
		var domain string
		counts := e.namedDest()
		dest := []any{&domain}
		for i := range counts {
			dest = append(dest, &counts[i])
		}
		if err := scan(dest...); err != nil {
			return err
		}
		ev.Named = append(ev.Named, e.namedFacts(ev.BrandName, domain, "", counts)...)
		return nil
	})
	if err != nil {
		return fmt.Errorf("evidence named brands by domain: %w", err)
	}
	return nil
}
