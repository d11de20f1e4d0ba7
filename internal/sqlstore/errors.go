package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/sightline/sightline"
	sqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// errUnique marks a unique-constraint violation; callers that expect one
// (idempotent inserts, races on create) branch on it.
var errUnique = errors.New("unique violation")

// mapError translates driver errors by code, once per engine: unique
// violations wrap errUnique, no rows become NOT_FOUND, a database that
// cannot be reached (closed pool, refused or timed-out connection, deadline
// passed) UNAVAILABLE. Anything else is returned as is (and surfaces as
// INTERNAL).
func mapError(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return &sightline.Error{Code: sightline.ENOTFOUND, Message: "Not found."}
	}
	if unavailable(err) {
		return errors.Join(sightline.Errorf(sightline.EUNAVAILABLE, "The database does not answer; retry shortly."), err)
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return errors.Join(errUnique, err)
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		switch liteErr.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return errors.Join(errUnique, err)
		}
	}
	return err
}

// notFound returns the NOT_FOUND error for a kind of resource. The message
// never says whether the row exists in another organization.
func notFound(kind string) error {
	return sightline.Errorf(sightline.ENOTFOUND, "%s not found.", kind)
}

// unavailable reports whether err says the database cannot be reached now,
// as opposed to refusing the statement.
func unavailable(err error) bool {
	var connErr *pgconn.ConnectError
	var netErr net.Error
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, sql.ErrConnDone) ||
		err.Error() == "sql: database is closed" || strings.HasSuffix(err.Error(), "sql: database is closed") ||
		errors.As(err, &connErr) || errors.As(err, &netErr)
}
