package provider

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"

	"github.com/sightline/sightline"
)

// DataForSEO serves the two Google surfaces through its Live SERP API, as
// documented at https://docs.dataforseo.com/v3/serp/google/organic/live/advanced
// (the ai_overview item of the organic results, load_async_ai_overview),
// https://docs.dataforseo.com/v3/serp/google/ai_mode/live/advanced and
// https://docs.dataforseo.com/v3/appendix/errors: POST a one-task array
// with HTTP Basic auth of the account's login and password (the
// credential is stored as "login:password").
//
// Both endpoints put the answer in an ai_overview item whose items are
// ai_overview_element objects (title, text, markdown, references) and
// whose references list every source. The answer is the elements'
// Markdown in order; an element's references are inline citations, and
// the item's other references are sources. Paid items of the organic
// results are the run's ads. A reply's status_code is the outcome:
// 20000 is success, 40102 "No Search Results" means nothing was shown,
// 401xx is a credential refused, 40202 a rate limit, 5xxxx a server
// error. Each task is one billed SERP.

type dataforseoReference struct {
	Source string `json:"source"`
	Domain string `json:"domain"`
	URL    string `json:"url"`
	Title  string `json:"title"`
}

type dataforseoItem struct {
	Type        string                `json:"type"`
	Title       string                `json:"title"`
	Text        string                `json:"text"`
	Markdown    string                `json:"markdown"`
	Description string                `json:"description"`
	URL         string                `json:"url"`
	Domain      string                `json:"domain"`
	Items       []dataforseoItem      `json:"items"`
	References  []dataforseoReference `json:"references"`
}

type dataforseoReply struct {
	StatusCode    int    `json:"status_code"`
	StatusMessage string `json:"status_message"`
	Tasks         []struct {
		StatusCode    int    `json:"status_code"`
		StatusMessage string `json:"status_message"`
		Result        []struct {
			Items []dataforseoItem `json:"items"`
		} `json:"result"`
	} `json:"tasks"`
}

// dataforseoNoResults is the task status of a search with nothing shown.
const dataforseoNoResults = 40102

type dataforseoTask struct {
	Keyword      string `json:"keyword"`
	LocationCode int    `json:"location_code"`
	LanguageCode string `json:"language_code"`
	Device       string `json:"device,omitempty"`
	// LoadAsyncAIOverview asks DataForSEO to load an overview Google
	// defers, within the same task.
	LoadAsyncAIOverview bool `json:"load_async_ai_overview,omitempty"`
}

func dataforseoOverview(ctx context.Context, cfg Config, base string, req Request) (*Answer, error) {
	return dataforseoAsk(ctx, cfg, base, GoogleAIOverviews, "/v3/serp/google/organic/live/advanced", req, true)
}

func dataforseoAIMode(ctx context.Context, cfg Config, base string, req Request) (*Answer, error) {
	return dataforseoAsk(ctx, cfg, base, GoogleAIMode, "/v3/serp/google/ai_mode/live/advanced", req, false)
}

func dataforseoAsk(ctx context.Context, cfg Config, base, name, path string, req Request, organic bool) (*Answer, error) {
	login, password, ok := strings.Cut(req.APIKey, ":")
	if !ok || login == "" || password == "" {
		return nil, &Error{Provider: name, Code: ErrAuth, Message: "the dataforseo credential must be login:password"}
	}
	region := req.Region
	if region == "" {
		region = "us"
	}
	c, ok := countries[region]
	if !ok {
		return nil, &Error{Provider: name, Code: ErrBadRequest, Message: fmt.Sprintf("no DataForSEO location for region %q", region)}
	}
	task := dataforseoTask{Keyword: req.Prompt, LocationCode: c.location, LanguageCode: c.language}
	if organic {
		task.Device, task.LoadAsyncAIOverview = "desktop", true
	}
	header := http.Header{"Authorization": {"Basic " + base64.StdEncoding.EncodeToString([]byte(login+":"+password))}}
	data, err := post(ctx, cfg.HTTPClient, name, base+path, header, []dataforseoTask{task}, password)
	if err != nil {
		return nil, err
	}
	var r dataforseoReply
	if err := decode(name, data, &r); err != nil {
		return nil, err
	}
	if err := dataforseoStatus(name, r.StatusCode, r.StatusMessage, password); err != nil {
		return nil, err
	}
	if len(r.Tasks) == 0 {
		return nil, malformed(name, "the reply has no tasks")
	}
	t := r.Tasks[0]
	ans := &Answer{LocationSent: req.Region != "", Usage: Usage{Searches: 1}}
	if t.StatusCode == dataforseoNoResults {
		if organic {
			ans.NotShown = true
			return ans, nil
		}
		return nil, &Error{Provider: name, Code: ErrEmpty, Message: t.StatusMessage}
	}
	if err := dataforseoStatus(name, t.StatusCode, t.StatusMessage, password); err != nil {
		return nil, err
	}
	var overview *dataforseoItem
	for _, res := range t.Result {
		for i := range res.Items {
			it := &res.Items[i]
			switch it.Type {
			case "ai_overview":
				if overview == nil {
					overview = it
				}
			case "paid":
				if ad, ok := adFrom(it.Domain, it.URL, it.Title+" "+it.Description); ok {
					ans.Ads = append(ans.Ads, ad)
				}
			}
		}
	}
	if overview != nil {
		ans.Text, ans.Citations = dataforseoRender(overview)
	}
	if ans.Text == "" {
		if organic {
			ans.NotShown = true
			return ans, nil
		}
		return nil, &Error{Provider: name, Code: ErrEmpty, Message: "the reply has no ai_overview text"}
	}
	return ans, nil
}

// dataforseoStatus turns a status_code other than 20000 into an *Error.
func dataforseoStatus(name string, code int, message, secret string) error {
	if code == 20000 {
		return nil
	}
	e := &Error{Provider: name, Code: ErrBadRequest, Message: cut(redact(fmt.Sprintf("%d %s", code, message), secret))}
	switch {
	case code == 0:
		return malformed(name, "the reply has no status_code")
	case code >= 40100 && code < 40200:
		e.Code = ErrAuth
	case code == 40202:
		e.Code, e.Retryable = ErrRateLimited, true
	case code >= 50000:
		e.Code, e.Retryable = ErrServer, true
	}
	return e
}

// dataforseoRender writes an ai_overview item's elements as Markdown, an
// element's title as a heading before its text when its Markdown lacks
// one.
func dataforseoRender(ov *dataforseoItem) (string, []sightline.RunCitation) {
	var md markdown
	var c citer
	for _, el := range ov.Items {
		text := strings.TrimSpace(el.Markdown)
		if text == "" {
			text = strings.TrimSpace(el.Text)
			if t := strings.TrimSpace(el.Title); t != "" {
				text = "## " + t + "\n\n" + text
			}
		}
		md.add(text)
		for _, r := range el.References {
			c.add(r.URL, r.Title, citationInline)
		}
	}
	if len(ov.Items) == 0 {
		md.add(ov.Markdown)
	}
	for _, r := range ov.References {
		c.add(r.URL, r.Title, citationSource)
	}
	return md.String(), c.citations()
}
