package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// readCommands only read: each opens an existing database and changes
// nothing.
var readCommands = [][]string{
	{"orgs", "list"},
	{"keys", "list", "--org", testUUID},
	{"users", "list", "--org", testUUID},
	{"prompts", "list", "--brand", testUUID},
	{"providers", "list", "--org", testUUID},
	{"export", "--brand", testUUID},
}

// recordCommands change records that must exist already: they open an
// existing database too.
var recordCommands = [][]string{
	{"keys", "create", "--org", testUUID, "--user", "ann@example.com", "--name", "k"},
	{"keys", "revoke", testUUID},
	{"brands", "create", "--org", testUUID, "--name", "Acme"},
	{"brands", "set", testUUID, "--collect=false"},
	{"prompts", "add", "--brand", testUUID, "best crm"},
	{"providers", "set-cap", "--org", testUUID, "--usd-per-day", "5"},
	{"users", "disable", testUUID},
	{"orgs", "set-limits", testUUID, "--per-minute", "5"},
	{"prune", "--before", "2026-01-01"},
	{"reanalyze", "--brand", testUUID},
	{"collect", "--once", "--dry-run"},
}

// A read command, or one that changes existing records, on a SQLite path
// with no database is an error naming the path and how to create one, and
// creates nothing.
func TestCLI_ReadCommandsNeedExistingDatabase(t *testing.T) {
	t.Parallel()
	for _, args := range append(slices.Clone(readCommands), recordCommands...) {
		dir := t.TempDir()
		path := filepath.Join(dir, "missing.db")
		_, _, err := cli(t, append(args, "--db", "sqlite:"+path)...)
		what := "sightline " + strings.Join(args, " ")
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "sightline migrate --db sqlite:"+path) {
			t.Errorf("%s on a missing database: %v, want the path and how to create it", what, err)
		}
		noDatabase(t, dir, what)
	}
}

// Outside a checkout, with no --db, a read command says there is no
// sightline.db instead of creating one and printing nothing.
func TestCLI_ReadCommandDefaultDatabase(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel()
	dir := t.TempDir()
	out, status := runBin(t, dir, nil, "orgs", "list")
	if status != 1 || !strings.Contains(out, "no database at sightline.db") || !strings.Contains(out, "sightline migrate") {
		t.Errorf("orgs list in an empty directory: exit status %d\n%s", status, out)
	}
	noDatabase(t, dir, "orgs list")
}

// A read command on a database that exists but was never migrated (an
// empty SQLite file, a new PostgreSQL schema) says to migrate it and
// migrates nothing.
func TestCLI_ReadCommandsMigrateNothing(t *testing.T) {
	t.Parallel()
	var dsn, path string
	if sqlstoretest.Engine() == "postgres" {
		dsn = sqlstoretest.NewDSN(t)
	} else {
		path = filepath.Join(t.TempDir(), "empty.db")
		if err := os.WriteFile(path, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		dsn = "sqlite:" + path
	}
	for _, args := range readCommands {
		_, _, err := cli(t, append(args, "--db", dsn)...)
		if err == nil || !strings.Contains(err.Error(), "run `sightline migrate --db "+sqlstore.RedactDSN(dsn)) {
			t.Errorf("sightline %s on an empty database: %v, want to be told to migrate", strings.Join(args, " "), err)
		}
	}
	if path != "" {
		if st, err := os.Stat(path); err != nil || st.Size() != 0 {
			t.Errorf("the empty database was written: %v %v", st, err)
		}
	}
	// After migrate, they answer (a record not found at most).
	mustCLI(t, "migrate", "--db", dsn)
	for _, args := range readCommands {
		if _, _, err := cli(t, append(args, "--db", dsn)...); err != nil && strings.Contains(err.Error(), "migrate") {
			t.Errorf("sightline %s after migrate: %v", strings.Join(args, " "), err)
		}
	}
}

// Every open error names the database: a SQLite path that cannot be
// opened, a PostgreSQL server that does not answer (password masked).
func TestCLI_OpenErrorNamesDatabase(t *testing.T) {
	t.Parallel()
	bad := filepath.Join(t.TempDir(), "no-such-dir", "x.db")
	for _, args := range [][]string{{"migrate"}, {"orgs", "create", "--name", "Acme"}, {"serve", "--addr", "127.0.0.1:0"}} {
		_, _, err := cli(t, append(args, "--db", "sqlite:"+bad)...)
		if err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("sightline %s --db sqlite:%s: %v, want the path", strings.Join(args, " "), bad, err)
		}
	}
	pg := "postgres://ann:s3cr3t@127.0.0.1:1/nothing?sslmode=disable&connect_timeout=2"
	for _, args := range [][]string{{"migrate"}, {"orgs", "list"}} {
		_, _, err := cli(t, append(args, "--db", pg)...)
		if err == nil || !strings.Contains(err.Error(), "ann:xxxxx@127.0.0.1:1/nothing") || strings.Contains(err.Error(), "s3cr3t") {
			t.Errorf("sightline %s on a closed PostgreSQL port: %v, want the URL with the password masked", strings.Join(args, " "), err)
		}
	}
}

// A missing or malformed flag is named as the flag, before any database
// is opened.
func TestCLI_FlagErrorsNameTheFlag(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"brands", "create", "--name", "Acme"}, "--org is required"},
		{[]string{"brands", "create", "--org", "acme", "--name", "Acme"}, `--org "acme": not an organization id`},
		{[]string{"brands", "create", "--org", testUUID}, "--name is required"},
		{[]string{"orgs", "create"}, "--name is required"},
		{[]string{"keys", "create", "--user", "a@example.com", "--name", "k"}, "--org is required"},
		{[]string{"keys", "create", "--org", testUUID, "--name", "k"}, "--user is required"},
		{[]string{"keys", "create", "--org", testUUID, "--user", "a@example.com"}, "--name is required"},
		{[]string{"keys", "list"}, "--org is required"},
		{[]string{"users", "list"}, "--org is required"},
		{[]string{"users", "create", "--email", "a@example.com"}, "--org is required"},
		{[]string{"prompts", "list"}, "--brand is required"},
		{[]string{"providers", "list"}, "--org is required"},
	} {
		dir := t.TempDir()
		_, _, err := cli(t, append(tc.args, "--db", "sqlite:"+filepath.Join(dir, "x.db"))...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("sightline %s: %v, want %q", strings.Join(tc.args, " "), err, tc.want)
		}
		noDatabase(t, dir, "sightline "+strings.Join(tc.args, " "))
	}
}

// keys create --expires DATE is listed with that date: the key works until
// the end of it (stored as the next day's midnight, UTC).
func TestCLI_KeyExpiryPrintsTheGivenDate(t *testing.T) {
	t.Parallel()
	dsn := sqlstoretest.NewDSN(t)
	org := createOrg(t, dsn, "Acme Inc.")
	out := mustCLI(t, "keys", "create", "--db", dsn, "--org", org, "--user", "ann@example.com", "--name", "reporting", "--expires", "2027-12-31")
	if !strings.Contains(out, "until the end of 2027-12-31 (UTC)") {
		t.Errorf("keys create --expires 2027-12-31 printed:\n%s", out)
	}
	list := mustCLI(t, "keys", "list", "--db", dsn, "--org", org)
	if !strings.Contains(list, "2027-12-31") || strings.Contains(list, "2028-01-01") {
		t.Errorf("keys list of a key created with --expires 2027-12-31:\n%s", list)
	}
}
