package analyze

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNormalizeURL(t *testing.T) {
	tests := []struct {
		name, raw, page, host string
	}{
		{"homepage without slash", "https://example.com/", "https://example.com", "example.com"},
		{"homepage bare", "https://example.com", "https://example.com", "example.com"},
		{"uppercase host and www", "https://WWW.Example.COM/Blog/Post-One/", "https://example.com/Blog/Post-One", "example.com"},
		{"http upgraded", "http://example.com/pricing", "https://example.com/pricing", "example.com"},
		{"default https port", "https://example.com:443/a", "https://example.com/a", "example.com"},
		{"default http port", "http://example.com:80/a", "https://example.com/a", "example.com"},
		{"other port kept", "https://example.com:8443/a", "https://example.com:8443/a", "example.com"},
		{"fragment dropped", "https://example.com/docs/setup#step-2", "https://example.com/docs/setup", "example.com"},
		{"utm dropped", "https://hubspot.com/products/crm?utm_source=chatgpt.com&utm_medium=referral", "https://hubspot.com/products/crm", "hubspot.com"},
		{"click ids dropped", "https://example.com/a?gclid=x1&fbclid=y2&msclkid=z&yclid=1&_ga=2.1", "https://example.com/a", "example.com"},
		{"mailchimp and ref dropped", "https://example.com/a?mc_cid=1&mc_eid=2&ref=producthunt&ref_src=twsrc", "https://example.com/a", "example.com"},
		{"query sorted, tracking removed", "https://shop.example.com/search?q=crm+tools&page=2&utm_campaign=x&a=1", "https://shop.example.com/search?a=1&page=2&q=crm+tools", "shop.example.com"},
		{"query encoding normalized", "https://example.com/s?q=best%20crm&lang=en", "https://example.com/s?lang=en&q=best+crm", "example.com"},
		{"bare key kept", "https://example.com/list?print&b=2", "https://example.com/list?b=2&print", "example.com"},
		{"percent-encoded unreserved decoded", "https://example.com/%7Euser/caf%c3%a9", "https://example.com/~user/caf%C3%A9", "example.com"},
		{"raw unicode path escaped", "https://de.wikipedia.org/wiki/Künstliche_Intelligenz", "https://de.wikipedia.org/wiki/K%C3%BCnstliche_Intelligenz", "de.wikipedia.org"},
		{"dot segments resolved", "https://example.com/a/./b/../c", "https://example.com/a/c", "example.com"},
		{"empty segments collapsed", "https://example.com//blog///post", "https://example.com/blog/post", "example.com"},
		{"index.html dropped", "https://example.com/guides/index.html", "https://example.com/guides", "example.com"},
		{"index.php at root", "https://example.com/index.php", "https://example.com", "example.com"},
		{"archive URL keeps embedded scheme", "https://web.archive.org/web/2024/https://example.com/", "https://web.archive.org/web/2024/https://example.com", "web.archive.org"},
		{"youtu.be short link", "https://youtu.be/dQw4w9WgXcQ?si=AbCdEf&t=42", "https://youtube.com/watch?v=dQw4w9WgXcQ", "youtube.com"},
		{"m.youtube.com watch", "https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=share&list=PL1&t=10s", "https://youtube.com/watch?v=dQw4w9WgXcQ", "youtube.com"},
		{"youtube param order", "https://www.youtube.com/watch?t=5&v=abc123XYZ_-", "https://youtube.com/watch?v=abc123XYZ_-", "youtube.com"},
		{"youtube embed", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0", "https://youtube.com/watch?v=dQw4w9WgXcQ", "youtube.com"},
		{"youtube live", "https://youtube.com/live/jfKfPfyJRdk?feature=share", "https://youtube.com/watch?v=jfKfPfyJRdk", "youtube.com"},
		{"youtube shorts kept", "https://youtube.com/shorts/aBcDeFgHiJk?feature=share", "https://youtube.com/shorts/aBcDeFgHiJk", "youtube.com"},
		{"youtube channel handle", "https://www.youtube.com/@mkbhd/videos?view=0", "https://youtube.com/@mkbhd/videos", "youtube.com"},
		{"old.reddit.com", "https://old.reddit.com/r/SaaS/comments/1abc2d/best_crm_for_startups/?context=3", "https://reddit.com/r/saas/comments/1abc2d/best_crm_for_startups", "reddit.com"},
		{"np and m reddit", "https://np.reddit.com/r/CRM/", "https://reddit.com/r/crm", "reddit.com"},
		{"reddit share params", "https://www.reddit.com/r/sales/comments/xyz/hubspot_vs_pipedrive/?share_id=abc&utm_source=share&utm_medium=ios_app", "https://reddit.com/r/sales/comments/xyz/hubspot_vs_pipedrive", "reddit.com"},
		{"redd.it", "https://redd.it/1abc2d", "https://reddit.com/comments/1abc2d", "reddit.com"},
		{"twitter to x", "https://mobile.twitter.com/hubspot/status/1234567890?s=20&t=abc", "https://x.com/hubspot/status/1234567890", "x.com"},
		{"trailing amp segment", "https://www.theverge.com/2024/3/1/12345/notion-ai-review/amp", "https://theverge.com/2024/3/1/12345/notion-ai-review", "theverge.com"},
		{"amp parameters", "https://example.com/news/story?amp=1&outputType=amp&id=7", "https://example.com/news/story?id=7", "example.com"},
		{"amp host prefix", "https://amp.theguardian.com/technology/2024/jan/01/ai-tools", "https://theguardian.com/technology/2024/jan/01/ai-tools", "theguardian.com"},
		{"amp.dev is not a prefix", "https://amp.dev/documentation/guides", "https://amp.dev/documentation/guides", "amp.dev"},
		{"repeated prefixes", "http://www.www.example.com/a", "https://example.com/a", "example.com"},
		{"amp then www", "https://amp.www.example.com/a", "https://example.com/a", "example.com"},
		{"mobile wikipedia twice", "https://en.m.m.wikipedia.org/wiki/CRM", "https://en.wikipedia.org/wiki/CRM", "en.wikipedia.org"},
		{"ampproject cache https", "https://www-example-com.cdn.ampproject.org/c/s/www.example.com/article/crm-trends/amp?amp_js_v=0.1&usqp=mq331AQ", "https://example.com/article/crm-trends", "example.com"},
		{"ampproject cache http", "https://blog-example-org.cdn.ampproject.org/v/blog.example.org/post?amp_gsa=1", "https://blog.example.org/post", "blog.example.org"},
		{"google amp viewer", "https://www.google.com/amp/s/www.forbes.com/advisor/business/software/best-crm-software/amp/", "https://forbes.com/advisor/business/software/best-crm-software", "forbes.com"},
		{"google redirect", "https://www.google.com/url?q=https://www.g2.com/categories/crm%3Futm_source%3Dgoogle&sa=D", "https://g2.com/categories/crm", "g2.com"},
		{"amazon product", "https://www.amazon.com/Logitech-MX-Master-3S/dp/B09HM94VDS/ref=sr_1_3?keywords=mouse&qid=1700", "https://amazon.com/dp/B09HM94VDS", "amazon.com"},
		{"amazon gp product", "https://amazon.co.uk/gp/product/b09hm94vds?psc=1", "https://amazon.co.uk/dp/B09HM94VDS", "amazon.co.uk"},
		{"mobile wikipedia", "https://en.m.wikipedia.org/wiki/Customer_relationship_management", "https://en.wikipedia.org/wiki/Customer_relationship_management", "en.wikipedia.org"},
		{"linkedin country host", "https://uk.linkedin.com/company/hubspot", "https://linkedin.com/company/hubspot", "linkedin.com"},
		{"user info and trailing dot", "https://user:pw@Example.com./a/", "https://example.com/a", "example.com"},
		{"ip host", "http://192.168.0.10:8080/status", "https://192.168.0.10:8080/status", "192.168.0.10"},
		{"ipv6 host", "http://[2001:db8::1]/x", "https://[2001:db8::1]/x", "2001:db8::1"},
		{"whitespace around", "  https://example.com/a \n", "https://example.com/a", "example.com"},
		{"case kept in path", "https://github.com/Golang/Go/Issues/123", "https://github.com/Golang/Go/Issues/123", "github.com"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page, host, err := NormalizeURL(tt.raw)
			if err != nil {
				t.Fatalf("NormalizeURL(%q): %v", tt.raw, err)
			}
			if diff := cmp.Diff([2]string{tt.page, tt.host}, [2]string{page, host}); diff != "" {
				t.Errorf("NormalizeURL(%q) (-want +got):\n%s", tt.raw, diff)
			}
			// Normalization is idempotent: a stored page normalizes to itself.
			again, _, err := NormalizeURL(page)
			if err != nil || again != page {
				t.Errorf("NormalizeURL(%q) = %q, %v; want it unchanged", page, again, err)
			}
		})
	}
}

func TestNormalizeURLErrors(t *testing.T) {
	for _, raw := range []string{
		"", "example.com/page", "/relative/path", "ftp://example.com/file",
		"mailto:sales@example.com", "javascript:alert(1)", "https://", "https:///path",
		"http://exa mple.com/", "https://example.com:port/",
	} {
		if page, _, err := NormalizeURL(raw); !errors.Is(err, ErrInvalidURL) {
			t.Errorf("NormalizeURL(%q) = %q, %v; want ErrInvalidURL", raw, page, err)
		}
	}
}

func TestRegistrableDomain(t *testing.T) {
	tests := map[string]string{
		"blog.hubspot.com":        "hubspot.com",
		"WWW.BBC.CO.UK":           "bbc.co.uk",
		"foo.readthedocs.io":      "foo.readthedocs.io",
		"en.wikipedia.org":        "wikipedia.org",
		"example.com:8080":        "example.com",
		"192.168.0.1":             "192.168.0.1",
		"co.uk":                   "co.uk",
		"localhost":               "localhost",
		"shop.example.com.":       "example.com",
		"pubmed.ncbi.nlm.nih.gov": "nih.gov",
	}
	for host, want := range tests {
		if got := RegistrableDomain(host); got != want {
			t.Errorf("RegistrableDomain(%q) = %q, want %q", host, got, want)
		}
	}
}

func TestAnalyzeCitation(t *testing.T) {
	tests := []struct {
		raw, title, author string
		want               Citation
	}{
		{
			"https://www.youtube.com/watch?v=abc123&t=30s", "Notion vs Obsidian (2025)", "Ali Abdaal",
			Citation{Page: "https://youtube.com/watch?v=abc123", Host: "youtube.com", Domain: "youtube.com",
				PageType: "social", DomainType: "social", YouTubeChannel: "Ali Abdaal"},
		},
		{
			"https://youtube.com/@mkbhd", "", "",
			Citation{Page: "https://youtube.com/@mkbhd", Host: "youtube.com", Domain: "youtube.com",
				PageType: "social", DomainType: "social", YouTubeChannel: "@mkbhd"},
		},
		{
			"https://youtube.com/channel/UCBJycsmduvYEL83R_U4JriQ/videos", "", "",
			Citation{Page: "https://youtube.com/channel/UCBJycsmduvYEL83R_U4JriQ/videos", Host: "youtube.com",
				Domain: "youtube.com", PageType: "social", DomainType: "social", YouTubeChannel: "UCBJycsmduvYEL83R_U4JriQ"},
		},
		{
			"https://old.reddit.com/r/ProductManagement/comments/abc/asana_vs_clickup/", "", "",
			Citation{Page: "https://reddit.com/r/productmanagement/comments/abc/asana_vs_clickup", Host: "reddit.com",
				Domain: "reddit.com", PageType: "discussion", DomainType: "social", Subreddit: "productmanagement"},
		},
		{
			"https://apps.apple.com/us/app/notion-notes-docs-tasks/id1232780281", "", "",
			Citation{Page: "https://apps.apple.com/us/app/notion-notes-docs-tasks/id1232780281", Host: "apps.apple.com",
				Domain: "apple.com", PageType: "product_page", DomainType: "app_store"},
		},
		{
			"https://docs.stripe.com/payments/checkout?utm_source=openai", "Stripe Checkout", "",
			Citation{Page: "https://docs.stripe.com/payments/checkout", Host: "docs.stripe.com", Domain: "stripe.com",
				PageType: "documentation", DomainType: "documentation"},
		},
		{
			"https://www.g2.com/compare/hubspot-sales-hub-vs-salesforce-salesforce-sales-cloud", "", "",
			Citation{Page: "https://g2.com/compare/hubspot-sales-hub-vs-salesforce-salesforce-sales-cloud", Host: "g2.com",
				Domain: "g2.com", PageType: "comparison", DomainType: "review"},
		},
		{
			"http://blog.example.co.uk/2025/03/why-we-switched-from-jira/", "", "",
			Citation{Page: "https://blog.example.co.uk/2025/03/why-we-switched-from-jira", Host: "blog.example.co.uk",
				Domain: "example.co.uk", PageType: "article", DomainType: "other"},
		},
	}
	for _, tt := range tests {
		got, err := AnalyzeCitation(tt.raw, tt.title, tt.author)
		if err != nil {
			t.Errorf("AnalyzeCitation(%q): %v", tt.raw, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("AnalyzeCitation(%q) (-want +got):\n%s", tt.raw, diff)
		}
	}
	if _, err := AnalyzeCitation("not a url", "", ""); !errors.Is(err, ErrInvalidURL) {
		t.Errorf("AnalyzeCitation(bad) error = %v, want ErrInvalidURL", err)
	}
}

func BenchmarkAnalyzeCitation(b *testing.B) {
	urls := []string{
		"https://www.g2.com/products/hubspot-crm/reviews?utm_source=chatgpt.com",
		"https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=share",
		"https://old.reddit.com/r/sales/comments/1abc2d/best_crm_for_small_business/",
		"https://www.forbes.com/advisor/business/software/best-crm-software/",
		"https://blog.hubspot.com/sales/hubspot-vs-salesforce",
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := AnalyzeCitation(urls[i%len(urls)], "The Best CRM Software of 2025", ""); err != nil {
			b.Fatal(err)
		}
	}
}
