package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/demo"
	"github.com/sightline/sightline/internal/sqlstore"
)

const demoUsage = `Usage: sightline demo [--db DSN] [--fixture FILE] [--seed N] [--days N] [--scale small|large|xlarge]

Migrates the database and loads the deterministic demo data set through the
ingest pipeline (same seed, same data; dates relative to now), then exits.
--fixture writes the ids and API keys of the data set as JSON.

`

// DemoCommand loads the demo data set.
type DemoCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run loads the data set and writes the fixture.
func (c *DemoCommand) Run(ctx context.Context, args []string) error {
	cfg := c.env
	fs := newFlagSet("demo", demoUsage, c.stderr)
	cfg.dbFlag(fs)
	fixture := fs.String("fixture", "", "write the fixture JSON to this file")
	seed := fs.Uint64("seed", 1, "random seed; the same seed gives the same data")
	days := fs.Int("days", demo.DefaultDays, "days of history")
	scale := fs.String("scale", demo.ScaleSmall, "data set size: small, large or xlarge (10× large, for measuring)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := checkScale(*scale); err != nil {
		return err
	}
	if *days < 1 || *days > 3650 {
		return fmt.Errorf("--days %d: use 1 to 3650", *days)
	}
	db, err := openDB(ctx, cfg, cfg.logger(c.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := requireEmpty(ctx, db); err != nil {
		return err
	}
	f, err := demo.Load(ctx, db, demo.Config{Seed: *seed, Days: *days, Scale: *scale, Now: time.Now().UTC()},
		func(line string) { fmt.Fprintln(c.stdout, line) })
	if err != nil {
		return err
	}
	if *fixture != "" {
		if err := f.WriteFile(*fixture); err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "fixture written to %s\n", *fixture)
	}
	fmt.Fprintf(c.stdout, "demo data loaded into %s\nAPI key: %s\n", sqlstore.RedactDSN(cfg.DB), f.APIKey)
	fmt.Fprintf(c.stdout, "Dashboard sign-in: %s / %s\n", f.DashboardUser.Email, f.DashboardUser.Password)
	return nil
}

// requireEmpty refuses to load the demo over existing data.
func requireEmpty(ctx context.Context, db *sqlstore.DB) error {
	orgs, err := db.FindOrganizations(ctx)
	if err != nil {
		return err
	}
	if len(orgs) > 0 {
		return fmt.Errorf("the database already holds %d organization(s); load the demo into an empty database", len(orgs))
	}
	return nil
}

// loadDemo loads the small demo data set into an empty database, or finds
// the demo organization in a database that has it, and prints a fresh API
// key with a ready curl line and the dashboard sign-in (a fresh password
// for a database loaded before: only its hash is stored).
func (m *Main) loadDemo(ctx context.Context) error {
	orgs, err := m.DB.FindOrganizations(ctx)
	if err != nil {
		return err
	}
	var orgID string
	var user demo.User
	if len(orgs) == 0 {
		fmt.Fprintln(m.stdout, "Loading the demo data set (small)…")
		f, err := demo.Load(ctx, m.DB, demo.Config{Seed: 1, Days: m.DemoDays, Now: time.Now().UTC()}, func(line string) { fmt.Fprintln(m.stdout, line) })
		if err != nil {
			return err
		}
		m.printDemoKey(f.APIKey, f.BrandID, f.DashboardUser)
		return nil
	}
	ds := demo.New(demo.Config{Seed: 1})
	for _, o := range orgs {
		if o.ID == ds.Orgs[0].ID {
			orgID, user = o.ID, ds.Orgs[0].Users[0]
		}
	}
	if orgID == "" {
		fmt.Fprintln(m.stdout, "The database is not empty and holds no demo organization: --demo loads nothing.")
		return nil
	}
	_, secret, err := m.DB.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: orgID, UserEmail: user.Email, Name: "serve --demo"})
	if err != nil {
		return err
	}
	signIn, err := demo.DashboardUser(ctx, m.DB, orgID, user)
	if err != nil {
		return err
	}
	fmt.Fprintln(m.stdout, "Demo data already loaded; created a new API key and a new dashboard password for the demo organization.")
	m.printDemoKey(secret, ds.Orgs[0].Brands[0].ID, signIn)
	return nil
}

// printDemoKey prints the key, the brand id and curl lines that use them
// (README's examples read $KEY and $BRAND).
func (m *Main) printDemoKey(key, brandID string, u demo.FixtureUser) {
	fmt.Fprintf(m.stdout, "\nDemo API key: %s\nDemo brand id: %s\nTry:\n  curl -s -H 'X-API-KEY: %s' http://%s/api/v2/brands\n", key, brandID, key, m.Config.Addr)
	fmt.Fprintf(m.stdout, "  curl -s -H 'X-API-KEY: %s' 'http://%s/api/v2/brands/%s/citations/pages?page_size=5'\n", key, m.Config.Addr, brandID)
	fmt.Fprintf(m.stdout, "or, for the examples of README and docs/api.md:\n  export KEY=%s BRAND=%s\n", key, brandID)
	fmt.Fprintf(m.stdout, "\nDashboard: http://%s/\n  email:    %s\n  password: %s\n\n", m.Config.Addr, u.Email, u.Password)
}

// checkScale refuses a --scale the demo data set does not have.
func checkScale(scale string) error {
	switch scale {
	case demo.ScaleSmall, demo.ScaleLarge, demo.ScaleXLarge:
		return nil
	}
	return fmt.Errorf("--scale %q: use small, large or xlarge", scale)
}
