package httpapi_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/sightline/sightline/internal/httpapi"
)

type csvInner struct {
	Low  *float64 `json:"low"`
	High float64  `json:"high"`
}

type csvEmbedded struct {
	Visibility float64 `json:"visibility"`
}

type csvRow struct {
	ID string `json:"id"`
	csvEmbedded
	Interval *csvInner         `json:"interval"`
	Spans    []int             `json:"spans"`
	Scores   map[string]string `json:"scores"`
	At       time.Time         `json:"at"`
	Secret   string            `json:"-"`
	Note     *string           `json:"note,omitempty"`
}

// The flattening rules of docs/api.md ("CSV exports") on one row type:
// embedded fields unprefixed, nested objects dotted, a null object empty,
// arrays and maps as JSON, strings unquoted but CSV-quoted when needed,
// CRLF line ends, a header row even without rows.
func TestWriteCSV(t *testing.T) {
	lo := 1.5
	note := `say "hi", twice`
	rows := []*csvRow{
		{ID: "a", csvEmbedded: csvEmbedded{Visibility: 12.5}, Interval: &csvInner{Low: &lo, High: 3},
			Spans: []int{1, 2}, Scores: map[string]string{"b": "x", "a": "<y>"}, At: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), Secret: "no", Note: &note},
		{ID: "b"},
	}
	var buf bytes.Buffer
	if err := httpapi.WriteCSV(&buf, rows); err != nil {
		t.Fatal(err)
	}
	want := "id,visibility,interval.low,interval.high,spans,scores,at,note\r\n" +
		`a,12.5,1.5,3,"[1,2]","{""a"":""<y>"",""b"":""x""}",2026-03-01T00:00:00Z,"say ""hi"", twice"` + "\r\n" +
		"b,0,,,,,0001-01-01T00:00:00Z,\r\n"
	if got := buf.String(); got != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", got, want)
	}
	buf.Reset()
	if err := httpapi.WriteCSV(&buf, []csvRow{}); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != "id,visibility,interval.low,interval.high,spans,scores,at,note\r\n" {
		t.Errorf("empty list: %q", got)
	}
}

func TestWantsCSV(t *testing.T) {
	for accept, want := range map[string]bool{
		"": false, "text/csv": true, "text/csv; charset=utf-8": true, "application/json, text/csv": true,
		"text/csv;q=0.2, application/json;q=0.5": false, "text/csv;q=0": false, "*/*": false, "garbage": false,
	} {
		if got := httpapi.WantsCSV(accept); got != want {
			t.Errorf("WantsCSV(%q) = %v, want %v", accept, got, want)
		}
	}
}
