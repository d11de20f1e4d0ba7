package main

import (
	"context"
	"io"
	"os"
	"testing"

	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	sqlstoretest.DropTemplates()
	os.Exit(code)
}

// demoDays is the history of the demo data set the dashboard tests serve:
// the default 60 days take minutes under -race.
const demoDays = 3

// demoDSN returns a database of the engine under test holding what `serve
// --demo --demo-days 3` loads, for tests that need the demo served rather
// than its loading: the data set is loaded once per test binary and each
// test gets a copy (sqlstoretest.TemplateDSN). The loading itself is tested
// on a fresh database by TestEndToEnd_ServeDemo, TestEndToEnd_Demo and
// TestServeDemo_AnswersWhileLoading.
func demoDSN(t *testing.T) string {
	t.Helper()
	return sqlstoretest.TemplateDSN(t, "serve-demo", func(dsn string) error {
		cfg := DefaultConfig()
		cfg.DB, cfg.Addr, cfg.AdminToken = dsn, "127.0.0.1:0", ""
		m := NewMain(cfg, io.Discard, io.Discard)
		m.Demo, m.DemoDays = true, demoDays
		err := m.Open(context.Background())
		if cerr := m.Close(); err == nil {
			err = cerr
		}
		return err
	})
}
