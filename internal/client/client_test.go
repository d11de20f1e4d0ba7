package client

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
)

func TestEncodeQuery(t *testing.T) {
	f := false
	for _, c := range []struct {
		name   string
		params any
		want   url.Values
	}{
		{"Zero", CitationPageParams{}, url.Values{}},
		{"Nil", (*TopicParams)(nil), url.Values{}},
		{"Scalars", BrandListParams{Pagination: Pagination{Page: 2, PageSize: 10}, Sort: "-name", Query: "acme"},
			url.Values{"page": {"2"}, "page_size": {"10"}, "sort": {"-name"}, "filter[query]": {"acme"}}},
		{"Embedded", TopicListParams{MetricFilter: MetricFilter{
			Window:      Window{RanAtStart: "2026-01-01", RanAtEnd: "2026-01-31T12:00:00Z"},
			TargetBrand: "Rival, Inc.", ProviderIDs: []string{"p1", "p2"},
		}, IsDeleted: true},
			url.Values{
				"filter[ran_at_start]": {"2026-01-01"}, "filter[ran_at_end]": {"2026-01-31T12:00:00Z"},
				"filter[target_brand]": {"Rival, Inc."}, "filter[provider_ids][]": {"p1", "p2"}, "filter[is_deleted]": {"true"},
			}},
		{"PromptRegions", ShareOfVoiceParams{PromptRegions: []PromptRegion{{"p1", "r1"}, {"p2", "r2"}}, Granularity: "week"},
			url.Values{"filter[prompt_regions][]": {"p1,r1", "p2,r2"}, "filter[granularity]": {"week"}}},
		{"PointerBool", struct {
			B *bool `query:"filter[b]"`
		}{&f}, url.Values{"filter[b]": {"false"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(c.want, encodeQuery(c.params)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestClientErrors(t *testing.T) {
	var gotKey string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotKey = r.Header.Get(APIKeyHeader)
		switch r.URL.Path {
		case "/api/v2/brands/b1/topics/t1":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"error":{"code":"NOT_FOUND","message":"Topic not found."}}`)
		case "/api/v2/brands/b1/topics":
			w.Header().Set("Retry-After", "5")
			w.WriteHeader(http.StatusUnprocessableEntity)
			io.WriteString(w, `{"error":{"code":"VALIDATION_FAILED","message":"bad","details":[{"field":"topics[0].name","code":"blank","message":"blank"}]}}`)
		case "/api/v2/brands":
			http.Redirect(w, r, "http://elsewhere.invalid/", http.StatusFound)
		default:
			w.WriteHeader(http.StatusBadGateway)
			io.WriteString(w, "<html>")
		}
	}))
	defer ts.Close()
	c, err := New(ts.URL+"/", "client-key")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	_, err = c.GetTopic(WithAPIKey(ctx, "call-key"), "b1", "t1", TopicParams{})
	var e *Error
	if !errors.As(err, &e) || e.Status != 404 || e.Code != sightline.ENOTFOUND || e.Message != "Topic not found." {
		t.Errorf("GetTopic error = %#v", err)
	}
	if sightline.ErrorCode(err) != sightline.ENOTFOUND || !IsCode(err, sightline.ENOTFOUND) {
		t.Errorf("ErrorCode = %s", sightline.ErrorCode(err))
	}
	if gotKey != "call-key" {
		t.Errorf("key sent = %q, want the per-call key", gotKey)
	}

	_, err = c.CreateTopics(ctx, "b1", []string{" "})
	if !errors.As(err, &e) || e.Code != sightline.EVALIDATION || e.RetryAfter != 5 || len(e.Details) != 1 || *e.Details[0].Field != "topics[0].name" {
		t.Errorf("CreateTopics error = %#v", err)
	}
	if gotKey != "client-key" {
		t.Errorf("key sent = %q, want the client's key", gotKey)
	}

	_, err = c.ListBrands(ctx, BrandListParams{})
	if !errors.As(err, &e) || e.Status != http.StatusFound {
		t.Errorf("redirect followed or misreported: %#v", err)
	}
	_, err = c.ListRegions(ctx, "b2", Pagination{})
	if !errors.As(err, &e) || e.Status != 502 || e.Code != sightline.EUNAVAILABLE {
		t.Errorf("502 error = %#v", err)
	}

	gotKey = "untouched"
	_, err = (&Client{BaseURL: ts.URL}).ListBrands(ctx, BrandListParams{})
	if !errors.As(err, &e) || e.Code != sightline.EUNAUTHORIZED || e.Status != 0 || gotKey != "untouched" {
		t.Errorf("keyless call: %#v, server saw key %q", err, gotKey)
	}

	for _, bad := range []string{"", "127.0.0.1:8080", "ftp://host", "http://host/?q=1"} {
		if _, err := New(bad, ""); err == nil {
			t.Errorf("New(%q) accepted", bad)
		}
	}
}
