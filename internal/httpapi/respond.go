package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/sightline/sightline"
)

// envelope wraps every successful payload (docs/api.md): data, plus meta on lists.
type envelope struct {
	Data any `json:"data"`
	Meta any `json:"meta,omitempty"`
}

// writeJSON encodes v with status. Encoding happens before the header is
// written, so an encoding failure still produces a proper 500.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		buf.WriteString(`{"error":{"code":"INTERNAL","message":"An internal error has occurred."}}` + "\n")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// writeData writes {data: v}.
func writeData(w http.ResponseWriter, status int, v any) error {
	writeJSON(w, status, envelope{Data: v})
	return nil
}

// writeEmpty answers a delete: { data: {}, meta: {} } (docs/api.md).
func writeEmpty(w http.ResponseWriter) error {
	writeJSON(w, http.StatusOK, envelope{Data: struct{}{}, Meta: struct{}{}})
	return nil
}

// writeList writes {data: items, meta: meta}; a nil slice becomes []. A
// request that asked for CSV gets the items as CSV (csv.go).
func writeList[T any](w http.ResponseWriter, items []T, meta any) error {
	w.Header().Add("Vary", "Accept")
	if _, ok := w.(*csvResponse); ok {
		return writeCSVList(w, items)
	}
	if items == nil {
		items = []T{}
	}
	writeJSON(w, http.StatusOK, envelope{Data: items, Meta: meta})
	return nil
}

// decodeJSON reads a JSON request body into v: the content type must be
// JSON (415), the body is capped (413), syntax and type errors are
// INVALID_BODY naming the field where possible, unknown fields are refused.
func (s *Server) decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return sightline.Errorf(sightline.EMEDIATYPE, "Content-Type must be application/json.")
		}
	} else {
		return sightline.Errorf(sightline.EMEDIATYPE, "Content-Type must be application/json.")
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.maxBody()))
	if err != nil {
		return bodyError(err)
	}
	switch {
	case !utf8.Valid(data):
		return sightline.Errorf(sightline.EINVALIDBODY, "Request body is not valid UTF-8.")
	case sightline.JSONHasNUL(data):
		return sightline.Errorf(sightline.EINVALIDBODY, "Request body holds a NUL character (\\u0000), which no field accepts.")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return bodyError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return sightline.Errorf(sightline.EINVALIDBODY, "Request body must hold a single JSON value.")
	}
	return nil
}

func bodyError(err error) error {
	var maxErr *http.MaxBytesError
	var syntaxErr *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &maxErr):
		return sightline.Errorf(sightline.ETOOLARGE, "Request body is larger than %d bytes.", maxErr.Limit)
	case errors.Is(err, io.EOF):
		return sightline.Errorf(sightline.EINVALIDBODY, "Request body is empty; a JSON object is required.")
	case errors.As(err, &syntaxErr), errors.Is(err, io.ErrUnexpectedEOF):
		return sightline.Errorf(sightline.EINVALIDBODY, "Request body is not valid JSON.")
	case errors.As(err, &typeErr):
		field := typeErr.Field
		return sightline.FieldErr(sightline.EINVALIDBODY, field, "invalid_type",
			"%s must be of type %s.", orDefault(field, "body"), jsonType(typeErr.Type.Kind().String()))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return sightline.FieldErr(sightline.EINVALIDBODY, field, "unknown_field", "Unknown field %q.", field)
	}
	return sightline.Errorf(sightline.EINVALIDBODY, "Request body is not valid JSON.")
}

func jsonType(kind string) string {
	switch kind {
	case "string":
		return "string"
	case "slice", "array":
		return "array"
	case "struct", "map":
		return "object"
	case "bool":
		return "boolean"
	}
	return "number"
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
