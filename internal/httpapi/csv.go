package httpapi

// CSV exports of the list endpoints (docs/api.md#csv-exports): a GET whose
// Accept header prefers text/csv gets the rows of the page as RFC 4180 CSV
// with a header row, flattened by the rules below, instead of the JSON
// envelope. Errors stay JSON.
//
// Flattening (one column per leaf of the row's JSON, in the order of the
// JSON fields):
//   - a nested object's fields are columns named parent.child (an embedded
//     Go struct adds its fields without a prefix, as in JSON); a null
//     object leaves its columns empty;
//   - a cell holds the leaf's JSON value: strings without quotes, numbers
//     and booleans as in the JSON body, null as an empty cell;
//   - arrays (and maps, and values with their own JSON form that is not a
//     string) are one cell holding their compact JSON text.
//
// WriteCSV is the writer; any list endpoint (including one that streams)
// can hand it a slice of rows.

import (
	"bytes"
	"encoding"
	"encoding/csv"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"strings"
)

// csvMediaType is the media type of CSV exports.
const csvMediaType = "text/csv"

// csvResponse marks a response whose request asked for CSV: writeList
// writes CSV to it, everything else JSON as usual.
type csvResponse struct {
	http.ResponseWriter
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (c *csvResponse) Unwrap() http.ResponseWriter { return c.ResponseWriter }

// WantsCSV reports whether an Accept header asks for CSV: text/csv is
// listed with a q above 0 and at least as high as application/json's.
func WantsCSV(accept string) bool {
	qCSV, qJSON := -1.0, -1.0
	for _, part := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		q := 1.0
		if v, ok := params["q"]; ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		switch mt {
		case csvMediaType:
			qCSV = max(qCSV, q)
		case "application/json":
			qJSON = max(qJSON, q)
		}
	}
	return qCSV > 0 && qCSV >= qJSON
}

// writeCSVList answers a list as CSV.
func writeCSVList[T any](w http.ResponseWriter, items []T) error {
	var buf bytes.Buffer
	if err := WriteCSV(&buf, items); err != nil {
		return err
	}
	w.Header().Set("Content-Type", csvMediaType+"; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	w.Write(buf.Bytes()) // an error here is a client gone: nothing to answer
	return nil
}

// WriteCSV writes rows as CSV: the header row of T's flattened columns,
// then one record per row. T is a struct or a pointer to one.
func WriteCSV[T any](out io.Writer, rows []T) error {
	cols := CSVColumns(reflect.TypeFor[T]())
	cw := NewCSVRowWriter(out, cols)
	for _, r := range rows {
		if err := cw.Write(reflect.ValueOf(r)); err != nil {
			return err
		}
	}
	return cw.Flush()
}

// CSVColumn is one column of a flattened row: its header and where its
// value is (struct field indexes, through pointers).
type CSVColumn struct {
	Name  string
	index [][]int
}

// CSVColumns returns the flattened columns of a row type.
func CSVColumns(t reflect.Type) []CSVColumn {
	var out []CSVColumn
	flatten(t, "", nil, &out)
	return out
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// leaf reports whether t is one cell: not a struct, or a struct with its
// own JSON or text form (time.Time).
func leaf(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return true
	}
	pt := reflect.PointerTo(t)
	return t.Implements(jsonMarshaler) || pt.Implements(jsonMarshaler) || t.Implements(textMarshaler) || pt.Implements(textMarshaler)
}

func flatten(t reflect.Type, prefix string, index [][]int, out *[]CSVColumn) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		path := append(append([][]int(nil), index...), []int{i})
		if f.Anonymous && name == "" && !leaf(f.Type) {
			flatten(f.Type, prefix, path, out) // embedded: its fields, unprefixed
			continue
		}
		if name == "" {
			name = f.Name
		}
		if leaf(f.Type) {
			*out = append(*out, CSVColumn{Name: prefix + name, index: path})
			continue
		}
		flatten(f.Type, prefix+name+".", path, out)
	}
}

// CSVRowWriter writes rows of one type under their header row.
type CSVRowWriter struct {
	w      *csv.Writer
	cols   []CSVColumn
	header bool
	rec    []string
	buf    bytes.Buffer
	enc    *json.Encoder
}

// NewCSVRowWriter returns a writer of rows with the given columns
// (CSVColumns of the row type).
func NewCSVRowWriter(out io.Writer, cols []CSVColumn) *CSVRowWriter {
	c := &CSVRowWriter{w: csv.NewWriter(out), cols: cols, rec: make([]string, len(cols))}
	c.w.UseCRLF = true // RFC 4180
	c.enc = json.NewEncoder(&c.buf)
	c.enc.SetEscapeHTML(false) // as the JSON bodies (writeJSON)
	return c
}

// Write writes one row (a struct or a pointer to one), after the header
// row the first time.
func (c *CSVRowWriter) Write(row reflect.Value) error {
	if err := c.writeHeader(); err != nil {
		return err
	}
	for i, col := range c.cols {
		v, ok := follow(row, col.index)
		if !ok {
			c.rec[i] = ""
			continue
		}
		cell, err := c.cell(v)
		if err != nil {
			return err
		}
		c.rec[i] = cell
	}
	return c.w.Write(c.rec)
}

// Flush writes the header row if no row came, and flushes.
func (c *CSVRowWriter) Flush() error {
	if err := c.writeHeader(); err != nil {
		return err
	}
	c.w.Flush()
	return c.w.Error()
}

func (c *CSVRowWriter) writeHeader() error {
	if c.header {
		return nil
	}
	c.header = true
	names := make([]string, len(c.cols))
	for i, col := range c.cols {
		names[i] = col.Name
	}
	return c.w.Write(names)
}

// follow walks the field indexes from a row; false when a pointer on the
// way is nil (a null object: empty cells).
func follow(v reflect.Value, index [][]int) (reflect.Value, bool) {
	for _, step := range index {
		for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
			if v.IsNil() {
				return v, false
			}
			v = v.Elem()
		}
		v = v.FieldByIndex(step)
	}
	return v, true
}

// cell renders a leaf as its JSON value: strings unquoted, null empty.
func (c *CSVRowWriter) cell(v reflect.Value) (string, error) {
	c.buf.Reset()
	if err := c.enc.Encode(v.Interface()); err != nil {
		return "", err
	}
	raw := bytes.TrimRight(c.buf.Bytes(), "\n")
	switch {
	case bytes.Equal(raw, []byte("null")):
		return "", nil
	case len(raw) > 0 && raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", err
		}
		return s, nil
	}
	return string(raw), nil
}
