package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sightline/sightline"
)

// maxBody bounds what is read of any reply: a web-search answer is tens of
// kilobytes, so 8 MiB means something is wrong, not a long answer.
const maxBody = 8 << 20

// maxMessage bounds an error message as stored with a failed attempt.
const maxMessage = 300

// userAgent names the client to the providers, as their terms ask.
var userAgent = "sightline/" + sightline.Version + " (+https://github.com/sightline/sightline)"

// post sends body as JSON to url and returns the body of a 2xx reply. Any
// other outcome is an *Error carrying the provider's own message; key is
// removed from every message in case a provider echoes it.
func post(ctx context.Context, client *http.Client, provider, url string, header http.Header, body any, key string) ([]byte, error) {
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("%s: encoding the request: %w", provider, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(payload))
	if err != nil {
		return nil, &Error{Provider: provider, Code: ErrBadRequest, Message: redact(err.Error(), key)}
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	return send(client, req, provider, key)
}

// get sends a GET to url and returns the body of a 2xx reply, like post.
func get(ctx context.Context, client *http.Client, provider, url string, key string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, &Error{Provider: provider, Code: ErrBadRequest, Message: redact(err.Error(), key)}
	}
	data, err := send(client, req, provider, key)
	if err == nil && !json.Valid(data) {
		return nil, malformed(provider, "the reply is not JSON")
	}
	return data, err
}

// send does req and returns the body of a 2xx reply, at most maxBody
// bytes; any other outcome is an *Error without key in its message.
func send(client *http.Client, req *http.Request, provider, key string) ([]byte, error) {
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", userAgent)
	resp, err := client.Do(req)
	if err != nil {
		return nil, transportError(req.Context(), provider, err, key)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return nil, transportError(req.Context(), provider, err, key)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, statusError(provider, resp, data, key)
	}
	if len(data) > maxBody {
		return nil, malformed(provider, "the reply is larger than 8 MiB")
	}
	return data, nil
}

// transportError classifies a call that got no complete HTTP answer.
func transportError(ctx context.Context, provider string, err error, key string) *Error {
	e := &Error{Provider: provider, Code: ErrNetwork, Retryable: true, Message: cut(redact(err.Error(), key))}
	var ne net.Error
	switch {
	case errors.Is(err, context.Canceled) && ctx.Err() != nil:
		// The caller gave up: retrying would only be cancelled again.
		e.Retryable = false
		e.Message = "the call was cancelled"
	case errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()):
		e.Code = ErrTimeout
		e.Message = "no answer within the request timeout"
	}
	return e
}

// statusError turns a non-2xx reply into an *Error: 429 and 5xx (and 408)
// are retryable, 401 and 403 are auth errors, any other 4xx is a bad
// request. The message is the provider's own, from whichever of the
// documented error shapes the body has.
func statusError(provider string, resp *http.Response, body []byte, key string) *Error {
	e := &Error{Provider: provider, Status: resp.StatusCode}
	switch s := resp.StatusCode; {
	case s == http.StatusTooManyRequests:
		e.Code, e.Retryable = ErrRateLimited, true
	case s == http.StatusRequestTimeout:
		e.Code, e.Retryable = ErrTimeout, true
	case s >= 500:
		e.Code, e.Retryable = ErrServer, true
	case s == http.StatusUnauthorized || s == http.StatusForbidden:
		e.Code = ErrAuth
	default:
		e.Code = ErrBadRequest
	}
	msg, delay, badKey, billing := errorBody(body)
	if badKey {
		// Gemini answers a wrong key with 400 INVALID_ARGUMENT.
		e.Code = ErrAuth
	}
	if billing || resp.StatusCode == http.StatusPaymentRequired {
		// No credit or quota left: asking again will not help until
		// someone pays, and the rate-limit backoff would only hide it.
		e.Code, e.Retryable = ErrBilling, false
	}
	if msg == "" {
		msg = http.StatusText(resp.StatusCode)
	}
	e.Message = cut(redact(msg, key))
	if e.Retryable {
		e.RetryAfter = retryAfter(resp.Header, time.Now())
		if e.RetryAfter == 0 {
			e.RetryAfter = delay
		}
	}
	return e
}

// errorBody reads the message of the error shapes the four providers
// document: {"error": {"type"|"status", "message"}} (OpenAI, Anthropic,
// Gemini, Perplexity), {"error": "…"}, {"message": "…"} and FastAPI's
// {"detail": "…" | [{"msg": "…"}]} (Perplexity's 422). Gemini's
// google.rpc.RetryInfo retryDelay is returned as the delay, and its
// google.rpc.ErrorInfo reason API_KEY_INVALID as badKey. billing reports
// the documented "no credit" errors: OpenAI's (and Perplexity's)
// insufficient_quota, Anthropic's billing_error and its 400 "credit
// balance is too low", Gemini's FAILED_PRECONDITION asking to enable
// billing, SerpApi's account that "has run out of searches".
func errorBody(body []byte) (msg string, delay time.Duration, badKey, billing bool) {
	var b struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  json.RawMessage `json:"detail"`
		// StatusMessage is DataForSEO's.
		StatusMessage string `json:"status_message"`
	}
	if json.Unmarshal(body, &b) != nil {
		return strings.TrimSpace(string(body)), 0, false, false
	}
	var obj struct {
		Code    any    `json:"code"` // OpenAI: a string; Gemini: the HTTP status
		Type    string `json:"type"`
		Status  string `json:"status"`
		Message string `json:"message"`
		Details []struct {
			Type       string `json:"@type"`
			RetryDelay string `json:"retryDelay"`
			Reason     string `json:"reason"`
		} `json:"details"`
	}
	var str string
	switch {
	case json.Unmarshal(b.Error, &obj) == nil && obj.Message != "":
		kind := obj.Type
		if kind == "" {
			kind = obj.Status
		}
		msg = obj.Message
		code, _ := obj.Code.(string)
		lower := strings.ToLower(msg)
		billing = code == "insufficient_quota" || kind == "insufficient_quota" || kind == "billing_error" ||
			(kind == "invalid_request_error" && strings.Contains(lower, "credit balance")) ||
			(kind == "FAILED_PRECONDITION" && strings.Contains(lower, "billing"))
		if kind != "" && !strings.HasPrefix(msg, kind) {
			msg = kind + ": " + msg
		}
		for _, d := range obj.Details {
			switch {
			case strings.HasSuffix(d.Type, "google.rpc.RetryInfo"):
				delay, _ = time.ParseDuration(d.RetryDelay)
			case strings.HasSuffix(d.Type, "google.rpc.ErrorInfo") && d.Reason == "API_KEY_INVALID":
				badKey = true
			}
		}
	case json.Unmarshal(b.Error, &str) == nil && str != "":
		msg = str
		// SerpApi answers both its hourly throughput limit and an account
		// out of searches with 429; only the latter's text is documented
		// (https://serpapi.com/api-status-and-error-codes), and no retry
		// brings searches back.
		billing = strings.Contains(strings.ToLower(str), "run out of searches")
	case b.Message != "":
		msg = b.Message
	case b.StatusMessage != "":
		msg = b.StatusMessage
	case len(b.Detail) > 0:
		var detail []struct {
			Msg string `json:"msg"`
			Loc []any  `json:"loc"`
		}
		if json.Unmarshal(b.Detail, &str) == nil {
			msg = str
		} else if json.Unmarshal(b.Detail, &detail) == nil && len(detail) > 0 {
			msg = detail[0].Msg
			if len(detail[0].Loc) > 0 {
				msg = fmt.Sprint(detail[0].Loc[len(detail[0].Loc)-1]) + ": " + msg
			}
		}
	}
	if msg == "" {
		msg = strings.TrimSpace(string(body))
	}
	return msg, delay, badKey, billing
}

// retryAfter reads Retry-After (delay-seconds or an HTTP date) or
// OpenAI's retry-after-ms; 0 when absent or unreadable.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if v := strings.TrimSpace(h.Get("Retry-After")); v != "" {
		if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
			return time.Duration(s * float64(time.Second))
		}
		if t, err := http.ParseTime(v); err == nil {
			if d := t.Sub(now); d > 0 {
				return d
			}
			return 0
		}
	}
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	return 0
}

func malformed(provider, format string, args ...any) *Error {
	return &Error{Provider: provider, Code: ErrMalformed, Message: cut(fmt.Sprintf(format, args...))}
}

// decode unmarshals a 2xx body, turning a body that is not JSON of the
// expected shape into ErrMalformed.
func decode(provider string, data []byte, v any) error {
	if err := json.Unmarshal(data, v); err != nil {
		return malformed(provider, "the reply is not the documented JSON: %v", err)
	}
	return nil
}

// redact removes the API key from s. Real keys are 30 characters and
// more; a string too short to be one would only garble the message.
func redact(s, key string) string {
	if len(key) < 8 {
		return s
	}
	return strings.ReplaceAll(s, key, "[key]")
}

// cut collapses whitespace and shortens s to maxMessage bytes without
// splitting a UTF-8 sequence.
func cut(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= maxMessage {
		return s
	}
	i := maxMessage - len("…")
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}
