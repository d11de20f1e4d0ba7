package demo

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// pageKind classifies the pages answers cite.
type pageKind uint8

const (
	kOwned     pageKind = iota // the brand's own domains
	kComp                      // a competitor's own domain
	kEditorial                 // news and editorial outlets
	kReview                    // review sites
	kReddit
	kYouTube
	kLinkedIn
	kX
	kRef  // wikipedia, documentation, institutions
	kBlog // other blogs
	numKinds
)

// URL spellings of one page: the canonical one and messy ones that
// normalization must fold back into it.
const (
	vCanon   = iota
	vUTM     // ?utm_source=chatgpt.com
	vFrag    // #fragment
	vSlash   // trailing slash added or removed
	vWWW     // www. added or removed
	vUpper   // uppercase host
	vSpecial // old.reddit.com, youtu.be, twitter.com; else canonical
	numVariants
)

// page is one citable page with its URL spellings.
type page struct {
	urls          [numVariants]string
	title, author string
}

// pvars fills page patterns; keys are the one-letter placeholders.
type pvars struct {
	s, k, K, N, Y, b, B, D, C, c, o, O, a, A, h, P, X, x, T string
}

func (v *pvars) get(key byte) string {
	switch key {
	case 's':
		return v.s
	case 'k':
		return v.k
	case 'K':
		return v.K
	case 'N':
		return v.N
	case 'Y':
		return v.Y
	case 'b':
		return v.b
	case 'B':
		return v.B
	case 'D':
		return v.D
	case 'C':
		return v.C
	case 'c':
		return v.c
	case 'o':
		return v.o
	case 'O':
		return v.O
	case 'a':
		return v.a
	case 'A':
		return v.A
	case 'h':
		return v.h
	case 'P':
		return v.P
	case 'X':
		return v.X
	case 'x':
		return v.x
	case 'T':
		return v.T
	}
	return ""
}

// pfill fills a page pattern.
func pfill(tmpl string, v *pvars) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 || i+2 >= len(tmpl) || tmpl[i+2] != '}' {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:i])
		b.WriteString(v.get(tmpl[i+1]))
		tmpl = tmpl[i+3:]
	}
}

// addPage adds a page once and returns its index.
func (g *brandGen) addPage(canon, title, author, special string) int32 {
	if i, ok := g.byURL[canon]; ok {
		return i
	}
	i := int32(len(g.pages))
	g.pages = append(g.pages, page{urls: urlVariants(canon, special, len(g.pages)), title: title, author: author})
	g.byURL[canon] = i
	return i
}

func (g *brandGen) addPattern(sp sitePattern, v *pvars, author string) int32 {
	return g.addPage(pfill(sp.url, v), pfill(sp.title, v), author, "")
}

// buildPages builds the bounded page pools: m pages per slot in small, more
// in large, so that pages repeat across runs.
func (g *brandGen) buildPages(rnd *rand.Rand, m int, large bool) {
	ind := g.ind
	n := len(g.ents)
	g.compAll = make([][]int32, n)
	g.compWin = make([][]int32, n)
	g.compBlog = make([][][]int32, n)
	g.reviewBrand = make([][]int32, n)

	var general []int32
	for _, pd := range ind.brand.pages {
		id := g.addPage(pd.url, pd.title, "", "")
		if pd.topics == nil {
			general = append(general, id)
			continue
		}
		for ti := range g.topics {
			if slices.Contains(pd.topics, g.topics[ti].def.key) {
				g.topics[ti].pools[kOwned] = append(g.topics[ti].pools[kOwned], id)
			}
		}
	}
	for ti := range g.topics {
		t := &g.topics[ti]
		t.pools[kOwned] = append(t.pools[kOwned], general...)
		if large {
			for _, kw := range t.def.keywords {
				v := pvars{C: ind.brand.name, D: ind.brand.domain, s: slugify(kw, '-'), K: titleCase(kw)}
				t.pools[kOwned] = append(t.pools[kOwned], g.addPattern(ind.compBlog, &v, ""))
			}
		}
	}

	for c := 1; c <= g.nComp; c++ {
		e := &g.ents[c]
		v := pvars{C: e.def.name, c: e.slug, D: e.def.domain}
		for _, sp := range ind.compPages {
			g.compAll[c] = append(g.compAll[c], g.addPattern(sp, &v, ""))
		}
		others := []int{0, c%g.nComp + 1}
		if large {
			others = others[:0]
			for o := 0; o <= g.nComp; o++ {
				if o != c {
					others = append(others, o)
				}
			}
		}
		for _, o := range others {
			v.o, v.O = g.ents[o].slug, g.ents[o].def.name
			for _, sp := range []sitePattern{ind.compVs, ind.compAlt} {
				id := g.addPattern(sp, &v, "")
				g.compAll[c] = append(g.compAll[c], id)
				g.compWin[c] = append(g.compWin[c], id)
			}
		}
		g.compBlog[c] = make([][]int32, len(g.topics))
		for ti := range g.topics {
			for _, kw := range g.topics[ti].def.keywords[:min(m, 2)] {
				v.s, v.K = slugify(kw, '-'), titleCase(kw)
				g.compBlog[c][ti] = append(g.compBlog[c][ti], g.addPattern(ind.compBlog, &v, ""))
			}
		}
	}

	for e := 0; e <= g.nComp; e++ {
		for _, sp := range ind.reviewProduct {
			v := pvars{b: g.ents[e].slug, B: g.ents[e].def.name, D: g.ents[e].def.domain, N: digits(rnd, 6)}
			g.reviewBrand[e] = append(g.reviewBrand[e], g.addPattern(sp, &v, ""))
		}
	}
	var pairs [][2]int
	for c := 1; c <= g.nComp; c++ {
		pairs = append(pairs, [2]int{0, c})
		if c < g.nComp {
			pairs = append(pairs, [2]int{c, c + 1})
		}
	}
	cmp := ind.reviewCompare[:1]
	if large {
		cmp = ind.reviewCompare
	}
	for _, pr := range pairs {
		a, b := &g.ents[pr[0]], &g.ents[pr[1]]
		for _, sp := range cmp {
			v := pvars{a: a.slug, A: a.def.name, b: b.slug, B: b.def.name}
			g.reviewPairs = append(g.reviewPairs, pairPage{pr[0], pr[1], g.addPattern(sp, &v, "")})
		}
	}

	for ti := range g.topics {
		g.buildTopicPages(rnd, ti, m)
	}
}

// buildTopicPages builds the third-party pages about one topic.
func (g *brandGen) buildTopicPages(rnd *rand.Rand, ti, m int) {
	ind := g.ind
	t := &g.topics[ti]
	kws := t.def.keywords
	kwVars := func(kw string) pvars {
		return pvars{s: slugify(kw, '-'), k: kw, K: titleCase(kw), N: digits(rnd, 8), Y: datePath(rnd)}
	}
	no := len(ind.outlets)
	for i := range min(8*m, no*len(kws)) {
		v := kwVars(kws[(i/no)%len(kws)])
		t.pools[kEditorial] = append(t.pools[kEditorial], g.addPattern(ind.outlets[i%no], &v, ""))
	}
	nr := len(ind.reviewCategory)
	for i := range min(3*m, nr*len(kws)) {
		v := kwVars(kws[(i/nr)%len(kws)])
		t.pools[kReview] = append(t.pools[kReview], g.addPattern(ind.reviewCategory[i%nr], &v, ""))
	}
	for i := range 6 * m {
		kw := kws[i%len(kws)]
		title := kwFill(redditTitles[(i+ti)%len(redditTitles)], kw)
		sub := t.def.subs[i%len(t.def.subs)]
		path := "/r/" + sub + "/comments/" + base36(rnd, 7) + "/" + redditSlug(title) + "/"
		id := g.addPage("https://www.reddit.com"+path, title+" : r/"+sub, "", "https://old.reddit.com"+path)
		t.pools[kReddit] = append(t.pools[kReddit], id)
	}
	for i := range 4 * m {
		kw := kws[i%len(kws)]
		vid := randString(rnd, 11, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
		id := g.addPage("https://www.youtube.com/watch?v="+vid, kwFill(youtubeTitles[(i+ti)%len(youtubeTitles)], kw),
			ind.ytChannels[(i+ti*3)%len(ind.ytChannels)], "https://youtu.be/"+vid)
		t.pools[kYouTube] = append(t.pools[kYouTube], id)
	}
	for i := range 2 * m {
		kw := kws[(i+1)%len(kws)]
		p := people[(i*5+ti*3)%len(people)]
		post := kwFill(socialPosts[(i+ti)%len(socialPosts)], kw)
		url := "https://www.linkedin.com/posts/" + slugify(p.name, '-') + "-" + randString(rnd, 6, "0123456789abcdef") + "_" +
			strings.ReplaceAll(slugify(kw, '-'), "-", "") + "-activity-7" + digits(rnd, 18) + "-" + randString(rnd, 4, alnum)
		t.pools[kLinkedIn] = append(t.pools[kLinkedIn], g.addPage(url, p.name+" on LinkedIn: "+post, p.name, ""))
	}
	for i := range 2 * m {
		kw := kws[(i+2)%len(kws)]
		p := people[(i*7+ti*5+1)%len(people)]
		post := kwFill(socialPosts[(i+ti+3)%len(socialPosts)], kw)
		path := "/" + p.handle + "/status/1" + digits(rnd, 18)
		id := g.addPage("https://x.com"+path, p.name+" on X: \""+post+"\"", p.name, "https://twitter.com"+path)
		t.pools[kX] = append(t.pools[kX], id)
	}
	nb := len(ind.blogs)
	for i := range 3 * m {
		kw := kws[i%len(kws)]
		p := people[(i*3+ti)%len(people)]
		title := kwFill(blogTitles[(i+ti)%len(blogTitles)], kw)
		v := pvars{s: slugify(title, '-'), h: p.handle, P: p.name, X: randString(rnd, 12, "0123456789abcdef"), x: randString(rnd, 4, "0123456789abcdefghijklmnopqrstuvwxyz"), T: title}
		t.pools[kBlog] = append(t.pools[kBlog], g.addPattern(ind.blogs[i%nb], &v, p.name))
	}
	for _, rd := range ind.refs {
		if rd.topics == nil || slices.Contains(rd.topics, t.def.key) {
			t.pools[kRef] = append(t.pools[kRef], g.addPage(rd.url, rd.title, "", ""))
		}
	}
}

const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// urlVariants spells one URL in the ways answers cite it.
func urlVariants(canon, special string, i int) [numVariants]string {
	const scheme = "https://"
	var v [numVariants]string
	v[vCanon] = canon
	sep := "?"
	if strings.Contains(canon, "?") {
		sep = "&"
	}
	v[vUTM] = canon + sep + "utm_source=chatgpt.com"
	v[vFrag] = canon + fragments[i%len(fragments)]
	rest := canon[len(scheme):]
	end := strings.IndexAny(rest, "/?")
	if end < 0 {
		end = len(rest)
	}
	host, path := rest[:end], rest[end:]
	switch {
	case strings.Contains(canon, "?"):
		v[vSlash] = v[vFrag]
	case strings.HasSuffix(canon, "/"):
		v[vSlash] = strings.TrimSuffix(canon, "/")
	default:
		v[vSlash] = canon + "/"
	}
	switch {
	case strings.HasPrefix(host, "www."):
		v[vWWW] = scheme + host[4:] + path
	case strings.Count(host, ".") == 1:
		v[vWWW] = scheme + "www." + host + path
	default:
		v[vWWW] = v[vSlash]
	}
	v[vUpper] = scheme + strings.ToUpper(host) + path
	v[vSpecial] = special
	if special == "" {
		v[vSpecial] = canon
	}
	return v
}

// kwFill fills {k} and {K} in a title template.
func kwFill(tmpl, kw string) string {
	return strings.NewReplacer("{k}", kw, "{K}", titleCase(kw)).Replace(tmpl)
}

// redditSlug is reddit's URL slug of a title: lowercase words joined by
// underscores, cut at a word boundary.
func redditSlug(title string) string {
	s := slugify(title, '_')
	if len(s) > 50 {
		s = s[:50]
		if i := strings.LastIndexByte(s, '_'); i > 0 {
			s = s[:i]
		}
	}
	return s
}

func randString(rnd *rand.Rand, n int, alphabet string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rnd.IntN(len(alphabet))]
	}
	return string(b)
}

// digits returns n random digits, the first one not zero.
func digits(rnd *rand.Rand, n int) string {
	return string(rune('1'+rnd.IntN(9))) + randString(rnd, n-1, "0123456789")
}

// base36 returns a reddit-like post id.
func base36(rnd *rand.Rand, n int) string {
	return "1" + randString(rnd, n-1, "0123456789abcdefghijklmnopqrstuvwxyz")
}

func datePath(rnd *rand.Rand) string {
	return strconv.Itoa(2023+rnd.IntN(3)) + "/" + pad2(1+rnd.IntN(12)) + "/" + pad2(1+rnd.IntN(28))
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
