package provider

import (
	"context"
	"net/http"
	"sort"
	"strings"
)

// openAI asks ChatGPT's models through the OpenAI Responses API with the
// web_search tool, as documented at
// https://developers.openai.com/api/docs/guides/tools-web-search and
// https://developers.openai.com/api/docs/api-reference/responses/create.
//
// The answer is the output_text of the message items. Its url_citation
// annotations are the inline citations, in text order; the URLs of the
// web_search_call actions' sources (asked for with include) that no
// annotation cites are the sources. A refusal content part, or an
// incomplete response whose reason is content_filter, is ErrRefused; any
// other incomplete response (max_output_tokens) is ErrTruncated.
// Searches count the web_search_call items whose action is a search (open
// page and find in page are not billed as searches); max_tool_calls caps
// them per call. The fan-out queries are the search actions' queries (the
// singular query, deprecated, when a reply has no queries list); the
// retrieved sources are every action's sources.
type openAI struct{ cfg Config }

func newOpenAI(cfg Config) Adapter { return &openAI{cfg: cfg} }

func (a *openAI) Code() string  { return ChatGPT }
func (a *openAI) Model() string { return a.cfg.Model }

type approximateLocation struct {
	Type    string `json:"type"` // always "approximate"
	Country string `json:"country"`
}

type openAIRequest struct {
	Model   string       `json:"model"`
	Input   string       `json:"input"`
	Tools   []openAITool `json:"tools"`
	Include []string     `json:"include"`
	// Store false: a customer's prompts are not kept at OpenAI for
	// later retrieval; Sightline stores the answer itself.
	Store bool `json:"store"`
	// MaxToolCalls caps the built-in tool calls (searches) of the
	// response, as Claude's max_uses does.
	MaxToolCalls int `json:"max_tool_calls"`
}

type openAITool struct {
	Type         string               `json:"type"`
	UserLocation *approximateLocation `json:"user_location,omitempty"`
}

type openAIResponse struct {
	Model  string `json:"model"`
	Status string `json:"status"`
	Error  *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	IncompleteDetails *struct {
		Reason string `json:"reason"`
	} `json:"incomplete_details"`
	Output []struct {
		Type   string `json:"type"`
		Action *struct {
			Type    string   `json:"type"`
			Query   string   `json:"query"`
			Queries []string `json:"queries"`
			Sources []struct {
				Type string `json:"type"`
				URL  string `json:"url"`
			} `json:"sources"`
		} `json:"action"`
		Content []struct {
			Type        string `json:"type"`
			Text        string `json:"text"`
			Refusal     string `json:"refusal"`
			Annotations []struct {
				Type       string `json:"type"`
				StartIndex int    `json:"start_index"`
				URL        string `json:"url"`
				Title      string `json:"title"`
			} `json:"annotations"`
		} `json:"content"`
	} `json:"output"`
	Usage *struct {
		InputTokens  int64 `json:"input_tokens"`
		OutputTokens int64 `json:"output_tokens"`
	} `json:"usage"`
}

func (a *openAI) Ask(ctx context.Context, req Request) (*Answer, error) {
	model := req.Model
	if model == "" {
		model = a.cfg.Model
	}
	tool := openAITool{Type: "web_search"}
	if req.Region != "" {
		tool.UserLocation = &approximateLocation{Type: "approximate", Country: strings.ToUpper(req.Region)}
	}
	body := openAIRequest{
		Model:        model,
		Input:        req.Prompt,
		Tools:        []openAITool{tool},
		Include:      []string{"web_search_call.action.sources"},
		MaxToolCalls: a.cfg.MaxSearches,
	}
	header := http.Header{"Authorization": {"Bearer " + req.APIKey}}
	data, err := post(ctx, a.cfg.HTTPClient, ChatGPT, a.cfg.BaseURL+"/responses", header, body, req.APIKey)
	if err != nil {
		return nil, err
	}
	var r openAIResponse
	if err := decode(ChatGPT, data, &r); err != nil {
		return nil, err
	}
	if r.Output == nil {
		return nil, malformed(ChatGPT, "the reply has no output")
	}
	ans := &Answer{Model: r.Model, LocationSent: req.Region != ""}
	if ans.Model == "" {
		ans.Model = model
	}
	if r.Usage != nil {
		ans.Usage.InputTokens, ans.Usage.OutputTokens = r.Usage.InputTokens, r.Usage.OutputTokens
	}
	for _, item := range r.Output {
		if item.Type == "web_search_call" && (item.Action == nil || item.Action.Type == "search") {
			ans.Usage.Searches++
		}
	}
	// A reply that failed is billed for what it used all the same.
	billed := func(code, msg string, retry bool) *Error {
		return &Error{Provider: ChatGPT, Code: code, Retryable: retry, Message: cut(redact(msg, req.APIKey)), Usage: ans.Usage, Model: ans.Model}
	}
	switch r.Status {
	case "completed", "incomplete":
	case "failed":
		msg := "the response failed"
		if r.Error != nil && r.Error.Message != "" {
			msg = r.Error.Code + ": " + r.Error.Message
		}
		return nil, billed(ErrServer, msg, true)
	default:
		return nil, malformed(ChatGPT, "unexpected response status %q", r.Status)
	}

	var texts, refusals []string
	var c citer
	var q querier
	var src sourcer
	for _, item := range r.Output {
		switch item.Type {
		case "web_search_call":
			if item.Action == nil {
				continue
			}
			if item.Action.Type == "search" {
				for _, query := range item.Action.Queries {
					q.add(query)
				}
				if len(item.Action.Queries) == 0 {
					q.add(item.Action.Query)
				}
			}
			for _, s := range item.Action.Sources {
				src.add(s.URL, "", nil)
			}
		case "message":
			for _, part := range item.Content {
				switch part.Type {
				case "output_text":
					texts = append(texts, part.Text)
					anns := part.Annotations
					sort.SliceStable(anns, func(i, j int) bool { return anns[i].StartIndex < anns[j].StartIndex })
					for _, an := range anns {
						if an.Type == "url_citation" {
							c.add(an.URL, an.Title, citationInline)
						}
					}
				case "refusal":
					refusals = append(refusals, part.Refusal)
				}
			}
		}
	}
	for _, item := range r.Output {
		if item.Type == "web_search_call" && item.Action != nil {
			for _, s := range item.Action.Sources {
				c.add(s.URL, "", citationSource)
			}
		}
	}
	ans.Text = strings.TrimSpace(strings.Join(texts, "\n\n"))
	reason := ""
	if r.Status == "incomplete" && r.IncompleteDetails != nil {
		reason = r.IncompleteDetails.Reason
	}
	if ans.Text == "" && (len(refusals) > 0 || reason == "content_filter") {
		msg := strings.Join(refusals, " ")
		if msg == "" {
			msg = "the answer was stopped by the content filter"
		}
		return nil, billed(ErrRefused, msg, false)
	}
	if r.Status == "incomplete" {
		// An answer cut off is not the answer a user reads: analyzed, it
		// would skew every mention metric (docs/collect.md#fan-out-and-sources).
		if reason == "" {
			reason = "unknown"
		}
		return nil, billed(ErrTruncated, "the answer did not finish (incomplete: "+reason+")", false)
	}
	if ans.Text == "" {
		return nil, billed(ErrEmpty, "the reply has no answer text", false)
	}
	ans.Citations = c.citations()
	ans.SearchQueries = q.queries()
	ans.Sources = src.sources(ans.Citations)
	return ans, nil
}
