package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
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
	fs := newFlags("demo", demoUsage, c.stderr)
	cfg.dbFlag(fs)
	fixture := fs.String("fixture", "", "write the fixture JSON to this file")
	seed := fs.Uint64("seed", 1, "random seed; the same seed gives the same data")
	days := fs.Int("days", demo.DefaultDays, "days of history")
	scale := fs.String("scale", demo.ScaleSmall, "data set size: small, large or xlarge (10× large, for measuring)")
	if err := fs.parseFlags(args); err != nil {
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

// demoVars are what `serve --demo` prints for the examples of README and
// docs/api.md: each becomes a shell variable of the same name.
type demoVars struct {
	key, orgID, brandID string
	user                demo.FixtureUser
	providerIDs         []string // $P1, $P2
	recID               string   // $REC: a new recommendation of high impact
	masterKey           string   // an ephemeral master key, when none was set
}

// loadDemo loads the small demo data set into an empty database, or finds
// the demo organization in a database that has it and makes a fresh API
// key and dashboard password (only their hashes are stored). It returns
// nil for a database that holds other data.
func (m *Main) loadDemo(ctx context.Context) (*demoVars, error) {
	orgs, err := m.DB.FindOrganizations(ctx)
	if err != nil {
		return nil, err
	}
	if len(orgs) == 0 {
		fmt.Fprintln(m.stdout, "Loading the demo data set (small)…")
		f, err := demo.Load(ctx, m.DB, demo.Config{Seed: 1, Days: m.DemoDays, Now: time.Now().UTC()}, func(line string) { fmt.Fprintln(m.stdout, line) })
		if err != nil {
			return nil, err
		}
		v := &demoVars{key: f.APIKey, orgID: f.OrgID, brandID: f.BrandID, user: f.DashboardUser}
		return v, m.findDemoIDs(ctx, v)
	}
	ds := demo.New(demo.Config{Seed: 1})
	var orgID string
	var user demo.User
	for _, o := range orgs {
		if o.ID == ds.Orgs[0].ID {
			orgID, user = o.ID, ds.Orgs[0].Users[0]
		}
	}
	if orgID == "" {
		fmt.Fprintln(m.stdout, "The database is not empty and holds no demo organization: --demo loads nothing.")
		return nil, nil
	}
	// The demo's API keys are made once its runs are in: an organization
	// without them is a load that was stopped, whose numbers would be
	// partial.
	keys, err := m.DB.FindAPIKeys(ctx, orgID)
	if err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("the demo data set in %s did not finish loading (the server stopped while it loaded): remove that database or give another --db, and start serve --demo again",
			sqlstore.RedactDSN(m.Config.DB))
	}
	_, secret, err := m.DB.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: orgID, UserEmail: user.Email, Name: "serve --demo"})
	if err != nil {
		return nil, err
	}
	signIn, err := demo.DashboardUser(ctx, m.DB, orgID, user)
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(m.stdout, "Demo data already loaded; created a new API key and a new dashboard password for the demo organization.")
	v := &demoVars{key: secret, orgID: orgID, brandID: ds.Orgs[0].Brands[0].ID, user: signIn}
	return v, m.findDemoIDs(ctx, v)
}

// findDemoIDs finds the ids the examples use besides the brand's: two
// providers and a new recommendation of high impact (the most severe).
func (m *Main) findDemoIDs(ctx context.Context, v *demoVars) error {
	providers, err := m.DB.FindProviders(ctx)
	if err != nil {
		return err
	}
	for _, p := range providers[:min(2, len(providers))] {
		v.providerIDs = append(v.providerIDs, p.ID)
	}
	recs, _, err := m.DB.FindRecommendations(ctx, v.orgID, v.brandID, sightline.RecommendationFilter{
		Impacts: []string{sightline.ImpactHigh}, States: []string{sightline.RecStateNew},
		PageRequest: sightline.PageRequest{Page: 1, PageSize: 1},
	})
	if err != nil {
		return err
	}
	if len(recs) > 0 {
		v.recID = recs[0].ID
	}
	return nil
}

// ephemeralMasterKey gives a demo without a master key one that lives only
// as long as the process, so that the examples that store a secret (a
// webhook endpoint, a provider key) work on the demo. It is printed with
// the other variables (printDemo) and saved nowhere.
func (m *Main) ephemeralMasterKey(v *demoVars) {
	if m.Config.SecretKey != "" || m.Config.SecretKeyFile != "" {
		return
	}
	key := make([]byte, 32)
	rand.Read(key) // never fails (crypto/rand)
	m.Config.SecretKey = base64.StdEncoding.EncodeToString(key)
	v.masterKey = m.Config.SecretKey
	m.Logger.Warn("serve --demo without a master key: using an ephemeral one, saved nowhere; secrets stored under it cannot be opened after this process stops (set SIGHTLINE_SECRET_KEY; docs/demo.md)")
}

// printDemo prints the key, the brand id, curl lines that use them, the
// dashboard sign-in, and every variable the examples of README and
// docs/api.md use as export lines a shell takes as they are.
func (m *Main) printDemo(v *demoVars) {
	addr := m.Config.Addr
	fmt.Fprintf(m.stdout, "\nDemo API key: %s\nDemo brand id: %s\nTry:\n  curl -s -H 'X-API-KEY: %s' http://%s/api/v2/brands\n", v.key, v.brandID, v.key, addr)
	fmt.Fprintf(m.stdout, "  curl -s -H 'X-API-KEY: %s' 'http://%s/api/v2/brands/%s/citations/pages?page_size=5'\n", v.key, addr, v.brandID)
	fmt.Fprintf(m.stdout, "\nDashboard: http://%s/\n  email:    %s\n  password: %s\n", addr, v.user.Email, v.user.Password)
	if v.masterKey != "" {
		fmt.Fprint(m.stdout, `
WARNING: no master key is set (SIGHTLINE_SECRET_KEY), so this demo made an
ephemeral one: SIGHTLINE_SECRET_KEY below. It is saved nowhere. Webhook
signing secrets and provider keys stored under it cannot be opened once
this process stops, unless serve starts again with the same
SIGHTLINE_SECRET_KEY (the export line below sets it in your shell; the
commands that store provider keys need it too). Set a master key of your
own for anything but the demo (docs/collect.md).
`)
	}
	// The examples' dates: the demo's last 7 days.
	today := time.Now().UTC()
	fmt.Fprintln(m.stdout, "\nFor the examples of README and docs/api.md, paste into a shell:")
	vars := [][2]string{
		{"KEY", v.key}, {"BRAND", v.brandID}, {"B", "http://" + addr + "/api/v2/brands/" + v.brandID},
		{"FROM", today.AddDate(0, 0, -6).Format(time.DateOnly)}, {"TO", today.Format(time.DateOnly)},
	}
	for i, id := range v.providerIDs {
		vars = append(vars, [2]string{fmt.Sprintf("P%d", i+1), id})
	}
	if v.recID != "" {
		vars = append(vars, [2]string{"REC", v.recID})
	}
	if v.masterKey != "" {
		vars = append(vars, [2]string{"SIGHTLINE_SECRET_KEY", v.masterKey})
	}
	for _, kv := range vars {
		fmt.Fprintf(m.stdout, "  export %s=%s\n", kv[0], kv[1])
	}
	fmt.Fprintln(m.stdout)
}

// checkScale refuses a --scale the demo data set does not have.
func checkScale(scale string) error {
	switch scale {
	case demo.ScaleSmall, demo.ScaleLarge, demo.ScaleXLarge:
		return nil
	}
	return fmt.Errorf("--scale %q: use small, large or xlarge", scale)
}
