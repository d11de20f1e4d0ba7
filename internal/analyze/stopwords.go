package analyze

import "strings"

// set builds a lookup set from space-separated words.
func set(words ...string) map[string]bool {
	m := make(map[string]bool)
	for _, w := range words {
		for _, f := range strings.Fields(w) {
			m[f] = true
		}
	}
	return m
}

// stopWords are the generic words AI answers put in bold labels, list leads and
// headings: "**Pricing:**", "- Key Features:", "**Best for**", "Step 1", "Bottom line".
// A candidate brand made only of these (and numbers) is not a brand. Brand names
// that contain one next to a distinctive word ("Google Docs", "Zoho CRM",
// "Microsoft Teams") are unaffected.
var stopWords = set(append(labelWordLists[:],
	// product vocabulary
	`customer customers support service services integration integrations integrate api apis
	mobile app apps desktop web browser extension platform platforms tool tools software
	solution solutions product products system systems suite crm crms erp cms saas ai llm
	automation automations analytics reporting reports report dashboard dashboards insights
	security privacy compliance scalability scalable performance reliability uptime speed
	usability collaboration communication customization customizable flexibility flexible
	learning curve setup onboarding implementation migration interface ui ux design templates
	template workflow workflows task tasks project projects management manager tracking
	time data storage files file sharing docs documents document email emails marketing
	sales pipeline leads lead contacts contact deals chat messaging video calls meetings
	calendar scheduling invoicing payments payroll accounting hr finance inventory ecommerce
	seo content social media ads advertising campaigns website websites hosting domain
	developer developers code coding open source self hosted cloud local offline online
	real version versions language languages functionality functionalities option
	ecosystem community documentation tutorials training resources updates roadmap`,
	// audiences and contexts
	`small medium large business businesses companies company enterprises startups startup
	agencies agency freelancers freelancer individuals beginners beginner advanced experts
	expert professionals nonprofits students student education teachers developers
	marketers designers engineers remote hybrid office home work family gaming`,
	// qualities of software and languages that answers list as labels
	`concurrency latency throughput stability maintenance maintainability popularity adoption
	maturity tooling typing syntax memory safety accessibility portability readability
	accuracy quality efficiency productivity visibility transparency governance control`,
	// dates and periods
	`january february march april may june july august september october november december
	q1 q2 q3 q4 h1 h2 today tomorrow yesterday week weeks day days quarter`,
	// glue and determiners that open generic labels
	`it this that these those there here all both other others more less most also only
	just even still very much many some any every each another such same new old current
	latest popular common general specific first second third fourth fifth next last
	general key things thing everything something nothing anything everyone someone
	option alternatively additionally however therefore finally overall summary
	in on at by from to with without after before during since until under over about
	as if or vs via per into onto`,
)...)

// labelWordLists are the stop words of answer structure, evaluation labels
// and pricing: a lead made of them alone is a label wherever it stands
// ("**Bottom Line:**", "### Final Verdict", "- **Free Plan**"), never a
// brand (looseName).
var labelWordLists = [...]string{
	// answer structure
	`pros cons pro con summary conclusion conclusions overview introduction intro note notes
	tip tips warning caution important disclaimer update updated bottom line lines tl dr tldr
	quick answer answers short long final thoughts thought takeaway takeaways verdict
	recommendation recommendations recommended example examples step steps option options
	method methods approach approaches stage phase part section chapter table contents faq faqs
	question questions reason reasons why what how when where who which whom whose yes no maybe
	sources source references reference links resources resource related further reading
	context background details detail info information explanation definition meaning`,
	// evaluation labels
	`best better good great top overall pick picks choice choices winner winners runner runners
	up honorable honourable mention mentions editor editors staff our my your their its
	rating ratings score scores rank ranking rankings review reviews comparison compare compared
	vs versus alternative alternatives competitor competitors ideal suitable fit standout
	stands out key main core notable unique primary biggest major minor strengths strength
	weaknesses weakness benefits benefit advantages advantage disadvantages disadvantage
	drawbacks drawback downsides downside limitations limitation considerations consideration
	criteria factors factor features feature highlights highlight capabilities capability
	use uses used case cases usage ease easy easier difficulty simple simplicity`,
	// pricing and plans
	`pricing price prices priced cost costs costing fee fees plan plans tier tiers free freemium
	trial paid premium starter basic standard professional plus business ultimate enterprise
	unlimited team teams individual personal monthly annual annually yearly month year months
	years per seat seats user users license licensing budget value money cheap affordable
	expensive discount discounts billing subscription subscriptions`,
}

// labelWords are the words of labelWordLists.
var labelWords = set(labelWordLists[:]...)

// connectors may appear in lowercase inside a brand name ("Bank of America",
// "Marcus by Goldman Sachs").
var connectors = set("of and & the for de du la le von van y by")

// leadVerbs open imperative list items ("- Consider Asana", "- Try Notion"): the item
// is advice, not a brand name.
var leadVerbs = set(`use using try trying consider choose choosing pick select compare
	check start starting go get look avoid explore evaluate test read see visit sign create
	add set build make keep plan define identify assess review ask open click tap press
	navigate enter type install download log connect enable disable turn export import
	upload copy paste save run launch invite assign share sync configure customize
	shortlist trial pilot write track archive record draft map schedule`)

// isGenericWord reports whether a lowercase word is a stop word or has a reading
// as an English word or proper noun, so that a brand of that name must be written
// with a capital.
func isGenericWord(w string) bool {
	return stopWords[w] || hasReading(w)
}
