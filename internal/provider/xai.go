package provider

import (
	"context"
	"net/http"
	"sort"
	"strings"
)

// xAI asks Grok through xAI's Responses API, POST /v1/responses with the
// server-side web_search tool, as documented at
// https://docs.x.ai/docs/guides/tools/search-tools (citations, inline
// url_citation annotations), https://docs.x.ai/docs/guides/tools/overview
// (agentic tool calling, server_side_tool_usage) and
// https://docs.x.ai/developers/pricing (web_search billed per call).
//
// The answer is the output_text of the message items; its url_citation
// annotations are the inline citations in text order, and the response's
// citations list (every source the agent encountered) adds the others as
// sources. Searches are the web_search calls the usage reports, else the
// web_search_call items. The tool takes no user location, so the region
// is not sent.
//
// Fan-out and sources (docs/collect.md#fan-out-and-sources): the queries
// are the web_search_call items' search actions, in output order (a
// queries list where one is given, else the query); the retrieved pages
// are the response's citations list, which the search tools guide says
// holds every source URL encountered, not only those the answer
// references, with the inline-cited ones marked cited. xAI gives no title
// or date for them.
type xAI struct{ cfg Config }

func newXAI(cfg Config) Adapter { return &xAI{cfg: cfg} }

func (a *xAI) Code() string  { return Grok }
func (a *xAI) Model() string { return a.cfg.Model }

type xaiRequest struct {
	Model string           `json:"model"`
	Input []xaiInput       `json:"input"`
	Tools []map[string]any `json:"tools"`
	// Store false: xAI keeps no copy of a customer's prompts for later
	// retrieval; Sightline stores the answer itself.
	Store bool `json:"store"`
}

type xaiInput struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type xaiResponse struct {
	Model  string `json:"model"`
	Status string `json:"status"`
	Output []struct {
		Type   string `json:"type"`
		Action *struct {
			Type    string   `json:"type"`
			Query   string   `json:"query"`
			Queries []string `json:"queries"`
		} `json:"action"`
		Content []struct {
			Type        string `json:"type"`
			Text        string `json:"text"`
			Refusal     string `json:"refusal"`
			Annotations []struct {
				Type       string `json:"type"`
				URL        string `json:"url"`
				Title      string `json:"title"`
				StartIndex int    `json:"start_index"`
			} `json:"annotations"`
		} `json:"content"`
	} `json:"output"`
	Citations []string `json:"citations"`
	Usage     *struct {
		InputTokens                int64 `json:"input_tokens"`
		OutputTokens               int64 `json:"output_tokens"`
		ServerSideToolUsageDetails *struct {
			WebSearchCalls int64 `json:"web_search_calls"`
		} `json:"server_side_tool_usage_details"`
	} `json:"usage"`
}

func (a *xAI) Ask(ctx context.Context, req Request) (*Answer, error) {
	model := req.Model
	if model == "" {
		model = a.cfg.Model
	}
	body := xaiRequest{Model: model, Input: []xaiInput{{Role: "user", Content: req.Prompt}}, Tools: []map[string]any{{"type": "web_search"}}}
	header := http.Header{"Authorization": {"Bearer " + req.APIKey}}
	data, err := post(ctx, a.cfg.HTTPClient, Grok, a.cfg.BaseURL+"/responses", header, body, req.APIKey)
	if err != nil {
		return nil, err
	}
	var r xaiResponse
	if err := decode(Grok, data, &r); err != nil {
		return nil, err
	}
	if r.Output == nil {
		return nil, malformed(Grok, "the reply has no output")
	}
	ans := &Answer{Model: r.Model}
	if ans.Model == "" {
		ans.Model = model
	}
	type inline struct {
		at         int
		url, title string
	}
	var texts []string
	var inlines []inline
	var calls int64
	var q querier
	for _, o := range r.Output {
		switch o.Type {
		case "web_search_call":
			calls++
			if o.Action != nil && o.Action.Type == "search" {
				for _, query := range o.Action.Queries {
					q.add(query)
				}
				if len(o.Action.Queries) == 0 {
					q.add(o.Action.Query)
				}
			}
		case "message":
			for _, c := range o.Content {
				switch c.Type {
				case "refusal":
					return nil, &Error{Provider: Grok, Code: ErrRefused, Message: cut(c.Refusal)}
				case "output_text":
					offset := len(strings.Join(texts, "\n\n"))
					for _, an := range c.Annotations {
						if an.Type == "url_citation" {
							inlines = append(inlines, inline{offset + an.StartIndex, an.URL, an.Title})
						}
					}
					texts = append(texts, c.Text)
				}
			}
		}
	}
	ans.Text = strings.TrimSpace(strings.Join(texts, "\n\n"))
	if ans.Text == "" {
		return nil, &Error{Provider: Grok, Code: ErrEmpty, Message: "the reply has no answer text"}
	}
	if r.Usage != nil {
		ans.Usage.InputTokens, ans.Usage.OutputTokens = r.Usage.InputTokens, r.Usage.OutputTokens
		if d := r.Usage.ServerSideToolUsageDetails; d != nil {
			calls = d.WebSearchCalls
		}
	}
	ans.Usage.Searches = calls
	sort.SliceStable(inlines, func(i, j int) bool { return inlines[i].at < inlines[j].at })
	var c citer
	for _, in := range inlines {
		c.add(in.url, in.title, citationInline)
	}
	for _, u := range r.Citations {
		c.add(u, "", citationSource)
	}
	ans.Citations = c.citations()
	ans.SearchQueries = q.queries()
	var src sourcer
	for _, u := range r.Citations {
		src.add(u, "", nil)
	}
	for _, in := range inlines {
		src.add(in.url, "", nil)
	}
	ans.Sources = src.sources(ans.Citations)
	return ans, nil
}
