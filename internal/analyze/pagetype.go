package analyze

import (
	"net/url"
	"strings"

	"github.com/sightline/sightline"
)

// PageTypes lists every class PageType returns: the API's enumeration,
// defined once in the root package (docs/api.md).
var PageTypes = sightline.PageTypes

// PageType classifies a normalized page URL (see NormalizeURL), using title when the
// URL alone is not telling. The first rule that applies wins:
//
//  1. subdomains that are one kind throughout: docs., help., support. and documentation
//     hosts (readthedocs.io, developer.mozilla.org) → documentation, community.,
//     forum. → discussion, careers., jobs. → careers;
//  2. the homepage: an empty path, also after a locale prefix such as /en-us;
//  3. the site: social networks → social (LinkedIn articles and jobs excepted),
//     forums and Q&A sites → discussion, review platforms → review unless the page
//     is a comparison, alternatives, category or vendor page, app stores and Amazon
//     products → product_page;
//  4. the first path segment when it names a section that fixes the page whatever
//     follows: /pricing, /about, /careers, /contact, /features, /customers, /docs,
//     /help, /category, /community, /compare …;
//  5. the slug (last segment): alternatives, x-vs-y, how-to-…, best-…/top-10-…,
//     …-review, …-guide, case-study, in that order, so /blog/best-crm-tools is a
//     listicle and /blog/hubspot-vs-salesforce a comparison; a .pdf is a resource;
//  6. the title, by the same words ("The 10 Best CRMs", "Asana vs Trello", …);
//  7. any other segment naming a section, the last one first: /reviews/, /resources/,
//     /products/, /blog/, /news/ …;
//  8. an article shape: a dated path (/2025/03/slug) or a slug of four words or more;
//  9. title words that name a section ("Pricing", "Contact us"); pages of
//     publishing platforms (medium.com, substack.com, wikipedia.org) → article;
//     else other.
func PageType(page, title string) string {
	u, err := url.Parse(page)
	if err != nil || u.Host == "" {
		return "other"
	}
	host := canonicalHost(strings.TrimSuffix(strings.ToLower(u.Hostname()), "."))
	return pageType(host, RegistrableDomain(host), u.EscapedPath(), title)
}

func pageType(host, domain, path, title string) string {
	segs := trimLocale(lowerSegments(path))
	if t := sitePageType(host, domain, segs, title); t != "" {
		return t
	}
	if len(segs) == 0 {
		return "homepage"
	}
	t := genericPageType(segs, title)
	if t == "other" && articleDomains[domain] {
		return "article"
	}
	return t
}

// genericPageType applies rules 4 to 9 of PageType.
func genericPageType(segs []string, title string) string {
	if t := leadSections[segs[0]]; t != "" {
		return t
	}
	slug := slugOf(segs)
	if strings.HasSuffix(slug, ".pdf") {
		return "resource"
	}
	slugWords := words(slug)
	if t := contentType(slugWords); t != "" {
		return t
	}
	titleWords := words(strings.ToLower(title))
	if t := contentType(titleWords); t != "" {
		return t
	}
	for i := len(segs) - 1; i >= 0; i-- {
		if segs[i] == "company" && i == len(segs)-1 {
			return "about" // /company alone is the about page; /company/news/… is not
		}
		if t := sections[segs[i]]; t != "" {
			return t
		}
	}
	if isDatedPath(segs) || countAlpha(slugWords) >= 4 {
		return "article"
	}
	for _, w := range titleWords {
		if t := titleSections[w]; t != "" {
			return t
		}
	}
	return "other"
}

// sitePageType holds rules 1 and 3: hosts and sites whose pages are of one kind
// whatever the path. It returns "" when the site says nothing.
func sitePageType(host, domain string, segs []string, title string) string {
	first, _, _ := strings.Cut(host, ".")
	if t := hostPrefixTypes[first]; t != "" && host != domain && hostTypes[host] == "" {
		return t // community.hubspot.com, help.notion.so, careers.google.com
	}
	if host == "news.ycombinator.com" {
		return "discussion"
	}
	switch DomainTypeOfHost(host, domain) {
	case "documentation":
		return "documentation" // readthedocs.io, developer.mozilla.org, learn.microsoft.com
	case "app_store":
		if len(segs) == 0 {
			return "homepage"
		}
		return "product_page"
	}
	if len(segs) == 0 {
		return ""
	}
	label := siteLabel(domain)
	switch {
	case socialDomains[domain] || label == "pinterest":
		return "social"
	case domain == "linkedin.com":
		switch segs[0] {
		case "pulse":
			return "article"
		case "jobs":
			return "careers"
		}
		return "social"
	case discussionDomains[domain]:
		return "discussion"
	case domain == "github.com":
		for _, s := range segs {
			if s == "issues" || s == "discussions" || s == "pull" {
				return "discussion"
			}
		}
	case reviewDomains[domain] || reviewDomains[label]:
		return reviewSitePageType(segs, title)
	case label == "amazon":
		if amazonASIN("/"+strings.Join(segs, "/")) != "" {
			return "product_page"
		}
	}
	return ""
}

// reviewSitePageType classifies pages of review platforms: everything is a review
// (product pages there are review pages) except comparisons, alternatives lists,
// categories and the vendor-facing sections.
func reviewSitePageType(segs []string, title string) string {
	for _, s := range segs {
		switch {
		case s == "competitors":
			return "alternative"
		case s == "compare-products" || strings.Contains(s, "-vs-"):
			return "comparison"
		}
	}
	if len(segs) == 1 && strings.HasSuffix(segs[0], "-software") {
		return "category_page" // capterra.com/crm-software
	}
	switch t := genericPageType(segs, title); t {
	case "comparison", "alternative", "category_page", "listicle", "pricing", "about",
		"careers", "contact", "documentation", "discussion":
		return t
	}
	return "review"
}

// contentType reads rules 5 and 6 from the words of a slug or a title.
func contentType(ws []string) string {
	switch {
	case len(ws) == 0:
		return ""
	case hasWord(ws, "alternative", "alternatives"):
		return "alternative"
	case hasWord(ws, "vs", "versus", "compare", "comparison", "compared", "comparing"):
		return "comparison"
	case len(ws) > 1 && ws[0] == "how" && ws[1] == "to", ws[0] == "howto":
		return "how_to_guide"
	case isListicle(ws):
		return "listicle"
	case hasWord(ws, "review", "reviews", "reviewed"):
		return "review"
	case hasWord(ws, "guide", "guides", "tutorial", "tutorials", "walkthrough", "howto"),
		hasSeq(ws, "how", "to"), hasSeq(ws, "step", "by", "step"), hasSeq(ws, "getting", "started"):
		return "how_to_guide"
	case hasSeq(ws, "case", "study"), hasSeq(ws, "case", "studies"),
		hasSeq(ws, "customer", "story"), hasSeq(ws, "success", "story"):
		return "case_study"
	}
	return ""
}

// isListicle recognizes ranked-list slugs and titles: best-…, top-…, 10-…, the-7-best-…,
// "…ranked". "best practices" and "the best way to" are guides, not lists.
func isListicle(ws []string) bool {
	if ws[0] == "top" || isCount(ws[0]) {
		return true
	}
	for i, w := range ws {
		switch w {
		case "best":
			if i+1 < len(ws) {
				switch ws[i+1] {
				case "practice", "practices", "way", "ways", "time":
					continue
				}
			}
			return true
		case "top":
			if i+1 < len(ws) && isCount(ws[i+1]) {
				return true
			}
		case "ranked", "ranking", "rankings":
			return true
		}
	}
	return false
}

// isCount reports whether w is a small number that counts list entries (not a year).
func isCount(w string) bool {
	if len(w) == 0 || len(w) > 3 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return w != "0" && w != "1"
}

// isDatedPath finds /2025/03/… or a 2025-03-14-… segment, the shapes of blog and news URLs.
func isDatedPath(segs []string) bool {
	for i, s := range segs {
		if isYear(s) && i+1 < len(segs) && isMonth(segs[i+1]) {
			return true
		}
		if len(s) >= 10 && isYear(s[:4]) && s[4] == '-' && isMonth(s[5:7]) && s[7] == '-' {
			return true
		}
	}
	return false
}

func isYear(s string) bool {
	return len(s) == 4 && (strings.HasPrefix(s, "19") || strings.HasPrefix(s, "20")) && isDigits(s)
}

func isMonth(s string) bool {
	if (len(s) != 1 && len(s) != 2) || !isDigits(s) {
		return false
	}
	m := 0
	for i := 0; i < len(s); i++ {
		m = m*10 + int(s[i]-'0')
	}
	return m >= 1 && m <= 12
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// lowerSegments splits an escaped path into decoded, lowercase, non-empty segments.
func lowerSegments(path string) []string {
	segs := pathSegments(path)
	for i, s := range segs {
		segs[i] = strings.ToLower(unescapePath(s))
	}
	return segs
}

// trimLocale drops a leading language or locale segment (/en, /en-us, /pt_BR), which
// says nothing about the page.
func trimLocale(segs []string) []string {
	if len(segs) == 0 {
		return segs
	}
	s := segs[0]
	if len(s) == 5 && (s[2] == '-' || s[2] == '_') {
		s = s[:2]
	}
	if languages[s] {
		return segs[1:]
	}
	return segs
}

// slugOf returns the segment that names the page: the last one, unless that is a
// numeric id (/questions/123 style URLs put the slug before or after the id).
func slugOf(segs []string) string {
	slug := segs[len(segs)-1]
	if len(segs) > 1 && countAlpha(words(slug)) == 0 {
		slug = segs[len(segs)-2]
	}
	for _, ext := range []string{".html", ".htm", ".php", ".aspx", ".asp", ".shtml", ".jsp"} {
		if s, ok := strings.CutSuffix(slug, ext); ok {
			return s
		}
	}
	return slug
}

// words splits lowercase text into runs of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r > 127)
	})
}

// countAlpha counts the words that contain a letter.
func countAlpha(ws []string) int {
	n := 0
	for _, w := range ws {
		if !isDigits(w) {
			n++
		}
	}
	return n
}

func hasWord(ws []string, options ...string) bool {
	for _, w := range ws {
		for _, a := range options {
			if w == a {
				return true
			}
		}
	}
	return false
}

func hasSeq(ws []string, seq ...string) bool {
	for i := 0; i+len(seq) <= len(ws); i++ {
		match := true
		for j, s := range seq {
			if ws[i+j] != s {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}
