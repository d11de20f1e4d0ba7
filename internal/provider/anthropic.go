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
// The answer is the text blocks after the last search (the text before
// it is Claude announcing the search, which a user of Claude does not
// read as the answer). The web_search_result_location citations of those
// blocks are the inline citations, in text order; the results of the
// web_search_tool_result blocks that no text block cites are the sources.
// stop_reason "refusal" is ErrRefused. A turn the API paused
// (stop_reason "pause_turn", a long server-tool loop) is continued, at
// most twice, as the documentation says, and the usage of every round
// is added up.
type anthropic struct{ cfg Config }

func newAnthropic(cfg Config) Adapter { return &anthropic{cfg: cfg} }

func (a *anthropic) Code() string  { return Claude }
func (a *anthropic) Model() string { return a.cfg.Model }

// anthropicVersion is the API version header the request shapes follow.
const anthropicVersion = "2023-06-01"

// anthropicMaxTokens bounds the answer, thinking included; only what is
// generated is billed, so it is generous.
const anthropicMaxTokens = 8192

// anthropicMaxSearches is the tool's max_uses: enough for an assistant
// answer, a bound on the $10 per 1,000 searches.
const anthropicMaxSearches = 5

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
	Type      string `json:"type"`
	Text      string `json:"text"`
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
	tool := anthropicTool{Type: "web_search_20250305", Name: "web_search", MaxUses: anthropicMaxSearches}
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
	var raw []json.RawMessage
	var stop string
	for round := 0; ; round++ {
		data, err := post(ctx, a.cfg.HTTPClient, Claude, a.cfg.BaseURL+"/v1/messages", header, body, req.APIKey)
		if err != nil {
			return nil, err
		}
		var r anthropicResponse
		if err := decode(Claude, data, &r); err != nil {
			return nil, err
		}
		if r.Type != "message" || r.Content == nil {
			return nil, malformed(Claude, "the reply is not a message with content")
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
		// Continue the paused turn: the same request with the turn so
		// far as the assistant's message.
		body.Messages = []anthropicMessage{body.Messages[0], {Role: "assistant", Content: raw}}
	}

	blocks := make([]anthropicBlock, len(raw))
	lastTool := -1
	for i, b := range raw {
		if err := json.Unmarshal(b, &blocks[i]); err != nil {
			return nil, malformed(Claude, "a content block is not the documented JSON: %v", err)
		}
		if t := blocks[i].Type; t == "server_tool_use" || t == "web_search_tool_result" {
			lastTool = i
		}
	}
	answer := blocks[lastTool+1:]
	if !hasText(answer) {
		answer = blocks
	}
	var text strings.Builder
	var c citer
	for _, b := range answer {
		if b.Type != "text" {
			continue
		}
		text.WriteString(b.Text)
		for _, ct := range b.Citations {
			if ct.Type == "web_search_result_location" {
				c.add(ct.URL, ct.Title, citationInline)
			}
		}
	}
	for _, b := range blocks {
		if b.Type != "web_search_tool_result" {
			continue
		}
		var results []struct {
			Type  string `json:"type"`
			URL   string `json:"url"`
			Title string `json:"title"`
		}
		if json.Unmarshal(b.Content, &results) != nil {
			continue // a web_search_tool_result_error: no results
		}
		for _, res := range results {
			if res.Type == "web_search_result" {
				c.add(res.URL, res.Title, citationSource)
			}
		}
	}
	ans.Text = strings.TrimSpace(text.String())
	if stop == "refusal" {
		return nil, &Error{Provider: Claude, Code: ErrRefused, Message: "Claude declined to answer (stop_reason refusal)"}
	}
	if ans.Text == "" {
		return nil, &Error{Provider: Claude, Code: ErrEmpty, Message: "the reply has no answer text (stop_reason " + stop + ")"}
	}
	ans.Citations = c.citations()
	return ans, nil
}

func hasText(blocks []anthropicBlock) bool {
	for _, b := range blocks {
		if b.Type == "text" && strings.TrimSpace(b.Text) != "" {
			return true
		}
	}
	return false
}
