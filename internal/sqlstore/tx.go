package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Tx is one transaction. Every exported store method runs in exactly one,
// so a use case that writes several tables is never half-written.
type Tx struct {
	tx        *sql.Tx
	d         dialect
	now       time.Time
	noRollups bool
	// refuse, once set (a statement was written that reads pruned facts:
	// analyticsql.Scope.ReadsPruned), is what every later query returns instead of
	// running.
	refuse error
	// release, when set, gives back what the transaction held besides its
	// connection (a scope slot, beginScope); Commit and Rollback call it.
	release func()
}

// begin starts a write transaction (BEGIN IMMEDIATE on SQLite).
func (db *DB) begin(ctx context.Context) (*Tx, error) {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", mapError(err))
	}
	return db.newTx(tx), nil
}

// newTx wraps a transaction of one of the database's pools: its dialect,
// its moment (now, to the microsecond) and the rollups switch.
func (db *DB) newTx(tx *sql.Tx) *Tx {
	return &Tx{tx: tx, d: db.dialect, now: db.Now().UTC().Truncate(time.Microsecond), noRollups: db.NoRollups}
}

// beginRead starts a read-only transaction, so that a page and its total
// come from one snapshot.
func (db *DB) beginRead(ctx context.Context) (*Tx, error) {
	tx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: db.dialect.Engine == enginePostgres})
	if err != nil {
		return nil, fmt.Errorf("begin read: %w", mapError(err))
	}
	return db.newTx(tx), nil
}

// Commit commits the transaction.
func (tx *Tx) Commit() error {
	defer tx.done()
	if err := tx.tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", mapError(err))
	}
	return nil
}

// Rollback aborts the transaction; it is a no-op after Commit.
func (tx *Tx) Rollback() error {
	defer tx.done()
	return tx.tx.Rollback()
}

// done calls release once.
func (tx *Tx) done() {
	if tx.release != nil {
		tx.release()
		tx.release = nil
	}
}

func (tx *Tx) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	res, err := tx.tx.ExecContext(ctx, tx.d.Rebind(q), args...)
	return res, mapError(err)
}

func (tx *Tx) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if tx.refuse != nil {
		return nil, tx.refuse
	}
	rows, err := tx.tx.QueryContext(ctx, tx.d.Rebind(q), args...)
	return rows, mapError(err)
}

// queryRow reads one row. Its Scan translates driver errors the one way
// every store read does (mapError): no row is NOT_FOUND, a database that
// does not answer UNAVAILABLE.
func (tx *Tx) queryRow(ctx context.Context, q string, args ...any) row {
	if tx.refuse != nil {
		return row{err: tx.refuse}
	}
	if debugSQL != nil {
		defer debugSQL(time.Now(), q, args)
	}
	return row{r: tx.tx.QueryRowContext(ctx, tx.d.Rebind(q), args...)}
}

// row is a *sql.Row whose Scan maps errors with mapError, or the error
// that refused the query.
type row struct {
	r   *sql.Row
	err error
}

// Scan copies the row's columns into dest.
func (r row) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	return mapError(r.r.Scan(dest...))
}

func (tx *Tx) prepare(ctx context.Context, q string) (*sql.Stmt, error) {
	st, err := tx.tx.PrepareContext(ctx, tx.d.Rebind(q))
	return st, mapError(err)
}

// nullTS formats an optional time; nil stays NULL.
func nullTS(t *time.Time) any {
	if t == nil {
		return nil
	}
	return ts(*t)
}

// Time scans a timestamp from either engine: time.Time from PostgreSQL,
// text from SQLite. Valid is false for NULL.
type Time struct {
	Time  time.Time
	Valid bool
}

// Scan implements sql.Scanner.
func (t *Time) Scan(v any) error {
	switch x := v.(type) {
	case nil:
		*t = Time{}
	case time.Time:
		*t = Time{Time: x.UTC(), Valid: true}
	case string:
		return t.parse(x)
	case []byte:
		return t.parse(string(x))
	default:
		return fmt.Errorf("scan time: unsupported type %T", v)
	}
	return nil
}

func (t *Time) parse(s string) error {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05", "2006-01-02"} {
		if p, err := time.Parse(layout, s); err == nil {
			*t = Time{Time: p.UTC(), Valid: true}
			return nil
		}
	}
	return fmt.Errorf("scan time: cannot parse %q", s)
}

// Ptr returns nil for NULL, else a pointer to the time.
func (t Time) Ptr() *time.Time {
	if !t.Valid {
		return nil
	}
	v := t.Time
	return &v
}
