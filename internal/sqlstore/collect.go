package sqlstore

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

var _ sightline.CollectionService = (*DB)(nil)

// findSettings reads a brand's collection settings, or the defaults.
func findSettings(ctx context.Context, tx *Tx, brandID string) (*sightline.CollectionSettings, error) {
	s := sightline.DefaultCollectionSettings()
	var providers, regions string
	var updated Time
	err := tx.queryRow(ctx, `SELECT providers, regions, cadence_hours, samples, enabled, updated_at FROM brand_collection WHERE brand_id = ?`, brandID).
		Scan(&providers, &regions, &s.CadenceHours, &s.Samples, &s.Enabled, &updated)
	switch code := sightline.ErrorCode(mapError(err)); {
	case err == nil:
		s.Providers, s.Regions, s.UpdatedAt = decodeStrings(providers), decodeStrings(regions), updated.Time
	case code != sightline.ENOTFOUND:
		return nil, fmt.Errorf("find collection settings: %w", err)
	}
	return &s, nil
}

// FindCollectionSettings returns a brand's collection settings.
func (db *DB) FindCollectionSettings(ctx context.Context, orgID, brandID string) (*sightline.CollectionSettings, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	return findSettings(ctx, tx, brandID)
}

// UpdateCollectionSettings applies an update to a brand's settings.
func (db *DB) UpdateCollectionSettings(ctx context.Context, orgID, brandID string, upd sightline.CollectionUpdate) (*sightline.CollectionSettings, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkBrand(ctx, tx, orgID, brandID); err != nil {
		return nil, err
	}
	cur, err := findSettings(ctx, tx, brandID)
	if err != nil {
		return nil, err
	}
	s, err := upd.Apply(*cur)
	if err != nil {
		return nil, err
	}
	s.UpdatedAt = tx.now
	if _, err := tx.exec(ctx, `INSERT INTO brand_collection (brand_id, providers, regions, cadence_hours, samples, enabled, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (brand_id) DO UPDATE SET providers = excluded.providers, regions = excluded.regions,
			cadence_hours = excluded.cadence_hours, samples = excluded.samples, enabled = excluded.enabled, updated_at = excluded.updated_at`,
		brandID, encodeStrings(s.Providers), encodeStrings(s.Regions), s.CadenceHours, s.Samples, s.Enabled, ts(tx.now)); err != nil {
		return nil, fmt.Errorf("save collection settings: %w", err)
	}
	return &s, tx.Commit()
}

// FindCollectionWork returns a brand's settings, active prompts and the
// samples collected in the cadence slot holding at.
func (db *DB) FindCollectionWork(ctx context.Context, brandID string, at time.Time) (*sightline.CollectionWork, error) {
	brandID = strings.ToLower(brandID)
	if !sightline.IsUUID(brandID) {
		return nil, notFound("Brand")
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	w := &sightline.CollectionWork{BrandID: brandID, Done: map[string]bool{}}
	if err := tx.queryRow(ctx, `SELECT org_id FROM brands WHERE id = ?`, brandID).Scan(&w.OrgID); err != nil {
		if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
			return nil, notFound("Brand")
		}
		return nil, fmt.Errorf("find brand: %w", err)
	}
	s, err := findSettings(ctx, tx, brandID)
	if err != nil {
		return nil, err
	}
	w.Settings = *s
	w.Slot = sightline.CollectionSlot(at, s.CadenceHours)
	err = eachRow(ctx, tx, `SELECT p.id, p.text, p.regions FROM prompts p WHERE p.brand_id = ? AND p.active = ? ORDER BY p.created_at, p.id`,
		[]any{brandID, true}, func(scan func(...any) error) error {
			var p sightline.CollectPrompt
			var regions string
			if err := scan(&p.ID, &p.Text, &regions); err != nil {
				return err
			}
			p.Regions = decodeStrings(regions)
			w.Prompts = append(w.Prompts, p)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("find prompts: %w", err)
	}
	err = eachRow(ctx, tx, `SELECT prompt_id, provider, region, sample FROM collection_attempts
		WHERE brand_id = ? AND slot_start = ? AND status = ?`, []any{brandID, ts(w.Slot), sightline.AttemptOK},
		func(scan func(...any) error) error {
			var prompt, provider, region string
			var sample int
			if err := scan(&prompt, &provider, &region, &sample); err != nil {
				return err
			}
			w.Done[sightline.SampleKey(prompt, provider, region, sample)] = true
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("find collected samples: %w", err)
	}
	return w, nil
}

// FindCollectingBrands lists the brands whose collection is on.
func (db *DB) FindCollectingBrands(ctx context.Context) ([]string, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	ids, err := queryStrings(ctx, tx, `SELECT brand_id FROM brand_collection WHERE enabled = ? ORDER BY brand_id`, true)
	if err != nil {
		return nil, fmt.Errorf("find collecting brands: %w", err)
	}
	return ids, nil
}

// RecordCollectionAttempt stores an attempt and its run in one
// transaction. A second ok attempt of the same sample (two workers raced)
// stores nothing: the run is already there under the same id.
func (db *DB) RecordCollectionAttempt(ctx context.Context, a *sightline.CollectionAttempt, run *sightline.AnalyzedRun) error {
	tx, done, err := db.beginIngest(ctx, false)
	if err != nil {
		return err
	}
	defer done()
	defer tx.Rollback()
	if a.ID == "" {
		a.ID = newID()
	}
	if a.Status == sightline.AttemptOK {
		var n int
		if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM collection_attempts WHERE brand_id = ? AND prompt_id = ? AND provider = ?
			AND region = ? AND slot_start = ? AND sample = ? AND status = ?`,
			a.BrandID, a.PromptID, a.Provider, a.Region, ts(a.Slot), a.Sample, sightline.AttemptOK).Scan(&n); err != nil {
			return fmt.Errorf("find attempt: %w", err)
		}
		if n > 0 {
			return nil
		}
		if run != nil {
			if _, err := db.ingestInTx(ctx, tx, func(yield func(*sightline.AnalyzedRun, error) bool) { yield(run, nil) }, false); err != nil {
				return err
			}
		}
	}
	if _, err := tx.exec(ctx, `INSERT INTO collection_attempts (id, org_id, brand_id, prompt_id, provider, region, slot_start, sample, status,
		reason_code, reason, run_id, model, tries, input_tokens, output_tokens, searches, cost_micros, started_at, finished_at, duration_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.ID, a.OrgID, a.BrandID, a.PromptID, a.Provider, a.Region, ts(a.Slot), a.Sample, a.Status,
		a.ReasonCode, a.Reason, a.RunID, a.Model, a.Tries, a.InputTokens, a.OutputTokens, a.Searches, a.CostMicros,
		ts(a.StartedAt), ts(a.FinishedAt), a.DurationMS); err != nil {
		if errors.Is(err, errUnique) {
			return nil // a concurrent writer recorded this sample first
		}
		return fmt.Errorf("insert attempt: %w", err)
	}
	// The credential's last use or last error, for `providers list`: a
	// search surface's credential is its vendor's. Failures that never
	// reached the provider say nothing about the key.
	cred := a.Provider
	if a.Source != "" {
		cred = a.Source
	}
	switch {
	case a.Status == sightline.AttemptOK:
		_, err = tx.exec(ctx, `UPDATE provider_credentials SET last_used_at = ? WHERE org_id = ? AND provider = ?`, ts(a.FinishedAt), a.OrgID, cred)
	case a.Tries > 0 && a.Reason != nil:
		_, err = tx.exec(ctx, `UPDATE provider_credentials SET last_used_at = ?, last_error = ?, last_error_at = ? WHERE org_id = ? AND provider = ?`,
			ts(a.FinishedAt), *a.Reason, ts(a.FinishedAt), a.OrgID, cred)
	}
	if err != nil {
		return fmt.Errorf("note credential use: %w", err)
	}
	return tx.Commit()
}

const attemptColumns = `id, brand_id, prompt_id, provider, region, slot_start, sample, status, reason_code, reason, run_id, model, tries,
	input_tokens, output_tokens, searches, cost_micros, started_at, finished_at, duration_ms`

func scanAttempt(scan func(...any) error) (*sightline.CollectionAttempt, error) {
	a := &sightline.CollectionAttempt{}
	var slot, started, finished Time
	if err := scan(&a.ID, &a.BrandID, &a.PromptID, &a.Provider, &a.Region, &slot, &a.Sample, &a.Status, &a.ReasonCode, &a.Reason,
		&a.RunID, &a.Model, &a.Tries, &a.InputTokens, &a.OutputTokens, &a.Searches, &a.CostMicros, &started, &finished, &a.DurationMS); err != nil {
		return nil, err
	}
	a.Slot, a.StartedAt, a.FinishedAt = slot.Time, started.Time, finished.Time
	return a, nil
}

// FindCollectionReport returns a brand's last attempts and each provider's
// success rate over them.
func (db *DB) FindCollectionReport(ctx context.Context, brandID string, limit int) (*sightline.CollectionReport, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	attempts, err := scanAll(ctx, tx, "attempts", `SELECT `+attemptColumns+` FROM collection_attempts WHERE brand_id = ?
		ORDER BY finished_at DESC, id DESC LIMIT ?`, []any{brandID, limit}, scanAttempt)
	if err != nil {
		return nil, err
	}
	rep := &sightline.CollectionReport{Attempts: attempts, Providers: []sightline.ProviderSuccess{}}
	if rep.Attempts == nil {
		rep.Attempts = []*sightline.CollectionAttempt{}
	}
	byProvider := map[string]*sightline.ProviderSuccess{}
	for _, a := range attempts {
		p := byProvider[a.Provider]
		if p == nil {
			rep.Providers = append(rep.Providers, sightline.ProviderSuccess{Provider: a.Provider})
			p = &rep.Providers[len(rep.Providers)-1]
			byProvider[a.Provider] = p
		}
		p.Attempts++
		if a.Status == sightline.AttemptOK {
			p.OK++
		} else {
			p.Failed++
		}
	}
	for i := range rep.Providers {
		p := &rep.Providers[i]
		p.SuccessRate = 100 * float64(p.OK) / float64(p.Attempts)
	}
	return rep, nil
}

// FindSpendingCap returns the organization's daily cap and what the UTC day
// of now has spent.
func (db *DB) FindSpendingCap(ctx context.Context, orgID string, now time.Time) (sightline.SpendingCap, error) {
	var c sightline.SpendingCap
	tx, err := db.beginRead(ctx)
	if err != nil {
		return c, err
	}
	defer tx.Rollback()
	if err := tx.queryRow(ctx, `SELECT collect_daily_cap_micros FROM organizations WHERE id = ?`, orgID).Scan(&c.CapMicros); err != nil {
		if sightline.ErrorCode(mapError(err)) == sightline.ENOTFOUND {
			return c, notFound("Organization")
		}
		return c, fmt.Errorf("find spending cap: %w", err)
	}
	day := sightline.StartOfDay(now)
	if err := tx.queryRow(ctx, `SELECT COALESCE(SUM(cost_micros), 0) FROM collection_attempts WHERE org_id = ? AND finished_at >= ? AND finished_at < ?`,
		orgID, ts(day), ts(day.AddDate(0, 0, 1))).Scan(&c.SpentMicros); err != nil {
		return c, fmt.Errorf("sum spending: %w", err)
	}
	return c, nil
}

// SetSpendingCap sets or removes an organization's daily cap.
func (db *DB) SetSpendingCap(ctx context.Context, orgID string, capMicros *int64) error {
	if !sightline.IsUUID(orgID) {
		return notFound("Organization")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.exec(ctx, `UPDATE organizations SET collect_daily_cap_micros = ? WHERE id = ?`, capMicros, orgID)
	if err != nil {
		return fmt.Errorf("set spending cap: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("Organization")
	}
	return tx.Commit()
}

// SetProviderCredential stores or replaces a sealed key.
func (db *DB) SetProviderCredential(ctx context.Context, c *sightline.ProviderCredential) error {
	if !sightline.IsUUID(c.OrgID) {
		return notFound("Organization")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := checkOrg(ctx, tx, c.OrgID); err != nil {
		return err
	}
	c.CreatedAt, c.UpdatedAt = tx.now, tx.now
	// A new key starts with a clean record: the last error was the old one's.
	if _, err := tx.exec(ctx, `INSERT INTO provider_credentials (org_id, provider, sealed, key_id, last4, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (org_id, provider) DO UPDATE SET sealed = excluded.sealed, key_id = excluded.key_id, last4 = excluded.last4,
			created_at = excluded.created_at, updated_at = excluded.updated_at, last_used_at = NULL, last_error = NULL, last_error_at = NULL`,
		c.OrgID, c.Provider, base64.StdEncoding.EncodeToString(c.Sealed), c.KeyID, c.Last4, ts(tx.now), ts(tx.now)); err != nil {
		return fmt.Errorf("save provider credential: %w", err)
	}
	return tx.Commit()
}

const credentialColumns = `org_id, provider, sealed, key_id, last4, created_at, updated_at, last_used_at, last_error, last_error_at FROM provider_credentials`

func scanCredential(scan func(...any) error) (*sightline.ProviderCredential, error) {
	c := &sightline.ProviderCredential{}
	var sealed string
	var created, updated, used, errAt Time
	if err := scan(&c.OrgID, &c.Provider, &sealed, &c.KeyID, &c.Last4, &created, &updated, &used, &c.LastError, &errAt); err != nil {
		return nil, err
	}
	var err error
	if c.Sealed, err = base64.StdEncoding.DecodeString(sealed); err != nil {
		return nil, fmt.Errorf("decode sealed credential: %w", err)
	}
	c.CreatedAt, c.UpdatedAt, c.LastUsedAt, c.LastErrorAt = created.Time, updated.Time, used.Ptr(), errAt.Ptr()
	return c, nil
}

// FindProviderCredential returns one organization's sealed key.
func (db *DB) FindProviderCredential(ctx context.Context, orgID, provider string) (*sightline.ProviderCredential, error) {
	if !sightline.IsUUID(orgID) {
		return nil, notFound("Provider key")
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	cs, err := scanAll(ctx, tx, "provider credential", `SELECT `+credentialColumns+` WHERE org_id = ? AND provider = ?`, []any{orgID, provider}, scanCredential)
	if err != nil {
		return nil, err
	}
	if len(cs) == 0 {
		return nil, notFound("Provider key")
	}
	return cs[0], nil
}

// FindProviderCredentials lists an organization's keys.
func (db *DB) FindProviderCredentials(ctx context.Context, orgID string) ([]*sightline.ProviderCredential, error) {
	if !sightline.IsUUID(orgID) {
		return nil, notFound("Organization")
	}
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := checkOrg(ctx, tx, orgID); err != nil {
		return nil, err
	}
	return scanAll(ctx, tx, "provider credentials", `SELECT `+credentialColumns+` WHERE org_id = ? ORDER BY provider`, []any{orgID}, scanCredential)
}

// DeleteProviderCredential removes a key.
func (db *DB) DeleteProviderCredential(ctx context.Context, orgID, provider string) error {
	if !sightline.IsUUID(orgID) {
		return notFound("Provider key")
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.exec(ctx, `DELETE FROM provider_credentials WHERE org_id = ? AND provider = ?`, orgID, provider)
	if err != nil {
		return fmt.Errorf("delete provider credential: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("Provider key")
	}
	return tx.Commit()
}
