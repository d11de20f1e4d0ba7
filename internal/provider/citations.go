package provider

import (
	"net/url"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// citer collects an answer's citations in answer order, each URL once.
// Adapters add the inline citations first, in the order the text cites
// them, then the sources the provider listed without tying them to a span
// of text; a URL seen before keeps its first place and type, and gains a
// title if it had none.
type citer struct {
	list  []sightline.RunCitation
	index map[string]int
}

func (c *citer) add(raw, title, typ string) {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		// Ingest accepts only absolute http(s) URLs; anything else a
		// provider lists (an empty string, a file id) is no citation.
		return
	}
	title = strings.Join(strings.Fields(title), " ")
	key := citationKey(u)
	if i, ok := c.index[key]; ok {
		if c.list[i].Title == "" {
			c.list[i].Title = title
		}
		return
	}
	if c.index == nil {
		c.index = map[string]int{}
	}
	c.index[key] = len(c.list)
	c.list = append(c.list, sightline.RunCitation{URL: raw, Title: title, Type: typ})
}

// citations returns what was collected; nil when nothing was.
func (c *citer) citations() []sightline.RunCitation { return c.list }

// citationKey is what makes two cited URLs the same citation: OpenAI adds
// ?utm_source=openai to the URLs it annotates but not to the sources it
// lists, so tracking parameters and the fragment do not count, and
// neither do the scheme's and host's case.
func citationKey(u *url.URL) string {
	k := *u
	k.Scheme = strings.ToLower(k.Scheme)
	k.Host = strings.ToLower(k.Host)
	k.Fragment, k.RawFragment = "", ""
	if k.RawQuery != "" {
		q := k.Query()
		for name := range q {
			if strings.HasPrefix(strings.ToLower(name), "utm_") {
				q.Del(name)
			}
		}
		k.RawQuery = q.Encode()
	}
	return k.String()
}

// The citation types of sightline.RunCitation, short for the adapters.
const (
	citationInline = sightline.CitationInline
	citationSource = sightline.CitationSource
)

// sourcer collects the pages a provider retrieved, each once by the same
// key as citations, in the order listed; a page seen before gains a title
// or a date if it had none.
type sourcer struct {
	list  []sightline.RunSource
	index map[string]int
}

func (s *sourcer) add(raw, title string, published *string) {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return
	}
	title = strings.Join(strings.Fields(title), " ")
	key := citationKey(u)
	if i, ok := s.index[key]; ok {
		if s.list[i].Title == "" {
			s.list[i].Title = title
		}
		if s.list[i].PublishedAt == nil {
			s.list[i].PublishedAt = published
		}
		return
	}
	if s.index == nil {
		s.index = map[string]int{}
	}
	s.index[key] = len(s.list)
	s.list = append(s.list, sightline.RunSource{URL: raw, Title: title, PublishedAt: published})
}

// sources returns the retrieved pages, each marked cited when the
// answer's text cites the same page (an inline citation): a page the
// provider only listed was read, not cited; nil when none were listed.
func (s *sourcer) sources(citations []sightline.RunCitation) []sightline.RunSource {
	for _, c := range citations {
		if c.Type != citationInline {
			continue
		}
		u, err := url.Parse(strings.TrimSpace(c.URL))
		if err != nil {
			continue
		}
		if i, ok := s.index[citationKey(u)]; ok {
			s.list[i].Cited = true
		}
	}
	return s.list
}

// querier collects the search queries a provider reports, in the order
// issued, each once: whitespace is collapsed and an empty query is none.
type querier struct {
	list []string
	seen map[string]bool
}

func (q *querier) add(query string) {
	query = strings.Join(strings.Fields(query), " ")
	if query == "" || q.seen[query] {
		return
	}
	if q.seen == nil {
		q.seen = map[string]bool{}
	}
	q.seen[query] = true
	q.list = append(q.list, query)
}

// queries returns what was collected: never nil, since a provider that
// reports its queries and ran none reported an empty list.
func (q *querier) queries() []string {
	if q.list == nil {
		return []string{}
	}
	return q.list
}

// publishedLayouts are the date shapes providers give a page's date in:
// Perplexity's date and last_updated (2026-10-02), Claude's page_age
// ("October 2, 2026", "2 Oct 2026") and full timestamps.
var publishedLayouts = []string{
	"2006-01-02", time.RFC3339, "2006-01-02T15:04:05", "January 2, 2006", "Jan 2, 2006", "2 January 2006", "2 Jan 2006",
	"January 2006", "2006/01/02",
}

// publishedDate reads a page's date as YYYY-MM-DD; nil when it is absent
// or a shape not listed (a relative age such as "3 days ago" has no
// fixed date without the moment the provider measured it from).
func publishedDate(s string) *string {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	for _, layout := range publishedLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			d := t.Format("2006-01-02")
			return &d
		}
	}
	return nil
}
