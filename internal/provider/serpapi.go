package provider

import (
	"context"
	"net/url"
	"strings"

	"github.com/sightline/sightline"
)

// SerpApi serves the three search surfaces through its search endpoint,
// GET /search.json with the credential as api_key, one engine each, as
// documented at https://serpapi.com/search-api,
// https://serpapi.com/ai-overview (the ai_overview of engine=google),
// https://serpapi.com/google-ai-overview-api (engine=google_ai_overview,
// the deferred overview by page_token), https://serpapi.com/google-ai-mode-api
// and https://serpapi.com/bing-copilot-api.
//
// Every engine answers with text_blocks (heading, paragraph, list with
// nested list items, expandable with nested text_blocks, table,
// code_block) whose reference_indexes point into references by their
// index field. The answer is the blocks in order as Markdown; a reference
// a block points to is an inline citation, in the order blocks cite
// them, and the other references are sources. Each request is one billed
// search: a deferred overview costs two.

// serpapiBlock is one of SerpApi's text_blocks.
type serpapiBlock struct {
	Type             string         `json:"type"`
	Title            string         `json:"title"`
	Snippet          string         `json:"snippet"`
	Level            int            `json:"level"`
	Code             string         `json:"code"`
	Language         string         `json:"language"`
	List             []serpapiBlock `json:"list"`
	TextBlocks       []serpapiBlock `json:"text_blocks"`
	Table            [][]string     `json:"table"`
	ReferenceIndexes []int          `json:"reference_indexes"`
}

type serpapiReference struct {
	Title   string `json:"title"`
	Link    string `json:"link"`
	Snippet string `json:"snippet"`
	Source  string `json:"source"`
	Index   *int   `json:"index"`
}

// serpapiAnswer is the part of a reply that holds an answer: the
// ai_overview object of engine=google and google_ai_overview, or the
// whole reply of google_ai_mode and bing_copilot.
type serpapiAnswer struct {
	TextBlocks []serpapiBlock     `json:"text_blocks"`
	References []serpapiReference `json:"references"`
	// PageToken is set instead of text_blocks when Google loads the
	// overview after the page: it must be fetched at once (it expires
	// within minutes) with engine=google_ai_overview.
	PageToken string `json:"page_token"`
	Error     string `json:"error"`
}

type serpapiReply struct {
	SearchMetadata struct {
		Status string `json:"status"`
	} `json:"search_metadata"`
	Error      string         `json:"error"`
	AIOverview *serpapiAnswer `json:"ai_overview"`
	Ads        []struct {
		Title       string `json:"title"`
		Link        string `json:"link"`
		Source      string `json:"source"`
		Description string `json:"description"`
	} `json:"ads"`
	serpapiAnswer
}

// serpapiNoResults is SerpApi's error for a search Google answered with
// nothing: not a failure, just nothing shown.
const serpapiNoResults = "hasn't returned any results"

// serpapiSearch sends one search and decodes the reply.
func serpapiSearch(ctx context.Context, cfg Config, base, name string, params url.Values, key string) (*serpapiReply, error) {
	params.Set("api_key", key)
	data, err := get(ctx, cfg.HTTPClient, name, base+"/search.json?"+params.Encode(), key)
	if err != nil {
		return nil, err
	}
	var r serpapiReply
	if err := decode(name, data, &r); err != nil {
		return nil, err
	}
	if r.Error != "" && !strings.Contains(r.Error, serpapiNoResults) {
		return nil, &Error{Provider: name, Code: ErrBadRequest, Message: cut(redact(r.Error, key))}
	}
	if r.SearchMetadata.Status == "Error" && r.Error == "" {
		return nil, &Error{Provider: name, Code: ErrServer, Retryable: true, Message: "the search ended in error"}
	}
	return &r, nil
}

// googleParams are the location parameters of a Google search: the
// country as gl and its main language as hl.
func googleParams(q url.Values, region string) bool {
	if region == "" {
		return false
	}
	q.Set("gl", region)
	if c, ok := countries[region]; ok {
		q.Set("hl", c.hl)
	}
	return true
}

func serpapiOverview(ctx context.Context, cfg Config, base string, req Request) (*Answer, error) {
	const name = GoogleAIOverviews
	q := url.Values{"engine": {"google"}, "q": {req.Prompt}}
	ans := &Answer{LocationSent: googleParams(q, req.Region), Usage: Usage{Searches: 1}}
	r, err := serpapiSearch(ctx, cfg, base, name, q, req.APIKey)
	if err != nil {
		return nil, err
	}
	for _, ad := range r.Ads {
		if a, ok := adFrom(ad.Source, ad.Link, ad.Title+" "+ad.Description); ok {
			ans.Ads = append(ans.Ads, a)
		}
	}
	ov := r.AIOverview
	if ov != nil && len(ov.TextBlocks) == 0 && ov.PageToken != "" {
		// The deferred overview: the second request belongs to the same
		// attempt, and its search to the same cost.
		ans.Usage.Searches++
		r2, err := serpapiSearch(ctx, cfg, base, name, url.Values{"engine": {"google_ai_overview"}, "page_token": {ov.PageToken}}, req.APIKey)
		if err != nil {
			return nil, err
		}
		ov = r2.AIOverview
	}
	if ov == nil || len(ov.TextBlocks) == 0 {
		ans.NotShown = true
		return ans, nil
	}
	ans.Text, ans.Citations = serpapiRender(ov)
	if ans.Text == "" {
		ans.NotShown = true
	}
	return ans, nil
}

func serpapiAIMode(ctx context.Context, cfg Config, base string, req Request) (*Answer, error) {
	q := url.Values{"engine": {"google_ai_mode"}, "q": {req.Prompt}}
	ans := &Answer{LocationSent: googleParams(q, req.Region), Usage: Usage{Searches: 1}}
	return serpapiWhole(ctx, cfg, base, GoogleAIMode, q, req, ans)
}

// serpapiCopilot asks Bing Copilot; the engine takes no location or
// language parameter, so the region is not sent.
func serpapiCopilot(ctx context.Context, cfg Config, base string, req Request) (*Answer, error) {
	q := url.Values{"engine": {"bing_copilot"}, "q": {req.Prompt}}
	return serpapiWhole(ctx, cfg, base, Copilot, q, req, &Answer{Usage: Usage{Searches: 1}})
}

// serpapiWhole asks an engine whose whole reply is the answer. These
// surfaces always answer, so an empty one is ErrEmpty.
func serpapiWhole(ctx context.Context, cfg Config, base, name string, q url.Values, req Request, ans *Answer) (*Answer, error) {
	r, err := serpapiSearch(ctx, cfg, base, name, q, req.APIKey)
	if err != nil {
		return nil, err
	}
	ans.Text, ans.Citations = serpapiRender(&r.serpapiAnswer)
	if ans.Text == "" {
		return nil, &Error{Provider: name, Code: ErrEmpty, Message: "the reply has no text_blocks"}
	}
	return ans, nil
}

// serpapiRender turns text_blocks into Markdown and references into
// citations.
func serpapiRender(a *serpapiAnswer) (string, []sightline.RunCitation) {
	byIndex := map[int]serpapiReference{}
	for i, r := range a.References {
		n := i
		if r.Index != nil {
			n = *r.Index
		}
		byIndex[n] = r
	}
	var md markdown
	var c citer
	var cite func(b serpapiBlock)
	cite = func(b serpapiBlock) {
		for _, n := range b.ReferenceIndexes {
			if r, ok := byIndex[n]; ok {
				c.add(r.Link, r.Title, citationInline)
			}
		}
		for _, l := range b.List {
			cite(l)
		}
		for _, t := range b.TextBlocks {
			cite(t)
		}
	}
	for _, b := range a.TextBlocks {
		md.add(serpapiBlockMarkdown(b, 0))
		cite(b)
	}
	for _, r := range a.References {
		c.add(r.Link, r.Title, citationSource)
	}
	return md.String(), c.citations()
}

// serpapiBlockMarkdown writes one block: a heading as "##" (or deeper by
// its level), a list as "- " items indented by depth, a list item's title
// in bold before its snippet, an expandable block's title as a heading
// before its nested blocks, a table as a Markdown table, code fenced.
func serpapiBlockMarkdown(b serpapiBlock, depth int) string {
	text := strings.TrimSpace(b.Snippet)
	switch b.Type {
	case "heading":
		level := min(max(b.Level, 2), 6)
		if text == "" {
			text = strings.TrimSpace(b.Title)
		}
		if text == "" {
			return ""
		}
		return strings.Repeat("#", level) + " " + text
	case "list":
		var lines []string
		for _, it := range b.List {
			lines = append(lines, serpapiItem(it, depth)...)
		}
		return strings.Join(lines, "\n")
	case "expandable":
		var md markdown
		if t := strings.TrimSpace(b.Title); t != "" {
			md.add("### " + t)
		}
		md.add(text)
		for _, t := range b.TextBlocks {
			md.add(serpapiBlockMarkdown(t, depth))
		}
		return md.String()
	case "table":
		var rows []string
		for i, row := range b.Table {
			rows = append(rows, "| "+strings.Join(row, " | ")+" |")
			if i == 0 {
				rows = append(rows, "|"+strings.Repeat(" --- |", len(row)))
			}
		}
		return strings.Join(rows, "\n")
	case "code_block":
		code := b.Code
		if code == "" {
			code = b.Snippet
		}
		return "```" + b.Language + "\n" + strings.TrimRight(code, "\n") + "\n```"
	}
	return text
}

// serpapiItem writes a list item and its nested list.
func serpapiItem(it serpapiBlock, depth int) []string {
	text := strings.TrimSpace(it.Snippet)
	if t := strings.TrimSpace(it.Title); t != "" {
		if text != "" {
			text = "**" + strings.TrimSuffix(t, ":") + ":** " + text
		} else {
			text = t
		}
	}
	indent := strings.Repeat("  ", depth)
	var lines []string
	if text != "" {
		lines = append(lines, indent+"- "+text)
	}
	for _, sub := range it.List {
		lines = append(lines, serpapiItem(sub, depth+1)...)
	}
	for _, t := range it.TextBlocks {
		if s := serpapiBlockMarkdown(t, depth+1); s != "" {
			lines = append(lines, s)
		}
	}
	return lines
}
