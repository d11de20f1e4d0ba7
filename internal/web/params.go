package web

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// query reads a page's URL parameters. Like the API's parameter reader it
// collects every problem and reports them together as INVALID_PARAMETER,
// naming the parameter.
type query struct {
	values url.Values
	errs   sightline.ValidationErrors
}

func newQuery(r *http.Request) *query { return &query{values: r.URL.Query()} }

func (q *query) get(name string) string { return strings.TrimSpace(q.values.Get(name)) }

func (q *query) fail(name, format string, args ...any) { q.errs.Add(name, "invalid", format, args...) }

// err returns the problems found, or nil.
func (q *query) err() error {
	if len(q.errs) == 0 {
		return nil
	}
	e := q.errs.Err().(*sightline.Error)
	e.Code = sightline.EINVALIDPARAM
	return e
}

// uuid reads an optional id.
func (q *query) uuid(name string) string {
	s := strings.ToLower(q.get(name))
	if s != "" && !sightline.IsUUID(s) {
		q.fail(name, "%s must be an id from the list.", name)
		return ""
	}
	return s
}

// enum reads one of allowed, or def.
func (q *query) enum(name string, allowed []string, def string) string {
	s := q.get(name)
	if s == "" {
		return def
	}
	if !slices.Contains(allowed, s) {
		q.fail(name, "%s must be one of %s.", name, strings.Join(allowed, ", "))
		return def
	}
	return s
}

// page reads a page number (1 when absent).
func (q *query) page(name string) int {
	s := q.get(name)
	if s == "" {
		return 1
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		q.fail(name, "%s must be a page number (1 or more).", name)
		return 1
	}
	return n
}

// sort reads a sort parameter in the API's form ("-key" descending): a key
// outside the whitelist falls back to the default, as in the API.
func (q *query) sort(name string, whitelist []string, def string) string {
	s := q.get(name)
	if slices.Contains(whitelist, strings.TrimPrefix(s, "-")) {
		return s
	}
	return def
}

// window is a page's metrics window: the one in the URL (start and end,
// whole UTC days, end inclusive, as the API reads date-only values), or
// the API's default window when the URL names none.
type window struct {
	sightline.Window
	Asked      sightline.Window // before its end is cut to today
	Default    bool
	Start, End string // the dates shown in the form, YYYY-MM-DD
}

// window reads start and end. The default is exactly the API's
// (sightline.DefaultWindow), so that a page without parameters shows the
// numbers the API serves without parameters.
func (q *query) window(now time.Time, days int) window {
	w := window{Window: sightline.DefaultWindow(now, days), Default: true}
	start, end := q.get("start"), q.get("end")
	if start != "" {
		if t, err := time.Parse(time.DateOnly, start); err != nil {
			q.fail("start", "start must be a date (YYYY-MM-DD).")
		} else if t.Before(sightline.MinWindowStart) || !t.Before(sightline.EndOfDay(now)) {
			q.errs.Add("start", "out_of_range", "start must be between %s and today.", sightline.MinWindowStart.Format(time.DateOnly))
		} else {
			w.Window.Start, w.Default = t.UTC(), false
		}
	}
	if end != "" {
		if t, err := time.Parse(time.DateOnly, end); err != nil {
			q.fail("end", "end must be a date (YYYY-MM-DD).")
		} else {
			w.Window.End, w.Default = t.UTC().AddDate(0, 0, 1), false
		}
	}
	if len(q.errs) == 0 && !w.Window.Start.Before(w.Window.End) {
		q.fail("start", "start must not be after end.")
	}
	w.Asked = w.Window
	w.Window = sightline.ClampWindow(w.Window, now)
	w.Start, w.End = w.Window.Start.Format(time.DateOnly), lastDay(w.Window).Format(time.DateOnly)
	return w
}

// series refuses a window a series of granularity cannot hold, as the
// API does (docs/api.md#limits).
func (q *query) series(w window, granularity string) {
	if len(q.errs) > 0 {
		return
	}
	if msg := sightline.SeriesTooLong(w.Asked, granularity); msg != "" {
		q.errs.Add("start", "too_long", "%s", msg)
	}
}

// lastDay is the day of a window's last instant (its end is exclusive).
func lastDay(w sightline.Window) time.Time { return w.End.Add(-time.Microsecond).UTC() }

// link is a labelled URL; Current marks the one in use.
type link struct {
	Label   string
	URL     string
	Current bool
}

// pageURL builds links to the same page with some parameters changed,
// keeping the others (the window, the filters), so that every view is a
// shareable address and the back button works.
type pageURL struct {
	path   string
	values url.Values
}

func newPageURL(r *http.Request) pageURL { return pageURL{path: r.URL.Path, values: r.URL.Query()} }

// with returns the URL with name=value pairs set; an empty value removes
// the parameter.
func (p pageURL) with(kv ...string) string {
	v := url.Values{}
	for k, vs := range p.values {
		v[k] = slices.Clone(vs)
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == "" {
			v.Del(kv[i])
		} else {
			v.Set(kv[i], kv[i+1])
		}
	}
	if len(v) == 0 {
		return p.path
	}
	return p.path + "?" + v.Encode()
}

// presets are the window shortcuts: the default (what the API uses without
// parameters) and windows of other lengths ending today, made with the
// same rule as the default.
func presets(p pageURL, w window, now time.Time) []link {
	var out []link
	for _, days := range []int{7, sightline.DefaultWindowDays, 90} {
		if days == sightline.DefaultWindowDays {
			out = append(out, link{Label: "Last 30 days", URL: p.with(resetPaging("start", "", "end", "")...), Current: w.Default})
			continue
		}
		d := sightline.DefaultWindow(now, days)
		start, end := d.Start.Format(time.DateOnly), lastDay(d).Format(time.DateOnly)
		out = append(out, link{
			Label:   "Last " + strconv.Itoa(days) + " days",
			URL:     p.with(resetPaging("start", start, "end", end)...),
			Current: !w.Default && w.Start == start && w.End == end,
		})
	}
	return out
}

// pagingParams are the page-number parameters of the tables; a new window
// or filter starts them over.
var pagingParams = []string{"page", "ppage", "dpage", "rpage"}

// resetPaging appends the paging parameters, cleared, to kv.
func resetPaging(kv ...string) []string {
	for _, p := range pagingParams {
		kv = append(kv, p, "")
	}
	return kv
}

// sortHeader is a sortable column heading: its link sorts by the key, or
// flips the direction when the table is already sorted by it.
type sortHeader struct {
	Label string
	URL   string
	Dir   string // "ascending", "descending" or "" (aria-sort)
	Num   bool   // a numeric column (right-aligned)
}

// sortHeaders builds the headings of keys (label by key) for the sort
// parameter param whose current value is cur; numeric keys sort descending
// first.
func sortHeaders(p pageURL, param, pageParam, cur string, cols []sortCol) []sortHeader {
	out := make([]sortHeader, len(cols))
	for i, c := range cols {
		h := sortHeader{Label: c.Label, Num: c.Num}
		if c.Key == "" {
			out[i] = h
			continue
		}
		next := c.Key
		if c.Num {
			next = "-" + c.Key
		}
		switch cur {
		case c.Key:
			h.Dir, next = "ascending", "-"+c.Key
		case "-" + c.Key:
			h.Dir, next = "descending", c.Key
		}
		h.URL = p.with(param, next, pageParam, "")
		out[i] = h
	}
	return out
}

// sortCol is one column of a sortable table; Key is empty for a column
// that does not sort.
type sortCol struct {
	Label string
	Key   string
	Num   bool
}

// pager is the paging bar of a table.
type pager struct {
	Label              string // names the table it pages
	Page, Pages, Total int
	Prev, Next         string
	From, To           int // 1-based rows shown
}

func newPager(p pageURL, param, label string, meta sightline.PageMeta) pager {
	pg := pager{Label: label, Page: meta.Page, Pages: meta.TotalPages, Total: meta.TotalItems}
	if meta.TotalItems > 0 && meta.Page <= meta.TotalPages {
		pg.From = (meta.Page-1)*meta.PageSize + 1
		pg.To = min(meta.TotalItems, meta.Page*meta.PageSize)
	}
	if meta.Page > 1 {
		prev := min(meta.Page-1, max(meta.TotalPages, 1))
		pg.Prev = p.with(param, strconv.Itoa(prev))
	}
	if meta.Page < meta.TotalPages {
		pg.Next = p.with(param, strconv.Itoa(meta.Page+1))
	}
	return pg
}

// parseSort turns "-key" into the store's sort key list.
func parseSort(s string) []sightline.SortKey {
	if s == "" {
		return nil
	}
	return []sightline.SortKey{{Key: strings.TrimPrefix(s, "-"), Desc: strings.HasPrefix(s, "-")}}
}
