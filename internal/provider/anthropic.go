package provider

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
)

// anthropic asks Claude through the Anthropic Messages API with the web
// search server tool, as documented at
// https://platform.claude.com/docs/en/agents-and-tools/tool-use/web-search-tool
// and https://platform.claude.com/docs/en/api/messages.
//
// The answer is every text block in order, as Claude's apps show it; the
// web_search_result_location citations of those blocks are the inline
// citations, in text order; the results of the web_search_tool_result
// blocks that no text block cites are the sources. The fan-out queries are
// the server_tool_use blocks' input.query; the retrieved sources are the
// results, dated by page_age. stop_reason "refusal" is ErrRefused;
// "max_tokens" and "model_context_window_exceeded" are ErrTruncated. A
// turn the API paused (stop_reason "pause_turn", a long server-tool loop)
// is continued, at most twice, as the documentation says, and the usage of
// every round is added up; a turn still paused after that is ErrTruncated.
type anthropic struct{ cfg Config }

func newAnthropic(cfg Config) Adapter { return &anthropic{cfg: cfg} }

func (a *anthropic) Code() string  { return Claude }
func (a *anthropic) Model() string { return a.cfg.Model }

// anthropicVersion is the API version header the request shapes follow.
const anthropicVersion = "2023-06-01"

// anthropicMaxTokens bounds the answer, thinking included; only what is
// generated is billed, so it is generous.
const anthropicMaxTokens = 8192

// anthropicContinuations bounds how often a paused turn is continued.
const anthropicContinuations = 2

type anthropicRequest struct {
	Model     string             `json:"model"`
	MaxTokens int                `json:"max_tokens"`
	Messages  []anthropicMessage `json:"messages"`
	Tools     []anthropicTool    `json:"tools"`
}

type anthropicMessage struct {
	Role    string `json:"role"`
	Content any    `json:"content"` // the prompt, or the paused turn's blocks
}

type anthropicTool struct {
	Type         string               `json:"type"`
	Name         string               `json:"name"`
	MaxUses      int                  `json:"max_uses"`
	UserLocation *approximateLocation `json:"user_location,omitempty"`
}

type anthropicResponse struct {
	Type       string            `json:"type"`
	Model      string            `json:"model"`
	StopReason string            `json:"stop_reason"`
	Content    []json.RawMessage `json:"content"`
	Usage      *struct {
		InputTokens   int64 `json:"input_tokens"`
		OutputTokens  int64 `json:"output_tokens"`
		ServerToolUse *struct {
			WebSearchRequests int64 `json:"web_search_requests"`
		} `json:"server_tool_use"`
	} `json:"usage"`
}

type anthropicBlock struct {
	Type      string          `json:"type"`
	Name      string          `json:"name"`  // of a server_tool_use
	Input     json.RawMessage `json:"input"` // of a server_tool_use: {"query": …}
	Text      string          `json:"text"`
	Citations []struct {
		Type  string `json:"type"`
		URL   string `json:"url"`
		Title string `json:"title"`
	} `json:"citations"`
	// Content of a web_search_tool_result: a list of results, or an
	// error object.
	Content json.RawMessage `json:"content"`
}

func (a *anthropic) Ask(ctx context.Context, req Request) (*Answer, error) {
	model := req.Model
	if model == "" {
		model = a.cfg.Model
	}
	tool := anthropicTool{Type: "web_search_20250305", Name: "web_search", MaxUses: a.cfg.MaxSearches}
	if req.Region != "" {
		tool.UserLocation = &approximateLocation{Type: "approximate", Country: strings.ToUpper(req.Region)}
	}
	body := anthropicRequest{
		Model:     model,
		MaxTokens: anthropicMaxTokens,
		Messages:  []anthropicMessage{{Role: "user", Content: req.Prompt}},
		Tools:     []anthropicTool{tool},
	}
	header := http.Header{"X-Api-Key": {req.APIKey}, "Anthropic-Version": {anthropicVersion}}

	ans := &Answer{Model: model, LocationSent: req.Region != ""}
	// billed is a failure of a call Anthropic billed: every round so far
	// is paid for, whatever happens next.
	billed := func(code, msg string) *Error {
		return &Error{Provider: Claude, Code: code, Message: cut(msg), Usage: ans.Usage, Model: ans.Model}
	}
	var raw []json.RawMessage
	var stop string
	for round := 0; ; round++ {
		data, err := post(ctx, a.cfg.HTTPClient, Claude, a.cfg.BaseURL+"/v1/messages", header, body, req.APIKey)
		if err != nil {
			return nil, withUsage(err, ans)
		}
		var r anthropicResponse
		if err := decode(Claude, data, &r); err != nil {
			return nil, withUsage(err, ans)
		}
		if r.Type != "message" || r.Content == nil {
			return nil, withUsage(malformed(Claude, "the reply is not a message with content"), ans)
		}
		if r.Model != "" {
			ans.Model = r.Model
		}
		if r.Usage != nil {
			ans.Usage.InputTokens += r.Usage.InputTokens
			ans.Usage.OutputTokens += r.Usage.OutputTokens
			if r.Usage.ServerToolUse != nil {
				ans.Usage.Searches += r.Usage.ServerToolUse.WebSearchRequests
			}
		}
		raw = append(raw, r.Content...)
		stop = r.StopReason
		if stop != "pause_turn" || round == anthropicContinuations {
			break
		}
		// Continue the paused turn as the Messages API documents
		// (docs/collect.md#fan-out-and-sources): the same request with
		// the turn so far, as returned, as the assistant's message.
		body.Messages = []anthropicMessage{body.Messages[0], {Role: "assistant", Content: raw}}
	}

	blocks := make([]anthropicBlock, len(raw))
	for i, b := range raw {
		if err := json.Unmarshal(b, &blocks[i]); err != nil {
			return nil, billed(ErrMalformed, "a content block is not the documented JSON: "+err.Error())
		}
	}
	// The answer is every text block in order, each with its citations:
	// text written before a later search is part of what the user reads.
	// Blocks a tool call separates are paragraphs apart.
	var text strings.Builder
	var c citer
	var q querier
	var src sourcer
	gap := false
	for _, b := range blocks {
		switch b.Type {
		case "text":
			if gap && text.Len() > 0 {
				text.WriteString("\n\n")
			}
			gap = false
			text.WriteString(b.Text)
			for _, ct := range b.Citations {
				if ct.Type == "web_search_result_location" {
					c.add(ct.URL, ct.Title, citationInline)
				}
			}
		case "server_tool_use":
			gap = true
			if b.Name == "web_search" {
				var in struct {
					Query string `json:"query"`
				}
				if json.Unmarshal(b.Input, &in) == nil {
					q.add(in.Query)
				}
			}
		case "web_search_tool_result":
			gap = true
			var results []struct {
				Type    string  `json:"type"`
				URL     string  `json:"url"`
				Title   string  `json:"title"`
				PageAge *string `json:"page_age"`
			}
			if json.Unmarshal(b.Content, &results) != nil {
				continue // a web_search_tool_result_error: no results
			}
			for _, res := range results {
				if res.Type == "web_search_result" {
					var age *string
					if res.PageAge != nil {
						age = publishedDate(*res.PageAge)
					}
					src.add(res.URL, res.Title, age)
				}
			}
		default:
			gap = true
		}
	}
	for _, s := range src.list {
		c.add(s.URL, s.Title, citationSource)
	}
	ans.Text = strings.TrimSpace(text.String())
	switch stop {
	case "refusal":
		return nil, billed(ErrRefused, "Claude declined to answer (stop_reason refusal)")
	case "max_tokens", "model_context_window_exceeded", "pause_turn":
		// An answer that did not end, or a turn still paused after the
		// continuations, is not the answer a user reads.
		return nil, billed(ErrTruncated, "the answer did not finish (stop_reason "+stop+")")
	}
	if ans.Text == "" {
		return nil, billed(ErrEmpty, "the reply has no answer text (stop_reason "+stop+")")
	}
	ans.Citations = c.citations()
	ans.SearchQueries = q.queries()
	ans.Sources = src.sources(ans.Citations)
	return ans, nil
}

// withUsage gives a failure after billed rounds the usage of those rounds.
func withUsage(err error, ans *Answer) error {
	if e, ok := err.(*Error); ok && !ans.Usage.IsZero() {
		e.Usage, e.Model = ans.Usage, ans.Model
	}
	return err
}
