package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/sightline/sightline"
)

const keysUsage = `Usage:
  sightline keys create --org ORG_ID --user EMAIL --name NAME [--expires YYYY-MM-DD] [--db DSN]
  sightline keys list   --org ORG_ID [--db DSN]
  sightline keys revoke KEY_ID [--db DSN]

create prints the secret once; only its SHA-256 digest is stored. A key
stops working after its expiry date (end of that day, UTC) or at once when
revoked; list shows that date. The user is added to the organization on
first use. list opens an existing database only.

`

// keysCommand manages API keys.
func keysCommand(stdout, stderr io.Writer) *noun {
	return &noun{name: "keys", usage: keysUsage, stdout: stdout, stderr: stderr, verbs: []verb{
		{"create", keysCreate}, {"list", keysList}, {"revoke", keysRevoke},
	}}
}

func keysCreate(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("create", &cfg)
	org := fs.String("org", "", "organization id")
	user := fs.String("user", "", "email of the user creating the key")
	name := fs.String("name", "", "a name for the key")
	expires := fs.String("expires", "", "expiry date YYYY-MM-DD (the key works until the end of that day, UTC)")
	if err := parseNoArgs(fs, "keys create", args); err != nil {
		return err
	}
	orgID, err := requireID("org", "organization", *org)
	if err != nil {
		return err
	}
	if err := requireFlag("user", *user, "the email of the user creating the key"); err != nil {
		return err
	}
	if err := requireFlag("name", *name, "a name for the key"); err != nil {
		return err
	}
	in := sightline.APIKeyCreate{OrgID: orgID, UserEmail: *user, Name: *name}
	if *expires != "" {
		t, err := time.Parse(time.DateOnly, *expires)
		if err != nil {
			return fmt.Errorf("--expires %q: use YYYY-MM-DD", *expires)
		}
		end := sightline.EndOfDay(t)
		in.ExpiresAt = &end
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	k, secret, err := db.CreateAPIKey(ctx, in)
	if err != nil {
		return err
	}
	fmt.Fprintf(n.stdout, "API key %s created for organization %s.\n", k.ID, k.OrgID)
	if k.ExpiresAt != nil {
		fmt.Fprintf(n.stdout, "It works until the end of %s (UTC).\n", expiryDate(k.ExpiresAt))
	}
	fmt.Fprintf(n.stdout, "Secret (shown only now; store it safely):\n%s\n", secret)
	return nil
}

func keysList(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("list", &cfg)
	org := fs.String("org", "", "organization id")
	if err := parseNoArgs(fs, "keys list", args); err != nil {
		return err
	}
	orgID, err := requireID("org", "organization", *org)
	if err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	keys, err := db.FindAPIKeys(ctx, orgID)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(n.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tKEY\tCREATED\tEXPIRES\tREVOKED\tLAST USED")
	for _, k := range keys {
		fmt.Fprintf(tw, "%s\t%s\t%s…%s\t%s\t%s\t%s\t%s\n", k.ID, k.Name, k.Prefix, k.Last4,
			k.CreatedAt.UTC().Format(time.RFC3339), expiryDate(k.ExpiresAt), fmtTime(k.RevokedAt), fmtTime(k.LastUsedAt))
	}
	return tw.Flush()
}

func keysRevoke(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("revoke", &cfg)
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	id, err := requireArgID("keys revoke", "key", pos)
	if err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.RevokeAPIKey(ctx, id); err != nil {
		return err
	}
	fmt.Fprintf(n.stdout, "API key %s revoked.\n", id)
	return nil
}

func fmtTime(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}

// expiryDate prints a key's expiry as the date it was given as: a key
// expiring at the end of a UTC day (sightline.EndOfDay, how --expires and
// the dashboard store it) shows that day; any other instant shows as is.
func expiryDate(t *time.Time) string {
	if t == nil {
		return "-"
	}
	u := t.UTC()
	if u.Equal(sightline.StartOfDay(u)) {
		return u.AddDate(0, 0, -1).Format(time.DateOnly)
	}
	return u.Format(time.RFC3339)
}
