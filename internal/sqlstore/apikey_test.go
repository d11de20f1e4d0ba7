package sqlstore_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// t0 is the fixed clock of the store tests, at microsecond precision (what
// both engines store).
var t0 = time.Date(2026, 3, 15, 9, 30, 0, 123456000, time.UTC)

// mustOpenDB returns a migrated database whose clock reads *now. Tests that
// move the clock use their own database and do not share it with parallel
// subtests.
func mustOpenDB(tb testing.TB) (*sqlstore.DB, *time.Time) {
	tb.Helper()
	db := sqlstoretest.MustOpenDB(tb)
	now := t0
	db.Now = func() time.Time { return now }
	return db, &now
}

func mustCreateOrg(tb testing.TB, db *sqlstore.DB, name string) *sightline.Organization {
	tb.Helper()
	org, err := db.CreateOrganization(context.Background(), sightline.OrganizationCreate{Name: name})
	if err != nil {
		tb.Fatalf("create organization: %v", err)
	}
	return org
}

func mustCreateAPIKey(tb testing.TB, db *sqlstore.DB, c sightline.APIKeyCreate) (*sightline.APIKey, string) {
	tb.Helper()
	if c.UserEmail == "" {
		c.UserEmail = "owner@example.com"
	}
	if c.Name == "" {
		c.Name = "test key"
	}
	k, secret, err := db.CreateAPIKey(context.Background(), c)
	if err != nil {
		tb.Fatalf("create api key: %v", err)
	}
	return k, secret
}

// wantCode asserts that err carries the application error code.
func wantCode(tb testing.TB, err error, code string) {
	tb.Helper()
	if got := sightline.ErrorCode(err); got != code {
		tb.Fatalf("error code = %q (%v), want %q", got, err, code)
	}
}

// detailFields returns the field names of a VALIDATION_FAILED error.
func detailFields(tb testing.TB, err error) []string {
	tb.Helper()
	wantCode(tb, err, sightline.EVALIDATION)
	var fields []string
	for _, d := range err.(*sightline.Error).Details {
		if d.Field == nil {
			fields = append(fields, "")
		} else {
			fields = append(fields, *d.Field)
		}
	}
	return fields
}

var secretRE = regexp.MustCompile(`^slk_[A-Za-z0-9_-]{43}$`)

func TestAPIKeyStore_CreateAPIKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		expires := t0.Add(48 * time.Hour)
		k, secret, err := db.CreateAPIKey(ctx, sightline.APIKeyCreate{
			OrgID: org.ID, UserEmail: "Ann@Example.com", Name: "  ci key  ", ExpiresAt: &expires,
		})
		if err != nil {
			t.Fatal(err)
		}
		if !secretRE.MatchString(secret) {
			t.Fatalf("secret %q does not match %s", secret, secretRE)
		}
		if !sightline.IsUUID(k.ID) || !sightline.IsUUID(k.UserID) {
			t.Errorf("ids %q / %q are not UUIDs", k.ID, k.UserID)
		}
		want := &sightline.APIKey{
			ID: k.ID, OrgID: org.ID, UserID: k.UserID, UserEmail: "ann@example.com", Name: "ci key",
			Prefix: secret[:8], Last4: secret[len(secret)-4:], CreatedAt: t0, ExpiresAt: &expires,
		}
		if diff := cmp.Diff(want, k); diff != "" {
			t.Errorf("key (-want +got):\n%s", diff)
		}
	})
	t.Run("SecretsDiffer", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		seen := map[string]bool{}
		for range 20 {
			_, s := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID})
			if seen[s] || seen[s[4:]] {
				t.Fatalf("secret %q returned twice", s)
			}
			seen[s] = true
		}
	})
	t.Run("SameUserForSameEmail", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org, other := mustCreateOrg(t, db, "Acme"), mustCreateOrg(t, db, "Other")
		k1, _ := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: "ann@example.com"})
		k2, _ := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: " ANN@example.com "})
		k3, _ := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: other.ID, UserEmail: "ann@example.com"})
		if k1.UserID != k2.UserID {
			t.Errorf("same email made two users: %s, %s", k1.UserID, k2.UserID)
		}
		if k3.UserID == k1.UserID {
			t.Error("a user is shared across organizations")
		}
	})
	t.Run("ErrValidation", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		_, secret, err := db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: "acme", UserEmail: "ann", Name: " "})
		if diff := cmp.Diff([]string{"org", "user", "name"}, detailFields(t, err)); diff != "" {
			t.Errorf("fields (-want +got):\n%s", diff)
		}
		if secret != "" {
			t.Error("a secret was returned with an error")
		}
	})
	t.Run("ErrOrgNotFound", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		_, _, err := db.CreateAPIKey(ctx, sightline.APIKeyCreate{
			OrgID: "0b6f2a2e-8c1f-4b7a-9d3e-1f2a3b4c5d6e", UserEmail: "ann@example.com", Name: "k",
		})
		wantCode(t, err, sightline.ENOTFOUND)
	})
}

// openRaw opens the database behind dsn directly, without the store.
func openRaw(t *testing.T, dsn string) *sql.DB {
	t.Helper()
	var raw *sql.DB
	var err error
	if path, ok := strings.CutPrefix(dsn, "sqlite:"); ok {
		raw, err = sql.Open("sqlite", "file:"+path)
	} else {
		raw, err = sql.Open("pgx", dsn)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	return raw
}

// dumpTables returns every value of every row of every table, as text, by
// table name.
func dumpTables(t *testing.T, raw *sql.DB) map[string][]string {
	t.Helper()
	ctx := context.Background()
	q := `SELECT name FROM sqlite_master WHERE type = 'table'`
	if sqlstoretest.Engine() == "postgres" {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
	}
	rows, err := raw.QueryContext(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows.Close()
	out := map[string][]string{}
	for _, table := range tables {
		rows, err := raw.QueryContext(ctx, `SELECT * FROM `+table)
		if err != nil {
			t.Fatalf("read %s: %v", table, err)
		}
		cols, err := rows.Columns()
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatalf("scan %s: %v", table, err)
			}
			for _, v := range vals {
				if b, ok := v.([]byte); ok {
					v = string(b)
				}
				out[table] = append(out[table], fmt.Sprint(v))
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	return out
}

// The database holds only a SHA-256 digest of each key (docs/api.md).
func TestAPIKeyStore_NoPlaintext(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dsn := sqlstoretest.NewDSN(t)
	db, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	org := mustCreateOrg(t, db, "Acme")
	secrets := map[string]string{} // key id -> secret
	for i := range 3 {
		var expires *time.Time
		if i == 1 {
			e := time.Now().Add(time.Hour)
			expires = &e
		}
		k, s := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID, ExpiresAt: expires})
		secrets[k.ID] = s
		// authenticate once, so that last_used_at is written too
		if _, err := db.Authenticate(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	revoked := ""
	for id := range secrets {
		revoked = id
		break
	}
	if err := db.RevokeAPIKey(ctx, revoked); err != nil {
		t.Fatal(err)
	}

	raw := openRaw(t, dsn)
	dump := dumpTables(t, raw)
	if len(dump["api_keys"]) == 0 {
		t.Fatalf("api_keys read as empty; tables: %v", len(dump))
	}
	for table, vals := range dump {
		for _, v := range vals {
			for _, s := range secrets {
				tail := strings.TrimPrefix(s, sightline.APIKeyPrefix)
				if strings.Contains(v, s) || strings.Contains(v, tail) || strings.Contains(strings.ToLower(v), strings.ToLower(tail)) {
					t.Errorf("table %s holds the plaintext key in %q", table, v)
				}
			}
		}
	}

	rows, err := raw.QueryContext(ctx, `SELECT id, digest, prefix, last4 FROM api_keys`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id, digest, prefix, last4 string
		if err := rows.Scan(&id, &digest, &prefix, &last4); err != nil {
			t.Fatal(err)
		}
		s, ok := secrets[id]
		if !ok {
			t.Fatalf("unexpected key row %s", id)
		}
		sum := sha256.Sum256([]byte(s))
		if want := hex.EncodeToString(sum[:]); digest != want {
			t.Errorf("key %s: digest = %q, want hex SHA-256 %q", id, digest, want)
		}
		if prefix != s[:8] || last4 != s[len(s)-4:] {
			t.Errorf("key %s: prefix/last4 = %q/%q, want %q/%q", id, prefix, last4, s[:8], s[len(s)-4:])
		}
		n++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if n != len(secrets) {
		t.Errorf("api_keys has %d rows, want %d", n, len(secrets))
	}
}

func TestAPIKeyStore_Authenticate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org, other := mustCreateOrg(t, db, "Acme"), mustCreateOrg(t, db, "Other")
		k, s := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID})
		ko, so := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: other.ID})
		p, err := db.Authenticate(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(&sightline.Principal{OrgID: org.ID, KeyID: k.ID}, p); diff != "" {
			t.Errorf("principal (-want +got):\n%s", diff)
		}
		p, err = db.Authenticate(ctx, so)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(&sightline.Principal{OrgID: other.ID, KeyID: ko.ID}, p); diff != "" {
			t.Errorf("principal of the other org (-want +got):\n%s", diff)
		}
	})
	t.Run("ErrUnknown", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		_, s := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID})
		changed := s[:len(s)-1] + "A"
		if changed == s {
			changed = s[:len(s)-1] + "B"
		}
		for _, bad := range []string{
			"", "slk_", "nope", s[:len(s)-1], s + "x", " " + s, strings.ToUpper(s[:4]) + s[4:], changed,
			sightline.APIKeyPrefix + strings.Repeat("A", 43), sightline.HashAPIKey(s),
		} {
			p, err := db.Authenticate(ctx, bad)
			wantCode(t, err, sightline.EUNAUTHORIZED)
			if p != nil {
				t.Errorf("Authenticate(%q) returned a principal", bad)
			}
		}
	})
	t.Run("ErrRevoked", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		k, s := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID})
		_, s2 := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID})
		if _, err := db.Authenticate(ctx, s); err != nil {
			t.Fatal(err)
		}
		if err := db.RevokeAPIKey(ctx, k.ID); err != nil {
			t.Fatal(err)
		}
		_, err := db.Authenticate(ctx, s)
		wantCode(t, err, sightline.EUNAUTHORIZED)
		if _, err := db.Authenticate(ctx, s2); err != nil {
			t.Errorf("second key after revoking the first: %v", err)
		}
	})
	t.Run("ErrExpired", func(t *testing.T) {
		t.Parallel()
		db, now := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		expires := t0.Add(time.Hour)
		_, s := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID, ExpiresAt: &expires})
		_, past := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID, ExpiresAt: ptr(t0.Add(-time.Second))})
		_, err := db.Authenticate(ctx, past)
		wantCode(t, err, sightline.EUNAUTHORIZED)

		*now = expires.Add(-time.Microsecond)
		if _, err := db.Authenticate(ctx, s); err != nil {
			t.Fatalf("a microsecond before expiry: %v", err)
		}
		*now = expires
		_, err = db.Authenticate(ctx, s)
		wantCode(t, err, sightline.EUNAUTHORIZED)
		*now = expires.Add(365 * 24 * time.Hour)
		_, err = db.Authenticate(ctx, s)
		wantCode(t, err, sightline.EUNAUTHORIZED)
	})
	t.Run("LastUsedAt", func(t *testing.T) {
		t.Parallel()
		db, now := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		k, s := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID})
		lastUsed := func() *time.Time {
			keys, err := db.FindAPIKeys(ctx, org.ID)
			if err != nil || len(keys) != 1 || keys[0].ID != k.ID {
				t.Fatalf("FindAPIKeys = %v, %v", keys, err)
			}
			return keys[0].LastUsedAt
		}
		if got := lastUsed(); got != nil {
			t.Fatalf("last_used_at = %v before any use", got)
		}
		steps := []struct {
			at   time.Time
			want time.Time
		}{
			{t0.Add(10 * time.Second), t0.Add(10 * time.Second)},
			// written at most once a minute
			{t0.Add(40 * time.Second), t0.Add(10 * time.Second)},
			{t0.Add(70 * time.Second), t0.Add(70 * time.Second)},
			{t0.Add(time.Hour), t0.Add(time.Hour)},
		}
		for _, st := range steps {
			*now = st.at
			if _, err := db.Authenticate(ctx, s); err != nil {
				t.Fatal(err)
			}
			if got := lastUsed(); got == nil || !got.Equal(st.want) {
				t.Errorf("after use at %s: last_used_at = %v, want %s", st.at, got, st.want)
			}
		}
		// a refused attempt is not a use
		if err := db.RevokeAPIKey(ctx, k.ID); err != nil {
			t.Fatal(err)
		}
		*now = t0.Add(2 * time.Hour)
		if _, err := db.Authenticate(ctx, s); err == nil {
			t.Fatal("revoked key authenticated")
		}
		if got := lastUsed(); got == nil || !got.Equal(t0.Add(time.Hour)) {
			t.Errorf("after a refused attempt: last_used_at = %v, want %s", got, t0.Add(time.Hour))
		}
	})
}

func TestAPIKeyStore_FindAPIKeys(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		db, now := mustOpenDB(t)
		org, other := mustCreateOrg(t, db, "Acme"), mustCreateOrg(t, db, "Other")
		var want []*sightline.APIKey
		var secrets []string
		for i, name := range []string{"first", "second", "third"} {
			*now = t0.Add(time.Duration(i) * time.Minute)
			var expires *time.Time
			if i == 1 {
				expires = ptr(t0.Add(24 * time.Hour))
			}
			k, s := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID, Name: name, ExpiresAt: expires})
			secrets = append(secrets, s)
			// newest first
			want = append([]*sightline.APIKey{{
				ID: k.ID, OrgID: org.ID, UserID: k.UserID, UserEmail: "owner@example.com", Name: name, Prefix: s[:8], Last4: s[len(s)-4:],
				CreatedAt: *now, ExpiresAt: expires,
			}}, want...)
		}
		mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: other.ID, Name: "other org"})
		*now = t0.Add(time.Hour)
		if err := db.RevokeAPIKey(ctx, want[1].ID); err != nil {
			t.Fatal(err)
		}
		want[1].RevokedAt = ptr(*now)

		got, err := db.FindAPIKeys(ctx, org.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("keys (-want +got):\n%s", diff)
		}
		// the listing shows the first characters and the last four only
		for _, k := range got {
			text := fmt.Sprintf("%+v", *k)
			for _, s := range secrets {
				if strings.Contains(text, s[8:len(s)-4]) {
					t.Errorf("listing %s shows the middle of a secret", text)
				}
			}
			if len(k.Prefix) != 8 || !strings.HasPrefix(k.Prefix, sightline.APIKeyPrefix) || len(k.Last4) != 4 {
				t.Errorf("prefix/last4 = %q/%q", k.Prefix, k.Last4)
			}
		}
	})
	t.Run("UpperCaseOrgID", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		k, _ := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID})
		got, err := db.FindAPIKeys(ctx, strings.ToUpper(org.ID))
		if err != nil || len(got) != 1 || got[0].ID != k.ID {
			t.Errorf("FindAPIKeys(upper) = %v, %v", got, err)
		}
	})
	t.Run("Empty", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		got, err := db.FindAPIKeys(ctx, org.ID)
		if err != nil || len(got) != 0 {
			t.Errorf("FindAPIKeys = %v, %v; want none", got, err)
		}
	})
	t.Run("ErrOrgNotFound", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		_, err := db.FindAPIKeys(ctx, "7c9e6679-7425-40de-944b-e07fc1f90ae7")
		wantCode(t, err, sightline.ENOTFOUND)
		_, err = db.FindAPIKeys(ctx, "acme")
		wantCode(t, err, sightline.ENOTFOUND)
	})
}

func TestAPIKeyStore_RevokeAPIKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		db, now := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		k, _ := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID})
		*now = t0.Add(time.Hour)
		if err := db.RevokeAPIKey(ctx, strings.ToUpper(k.ID)); err != nil {
			t.Fatal(err)
		}
		// revoking again succeeds and keeps the first revocation time
		*now = t0.Add(2 * time.Hour)
		if err := db.RevokeAPIKey(ctx, k.ID); err != nil {
			t.Fatalf("second revoke: %v", err)
		}
		keys, err := db.FindAPIKeys(ctx, org.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got := keys[0].RevokedAt; got == nil || !got.Equal(t0.Add(time.Hour)) {
			t.Errorf("revoked_at = %v, want %s", got, t0.Add(time.Hour))
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		wantCode(t, db.RevokeAPIKey(ctx, "f47ac10b-58cc-4372-a567-0e02b2c3d479"), sightline.ENOTFOUND)
		wantCode(t, db.RevokeAPIKey(ctx, "not-an-id"), sightline.ENOTFOUND)
		wantCode(t, db.RevokeAPIKey(ctx, ""), sightline.ENOTFOUND)
	})
}

// RevokeOrgAPIKey revokes keys of its organization only: another
// organization's key is NOT_FOUND and keeps working.
func TestAPIKeyStore_RevokeOrgAPIKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, now := mustOpenDB(t)
	org, other := mustCreateOrg(t, db, "Acme"), mustCreateOrg(t, db, "Other")
	k, s := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID})
	ko, so := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: other.ID})

	wantCode(t, db.RevokeOrgAPIKey(ctx, org.ID, ko.ID), sightline.ENOTFOUND)
	if _, err := db.Authenticate(ctx, so); err != nil {
		t.Errorf("the other organization's key after a refused revoke: %v", err)
	}
	wantCode(t, db.RevokeOrgAPIKey(ctx, org.ID, "not-an-id"), sightline.ENOTFOUND)
	wantCode(t, db.RevokeOrgAPIKey(ctx, "acme", k.ID), sightline.ENOTFOUND)

	*now = t0.Add(time.Minute)
	if err := db.RevokeOrgAPIKey(ctx, strings.ToUpper(org.ID), strings.ToUpper(k.ID)); err != nil {
		t.Fatal(err)
	}
	_, err := db.Authenticate(ctx, s)
	wantCode(t, err, sightline.EUNAUTHORIZED)
	keys, err := db.FindAPIKeys(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := keys[0].RevokedAt; got == nil || !got.Equal(t0.Add(time.Minute)) {
		t.Errorf("revoked_at = %v, want %s", got, t0.Add(time.Minute))
	}
	if st := keys[0].Status(t0.Add(time.Hour)); st != sightline.KeyRevoked {
		t.Errorf("status = %s, want revoked", st)
	}
}

func ptr[T any](v T) *T { return &v }
