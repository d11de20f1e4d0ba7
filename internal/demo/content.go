package demo

// This file holds the vocabulary shared by every industry of the demo data
// set: the shapes of the content tables and the sentence templates that do
// not depend on the industry. Templates use one-letter placeholders in
// braces that fill (gen_answer.go) replaces:
//
//	{n} the item's display name   {f} one of its strengths   {w} one of its weaknesses
//	{u} what it is best for       {p} its price in the run's region
//	{s} the topic's subject       {r} the region's price note
//	{A} {B} the first and second items, {F} the first's strength, {U} the second's best-for
//	{k} a keyword   {K} the keyword in title case   {a} an audience   {c} {d} competitor names

// role is the part a prompt plays in the patterns the analytics and
// recommendation engines must find (docs/engines.md).
type role int

const (
	roleGeneral role = iota // rising visibility, mixed sources
	roleLeader              // no_action: the brand is named first, favourably
	roleRefresh             // owned_refresh: owned pages cited while the brand is weak
	roleCreate              // owned_create: competitor pages win, no owned page is ever cited
	roleEarned              // earned_3rd_party: editorial and review outlets cite competitors
	roleSocial              // social_post: reddit/youtube/linkedin/x cited without the brand
	numRoles
)

// industry is the whole content of one organization's brand: names, prompts
// and the web it is discussed on.
type industry struct {
	orgName     string
	users       []userDef
	brand       brandDef
	competitors []brandDef
	untracked   []brandDef // named in answers but not tracked: the analyzer discovers them
	topics      []topicDef // the small scale uses topics[:smallTopics]
	smallTopics int
	audiences   []string // fill {a} in prompt templates of the large scale
	unit        string   // price unit, e.g. "per user per month"

	introC, introT, introI, introAIO []string
	introN, introVs, introAlt        []string
	closings, closingsShort          []string
	regionNotes                      [numRegions]string
	featuresHeading                  []string

	outlets        []sitePattern // editorial articles, by keyword
	reviewProduct  []sitePattern // review pages of one brand ({B} {b} {D} {N})
	reviewCategory []sitePattern // review category pages, by keyword
	reviewCompare  []sitePattern // "A vs B" review pages ({A} {B} {a} {b})
	blogs          []sitePattern // other blogs, by keyword
	compPages      []sitePattern // every competitor's own pages ({C} {c} {D})
	compVs         sitePattern   // a competitor's "vs" page against {O}
	compAlt        sitePattern   // a competitor's alternatives page for {O}
	compBlog       sitePattern   // a vendor's blog post by keyword (competitors; the brand too in large)
	ytChannels     []string
	refs           []pageDef
	advertisers    []adDef
}

type userDef struct{ name, email string }

// brandDef describes a brand (tracked or not) and how answers treat it.
type brandDef struct {
	name       string
	domain     string
	domains    []string // further owned registrable domains
	aliases    []string
	pitch      string   // "a project management platform built around …"
	strengths  []string // noun phrases: "two-way GitHub and Slack sync"
	weaknesses []string // clauses: "reporting is still fairly basic"
	bestFor    []string // "engineering teams that live in GitHub"
	price      float64  // USD per unit

	// base + slope·t is the probability that a general answer names the
	// brand, t running from 0 (first day) to 1 (last day).
	base, slope float64
	rank        float64 // ordering strength in lists
	pos, neg    float64 // probabilities of favourable and unfavourable wording
	negSlope    float64 // change of neg over the window

	pages []pageDef // owned pages (tracked brands only)
}

// pageDef is one hand-written page; topics lists the topic keys it is
// relevant to (none: all topics).
type pageDef struct {
	url, title string
	topics     []string
}

// topicDef is a topic with its prompts.
type topicDef struct {
	key, name string
	subject   string // "project management software"
	role      role
	keywords  []string // page slugs and titles ("gantt chart software")
	subs      []string // subreddits
	prompts   []promptDef
	templates []promptDef // expansions of the large scale ({a} {c} {d})
	steps     []string    // default how-to steps of informational prompts
	tips      []string    // "Key features to look for"
}

// promptDef is a prompt; steps (optional) answer an informational prompt.
type promptDef struct {
	text, intent string
	steps        []string
}

// sitePattern builds a URL and a title from placeholders.
type sitePattern struct{ url, title string }

type adDef struct {
	advertiser, domain string
	texts              []string
}

// people write the social posts and blog posts the answers cite.
var people = []struct{ name, handle string }{
	{"Dana Whitfield", "danawhitfield"}, {"Marcus Oyelaran", "marcusoyelaran"},
	{"Lena Hoffmann", "lenahoffmann"}, {"Raj Patel", "rajpatelops"},
	{"Chloe Martin", "chloemartin"}, {"Tomas Ibarra", "tomasibarra"},
	{"Hannah Brooks", "hbrooks"}, {"Kenji Watanabe", "kenjiw"},
	{"Aisha Karim", "aishakarim"}, {"Oliver Grant", "olivergrant"},
	{"Sofie Lindqvist", "sofielindqvist"}, {"Ben Adeyemi", "benadeyemi"},
}

// Sentences describing one item of an answer, by wording.
var (
	sentPos = []string{
		"{n} is widely praised for {f}.",
		"Reviewers consistently highlight {f}, and customers say it delivers on its promises.",
		"{n} stands out for {f}, and it rarely disappoints.",
		"Users love {f}; it is one of the most polished options in this category.",
		"A strong all-rounder with {f} and a reputation for responsive support.",
		"{n} is an excellent choice if you care about {f}.",
	}
	sentNeutral = []string{
		"{n} offers {f} and covers the basics well.",
		"It provides {f}, with prices from {p}.",
		"A solid, middle-of-the-road option with {f}.",
		"{n} includes {f}; the entry option is basic but fine for a first try.",
		"Plans start at {p}, and every tier includes {f}.",
	}
	sentNeg = []string{
		"{n} offers {f}, but users complain that {w}.",
		"It is not the cheapest option, and some reviewers say {w}.",
		"{n} can work, although {w}, which frustrates some customers.",
		"Reviews are mixed: {w}, and support response times draw criticism.",
		"Users report that {w}, so test it carefully before committing.",
	}
	taglines = []string{"Best for {u}.", "Good fit for {u}.", "Ideal for {u}."}
	// Prose answers introduce items with these, by rank.
	proseFirst = []string{
		"{n} is the name that comes up most often.",
		"Most reviewers start with {n}.",
		"The most frequently recommended option is {n}.",
	}
	proseSecond = []string{"{n} is a close second.", "Another strong choice is {n}.", "Many people also shortlist {n}."}
	proseOther  = []string{"{n} is also worth a look.", "If budget matters, consider {n}.", "Some users prefer {n}."}
	otherLead   = []string{"**Other options worth considering:**", "**Also worth a look:**", "**Other tools people mention:**"}
	stepsLead   = []string{"**Tools that make this easier:**", "**Tools that can help:**", "**Where software helps:**"}
	pricingHead = []string{"**Pricing**", "**Pricing at a glance**", "**What it costs**"}
)

// Generic page titles for social and blog pages, by keyword.
var (
	redditTitles = []string{
		"What {k} actually stuck for your team?",
		"Honest opinions on {k}?",
		"Switched {k} three times this year, here is what I learned",
		"Is it just me or is every option for {k} overcomplicated?",
		"Recommendations for {k} on a budget?",
		"What are you all using for {k} right now?",
		"Looking for {k} that does not need a full-time admin",
		"PSA: check the export options before you commit to {k}",
		"Anyone else moving away from the big names in {k}?",
		"Finally found {k} that works for us (long post)",
	}
	youtubeTitles = []string{
		"Top 5 {K} Compared (Honest Review)",
		"{K} Explained for Beginners",
		"I Tried 7 {K} So You Don't Have To",
		"Best {K} - Which One Should You Pick?",
		"Watch This Before Choosing {K}",
		"{K}: My Setup After One Year",
	}
	socialPosts = []string{
		"Hot take: most people pick {k} for the wrong reasons",
		"Three things I wish I had known before choosing {k}",
		"{K}: what actually worked for us after a year",
		"We compared five options for {k}. The winner surprised us",
		"Unpopular opinion about {k}",
		"The checklist I use when evaluating {k}",
	}
	blogTitles = []string{
		"How We Chose {K}: A Practical Guide",
		"{K}: Lessons From a Year of Testing",
		"The Honest Guide to {K}",
		"7 Mistakes People Make With {K}",
	}
	fragments = []string{"#pricing", "#comments", "#h-key-features", "#:~:text=best", "#section-2", "#reviews"}
)
