package sqlstore_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// StoreAgentLog inserts each key once, over several statements, and only
// into a brand of the caller's organization.
func TestStoreAgentLog(t *testing.T) {
	ctx := context.Background()
	db := sqlstoretest.MustOpenDB(t)
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme"})
	if err != nil {
		t.Fatal(err)
	}
	other, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Globex"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Taskloom", Domains: []string{"example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 20, 10, 0, 0, 123456000, time.UTC)
	var visits []sightline.AgentVisit
	for i := range 1201 { // three statements
		visits = append(visits, sightline.AgentVisit{Key: fmt.Sprintf("v%04d", i), At: at, Host: "example.com", Page: "/p", Method: "GET", Status: 200,
			Agent: "GPTBot", Operator: "openai", Purpose: "training", Verification: "unverified", Network: "192.0.2.0/24"})
	}
	refs := []sightline.AIReferral{{Key: "r1", At: at, Host: "example.com", Page: "/p", Source: "chatgpt"}}
	got, err := db.StoreAgentLog(ctx, org.ID, b.ID, visits, refs)
	if err != nil || got.Visits != 1201 || got.Referrals != 1 {
		t.Fatalf("first store: %+v %v", got, err)
	}
	got, err = db.StoreAgentLog(ctx, org.ID, b.ID, append(visits[:2:2], sightline.AgentVisit{Key: "new", At: at, Host: "example.com", Page: "/q",
		Method: "GET", Status: 404, Agent: "GPTBot", Operator: "openai", Purpose: "training", Verification: "spoofed", Network: "2001:db8::/48"}), refs)
	if err != nil || got.Visits != 1 || got.Referrals != 0 {
		t.Errorf("again: %+v %v", got, err)
	}
	if _, err := db.StoreAgentLog(ctx, other.ID, b.ID, visits[:1], nil); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("another organization's brand: %v, want NOT_FOUND", err)
	}
	if _, err := db.StoreAgentLog(ctx, org.ID, "not-a-uuid", visits[:1], nil); sightline.ErrorCode(err) != sightline.ENOTFOUND {
		t.Errorf("a malformed brand id: %v, want NOT_FOUND", err)
	}
}
