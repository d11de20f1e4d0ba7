package httpapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline"
)

// seriesPaths are the endpoints that build buckets over a window: the
// series (docs/api.md#filtering, Granularity) and the citations overview,
// whose summary stats hold one data point per day.
var seriesPaths = []string{"/share_of_voice", "/citations/mention_share", "/citations/domains/overview", "/citations/overview"}

// maxSeriesBody bounds the body of one series request of windowWorld's
// brand: a share-of-voice page of its found brands, or two series and the
// ownership breakdown, at MaxSeriesBuckets buckets each.
const maxSeriesBody = 2 << 20

// windowWorld is the fuzz world with two answers, yesterday and today, so
// that share of voice has rows and every series has a bucket with data.
func windowWorld(tb testing.TB) *fuzzWorld {
	fw := newFuzzWorld(tb)
	now := time.Now().UTC()
	var lines []string
	for i, at := range []time.Time{now.Add(-24 * time.Hour), now.Add(-time.Minute)} {
		lines = append(lines, fmt.Sprintf(`{"id":"00000000-0000-4000-8000-00000000000%d","brand_id":%q,"prompt_id":%q,"provider":"chatgpt","region":"us","ran_at":%q,"answer":"Acme and Globex.","citations":[{"url":"https://acme.com/a","title":"t"}]}`,
			i+1, fw.brand.ID, fw.prompts[0].ID, at.Format(time.RFC3339)))
	}
	req, err := http.NewRequest(http.MethodPost, fw.ts.URL+"/internal/v1/brands/"+fw.brand.ID+"/runs", strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+fuzzAdminToken)
	req.Header.Set("Content-Type", "application/x-ndjson")
	resp, err := fuzzClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"inserted":2`) {
		tb.Fatalf("ingest: %d %s", resp.StatusCode, body)
	}
	return fw
}

// windowAnswer is what checkWindowAnswer found: the status, the error's
// code and details, and the dates of every series in the body.
type windowAnswer struct {
	status  int
	size    int
	code    string
	fields  []string
	details []string
	series  [][]string
}

// getWindow sends GET path?query with the world's key and reads the answer.
func getWindow(tb testing.TB, fw *fuzzWorld, path string, query url.Values) windowAnswer {
	tb.Helper()
	req, err := http.NewRequest(http.MethodGet, fw.ts.URL+"/api/v2/brands/"+fw.brand.ID+path+"?"+query.Encode(), nil)
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("X-API-KEY", fw.key)
	resp, err := fuzzClient.Do(req)
	if err != nil {
		tb.Fatalf("%s?%s: %v", path, query.Encode(), err)
	}
	defer resp.Body.Close()
	// read one byte past the bound, so that a larger body is seen as such
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxSeriesBody+1))
	if err != nil {
		tb.Fatalf("%s?%s: %v", path, query.Encode(), err)
	}
	a := windowAnswer{status: resp.StatusCode, size: len(body)}
	if a.size > maxSeriesBody {
		return a
	}
	if resp.StatusCode >= 400 {
		var env struct {
			Error struct {
				Code    string
				Details []struct {
					Field         *string
					Code, Message string
				}
			}
		}
		if err := json.Unmarshal(body, &env); err != nil {
			tb.Fatalf("%s?%s: %d %s", path, query.Encode(), resp.StatusCode, body)
		}
		a.code = env.Error.Code
		for _, d := range env.Error.Details {
			if d.Field != nil {
				a.fields = append(a.fields, *d.Field)
			}
			a.details = append(a.details, d.Code+": "+d.Message)
		}
		return a
	}
	var data struct {
		Data json.RawMessage
	}
	if err := json.Unmarshal(body, &data); err != nil {
		tb.Fatalf("%s?%s: %v", path, query.Encode(), err)
	}
	// every series is a list of {"date": …} objects under data_points or
	// time_based_metrics, at any depth
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if pts, ok := x.([]any); ok && (k == "data_points" || k == "time_based_metrics") {
					var dates []string
					for _, p := range pts {
						d, _ := p.(map[string]any)["date"].(string)
						dates = append(dates, d)
					}
					a.series = append(a.series, dates)
					continue
				}
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	var v any
	if err := json.Unmarshal(data.Data, &v); err != nil {
		tb.Fatal(err)
	}
	walk(v)
	return a
}

// checkWindowAnswer asserts what every window request answers: 200 with
// at most MaxSeriesBuckets buckets in each series, none after today, and
// a body within maxSeriesBody; or 400 INVALID_PARAMETER naming a window
// or granularity filter. Never a 5xx, never another code.
func checkWindowAnswer(t *testing.T, path string, q url.Values, a windowAnswer) {
	t.Helper()
	if a.size > maxSeriesBody {
		t.Fatalf("%s?%s: body above %d bytes", path, q.Encode(), maxSeriesBody)
	}
	switch a.status {
	case http.StatusOK:
		today := time.Now().UTC().Format(time.DateOnly)
		for _, s := range a.series {
			if len(s) > sightline.MaxSeriesBuckets {
				t.Fatalf("%s?%s: a series of %d buckets", path, q.Encode(), len(s))
			}
			if len(s) > 0 && s[len(s)-1] > today {
				t.Fatalf("%s?%s: a bucket dated %s, after today %s", path, q.Encode(), s[len(s)-1], today)
			}
		}
	case http.StatusBadRequest:
		if a.code != sightline.EINVALIDPARAM || len(a.fields) == 0 {
			t.Fatalf("%s?%s: 400 %s %v %v", path, q.Encode(), a.code, a.fields, a.details)
		}
		for _, f := range a.fields {
			switch f {
			case "filter[ran_at_start]", "filter[ran_at_end]", "filter[granularity]":
			default:
				t.Fatalf("%s?%s: 400 names %s: %v", path, q.Encode(), f, a.details)
			}
		}
	default:
		t.Fatalf("%s?%s: %d %s %v", path, q.Encode(), a.status, a.code, a.details)
	}
}

// FuzzWindows sends any window and granularity to every endpoint that
// builds buckets, and to a list that only aggregates (topics, whose
// previous period reaches furthest back): each answers 200 with bounded
// series and body, or 400 INVALID_PARAMETER naming the filter, never a
// 5xx (docs/api.md#limits).
func FuzzWindows(f *testing.F) {
	for _, s := range [][3]string{
		{"", "", ""}, {"2026-01-01", "2126-12-31", "day"}, {"2026-01-01", "9999-12-31", "month"},
		{"0001-01-01", "", "week"}, {"1999-12-31T23:59:59Z", "2000-01-02", "day"}, {"2000-01-01", "9999-12-31T23:59:59.999999999Z", ""},
		{"2024-01-01", "2026-09-27", "day"}, {"2000-01-03", "2019-03-04", "week"}, {"", "2999-01-01", "month"},
		{"2025-01-01T00:00:00+14:00", "2025-01-02T00:00:00-12:00", "week"}, {"3000-01-01", "", ""}, {"", "1999-01-01", "day"},
	} {
		f.Add(s[0], s[1], s[2])
	}
	fw := windowWorld(f)
	f.Fuzz(func(t *testing.T, start, end, granularity string) {
		q := url.Values{}
		for k, v := range map[string]string{"filter[ran_at_start]": start, "filter[ran_at_end]": end, "filter[granularity]": granularity} {
			if v != "" {
				q.Set(k, v)
			}
		}
		for _, path := range append(seriesPaths, "/topics") {
			pq := q
			if path == "/citations/overview" || path == "/topics" {
				pq = url.Values{}
				for k, v := range q {
					if k != "filter[granularity]" {
						pq[k] = v
					}
				}
			}
			checkWindowAnswer(t, path, pq, getWindow(t, fw, path, pq))
		}
	})
}

// Windows a series cannot hold are refused at once, naming the filter the
// client gave and the longest window of the granularity; a start before
// 2000-01-01 or after today is refused as out of range (never as pruned
// data); an end after today is cut, so the last bucket is today's; and
// 1,000 days, the longest daily window, answers 1,000 buckets.
func TestWindowBounds(t *testing.T) {
	fw := windowWorld(t)
	now := time.Now().UTC()
	today := now.Format(time.DateOnly)
	date := func(days int) string { return now.AddDate(0, 0, days).Format(time.DateOnly) }
	refused := []struct {
		start, end, granularity string
		field, code, message    string
	}{
		{"2026-01-01", "2126-12-31", "day", "filter[ran_at_start]", "too_long", "a window may span at most 1000 UTC days"},
		{"2026-01-01", "2126-12-31", "week", "filter[ran_at_start]", "too_long", "at most 1000 ISO weeks"},
		{"2026-01-01", "9999-12-31", "day", "filter[ran_at_start]", "too_long", "2912443 day buckets"},
		{"2026-01-01", "9999-12-31", "month", "filter[ran_at_start]", "too_long", "at most 1000 calendar months"},
		{"", "9999-12-31T23:59:59Z", "", "filter[ran_at_end]", "too_long", "at most 1000 UTC days"},
		{date(-1000), "", "", "filter[ran_at_start]", "too_long", "1001 day buckets"},
		{"0001-01-01", "", "", "filter[ran_at_start]", "out_of_range", "on or after 2000-01-01"},
		{"1999-12-31T23:59:59Z", "2000-01-02", "", "filter[ran_at_start]", "out_of_range", "on or after 2000-01-01"},
		{date(1), date(3), "", "filter[ran_at_start]", "out_of_range", "must not be after today"},
	}
	for _, r := range refused {
		q := url.Values{}
		for k, v := range map[string]string{"filter[ran_at_start]": r.start, "filter[ran_at_end]": r.end, "filter[granularity]": r.granularity} {
			if v != "" {
				q.Set(k, v)
			}
		}
		for _, path := range seriesPaths {
			if path == "/citations/overview" && r.granularity != "" {
				continue // daily only
			}
			began := time.Now()
			a := getWindow(t, fw, path, q)
			took := time.Since(began)
			if a.status != http.StatusBadRequest || a.code != sightline.EINVALIDPARAM || len(a.fields) != 1 || a.fields[0] != r.field ||
				!strings.HasPrefix(a.details[0], r.code+": ") || !strings.Contains(a.details[0], r.message) {
				t.Errorf("%s?%s = %d %s %v %v, want 400 %s on %s saying %q", path, q.Encode(), a.status, a.code, a.fields, a.details, r.code, r.field, r.message)
			}
			// a refusal does no work: well under a second even under -race
			// on a loaded 2-core machine
			if took > time.Second {
				t.Errorf("%s?%s took %s to refuse", path, q.Encode(), took)
			}
		}
	}

	// the longest daily window ending today: 1,000 buckets
	q := url.Values{"filter[ran_at_start]": {date(-999)}}
	for _, path := range seriesPaths {
		a := getWindow(t, fw, path, q)
		checkWindowAnswer(t, path, q, a)
		if a.status != http.StatusOK || len(a.series) == 0 {
			t.Fatalf("%s?%s = %d %v, want 200 with series", path, q.Encode(), a.status, a.details)
		}
		for _, s := range a.series {
			if len(s) != sightline.MaxSeriesBuckets || s[0] != date(-999) || s[len(s)-1] != today {
				t.Errorf("%s?%s: a series of %d buckets from %s, want %d from %s to %s", path, q.Encode(), len(s), s[0], sightline.MaxSeriesBuckets, date(-999), today)
			}
		}
	}
	// an end after today is cut to today: the last bucket is today's
	q = url.Values{"filter[ran_at_start]": {date(-5)}, "filter[ran_at_end]": {date(40)}}
	for _, path := range seriesPaths {
		a := getWindow(t, fw, path, q)
		if a.status != http.StatusOK || len(a.series) == 0 {
			t.Fatalf("%s?%s = %d %v, want 200 with series", path, q.Encode(), a.status, a.details)
		}
		for _, s := range a.series {
			if len(s) != 6 || s[len(s)-1] != today {
				t.Errorf("%s?%s: buckets %v, want the 6 days to today %s", path, q.Encode(), s, today)
			}
		}
	}
}
