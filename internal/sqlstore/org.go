package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

var _ sightline.OrganizationService = (*DB)(nil)

// CreateOrganization stores a new organization.
func (db *DB) CreateOrganization(ctx context.Context, c sightline.OrganizationCreate) (*sightline.Organization, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	org := &sightline.Organization{ID: strings.ToLower(c.ID), Name: strings.TrimSpace(c.Name), CreatedAt: tx.now}
	if org.ID == "" {
		org.ID = newID()
	}
	if _, err := tx.exec(ctx, `INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)`,
		org.ID, org.Name, ts(tx.now)); err != nil {
		if errors.Is(err, errUnique) {
			return nil, sightline.Errorf(sightline.ECONFLICT, "Organization %s already exists.", org.ID)
		}
		return nil, fmt.Errorf("insert organization: %w", err)
	}
	return org, tx.Commit()
}

// FindOrganizations lists every organization by name.
func (db *DB) FindOrganizations(ctx context.Context) ([]*sightline.Organization, error) {
	tx, err := db.beginRead(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.query(ctx, `SELECT id, name, created_at FROM organizations ORDER BY name, id`)
	if err != nil {
		return nil, fmt.Errorf("list organizations: %w", err)
	}
	defer rows.Close()
	var out []*sightline.Organization
	for rows.Next() {
		var o sightline.Organization
		var created Time
		if err := rows.Scan(&o.ID, &o.Name, &created); err != nil {
			return nil, err
		}
		o.CreatedAt = created.Time
		out = append(out, &o)
	}
	return out, rows.Err()
}

// CreateUser adds a user to an organization, or returns the one with that email.
func (db *DB) CreateUser(ctx context.Context, orgID, id, email, name string) (*sightline.User, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	u, err := ensureUser(ctx, tx, orgID, id, email, name)
	if err != nil {
		return nil, err
	}
	return u, tx.Commit()
}

func checkOrg(ctx context.Context, tx *Tx, orgID string) error {
	var n int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM organizations WHERE id = ?`, orgID).Scan(&n); err != nil {
		return fmt.Errorf("check organization: %w", err)
	}
	if n == 0 {
		return notFound("Organization")
	}
	return nil
}

func ensureUser(ctx context.Context, tx *Tx, orgID, id, email, name string) (*sightline.User, error) {
	orgID, email = strings.ToLower(orgID), strings.ToLower(strings.TrimSpace(email))
	if !sightline.IsUUID(orgID) {
		return nil, notFound("Organization")
	}
	if err := checkOrg(ctx, tx, orgID); err != nil {
		return nil, err
	}
	u := &sightline.User{OrgID: orgID, Email: email}
	var created Time
	err := tx.queryRow(ctx, `SELECT id, name, created_at FROM users WHERE org_id = ? AND email = ?`, orgID, email).
		Scan(&u.ID, &u.Name, &created)
	if err == nil {
		u.CreatedAt = created.Time
		return u, nil
	} else if sightline.ErrorCode(mapError(err)) != sightline.ENOTFOUND {
		return nil, fmt.Errorf("find user: %w", err)
	}
	u.ID, u.Name, u.CreatedAt = strings.ToLower(id), name, tx.now
	if u.ID == "" {
		u.ID = newID()
	}
	if _, err := tx.exec(ctx, `INSERT INTO users (id, org_id, email, name, created_at) VALUES (?, ?, ?, ?, ?)`,
		u.ID, orgID, email, name, ts(tx.now)); err != nil {
		return nil, fmt.Errorf("insert user: %w", err)
	}
	return u, nil
}

// OrganizationUsage counts what an organization used in [start, end).
func (db *DB) OrganizationUsage(ctx context.Context, orgID string, start, end time.Time) (*sightline.Usage, error) {
	orgID = strings.ToLower(orgID)
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
	u := &sightline.Usage{OrgID: orgID, PeriodStart: start, PeriodEnd: end}
	err = tx.queryRow(ctx, `SELECT
		(SELECT COUNT(*) FROM brands WHERE org_id = ?),
		(SELECT COUNT(*) FROM prompts p JOIN brands b ON b.id = p.brand_id WHERE b.org_id = ? AND p.active = ?),
		(SELECT COUNT(*) FROM runs r JOIN brands b ON b.id = r.brand_id WHERE b.org_id = ? AND r.ran_at >= ? AND r.ran_at < ?),
		(SELECT COUNT(*) FROM api_keys WHERE org_id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?))`,
		orgID, orgID, true, orgID, ts(start), ts(end), orgID, ts(tx.now)).Scan(&u.Brands, &u.Prompts, &u.Runs, &u.ActiveAPIKeys)
	if err != nil {
		return nil, fmt.Errorf("organization usage: %w", err)
	}
	return u, nil
}
