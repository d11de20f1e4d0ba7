package httpapi

import (
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
)

// testNow is the fixed clock of the params tests: mid-afternoon UTC, with
// sub-second digits so that truncation bugs show.
var testNow = time.Date(2026, 3, 15, 13, 45, 30, 123456000, time.UTC)

// parse builds params over a raw query string, as a request would carry it.
func parse(rawQuery string) *params {
	r := &http.Request{Method: http.MethodGet, URL: &url.URL{Path: "/api/v2/x", RawQuery: rawQuery}}
	return newParams(r, testNow)
}

// problem is one error detail reduced to what the tests assert: the
// offending field ("" for null) and the machine code.
type problem struct {
	Field string
	Code  string
}

// problems returns the details of err, which must be INVALID_PARAMETER, or
// nil when err is nil.
func problems(t *testing.T, err error) []problem {
	t.Helper()
	if err == nil {
		return nil
	}
	var e *sightline.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a *sightline.Error", err, err)
	}
	if e.Code != sightline.EINVALIDPARAM {
		t.Fatalf("error code = %q, want %q", e.Code, sightline.EINVALIDPARAM)
	}
	if e.Message == "" {
		t.Error("error has an empty message")
	}
	if len(e.Details) == 0 {
		t.Fatal("INVALID_PARAMETER error without details")
	}
	out := make([]problem, 0, len(e.Details))
	for _, d := range e.Details {
		if d.Message == "" {
			t.Errorf("detail %+v has an empty message", d)
		}
		f := ""
		if d.Field != nil {
			f = *d.Field
		}
		out = append(out, problem{Field: f, Code: d.Code})
	}
	return out
}

func TestParams_Page(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		query       string
		defaultSize int
		want        sightline.PageRequest
		problems    []problem
	}{
		{"Defaults", "", sightline.DefaultPageSize, sightline.PageRequest{Page: 1, PageSize: 25}, nil},
		{"BrandsDefault", "", sightline.DefaultBrandPageSize, sightline.PageRequest{Page: 1, PageSize: 50}, nil},
		{"Given", "page=3&page_size=10", 25, sightline.PageRequest{Page: 3, PageSize: 10}, nil},
		{"Bracketed", "page[]=2&page_size[]=7", 25, sightline.PageRequest{Page: 2, PageSize: 7}, nil},
		{"Spaces", "page=+2&page_size=%207%20", 25, sightline.PageRequest{Page: 2, PageSize: 7}, nil},
		{"EmptyValueIsDefault", "page=&page_size=", 25, sightline.PageRequest{Page: 1, PageSize: 25}, nil},
		{"SizeAtCap", "page_size=100", 25, sightline.PageRequest{Page: 1, PageSize: 100}, nil},
		{"SizeClamped", "page_size=101", 25, sightline.PageRequest{Page: 1, PageSize: 100}, nil},
		{"SizeHugeClamped", "page_size=1000000", 50, sightline.PageRequest{Page: 1, PageSize: 100}, nil},
		{"SizeOne", "page_size=1", 25, sightline.PageRequest{Page: 1, PageSize: 1}, nil},
		{"PageZero", "page=0", 25, sightline.PageRequest{Page: 1, PageSize: 25}, []problem{{"page", "invalid"}}},
		{"PageNegative", "page=-1", 25, sightline.PageRequest{Page: 1, PageSize: 25}, []problem{{"page", "invalid"}}},
		{"PageNotInteger", "page=two", 25, sightline.PageRequest{Page: 1, PageSize: 25}, []problem{{"page", "invalid"}}},
		{"PageFloat", "page=1.5", 25, sightline.PageRequest{Page: 1, PageSize: 25}, []problem{{"page", "invalid"}}},
		{"PageOverflow", "page=99999999999999999999999", 25, sightline.PageRequest{Page: 1, PageSize: 25}, []problem{{"page", "invalid"}}},
		{"SizeZero", "page_size=0", 25, sightline.PageRequest{Page: 1, PageSize: 25}, []problem{{"page_size", "invalid"}}},
		{"SizeNegative", "page_size=-5", 25, sightline.PageRequest{Page: 1, PageSize: 25}, []problem{{"page_size", "invalid"}}},
		{"SizeNotInteger", "page_size=ten", 25, sightline.PageRequest{Page: 1, PageSize: 25}, []problem{{"page_size", "invalid"}}},
		{"BothInvalid", "page=0&page_size=x", 25, sightline.PageRequest{Page: 1, PageSize: 25},
			[]problem{{"page", "invalid"}, {"page_size", "invalid"}}},
		{"PageTwice", "page=1&page=2", 25, sightline.PageRequest{Page: 1, PageSize: 25}, []problem{{"page", "multiple"}}},
		{"PageTwiceMixedForms", "page=1&page[]=2", 25, sightline.PageRequest{Page: 1, PageSize: 25}, []problem{{"page", "multiple"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := parse(tt.query)
			got := p.page(tt.defaultSize)
			if diff := cmp.Diff(tt.problems, problems(t, p.err())); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("page (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParams_UnsupportedPagination(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query    string
		problems []problem
	}{
		{"limit=10", []problem{{"limit", "unsupported"}}},
		{"offset=10", []problem{{"offset", "unsupported"}}},
		{"skip=10", []problem{{"skip", "unsupported"}}},
		{"per_page=10", []problem{{"per_page", "unsupported"}}},
		{"limit[]=10", []problem{{"limit", "unsupported"}}},
		{"limit=", []problem{{"limit", "unsupported"}}},
		// every one is named, in a stable order
		{"skip=1&per_page=2&offset=3&limit=4",
			[]problem{{"limit", "unsupported"}, {"offset", "unsupported"}, {"per_page", "unsupported"}, {"skip", "unsupported"}}},
		// refused even when page and page_size are valid
		{"page=2&page_size=10&limit=10", []problem{{"limit", "unsupported"}}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			t.Parallel()
			p := parse(tt.query)
			p.page(sightline.DefaultPageSize)
			if diff := cmp.Diff(tt.problems, problems(t, p.err())); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParams_UnknownFilter(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query    string
		problems []problem
	}{
		{"filter[foo]=1", []problem{{"filter[foo]", "unknown"}}},
		{"filter[foo][]=1&filter[foo][]=2", []problem{{"filter[foo]", "unknown"}}},
		{"filter[foo]=", []problem{{"filter[foo]", "unknown"}}},
		// filter names are case-sensitive
		{"filter[Query]=x", []problem{{"filter[Query]", "unknown"}}},
		// the filters the handler reads are not unknown
		{"filter[query]=acme&filter[topic_ids]=" + uuidA, nil},
		{"filter[query]=acme&filter[zzz]=1&filter[aaa]=2", []problem{{"filter[aaa]", "unknown"}, {"filter[zzz]", "unknown"}}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			t.Parallel()
			p := parse(tt.query)
			p.text("filter[query]")
			p.uuids("filter[topic_ids]")
			if diff := cmp.Diff(tt.problems, problems(t, p.err())); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

// Every problem of a request is reported at once, getters' first, then the
// refused keys in name order.
func TestParams_ErrAllProblems(t *testing.T) {
	t.Parallel()
	p := parse("page=0&limit=5&filter[foo]=1&filter[granularity]=year")
	p.page(sightline.DefaultPageSize)
	p.granularity()
	err := p.err()
	want := []problem{{"page", "invalid"}, {"filter[granularity]", "invalid"}, {"filter[foo]", "unknown"}, {"limit", "unsupported"}}
	if diff := cmp.Diff(want, problems(t, err)); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	if msg := sightline.ErrorMessage(err); !strings.Contains(msg, "(and 3 more)") {
		t.Errorf("message %q does not count the other problems", msg)
	}
}

func TestParams_MalformedQuery(t *testing.T) {
	t.Parallel()
	for _, q := range []string{"%zz", "page=%zz", "filter[query]=a%2", "a=1;b=2"} {
		t.Run(q, func(t *testing.T) {
			t.Parallel()
			p := parse(q)
			p.page(sightline.DefaultPageSize)
			p.text("filter[query]")
			// no single parameter is at fault: field is null
			if diff := cmp.Diff([]problem{{"", "malformed"}}, problems(t, p.err())); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
}

const (
	uuidA = "0b6f2a2e-8c1f-4b7a-9d3e-1f2a3b4c5d6e"
	uuidB = "7c9e6679-7425-40de-944b-e07fc1f90ae7"
	uuidC = "f47ac10b-58cc-4372-a567-0e02b2c3d479"
)

// The three spellings of a list filter give the same values.
func TestParams_ListForms(t *testing.T) {
	t.Parallel()
	forms := []struct {
		name  string
		query string
	}{
		{"Brackets", "filter[topic_ids][]=" + uuidA + "&filter[topic_ids][]=" + uuidB},
		{"Repeated", "filter[topic_ids]=" + uuidA + "&filter[topic_ids]=" + uuidB},
		{"CSV", "filter[topic_ids]=" + uuidA + "," + uuidB},
		{"CSVEscapedComma", "filter[topic_ids]=" + uuidA + "%2C" + uuidB},
		{"CSVSpaces", "filter[topic_ids]=" + uuidA + "%20,%20" + uuidB},
		{"Mixed", "filter[topic_ids][]=" + uuidA + "&filter[topic_ids]=" + uuidB},
		{"Duplicates", "filter[topic_ids]=" + uuidA + "," + uuidB + "," + uuidA},
		{"UpperCase", "filter[topic_ids]=" + "0B6F2A2E-8C1F-4B7A-9D3E-1F2A3B4C5D6E," + uuidB},
		{"EmptyParts", "filter[topic_ids]=," + uuidA + ",," + uuidB + ","},
	}
	want := []string{uuidA, uuidB}
	for _, f := range forms {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			p := parse(f.query)
			got := p.uuids("filter[topic_ids]")
			if err := p.err(); err != nil {
				t.Fatalf("err = %v", err)
			}
			// a list filter is a set: values given under both spellings
			// come in no particular order
			slices.Sort(got)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("uuids (-want +got):\n%s", diff)
			}
		})
	}

	enumForms := []string{
		"filter[page_types][]=article&filter[page_types][]=review",
		"filter[page_types]=article&filter[page_types]=review",
		"filter[page_types]=article,review",
	}
	for _, q := range enumForms {
		t.Run("Enums/"+q, func(t *testing.T) {
			t.Parallel()
			p := parse(q)
			got := p.enums("filter[page_types]", []string{"article", "homepage", "review"})
			if err := p.err(); err != nil {
				t.Fatalf("err = %v", err)
			}
			if diff := cmp.Diff([]string{"article", "review"}, got); diff != "" {
				t.Errorf("enums (-want +got):\n%s", diff)
			}
		})
	}

	t.Run("Absent", func(t *testing.T) {
		t.Parallel()
		p := parse("")
		if got := p.uuids("filter[topic_ids]"); len(got) != 0 {
			t.Errorf("uuids = %q, want none", got)
		}
		if got := p.list("filter[prompt_regions]"); len(got) != 0 {
			t.Errorf("list = %q, want none", got)
		}
		if err := p.err(); err != nil {
			t.Errorf("err = %v", err)
		}
	})
}

func TestParams_UUID(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		query    string
		want     string
		problems []problem
	}{
		{"Absent", "", "", nil},
		{"OK", "filter[prompt_id]=" + uuidC, uuidC, nil},
		{"UpperCaseLowered", "filter[prompt_id]=F47AC10B-58CC-4372-A567-0E02B2C3D479", uuidC, nil},
		{"NotUUID", "filter[prompt_id]=123", "", []problem{{"filter[prompt_id]", "invalid"}}},
		{"NoDashes", "filter[prompt_id]=f47ac10b58cc4372a5670e02b2c3d479", "", []problem{{"filter[prompt_id]", "invalid"}}},
		{"Braced", "filter[prompt_id]={" + uuidC + "}", "", []problem{{"filter[prompt_id]", "invalid"}}},
		{"NonHex", "filter[prompt_id]=g47ac10b-58cc-4372-a567-0e02b2c3d479", "", []problem{{"filter[prompt_id]", "invalid"}}},
		{"CSVIsNotOneUUID", "filter[prompt_id]=" + uuidA + "," + uuidB, "", []problem{{"filter[prompt_id]", "invalid"}}},
		{"Twice", "filter[prompt_id]=" + uuidA + "&filter[prompt_id]=" + uuidB, "", []problem{{"filter[prompt_id]", "multiple"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := parse(tt.query)
			got := p.uuid("filter[prompt_id]")
			if diff := cmp.Diff(tt.problems, problems(t, p.err())); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			if got != tt.want {
				t.Errorf("uuid = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParams_UUIDs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		query    string
		want     []string
		problems []problem
	}{
		{"OneBad", "filter[region_ids]=" + uuidA + ",nope", []string{uuidA}, []problem{{"filter[region_ids]", "invalid"}}},
		{"TwoBad", "filter[region_ids]=x&filter[region_ids]=y", nil,
			[]problem{{"filter[region_ids]", "invalid"}, {"filter[region_ids]", "invalid"}}},
		{"Integer", "filter[region_ids][]=42", nil, []problem{{"filter[region_ids]", "invalid"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := parse(tt.query)
			got := p.uuids("filter[region_ids]")
			if diff := cmp.Diff(tt.problems, problems(t, p.err())); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("uuids (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParams_Enum(t *testing.T) {
	t.Parallel()
	states := []string{"new", "saved", "done", "dismissed"}
	tests := []struct {
		name     string
		query    string
		want     string
		problems []problem
	}{
		{"Default", "", "new", nil},
		{"EmptyIsDefault", "filter[state]=", "new", nil},
		{"OK", "filter[state]=done", "done", nil},
		{"Trimmed", "filter[state]=%20saved%20", "saved", nil},
		{"Bracketed", "filter[state][]=dismissed", "dismissed", nil},
		{"Unknown", "filter[state]=archived", "new", []problem{{"filter[state]", "invalid"}}},
		{"CaseSensitive", "filter[state]=DONE", "new", []problem{{"filter[state]", "invalid"}}},
		{"CSVIsNotOne", "filter[state]=new,done", "new", []problem{{"filter[state]", "invalid"}}},
		{"Twice", "filter[state]=new&filter[state]=done", "new", []problem{{"filter[state]", "multiple"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := parse(tt.query)
			got := p.enum("filter[state]", states, "new")
			if diff := cmp.Diff(tt.problems, problems(t, p.err())); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			if got != tt.want {
				t.Errorf("enum = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParams_Enums(t *testing.T) {
	t.Parallel()
	impacts := []string{"high", "medium", "low"}
	tests := []struct {
		name     string
		query    string
		want     []string
		problems []problem
	}{
		{"Absent", "", nil, nil},
		{"OK", "filter[impacts]=low,high", []string{"low", "high"}, nil},
		{"Deduplicated", "filter[impacts]=low&filter[impacts]=low,high", []string{"low", "high"}, nil},
		{"OneBad", "filter[impacts]=low,urgent", []string{"low"}, []problem{{"filter[impacts]", "invalid"}}},
		{"CaseSensitive", "filter[impacts]=High", nil, []problem{{"filter[impacts]", "invalid"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := parse(tt.query)
			got := p.enums("filter[impacts]", impacts)
			if diff := cmp.Diff(tt.problems, problems(t, p.err())); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("enums (-want +got):\n%s", diff)
			}
		})
	}
}

// Scalar filters take one value; giving one twice is refused, whatever the
// spelling.
func TestParams_ScalarTwice(t *testing.T) {
	t.Parallel()
	for _, q := range []string{
		"filter[target_brand]=a&filter[target_brand]=b",
		"filter[target_brand]=a&filter[target_brand][]=b",
		"filter[target_brand]=a&filter[target_brand]=a",
	} {
		t.Run(q, func(t *testing.T) {
			t.Parallel()
			p := parse(q)
			if got := p.text("filter[target_brand]"); got != "" {
				t.Errorf("text = %q, want empty", got)
			}
			if diff := cmp.Diff([]problem{{"filter[target_brand]", "multiple"}}, problems(t, p.err())); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("CommaIsText", func(t *testing.T) {
		t.Parallel()
		p := parse("filter[target_brand]=%20Acme,%20Inc.%20")
		if got, want := p.text("filter[target_brand]"), "Acme, Inc."; got != want {
			t.Errorf("text = %q, want %q", got, want)
		}
		if err := p.err(); err != nil {
			t.Errorf("err = %v", err)
		}
	})
}

func TestParams_Boolean(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query    string
		want     bool
		problems []problem
	}{
		{"", false, nil},
		{"filter[is_deleted]=true", true, nil},
		{"filter[is_deleted]=1", true, nil},
		{"filter[is_deleted]=false", false, nil},
		{"filter[is_deleted]=0", false, nil},
		{"filter[is_deleted]=yes", false, []problem{{"filter[is_deleted]", "invalid"}}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			t.Parallel()
			p := parse(tt.query)
			got := p.boolean("filter[is_deleted]", false)
			if diff := cmp.Diff(tt.problems, problems(t, p.err())); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			if got != tt.want {
				t.Errorf("boolean = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestParams_Sort(t *testing.T) {
	t.Parallel()
	whitelist := []string{"citation_count", "domain", "page"}
	tests := []struct {
		name  string
		query string
		want  []sightline.SortKey
	}{
		{"Absent", "", nil},
		{"Empty", "sort=", nil},
		{"Asc", "sort=domain", []sightline.SortKey{{Key: "domain"}}},
		{"Desc", "sort=-citation_count", []sightline.SortKey{{Key: "citation_count", Desc: true}}},
		{"Several", "sort=-citation_count,domain,-page",
			[]sightline.SortKey{{Key: "citation_count", Desc: true}, {Key: "domain"}, {Key: "page", Desc: true}}},
		{"Spaces", "sort=%20-citation_count%20,%20domain", []sightline.SortKey{{Key: "citation_count", Desc: true}, {Key: "domain"}}},
		{"UnknownDropped", "sort=bogus,-domain,-nope", []sightline.SortKey{{Key: "domain", Desc: true}}},
		{"AllUnknown", "sort=bogus,-nope", nil},
		{"DashOnly", "sort=-", nil},
		{"DoubleDash", "sort=--domain", nil},
		{"PlusIsNotAsc", "sort=%2Bdomain", nil},
		{"CaseSensitive", "sort=Domain", nil},
		{"EmptyParts", "sort=,domain,,", []sightline.SortKey{{Key: "domain"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := parse(tt.query)
			got := p.sort(whitelist)
			// unknown sort keys are never an error (docs/api.md)
			if err := p.err(); err != nil {
				t.Fatalf("err = %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("sort (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("Twice", func(t *testing.T) {
		t.Parallel()
		p := parse("sort=domain&sort=-page")
		p.sort(whitelist)
		if diff := cmp.Diff([]problem{{"sort", "multiple"}}, problems(t, p.err())); diff != "" {
			t.Errorf("problems (-want +got):\n%s", diff)
		}
	})
}

func TestParams_Window(t *testing.T) {
	t.Parallel()
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	// defaults at testNow (2026-03-15 13:45): the 30 whole UTC days up to and
	// including today, [2026-02-14 00:00, 2026-03-16 00:00)
	defStart := day(2026, 2, 14)
	defEnd := day(2026, 3, 16)
	const start, end = "filter[ran_at_start]", "filter[ran_at_end]"
	tests := []struct {
		name     string
		query    string
		days     int
		want     sightline.Window
		problems []problem
	}{
		{"Defaults", "", 30, sightline.Window{Start: defStart, End: defEnd}, nil},
		{"Defaults90", "", 90, sightline.Window{Start: day(2025, 12, 16), End: defEnd}, nil},
		{"StartDate", "filter[ran_at_start]=2026-03-01", 30, sightline.Window{Start: day(2026, 3, 1), End: defEnd}, nil},
		{"EndDateIsEndOfThatDay", "filter[ran_at_end]=2026-03-10", 30,
			sightline.Window{Start: defStart, End: day(2026, 3, 11)}, nil},
		{"EndDateMonthEnd", "filter[ran_at_start]=2026-02-01&filter[ran_at_end]=2026-02-28", 30,
			sightline.Window{Start: day(2026, 2, 1), End: day(2026, 3, 1)}, nil},
		{"EndDateToday", "filter[ran_at_end]=2026-03-15", 30, sightline.Window{Start: defStart, End: defEnd}, nil},
		{"SameDay", "filter[ran_at_start]=2026-03-10&filter[ran_at_end]=2026-03-10", 30,
			sightline.Window{Start: day(2026, 3, 10), End: day(2026, 3, 11)}, nil},
		{"StartRFC3339", "filter[ran_at_start]=2026-03-01T10:20:30Z", 30,
			sightline.Window{Start: time.Date(2026, 3, 1, 10, 20, 30, 0, time.UTC), End: defEnd}, nil},
		{"StartRFC3339Offset", "filter[ran_at_start]=2026-03-01T10:20:30%2B02:00", 30,
			sightline.Window{Start: time.Date(2026, 3, 1, 8, 20, 30, 0, time.UTC), End: defEnd}, nil},
		{"StartNanosTruncated", "filter[ran_at_start]=2026-03-01T10:20:30.123456789Z", 30,
			sightline.Window{Start: time.Date(2026, 3, 1, 10, 20, 30, 123456000, time.UTC), End: defEnd}, nil},
		{"EndRFC3339IsInclusive", "filter[ran_at_end]=2026-03-10T12:00:00Z", 30,
			sightline.Window{Start: defStart, End: time.Date(2026, 3, 10, 12, 0, 0, 1000, time.UTC)}, nil},
		{"EndRFC3339Offset", "filter[ran_at_end]=2026-03-10T12:00:00-05:00", 30,
			sightline.Window{Start: defStart, End: time.Date(2026, 3, 10, 17, 0, 0, 1000, time.UTC)}, nil},
		{"EndRFC3339Fraction", "filter[ran_at_end]=2026-03-10T12:00:00.5Z", 30,
			sightline.Window{Start: defStart, End: time.Date(2026, 3, 10, 12, 0, 0, 500001000, time.UTC)}, nil},
		{"OneInstant", "filter[ran_at_start]=2026-03-10T12:00:00Z&filter[ran_at_end]=2026-03-10T12:00:00Z", 30,
			sightline.Window{Start: time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC), End: time.Date(2026, 3, 10, 12, 0, 0, 1000, time.UTC)}, nil},
		// an end after today is cut to the end of today (docs/api.md#limits)
		{"FutureEnd", "filter[ran_at_end]=2027-01-01", 30, sightline.Window{Start: defStart, End: defEnd}, nil},
		{"FarFutureEnd", "filter[ran_at_end]=9999-12-31T23:59:59.999999Z", 30, sightline.Window{Start: defStart, End: defEnd}, nil},
		{"StartOn2000", "filter[ran_at_start]=2000-01-01", 30, sightline.Window{Start: day(2000, 1, 1), End: defEnd}, nil},
		{"StartBefore2000", "filter[ran_at_start]=1999-12-31T23:59:59.999999Z", 30, sightline.Window{Start: defStart, End: defEnd},
			[]problem{{start, "out_of_range"}}},
		{"StartYearOne", "filter[ran_at_start]=0001-01-01&filter[ran_at_end]=0001-01-02", 30, sightline.Window{Start: defStart, End: day(1, 1, 3)},
			[]problem{{start, "out_of_range"}}},

		{"StartJunk", "filter[ran_at_start]=yesterday", 30, sightline.Window{Start: defStart, End: defEnd},
			[]problem{{start, "invalid"}}},
		{"EndJunk", "filter[ran_at_end]=soon", 30, sightline.Window{Start: defStart, End: defEnd},
			[]problem{{end, "invalid"}}},
		{"BothJunk", "filter[ran_at_start]=x&filter[ran_at_end]=y", 30, sightline.Window{Start: defStart, End: defEnd},
			[]problem{{start, "invalid"}, {end, "invalid"}}},
		{"BadMonth", "filter[ran_at_start]=2026-13-01", 30, sightline.Window{Start: defStart, End: defEnd},
			[]problem{{start, "invalid"}}},
		{"BadDay", "filter[ran_at_end]=2026-02-30", 30, sightline.Window{Start: defStart, End: defEnd},
			[]problem{{end, "invalid"}}},
		{"NoZone", "filter[ran_at_end]=2026-03-10T12:00:00", 30, sightline.Window{Start: defStart, End: defEnd},
			[]problem{{end, "invalid"}}},
		{"UnixTime", "filter[ran_at_start]=1767225600", 30, sightline.Window{Start: defStart, End: defEnd},
			[]problem{{start, "invalid"}}},
		{"SlashDate", "filter[ran_at_start]=2026/03/01", 30, sightline.Window{Start: defStart, End: defEnd},
			[]problem{{start, "invalid"}}},
		{"StartAfterEnd", "filter[ran_at_start]=2026-03-10&filter[ran_at_end]=2026-03-09", 30,
			sightline.Window{Start: day(2026, 3, 10), End: day(2026, 3, 10)}, []problem{{start, "invalid"}}},
		{"StartAfterEndInstant", "filter[ran_at_start]=2026-03-10T12:00:00.000002Z&filter[ran_at_end]=2026-03-10T12:00:00Z", 30,
			sightline.Window{Start: time.Date(2026, 3, 10, 12, 0, 0, 2000, time.UTC), End: time.Date(2026, 3, 10, 12, 0, 0, 1000, time.UTC)},
			[]problem{{start, "invalid"}}},
		{"StartAfterDefaultEnd", "filter[ran_at_start]=2026-03-16", 30,
			sightline.Window{Start: defStart, End: defEnd}, []problem{{start, "out_of_range"}}},
		{"StartTwice", "filter[ran_at_start]=2026-03-01&filter[ran_at_start]=2026-03-02", 30,
			sightline.Window{Start: defStart, End: defEnd}, []problem{{start, "multiple"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := parse(tt.query)
			got := p.window(tt.days)
			if diff := cmp.Diff(tt.problems, problems(t, p.err())); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			if tt.problems != nil {
				return // the window of a refused request is never used
			}
			if !got.Start.Equal(tt.want.Start) || !got.End.Equal(tt.want.End) {
				t.Errorf("window = [%s, %s), want [%s, %s)", fmtT(got.Start), fmtT(got.End), fmtT(tt.want.Start), fmtT(tt.want.End))
			}
			if got.Start.Location() != time.UTC || got.End.Location() != time.UTC {
				t.Errorf("window is not in UTC: %v, %v", got.Start.Location(), got.End.Location())
			}
		})
	}
}

// The default end is the next UTC midnight whatever the hour, also just
// before and at midnight, and also when the clock is not in UTC; the
// default start is the midnight 30 days before it.
func TestParams_WindowDefaultEnd(t *testing.T) {
	t.Parallel()
	tokyo := time.FixedZone("JST", 9*3600)
	tests := []struct {
		now  time.Time
		want time.Time
	}{
		{time.Date(2026, 3, 15, 0, 0, 0, 0, time.UTC), time.Date(2026, 3, 16, 0, 0, 0, 0, time.UTC)},
		{time.Date(2026, 3, 15, 23, 59, 59, 999999999, time.UTC), time.Date(2026, 3, 16, 0, 0, 0, 0, time.UTC)},
		{time.Date(2026, 12, 31, 12, 0, 0, 0, time.UTC), time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)},
		// 2026-03-16 08:00 in Tokyo is still 2026-03-15 in UTC
		{time.Date(2026, 3, 16, 8, 0, 0, 0, tokyo), time.Date(2026, 3, 16, 0, 0, 0, 0, time.UTC)},
	}
	for _, tt := range tests {
		t.Run(tt.now.Format(time.RFC3339Nano), func(t *testing.T) {
			t.Parallel()
			r := &http.Request{URL: &url.URL{}}
			w := newParams(r, tt.now).window(sightline.DefaultWindowDays)
			if !w.End.Equal(tt.want) {
				t.Errorf("end = %s, want %s", fmtT(w.End), fmtT(tt.want))
			}
			// 30 whole UTC days including today: midnight 29 days before today
			if want := tt.want.AddDate(0, 0, -30); !w.Start.Equal(want) {
				t.Errorf("start = %s, want %s", fmtT(w.Start), fmtT(want))
			}
		})
	}
}

func TestParams_Granularity(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query    string
		want     string
		problems []problem
	}{
		{"", "day", nil},
		{"filter[granularity]=day", "day", nil},
		{"filter[granularity]=week", "week", nil},
		{"filter[granularity]=month", "month", nil},
		{"filter[granularity]=year", "day", []problem{{"filter[granularity]", "invalid"}}},
		{"filter[granularity]=hour", "day", []problem{{"filter[granularity]", "invalid"}}},
		{"filter[granularity]=week,month", "day", []problem{{"filter[granularity]", "invalid"}}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			t.Parallel()
			p := parse(tt.query)
			got := p.granularity()
			if diff := cmp.Diff(tt.problems, problems(t, p.err())); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			if got != tt.want {
				t.Errorf("granularity = %q, want %q", got, tt.want)
			}
		})
	}
}

func fmtT(t time.Time) string { return t.Format(time.RFC3339Nano) }

// TestParams_ListCap: a list filter takes at most MaxFilterValues values,
// however they are written; more is refused naming the filter.
func TestParams_ListCap(t *testing.T) {
	ids := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = sprintf("00000000-0000-4000-8000-%012d", i)
		}
		return out
	}
	for _, tc := range []struct {
		name, query string
		ok          bool
	}{
		{"100 comma-separated", "filter[topic_ids]=" + strings.Join(ids(100), ","), true},
		{"101 comma-separated", "filter[topic_ids]=" + strings.Join(ids(101), ","), false},
		{"101 repeated keys", "filter[topic_ids]=" + strings.Join(ids(101), "&filter[topic_ids][]="), false},
		{"10000 values", "filter[topic_ids]=" + strings.Join(ids(10000), ","), false},
	} {
		p := parse(tc.query)
		got := p.uuids("filter[topic_ids]")
		err := p.err()
		if tc.ok {
			if err != nil || len(got) != 100 {
				t.Errorf("%s: %d values, %v", tc.name, len(got), err)
			}
			continue
		}
		if diff := cmp.Diff([]problem{{"filter[topic_ids]", "too_many"}}, problems(t, err)); diff != "" {
			t.Errorf("%s: problems (-want +got):\n%s", tc.name, diff)
		}
	}
	pairs := make([]string, 0, 202)
	for _, id := range ids(101) {
		pairs = append(pairs, id, id)
	}
	p := parse("filter[prompt_regions]=" + strings.Join(pairs, ","))
	p.promptRegions("filter[prompt_regions]")
	if diff := cmp.Diff([]problem{{"filter[prompt_regions]", "too_many"}}, problems(t, p.err())); diff != "" {
		t.Errorf("101 pairs: problems (-want +got):\n%s", diff)
	}
}
