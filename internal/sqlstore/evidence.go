package sqlstore

// The evidence the engines decide from (docs/engines.md): per prompt, the
// brand's presence and rank; per cited page, its owner class and how often
// it is cited while the brand is weak; per page and domain, who the citing
// answers name. Counted here, in SQL; internal/engine routes and scores.

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sightline/sightline"
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
//	mf: per run of an active prompt in the window, the brand's best
//	    position and a bit mask of the tracked competitors its answer names
//	    (bit i: comps[i]);
//	rf: the same with weak (the brand absent or named at
//	    sightline.WeakPosition or lower).
//
// Masks keep "who is named where a page is cited" a single scan of the
// citations instead of a join of citations with mentions. Each run finds
// its mentions by primary key, a plan that stays right even when the
// planner's statistics are stale after a bulk ingest (joining two
// aggregated CTEs made PostgreSQL loop over one for every row of the other).
func (e *evidenceQ) runFlags(s *sqlb) {
	s.add(`WITH mf AS MATERIALIZED (SELECT r.seq AS run_seq, r.prompt_id AS prompt_id, COALESCE(r.topic_id, '`+nilTopic+`') AS topic_id, r.provider_id AS provider_id, r.ran_at AS ran_at,
		MIN(CASE WHEN m.found_brand_id IN (`+placeholders(len(e.selfIDs))+`) THEN m.position END) AS pos, 0`, anys(e.selfIDs))
	for i, ids := range e.compFB {
		s.add(` + `+strconv.FormatInt(int64(1)<<i, 10)+` * MAX(CASE WHEN m.found_brand_id IN (`+placeholders(len(ids))+`) THEN 1 ELSE 0 END)`, anys(ids))
	}
	s.add(` AS cmask
		FROM runs r JOIN prompts p ON p.id = r.prompt_id
		LEFT JOIN mentions m ON m.brand_id = r.brand_id AND m.topic_id = COALESCE(r.topic_id, '`+nilTopic+`') AND m.provider_id = r.provider_id
			AND m.ran_at = r.ran_at AND m.run_seq = r.seq
		WHERE r.brand_id = ? AND r.ran_at >= ? AND r.ran_at < ? AND p.active = ?
		GROUP BY r.seq, r.prompt_id, r.topic_id, r.provider_id, r.ran_at),
	rf AS MATERIALIZED (SELECT run_seq, prompt_id, topic_id, provider_id, ran_at, pos, cmask,
		CASE WHEN pos IS NULL OR pos >= ? THEN 1 ELSE 0 END AS weak FROM mf)`,
		e.brandID, ts(e.w.Start), ts(e.w.End), true, sightline.WeakPosition)
}

// namedColumns are the per-brand counts over the rows of a group, one row
// per run (alias a has the pos, weak and cmask of rf): runs naming the
// brand, and those that are weak; then the same for each competitor by its
// mask bit. Rows are deduplicated per run first because SQLite's
// COUNT(DISTINCT …) costs an index per column.
func (e *evidenceQ) namedColumns(a string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `SUM(CASE WHEN %[1]s.pos IS NOT NULL THEN 1 ELSE 0 END), SUM(CASE WHEN %[1]s.pos IS NOT NULL AND %[1]s.weak = 1 THEN 1 ELSE 0 END)`, a)
	for i := range e.comps {
		bit := strconv.FormatInt(int64(1)<<i, 10)
		fmt.Fprintf(&b, `, SUM(CASE WHEN (%[1]s.cmask & %[2]s) <> 0 THEN 1 ELSE 0 END), SUM(CASE WHEN (%[1]s.cmask & %[2]s) <> 0 AND %[1]s.weak = 1 THEN 1 ELSE 0 END)`, a, bit)
	}
	return b.String()
}

// weakNamedColumns count, per competitor, only the weak runs that name it:
// all a page's evidence shows, and half the work of namedColumns.
func (e *evidenceQ) weakNamedColumns(a string) string {
	var parts []string
	for i := range e.comps {
		parts = append(parts, fmt.Sprintf(`SUM(CASE WHEN (%[1]s.cmask & %[2]d) <> 0 AND %[1]s.weak = 1 THEN 1 ELSE 0 END)`, a, int64(1)<<i))
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, ", ")
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
	s.add(`, agg AS (SELECT rf.prompt_id AS prompt_id, COUNT(*) AS runs,
		SUM(CASE WHEN rf.pos IS NOT NULL THEN 1 ELSE 0 END) AS brand_runs,
		SUM(CASE WHEN rf.pos = 1 THEN 1 ELSE 0 END) AS first_runs,
		SUM(rf.weak) AS weak_runs, AVG(` + dbl("rf.pos") + `) AS avg_pos, ` + e.namedColumns("rf") + `
		FROM rf GROUP BY rf.prompt_id)
		SELECT p.id, p.text, COALESCE(p.intent, ''), p.topic_id, t.name, agg.*
		FROM agg JOIN prompts p ON p.id = agg.prompt_id LEFT JOIN topics t ON t.id = p.topic_id
		ORDER BY p.created_at, p.id`)
	byID := map[string]*sightline.PromptFacts{}
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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
	err = eachRow(ctx, tx, `SELECT DISTINCT r.prompt_id, g.code FROM runs r JOIN regions g ON g.id = r.region_id
		WHERE r.brand_id = ? AND r.ran_at >= ? AND r.ran_at < ? ORDER BY 1, 2`, []any{e.brandID, ts(e.w.Start), ts(e.w.End)},
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
	err := eachRow(ctx, tx, `SELECT m.prompt_id, fb.competitor_id, AVG(`+dbl("m.position")+`)
		FROM mentions m JOIN found_brands fb ON fb.id = m.found_brand_id
		WHERE m.brand_id = ? AND m.ran_at >= ? AND m.ran_at < ? AND fb.competitor_id IS NOT NULL
		GROUP BY m.prompt_id, fb.competitor_id`, []any{e.brandID, ts(e.w.Start), ts(e.w.End)},
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
		slices.SortStableFunc(p.Competitors, func(a, b sightline.PromptCompetitor) int { return b.Runs - a.Runs })
	}
	return nil
}

// pages counts the citations of every page per prompt, and who the citing
// answers name per page. A run belongs to one prompt, so summing a page's
// runs over its prompts is exact.
func (e *evidenceQ) pages(ctx context.Context, tx *Tx, ev *sightline.BrandEvidence) error {
	compByDomain := map[string]string{}
	for _, c := range e.comps {
		if _, ok := compByDomain[c.Domain]; c.Domain != "" && !ok {
			compByDomain[c.Domain] = c.ID
		}
	}
	var s sqlb
	e.runFlags(&s)
	// Ingest stores a page once per answer, so within a (prompt, page)
	// group every row is a distinct run and plain sums count runs.
	s.add(` SELECT rf.prompt_id, c.page, MIN(c.domain), MIN(c.page_type), MIN(c.domain_type), MAX(c.title),
		MAX(c.subreddit), MAX(c.youtube_channel), COUNT(*), COUNT(*), SUM(rf.weak),
		SUM(CASE WHEN rf.weak = 1 AND rf.cmask <> 0 THEN 1 ELSE 0 END), `+e.weakNamedColumns("rf")+`
		FROM rf JOIN citations c ON c.brand_id = ? AND c.topic_id = rf.topic_id AND c.provider_id = rf.provider_id AND c.ran_at = rf.ran_at AND c.run_seq = rf.run_seq
		GROUP BY rf.prompt_id, c.page
		ORDER BY c.page, rf.prompt_id`, e.brandID)
	named := map[string][]int{}
	var order []*sightline.PageFacts
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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
		// Ownership by domain, as docs/metrics.md defines it, at query time.
		if slices.Contains(ev.Domains, p.Domain) {
			p.Ownership = sightline.ClassOwned
		} else if id, ok := compByDomain[p.Domain]; ok {
			p.Ownership, p.CompetitorID = sightline.ClassCompetitorOwned, id
		}
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
// competitor; cd first reduces the citations to one row per run and
// domain, so that a run citing several pages of a domain counts once.
func (e *evidenceQ) domains(ctx context.Context, tx *Tx, ev *sightline.BrandEvidence) error {
	var s sqlb
	e.runFlags(&s)
	s.add(`, cd AS MATERIALIZED (SELECT c.domain AS domain, c.run_seq AS run_seq, MIN(rf.pos) AS pos, MIN(rf.weak) AS weak, MIN(rf.cmask) AS cmask
		FROM rf JOIN citations c ON c.brand_id = ? AND c.topic_id = rf.topic_id AND c.provider_id = rf.provider_id AND c.ran_at = rf.ran_at AND c.run_seq = rf.run_seq
		WHERE c.domain_type IN ('editorial', 'review', 'social')
		GROUP BY c.domain, c.run_seq)
		SELECT cd.domain, `+e.namedColumns("cd")+` FROM cd GROUP BY cd.domain ORDER BY cd.domain`, e.brandID)
	err := eachRow(ctx, tx, s.String(), s.args, func(scan func(...any) error) error {
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
