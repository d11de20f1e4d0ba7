package sightline

import (
	"errors"
	"fmt"
)

// Error codes (docs/api.md). They are transport neutral: httpapi maps them to
// HTTP statuses in one table, the CLI prints the message, MCP relays them.
const (
	EUNAUTHORIZED  = "UNAUTHORIZED"
	EFORBIDDEN     = "FORBIDDEN"
	ENOTFOUND      = "NOT_FOUND"
	EINVALIDPARAM  = "INVALID_PARAMETER"
	EINVALIDBODY   = "INVALID_BODY"
	EMEDIATYPE     = "UNSUPPORTED_MEDIA_TYPE"
	ETOOLARGE      = "PAYLOAD_TOO_LARGE"
	EVALIDATION    = "VALIDATION_FAILED"
	ETRANSITION    = "INVALID_TRANSITION"
	ECONFLICT      = "CONFLICT"
	EQUOTA         = "QUOTA_EXCEEDED"
	ERATELIMIT     = "RATE_LIMITED"
	EMETHOD        = "METHOD_NOT_ALLOWED"
	EINTERNAL      = "INTERNAL"
	EUNAVAILABLE   = "UNAVAILABLE"
	internalReason = "An internal error has occurred."
)

// FieldError names one offending parameter or body field.
type FieldError struct {
	Field   *string `json:"field"`
	Code    string  `json:"code"`
	Message string  `json:"message"`
}

// Error is an application error with a machine code, a human message and
// optional per-field details. Anything else reaching an edge is INTERNAL.
type Error struct {
	Code    string
	Message string
	Details []FieldError
	// RetryAfter, when positive, tells the client how many seconds to wait
	// (quota and rate limits).
	RetryAfter int
}

// Error implements the error interface.
func (e *Error) Error() string {
	return fmt.Sprintf("sightline error: code=%s message=%s", e.Code, e.Message)
}

// Errorf returns an *Error with the given code and formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// FieldErr returns an *Error with code that names one field. The detail code
// is a short machine word such as "invalid", "required" or "unknown".
func FieldErr(code, field, detailCode, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	return &Error{Code: code, Message: msg, Details: []FieldError{NewFieldError(field, detailCode, msg)}}
}

// NewFieldError builds one detail; an empty field becomes null.
func NewFieldError(field, code, message string) FieldError {
	fe := FieldError{Code: code, Message: message}
	if field != "" {
		fe.Field = &field
	}
	return fe
}

// ErrorCode returns the code of the application error in err's chain, or
// EINTERNAL when there is none. A nil error has no code.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the message of the application error in err's chain,
// or a generic message that leaks no internals.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message
	}
	return internalReason
}

// ValidationErrors collects field errors; Err returns nil when there are none.
type ValidationErrors []FieldError

// Add records one failed field.
func (v *ValidationErrors) Add(field, code, format string, args ...any) {
	*v = append(*v, NewFieldError(field, code, fmt.Sprintf(format, args...)))
}

// Err returns a VALIDATION_FAILED error listing every detail, or nil.
func (v ValidationErrors) Err() error {
	if len(v) == 0 {
		return nil
	}
	msg := v[0].Message
	if len(v) > 1 {
		msg = fmt.Sprintf("%s (and %d more)", msg, len(v)-1)
	}
	return &Error{Code: EVALIDATION, Message: msg, Details: v}
}
