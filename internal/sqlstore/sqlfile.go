package sqlstore

// Statements kept as .sql files (sql/agents/*.sql): one file per statement,
// written once for both engines. A file is a text/template whose few
// actions are where the engines differ, and names its parameters
// (:brand_id); statement binds them to ? in the order they occur and
// drops the -- comments, so the file reads as the SQL that runs.

import (
	"embed"
	"fmt"
	"strings"
	"text/template"

	"github.com/sightline/sightline/internal/analyticsql"
)

//go:embed sql/agents/*.sql
var sqlFiles embed.FS

// sqlTemplates are the files parsed once per engine.
var sqlTemplates = map[analyticsql.Engine]*template.Template{
	analyticsql.EngineSQLite:   parseSQLFiles(analyticsql.Dialect{Engine: analyticsql.EngineSQLite}),
	analyticsql.EnginePostgres: parseSQLFiles(analyticsql.Dialect{Engine: analyticsql.EnginePostgres}),
}

// parseSQLFiles gives the files the dialect's functions:
//
//	{{values "name"}}  the rows (one column, value) of the JSON array of
//	                   strings in parameter :name, for "x IN (…)"
//	{{bucket .Granularity "col"}}  the first day of col's bucket, YYYY-MM-DD
//	{{listagg "expr"}}  a group's values of expr joined by ListSep
//	{{nilUUID}}         the nil UUID, typed (runs without a topic)
func parseSQLFiles(d analyticsql.Dialect) *template.Template {
	funcs := template.FuncMap{
		"values": func(name string) string {
			if d.Engine == analyticsql.EnginePostgres {
				return "SELECT jsonb_array_elements_text(CAST(:" + name + " AS JSONB))"
			}
			return "SELECT value FROM json_each(:" + name + ")"
		},
		"bucket":  d.Bucket,
		"listagg": d.ListAgg,
		"nilUUID": d.NilUUID,
	}
	return template.Must(template.New("").Funcs(funcs).ParseFS(sqlFiles, "sql/agents/*.sql"))
}

// statement renders file with data for the engine and binds its named
// parameters from args as bind does (comments dropped, each :name a ?
// with its value). A name args lacks is a programming error, returned.
func statement(e analyticsql.Engine, file string, data any, args map[string]any) (s *sqlb, err error) {
	var b strings.Builder
	if err := sqlTemplates[e].ExecuteTemplate(&b, file, data); err != nil {
		return nil, fmt.Errorf("render %s: %w", file, err)
	}
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, fmt.Errorf("render %s: %v", file, r)
		}
	}()
	return bind(b.String(), args), nil
}
