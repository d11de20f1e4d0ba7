package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/password"
)

const usersUsage = `Usage:
  sightline users create --org ORG_ID --email EMAIL [--name NAME] [--role admin|member] [--db DSN]
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
--role is what the user may do in the dashboard (default member); the first
user of an organization (one with no enabled admin) is an admin regardless.

`

// usersCommand manages the users who sign in to the dashboard.
func usersCommand(stdin io.Reader, stdout, stderr io.Writer) *noun {
	return &noun{name: "users", usage: usersUsage, stdin: stdin, stdout: stdout, stderr: stderr, verbs: []verb{
		{"create", usersCreate}, {"list", usersList}, {"disable", usersDisable}, {"set-password", usersSetPassword},
	}}
}

func usersCreate(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("create", &cfg)
	org := fs.String("org", "", "organization id")
	email := fs.String("email", "", "the user's email address (the sign-in name)")
	name := fs.String("name", "", "the user's name")
	role := fs.String("role", sightline.RoleMember, "admin or member (the organization's first user is an admin regardless)")
	if err := parseNoArgs(fs, "users create", args); err != nil {
		return err
	}
	if !slices.Contains(sightline.Roles, *role) {
		return fmt.Errorf("users create: --role must be admin or member")
	}
	orgID, err := requireID("org", "organization", *org)
	if err != nil {
		return err
	}
	if !sightline.IsEmail(sightline.NormalizeEmail(*email)) {
		return fmt.Errorf("users create: --email must be an email address")
	}
	// Read and hash the password before opening (and perhaps creating) a
	// database, so that a bad one changes nothing.
	hash, err := readPasswordHash(n)
	if err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	u, err := db.CreateDashboardUser(ctx, sightline.DashboardUserCreate{OrgID: orgID, Email: *email, Name: *name, PasswordHash: hash, Role: *role})
	if err != nil {
		return err
	}
	fmt.Fprintf(n.stdout, "User %s (%s) can sign in to the dashboard of organization %s as %s.\n", u.ID, u.Email, u.OrgID, u.Role)
	return nil
}

func usersSetPassword(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("set-password", &cfg)
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	id, err := requireArgID("users set-password", "user", pos)
	if err != nil {
		return err
	}
	hash, err := readPasswordHash(n)
	if err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.SetUserPassword(ctx, id, hash); err != nil {
		return err
	}
	fmt.Fprintf(n.stdout, "Password of user %s changed; the user's sessions have ended.\n", id)
	return nil
}

func usersList(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("list", &cfg)
	org := fs.String("org", "", "organization id")
	if err := parseNoArgs(fs, "users list", args); err != nil {
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
	users, err := db.FindUsers(ctx, orgID)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(n.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tEMAIL\tROLE\tSIGN-IN\tCREATED\tDISABLED\tNAME")
	for _, u := range users {
		signIn := "no"
		switch {
		case u.DisabledAt != nil:
			signIn = "disabled"
		case u.HasPassword:
			signIn = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", u.ID, u.Email, u.Role, signIn, u.CreatedAt.UTC().Format(time.RFC3339), fmtTime(u.DisabledAt), u.Name)
	}
	return tw.Flush()
}

func usersDisable(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("disable", &cfg)
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	id, err := requireArgID("users disable", "user", pos)
	if err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.DisableUser(ctx, id); err != nil {
		return err
	}
	fmt.Fprintf(n.stdout, "User %s disabled; the user's sessions have ended.\n", id)
	return nil
}

// readPasswordHash reads the password from standard input and hashes it.
func readPasswordHash(n *noun) (string, error) {
	pw, err := readPassword(n.stdin, n.stderr)
	if err != nil {
		return "", err
	}
	return password.Hash(pw)
}

// readPassword reads the first line of standard input and applies the
// password policy. On a terminal it asks first (the typing is visible:
// pipe the password in to keep it off the screen).
func readPassword(stdin io.Reader, stderr io.Writer) (string, error) {
	if f, ok := stdin.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			fmt.Fprint(stderr, "Password (at least 12 characters; it is shown as you type): ")
		}
	}
	line, err := bufio.NewReaderSize(io.LimitReader(stdin, 4096), 4096).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read the password: %w", err)
	}
	pw := strings.TrimRight(line, "\r\n")
	if err := sightline.CheckPassword(pw); err != nil {
		return "", fmt.Errorf("the password on standard input: %s", sightline.ErrorMessage(err))
	}
	return pw, nil
}
