// Package client is a typed Go client of Sightline's public REST API
// (/api/v2, API key in the X-API-KEY header).
//
// Every operation of the public surface has one method. List methods take a
// params struct whose fields carry the exact query names of the API
// (filter[...], page, page_size, sort) and return a List of the root
// package's types; single-resource methods return the resource. A non-2xx
// answer comes back as *Error with the envelope's code, message and details
// and the HTTP status.
//
// The API key is set per client (Client.APIKey) or per call (WithAPIKey);
// the per-call key wins. The MCP tool server uses one shared Client without
// a key and passes each caller's key per call, so that a key lives only as
// long as the request that brought it.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// APIKeyHeader carries the API key on every request (docs/api.md).
const APIKeyHeader = "X-API-KEY"

// maxResponseBytes caps how much of a response body the client reads.
const maxResponseBytes = 64 << 20

// Client talks to one Sightline API. It is safe for concurrent use; its
// fields must not change once calls have started.
type Client struct {
	// BaseURL is the API's origin, e.g. http://127.0.0.1:8080 (paths start
	// with /api/v2).
	BaseURL string
	// APIKey is sent when a call's context carries none (WithAPIKey).
	APIKey string
	// HTTPClient sends the requests; nil means a client with a 60 s timeout
	// that never follows redirects.
	HTTPClient *http.Client
	// UserAgent is sent as User-Agent; empty means "sightline-client/<version>".
	UserAgent string
}

// New returns a client of the API at baseURL (scheme and host, optionally a
// path prefix). It checks the URL and sets a default HTTP client that does
// not follow redirects: a redirect would carry the key to another host.
func New(baseURL, apiKey string) (*Client, error) {
	u, err := url.Parse(baseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("client: base URL %q must be an absolute http(s) URL", baseURL)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("client: base URL %q must not have a query or fragment", baseURL)
	}
	return &Client{BaseURL: strings.TrimRight(u.String(), "/"), APIKey: apiKey, HTTPClient: NewHTTPClient(60 * time.Second)}, nil
}

// NewHTTPClient returns an HTTP client with the given overall timeout that
// never follows redirects: X-API-KEY is a custom header, which net/http
// would forward to whatever host a redirect names.
func NewHTTPClient(timeout time.Duration) *http.Client {
	return &http.Client{
		Timeout: timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

var defaultHTTPClient = NewHTTPClient(60 * time.Second)

type apiKeyContextKey struct{}

// WithAPIKey returns a context whose calls carry key instead of the
// client's own.
func WithAPIKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, apiKeyContextKey{}, key)
}

// apiKey returns the key for a call: the context's, else the client's.
func (c *Client) apiKey(ctx context.Context) string {
	if k, ok := ctx.Value(apiKeyContextKey{}).(string); ok && k != "" {
		return k
	}
	return c.APIKey
}

// List is one page of a list endpoint: {data: [...], meta: pagination_meta}.
type List[T any] struct {
	Data []T                `json:"data"`
	Meta sightline.PageMeta `json:"meta"`
}

// envelope is a successful single-resource payload: {data: ...}.
type envelope[T any] struct {
	Data T `json:"data"`
}

// getData sends a request and decodes the {data: ...} payload.
func getData[T any](ctx context.Context, c *Client, method, path string, query any, body any) (*T, error) {
	var env envelope[T]
	if err := c.do(ctx, method, path, query, body, &env); err != nil {
		return nil, err
	}
	return &env.Data, nil
}

// RateList is a list whose meta also carries the answer rates of the
// request's scope (docs/metrics.md#answer-rate): topics, share of voice.
type RateList[T any] struct {
	Data []T                      `json:"data"`
	Meta sightline.AnswerRateMeta `json:"meta"`
}

// getRateList is getList for a RateList.
func getRateList[T any](ctx context.Context, c *Client, path string, query any) (*RateList[T], error) {
	var l RateList[T]
	if err := c.do(ctx, http.MethodGet, path, query, nil, &l); err != nil {
		return nil, err
	}
	if l.Data == nil {
		l.Data = []T{}
	}
	if l.Meta.AnswerRate == nil {
		l.Meta.AnswerRate = []sightline.AnswerRate{}
	}
	return &l, nil
}

// getList sends a GET and decodes a list payload.
func getList[T any](ctx context.Context, c *Client, path string, query any) (*List[T], error) {
	var l List[T]
	if err := c.do(ctx, http.MethodGet, path, query, nil, &l); err != nil {
		return nil, err
	}
	if l.Data == nil {
		l.Data = []T{}
	}
	return &l, nil
}

// brandPath returns /api/v2/brands/{brandID} followed by the escaped
// segments.
func brandPath(brandID string, segments ...string) string {
	var b strings.Builder
	b.WriteString("/api/v2/brands/")
	b.WriteString(url.PathEscape(brandID))
	for _, s := range segments {
		b.WriteByte('/')
		b.WriteString(s)
	}
	return b.String()
}

// id escapes one path segment taken from the caller.
func id(s string) string { return url.PathEscape(s) }

// do sends one request. query is a params struct (see encodeQuery) or nil;
// body is JSON-encoded when non-nil; out receives the decoded 2xx body.
func (c *Client) do(ctx context.Context, method, path string, query any, body any, out any) error {
	key := c.apiKey(ctx)
	if key == "" {
		// Refuse locally: without a key the API can only answer 401, and a
		// tool server must not send anything upstream for a keyless caller.
		return &Error{Code: sightline.EUNAUTHORIZED, Message: "No API key: set one on the client or pass it with WithAPIKey."}
	}
	u := c.BaseURL + path
	if query != nil {
		if q := encodeQuery(query); len(q) > 0 {
			u += "?" + q.Encode()
		}
	}
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("client: encode %s %s body: %w", method, path, err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return fmt.Errorf("client: %s %s: %w", method, path, err)
	}
	req.Header.Set(APIKeyHeader, key)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	ua := c.UserAgent
	if ua == "" {
		ua = "sightline-client/" + sightline.Version
	}
	req.Header.Set("User-Agent", ua)

	hc := c.HTTPClient
	if hc == nil {
		hc = defaultHTTPClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		// The URL holds no secret (the key travels in a header), so the
		// transport error can be wrapped as is.
		return fmt.Errorf("client: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	if err != nil {
		return fmt.Errorf("client: read %s %s response: %w", method, path, err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return decodeError(resp, data)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("client: decode %s %s response: %w", method, path, err)
	}
	return nil
}

// IsCode reports whether err is an API error with the given code.
func IsCode(err error, code string) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}
