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

// anys and ts convert query arguments as the statements of analyticsql do.
var (
	anys = analyticsql.Anys
	ts   = analyticsql.FormatTime
)
