package client

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/sightline/sightline"
)

// Error is a non-2xx answer of the API: the error envelope of docs/api.md and
// the HTTP status. It unwraps to a *sightline.Error, so that
// sightline.ErrorCode(err) and sightline.ErrorMessage(err) work on it.
type Error struct {
	// Status is the HTTP status; 0 when the client refused to send the
	// request (no API key).
	Status    int
	Code      string
	Message   string
	Details   []sightline.FieldError
	RequestID string
	// RetryAfter is the Retry-After header in seconds (429), else 0.
	RetryAfter int
}

// Error implements error.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Code)
	if e.Status != 0 {
		fmt.Fprintf(&b, " (HTTP %d)", e.Status)
	}
	b.WriteString(": ")
	b.WriteString(e.Message)
	for _, d := range e.Details {
		if d.Message == e.Message && len(e.Details) == 1 {
			continue
		}
		b.WriteString("\n  ")
		if d.Field != nil {
			b.WriteString(*d.Field)
			b.WriteString(": ")
		}
		b.WriteString(d.Message)
		if d.Code != "" {
			b.WriteString(" [")
			b.WriteString(d.Code)
			b.WriteString("]")
		}
	}
	return b.String()
}

// Unwrap returns the application error the envelope describes.
func (e *Error) Unwrap() error {
	return &sightline.Error{Code: e.Code, Message: e.Message, Details: e.Details, RetryAfter: e.RetryAfter}
}

// errorEnvelope is the body of an error response.
type errorEnvelope struct {
	Error *struct {
		Code      string                 `json:"code"`
		Message   string                 `json:"message"`
		Details   []sightline.FieldError `json:"details"`
		RequestID string                 `json:"request_id"`
	} `json:"error"`
}

// decodeError builds the *Error of a non-2xx response. A body that is not
// the envelope (a proxy's HTML page, say) gets a code derived from the
// status, so callers can always branch on Code.
func decodeError(resp *http.Response, body []byte) *Error {
	e := &Error{Status: resp.StatusCode}
	if s := resp.Header.Get("Retry-After"); s != "" {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && n > 0 {
			e.RetryAfter = n
		}
	}
	var env errorEnvelope
	if json.Unmarshal(body, &env) == nil && env.Error != nil && env.Error.Code != "" {
		e.Code = env.Error.Code
		e.Message = env.Error.Message
		e.Details = env.Error.Details
		e.RequestID = env.Error.RequestID
		return e
	}
	e.Code = codeOfStatus(resp.StatusCode)
	e.Message = fmt.Sprintf("The API answered %d %s without an error envelope.", resp.StatusCode, http.StatusText(resp.StatusCode))
	return e
}

// codeOfStatus guesses the application code of a bare HTTP status (docs/api.md).
func codeOfStatus(status int) string {
	switch status {
	case http.StatusUnauthorized:
		return sightline.EUNAUTHORIZED
	case http.StatusForbidden:
		return sightline.EFORBIDDEN
	case http.StatusNotFound:
		return sightline.ENOTFOUND
	case http.StatusBadRequest:
		return sightline.EINVALIDPARAM
	case http.StatusUnsupportedMediaType:
		return sightline.EMEDIATYPE
	case http.StatusRequestEntityTooLarge:
		return sightline.ETOOLARGE
	case http.StatusUnprocessableEntity:
		return sightline.EVALIDATION
	case http.StatusConflict:
		return sightline.ECONFLICT
	case http.StatusTooManyRequests:
		return sightline.ERATELIMIT
	case http.StatusMethodNotAllowed:
		return sightline.EMETHOD
	case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return sightline.EUNAVAILABLE
	}
	return sightline.EINTERNAL
}
