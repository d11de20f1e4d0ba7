// Package agentlog reads web server and CDN access logs, tells the AI
// agents and the visits AI assistants refer from the rest, and verifies a
// claimed agent against its operator's published address ranges
// (docs/agents.md). It keeps no client address: a visit carries the
// address's network, /24 or /48.
package agentlog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// Format is an access-log format (docs/agents.md#log-formats).
type Format string

// The formats Reader reads.
const (
	FormatAuto       Format = "auto"
	FormatCombined   Format = "combined"
	FormatCloudflare Format = "cloudflare"
	FormatJSON       Format = "json"
)

// ParseFormat reads a --format value.
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case "", FormatAuto:
		return FormatAuto, nil
	case FormatCombined, FormatCloudflare, FormatJSON:
		return f, nil
	}
	return "", fmt.Errorf("format %q: want auto, combined, cloudflare or json", s)
}

// Record is one request of a log.
type Record struct {
	Line      int // 1-based line (or array element) of the input
	Time      time.Time
	Method    string
	Host      string // empty in the combined format
	Path      string // path and query as requested
	Status    int
	Addr      netip.Addr
	UserAgent string
	Referer   string
}

// LineError is a line that could not be read.
type LineError = sightline.AgentLogError

// MaxLineBytes caps one line; a longer one is a bad line.
const MaxLineBytes = 64 << 10

// Reader reads records one by one from a log in one format.
type Reader struct {
	format  Format
	br      *bufio.Reader
	line    int
	array   *json.Decoder // a JSON array of records
	buf     []byte
	started bool
}

// NewReader reads r in format f; FormatAuto decides per line: a line
// starting with "{" is JSON (Cloudflare's field names or the plain ones),
// any other a combined line. An input whose first non-blank byte is "["
// is a JSON array of records.
func NewReader(r io.Reader, f Format) *Reader {
	return &Reader{format: f, br: bufio.NewReaderSize(r, 256<<10)}
}

// ErrInvalidArray is a JSON array input that is not valid JSON: its
// elements cannot be told apart, so the read stops.
var ErrInvalidArray = errors.New("the input is not a valid JSON array")

// Next returns the next record, a *LineError for a bad line (the read goes
// on), or io.EOF at the end; any other error stops the read.
func (rd *Reader) Next() (Record, error) {
	if rd.array != nil {
		return rd.nextElement()
	}
	if !rd.started {
		rd.started = true
		if rd.format != FormatCombined && rd.startsArray() {
			rd.array = json.NewDecoder(rd.br)
			if _, err := rd.array.Token(); err != nil {
				return Record{}, arrayErr(err)
			}
			return rd.nextElement()
		}
	}
	for {
		line, err := rd.readLine()
		if err != nil {
			return Record{}, err
		}
		rd.line++
		if rd.line == 1 {
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 {
			continue
		}
		rec, err := rd.parse(t)
		rec.Line = rd.line
		if err != nil {
			return Record{}, &LineError{Line: rd.line, Message: err.Error()}
		}
		return rec, nil
	}
}

// startsArray reports whether the input's first non-blank byte (after a
// byte order mark) is "[", and then consumes what precedes it.
func (rd *Reader) startsArray() bool {
	for n := 1; n <= rd.br.Size(); n++ {
		b, err := rd.br.Peek(n)
		if len(b) < n {
			return false
		}
		c := b[n-1]
		if c == '[' {
			rd.br.Discard(n - 1)
			return true
		}
		if n <= 3 && bytes.HasPrefix([]byte("\xef\xbb\xbf"), b) {
			continue
		}
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' || err != nil {
			return false
		}
	}
	return false
}

// readLine returns the next line without its end; a line over
// MaxLineBytes comes back cut, and parse then refuses it.
func (rd *Reader) readLine() ([]byte, error) {
	rd.buf = rd.buf[:0]
	for {
		chunk, err := rd.br.ReadSlice('\n')
		if len(rd.buf)+len(chunk) <= MaxLineBytes+1 {
			rd.buf = append(rd.buf, chunk...)
		} else if len(rd.buf) <= MaxLineBytes {
			rd.buf = append(rd.buf, chunk[:MaxLineBytes+1-len(rd.buf)]...)
		}
		switch {
		case err == nil || (errors.Is(err, io.EOF) && len(rd.buf) > 0):
			return bytes.TrimRight(rd.buf, "\r\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			return nil, err
		}
	}
}

func (rd *Reader) parse(line []byte) (Record, error) {
	if len(line) > MaxLineBytes {
		return Record{}, fmt.Errorf("longer than %d bytes", MaxLineBytes)
	}
	switch rd.format {
	case FormatCombined:
		return parseCombined(line)
	case FormatCloudflare:
		return parseJSON(line, FormatCloudflare)
	case FormatJSON:
		return parseJSON(line, FormatJSON)
	}
	if line[0] == '{' {
		return parseJSON(line, FormatAuto)
	}
	return parseCombined(line)
}

// nextElement reads the next element of a JSON array.
func (rd *Reader) nextElement() (Record, error) {
	if !rd.array.More() {
		if _, err := rd.array.Token(); err != nil { // the closing ]
			return Record{}, arrayErr(err)
		}
		return Record{}, io.EOF
	}
	rd.line++
	var raw json.RawMessage
	if err := rd.array.Decode(&raw); err != nil {
		return Record{}, arrayErr(err)
	}
	if len(raw) > MaxLineBytes {
		return Record{}, &LineError{Line: rd.line, Message: fmt.Sprintf("longer than %d bytes", MaxLineBytes)}
	}
	f := rd.format
	if f == FormatCombined {
		f = FormatAuto
	}
	rec, err := parseJSON(raw, f)
	rec.Line = rd.line
	if err != nil {
		return Record{}, &LineError{Line: rd.line, Message: err.Error()}
	}
	return rec, nil
}

// arrayErr is ErrInvalidArray for a JSON array that does not parse, and
// the reader's own error (a body over its limit) as it is.
func arrayErr(err error) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return ErrInvalidArray
	}
	return err
}

// jsonLine holds both JSON shapes: Cloudflare Logpush's HTTP requests
// fields and the plain format's (docs/agents.md#log-formats).
type jsonLine struct {
	// Cloudflare Logpush, dataset http_requests.
	EdgeStartTimestamp     json.RawMessage `json:"EdgeStartTimestamp"`
	ClientRequestHost      *string         `json:"ClientRequestHost"`
	ClientRequestPath      *string         `json:"ClientRequestPath"`
	ClientRequestURI       *string         `json:"ClientRequestURI"`
	ClientRequestMethod    *string         `json:"ClientRequestMethod"`
	EdgeResponseStatus     *int            `json:"EdgeResponseStatus"`
	ClientIP               *string         `json:"ClientIP"`
	ClientRequestUserAgent *string         `json:"ClientRequestUserAgent"`
	ClientRequestReferer   *string         `json:"ClientRequestReferer"`
	// The plain format.
	Timestamp  json.RawMessage `json:"timestamp"`
	Method     *string         `json:"method"`
	Host       *string         `json:"host"`
	Path       *string         `json:"path"`
	StatusCode *int            `json:"status_code"`
	IP         *string         `json:"ip"`
	UserAgent  *string         `json:"user_agent"`
	Referer    *string         `json:"referer"`
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// parseJSON reads one JSON object; FormatAuto takes Cloudflare's fields
// when EdgeStartTimestamp or ClientRequestUserAgent is present.
func parseJSON(b []byte, f Format) (Record, error) {
	var l jsonLine
	if err := json.Unmarshal(b, &l); err != nil {
		return Record{}, errors.New("not a JSON object of the log record's shape")
	}
	if f == FormatAuto {
		f = FormatJSON
		if l.EdgeStartTimestamp != nil || l.ClientRequestUserAgent != nil {
			f = FormatCloudflare
		}
	}
	var rec Record
	var ts json.RawMessage
	var ip string
	var status *int
	if f == FormatCloudflare {
		ts, ip, status = l.EdgeStartTimestamp, str(l.ClientIP), l.EdgeResponseStatus
		rec.Method, rec.Host, rec.UserAgent, rec.Referer = str(l.ClientRequestMethod), str(l.ClientRequestHost), str(l.ClientRequestUserAgent), str(l.ClientRequestReferer)
		rec.Path = str(l.ClientRequestURI) // path and query; ClientRequestPath has no query
		if rec.Path == "" {
			rec.Path = str(l.ClientRequestPath)
		}
	} else {
		ts, ip, status = l.Timestamp, str(l.IP), l.StatusCode
		rec.Method, rec.Host, rec.Path, rec.UserAgent, rec.Referer = str(l.Method), str(l.Host), str(l.Path), str(l.UserAgent), str(l.Referer)
	}
	name := func(cf, plain string) string {
		if f == FormatCloudflare {
			return cf
		}
		return plain
	}
	var err error
	if rec.Time, err = parseTimestamp(ts); err != nil {
		return Record{}, fmt.Errorf("%s: %v", name("EdgeStartTimestamp", "timestamp"), err)
	}
	if status == nil || *status < 100 || *status > 599 {
		return Record{}, fmt.Errorf("%s: want an HTTP status 100-599", name("EdgeResponseStatus", "status_code"))
	}
	rec.Status = *status
	if rec.Addr, err = parseAddr(ip); err != nil {
		return Record{}, fmt.Errorf("%s: %v", name("ClientIP", "ip"), err)
	}
	if rec.Host = normalizeHost(rec.Host); rec.Host == "" {
		return Record{}, fmt.Errorf("%s: required", name("ClientRequestHost", "host"))
	}
	if !strings.HasPrefix(rec.Path, "/") {
		return Record{}, fmt.Errorf("%s: want a path starting with /", name("ClientRequestURI", "path"))
	}
	if rec.Method == "" {
		rec.Method = "GET"
	}
	return rec, nil
}

// parseTimestamp reads RFC 3339 text, or a Unix time as a number (or
// digits) in seconds, milliseconds, microseconds or nanoseconds, told
// apart by size: Logpush writes unixnano by default, unix or rfc3339 on
// request.
func parseTimestamp(raw json.RawMessage) (time.Time, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return time.Time{}, errors.New("required")
	}
	s := string(raw)
	if raw[0] == '"' {
		if err := json.Unmarshal(raw, &s); err != nil {
			return time.Time{}, errors.New("not a timestamp")
		}
		if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
			return t.UTC(), nil
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return time.Time{}, errors.New("want RFC 3339 or a Unix time")
	}
	switch {
	case n >= 1e17:
		return time.Unix(0, n).UTC(), nil
	case n >= 1e14:
		return time.UnixMicro(n).UTC(), nil
	case n >= 1e11:
		return time.UnixMilli(n).UTC(), nil
	}
	return time.Unix(n, 0).UTC(), nil
}

func parseAddr(s string) (netip.Addr, error) {
	a, err := netip.ParseAddr(strings.TrimSpace(s))
	if err != nil {
		return netip.Addr{}, errors.New("want an IPv4 or IPv6 address")
	}
	return a.Unmap().WithZone(""), nil
}

// normalizeHost lower-cases a host and drops a port and a final dot.
func normalizeHost(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	if i := strings.LastIndexByte(h, ':'); i >= 0 && !strings.Contains(h[:i], ":") {
		h = h[:i]
	}
	return strings.TrimSuffix(h, ".")
}

// parseCombined reads the combined format:
//
//	%h %l %u [%t] "%r" %>s %b "%{Referer}i" "%{User-Agent}i" [extra fields]
//
// Quoted fields may hold \" and \\ escapes; a missing referrer is "-".
// The line becomes one string whose parts the record shares: one
// allocation a line (docs/performance.md#agent-log-intake).
func parseCombined(b []byte) (Record, error) {
	var rec Record
	l := string(b)
	bad := errors.New("not a combined log line")
	host, l, ok := field(l)
	if !ok {
		return rec, bad
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return rec, errors.New("the client address is not an IPv4 or IPv6 address")
	}
	rec.Addr = addr.Unmap().WithZone("")
	if _, l, ok = field(l); !ok { // %l
		return rec, bad
	}
	if _, l, ok = field(l); !ok { // %u
		return rec, bad
	}
	if len(l) == 0 || l[0] != '[' {
		return rec, errors.New("no [time]")
	}
	end := strings.IndexByte(l, ']')
	if end < 0 {
		return rec, errors.New("no [time]")
	}
	if rec.Time, err = parseCLFTime(l[1:end]); err != nil {
		return rec, err
	}
	l = strings.TrimLeft(l[end+1:], " ")
	req, l, ok := quoted(l)
	if !ok {
		return rec, errors.New("no quoted request")
	}
	method, rest, _ := strings.Cut(req, " ")
	target, _, _ := strings.Cut(rest, " ")
	if method == "" || !strings.HasPrefix(target, "/") {
		return rec, errors.New("the request is not METHOD /path")
	}
	rec.Method, rec.Path = method, target
	status, l, ok := field(l)
	if !ok {
		return rec, errors.New("no status")
	}
	if rec.Status, err = strconv.Atoi(status); err != nil || rec.Status < 100 || rec.Status > 599 {
		return rec, errors.New("the status is not an HTTP status 100-599")
	}
	if _, l, ok = field(l); !ok { // %b
		return rec, errors.New("no size")
	}
	if rec.Referer, l, ok = quoted(l); !ok {
		return rec, errors.New("no quoted referrer")
	}
	if rec.Referer == "-" {
		rec.Referer = ""
	}
	if rec.UserAgent, _, ok = quoted(l); !ok {
		return rec, errors.New("no quoted user agent")
	}
	if rec.UserAgent == "-" {
		rec.UserAgent = ""
	}
	return rec, nil
}

// field returns the next space-separated field and the rest.
func field(l string) (string, string, bool) {
	l = strings.TrimLeft(l, " ")
	if len(l) == 0 {
		return "", "", false
	}
	i := strings.IndexByte(l, ' ')
	if i < 0 {
		return l, "", true
	}
	return l[:i], l[i+1:], true
}

// quoted returns the next "…" field, unescaped, and the rest.
func quoted(l string) (string, string, bool) {
	l = strings.TrimLeft(l, " ")
	if len(l) == 0 || l[0] != '"' {
		return "", "", false
	}
	l = l[1:]
	i := strings.IndexByte(l, '"')
	if i < 0 {
		return "", "", false
	}
	if strings.IndexByte(l[:i], '\\') < 0 { // the common case
		return l[:i], l[i+1:], true
	}
	var b strings.Builder
	for j := 0; j < len(l); j++ {
		switch c := l[j]; {
		case c == '\\' && j+1 < len(l):
			j++
			b.WriteByte(l[j])
		case c == '"':
			return b.String(), l[j+1:], true
		default:
			b.WriteByte(c)
		}
	}
	return "", "", false
}

var months = map[string]time.Month{"Jan": 1, "Feb": 2, "Mar": 3, "Apr": 4, "May": 5, "Jun": 6, "Jul": 7, "Aug": 8, "Sep": 9, "Oct": 10, "Nov": 11, "Dec": 12}

// parseCLFTime reads 10/Oct/2000:13:55:36 -0700 by hand: time.Parse
// costs a fifth of a line's budget (docs/performance.md#agent-log-intake).
func parseCLFTime(b string) (time.Time, error) {
	bad := errors.New("the time is not dd/Mon/yyyy:hh:mm:ss +zzzz")
	if len(b) != 26 || b[2] != '/' || b[6] != '/' || b[11] != ':' || b[14] != ':' || b[17] != ':' || b[20] != ' ' {
		return time.Time{}, bad
	}
	num := func(s string) int {
		n := 0
		for _, c := range []byte(s) {
			if c < '0' || c > '9' {
				return -1
			}
			n = n*10 + int(c-'0')
		}
		return n
	}
	day, mon, year := num(b[0:2]), months[b[3:6]], num(b[7:11])
	hh, mm, ss, zh, zm := num(b[12:14]), num(b[15:17]), num(b[18:20]), num(b[22:24]), num(b[24:26])
	if day < 1 || day > 31 || mon == 0 || year < 0 || hh < 0 || hh > 23 || mm < 0 || mm > 59 || ss < 0 || ss > 60 ||
		zh < 0 || zm < 0 || (b[21] != '+' && b[21] != '-') {
		return time.Time{}, bad
	}
	off := (zh*60 + zm) * 60
	if b[21] == '-' {
		off = -off
	}
	t := time.Date(year, mon, day, hh, mm, ss, 0, time.UTC).Add(-time.Duration(off) * time.Second)
	return t, nil
}
