package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/password"
)

const usersUsage = `Usage:
  sightline users create --org ORG_ID --email EMAIL [--name NAME] [--db DSN]
  sightline users list   --org ORG_ID [--db DSN]
  sightline users disable USER_ID [--db DSN]
  sightline users set-password USER_ID [--db DSN]

Dashboard users (docs/dashboard.md). create and set-password read the
password from the first line of standard input, for example
  echo "$PASSWORD" | sightline users create --org ORG_ID --email ann@example.com
It must be at least 12 characters long; only its argon2id hash is stored.
One email signs in to one organization: create refuses an email that can
already sign in to another. create on a disabled user enables it again with
the new password. disable and set-password end the user's sessions at once.

`

// UsersCommand manages the users who sign in to the dashboard.
type UsersCommand struct {
	env            Config
	stdin          io.Reader
	stdout, stderr io.Writer
}

// Run dispatches create, list, disable and set-password.
func (c *UsersCommand) Run(ctx context.Context, args []string) error {
	// Help and unknown subcommands are answered before any database is
	// opened (and perhaps created).
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprint(c.stderr, usersUsage)
		return helpOrMissing(args, "users")
	}
	if args[0] != "create" && args[0] != "list" && args[0] != "disable" && args[0] != "set-password" {
		fmt.Fprint(c.stderr, usersUsage)
		return fmt.Errorf("users: unknown subcommand %q", args[0])
	}
	cfg := c.env
	fs := newFlagSet("users "+args[0], usersUsage, c.stderr)
	cfg.dbFlag(fs)
	org := fs.String("org", "", "organization id")
	email := fs.String("email", "", "the user's email address (the sign-in name)")
	name := fs.String("name", "", "the user's name")
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
	withID := args[0] == "disable" || args[0] == "set-password"
	switch {
	case withID && len(pos) != 1:
		return fmt.Errorf("users %s: give exactly one user id", args[0])
	case !withID && len(pos) > 0:
		return fmt.Errorf("users %s: unexpected argument %q", args[0], pos[0])
	}
	// Read and hash the password before opening (and perhaps creating) a
	// database, so that a bad one changes nothing.
	var hash string
	switch args[0] {
	case "create", "set-password":
		if args[0] == "create" && !sightline.IsEmail(sightline.NormalizeEmail(*email)) {
			return fmt.Errorf("users create: --email must be an email address")
		}
		pw, err := c.readPassword()
		if err != nil {
			return err
		}
		if hash, err = password.Hash(pw); err != nil {
			return err
		}
	case "list", "disable":
	default:
		fmt.Fprint(c.stderr, usersUsage)
		return fmt.Errorf("users: unknown subcommand %q", args[0])
	}
	db, err := openDB(ctx, cfg, cfg.logger(c.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	switch args[0] {
	case "create":
		u, err := db.CreateDashboardUser(ctx, sightline.DashboardUserCreate{OrgID: *org, Email: *email, Name: *name, PasswordHash: hash})
		if err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "User %s (%s) can sign in to the dashboard of organization %s.\n", u.ID, u.Email, u.OrgID)
	case "set-password":
		if err := db.SetUserPassword(ctx, pos[0], hash); err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "Password of user %s changed; the user's sessions have ended.\n", pos[0])
	case "list":
		users, err := db.FindUsers(ctx, *org)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tEMAIL\tSIGN-IN\tCREATED\tDISABLED\tNAME")
		for _, u := range users {
			signIn := "no"
			switch {
			case u.DisabledAt != nil:
				signIn = "disabled"
			case u.HasPassword:
				signIn = "yes"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", u.ID, u.Email, signIn, u.CreatedAt.Format(time.RFC3339), fmtTime(u.DisabledAt), u.Name)
		}
		return tw.Flush()
	case "disable":
		if err := db.DisableUser(ctx, pos[0]); err != nil {
			return err
		}
		fmt.Fprintf(c.stdout, "User %s disabled; the user's sessions have ended.\n", pos[0])
	}
	return nil
}

// readPassword reads the first line of standard input and applies the
// password policy. On a terminal it asks first (the typing is visible:
// pipe the password in to keep it off the screen).
func (c *UsersCommand) readPassword() (string, error) {
	if f, ok := c.stdin.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			fmt.Fprint(c.stderr, "Password (at least 12 characters; it is shown as you type): ")
		}
	}
	line, err := bufio.NewReaderSize(io.LimitReader(c.stdin, 4096), 4096).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read the password: %w", err)
	}
	pw := strings.TrimRight(line, "\r\n")
	if err := sightline.CheckPassword(pw); err != nil {
		return "", fmt.Errorf("the password on standard input: %s", sightline.ErrorMessage(err))
	}
	return pw, nil
}
