package provider

import (
	"net/url"
	"strings"

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
