package sqlstore

import (
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/sightline/sightline"
	sqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// errUnique marks a unique-constraint violation; callers that expect one
// (idempotent inserts, races on create) branch on it.
var errUnique = errors.New("unique violation")

// mapError translates driver errors by code, once per engine: unique
// violations wrap errUnique, no rows become NOT_FOUND. Anything else is
// returned as is (and surfaces as INTERNAL).
func mapError(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return &sightline.Error{Code: sightline.ENOTFOUND, Message: "Not found."}
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
