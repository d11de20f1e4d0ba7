package provider

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"
)

// gemini asks Gemini through the Gemini API's generateContent with the
// google_search tool (Grounding with Google Search), as documented at
// https://ai.google.dev/gemini-api/docs/google-search and
// https://ai.google.dev/api/generate-content.
//
// The answer is the text of the first candidate's parts (thought parts
// left out). Its groundingMetadata ties segments of the text
// (groundingSupports) to groundingChunks: a chunk a support references is
// an inline citation, in the order of the segments; a chunk no support
// references is a source. A prompt blocked by promptFeedback, or a
// candidate that finished for SAFETY, PROHIBITED_CONTENT, BLOCKLIST, SPII
// or RECITATION, is ErrRefused; one that finished for MAX_TOKENS is
// ErrTruncated. The fan-out queries are webSearchQueries, each once and
// none empty, and Searches counts them: Gemini 3 models bill each search
// query. Every grounding chunk is a retrieved source.
//
// The Gemini API takes no user location for Google Search grounding (its
// toolConfig.retrievalConfig.latLng is for Google Maps grounding only), so
// the region is not sent and Answer.LocationSent is false.
//
// Chunk URIs are redirect links
// (https://vertexaisearch.cloud.google.com/grounding-api-redirect/…) that
// hide the cited page. Each distinct one, at most geminiMaxResolve per
// answer, is resolved by one HEAD request (a GET when HEAD is not
// allowed) through Config.ResolveClient that does not follow the
// redirect and reads its Location, within geminiResolveTimeout. When that
// fails (an error, no Location, a Location that is itself a redirect
// link), a chunk whose title or domain is a bare domain name is recorded
// as https://<domain>/; only when nothing better is known is the redirect
// link itself recorded (docs/collect.md).
type gemini struct{ cfg Config }

func newGemini(cfg Config) Adapter { return &gemini{cfg: cfg} }

func (a *gemini) Code() string  { return Gemini }
func (a *gemini) Model() string { return a.cfg.Model }

const (
	// geminiMaxResolve bounds the redirect links resolved per answer.
	geminiMaxResolve = 10
	// geminiResolveTimeout bounds each resolution.
	geminiResolveTimeout = 5 * time.Second
	// geminiRedirectHost and geminiRedirectPath identify a redirect link.
	geminiRedirectHost = "vertexaisearch.cloud.google.com"
	geminiRedirectPath = "/grounding-api-redirect/"
)

// geminiRefusals are the finish reasons that mean the answer was withheld.
var geminiRefusals = map[string]bool{"SAFETY": true, "PROHIBITED_CONTENT": true, "BLOCKLIST": true, "SPII": true, "RECITATION": true}

type geminiRequest struct {
	Contents []geminiContent `json:"contents"`
	Tools    []geminiTool    `json:"tools"`
}

type geminiContent struct {
	Role  string       `json:"role"`
	Parts []geminiPart `json:"parts"`
}

type geminiPart struct {
	Text string `json:"text"`
}

type geminiTool struct {
	GoogleSearch struct{} `json:"google_search"`
}

type geminiChunk struct {
	Web *struct {
		URI    string `json:"uri"`
		Title  string `json:"title"`
		Domain string `json:"domain"`
	} `json:"web"`
}

type geminiResponse struct {
	Candidates []struct {
		Content *struct {
			Parts []struct {
				Text    string `json:"text"`
				Thought bool   `json:"thought"`
			} `json:"parts"`
		} `json:"content"`
		FinishReason      string `json:"finishReason"`
		GroundingMetadata *struct {
			WebSearchQueries  []string      `json:"webSearchQueries"`
			GroundingChunks   []geminiChunk `json:"groundingChunks"`
			GroundingSupports []struct {
				Segment struct {
					StartIndex int `json:"startIndex"`
				} `json:"segment"`
				GroundingChunkIndices []int `json:"groundingChunkIndices"`
			} `json:"groundingSupports"`
		} `json:"groundingMetadata"`
	} `json:"candidates"`
	PromptFeedback *struct {
		BlockReason        string `json:"blockReason"`
		BlockReasonMessage string `json:"blockReasonMessage"`
	} `json:"promptFeedback"`
	UsageMetadata *struct {
		PromptTokenCount        int64 `json:"promptTokenCount"`
		CandidatesTokenCount    int64 `json:"candidatesTokenCount"`
		ToolUsePromptTokenCount int64 `json:"toolUsePromptTokenCount"`
		ThoughtsTokenCount      int64 `json:"thoughtsTokenCount"`
	} `json:"usageMetadata"`
	ModelVersion string `json:"modelVersion"`
}

func (a *gemini) Ask(ctx context.Context, req Request) (*Answer, error) {
	model := req.Model
	if model == "" {
		model = a.cfg.Model
	}
	model = strings.TrimPrefix(model, "models/")
	body := geminiRequest{
		Contents: []geminiContent{{Role: "user", Parts: []geminiPart{{Text: req.Prompt}}}},
		Tools:    []geminiTool{{}},
	}
	header := http.Header{"X-Goog-Api-Key": {req.APIKey}}
	endpoint := a.cfg.BaseURL + "/v1beta/models/" + url.PathEscape(model) + ":generateContent"
	data, err := post(ctx, a.cfg.HTTPClient, Gemini, endpoint, header, body, req.APIKey)
	if err != nil {
		return nil, err
	}
	var r geminiResponse
	if err := decode(Gemini, data, &r); err != nil {
		return nil, err
	}
	if pf := r.PromptFeedback; pf != nil && pf.BlockReason != "" {
		msg := "the prompt was blocked: " + pf.BlockReason
		if pf.BlockReasonMessage != "" {
			msg += ": " + pf.BlockReasonMessage
		}
		return nil, &Error{Provider: Gemini, Code: ErrRefused, Message: cut(msg)}
	}
	if r.Candidates == nil {
		return nil, malformed(Gemini, "the reply has no candidates")
	}

	ans := &Answer{Model: r.ModelVersion}
	if ans.Model == "" {
		ans.Model = model
	}
	if u := r.UsageMetadata; u != nil {
		// Grounding results (toolUsePromptTokenCount) are counted as
		// input and thinking as output, which errs towards a higher
		// estimated cost rather than a lower one.
		ans.Usage.InputTokens = u.PromptTokenCount + u.ToolUsePromptTokenCount
		ans.Usage.OutputTokens = u.CandidatesTokenCount + u.ThoughtsTokenCount
	}
	if len(r.Candidates) == 0 {
		return nil, &Error{Provider: Gemini, Code: ErrEmpty, Message: "the reply has no candidate"}
	}
	cand := r.Candidates[0]
	// Gemini 3 models bill each distinct search query, so an empty or
	// repeated one is no search (docs/collect.md#keys-spending-and-what-is-stored).
	var q querier
	if gm := cand.GroundingMetadata; gm != nil {
		for _, query := range gm.WebSearchQueries {
			q.add(query)
		}
	}
	ans.SearchQueries = q.queries()
	ans.Usage.Searches = int64(len(ans.SearchQueries))
	billed := func(code, msg string) *Error {
		return &Error{Provider: Gemini, Code: code, Message: cut(msg), Usage: ans.Usage, Model: ans.Model}
	}
	if geminiRefusals[cand.FinishReason] {
		return nil, billed(ErrRefused, "the answer was withheld (finishReason "+cand.FinishReason+")")
	}
	if cand.FinishReason == "MAX_TOKENS" {
		return nil, billed(ErrTruncated, "the answer did not finish (finishReason MAX_TOKENS)")
	}
	var text strings.Builder
	if cand.Content != nil {
		for _, p := range cand.Content.Parts {
			if !p.Thought {
				text.WriteString(p.Text)
			}
		}
	}
	ans.Text = strings.TrimSpace(text.String())
	if ans.Text == "" {
		return nil, billed(ErrEmpty, "the reply has no answer text (finishReason "+cand.FinishReason+")")
	}
	gm := cand.GroundingMetadata
	if gm == nil {
		return ans, nil
	}

	// Chunks in citation order: referenced ones by segment, then the rest.
	supports := gm.GroundingSupports
	sort.SliceStable(supports, func(i, j int) bool { return supports[i].Segment.StartIndex < supports[j].Segment.StartIndex })
	var order []int
	inline := map[int]bool{}
	for _, s := range supports {
		for _, i := range s.GroundingChunkIndices {
			if i >= 0 && i < len(gm.GroundingChunks) && !inline[i] {
				inline[i] = true
				order = append(order, i)
			}
		}
	}
	for i := range gm.GroundingChunks {
		if !inline[i] {
			order = append(order, i)
		}
	}
	urls := a.resolveAll(ctx, gm.GroundingChunks, order)
	var c citer
	for _, i := range order {
		web := gm.GroundingChunks[i].Web
		if web == nil {
			continue
		}
		typ := citationSource
		if inline[i] {
			typ = citationInline
		}
		c.add(urls[i], web.Title, typ)
	}
	ans.Citations = c.citations()
	// Every grounding chunk is a page retrieved; Gemini gives no date.
	var src sourcer
	for i, ch := range gm.GroundingChunks {
		if ch.Web != nil {
			src.add(urls[i], ch.Web.Title, nil)
		}
	}
	ans.Sources = src.sources(ans.Citations)
	return ans, nil
}

// resolveAll returns the URL to record for each chunk, resolving the
// first geminiMaxResolve distinct redirect links (in citation order) at
// once.
func (a *gemini) resolveAll(ctx context.Context, chunks []geminiChunk, order []int) []string {
	urls := make([]string, len(chunks))
	var links []string
	seen := map[string]bool{}
	for _, i := range order {
		web := chunks[i].Web
		if web == nil || !isRedirectLink(web.URI) || seen[web.URI] || len(links) == geminiMaxResolve {
			continue
		}
		seen[web.URI] = true
		links = append(links, web.URI)
	}
	targets := make([]string, len(links))
	var wg sync.WaitGroup
	for i, link := range links {
		wg.Add(1)
		go func() {
			defer wg.Done()
			targets[i] = a.resolve(ctx, link)
		}()
	}
	wg.Wait()
	resolved := make(map[string]string, len(links))
	for i, link := range links {
		resolved[link] = targets[i]
	}
	for i, ch := range chunks {
		if ch.Web == nil {
			continue
		}
		urls[i] = ch.Web.URI
		if !isRedirectLink(ch.Web.URI) {
			continue
		}
		if target := resolved[ch.Web.URI]; target != "" {
			urls[i] = target
		} else if d := bareDomain(ch.Web.Domain); d != "" {
			urls[i] = "https://" + d + "/"
		} else if d := bareDomain(ch.Web.Title); d != "" {
			urls[i] = "https://" + d + "/"
		}
	}
	return urls
}

// resolve reads the Location a redirect link answers with, without
// following it; "" when it has none worth recording.
func (a *gemini) resolve(ctx context.Context, link string) string {
	ctx, cancel := context.WithTimeout(ctx, geminiResolveTimeout)
	defer cancel()
	client := *a.cfg.ResolveClient
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	for _, method := range []string{http.MethodHead, http.MethodGet} {
		req, err := http.NewRequestWithContext(ctx, method, link, nil)
		if err != nil {
			return ""
		}
		req.Header.Set("User-Agent", userAgent)
		resp, err := client.Do(req)
		if err != nil {
			return ""
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		if resp.StatusCode == http.StatusMethodNotAllowed || resp.StatusCode == http.StatusNotImplemented {
			continue // HEAD not allowed: try GET
		}
		if resp.StatusCode < 300 || resp.StatusCode > 399 {
			return ""
		}
		loc, err := resp.Location()
		if err != nil || (loc.Scheme != "http" && loc.Scheme != "https") || loc.Host == "" || isRedirectLink(loc.String()) {
			return ""
		}
		return loc.String()
	}
	return ""
}

func isRedirectLink(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && strings.EqualFold(u.Hostname(), geminiRedirectHost) && strings.HasPrefix(u.Path, geminiRedirectPath)
}

// bareDomain returns s lower-cased when it is a domain name and nothing
// else ("example.com", "www.bbc.co.uk"), "" otherwise.
func bareDomain(s string) string {
	s = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(s), "."))
	labels := strings.Split(s, ".")
	if len(s) > 253 || len(labels) < 2 {
		return ""
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return ""
		}
		for i := 0; i < len(l); i++ {
			c := l[i]
			if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
				return ""
			}
		}
	}
	if tld := labels[len(labels)-1]; tld[0] >= '0' && tld[0] <= '9' {
		return "" // an IP address, not a domain
	}
	return s
}
