package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sightline/sightline"
)

const orgsUsage = `Usage:
  sightline orgs create --name NAME [--db DSN]
  sightline orgs list [--db DSN]
  sightline orgs set-limits ORG_ID [--per-minute N|0|default] [--key-per-minute N|0|default] [--db DSN]

set-limits gives an organization its own request rate limits
(docs/api.md#rate-limits); 0 means no limit, default the server's
--org-rate-limit or --rate-limit.

`

// OrgsCommand manages organizations.
type OrgsCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run dispatches create, list and set-limits.
func (c *OrgsCommand) Run(ctx context.Context, args []string) error {
	// Help and unknown subcommands are answered before any database is
	// opened (and perhaps created).
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprint(c.stderr, orgsUsage)
		return helpOrMissing(args, "orgs")
	}
	if args[0] == "set-limits" {
		return c.setLimits(ctx, args[1:])
	}
	if args[0] != "create" && args[0] != "list" {
		fmt.Fprint(c.stderr, orgsUsage)
		return fmt.Errorf("orgs: unknown subcommand %q", args[0])
	}
	cfg := c.env
	fs := newFlagSet("orgs "+args[0], orgsUsage, c.stderr)
	cfg.dbFlag(fs)
	name := fs.String("name", "", "organization name")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	db, err := openDB(ctx, cfg, cfg.logger(c.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	switch args[0] {
	case "create":
		org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: *name})
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "Organization %q created: %s\n", org.Name, org.ID)
		return nil
	case "list":
		orgs, err := db.FindOrganizations(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tNAME")
		for _, o := range orgs {
			fmt.Fprintf(tw, "%s\t%s\n", o.ID, o.Name)
		}
		return tw.Flush()
	}
	fmt.Fprint(c.stderr, orgsUsage)
	return fmt.Errorf("orgs: unknown subcommand %q", args[0])
}

const brandsUsage = `Usage:
  sightline brands create --org ORG_ID --name NAME [--domains a.com,b.io] [--aliases X,Y]
                          [--competitor "Name=domain.com"]... [--db DSN]
  sightline brands set BRAND_ID [--collect-providers chatgpt,claude,gemini,perplexity]
                          [--regions us,gb] [--cadence 24h] [--samples 3] [--collect=true|false] [--db DSN]

set changes what collection asks for the brand (docs/collect.md); flags
left out keep their value. Collection is off until --collect=true.

`

// BrandsCommand adds tracked brands.
type BrandsCommand struct {
	env            Config
	stdout, stderr io.Writer
}

type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ",") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

// Run creates a brand or changes its collection settings.
func (c *BrandsCommand) Run(ctx context.Context, args []string) error {
	if len(args) > 0 && args[0] == "set" {
		return c.set(ctx, args[1:])
	}
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprint(c.stderr, brandsUsage)
		if len(args) > 0 && isHelp(args[0]) {
			return flag.ErrHelp
		}
		return fmt.Errorf("brands: use brands create or brands set")
	}
	cfg := c.env
	fs := newFlagSet("brands create", brandsUsage, c.stderr)
	cfg.dbFlag(fs)
	org := fs.String("org", "", "organization id")
	name := fs.String("name", "", "brand name")
	domains := fs.String("domains", "", "comma-separated owned domains, primary first")
	aliases := fs.String("aliases", "", "comma-separated other names of the brand")
	var comps repeated
	fs.Var(&comps, "competitor", `a tracked competitor as "Name=domain" (repeatable)`)
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	in := sightline.BrandCreate{OrgID: *org, Name: *name, Domains: splitList(strings.ToLower(*domains)), Aliases: splitList(*aliases)}
	for _, cv := range comps {
		n, d, _ := strings.Cut(cv, "=")
		in.Competitors = append(in.Competitors, sightline.CompetitorCreate{Name: n, Domain: strings.ToLower(strings.TrimSpace(d))})
	}
	db, err := openDB(ctx, cfg, cfg.logger(c.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	b, err := db.CreateBrand(ctx, in)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "Brand %q created: %s\n", b.Name, b.ID)
	return nil
}

// set changes a brand's collection settings.
func (c *BrandsCommand) set(ctx context.Context, args []string) error {
	cfg := c.env
	fs := newFlagSet("brands set", brandsUsage, c.stderr)
	cfg.dbFlag(fs)
	var upd sightline.CollectionUpdate
	fs.Func("collect-providers", "comma-separated providers to collect from: "+strings.Join(sightline.CollectProviders, ", "), func(v string) error {
		ps := splitList(v)
		upd.Providers = &ps
		return nil
	})
	fs.Func("regions", "comma-separated country codes to collect in, e.g. us,gb", func(v string) error {
		rs := splitList(v)
		upd.Regions = &rs
		return nil
	})
	fs.Func("cadence", "how often to collect, in whole hours (24h: daily)", func(v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 || d%time.Hour != 0 {
			return fmt.Errorf("use whole hours such as 24h or 12h")
		}
		h := int(d / time.Hour)
		upd.CadenceHours = &h
		return nil
	})
	fs.Func("samples", "times each prompt is asked per provider, region and slot", func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("use a whole number")
		}
		upd.Samples = &n
		return nil
	})
	fs.Func("collect", "true turns scheduled collection on, false off", func(v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("use true or false")
		}
		upd.Enabled = &b
		return nil
	})
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || !sightline.IsUUID(strings.ToLower(pos[0])) {
		return fmt.Errorf("brands set: give exactly one brand id")
	}
	if upd == (sightline.CollectionUpdate{}) {
		return fmt.Errorf("brands set: nothing to change; see sightline brands -h")
	}
	db, err := openDB(ctx, cfg, cfg.logger(c.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	brand, err := db.FindBrandByIDAnyOrg(ctx, strings.ToLower(pos[0]))
	if err != nil {
		return err
	}
	s, err := db.UpdateCollectionSettings(ctx, brand.OrgID, brand.ID, upd)
	if err != nil {
		return err
	}
	state := "off"
	if s.Enabled {
		state = "on"
	}
	fmt.Fprintf(c.stdout, "Collection of %q is %s: providers %s, regions %s, every %dh, %d sample(s) per slot.\n",
		brand.Name, state, orNone(s.Providers), orNone(s.Regions), s.CadenceHours, s.Samples)
	return nil
}

func orNone(ss []string) string {
	if len(ss) == 0 {
		return "(none)"
	}
	return strings.Join(ss, ",")
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
