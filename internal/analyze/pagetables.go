package analyze

// leadSections are site sections that decide the page type when they open the path,
// whatever the slug says: /pricing/compare-plans is pricing, /docs/how-to-export is
// documentation, /customers/acme-vs-legacy-tools is a case study.
var leadSections = map[string]string{
	"pricing": "pricing", "plans": "pricing", "plans-and-pricing": "pricing",
	"pricing-plans": "pricing", "prices": "pricing",

	"about": "about", "about-us": "about", "aboutus": "about", "our-story": "about",
	"who-we-are": "about", "team": "about", "our-team": "about", "leadership": "about",
	"mission": "about",

	"careers": "careers", "career": "careers", "jobs": "careers", "join-us": "careers",
	"work-with-us": "careers", "hiring": "careers", "open-positions": "careers",

	"contact": "contact", "contact-us": "contact", "contactus": "contact",
	"contact-sales": "contact", "talk-to-sales": "contact", "request-demo": "contact",
	"request-a-demo": "contact", "book-a-demo": "contact", "get-a-demo": "contact",

	"features": "features", "feature": "features",

	"customers": "case_study", "customer-stories": "case_study", "case-studies": "case_study",
	"case-study": "case_study", "success-stories": "case_study",

	"docs": "documentation", "doc": "documentation", "documentation": "documentation",
	"api": "documentation", "api-reference": "documentation", "api-docs": "documentation",
	"reference": "documentation", "manual": "documentation", "help": "documentation",
	"kb": "documentation", "knowledge-base": "documentation", "knowledgebase": "documentation",
	"hc": "documentation", "support": "documentation", "developers": "documentation",
	"developer": "documentation", "sdk": "documentation", "changelog": "documentation",

	"category": "category_page", "categories": "category_page", "tag": "category_page",
	"tags": "category_page", "topic": "category_page", "topics": "category_page",

	"community": "discussion", "forum": "discussion", "forums": "discussion",
	"discussions": "discussion", "discussion": "discussion", "questions": "discussion",
	"threads": "discussion",

	"compare": "comparison", "comparison": "comparison", "comparisons": "comparison", "vs": "comparison",
	"alternatives": "alternative", "alternative-to": "alternative",
}

// otherSections are section names that apply anywhere in the path (rule 7 of
// PageType) but do not override the slug: /blog/best-crm-tools is a listicle, not an
// article, and /resources/how-to-choose-a-crm a guide.
var otherSections = map[string]string{
	"reviews": "review", "review": "review", "testimonials": "review",

	"alternative": "alternative",

	"collections": "category_page", "collection": "category_page", "archive": "category_page",

	"guides": "how_to_guide", "guide": "how_to_guide", "tutorials": "how_to_guide",
	"tutorial": "how_to_guide", "how-to": "how_to_guide", "howto": "how_to_guide",

	"resources": "resource", "resource": "resource", "whitepapers": "resource",
	"whitepaper": "resource", "white-papers": "resource", "ebooks": "resource", "ebook": "resource",
	"e-books": "resource", "templates": "resource", "template": "resource", "webinars": "resource",
	"webinar": "resource", "reports": "resource", "downloads": "resource", "toolkit": "resource",
	"checklists": "resource", "infographics": "resource", "calculators": "resource",
	"podcast": "resource", "podcasts": "resource", "events": "resource",

	"product": "product_page", "products": "product_page", "dp": "product_page", "item": "product_page",
	"itm": "product_page", "shop": "product_page", "store": "product_page", "solutions": "product_page",
	"solution": "product_page", "integrations": "product_page", "integration": "product_page",
	"apps": "product_page", "app": "product_page", "marketplace": "product_page", "platform": "product_page",

	"blog": "article", "blogs": "article", "news": "article", "articles": "article",
	"article": "article", "posts": "article", "post": "article", "p": "article", "stories": "article",
	"story": "article", "insights": "article", "press": "article", "press-releases": "article",
	"newsroom": "article", "magazine": "article", "journal": "article", "opinion": "article",
	"wiki": "article", "editorial": "article", "updates": "article", "announcements": "article",
	"learn": "article", "research": "article",
}

// sections is every section name, for rule 7.
var sections = func() map[string]string {
	m := make(map[string]string, len(leadSections)+len(otherSections))
	for k, v := range leadSections {
		m[k] = v
	}
	for k, v := range otherSections {
		m[k] = v
	}
	return m
}()

// titleSections are title words that name a section, the last rule before "other".
var titleSections = map[string]string{
	"pricing": "pricing", "careers": "careers", "jobs": "careers", "contact": "contact",
	"features": "features", "documentation": "documentation", "docs": "documentation",
}

// hostPrefixTypes classify a whole subdomain by its first label.
var hostPrefixTypes = map[string]string{
	"community": "discussion", "forum": "discussion", "forums": "discussion",
	"discuss": "discussion", "discussion": "discussion", "discussions": "discussion",
	"answers": "discussion",

	"docs": "documentation", "doc": "documentation", "documentation": "documentation",
	"developer": "documentation", "developers": "documentation", "help": "documentation",
	"helpcenter": "documentation", "support": "documentation", "kb": "documentation",
	"knowledge": "documentation", "knowledgebase": "documentation",

	"careers": "careers", "jobs": "careers",
}

// socialDomains are networks whose pages are posts, videos and profiles.
var socialDomains = map[string]bool{
	"youtube.com": true, "youtu.be": true, "x.com": true, "twitter.com": true,
	"facebook.com": true, "fb.com": true, "instagram.com": true, "tiktok.com": true,
	"threads.net": true, "bsky.app": true, "snapchat.com": true, "vimeo.com": true,
	"twitch.tv": true, "t.me": true, "mastodon.social": true, "tumblr.com": true,
}

// discussionDomains are forums and Q&A sites.
var discussionDomains = map[string]bool{
	"reddit.com": true, "redd.it": true, "quora.com": true, "stackoverflow.com": true,
	"stackexchange.com": true, "superuser.com": true, "serverfault.com": true,
	"askubuntu.com": true, "mathoverflow.net": true, "indiehackers.com": true,
	"lobste.rs": true, "slashdot.org": true,
}

// reviewDomains are review platforms, by registrable domain or, for platforms with
// country domains, by site label.
var reviewDomains = map[string]bool{
	"g2.com": true, "capterra": true, "trustradius.com": true, "trustpilot": true,
	"getapp.com": true, "softwareadvice.com": true, "peerspot.com": true, "sitejabber.com": true,
	"consumeraffairs.com": true, "glassdoor": true, "saasworthy.com": true,
	"softwaresuggest.com": true, "productreview.com.au": true, "reviews.io": true,
}

// articleDomains publish posts under short or opaque slugs; anything there that no
// rule classifies is an article.
var articleDomains = map[string]bool{
	"medium.com": true, "substack.com": true, "dev.to": true, "hashnode.dev": true,
	"wikipedia.org": true, "hackernoon.com": true, "wordpress.com": true,
}

// languages are locale prefixes stripped before reading the path.
var languages = map[string]bool{
	"en": true, "de": true, "fr": true, "es": true, "it": true, "pt": true, "nl": true,
	"ja": true, "ko": true, "zh": true, "ru": true, "pl": true, "sv": true, "da": true,
	"fi": true, "nb": true, "tr": true, "cs": true, "hu": true, "ro": true, "el": true,
	"he": true, "ar": true, "th": true, "vi": true, "uk": true, "hi": true,
}
