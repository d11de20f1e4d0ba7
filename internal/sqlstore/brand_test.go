package sqlstore_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
)

func mustCreateBrand(tb testing.TB, db *sqlstore.DB, c sightline.BrandCreate) *sightline.Brand {
	tb.Helper()
	b, err := db.CreateBrand(context.Background(), c)
	if err != nil {
		tb.Fatalf("create brand %q: %v", c.Name, err)
	}
	return b
}

func TestBrandStore_CreateBrand(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		b, err := db.CreateBrand(ctx, sightline.BrandCreate{
			OrgID: org.ID, Name: "  Acme  ",
			Domains: []string{"acme.com", "acme.io", "acme.com"},
			Aliases: []string{"ACME", "Acme Corp", "ACME"},
			Competitors: []sightline.CompetitorCreate{
				{Name: "Globex", Domain: "globex.com", Aliases: []string{"Globex Corp"}},
				{Name: "Initech"},
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		if !sightline.IsUUID(b.ID) {
			t.Errorf("id %q is not a UUID", b.ID)
		}
		want := &sightline.Brand{
			ID: b.ID, OrgID: org.ID, Name: "Acme", Domain: "acme.com",
			Domains: []string{"acme.com", "acme.io"}, Aliases: []string{"ACME", "Acme Corp"},
			CreatedAt: t0, UpdatedAt: t0,
		}
		if diff := cmp.Diff(want, b); diff != "" {
			t.Errorf("created (-want +got):\n%s", diff)
		}
		got, err := db.FindBrandByID(ctx, org.ID, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("read back (-want +got):\n%s", diff)
		}
	})
	t.Run("DomainOrderKept", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		b := mustCreateBrand(t, db, sightline.BrandCreate{OrgID: org.ID, Name: "Zed", Domains: []string{"zed.io", "alpha.com", "mid.net"}})
		got, err := db.FindBrandByID(ctx, org.ID, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]string{"zed.io", "alpha.com", "mid.net"}, got.Domains); diff != "" {
			t.Errorf("domains (-want +got):\n%s", diff)
		}
		if got.Domain != "zed.io" {
			t.Errorf("primary domain = %q, want zed.io", got.Domain)
		}
	})
	t.Run("NoDomains", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		b := mustCreateBrand(t, db, sightline.BrandCreate{OrgID: org.ID, Name: "Bare"})
		got, err := db.FindBrandByID(ctx, org.ID, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		// empty lists, not null, in JSON
		if got.Domain != "" || got.Domains == nil || len(got.Domains) != 0 || got.Aliases == nil || len(got.Aliases) != 0 {
			t.Errorf("brand = %+v, want empty domain and empty lists", got)
		}
	})
	t.Run("GivenID", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		const id = "F47AC10B-58CC-4372-A567-0E02B2C3D479"
		b := mustCreateBrand(t, db, sightline.BrandCreate{ID: id, OrgID: strings.ToUpper(org.ID), Name: "Acme"})
		if b.ID != strings.ToLower(id) || b.OrgID != org.ID {
			t.Errorf("id, org = %q, %q; want lower case", b.ID, b.OrgID)
		}
		_, err := db.CreateBrand(ctx, sightline.BrandCreate{ID: id, OrgID: org.ID, Name: "Again"})
		wantCode(t, err, sightline.ECONFLICT)
	})
	t.Run("ErrValidation", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		_, err := db.CreateBrand(ctx, sightline.BrandCreate{
			ID: "x", OrgID: "acme", Name: " ",
			Domains: []string{"Example.com", "ok.com", "nodot", "https://acme.com"},
			Competitors: []sightline.CompetitorCreate{
				{ID: "bad", Name: "", Domain: "BAD.com"},
				{Name: "Fine", Domain: "fine.com"},
				{Name: "NoDomain"},
				{Name: " ", Domain: "-x.com"},
			},
		})
		want := []string{
			"id", "org_id", "name", "domains[0]", "domains[2]", "domains[3]",
			"competitors[0].id", "competitors[0].name", "competitors[0].domain",
			"competitors[3].name", "competitors[3].domain",
		}
		if diff := cmp.Diff(want, detailFields(t, err)); diff != "" {
			t.Errorf("fields (-want +got):\n%s", diff)
		}
	})
	t.Run("ErrOrgNotFound", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		_, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: "7c9e6679-7425-40de-944b-e07fc1f90ae7", Name: "Acme"})
		wantCode(t, err, sightline.ENOTFOUND)
	})
	t.Run("NothingWrittenOnError", func(t *testing.T) {
		t.Parallel()
		db, _ := mustOpenDB(t)
		org := mustCreateOrg(t, db, "Acme")
		const id = "0b6f2a2e-8c1f-4b7a-9d3e-1f2a3b4c5d6e"
		// the second competitor reuses the first one's id: the whole brand
		// is refused, so no half-written brand stays behind
		_, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Acme", Competitors: []sightline.CompetitorCreate{
			{ID: id, Name: "One"}, {ID: id, Name: "Two"},
		}})
		if err == nil {
			t.Fatal("duplicate competitor id accepted")
		}
		_, total, err := db.FindBrands(ctx, org.ID, sightline.BrandFilter{PageRequest: sightline.PageRequest{Page: 1, PageSize: 10}})
		if err != nil || total != 0 {
			t.Errorf("FindBrands total = %d, %v; want 0", total, err)
		}
	})
}

func TestBrandStore_FindBrandByID(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, _ := mustOpenDB(t)
	org, other := mustCreateOrg(t, db, "Acme"), mustCreateOrg(t, db, "Other")
	b := mustCreateBrand(t, db, sightline.BrandCreate{OrgID: org.ID, Name: "Acme", Domains: []string{"acme.com"}})
	ob := mustCreateBrand(t, db, sightline.BrandCreate{OrgID: other.ID, Name: "Globex"})
	const missing = "f47ac10b-58cc-4372-a567-0e02b2c3d479"
	_, errMissing := db.FindBrandByID(ctx, org.ID, missing)

	t.Run("OK", func(t *testing.T) {
		t.Parallel()
		for _, id := range []string{b.ID, strings.ToUpper(b.ID)} {
			got, err := db.FindBrandByID(ctx, org.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(b, got); diff != "" {
				t.Errorf("brand (-want +got):\n%s", diff)
			}
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		t.Parallel()
		wantCode(t, errMissing, sightline.ENOTFOUND)
		for _, id := range []string{"", "acme", b.ID + "0"} {
			_, err := db.FindBrandByID(ctx, org.ID, id)
			wantCode(t, err, sightline.ENOTFOUND)
		}
		_, err := db.FindBrandByID(ctx, "not-an-org", b.ID)
		wantCode(t, err, sightline.ENOTFOUND)
	})
	t.Run("ErrOtherOrg", func(t *testing.T) {
		t.Parallel()
		// another organization's brand is indistinguishable from a missing one
		for _, tt := range []struct{ orgID, id string }{{org.ID, ob.ID}, {other.ID, b.ID}} {
			got, err := db.FindBrandByID(ctx, tt.orgID, tt.id)
			if got != nil {
				t.Errorf("FindBrandByID(%s, %s) returned %+v", tt.orgID, tt.id, got)
			}
			wantCode(t, err, sightline.ENOTFOUND)
			if sightline.ErrorMessage(err) != sightline.ErrorMessage(errMissing) {
				t.Errorf("message %q differs from a missing brand's %q", sightline.ErrorMessage(err), sightline.ErrorMessage(errMissing))
			}
		}
	})
	t.Run("AnyOrg", func(t *testing.T) {
		t.Parallel()
		got, err := db.FindBrandByIDAnyOrg(ctx, ob.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(ob, got); diff != "" {
			t.Errorf("brand (-want +got):\n%s", diff)
		}
		_, err = db.FindBrandByIDAnyOrg(ctx, missing)
		wantCode(t, err, sightline.ENOTFOUND)
	})
}

func TestBrandStore_FindBrands(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, now := mustOpenDB(t)
	org, other, empty := mustCreateOrg(t, db, "Acme"), mustCreateOrg(t, db, "Other"), mustCreateOrg(t, db, "Empty")
	// created a second apart in this order; names sort bytewise on both
	// engines (upper case before lower case)
	created := []string{"Zeta", "alpha", "Beta", "delta", "Gamma", "epsilon", "Eta"}
	byName := []string{"Beta", "Eta", "Gamma", "Zeta", "alpha", "delta", "epsilon"}
	for i, n := range created {
		*now = t0.Add(time.Duration(i) * time.Second)
		mustCreateBrand(t, db, sightline.BrandCreate{OrgID: org.ID, Name: n})
	}
	mustCreateBrand(t, db, sightline.BrandCreate{OrgID: other.ID, Name: "Alpha Other"})
	reversed := func(s []string) []string { s = slices.Clone(s); slices.Reverse(s); return s }

	find := func(t *testing.T, orgID string, f sightline.BrandFilter) ([]string, int) {
		t.Helper()
		brands, total, err := db.FindBrands(ctx, orgID, f)
		if err != nil {
			t.Fatal(err)
		}
		names := []string{}
		for _, b := range brands {
			if b.OrgID != orgID {
				t.Errorf("brand %s of org %s in org %s's list", b.ID, b.OrgID, orgID)
			}
			names = append(names, b.Name)
		}
		return names, total
	}
	page := func(p, size int) sightline.PageRequest { return sightline.PageRequest{Page: p, PageSize: size} }

	tests := []struct {
		name  string
		orgID string
		f     sightline.BrandFilter
		want  []string
		total int
	}{
		{"All", org.ID, sightline.BrandFilter{PageRequest: page(1, 50)}, byName, 7},
		{"Page1", org.ID, sightline.BrandFilter{PageRequest: page(1, 3)}, byName[:3], 7},
		{"Page2", org.ID, sightline.BrandFilter{PageRequest: page(2, 3)}, byName[3:6], 7},
		{"Page3", org.ID, sightline.BrandFilter{PageRequest: page(3, 3)}, byName[6:], 7},
		{"PastTheEnd", org.ID, sightline.BrandFilter{PageRequest: page(4, 3)}, []string{}, 7},
		{"FarPastTheEnd", org.ID, sightline.BrandFilter{PageRequest: page(1<<62, 100)}, []string{}, 7},
		{"NameDesc", org.ID, sightline.BrandFilter{PageRequest: page(1, 50), Sort: []sightline.SortKey{{Key: "name", Desc: true}}}, reversed(byName), 7},
		{"CreatedAt", org.ID, sightline.BrandFilter{PageRequest: page(1, 50), Sort: []sightline.SortKey{{Key: "created_at"}}}, created, 7},
		{"CreatedAtDescPage2", org.ID, sightline.BrandFilter{PageRequest: page(2, 4), Sort: []sightline.SortKey{{Key: "created_at", Desc: true}}}, reversed(created)[4:], 7},
		{"UnknownSortKey", org.ID, sightline.BrandFilter{PageRequest: page(1, 50), Sort: []sightline.SortKey{{Key: "bogus", Desc: true}}}, byName, 7},
		{"UnknownThenKnown", org.ID, sightline.BrandFilter{PageRequest: page(1, 50), Sort: []sightline.SortKey{{Key: "bogus"}, {Key: "name", Desc: true}}}, reversed(byName), 7},
		{"Query", org.ID, sightline.BrandFilter{PageRequest: page(1, 50), Query: "ETA"}, []string{"Beta", "Eta", "Zeta"}, 3},
		{"QueryPaged", org.ID, sightline.BrandFilter{PageRequest: page(2, 2), Query: "eta"}, []string{"Zeta"}, 3},
		{"QueryNoMatch", org.ID, sightline.BrandFilter{PageRequest: page(1, 50), Query: "other"}, []string{}, 0},
		{"QueryLikeMeta", org.ID, sightline.BrandFilter{PageRequest: page(1, 50), Query: "%"}, []string{}, 0},
		{"OtherOrg", other.ID, sightline.BrandFilter{PageRequest: page(1, 50)}, []string{"Alpha Other"}, 1},
		{"EmptyOrg", empty.ID, sightline.BrandFilter{PageRequest: page(1, 50)}, []string{}, 0},
		{"UnknownOrg", "7c9e6679-7425-40de-944b-e07fc1f90ae7", sightline.BrandFilter{PageRequest: page(1, 50)}, []string{}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, total := find(t, tt.orgID, tt.f)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("names (-want +got):\n%s", diff)
			}
			if total != tt.total {
				t.Errorf("total = %d, want %d", total, tt.total)
			}
		})
	}
}

// Rows that tie on every sort key come in id order, whatever the direction,
// so that pages never overlap or skip rows (docs/api.md).
func TestBrandStore_FindBrandsTies(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, _ := mustOpenDB(t) // the clock stands still: created_at ties too
	org := mustCreateOrg(t, db, "Acme")
	var ids []string
	for range 6 {
		ids = append(ids, mustCreateBrand(t, db, sightline.BrandCreate{OrgID: org.ID, Name: "Same"}).ID)
	}
	slices.Sort(ids)
	for _, sort := range [][]sightline.SortKey{
		nil,
		{{Key: "name"}},
		{{Key: "name", Desc: true}},
		{{Key: "created_at"}},
		{{Key: "created_at", Desc: true}},
	} {
		var got []string
		for p := 1; p <= 3; p++ {
			brands, total, err := db.FindBrands(ctx, org.ID, sightline.BrandFilter{Sort: sort, PageRequest: sightline.PageRequest{Page: p, PageSize: 2}})
			if err != nil || total != 6 {
				t.Fatalf("FindBrands = %d, %v", total, err)
			}
			for _, b := range brands {
				got = append(got, b.ID)
			}
		}
		if diff := cmp.Diff(ids, got); diff != "" {
			t.Errorf("sort %v: ids across pages (-want +got):\n%s", sort, diff)
		}
	}
}
