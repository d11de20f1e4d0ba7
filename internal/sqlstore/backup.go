package sqlstore

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"
)

// ErrBackupPostgres is Backup's answer on PostgreSQL, whose own tools copy
// a live database (docs/operations.md#postgresql).
var ErrBackupPostgres = errors.New("backup copies SQLite databases; back up PostgreSQL with pg_dump (docs/operations.md#postgresql)")

// Backup writes a consistent copy of the SQLite database to path, which
// must not exist, while other connections and processes go on reading and
// writing: VACUUM INTO reads one snapshot in a read transaction (WAL
// readers do not block writers, nor writers them), so the copy holds
// every transaction committed before it started and none after — whole
// ingest batches only. The copy is written next to path under a temporary
// name, synced, and then linked to path, which fails if path appeared
// meanwhile: an existing file is never overwritten, and path never holds
// half a copy (docs/operations.md#sqlite).
func (db *DB) Backup(ctx context.Context, path string) error {
	if db.dialect.Engine != engineSQLite {
		return ErrBackupPostgres
	}
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("backup: %s already exists; give a new file", path)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("backup: %w", err)
	}
	suffix := make([]byte, 6)
	rand.Read(suffix)
	tmp := path + ".partial-" + hex.EncodeToString(suffix)
	defer os.Remove(tmp)
	// A connection of its own: the readers are query_only, which refuses
	// VACUUM INTO, and the one writer must stay free for ingest.
	src, err := sql.Open("sqlite", "file:"+strings.TrimPrefix(db.dsn, "sqlite:")+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer src.Close()
	if _, err := src.ExecContext(ctx, "VACUUM INTO ?", tmp); err != nil {
		return fmt.Errorf("backup to %s: %w", path, err)
	}
	f, err := os.Open(tmp)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	err = f.Sync()
	f.Close()
	if err != nil {
		return fmt.Errorf("backup: sync %s: %w", tmp, err)
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, os.ErrExist) {
			return fmt.Errorf("backup: %s already exists; give a new file", path)
		}
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}
