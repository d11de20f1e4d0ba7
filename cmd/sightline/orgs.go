package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/sightline/sightline"
)

const orgsUsage = `Usage:
  sightline orgs create --name NAME [--db DSN]
  sightline orgs list [--db DSN]

`

// OrgsCommand manages organizations.
type OrgsCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run dispatches create and list.
func (c *OrgsCommand) Run(ctx context.Context, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(c.stderr, orgsUsage)
		return fmt.Errorf("orgs: missing subcommand")
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

`

// BrandsCommand adds tracked brands.
type BrandsCommand struct {
	env            Config
	stdout, stderr io.Writer
}

type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ",") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

// Run creates a brand.
func (c *BrandsCommand) Run(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprint(c.stderr, brandsUsage)
		return fmt.Errorf("brands: use brands create")
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

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
