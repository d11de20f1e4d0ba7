package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// The first user of an organization is its admin whatever role was asked
// for; later users get the role asked for; the last admin can be neither
// demoted nor disabled; EndUserSessions ends the sessions; another
// organization's user is NOT_FOUND.
func TestTeamStore_Roles(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, _ := mustOpenDB(t)
	org := mustCreateOrg(t, db, "Acme")
	other := mustCreateOrg(t, db, "Other")
	first, err := db.CreateDashboardUser(ctx, sightline.DashboardUserCreate{OrgID: org.ID, Email: "ann@example.com", PasswordHash: hashA, Role: sightline.RoleMember})
	if err != nil || first.Role != sightline.RoleAdmin {
		t.Fatalf("first user = %+v, %v; want an admin", first, err)
	}
	second, err := db.CreateDashboardUser(ctx, sightline.DashboardUserCreate{OrgID: org.ID, Email: "bob@example.com", PasswordHash: hashA})
	if err != nil || second.Role != sightline.RoleMember {
		t.Fatalf("second user = %+v, %v; want a member", second, err)
	}
	if _, err := db.CreateDashboardUser(ctx, sightline.DashboardUserCreate{OrgID: org.ID, Email: "cy@example.com", PasswordHash: hashA, Role: "owner"}); sightline.ErrorCode(err) != sightline.EVALIDATION {
		t.Errorf("role owner: %v, want VALIDATION_FAILED", err)
	}
	if _, err := db.SetUserRole(ctx, org.ID, first.ID, sightline.RoleMember); sightline.ErrorCode(err) != sightline.ECONFLICT {
		t.Errorf("demote the last admin: %v, want CONFLICT", err)
	}
	if _, err := db.DisableOrgUser(ctx, org.ID, first.ID); sightline.ErrorCode(err) != sightline.ECONFLICT {
		t.Errorf("disable the last admin: %v, want CONFLICT", err)
	}
	if _, err := db.SetUserRole(ctx, other.ID, second.ID, sightline.RoleAdmin); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("another organization's user: %v, want NOT_FOUND", err)
	}
	u, err := db.SetUserRole(ctx, org.ID, second.ID, sightline.RoleAdmin)
	if err != nil || u.Role != sightline.RoleAdmin {
		t.Fatalf("promote = %+v, %v", u, err)
	}
	if _, err := db.CreateSession(ctx, first.ID, "digest-1", time.Hour); err != nil {
		t.Fatal(err)
	}
	s, err := db.FindSession(ctx, "digest-1", time.Hour)
	if err != nil || s.Role != sightline.RoleAdmin {
		t.Fatalf("session = %+v, %v; want role admin", s, err)
	}
	if _, err := db.SetUserRole(ctx, org.ID, first.ID, sightline.RoleMember); err != nil {
		t.Fatalf("demote with another admin: %v", err)
	}
	if s, err := db.FindSession(ctx, "digest-1", time.Hour); err != nil || s.Role != sightline.RoleMember {
		t.Errorf("session after demotion = %+v, %v; want role member at once", s, err)
	}
	if n, err := db.EndUserSessions(ctx, org.ID, first.ID); err != nil || n != 1 {
		t.Errorf("EndUserSessions = %d, %v; want 1", n, err)
	}
	if _, err := db.FindSession(ctx, "digest-1", time.Hour); sightline.ErrorCode(err) != sightline.EUNAUTHORIZED {
		t.Errorf("session after EndUserSessions: %v, want UNAUTHORIZED", err)
	}
	d, err := db.DisableOrgUser(ctx, org.ID, first.ID)
	if err != nil || d.DisabledAt == nil {
		t.Fatalf("disable = %+v, %v", d, err)
	}
}

// An invitation works once, before it expires, unless revoked; the
// invitee gets the invitation's role; an email that signs in already
// cannot be invited.
func TestTeamStore_Invitations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, clock := mustOpenDB(t)
	org := mustCreateOrg(t, db, "Acme")
	admin := mustCreateDashboardUser(t, db, org.ID, "ann@example.com", hashA)
	if _, err := db.CreateInvitation(ctx, sightline.InvitationCreate{OrgID: org.ID, Email: "ann@example.com", Role: sightline.RoleMember, Digest: "d0"}); sightline.ErrorCode(err) != sightline.ECONFLICT {
		t.Errorf("invite a user who signs in: %v, want CONFLICT", err)
	}
	if _, err := db.CreateInvitation(ctx, sightline.InvitationCreate{OrgID: org.ID, Email: "not-an-email", Role: sightline.RoleMember, Digest: "d0"}); sightline.ErrorCode(err) != sightline.EVALIDATION {
		t.Errorf("invite a bad email: %v, want VALIDATION_FAILED", err)
	}
	in, err := db.CreateInvitation(ctx, sightline.InvitationCreate{OrgID: org.ID, Email: " Bob@Example.com", Role: sightline.RoleMember, InvitedBy: admin.ID, Digest: "d1"})
	if err != nil {
		t.Fatal(err)
	}
	if in.Email != "bob@example.com" || in.InvitedBy != "ann@example.com" || !in.ExpiresAt.Equal(in.CreatedAt.Add(7*24*time.Hour)) {
		t.Errorf("invitation = %+v", in)
	}
	if _, err := db.FindInvitation(ctx, "d1"); err != nil {
		t.Fatalf("find pending: %v", err)
	}
	u, err := db.AcceptInvitation(ctx, "d1", "Bob", hashB)
	if err != nil || u.Role != sightline.RoleMember || u.Email != "bob@example.com" || !u.HasPassword {
		t.Fatalf("accept = %+v, %v", u, err)
	}
	if _, err := db.AcceptInvitation(ctx, "d1", "Bob", hashB); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("second use: %v, want NOT_FOUND", err)
	}
	// Expiry: 7 days after creation the link no longer works.
	if _, err := db.CreateInvitation(ctx, sightline.InvitationCreate{OrgID: org.ID, Email: "cy@example.com", Role: sightline.RoleAdmin, Digest: "d2"}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.CreateInvitation(ctx, sightline.InvitationCreate{OrgID: org.ID, Email: "di@example.com", Role: sightline.RoleAdmin, Digest: "d3"}); err != nil {
		t.Fatal(err)
	}
	list, err := db.FindInvitations(ctx, org.ID, 10)
	if err != nil || len(list) != 3 {
		t.Fatalf("FindInvitations = %d, %v; want 3", len(list), err)
	}
	for _, i := range list {
		if i.Email == "di@example.com" {
			if err := db.RevokeInvitation(ctx, org.ID, i.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := db.FindInvitation(ctx, "d3"); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("revoked invitation: %v, want NOT_FOUND", err)
	}
	*clock = clock.Add(7*24*time.Hour + time.Second)
	if _, err := db.AcceptInvitation(ctx, "d2", "Cy", hashB); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("expired invitation: %v, want NOT_FOUND", err)
	}
}
