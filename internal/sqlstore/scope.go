package sqlstore

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyticsql"
)

// noMatchID never equals a stored id; it keeps "IN (…)" lists non-empty
// when a target brand name matches no found brand.
const noMatchID = "00000000-0000-0000-0000-000000000000"

// scopeQ turns a sightline.Scope into SQL. Every fact table (runs,
// mentions, citations, ads) carries brand_id, ran_at, prompt_id,
// provider_id and region_id, so the same run filters apply to all of them.
type scopeQ struct {
	sightline.Scope
	// targetIDs are the found brands counted as the target in numerators:
	// filter[brand_ids] when given, else the found brands named like
	// filter[target_brand] (default: the brand itself).
	targetIDs []string
	// nameTargetIDs are the found brands named like the target brand, used
	// for ownership (earned vs competitor_earned) whatever brand_ids says.
	nameTargetIDs []string
	// competitorIDs are the found brands of tracked competitors.
	competitorIDs []string

	dialect dialect

	allTopics    []string // the brand's topics and nilTopic, and every provider:
	allProviders []string // the fact tables' clustering
	rollups      bool     // the daily rollups may answer (DB.NoRollups unset)
	selfTarget   bool     // the target is the brand itself, as in the page rollups
	narrowRuns   bool     // runs are narrowed by the domains or page they cite
	selOnce      bool     // the statement being written reads citationScope's scope_citations once
	periodSums   bool     // ... and only sums its counts, by period (ran_at against the cuts): rollupPieces may subtract
	tx           *Tx
	// prunedBefore is the day before which the brand's mentions and
	// citations were pruned (zero: never); factFilter refuses to read them.
	prunedBefore time.Time
}

// newScope resolves the target of s inside tx.
func newScope(ctx context.Context, tx *Tx, s sightline.Scope) (*scopeQ, error) {
	q := &scopeQ{Scope: s, dialect: tx.d, rollups: !tx.noRollups, tx: tx}
	var err error
	if q.prunedBefore, err = prunedBefore(ctx, tx, s.BrandID); err != nil {
		return nil, err
	}
	var rows []string
	if strings.TrimSpace(s.TargetBrand) == "" {
		rows, err = queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND is_self = ?`, s.BrandID, true)
	} else {
		// The name of a found brand, or an alias of the brand itself or of a
		// competitor (aliases resolve to their found brand at ingest).
		key := strings.ToLower(strings.TrimSpace(s.TargetBrand))
		rows, err = queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND (name_key = ?
			OR (is_self = ? AND EXISTS (SELECT 1 FROM brand_aliases WHERE brand_aliases.brand_id = ? AND lower(brand_aliases.alias) = ?))
			OR competitor_id IN (SELECT competitor_aliases.competitor_id FROM competitor_aliases
				WHERE competitor_aliases.brand_id = ? AND lower(competitor_aliases.alias) = ?))`,
			s.BrandID, key, true, s.BrandID, key, s.BrandID, key)
	}
	if err != nil {
		return nil, fmt.Errorf("resolve target brand: %w", err)
	}
	self, err := queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND is_self = ?`, s.BrandID, true)
	if err != nil {
		return nil, fmt.Errorf("resolve brand: %w", err)
	}
	q.selfTarget = len(rows) == 1 && len(self) == 1 && rows[0] == self[0]
	q.nameTargetIDs = orNoMatch(rows)
	q.targetIDs = q.nameTargetIDs
	if len(s.FoundBrandIDs) > 0 {
		q.targetIDs = s.FoundBrandIDs
	}
	rows, err = queryStrings(ctx, tx, `SELECT id FROM found_brands WHERE brand_id = ? AND competitor_id IS NOT NULL`, s.BrandID)
	if err != nil {
		return nil, fmt.Errorf("resolve competitors: %w", err)
	}
	q.competitorIDs = orNoMatch(rows)
	if q.allTopics, err = queryStrings(ctx, tx, `SELECT id FROM topics WHERE brand_id = ?`, s.BrandID); err != nil {
		return nil, fmt.Errorf("resolve topics: %w", err)
	}
	q.allTopics = append(q.allTopics, nilTopic)
	if q.allProviders, err = queryStrings(ctx, tx, `SELECT id FROM providers`); err != nil {
		return nil, fmt.Errorf("resolve providers: %w", err)
	}
	q.allProviders = orNoMatch(q.allProviders)
	return q, nil
}

func orNoMatch(ids []string) []string {
	if len(ids) == 0 {
		return []string{noMatchID}
	}
	return ids
}

// filterIn writes the conditions selecting the scope's rows of a fact
// table aliased a within [start, end).
func (q *scopeQ) filterIn(s *sqlb, a string, w sightline.Window) {
	s.Add(a+`.brand_id = ? AND `+a+`.ran_at >= ? AND `+a+`.ran_at < ?`, q.BrandID, ts(w.Start), ts(w.End))
	q.dimFilter(s, a)
}

// factFilter is filterIn for the mention and citation facts, clustered by
// (brand_id, topic_id, provider_id, ran_at): without a topic or provider
// filter it names every topic of the brand or every provider, so that each
// pair is one range scan of the table.
//
// A range that starts before the brand's pruned day would read facts that
// are gone: the transaction then refuses every further query (docs/retention.md).
func (q *scopeQ) factFilter(s *sqlb, a string, w sightline.Window) {
	if w.Start.Before(q.prunedBefore) && q.tx.refuse == nil {
		q.tx.refuse = prunedError(q.prunedBefore)
	}
	q.filterIn(s, a, w)
	if len(q.TopicIDs) == 0 {
		s.Add(` AND `+a+`.topic_id IN (`+analyticsql.Placeholders(len(q.allTopics))+`)`, anys(q.allTopics))
	}
	if len(q.ProviderIDs) == 0 {
		s.Add(` AND `+a+`.provider_id IN (`+analyticsql.Placeholders(len(q.allProviders))+`)`, anys(q.allProviders))
	}
}

// dimFilter writes the provider, region, topic and prompt conditions on a
// table aliased a, each starting with " AND ".
func (q *scopeQ) dimFilter(s *sqlb, a string) {
	if len(q.ProviderIDs) > 0 {
		s.Add(` AND `+a+`.provider_id IN (`+analyticsql.Placeholders(len(q.ProviderIDs))+`)`, anys(q.ProviderIDs))
	}
	if len(q.RegionIDs) > 0 {
		s.Add(` AND `+a+`.region_id IN (`+analyticsql.Placeholders(len(q.RegionIDs))+`)`, anys(q.RegionIDs))
	}
	if len(q.TopicIDs) > 0 {
		// Facts carry their prompt's topic (prompts never change topic), so
		// "topic ids resolved to prompt ids" is a plain column match.
		s.Add(` AND `+a+`.topic_id IN (`+analyticsql.Placeholders(len(q.TopicIDs))+`)`, anys(q.TopicIDs))
	}
	if len(q.PromptIDs) > 0 {
		s.Add(` AND `+a+`.prompt_id IN (`+analyticsql.Placeholders(len(q.PromptIDs))+`)`, anys(q.PromptIDs))
	}
	if q.PromptID != "" {
		s.Add(` AND `+a+`.prompt_id = ?`, q.PromptID)
	}
	if len(q.PromptRegions) > 0 {
		s.Add(` AND (`)
		for i, pr := range q.PromptRegions {
			if i > 0 {
				s.Add(` OR `)
			}
			s.Add(`(`+a+`.prompt_id = ? AND `+a+`.region_id = ?)`, pr.PromptID, pr.RegionID)
		}
		s.Add(`)`)
	}
}

// span is the window covering the previous period and the current one, so
// that one scan computes both (current rows have ran_at >= Window.Start).
func (q *scopeQ) span() sightline.Window {
	return sightline.Window{Start: q.Window.Previous().Start, End: q.Window.End}
}

func queryStrings(ctx context.Context, tx *Tx, q string, args ...any) ([]string, error) {
	var out []string
	err := eachRow(ctx, tx, q, args, func(scan func(...any) error) error {
		var s string
		if err := scan(&s); err != nil {
			return err
		}
		out = append(out, s)
		return nil
	})
	return out, err
}
