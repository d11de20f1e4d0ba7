package analyze

import "testing"

// TestNormalizeURL_WatchPath: YouTube's share links write the video in the
// path (/watch/ID); it is the same page as watch?v=ID.
func TestNormalizeURL_WatchPath(t *testing.T) {
	for _, raw := range []string{
		"https://www.youtube.com/watch/dQw4w9WgXcQ",
		"https://youtube.com/watch/dQw4w9WgXcQ?feature=share",
		"https://m.youtube.com/watch/dQw4w9WgXcQ/",
		"https://www.youtube.com/watch?v=dQw4w9WgXcQ",
	} {
		page, _, err := NormalizeURL(raw)
		if err != nil || page != "https://youtube.com/watch?v=dQw4w9WgXcQ" {
			t.Errorf("NormalizeURL(%q) = %q, %v; want https://youtube.com/watch?v=dQw4w9WgXcQ", raw, page, err)
		}
	}
}

// TestNormalizeURL_DistinctStayDistinct: the site rules canonicalize forms
// of one page, and must never drop the part of a URL that identifies it —
// two different videos, posts or products never give one page.
func TestNormalizeURL_DistinctStayDistinct(t *testing.T) {
	pairs := [][2]string{
		{"https://www.youtube.com/watch/AAAAAAAAAAA", "https://www.youtube.com/watch/BBBBBBBBBBB"},
		{"https://youtube.com/watch?v=AAAAAAAAAAA", "https://youtube.com/watch?v=BBBBBBBBBBB"},
		{"https://youtube.com/watch?v=AAAAAAAAAAA", "https://youtube.com/watch/BBBBBBBBBBB"},
		{"https://youtu.be/AAAAAAAAAAA", "https://youtu.be/BBBBBBBBBBB"},
		{"https://youtube.com/embed/AAAAAAAAAAA", "https://youtube.com/embed/BBBBBBBBBBB"},
		{"https://youtube.com/live/AAAAAAAAAAA", "https://youtube.com/live/BBBBBBBBBBB"},
		{"https://youtube.com/shorts/AAAAAAAAAAA", "https://youtube.com/shorts/BBBBBBBBBBB"},
		{"https://youtube.com/v/AAAAAAAAAAA", "https://youtube.com/e/BBBBBBBBBBB"},
		{"https://youtube.com/playlist?list=PLA", "https://youtube.com/playlist?list=PLB"},
		{"https://youtube.com/@alice", "https://youtube.com/@bob"},
		{"https://youtube.com/watch?list=PLA", "https://youtube.com/watch?list=PLB"},
		{"https://reddit.com/r/crm/comments/abc/x", "https://reddit.com/r/crm/comments/abd/x"},
		{"https://old.reddit.com/r/crm/comments/abc", "https://reddit.com/r/sales/comments/abc"},
		{"https://redd.it/abc", "https://redd.it/abd"},
		{"https://twitter.com/a/status/1", "https://x.com/a/status/2"},
		{"https://x.com/a/status/1", "https://x.com/b/status/1"},
		{"https://www.amazon.com/dp/B09HM94VDS", "https://www.amazon.com/dp/B09HM94VDT"},
		{"https://amazon.com/gp/product/B09HM94VDS", "https://amazon.co.uk/gp/product/B09HM94VDS"},
		{"https://www.amazon.com/s?k=mouse", "https://www.amazon.com/s?k=keyboard"},
		{"https://linkedin.com/posts/alice_activity-1", "https://linkedin.com/posts/alice_activity-2"},
		{"https://example.com/product?id=1", "https://example.com/product?id=2"},
		{"https://example.com/a", "https://example.com/b"},
		{"https://news.ycombinator.com/item?id=1", "https://news.ycombinator.com/item?id=2"},
		{"https://www.google.com/url?q=https://a.com/x", "https://www.google.com/url?q=https://a.com/y"},
	}
	for _, p := range pairs {
		a, _, errA := NormalizeURL(p[0])
		b, _, errB := NormalizeURL(p[1])
		if errA != nil || errB != nil {
			t.Errorf("NormalizeURL(%q, %q): %v, %v", p[0], p[1], errA, errB)
			continue
		}
		if a == b {
			t.Errorf("%q and %q both normalize to %q", p[0], p[1], a)
		}
	}
}
