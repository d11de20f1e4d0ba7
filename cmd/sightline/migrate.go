package main

import (
	"context"
	"fmt"
	"io"

	"github.com/sightline/sightline/internal/sqlstore"
)

const migrateUsage = `Usage: sightline migrate [--db DSN]

Applies the schema migrations that are not applied yet.

`

// MigrateCommand applies schema migrations.
type MigrateCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run migrates the database and lists what it applied.
func (c *MigrateCommand) Run(ctx context.Context, args []string) error {
	cfg := c.env
	fs := newFlags("migrate", migrateUsage, c.stderr)
	cfg.dbFlag(fs)
	if err := fs.parseFlags(args); err != nil {
		return err
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	db, err := openDatabase(ctx, cfg, cfg.logger(c.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	applied, err := db.Migrate(ctx)
	if err != nil {
		return fmt.Errorf("migrate database %s: %w", sqlstore.RedactDSN(cfg.DB), err)
	}
	for _, name := range applied {
		fmt.Fprintf(c.stdout, "applied %s\n", name)
	}
	fmt.Fprintf(c.stdout, "schema up to date (%s, %d migration(s) applied now)\n", db.Engine(), len(applied))
	return nil
}
