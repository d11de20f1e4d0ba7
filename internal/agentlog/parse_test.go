package agentlog

import (
	"errors"
	"io"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// readAll reads every record and bad line of an input.
func readAll(t *testing.T, in string, f Format) ([]Record, []LineError) {
	t.Helper()
	rd := NewReader(strings.NewReader(in), f)
	var recs []Record
	var bad []LineError
	for {
		rec, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return recs, bad
		}
		var le *LineError
		if errors.As(err, &le) {
			bad = append(bad, *le)
			continue
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		recs = append(recs, rec)
	}
}

func TestParseCombined(t *testing.T) {
	in := "\xef\xbb\xbf" +
		`203.0.113.7 - - [20/Nov/2026:10:00:00 +0100] "GET /pricing?utm_source=chatgpt.com HTTP/1.1" 200 512 "https://chatgpt.com/" "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0"` + "\n" +
		"\n" + // a blank line counts
		`2001:db8:abcd:12::1 - frank [20/Nov/2026:10:00:01 +0000] "GET /docs HTTP/2.0" 404 - "-" "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot" 0.003 "extra"` + "\r\n" +
		`198.51.100.1 - - [20/Nov/2026:10:00:02 +0000] "GET /a HTTP/1.1" 200 1 "-" "say \"hi\" bot"` + "\n" +
		`not a log line at all` + "\n" +
		`198.51.100.1 - - [20/Nov/2026:25:00:02 +0000] "GET /a HTTP/1.1" 200 1 "-" "x"` + "\n" +
		`198.51.100.1 - - [20/Nov/2026:10:00:02 +0000] "-" 400 1 "-" "x"` + "\n" +
		`198.51.100.1 - - [20/Nov/2026:10:00:02 +0000] "GET /a HTTP/1.1" 999 1 "-" "x"` + "\n" +
		`300.1.1.1 - - [20/Nov/2026:10:00:02 +0000] "GET /a HTTP/1.1" 200 1 "-" "x"` + "\n" +
		`198.51.100.1 - - [20/Nov/2026:10:00:02 +0000] "GET /a HTTP/1.1" 200 1 "-" "unterminated`
	for _, f := range []Format{FormatCombined, FormatAuto} {
		recs, bad := readAll(t, in, f)
		if len(recs) != 3 {
			t.Fatalf("%s: %d records, want 3: %+v", f, len(recs), recs)
		}
		r := recs[0]
		if r.Line != 1 || r.Method != "GET" || r.Path != "/pricing?utm_source=chatgpt.com" || r.Status != 200 || r.Host != "" ||
			r.Referer != "https://chatgpt.com/" || r.UserAgent != "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0" ||
			!r.Time.Equal(time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)) || r.Addr != netip.MustParseAddr("203.0.113.7") {
			t.Errorf("%s: first record %+v", f, r)
		}
		r = recs[1]
		if r.Line != 3 || r.Status != 404 || r.Referer != "" || !strings.Contains(r.UserAgent, "GPTBot/1.2") ||
			r.Addr != netip.MustParseAddr("2001:db8:abcd:12::1") || r.Path != "/docs" {
			t.Errorf("%s: IPv6 record %+v", f, r)
		}
		if recs[2].UserAgent != `say "hi" bot` {
			t.Errorf("%s: escaped user agent %q", f, recs[2].UserAgent)
		}
		var lines []int
		for _, e := range bad {
			lines = append(lines, e.Line)
		}
		if want := []int{5, 6, 7, 8, 9, 10}; !equalInts(lines, want) {
			t.Errorf("%s: bad lines %v, want %v (%v)", f, lines, want, bad)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestParseCloudflare(t *testing.T) {
	in := `{"ClientIP":"2a06:98c0:3600::103","ClientRequestHost":"www.example.com","ClientRequestMethod":"GET","ClientRequestPath":"/blog/x","ClientRequestURI":"/blog/x?a=1","ClientRequestReferer":"","ClientRequestUserAgent":"Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)","EdgeResponseStatus":200,"EdgeStartTimestamp":1795600000123456789,"RayID":"7d"}
{"ClientIP":"192.0.2.9","ClientRequestHost":"Example.com:443","ClientRequestMethod":"HEAD","ClientRequestPath":"/","ClientRequestUserAgent":"curl/8","EdgeResponseStatus":301,"EdgeStartTimestamp":"2026-11-20T10:00:00Z"}
{"ClientIP":"192.0.2.9","ClientRequestHost":"example.com","ClientRequestPath":"/","ClientRequestUserAgent":"x","EdgeResponseStatus":200,"EdgeStartTimestamp":1795600000}
{"ClientIP":"nope","ClientRequestHost":"example.com","ClientRequestPath":"/","ClientRequestUserAgent":"x","EdgeResponseStatus":200,"EdgeStartTimestamp":1795600000}
{"ClientIP":"192.0.2.9","ClientRequestHost":"example.com","ClientRequestPath":"/","ClientRequestUserAgent":"x","EdgeResponseStatus":200}
{"ClientIP":"192.0.2.9","ClientRequestHost":"example.com","ClientRequestPath":"/","ClientRequestUserAgent":"x","EdgeResponseStatus":"200","EdgeStartTimestamp":1}
{"ClientIP":"192.0.2.9",
`
	for _, f := range []Format{FormatCloudflare, FormatAuto} {
		recs, bad := readAll(t, in, f)
		if len(recs) != 3 {
			t.Fatalf("%s: %d records: %+v %v", f, len(recs), recs, bad)
		}
		r := recs[0]
		if r.Host != "www.example.com" || r.Path != "/blog/x?a=1" || r.Status != 200 || r.Addr != netip.MustParseAddr("2a06:98c0:3600::103") ||
			r.Time.UnixNano() != 1795600000123456789 || r.Referer != "" || r.UserAgent != "Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)" {
			t.Errorf("%s: %+v", f, r)
		}
		if recs[1].Host != "example.com" || recs[1].Method != "HEAD" || !recs[1].Time.Equal(time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)) {
			t.Errorf("%s: %+v", f, recs[1])
		}
		if recs[2].Time.Unix() != 1795600000 || recs[2].Method != "GET" {
			t.Errorf("%s: unix seconds %+v", f, recs[2])
		}
		if len(bad) != 4 || bad[0].Line != 4 || !strings.Contains(bad[0].Message, "ClientIP") ||
			!strings.Contains(bad[1].Message, "EdgeStartTimestamp") || bad[3].Line != 7 {
			t.Errorf("%s: bad lines %+v", f, bad)
		}
	}
}

func TestParsePlainJSON(t *testing.T) {
	in := `{"timestamp":"2026-11-20T10:00:00+02:00","method":"GET","host":"docs.example.com","path":"/a b","status_code":200,"ip":"::ffff:198.51.100.20","user_agent":"Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"}
{"timestamp":"2026-11-20T10:00:00Z","host":"example.com","path":"nopath","status_code":200,"ip":"198.51.100.20","user_agent":"x"}
{"timestamp":"2026-11-20T10:00:00Z","path":"/","status_code":200,"ip":"198.51.100.20","user_agent":"x"}
`
	recs, bad := readAll(t, in, FormatJSON)
	if len(recs) != 1 || len(bad) != 2 {
		t.Fatalf("records %+v bad %+v", recs, bad)
	}
	r := recs[0]
	if r.Addr != netip.MustParseAddr("198.51.100.20") || r.Host != "docs.example.com" || r.Referer != "" ||
		!r.Time.Equal(time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)) {
		t.Errorf("%+v", r)
	}
	if !strings.Contains(bad[0].Message, "path") || !strings.Contains(bad[1].Message, "host") {
		t.Errorf("bad %+v", bad)
	}
	// A JSON array, on one line longer than a line may be: element numbers
	// stand for lines.
	var b strings.Builder
	b.WriteString(" \n[")
	for i := range 1000 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"timestamp":"2026-11-20T10:00:00Z","method":"GET","host":"example.com","path":"/p","status_code":200,"ip":"198.51.100.20","user_agent":"` + strings.Repeat("x", 100) + `"}`)
	}
	b.WriteString(`,{"timestamp":"x"}]`)
	recs, bad = readAll(t, b.String(), FormatAuto)
	if len(recs) != 1000 || len(bad) != 1 || bad[0].Line != 1001 {
		t.Errorf("array: %d records, bad %+v", len(recs), bad)
	}
	rd := NewReader(strings.NewReader(`[{"timestamp":"x"}`), FormatJSON)
	rd.Next()
	if _, err := rd.Next(); !errors.Is(err, ErrInvalidArray) {
		t.Errorf("truncated array: %v", err)
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{"": FormatAuto, "AUTO": FormatAuto, "combined": FormatCombined, "cloudflare": FormatCloudflare, "json": FormatJSON} {
		if f, err := ParseFormat(in); err != nil || f != want {
			t.Errorf("ParseFormat(%q) = %q, %v", in, f, err)
		}
	}
	if _, err := ParseFormat("csv"); err == nil {
		t.Error("csv accepted")
	}
}

func TestLongLine(t *testing.T) {
	in := `198.51.100.1 - - [20/Nov/2026:10:00:02 +0000] "GET /` + strings.Repeat("a", MaxLineBytes) + ` HTTP/1.1" 200 1 "-" "x"` + "\n" +
		`198.51.100.1 - - [20/Nov/2026:10:00:02 +0000] "GET /a HTTP/1.1" 200 1 "-" "x"` + "\n"
	recs, bad := readAll(t, in, FormatAuto)
	if len(recs) != 1 || recs[0].Line != 2 || len(bad) != 1 || bad[0].Line != 1 {
		t.Errorf("records %+v bad %+v", recs, bad)
	}
}
