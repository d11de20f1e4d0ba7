package sightline_test

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"
)

// The repository explains itself through docs/, and code cites a rule by
// the heading that states it (STYLE.md#comments-and-docs). This test keeps
// those citations true: every document of docs/ that a .go or .md file
// names exists, every #anchor after it is a heading of that document,
// every relative link of a Markdown file resolves, a heading is cited as a
// link (docs/api.md#limits) and not by its title beside the file name, and
// no .go file cites a numbered section with the section sign, which no
// document here has. The analytics statements' SQL files are checked as
// well (their comments are the statements' documentation); the
// migrations, which never change once applied, are not.
func TestDocsLinks(t *testing.T) {
	files := repoFiles(t, ".go", ".md")
	for _, f := range repoFiles(t, ".sql") {
		if strings.HasPrefix(f, "internal/analyticsql/sql/") {
			files = append(files, f)
		}
	}
	anchors := map[string]map[string]bool{} // slash path → its anchors
	anchorsOf := func(p string) (map[string]bool, bool) {
		if a, ok := anchors[p]; ok {
			return a, a != nil
		}
		b, err := os.ReadFile(filepath.FromSlash(p))
		if err != nil {
			anchors[p] = nil
			return nil, false
		}
		anchors[p] = markdownAnchors(string(b))
		return anchors[p], true
	}
	exists := func(p string) bool {
		_, err := os.Stat(filepath.FromSlash(p))
		return err == nil
	}
	var problems []string
	report := func(file string, line int, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%s:%d: %s", file, line, fmt.Sprintf(format, args...)))
	}
	// check reports a link to target (a slash path from the repository's
	// root, with an optional #anchor) that does not resolve.
	check := func(file string, line int, link, target string) {
		p, anchor, _ := strings.Cut(target, "#")
		if p == "" {
			p = file
		}
		p = path.Clean(p)
		if strings.HasPrefix(p, "../") {
			report(file, line, "%s leaves the repository", link)
			return
		}
		if !strings.HasSuffix(p, ".md") {
			if !exists(p) {
				report(file, line, "%s: %s does not exist", link, p)
			}
			return
		}
		a, ok := anchorsOf(p)
		switch {
		case !ok:
			report(file, line, "%s: %s does not exist", link, p)
		case anchor != "" && !a[anchor]:
			report(file, line, "%s: %s has no heading with the anchor #%s", link, p, anchor)
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.FromSlash(f))
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		if strings.HasSuffix(f, ".go") {
			for i, l := range strings.Split(src, "\n") {
				if strings.Contains(l, sectionSign) {
					report(f, i+1, "cites a numbered section (%s): cite the docs/ page by heading link instead", sectionSign)
				}
			}
		}
		text, lineAt := joinedText(src, strings.HasSuffix(f, ".go"))
		for _, m := range docsMention.FindAllStringSubmatchIndex(text, -1) {
			check(f, lineAt(m[2]), text[m[2]:m[3]], text[m[2]:m[3]])
		}
		for _, m := range quotedHeading.FindAllStringIndex(text, -1) {
			report(f, lineAt(m[0]), "%q cites a heading by its title: link it as docs/<name>.md#<anchor>", text[m[0]:m[1]])
		}
		if strings.HasSuffix(f, ".md") {
			for _, m := range markdownLink.FindAllStringSubmatchIndex(text, -1) {
				link := text[m[2]:m[3]]
				target := link
				if strings.Contains(target, ":") || strings.HasPrefix(target, "/") {
					continue // a URL (https:, mailto:) or an absolute path on a server
				}
				if p, anchor, _ := strings.Cut(target, "#"); p != "" {
					target = path.Join(path.Dir(f), p)
					if anchor != "" {
						target += "#" + anchor
					}
				}
				check(f, lineAt(m[0]), link, target)
			}
		}
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// sectionSign is the mark of numbered sections, written escaped so that
// this file does not hold one.
const sectionSign = "\u00a7"

var (
	// docsMention is a path to a document of docs/, with its anchor.
	docsMention = regexp.MustCompile(`(?:^|[^\w./-])(docs/[\w.-]+\.md(?:#[\w-]*)?)`)
	// quotedHeading is a document followed by the title of one of its
	// headings, quoted or not, after a comma: the way headings were cited
	// before anchors.
	quotedHeading = regexp.MustCompile(`docs/[\w.-]+\.md,? +"[^"]+"|docs/[\w.-]+\.md, [A-Z][\w ]*\)|\]\([\w./-]+\.md\),? +"[^"]+"`)
	// markdownLink is an inline Markdown link or image: [text](target).
	markdownLink = regexp.MustCompile(`\]\(([^()\s]+)\)`)
)

// joinedText returns src with its lines joined by single spaces (and, in
// Go source, the comment markers that continue a comment dropped), so that
// a citation broken over two lines is found whole; lineAt maps an offset
// of the joined text to its line in src.
func joinedText(src string, goSource bool) (text string, lineAt func(int) int) {
	var b strings.Builder
	var starts []int
	for _, l := range strings.Split(src, "\n") {
		l = strings.TrimLeft(l, " \t")
		if goSource {
			l = strings.TrimLeft(strings.TrimPrefix(l, "//"), " \t")
		}
		starts = append(starts, b.Len())
		b.WriteString(l)
		b.WriteByte(' ')
	}
	return b.String(), func(off int) int { return sort.SearchInts(starts, off+1) }
}

// repoFiles lists the repository's files with one of the extensions, as
// slash paths from its root, without .git and testdata directories.
func repoFiles(t *testing.T, exts ...string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		for _, e := range exts {
			if !d.IsDir() && strings.HasSuffix(p, e) {
				out = append(out, filepath.ToSlash(p))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// markdownAnchors returns the anchors GitHub gives the headings of a
// Markdown document (ATX headings outside fenced code blocks), and those
// of explicit <a id="…"> or <a name="…"> tags.
func markdownAnchors(doc string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	fence := ""
	for _, l := range strings.Split(doc, "\n") {
		trimmed := strings.TrimLeft(l, " ")
		if f := fenceOf(trimmed); f != "" {
			switch {
			case fence == "":
				fence = f
			case strings.HasPrefix(f, fence) && strings.TrimSpace(strings.TrimLeft(trimmed, fence[:1])) == "":
				fence = ""
			}
			continue
		}
		if fence != "" {
			continue
		}
		for _, m := range htmlAnchor.FindAllStringSubmatch(l, -1) {
			out[m[1]] = true
		}
		if len(l)-len(trimmed) > 3 {
			continue // indented code
		}
		level := len(trimmed) - len(strings.TrimLeft(trimmed, "#"))
		if level == 0 || level > 6 || (len(trimmed) > level && trimmed[level] != ' ' && trimmed[level] != '\t') {
			continue
		}
		title := strings.TrimSpace(trimmed[level:])
		title = strings.TrimSpace(strings.TrimRight(title, "#")) // closing sequence
		s := slug(title)
		if n := seen[s]; n > 0 {
			out[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			out[s] = true
		}
		seen[s]++
	}
	return out
}

// fenceOf returns the opening of a fenced code block line (``` or ~~~,
// three or more), or "".
func fenceOf(l string) string {
	for _, c := range []string{"`", "~"} {
		n := len(l) - len(strings.TrimLeft(l, c))
		if n >= 3 {
			return l[:n]
		}
	}
	return ""
}

var (
	htmlAnchor = regexp.MustCompile(`<a\s+(?:id|name)="([^"]+)"`)
	inlineLink = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	htmlTag    = regexp.MustCompile(`<[^>]+>`)
)

// slug is the anchor GitHub gives a heading's title: the text as rendered
// (links by their text, no code or emphasis markers, no HTML tags), lower
// case, with every character but letters, digits, marks, '_', '-' and
// spaces dropped and every space turned into '-'.
func slug(title string) string {
	title = inlineLink.ReplaceAllString(title, "$1")
	title = htmlTag.ReplaceAllString(title, "")
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.No, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestSlug(t *testing.T) {
	for title, want := range map[string]string{
		"Limits":      "limits",
		"Rate limits": "rate-limits",
		"Caching, compression and security headers":                 "caching-compression-and-security-headers",
		"Ownership classes (`domain_type`, `filter[domain_types]`)": "ownership-classes-domain_type-filterdomain_types",
		"Signals (`/signals`, webhook events)":                      "signals-signals-webhook-events",
		"Reader cache size":                                         "reader-cache-size",
		"`GET …/runs`: the runs behind a metric":                    "get-runs-the-runs-behind-a-metric",
		"Rollups — why":                                             "rollups--why",
		"See [the API](api.md) *now*":                               "see-the-api-now",
		"Décisions":                                                 "décisions",
	} {
		if got := slug(title); got != want {
			t.Errorf("slug(%q) = %q, want %q", title, got, want)
		}
	}
	doc := "# Title\n\n## Limits\n\n```sh\n# not a heading\n```\n\n## Limits\n    # indented code\n<a id=\"x-y\"></a>\n"
	want := map[string]bool{"title": true, "limits": true, "limits-1": true, "x-y": true}
	if got := markdownAnchors(doc); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("MarkdownAnchors: %v, want %v", got, want)
	}
}
