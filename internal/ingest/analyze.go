package ingest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyze"
)

// record is the wire form of sightline.RunRecord with ran_at kept as text,
// so that a bad timestamp is reported against its field.
type record struct {
	ID        string                  `json:"id"`
	BrandID   string                  `json:"brand_id"`
	PromptID  string                  `json:"prompt_id"`
	Prompt    *struct{ ID string }    `json:"prompt"` // a /runs line: prompt.id when prompt_id is absent
	Provider  codeRef                 `json:"provider"`
	Region    codeRef                 `json:"region"`
	RanAt     string                  `json:"ran_at"`
	Model     string                  `json:"model"`
	Answer    string                  `json:"answer"`
	Citations []sightline.RunCitation `json:"citations"`
	Ads       []sightline.RunAd       `json:"ads"`
	Mentions  []sightline.RunMention  `json:"mentions"`
	// Source may be null (a /runs line of a direct API).
	Source      *string `json:"source"`
	AnswerShown *bool   `json:"answer_shown"`

	SearchQueries []string              `json:"search_queries"`
	Sources       []sightline.RunSource `json:"sources"`
}

// codeRef is a provider or region code, written as the code itself
// ("chatgpt") or, in a line of GET …/runs, as an object with a code
// ({"id": …, "code": "chatgpt"}).
type codeRef string

func (c *codeRef) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*c = codeRef(s)
		return nil
	}
	var o struct {
		Code string `json:"code"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return errors.New("must be a code or an object with a code")
	}
	*c = codeRef(o.Code)
	return nil
}

// target is a brand as analysis sees it.
type target struct {
	t       *sightline.IngestTarget
	tracked []analyze.Tracked // [0] is the brand itself, then its competitors
	matcher *analyze.Matcher
	err     error
}

func (in *Ingester) target(ctx context.Context, brandID string) *target {
	in.mu.Lock()
	defer in.mu.Unlock()
	if t, ok := in.targets[brandID]; ok {
		return t
	}
	it, err := in.Store.FindIngestTarget(ctx, brandID)
	t := &target{err: err}
	if err == nil {
		t = newTarget(it)
	}
	in.targets[brandID] = t
	return t
}

// newTarget prepares the matcher of a brand's names and its competitors'.
func newTarget(it *sightline.IngestTarget) *target {
	t := &target{t: it}
	t.tracked = append(t.tracked, analyze.Tracked{Name: it.Name, Aliases: it.Aliases})
	for _, c := range it.Competitors {
		t.tracked = append(t.tracked, analyze.Tracked{Name: c.Name, Aliases: c.Aliases})
	}
	t.matcher = analyze.NewMatcher(t.tracked)
	return t
}

// lineErrors collects the problems of one record.
type lineErrors struct {
	line int
	errs []LineError
}

func (l *lineErrors) add(field, code, format string, args ...any) {
	l.errs = append(l.errs, LineError{Line: l.line, Field: field, Code: code, Message: fmt.Sprintf(format, args...)})
}

// analyzeLine decodes, validates and analyzes one record.
func (in *Ingester) analyzeLine(ctx context.Context, l rawLine, opts Options) (*sightline.AnalyzedRun, []LineError) {
	le := &lineErrors{line: l.line}
	if sightline.JSONHasNUL(l.data) {
		// PostgreSQL text cannot hold NUL: refuse the record, not the batch.
		le.add("", "invalid_text", "holds a NUL character (\\u0000), which no field accepts")
		return nil, le.errs
	}
	var rec record
	if err := json.Unmarshal(l.data, &rec); err != nil {
		le.add("", "invalid_json", "not a valid JSON record: %v", err)
		return nil, le.errs
	}
	run := &sightline.AnalyzedRun{
		ID: strings.ToLower(strings.TrimSpace(rec.ID)), BrandID: strings.ToLower(strings.TrimSpace(rec.BrandID)),
		PromptID: strings.ToLower(strings.TrimSpace(rec.PromptID)),
		Provider: strings.ToLower(strings.TrimSpace(string(rec.Provider))), Region: strings.ToLower(strings.TrimSpace(string(rec.Region))),
		Model: strings.TrimSpace(rec.Model), Answer: rec.Answer, AnswerShown: rec.AnswerShown == nil || *rec.AnswerShown,
	}
	if rec.Source != nil {
		run.Source = strings.ToLower(strings.TrimSpace(*rec.Source))
	}
	if run.Source != "" && !slices.Contains(sightline.Vendors, run.Source) {
		le.add("source", "invalid", "must be null or a SERP data vendor: %s", strings.Join(sightline.Vendors, ", "))
	}
	if run.PromptID == "" && rec.Prompt != nil {
		run.PromptID = strings.ToLower(strings.TrimSpace(rec.Prompt.ID))
	}
	if run.ID != "" && !sightline.IsUUID(run.ID) {
		le.add("id", "invalid", "must be a UUID")
	}
	switch {
	case run.BrandID == "" && opts.BrandID != "":
		run.BrandID = opts.BrandID
	case run.BrandID == "":
		le.add("brand_id", "required", "is required")
	case !sightline.IsUUID(run.BrandID):
		le.add("brand_id", "invalid", "must be a UUID")
	case opts.BrandID != "" && run.BrandID != opts.BrandID:
		le.add("brand_id", "mismatch", "must be %s, the brand of this request", opts.BrandID)
	}
	switch {
	case run.PromptID == "":
		le.add("prompt_id", "required", "is required")
	case !sightline.IsUUID(run.PromptID):
		le.add("prompt_id", "invalid", "must be a UUID")
	}
	if !sightline.IsCode(run.Provider) {
		le.add("provider", "invalid", "must be a provider code such as chatgpt or perplexity")
	}
	if !sightline.IsCode(run.Region) {
		le.add("region", "invalid", "must be a region code such as us or gb")
	}
	if rec.RanAt == "" {
		le.add("ran_at", "required", "is required")
	} else if t, err := time.Parse(time.RFC3339Nano, rec.RanAt); err != nil {
		le.add("ran_at", "invalid", "must be an RFC 3339 timestamp")
	} else {
		run.RanAt = t.UTC().Truncate(time.Microsecond)
	}
	// A search surface that showed no AI answer has none to give: the run
	// counts as asked with no brand named (docs/collect.md#search-surfaces).
	if !run.AnswerShown && strings.TrimSpace(run.Answer) != "" {
		le.add("answer", "invalid", "must be empty when answer_shown is false")
	} else if run.AnswerShown && strings.TrimSpace(run.Answer) == "" {
		le.add("answer", "required", "is required")
	}
	checkCaps(&rec, le)
	if len(le.errs) > 0 {
		return nil, le.errs
	}
	tg := in.target(ctx, run.BrandID)
	if tg.err != nil {
		if sightline.ErrorCode(tg.err) == sightline.ENOTFOUND {
			le.add("brand_id", "not_found", "brand %s not found", run.BrandID)
		} else {
			le.add("brand_id", "unavailable", "brand could not be read: %v", sightline.ErrorMessage(tg.err))
		}
		return nil, le.errs
	}
	if topicID, ok := tg.t.Prompts[run.PromptID]; ok {
		run.TopicID = topicID
	} else {
		le.add("prompt_id", "not_found", "prompt %s is not a prompt of brand %s", run.PromptID, run.BrandID)
	}
	run.Citations = in.analyzeCitations(rec.Citations, le)
	run.Ads = analyzeAds(rec.Ads, le)
	run.SearchQueries = analyzeQueries(rec.SearchQueries, le)
	run.Sources = in.analyzeSources(rec.Sources, le)
	if rec.Mentions != nil {
		run.Mentions = givenMentions(rec.Mentions, tg, le)
	} else {
		run.Mentions = foundMentions(run.Answer, tg)
	}
	if len(le.errs) > 0 {
		return nil, le.errs
	}
	if run.ID == "" {
		run.ID = derivedID(run)
	}
	return run, nil
}

// checkCaps refuses a record over a per-record cap (docs/api.md#limits):
// a run is shown whole in GET …/runs, so what one run holds bounds that
// response.
func checkCaps(rec *record, le *lineErrors) {
	tooLong := func(field, v string, n int) {
		if len(v) > n {
			le.add(field, "too_long", "must be at most %d bytes, not %d", n, len(v))
		}
	}
	tooMany := func(field string, got, n int) bool {
		if got > n {
			le.add(field, "too_many", "must hold at most %d items, not %d", n, got)
			return true
		}
		return false
	}
	tooLong("answer", rec.Answer, sightline.MaxAnswerBytes)
	tooLong("model", rec.Model, sightline.MaxShortTextBytes)
	if !tooMany("citations", len(rec.Citations), sightline.MaxRunCitations) {
		for i, c := range rec.Citations {
			tooLong(fmt.Sprintf("citations[%d].url", i), c.URL, sightline.MaxURLBytes)
			tooLong(fmt.Sprintf("citations[%d].title", i), c.Title, sightline.MaxTitleBytes)
			tooLong(fmt.Sprintf("citations[%d].author", i), c.Author, sightline.MaxShortTextBytes)
		}
	}
	if !tooMany("ads", len(rec.Ads), sightline.MaxRunAds) {
		for i, a := range rec.Ads {
			tooLong(fmt.Sprintf("ads[%d].advertiser", i), a.Advertiser, sightline.MaxShortTextBytes)
			tooLong(fmt.Sprintf("ads[%d].domain", i), a.Domain, sightline.MaxURLBytes)
			tooLong(fmt.Sprintf("ads[%d].text", i), a.Text, sightline.MaxTitleBytes)
		}
	}
	if !tooMany("search_queries", len(rec.SearchQueries), sightline.MaxSearchQueries) {
		for i, q := range rec.SearchQueries {
			tooLong(fmt.Sprintf("search_queries[%d]", i), q, sightline.MaxShortTextBytes)
		}
	}
	if !tooMany("sources", len(rec.Sources), sightline.MaxRunSources) {
		for i, src := range rec.Sources {
			tooLong(fmt.Sprintf("sources[%d].url", i), src.URL, sightline.MaxURLBytes)
			tooLong(fmt.Sprintf("sources[%d].title", i), src.Title, sightline.MaxTitleBytes)
		}
	}
	if !tooMany("mentions", len(rec.Mentions), sightline.MaxRunMentions) {
		for i, m := range rec.Mentions {
			tooLong(fmt.Sprintf("mentions[%d].name", i), m.Name, sightline.MaxShortTextBytes)
		}
	}
}

// derivedID makes re-ingesting a record without id idempotent: the id is a
// hash of what identifies the run.
func derivedID(r *sightline.AnalyzedRun) string {
	h := sha256.New()
	for _, s := range []string{r.BrandID, r.PromptID, r.Provider, r.Region, r.RanAt.Format(time.RFC3339Nano), r.Answer} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	b := h.Sum(nil)[:16]
	b[6] = (b[6] & 0x0f) | 0x50 // version 5 layout (name-based, SHA)
	b[8] = (b[8] & 0x3f) | 0x80 // RFC 4122 variant
	x := hex.EncodeToString(b)
	return x[0:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:32]
}

// analyzeCitations normalizes and classifies each URL; a page cited twice
// in one answer is one citation.
func (in *Ingester) analyzeCitations(cites []sightline.RunCitation, le *lineErrors) []sightline.AnalyzedCitation {
	if len(cites) == 0 {
		return nil
	}
	out := make([]sightline.AnalyzedCitation, 0, len(cites))
	var seen map[string]bool // for long lists; short ones are scanned
	if len(cites) > 16 {
		seen = make(map[string]bool, len(cites))
	}
	for i, c := range cites {
		typ := strings.ToLower(strings.TrimSpace(c.Type))
		if typ == "" {
			typ = sightline.CitationSource
		} else if typ != sightline.CitationSource && typ != sightline.CitationInline {
			le.add(fmt.Sprintf("citations[%d].type", i), "invalid", "must be source or inline")
			continue
		}
		url, title, author := strings.TrimSpace(c.URL), strings.TrimSpace(c.Title), strings.TrimSpace(c.Author)
		a, err := in.cites.analyze(url, c.Title, c.Author)
		if err != nil {
			le.add(fmt.Sprintf("citations[%d].url", i), "invalid", "must be an absolute http(s) URL")
			continue
		}
		if seen != nil {
			if seen[a.Page] {
				continue
			}
			seen[a.Page] = true
		} else if slices.ContainsFunc(out, func(o sightline.AnalyzedCitation) bool { return o.Page == a.Page }) {
			continue
		}
		out = append(out, sightline.AnalyzedCitation{
			URL: url, Page: a.Page, Domain: a.Domain, PageType: a.PageType, DomainType: a.DomainType,
			Type: typ, Title: title, Author: author, YouTubeChannel: a.YouTubeChannel, Subreddit: a.Subreddit,
		})
	}
	return out
}

// analyzeQueries keeps the fan-out queries in order, whitespace
// collapsed, each once; nil (not reported) stays nil and [] stays empty
// (docs/ingest.md#fan-out-and-sources).
func analyzeQueries(qs []string, le *lineErrors) []string {
	if qs == nil {
		return nil
	}
	out := make([]string, 0, len(qs))
	for i, q := range qs {
		q = strings.Join(strings.Fields(q), " ")
		if q == "" {
			le.add(fmt.Sprintf("search_queries[%d]", i), "required", "must not be empty")
			continue
		}
		if !slices.Contains(out, q) {
			out = append(out, q)
		}
	}
	return out
}

// analyzeSources normalizes each retrieved page as citations are; a page
// listed twice is one source, cited when either listing is.
func (in *Ingester) analyzeSources(srcs []sightline.RunSource, le *lineErrors) []sightline.AnalyzedSource {
	if len(srcs) == 0 {
		return nil
	}
	out := make([]sightline.AnalyzedSource, 0, len(srcs))
	for i, src := range srcs {
		url, title := strings.TrimSpace(src.URL), strings.TrimSpace(src.Title)
		a, err := in.cites.analyze(url, title, "")
		if err != nil {
			le.add(fmt.Sprintf("sources[%d].url", i), "invalid", "must be an absolute http(s) URL")
			continue
		}
		var published *string
		if src.PublishedAt != nil {
			d := strings.TrimSpace(*src.PublishedAt)
			if _, err := time.Parse(time.DateOnly, d); err != nil {
				le.add(fmt.Sprintf("sources[%d].published_at", i), "invalid", "must be a date, YYYY-MM-DD")
				continue
			}
			published = &d
		}
		if j := slices.IndexFunc(out, func(o sightline.AnalyzedSource) bool { return o.Page == a.Page }); j >= 0 {
			out[j].Cited = out[j].Cited || src.Cited
			continue
		}
		out = append(out, sightline.AnalyzedSource{URL: url, Page: a.Page, Domain: a.Domain, Title: title, PublishedAt: published, Cited: src.Cited})
	}
	return out
}

// citeCache remembers the analysis of cited URLs. Answers cite the same
// pages over and over, and the analysis is a pure function of (URL, title,
// author), so most citations of an ingest are found here.
type citeCache struct {
	mu sync.RWMutex
	m  map[citeKey]citeResult
}

type citeKey struct{ url, title, author string }

type citeResult struct {
	c   analyze.Citation
	err error
}

// maxCachedCitations bounds the cache; when full it starts over.
const maxCachedCitations = 1 << 15

func (cc *citeCache) analyze(url, title, author string) (analyze.Citation, error) {
	k := citeKey{url, title, author}
	cc.mu.RLock()
	r, ok := cc.m[k]
	cc.mu.RUnlock()
	if ok {
		return r.c, r.err
	}
	r.c, r.err = analyze.AnalyzeCitation(url, title, author)
	cc.mu.Lock()
	if cc.m == nil || len(cc.m) >= maxCachedCitations {
		cc.m = make(map[citeKey]citeResult, 1024)
	}
	cc.m[k] = r
	cc.mu.Unlock()
	return r.c, r.err
}

func analyzeAds(in []sightline.RunAd, le *lineErrors) []sightline.AnalyzedAd {
	if len(in) == 0 {
		return nil
	}
	out := make([]sightline.AnalyzedAd, 0, len(in))
	for i, ad := range in {
		a, err := analyze.AnalyzeAd(ad.Advertiser, ad.Domain)
		if err != nil {
			le.add(fmt.Sprintf("ads[%d].domain", i), "invalid", "must be a domain name or URL")
			continue
		}
		out = append(out, sightline.AnalyzedAd{Advertiser: a.Name, Domain: a.Domain, FaviconURL: a.FaviconURL, Text: strings.TrimSpace(ad.Text)})
	}
	return out
}

// foundMentions runs the analyzer over the answer.
func foundMentions(answer string, tg *target) []sightline.AnalyzedMention {
	ms := tg.matcher.Find(answer)
	out := make([]sightline.AnalyzedMention, 0, min(len(ms), sightline.MaxRunMentions))
	// an answer may list more brands than a run keeps (docs/api.md#limits):
	// the tracked ones always count, then the untracked ones the answer
	// names first
	untracked := sightline.MaxRunMentions
	for _, m := range ms {
		if m.Tracked >= 0 {
			untracked--
		}
	}
	for _, m := range ms {
		if m.Tracked < 0 {
			if untracked <= 0 {
				continue
			}
			untracked--
		}
		am := sightline.AnalyzedMention{Name: m.Name, Position: m.Position, Count: m.Count, Sentiment: m.Sentiment}
		tg.link(&am, m.Tracked)
		out = append(out, am)
	}
	return out
}

// givenMentions takes an upstream extractor's mentions as they are, mapping
// names to the brand or a competitor when they match a name or alias.
func givenMentions(in []sightline.RunMention, tg *target, le *lineErrors) []sightline.AnalyzedMention {
	out := make([]sightline.AnalyzedMention, 0, len(in))
	seen := map[string]bool{}
	for i, m := range in {
		field := func(f string) string { return fmt.Sprintf("mentions[%d].%s", i, f) }
		name := strings.TrimSpace(m.Name)
		switch {
		case name == "":
			le.add(field("name"), "required", "is required")
			continue
		case m.Position < 0:
			le.add(field("position"), "invalid", "must be ≥ 1")
			continue
		case m.Sentiment != nil && (*m.Sentiment < 0 || *m.Sentiment > 100):
			le.add(field("sentiment"), "invalid", "must be between 0 and 100")
			continue
		case m.Count < 0:
			le.add(field("count"), "invalid", "must be ≥ 1")
			continue
		}
		am := sightline.AnalyzedMention{Name: name, Position: m.Position, Count: max(1, m.Count), Sentiment: 50}
		if am.Position == 0 {
			am.Position = i + 1
		}
		if m.Sentiment != nil {
			am.Sentiment = *m.Sentiment
		}
		tg.link(&am, tg.trackedIndex(name))
		key := strings.ToLower(am.Name)
		if seen[key] { // one mention per found brand and answer
			continue
		}
		seen[key] = true
		out = append(out, am)
	}
	return out
}

// link marks a mention as the brand itself or a competitor by its index in
// the tracked list (-1: untracked).
func (tg *target) link(m *sightline.AnalyzedMention, idx int) {
	switch {
	case idx == 0:
		m.Self, m.Name = true, tg.t.Name
	case idx > 0:
		c := tg.t.Competitors[idx-1]
		m.CompetitorID, m.Name = c.ID, c.Name
	}
}

func (tg *target) trackedIndex(name string) int {
	for i, t := range tg.tracked {
		if strings.EqualFold(t.Name, name) {
			return i
		}
		for _, a := range t.Aliases {
			if strings.EqualFold(a, name) {
				return i
			}
		}
	}
	return -1
}

// Analyze validates and analyzes one record as Ingest would, for callers
// that store runs themselves (collection). The error lists every problem.
func (in *Ingester) Analyze(ctx context.Context, rec sightline.RunRecord) (*sightline.AnalyzedRun, error) {
	data, err := json.Marshal(rec)
	if err != nil {
		return nil, fmt.Errorf("encode record: %w", err)
	}
	run, errs := in.analyzeLine(ctx, rawLine{line: 1, data: data}, Options{BrandID: rec.BrandID})
	if len(errs) > 0 {
		var v sightline.ValidationErrors
		for _, e := range errs {
			v.Add(e.Field, e.Code, "%s", e.Message)
		}
		return nil, v.Err()
	}
	return run, nil
}

// MentionFinder returns the analysis ingest gives an answer of the brand
// t: its mentions, linked to the brand and its competitors. Analyzing
// stored answers again (sightline reanalyze) uses it, so that they get what
// a new ingest would.
func MentionFinder(t *sightline.IngestTarget) func(answer string) []sightline.AnalyzedMention {
	tg := newTarget(t)
	return func(answer string) []sightline.AnalyzedMention { return foundMentions(answer, tg) }
}
