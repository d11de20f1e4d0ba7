package sqlstore_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
)

// The store keeps whatever hash it is given; these tests need no real
// argon2id hash (internal/password tests that).
const hashA, hashB = "$argon2id$test$A", "$argon2id$test$B"

func mustCreateDashboardUser(tb testing.TB, db *sqlstore.DB, orgID, email, hash string) *sightline.User {
	tb.Helper()
	u, err := db.CreateDashboardUser(context.Background(), sightline.DashboardUserCreate{OrgID: orgID, Email: email, PasswordHash: hash})
	if err != nil {
		tb.Fatalf("create dashboard user %s: %v", email, err)
	}
	return u
}

func TestUserStore_CreateDashboardUser(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("New", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		u, err := db.CreateDashboardUser(ctx, sightline.DashboardUserCreate{OrgID: org.ID, Email: " Ann@Example.COM ", Name: " Ann ", PasswordHash: hashA})
		if err != nil {
			t.Fatal(err)
		}
		want := &sightline.User{ID: u.ID, OrgID: org.ID, Email: "ann@example.com", Name: "Ann", CreatedAt: t0, HasPassword: true, Role: sightline.RoleAdmin}
		if diff := cmp.Diff(want, u); diff != "" {
			t.Errorf("user (-want +got):\n%s", diff)
		}
		got, hash, err := db.FindSignInUser(ctx, "ANN@example.com")
		if err != nil || hash != hashA {
			t.Fatalf("FindSignInUser = %v, %q, %v", got, hash, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("sign-in user (-want +got):\n%s", diff)
		}
	})
	t.Run("KeyOwnerGetsPassword", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		k, _ := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: "ann@example.com"})
		if _, _, err := db.FindSignInUser(ctx, "ann@example.com"); sightline.ErrorCode(err) != sightline.ENOTFOUND {
			t.Errorf("a user without a password signs in: %v", err)
		}
		u := mustCreateDashboardUser(t, db, org.ID, "ann@example.com", hashA)
		if u.ID != k.UserID {
			t.Errorf("a second user was made for the key owner: %s, want %s", u.ID, k.UserID)
		}
	})
	t.Run("ErrConflictSameOrg", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		mustCreateDashboardUser(t, db, org.ID, "ann@example.com", hashA)
		_, err := db.CreateDashboardUser(ctx, sightline.DashboardUserCreate{OrgID: org.ID, Email: "ann@example.com", PasswordHash: hashB})
		wantCode(t, err, sightline.ECONFLICT)
		if _, hash, _ := db.FindSignInUser(ctx, "ann@example.com"); hash != hashA {
			t.Errorf("the refused create changed the password hash to %q", hash)
		}
	})
	// One email signs in to one organization; once that user is disabled,
	// another organization may give the email a password.
	t.Run("OneOrganizationPerEmail", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org, other := mustCreateOrg(t, db, "Acme"), mustCreateOrg(t, db, "Other")
		u := mustCreateDashboardUser(t, db, org.ID, "ann@example.com", hashA)
		_, err := db.CreateDashboardUser(ctx, sightline.DashboardUserCreate{OrgID: other.ID, Email: "ANN@example.com", PasswordHash: hashB})
		wantCode(t, err, sightline.ECONFLICT)
		if msg := sightline.ErrorMessage(err); !strings.Contains(msg, "another organization") {
			t.Errorf("message %q does not say why", msg)
		}
		// the other organization may still have a key owner with that email
		mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: other.ID, UserEmail: "ann@example.com"})

		if err := db.DisableUser(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		u2 := mustCreateDashboardUser(t, db, other.ID, "ann@example.com", hashB)
		got, hash, err := db.FindSignInUser(ctx, "ann@example.com")
		if err != nil || got.ID != u2.ID || got.OrgID != other.ID || hash != hashB {
			t.Errorf("FindSignInUser = %+v, %q, %v; want the other organization's user", got, hash, err)
		}
		// and the first one cannot be enabled again while the email signs in elsewhere
		_, err = db.CreateDashboardUser(ctx, sightline.DashboardUserCreate{OrgID: org.ID, Email: "ann@example.com", PasswordHash: hashA})
		wantCode(t, err, sightline.ECONFLICT)
	})
	t.Run("EnableAgain", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		u := mustCreateDashboardUser(t, db, org.ID, "ann@example.com", hashA)
		if err := db.DisableUser(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		u2 := mustCreateDashboardUser(t, db, org.ID, "ann@example.com", hashB)
		if u2.ID != u.ID || u2.DisabledAt != nil {
			t.Errorf("re-created user %+v, want %s enabled", u2, u.ID)
		}
		if _, hash, err := db.FindSignInUser(ctx, "ann@example.com"); err != nil || hash != hashB {
			t.Errorf("FindSignInUser = %q, %v", hash, err)
		}
	})
	t.Run("ErrValidation", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		_, err := db.CreateDashboardUser(ctx, sightline.DashboardUserCreate{OrgID: "acme", Email: "ann at example", PasswordHash: ""})
		if diff := cmp.Diff([]string{"org", "email", "password"}, detailFields(t, err)); diff != "" {
			t.Errorf("fields (-want +got):\n%s", diff)
		}
	})
	t.Run("ErrOrgNotFound", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		_, err := db.CreateDashboardUser(ctx, sightline.DashboardUserCreate{
			OrgID: "0b6f2a2e-8c1f-4b7a-9d3e-1f2a3b4c5d6e", Email: "ann@example.com", PasswordHash: hashA,
		})
		wantCode(t, err, sightline.ENOTFOUND)
	})
}

func TestUserStore_FindUsersAndDisable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, now := mustOpenDB(t)
	org, other := mustCreateOrg(t, db, "Acme"), mustCreateOrg(t, db, "Other")
	bob := mustCreateDashboardUser(t, db, org.ID, "bob@example.com", hashA)
	k, _ := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: "ann@example.com"})
	mustCreateDashboardUser(t, db, other.ID, "eve@example.com", hashA)

	*now = t0.Add(time.Hour)
	if err := db.DisableUser(ctx, strings.ToUpper(bob.ID)); err != nil {
		t.Fatal(err)
	}
	*now = t0.Add(2 * time.Hour)
	if err := db.DisableUser(ctx, bob.ID); err != nil { // twice: no error, first time kept
		t.Fatal(err)
	}
	got, err := db.FindUsers(ctx, org.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := []*sightline.User{
		// An API-key owner is a member; the first user with a password,
		// the organization's admin.
		{ID: k.UserID, OrgID: org.ID, Email: "ann@example.com", CreatedAt: t0, Role: sightline.RoleMember},
		{ID: bob.ID, OrgID: org.ID, Email: "bob@example.com", CreatedAt: t0, HasPassword: true, DisabledAt: ptr(t0.Add(time.Hour)), Role: sightline.RoleAdmin},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("users (-want +got):\n%s", diff)
	}
	if _, _, err := db.FindSignInUser(ctx, "bob@example.com"); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("a disabled user signs in: %v", err)
	}
	wantCode(t, db.DisableUser(ctx, "7c9e6679-7425-40de-944b-e07fc1f90ae7"), sightline.ENOTFOUND)
	wantCode(t, db.DisableUser(ctx, "bob"), sightline.ENOTFOUND)
	_, err = db.FindUsers(ctx, "7c9e6679-7425-40de-944b-e07fc1f90ae7")
	wantCode(t, err, sightline.ENOTFOUND)
}

func TestSessionStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	const idle, lifetime = 2 * time.Hour, 24 * time.Hour

	newSession := func(t *testing.T, db *sqlstore.DB, userID string) string {
		t.Helper()
		token, err := sightline.NewSessionToken()
		if err != nil {
			t.Fatal(err)
		}
		digest := sightline.HashSessionToken(token)
		if _, err := db.CreateSession(ctx, userID, digest, lifetime); err != nil {
			t.Fatalf("create session: %v", err)
		}
		return digest
	}
	live := func(db *sqlstore.DB, digest string) bool {
		_, err := db.FindSession(ctx, digest, idle)
		return err == nil
	}

	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		u, err := db.CreateDashboardUser(ctx, sightline.DashboardUserCreate{OrgID: org.ID, Email: "ann@example.com", Name: "Ann", PasswordHash: hashA})
		if err != nil {
			t.Fatal(err)
		}
		digest := newSession(t, db, u.ID)
		s, err := db.FindSession(ctx, digest, idle)
		if err != nil {
			t.Fatal(err)
		}
		want := &sightline.Session{UserID: u.ID, OrgID: org.ID, OrgName: "Acme", Email: "ann@example.com", Name: "Ann", Role: sightline.RoleAdmin,
			CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0.Add(lifetime)}
		if diff := cmp.Diff(want, s); diff != "" {
			t.Errorf("session (-want +got):\n%s", diff)
		}
		for _, bad := range []string{"", digest[:63], strings.ToUpper(digest), sightline.HashSessionToken("guess")} {
			_, err := db.FindSession(ctx, bad, idle)
			wantCode(t, err, sightline.EUNAUTHORIZED)
		}
	})
	t.Run("IdleExpiry", func(t *testing.T) {
		t.Parallel()
		db, now := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		u := mustCreateDashboardUser(t, db, org.ID, "ann@example.com", hashA)
		digest := newSession(t, db, u.ID)
		// used every hour and a half: the idle clock restarts each time
		for i := 1; i <= 5; i++ {
			*now = t0.Add(time.Duration(i) * 90 * time.Minute)
			if !live(db, digest) {
				t.Fatalf("session ended after %d uses 90 minutes apart", i)
			}
		}
		*now = now.Add(idle)
		if live(db, digest) {
			t.Fatal("session alive after the idle timeout")
		}
		*now = now.Add(-time.Minute) // the expired session was deleted
		if live(db, digest) {
			t.Fatal("an idle-expired session came back")
		}
	})
	t.Run("TouchResolution", func(t *testing.T) {
		t.Parallel()
		db, now := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		u := mustCreateDashboardUser(t, db, org.ID, "ann@example.com", hashA)
		digest := newSession(t, db, u.ID)
		*now = t0.Add(30 * time.Second)
		s, _ := db.FindSession(ctx, digest, idle)
		if !s.LastSeenAt.Equal(t0) {
			t.Errorf("last seen %s after a use 30 s later, want %s (written once a minute)", s.LastSeenAt, t0)
		}
		*now = t0.Add(90 * time.Second)
		db.FindSession(ctx, digest, idle)
		*now = t0.Add(100 * time.Second)
		if s, _ := db.FindSession(ctx, digest, idle); !s.LastSeenAt.Equal(t0.Add(90 * time.Second)) {
			t.Errorf("last seen %s, want %s", s.LastSeenAt, t0.Add(90*time.Second))
		}
	})
	t.Run("AbsoluteExpiry", func(t *testing.T) {
		t.Parallel()
		db, now := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		u := mustCreateDashboardUser(t, db, org.ID, "ann@example.com", hashA)
		digest := newSession(t, db, u.ID)
		for at := time.Hour; at < lifetime; at += time.Hour {
			*now = t0.Add(at)
			if !live(db, digest) {
				t.Fatalf("session ended %s after sign-in while in use", at)
			}
		}
		*now = t0.Add(lifetime)
		if live(db, digest) {
			t.Fatal("session alive at its absolute expiry")
		}
	})
	t.Run("SignOutDisableAndPasswordChange", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		ann := mustCreateDashboardUser(t, db, org.ID, "ann@example.com", hashA)
		bob := mustCreateDashboardUser(t, db, org.ID, "bob@example.com", hashA)
		a1, a2, b1 := newSession(t, db, ann.ID), newSession(t, db, ann.ID), newSession(t, db, bob.ID)

		if err := db.DeleteSession(ctx, a1); err != nil {
			t.Fatal(err)
		}
		if err := db.DeleteSession(ctx, a1); err != nil {
			t.Errorf("second sign-out: %v", err)
		}
		if live(db, a1) || !live(db, a2) || !live(db, b1) {
			t.Fatal("sign-out ended the wrong sessions")
		}
		if err := db.SetUserPassword(ctx, ann.ID, hashB); err != nil {
			t.Fatal(err)
		}
		if live(db, a2) || !live(db, b1) {
			t.Fatal("a password change did not end exactly the user's sessions")
		}
		if _, hash, _ := db.FindSignInUser(ctx, "ann@example.com"); hash != hashB {
			t.Errorf("hash after SetUserPassword = %q", hash)
		}
		a3 := newSession(t, db, ann.ID)
		if err := db.DisableUser(ctx, ann.ID); err != nil {
			t.Fatal(err)
		}
		if live(db, a3) || !live(db, b1) {
			t.Fatal("disabling a user did not end exactly the user's sessions")
		}
		_, err := db.CreateSession(ctx, ann.ID, sightline.HashSessionToken("x"), lifetime)
		wantCode(t, err, sightline.EUNAUTHORIZED)
		wantCode(t, db.SetUserPassword(ctx, "7c9e6679-7425-40de-944b-e07fc1f90ae7", hashA), sightline.ENOTFOUND)
	})
	t.Run("ErrNoPassword", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		k, _ := mustCreateAPIKey(t, db, sightline.APIKeyCreate{OrgID: org.ID})
		_, err := db.CreateSession(ctx, k.UserID, sightline.HashSessionToken("x"), lifetime)
		wantCode(t, err, sightline.EUNAUTHORIZED)
	})
}

func TestSignInThrottle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	email := sightline.ThrottleKey{Key: "email:ann@example.com", Limit: 5}
	addr := sightline.ThrottleKey{Key: "addr:192.0.2.1", Limit: 8}
	const window = time.Minute

	t.Run("Limits", func(t *testing.T) {
		t.Parallel()
		db, now := mustOpenDB(t)
		attempt := func(keys ...sightline.ThrottleKey) time.Duration {
			t.Helper()
			wait, err := db.ThrottleSignIn(ctx, keys, window)
			if err != nil {
				t.Fatal(err)
			}
			return wait
		}
		for i := range 5 {
			*now = t0.Add(time.Duration(i) * time.Second)
			if w := attempt(email, addr); w != 0 {
				t.Fatalf("attempt %d refused (wait %s)", i+1, w)
			}
		}
		*now = t0.Add(10 * time.Second)
		if w := attempt(email, addr); w != 50*time.Second {
			t.Errorf("sixth attempt: wait %s, want 50s (the window started at the first)", w)
		}
		// the address (6 attempts so far, limit 8) has room for another
		// email twice, then refuses it although that email is under its limit
		other := sightline.ThrottleKey{Key: "email:bob@example.com", Limit: 5}
		for i := 7; i <= 8; i++ {
			if w := attempt(other, addr); w != 0 {
				t.Errorf("the address's attempt %d refused: wait %s", i, w)
			}
		}
		if w := attempt(other, addr); w != 50*time.Second {
			t.Errorf("the address's ninth attempt: wait %s, want 50s", w)
		}
		// a new window starts once the old one is over
		*now = t0.Add(window + time.Second)
		if w := attempt(email); w != 0 {
			t.Errorf("attempt after the window: wait %s", w)
		}
		for range 4 {
			attempt(email)
		}
		if w := attempt(email); w == 0 {
			t.Error("the sixth attempt of the new window was allowed")
		}
		if err := db.ResetSignInThrottle(ctx, email.Key); err != nil {
			t.Fatal(err)
		}
		if w := attempt(email); w != 0 {
			t.Errorf("attempt after a reset: wait %s", w)
		}
	})
	// Attempts from many connections at once (replicas) are counted one by
	// one: exactly the limit goes through.
	t.Run("Concurrent", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		var wg sync.WaitGroup
		var mu sync.Mutex
		allowed := 0
		for i := range 20 {
			wg.Go(func() {
				wait, err := db.ThrottleSignIn(ctx, []sightline.ThrottleKey{email, {Key: fmt.Sprintf("addr:%d", i), Limit: 5}}, window)
				if err != nil {
					t.Error(err)
					return
				}
				if wait == 0 {
					mu.Lock()
					allowed++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if allowed != email.Limit {
			t.Errorf("%d of 20 concurrent attempts allowed, want %d", allowed, email.Limit)
		}
	})
}
