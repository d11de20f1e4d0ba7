package sqlstore

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// reanalyzePage is how many stored answers are read at a time.
const reanalyzePage = 256

// ReanalyzeBrand analyzes a brand's stored answers again, those of runs from
// since on (all when since is zero): analyze gives the mentions of one answer,
// linked to the brand and its competitors as ingest links them. Where they
// differ from the stored mentions, the run's mentions are replaced (found
// brands are created for new names); then the brand's rollups are rebuilt
// from the facts, by the path a change of its domains or competitors takes,
// so they equal the facts again. It is one transaction: a failure changes
// nothing. Of a brand whose facts were pruned, the answers from the pruned
// day on are analyzed; the days before it keep their rollups as they are
// (docs/retention.md#what-still-answers).
func (db *DB) ReanalyzeBrand(ctx context.Context, brandID string, since time.Time,
	analyze func(answer string) []sightline.AnalyzedMention, progress func(sightline.ReanalyzeProgress)) (sightline.ReanalyzeResult, error) {
	var res sightline.ReanalyzeResult
	brandID = strings.ToLower(strings.TrimSpace(brandID))
	tx, err := db.begin(ctx)
	if err != nil {
		return res, err
	}
	defer tx.Rollback()
	var one int
	if err := tx.queryRow(ctx, `SELECT 1 FROM brands WHERE id = ?`, brandID).Scan(&one); err != nil {
		if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
			return res, sightline.Errorf(sightline.ENOTFOUND, "brand %s not found", brandID)
		}
		return res, fmt.Errorf("find brand: %w", err)
	}
	pruned, err := prunedBefore(ctx, tx, brandID)
	if err != nil {
		return res, err
	}
	if since.Before(pruned) {
		since = pruned
	}
	it := &ingestTx{tx: tx, selfFound: map[string]foundRef{}, compFound: map[string]foundRef{}, foundByKey: map[string]foundRef{}}
	type stored struct {
		seq    int64
		ranAt  Time
		answer string
	}
	after := int64(-1)
	for {
		var page []stored
		err := eachRow(ctx, tx, `SELECT r.seq, r.ran_at, a.answer FROM runs r JOIN run_answers a ON a.run_seq = r.seq
			WHERE r.brand_id = ? AND r.ran_at >= ? AND r.seq > ? ORDER BY r.seq LIMIT `+fmt.Sprint(reanalyzePage),
			[]any{brandID, ts(since), after}, func(scan func(...any) error) error {
				var s stored
				if err := scan(&s.seq, &s.ranAt, &s.answer); err != nil {
					return err
				}
				page = append(page, s)
				return nil
			})
		if err != nil {
			return res, fmt.Errorf("read answers: %w", err)
		}
		if len(page) == 0 {
			break
		}
		for _, s := range page {
			after = s.seq
			res.Runs++
			before, err := storedMentions(ctx, tx, brandID, s.seq)
			if err != nil {
				return res, err
			}
			var now []mentionRow
			for _, m := range analyze(s.answer) {
				f, err := it.foundBrand(ctx, brandID, m)
				if err != nil {
					return res, err
				}
				id := fmt.Sprint(f.id)
				if slices.ContainsFunc(now, func(r mentionRow) bool { return r.found == id }) {
					continue // one mention per found brand and answer, the first
				}
				now = append(now, mentionRow{found: id, position: m.Position, count: max(1, m.Count), sentiment: m.Sentiment})
			}
			if sameMentions(before, now) {
				continue
			}
			res.Changed++
			res.MentionsBefore += len(before)
			res.MentionsAfter += len(now)
			if _, err := tx.exec(ctx, `DELETE FROM mentions WHERE brand_id = ? AND run_seq = ?`, brandID, s.seq); err != nil {
				return res, fmt.Errorf("delete mentions: %w", err)
			}
			for _, m := range now {
				// the run's own row gives the fact's dimensions, as ingest copied them
				if _, err := tx.exec(ctx, `INSERT INTO mentions (brand_id, ran_at, run_seq, found_brand_id, prompt_id, topic_id, provider_id, region_id, position, mention_count, sentiment)
					SELECT brand_id, ran_at, seq, ?, prompt_id, COALESCE(topic_id, ?), provider_id, region_id, ?, ?, ? FROM runs WHERE seq = ?`,
					m.found, nilTopic, m.position, m.count, m.sentiment, s.seq); err != nil {
					return res, fmt.Errorf("insert mention: %w", mapError(err))
				}
			}
		}
		if progress != nil {
			progress(sightline.ReanalyzeProgress{Runs: res.Runs, Changed: res.Changed, Through: page[len(page)-1].ranAt.Time})
		}
	}
	if res.Changed > 0 {
		if err := rebuildBrandRollups(ctx, tx, brandID); err != nil {
			return res, err
		}
	}
	return res, tx.Commit()
}

// mentionRow is one stored mention of a run.
type mentionRow struct {
	found           string
	position, count int
	sentiment       float64
}

func storedMentions(ctx context.Context, tx *Tx, brandID string, seq int64) ([]mentionRow, error) {
	var out []mentionRow
	err := eachRow(ctx, tx, `SELECT found_brand_id, position, mention_count, sentiment FROM mentions WHERE brand_id = ? AND run_seq = ? ORDER BY position, found_brand_id`,
		[]any{brandID, seq}, func(scan func(...any) error) error {
			var m mentionRow
			if err := scan(&m.found, &m.position, &m.count, &m.sentiment); err != nil {
				return err
			}
			out = append(out, m)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("read mentions: %w", err)
	}
	return out, nil
}

// sameMentions reports whether two sets of a run's mentions are equal.
func sameMentions(a, b []mentionRow) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		i := slices.IndexFunc(b, func(y mentionRow) bool { return y.found == x.found })
		if i < 0 {
			return false
		}
		y := b[i]
		if x.position != y.position || x.count != y.count || math.Abs(x.sentiment-y.sentiment) > 1e-9 {
			return false
		}
	}
	return true
}
