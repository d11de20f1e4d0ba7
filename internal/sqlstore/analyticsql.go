package sqlstore

import "github.com/sightline/sightline/internal/analyticsql"

// The statement builder and the engines' dialect are the query layer's.
type (
	sqlb    = analyticsql.Builder
	dialect = analyticsql.Dialect
)

const (
	engineSQLite   = analyticsql.EngineSQLite
	enginePostgres = analyticsql.EnginePostgres
)
