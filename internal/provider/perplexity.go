package provider

import (
	"context"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
)

// perplexity asks Perplexity's Sonar models through their chat
// completions API, as documented at
// https://docs.perplexity.ai/api-reference/chat-completions-post and
// https://docs.perplexity.ai/guides/user-location-filter-guide. Sonar
// always searches the web; there is no tool to turn on.
//
// The answer is the first choice's message (a leading <think> block of
// the reasoning models left out). The cited URLs are search_results (with
// titles), or the older citations list when there are none; a URL the
// text references as [n] (1-based) is inline, in the order the text first
// references it, and the others are sources. Sonar has no refusal signal:
// a declined answer is recorded as the answer it is; finish_reason
// "length" is ErrTruncated. Searches is 1 per call, the unit of Sonar's
// request fee, and usage.cost.total_cost, when given, is the call's cost.
// The search_results are the retrieved sources (dated by date, else
// last_updated); Sonar does not expose its search queries, so
// Answer.SearchQueries is nil.
type perplexity struct{ cfg Config }

func newPerplexity(cfg Config) Adapter { return &perplexity{cfg: cfg} }

func (a *perplexity) Code() string  { return Perplexity }
func (a *perplexity) Model() string { return a.cfg.Model }

type perplexityRequest struct {
	Model            string                   `json:"model"`
	Messages         []perplexityMessage      `json:"messages"`
	WebSearchOptions *perplexitySearchOptions `json:"web_search_options,omitempty"`
}

type perplexityMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type perplexitySearchOptions struct {
	UserLocation struct {
		Country string `json:"country"`
	} `json:"user_location"`
}

type perplexityResponse struct {
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Citations     []string `json:"citations"`
	SearchResults []struct {
		Title       string  `json:"title"`
		URL         string  `json:"url"`
		Date        *string `json:"date"`
		LastUpdated *string `json:"last_updated"`
	} `json:"search_results"`
	Usage *struct {
		PromptTokens     int64 `json:"prompt_tokens"`
		CompletionTokens int64 `json:"completion_tokens"`
		Cost             *struct {
			TotalCost *float64 `json:"total_cost"`
		} `json:"cost"`
	} `json:"usage"`
}

// citationRef finds the [n] references of an answer's text.
var citationRef = regexp.MustCompile(`\[(\d{1,3})\]`)

func (a *perplexity) Ask(ctx context.Context, req Request) (*Answer, error) {
	model := req.Model
	if model == "" {
		model = a.cfg.Model
	}
	body := perplexityRequest{Model: model, Messages: []perplexityMessage{{Role: "user", Content: req.Prompt}}}
	if req.Region != "" {
		body.WebSearchOptions = &perplexitySearchOptions{}
		body.WebSearchOptions.UserLocation.Country = strings.ToUpper(req.Region)
	}
	header := http.Header{"Authorization": {"Bearer " + req.APIKey}}
	data, err := post(ctx, a.cfg.HTTPClient, Perplexity, a.cfg.BaseURL+"/chat/completions", header, body, req.APIKey)
	if err != nil {
		return nil, err
	}
	var r perplexityResponse
	if err := decode(Perplexity, data, &r); err != nil {
		return nil, err
	}
	if r.Choices == nil {
		return nil, malformed(Perplexity, "the reply has no choices")
	}
	ans := &Answer{Model: r.Model, LocationSent: req.Region != "", Usage: Usage{Searches: 1}}
	if ans.Model == "" {
		ans.Model = model
	}
	if r.Usage != nil {
		ans.Usage.InputTokens, ans.Usage.OutputTokens = r.Usage.PromptTokens, r.Usage.CompletionTokens
		if c := r.Usage.Cost; c != nil && c.TotalCost != nil && *c.TotalCost >= 0 {
			// Perplexity's own figure, in US dollars, is what it bills.
			ans.Usage.CostMicros, ans.Usage.CostReported = int64(math.Round(*c.TotalCost*1e6)), true
		}
	}
	finish := ""
	if len(r.Choices) > 0 {
		ans.Text = strings.TrimSpace(stripThink(r.Choices[0].Message.Content))
		finish = r.Choices[0].FinishReason
	}
	if finish == "length" {
		return nil, &Error{Provider: Perplexity, Code: ErrTruncated, Message: "the answer did not finish (finish_reason length)", Usage: ans.Usage, Model: ans.Model}
	}
	if ans.Text == "" {
		return nil, &Error{Provider: Perplexity, Code: ErrEmpty, Message: "the reply has no answer text", Usage: ans.Usage, Model: ans.Model}
	}

	type listed struct{ url, title string }
	var list []listed
	for _, s := range r.SearchResults {
		list = append(list, listed{s.URL, s.Title})
	}
	if len(list) == 0 {
		for _, u := range r.Citations {
			list = append(list, listed{u, ""})
		}
	}
	var c citer
	for _, m := range citationRef.FindAllStringSubmatch(ans.Text, -1) {
		if n, _ := strconv.Atoi(m[1]); n >= 1 && n <= len(list) {
			c.add(list[n-1].url, list[n-1].title, citationInline)
		}
	}
	for _, l := range list {
		c.add(l.url, l.title, citationSource)
	}
	ans.Citations = c.citations()
	// The search results are the pages retrieved, dated by date, else
	// last_updated. Perplexity does not expose its search queries.
	var src sourcer
	for _, s := range r.SearchResults {
		var when *string
		if s.Date != nil {
			when = publishedDate(*s.Date)
		}
		if when == nil && s.LastUpdated != nil {
			when = publishedDate(*s.LastUpdated)
		}
		src.add(s.URL, s.Title, when)
	}
	ans.Sources = src.sources(ans.Citations)
	return ans, nil
}

// stripThink drops the <think>…</think> block the sonar-reasoning models
// put before their answer.
func stripThink(s string) string {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "<think>") {
		return s
	}
	if i := strings.Index(t, "</think>"); i >= 0 {
		return t[i+len("</think>"):]
	}
	return ""
}
