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
revoked. The user is added to the organization on first use.

`

// KeysCommand manages API keys.
type KeysCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run dispatches create, list and revoke.
func (c *KeysCommand) Run(ctx context.Context, args []string) error {
	// Help and unknown subcommands are answered before any database is
	// opened (and perhaps created).
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprint(c.stderr, keysUsage)
		return helpOrMissing(args, "keys")
	}
	if args[0] != "create" && args[0] != "list" && args[0] != "revoke" {
		fmt.Fprint(c.stderr, keysUsage)
		return fmt.Errorf("keys: unknown subcommand %q", args[0])
	}
	cfg := c.env
	fs := newFlagSet("keys "+args[0], keysUsage, c.stderr)
	cfg.dbFlag(fs)
	org := fs.String("org", "", "organization id")
	user := fs.String("user", "", "email of the user creating the key")
	name := fs.String("name", "", "a name for the key")
	expires := fs.String("expires", "", "expiry date YYYY-MM-DD (the key works until the end of that day, UTC)")
	// Flags may come after the key id, as the usage shows: parse again
	// after each positional argument.
	var pos []string
	for rest := args[1:]; ; rest = fs.Args()[1:] {
		if err := fs.Parse(rest); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
	}
	// Check the arguments before opening (and perhaps creating) a database.
	switch {
	case args[0] == "revoke" && len(pos) != 1:
		return fmt.Errorf("keys revoke: give exactly one key id")
	case args[0] != "revoke" && len(pos) > 0:
		return fmt.Errorf("keys %s: unexpected argument %q", args[0], pos[0])
	}
	db, err := openDB(ctx, cfg, cfg.logger(c.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	switch args[0] {
	case "create":
		in := sightline.APIKeyCreate{OrgID: *org, UserEmail: *user, Name: *name}
		if *expires != "" {
			t, err := time.Parse(time.DateOnly, *expires)
			if err != nil {
				return fmt.Errorf("--expires %q: use YYYY-MM-DD", *expires)
			}
			end := sightline.EndOfDay(t)
			in.ExpiresAt = &end
		}
		k, secret, err := db.CreateAPIKey(ctx, in)
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "API key %s created for organization %s.\n", k.ID, k.OrgID)
		fmt.Fprintf(c.stdout, "Secret (shown only now; store it safely):\n%s\n", secret)
		return nil
	case "list":
		keys, err := db.FindAPIKeys(ctx, *org)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tNAME\tKEY\tCREATED\tEXPIRES\tREVOKED\tLAST USED")
		for _, k := range keys {
			fmt.Fprintf(tw, "%s\t%s\t%s…%s\t%s\t%s\t%s\t%s\n", k.ID, k.Name, k.Prefix, k.Last4,
				k.CreatedAt.Format(time.RFC3339), fmtTime(k.ExpiresAt), fmtTime(k.RevokedAt), fmtTime(k.LastUsedAt))
		}
		return tw.Flush()
	case "revoke":
		if err := db.RevokeAPIKey(ctx, pos[0]); err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "API key %s revoked.\n", pos[0])
		return nil
	}
	fmt.Fprint(c.stderr, keysUsage)
	return fmt.Errorf("keys: unknown subcommand %q", args[0])
}

func fmtTime(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}
