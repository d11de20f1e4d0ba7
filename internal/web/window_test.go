package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// The overview reads its window by the API's rules (docs/api.md#limits):
// a start before 2000-01-01 or after today, or a window longer than a
// series holds at its granularity, is 400 naming the parameter; an end
// after today is cut to today.
func TestOverviewWindowBounds(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.client(t)
	c.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	overview := "/brands/" + e.fix.BrandID
	day := func(days int) string { return now.AddDate(0, 0, days).Format("2006-01-02") }
	for _, tt := range []struct {
		query  string
		status int
		says   string
	}{
		{"?start=1999-12-31", http.StatusBadRequest, "start must be between 2000-01-01 and today"},
		{"?start=" + day(1), http.StatusBadRequest, "start must be between 2000-01-01 and today"},
		{"?start=" + day(-1000), http.StatusBadRequest, "1001 day buckets"},
		{"?start=" + day(-1000) + "&granularity=week", http.StatusOK, ""},
		{"?start=" + day(-999), http.StatusOK, ""},
		{"?start=" + day(-5) + "&end=" + day(400), http.StatusOK, ""},
	} {
		resp, body := c.get(overview + tt.query)
		if resp.StatusCode != tt.status || !strings.Contains(body, tt.says) {
			t.Errorf("GET %s%s = %d, want %d saying %q:\n%.600s", overview, tt.query, resp.StatusCode, tt.status, tt.says, body)
		}
	}
}
