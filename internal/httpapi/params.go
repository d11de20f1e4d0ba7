package httpapi

import (
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// params reads one request's query string under the list conventions of
// docs/api.md and docs/api.md. Getters record problems instead of failing
// fast; err reports them all at once, together with any filter[...] key the
// handler never asked for and the pagination parameters the API refuses.
type params struct {
	values map[string][]string // filter[x][] is folded into filter[x]
	used   map[string]bool
	errs   []sightline.FieldError
	now    time.Time
	asked  sightline.Window // the window as asked, before ClampWindow
}

// unsupportedPagination are refused with a hint (docs/api.md).
var unsupportedPagination = []string{"limit", "offset", "skip", "per_page"}

func newParams(r *http.Request, now time.Time) *params {
	p := &params{values: map[string][]string{}, used: map[string]bool{}, now: now.UTC()}
	raw, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		p.fail("", "malformed", "The query string is malformed: %v.", err)
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys) // "filter[x]" before "filter[x][]": a stable value order
	for _, k := range keys {
		name := strings.TrimSuffix(k, "[]")
		p.values[name] = append(p.values[name], raw[k]...)
	}
	return p
}

func (p *params) fail(field, code, format string, args ...any) {
	p.errs = append(p.errs, sightline.NewFieldError(field, code, sprintf(format, args...)))
}

// err returns INVALID_PARAMETER with every problem found, or nil.
func (p *params) err() error {
	keys := make([]string, 0, len(p.values))
	for k := range p.values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch {
		case slices.Contains(unsupportedPagination, k):
			p.fail(k, "unsupported", "%s is not supported; use page and page_size.", k)
		case strings.HasPrefix(k, "filter[") && !p.used[k]:
			p.fail(k, "unknown", "Unknown filter %s.", k)
		}
	}
	if len(p.errs) == 0 {
		return nil
	}
	msg := p.errs[0].Message
	if len(p.errs) > 1 {
		msg = sprintf("%s (and %d more)", msg, len(p.errs)-1)
	}
	return &sightline.Error{Code: sightline.EINVALIDPARAM, Message: msg, Details: p.errs}
}

// scalar returns the single value of name, or "" when absent or empty.
func (p *params) scalar(name string) string {
	p.used[name] = true
	vs := p.values[name]
	switch {
	case len(vs) == 0:
		return ""
	case len(vs) > 1:
		p.fail(name, "multiple", "%s must be given once.", name)
		return ""
	}
	return strings.TrimSpace(vs[0])
}

// list returns every value of a list parameter, accepting repeated keys
// (with or without []) and comma-separated values. More than
// sightline.MaxFilterValues values is refused (docs/api.md#limits).
func (p *params) list(name string) []string {
	return p.listN(name, sightline.MaxFilterValues)
}

// listN is list with a cap of limit values.
func (p *params) listN(name string, limit int) []string {
	p.used[name] = true
	var out []string
	for _, v := range p.values[name] {
		for part := range strings.SplitSeq(v, ",") {
			if part = strings.TrimSpace(part); part != "" {
				out = append(out, part)
			}
			if len(out) > limit {
				p.fail(name, "too_many", "%s takes at most %d values.", name, limit)
				return nil
			}
		}
	}
	return out
}

func (p *params) integer(name string, def, minimum int) int {
	s := p.scalar(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < minimum {
		p.fail(name, "invalid", "%s must be an integer ≥ %d.", name, minimum)
		return def
	}
	return n
}

// page reads page and page_size: both ≥ 1; page_size above the cap is
// clamped, not refused.
func (p *params) page(defaultSize int) sightline.PageRequest {
	pr := sightline.PageRequest{Page: p.integer("page", 1, 1), PageSize: p.integer("page_size", defaultSize, 1)}
	pr.PageSize = min(pr.PageSize, sightline.MaxPageSize)
	return pr
}

// sort reads a comma-separated sort list; keys outside the whitelist are
// ignored, and when none is left the store applies the default order.
func (p *params) sort(whitelist []string) []sightline.SortKey {
	var keys []sightline.SortKey
	for _, part := range strings.Split(p.scalar("sort"), ",") {
		part = strings.TrimSpace(part)
		k := sightline.SortKey{Key: strings.TrimPrefix(part, "-"), Desc: strings.HasPrefix(part, "-")}
		if k.Key != "" && slices.Contains(whitelist, k.Key) {
			keys = append(keys, k)
		}
	}
	return keys
}

// uuid reads one UUID (lowercased).
func (p *params) uuid(name string) string {
	s := strings.ToLower(p.scalar(name))
	if s != "" && !sightline.IsUUID(s) {
		p.fail(name, "invalid", "%s must be a UUID.", name)
		return ""
	}
	return s
}

// uuids reads a list of UUIDs (lowercased, deduplicated).
func (p *params) uuids(name string) []string {
	var out []string
	for _, s := range p.list(name) {
		s = strings.ToLower(s)
		if !sightline.IsUUID(s) {
			p.fail(name, "invalid", "%s must hold UUIDs; %q is not one.", name, s)
			continue
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// enum reads one value of allowed, or def.
func (p *params) enum(name string, allowed []string, def string) string {
	s := p.scalar(name)
	if s == "" {
		return def
	}
	if !slices.Contains(allowed, s) {
		p.fail(name, "invalid", "%s must be one of %s.", name, strings.Join(allowed, ", "))
		return def
	}
	return s
}

// enums reads a list of values of allowed (deduplicated).
func (p *params) enums(name string, allowed []string) []string {
	var out []string
	for _, s := range p.list(name) {
		if !slices.Contains(allowed, s) {
			p.fail(name, "invalid", "%s values must be among %s; %q is not.", name, strings.Join(allowed, ", "), s)
			continue
		}
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// boolean reads true/false (also 1/0).
func (p *params) boolean(name string, def bool) bool {
	s := p.scalar(name)
	if s == "" {
		return def
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		p.fail(name, "invalid", "%s must be true or false.", name)
		return def
	}
	return b
}

// text reads free text, trimmed.
func (p *params) text(name string) string { return p.scalar(name) }

// window reads filter[ran_at_start] and filter[ran_at_end] (YYYY-MM-DD or
// RFC 3339). Defaults: the last days days up to the end of today. A
// date-only end means the end of that day; start after end is refused, and
// so is a start before sightline.MinWindowStart or after today; an end
// after today is cut to the end of today (docs/api.md#limits).
func (p *params) window(days int) sightline.Window {
	w := sightline.DefaultWindow(p.now, days)
	startKey, endKey := "filter[ran_at_start]", "filter[ran_at_end]"
	failed := len(p.errs)
	if s := p.scalar(startKey); s != "" {
		if t, _, ok := parseTime(s); !ok {
			p.fail(startKey, "invalid", "%s must be an ISO 8601 date (YYYY-MM-DD) or date-time (RFC 3339).", startKey)
		} else if t.Before(sightline.MinWindowStart) {
			p.fail(startKey, "out_of_range", "%s must be on or after %s (docs/api.md#limits).", startKey, sightline.MinWindowStart.Format(time.DateOnly))
		} else if !t.Before(sightline.EndOfDay(p.now)) {
			p.fail(startKey, "out_of_range", "%s must not be after today, %s UTC (docs/api.md#limits).", startKey, p.now.Format(time.DateOnly))
		} else {
			w.Start = t
		}
	}
	if s := p.scalar(endKey); s != "" {
		if t, dateOnly, ok := parseTime(s); !ok {
			p.fail(endKey, "invalid", "%s must be an ISO 8601 date (YYYY-MM-DD) or date-time (RFC 3339).", endKey)
		} else if dateOnly {
			w.End = t.AddDate(0, 0, 1)
		} else {
			w.End = t.Add(time.Microsecond)
		}
	}
	if len(p.errs) == failed && !w.Start.Before(w.End) {
		p.fail(startKey, "invalid", "%s must not be after %s.", startKey, endKey)
	}
	p.asked = w
	return sightline.ClampWindow(w, p.now)
}

// series refuses a window that a series of granularity could not hold in
// sightline.MaxSeriesBuckets buckets (docs/api.md#limits). The window is
// judged as asked, before its end is cut to today, so that the answer does
// not depend on the day it is asked. The refusal names the bound the client
// gave: the start, or the end when only the end was given.
func (p *params) series(granularity string) {
	if len(p.errs) > 0 {
		return // a malformed window has been refused already
	}
	msg := sightline.SeriesTooLong(p.asked, granularity)
	if msg == "" {
		return
	}
	field := "filter[ran_at_start]"
	if len(p.values[field]) == 0 && len(p.values["filter[ran_at_end]"]) > 0 {
		field = "filter[ran_at_end]"
	}
	p.fail(field, "too_long", "%s", msg)
}

func parseTime(s string) (t time.Time, dateOnly, ok bool) {
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t.UTC(), true, true
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC().Truncate(time.Microsecond), false, true
	}
	return time.Time{}, false, false
}

// granularity reads filter[granularity]: day (default), week or month.
func (p *params) granularity() string {
	return p.enum("filter[granularity]", sightline.Granularities, "day")
}

// metricScope reads the filters every metric endpoint shares:
// filter[target_brand], filter[brand_ids], filter[provider_ids],
// filter[region_ids] and the ran_at window (default: the last days days).
func (p *params) metricScope(brandID string, days int) sightline.Scope {
	return sightline.Scope{
		BrandID:       brandID,
		Window:        p.window(days),
		TargetBrand:   p.text("filter[target_brand]"),
		FoundBrandIDs: p.uuids("filter[brand_ids]"),
		ProviderIDs:   p.uuids("filter[provider_ids]"),
		RegionIDs:     p.uuids("filter[region_ids]"),
	}
}

// promptRegions reads filter[prompt_regions]: "promptId,regionId" pairs,
// repeated keys or one flat comma-separated list of even length.
func (p *params) promptRegions(name string) []sightline.PromptRegion {
	vals := p.listN(name, 2*sightline.MaxFilterValues) // pairs
	if len(vals)%2 != 0 {
		p.fail(name, "invalid", "%s must hold promptId,regionId pairs.", name)
		return nil
	}
	var out []sightline.PromptRegion
	for i := 0; i+1 < len(vals); i += 2 {
		pid, rid := strings.ToLower(vals[i]), strings.ToLower(vals[i+1])
		if !sightline.IsUUID(pid) || !sightline.IsUUID(rid) {
			p.fail(name, "invalid", "%s must hold UUID pairs promptId,regionId.", name)
			return nil
		}
		out = append(out, sightline.PromptRegion{PromptID: pid, RegionID: rid})
	}
	return out
}
