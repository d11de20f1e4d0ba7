package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sightline/sightline/internal/sqlstore"
)

const backupUsage = `Usage: sightline backup [--db sqlite:PATH] --out FILE

Writes a consistent copy of a SQLite database to FILE, which must not
exist, while serve and ingest go on reading and writing it: the copy holds
every transaction committed before it started and none after. Restore by
putting the copy in the database's place with the servers stopped.
PostgreSQL: use pg_dump and pg_restore. See docs/operations.md.

`

// BackupCommand copies a SQLite database online.
type BackupCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run parses the flags and writes the copy.
func (c *BackupCommand) Run(ctx context.Context, args []string) error {
	cfg := c.env
	fs := newFlags("backup", backupUsage, c.stderr)
	cfg.dbFlag(fs)
	out := fs.String("out", "", "the file to write the copy to; it must not exist")
	if err := fs.parseFlags(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("backup: unexpected argument %q", fs.Arg(0))
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	if !strings.HasPrefix(cfg.DB, "sqlite:") {
		return fmt.Errorf("--db %s: %w", sqlstore.RedactDSN(cfg.DB), sqlstore.ErrBackupPostgres)
	}
	if *out == "" {
		return errors.New("--out: give the file to write the copy to")
	}
	if _, err := os.Lstat(*out); err == nil {
		return fmt.Errorf("--out %s: the file exists; give a new file (a backup never overwrites one)", *out)
	}
	path := strings.TrimPrefix(cfg.DB, "sqlite:")
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("--db %s: %w", cfg.DB, err)
	}
	db, err := sqlstore.Open(ctx, cfg.DB, cfg.logger(c.stderr))
	if err != nil {
		return fmt.Errorf("--db %s: %w", cfg.DB, err)
	}
	defer db.Close()
	if err := db.Backup(ctx, *out); err != nil {
		return err
	}
	st, err := os.Stat(*out)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "backup of %s written to %s (%d bytes)\n", cfg.DB, *out, st.Size())
	return nil
}
