package main

import (
	"context"
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
create makes the database and migrates it when there is none yet, as
migrate would; list and set-limits open an existing one.

`

// orgsCommand manages organizations.
func orgsCommand(stdout, stderr io.Writer) *noun {
	return &noun{name: "orgs", usage: orgsUsage, stdout: stdout, stderr: stderr, verbs: []verb{
		{"create", orgsCreate}, {"list", orgsList}, {"set-limits", orgsSetLimits},
	}}
}

func orgsCreate(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("create", &cfg)
	name := fs.String("name", "", "organization name")
	if err := parseNoArgs(fs, "orgs create", args); err != nil {
		return err
	}
	if err := requireFlag("name", *name, "the organization's name"); err != nil {
		return err
	}
	db, err := openDB(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: *name})
	if err != nil {
		return err
	}
	fmt.Fprintf(n.stdout, "Organization %q created: %s\n", org.Name, org.ID)
	return nil
}

func orgsList(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("list", &cfg)
	if err := parseNoArgs(fs, "orgs list", args); err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	orgs, err := db.FindOrganizations(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(n.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME")
	for _, o := range orgs {
		fmt.Fprintf(tw, "%s\t%s\n", o.ID, o.Name)
	}
	return tw.Flush()
}

// orgsSetLimits runs `orgs set-limits ORG_ID --per-minute N --key-per-minute N`.
func orgsSetLimits(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("set-limits", &cfg)
	var l sightline.OrgRateLimits
	limit := func(dst **int) func(string) error {
		return func(v string) error {
			if v == "default" {
				*dst = nil
				return nil
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return fmt.Errorf("use a whole number of requests per minute, 0 (no limit) or default")
			}
			*dst = &n
			return nil
		}
	}
	var setOrg, setKey bool
	fs.Func("per-minute", "requests per minute for the whole organization (0: no limit; default: the server's --org-rate-limit)", func(v string) error {
		setOrg = true
		return limit(&l.PerOrg)(v)
	})
	fs.Func("key-per-minute", "requests per minute per API key (0: no limit; default: the server's --rate-limit)", func(v string) error {
		setKey = true
		return limit(&l.PerKey)(v)
	})
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	orgID, err := requireArgID("orgs set-limits", "organization", pos)
	if err != nil {
		return err
	}
	if !setOrg && !setKey {
		return fmt.Errorf("orgs set-limits: nothing to change; give --per-minute and/or --key-per-minute")
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	cur, err := db.FindOrgRateLimits(ctx, orgID)
	if err != nil {
		return err
	}
	if !setOrg {
		l.PerOrg = cur.PerOrg
	}
	if !setKey {
		l.PerKey = cur.PerKey
	}
	l.OrgID = cur.OrgID
	got, err := db.SetOrgRateLimits(ctx, l)
	if err != nil {
		return err
	}
	show := func(p *int, flagName string) string {
		switch {
		case p == nil:
			return "the server's " + flagName
		case *p == 0:
			return "no limit"
		}
		return strconv.Itoa(*p) + "/min"
	}
	fmt.Fprintf(n.stdout, "Rate limits of organization %s: %s for the organization, %s per API key.\n",
		got.OrgID, show(got.PerOrg, "--org-rate-limit"), show(got.PerKey, "--rate-limit"))
	return nil
}

const brandsUsage = `Usage:
  sightline brands create --org ORG_ID --name NAME [--domains a.com,b.io] [--aliases X,Y]
                          [--competitor "Name=domain.com"]... [--db DSN]
  sightline brands set BRAND_ID [--collect-providers chatgpt,claude,gemini,perplexity,grok,google_ai_overviews,google_ai_mode,copilot]
                          [--regions us,gb] [--cadence 24h] [--samples 3] [--collect=true|false] [--db DSN]

set changes what collection asks for the brand (docs/collect.md); flags
left out keep their value. Collection is off until --collect=true.

`

// brandsCommand adds tracked brands and sets their collection.
func brandsCommand(stdout, stderr io.Writer) *noun {
	return &noun{name: "brands", usage: brandsUsage, stdout: stdout, stderr: stderr, verbs: []verb{
		{"create", brandsCreate}, {"set", brandsSet},
	}}
}

type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ",") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

func brandsCreate(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("create", &cfg)
	org := fs.String("org", "", "organization id")
	name := fs.String("name", "", "brand name")
	domains := fs.String("domains", "", "comma-separated owned domains, primary first")
	aliases := fs.String("aliases", "", "comma-separated other names of the brand")
	var comps repeated
	fs.Var(&comps, "competitor", `a tracked competitor as "Name=domain" (repeatable)`)
	if err := parseNoArgs(fs, "brands create", args); err != nil {
		return err
	}
	orgID, err := requireID("org", "organization", *org)
	if err != nil {
		return err
	}
	if err := requireFlag("name", *name, "the brand's name"); err != nil {
		return err
	}
	in := sightline.BrandCreate{OrgID: orgID, Name: *name, Domains: splitList(strings.ToLower(*domains)), Aliases: splitList(*aliases)}
	for _, cv := range comps {
		n, d, _ := strings.Cut(cv, "=")
		in.Competitors = append(in.Competitors, sightline.CompetitorCreate{Name: n, Domain: strings.ToLower(strings.TrimSpace(d))})
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	b, err := db.CreateBrand(ctx, in)
	if err != nil {
		return err
	}
	fmt.Fprintf(n.stdout, "Brand %q created: %s\n", b.Name, b.ID)
	return nil
}

// brandsSet changes a brand's collection settings.
func brandsSet(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("set", &cfg)
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
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	brandID, err := requireArgID("brands set", "brand", pos)
	if err != nil {
		return err
	}
	if upd == (sightline.CollectionUpdate{}) {
		return fmt.Errorf("brands set: nothing to change; see sightline brands -h")
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	brand, err := db.FindBrandByIDAnyOrg(ctx, brandID)
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
	fmt.Fprintf(n.stdout, "Collection of %q is %s: providers %s, regions %s, every %dh, %d sample(s) per slot.\n",
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
