package analyze

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzNormalizeURL checks that normalization never panics, that its output is an
// https URL it leaves unchanged, and that the page classifies into a listed type.
func FuzzNormalizeURL(f *testing.F) {
	for _, s := range []string{
		"https://youtu.be/abc?t=1", "http://WWW.Example.com:80/a/../b/index.html?utm_source=x&b=2&a=1#f",
		"https://www.google.com/amp/s/www.google.com/amp/s/example.com/x", "https://x.cdn.ampproject.org/c/s/",
		"https://old.reddit.com/r/SaaS/", "https://amazon.de/x/dp/B0ABCDEFGH/ref=x", "https://[::1]:8080/%7e",
		"https://example.com/%zz", "https://web.archive.org/web/1/http://a.b//c", "http://0..", "http://google.0/amp//.00",
		"http://00000/://", "http://google.0/amp//0.", "http://%25",
		"http://0/Amp/Amp",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		page, host, err := NormalizeURL(raw)
		if err != nil {
			return
		}
		if !strings.HasPrefix(page, "https://") || host == "" {
			t.Fatalf("NormalizeURL(%q) = %q, %q", raw, page, host)
		}
		c, err := AnalyzeCitation(page, "", "")
		if err != nil {
			t.Fatalf("AnalyzeCitation(%q) from %q: %v", page, raw, err)
		}
		if c.Page != page {
			t.Fatalf("not idempotent: %q → %q → %q", raw, page, c.Page)
		}
		if !slices.Contains(PageTypes, c.PageType) || !slices.Contains(DomainTypes, c.DomainType) {
			t.Fatalf("unlisted class %q / %q for %q", c.PageType, c.DomainType, page)
		}
	})
}

// FuzzFindMentions checks that any answer yields well-formed mentions.
func FuzzFindMentions(f *testing.F) {
	f.Add(benchAnswer)
	f.Add("1. **Acme** – ok\n| X | y |\n|---|---|\n| **Zed** | 1 |\n### 2. Foo\n```\n- **Bar**\n")
	f.Add("Acme's acme ACME Acmeville **Acme Pro** – Acme-like")
	m := NewMatcher([]Tracked{{Name: "Acme", Aliases: []string{"Acme Pro", "AP"}}, {Name: "Notion"}})
	f.Fuzz(func(t *testing.T, answer string) {
		got := m.Find(answer)
		for i, mn := range got {
			if mn.Position != i+1 || mn.Count < 1 || mn.Sentiment <= 0 || mn.Sentiment >= 100 || mn.Name == "" {
				t.Fatalf("bad mention %+v in %q", mn, answer)
			}
			if mn.Tracked < -1 || mn.Tracked > 1 {
				t.Fatalf("bad tracked index %+v", mn)
			}
			if mn.Tracked == -1 && !utf8.ValidString(mn.Name) && utf8.ValidString(answer) {
				t.Fatalf("invalid name %q", mn.Name)
			}
		}
	})
}

// FuzzSingleSpaced checks singleSpaced against what it stands for: s is
// its words joined by one space.
func FuzzSingleSpaced(f *testing.F) {
	for _, s := range []string{"", " ", "Acme", "Acme Pro", "Acme  Pro", " Acme", "Acme ", "Acme\tPro", "Acme\u00a0Pro", "Acme\u2003Pro", "Café Pro", "\xff \xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := singleSpaced(s), strings.Join(strings.Fields(s), " ") == s; got != want {
			t.Fatalf("singleSpaced(%q) = %v, want %v", s, got, want)
		}
	})
}
