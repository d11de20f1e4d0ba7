package sqlstore_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

func TestMigrate_Idempotent(t *testing.T) {
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, sqlstoretest.NewDSN(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	pending, err := db.Pending(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(pending) == 0 {
		t.Fatal("fresh database reports no pending migrations")
	}
	applied, err := db.Migrate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(pending, applied); diff != "" {
		t.Fatalf("applied differs from pending (-pending +applied):\n%s", diff)
	}
	again, err := db.Migrate(ctx)
	if err != nil {
		t.Fatalf("second migrate: %v", err)
	}
	if len(again) != 0 {
		t.Fatalf("second migrate applied %v, want nothing", again)
	}
	if pending, err := db.Pending(ctx); err != nil || len(pending) != 0 {
		t.Fatalf("pending after migrate = %v, %v", pending, err)
	}
}

// Both engines must list the same migrations, so that a schema version
// means the same thing everywhere.
func TestMigrations_SameOnBothEngines(t *testing.T) {
	lite, err := sqlstore.MigrationNames("sqlite")
	if err != nil {
		t.Fatal(err)
	}
	pg, err := sqlstore.MigrationNames("postgres")
	if err != nil {
		t.Fatal(err)
	}
	if len(lite) == 0 {
		t.Fatal("no migrations found")
	}
	if diff := cmp.Diff(lite, pg); diff != "" {
		t.Fatalf("migration files differ (-sqlite +postgres):\n%s", diff)
	}
}
