package analyze

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// mn builds an expected mention; sentiment is checked separately.
func mn(name string, tracked, pos, count int) Mention {
	return Mention{Name: name, Tracked: tracked, Position: pos, Count: count}
}

var crmTracked = []Tracked{
	{Name: "HubSpot", Aliases: []string{"HubSpot CRM", "HS"}},
	{Name: "Salesforce", Aliases: []string{"Sales Cloud"}},
}

func TestFindMentions(t *testing.T) {
	tests := []struct {
		name    string
		answer  string
		tracked []Tracked
		want    []Mention
	}{
		{
			name: "numbered list with bold names, tracked and untracked",
			answer: `Here are the best CRM tools for small businesses in 2025:

1. **HubSpot CRM** – A free CRM with excellent marketing tools. HubSpot is great for startups.
2. **Salesforce** – The most powerful enterprise option, but expensive.
3. **Pipedrive** – Simple, visual pipeline management.
4. **Zoho CRM** – Affordable and flexible.

**Bottom line:** Choose HubSpot if you want a free start.`,
			tracked: crmTracked,
			want: []Mention{
				mn("HubSpot", 0, 1, 3), mn("Salesforce", 1, 2, 1),
				mn("Pipedrive", -1, 3, 1), mn("Zoho CRM", -1, 4, 1),
			},
		},
		{
			name: "bullets with colons, generic lead rejected",
			answer: `For project management, consider these options:

- Asana: great for cross-team workflows.
- Trello: simple Kanban boards.
- Monday.com: highly visual and customizable.
- Easy to use: all three have gentle learning curves.`,
			want: []Mention{mn("Asana", -1, 1, 1), mn("Trello", -1, 2, 1), mn("Monday.com", -1, 3, 1)},
		},
		{
			name:   "star bullets with bold only",
			answer: "Top picks:\n\n* **ClickUp**\n* **Notion**\n* **Linear**\n",
			want:   []Mention{mn("ClickUp", -1, 1, 1), mn("Notion", -1, 2, 1), mn("Linear", -1, 3, 1)},
		},
		{
			name:    "name inside another word does not match, possessive does",
			answer:  "Acme's platform is used in Acmeville and by AcmeCorp, and acmes are not a thing.",
			tracked: []Tracked{{Name: "Acme"}},
			want:    []Mention{mn("Acme", 0, 1, 1)},
		},
		{
			name:    "possessive with curly apostrophe",
			answer:  "Asana’s timeline view is handy. Many teams rely on Asana's rules.",
			tracked: []Tracked{{Name: "Asana"}},
			want:    []Mention{mn("Asana", 0, 1, 2)},
		},
		{
			name:    "alias and short exact alias",
			answer:  "HS is popular with marketers. hubspot crm has a generous free tier, and hs lowercase is not it.",
			tracked: crmTracked,
			want:    []Mention{mn("HubSpot", 0, 1, 2)},
		},
		{
			name:    "named twice keeps first position",
			answer:  "Asana and Trello both work. Trello is simpler, but Asana scales further.",
			tracked: []Tracked{{Name: "Trello"}, {Name: "Asana"}},
			want:    []Mention{mn("Asana", 1, 1, 2), mn("Trello", 0, 2, 2)},
		},
		{
			name:    "case differences",
			answer:  "Clickup is flexible. CLICKUP also has docs, and ClickUp Brain adds AI.",
			tracked: []Tracked{{Name: "ClickUp"}},
			want:    []Mention{mn("ClickUp", 0, 1, 3)},
		},
		{
			name: "headings and labels are not brands",
			answer: `## Pricing

### Key Features

**Pros:**
- Fast
- Reliable

**Cons:**
- Pricey

## Conclusion

**Note:** prices change often.`,
			want: nil,
		},
		{
			name:    "common-word brand needs a capital",
			answer:  "Some people like the notion of a second brain. Notion is the tool most of them pick.",
			tracked: []Tracked{{Name: "Notion"}},
			want:    []Mention{mn("Notion", 0, 1, 1)},
		},
		{
			name:    "common-word alias next to a domain name",
			answer:  "monday.com shines for visual planning; teams check Monday every monday morning.",
			tracked: []Tracked{{Name: "monday.com", Aliases: []string{"Monday"}}},
			want:    []Mention{mn("monday.com", 0, 1, 2)},
		},
		{
			name:    "untracked equal to a tracked alias is the tracked brand",
			answer:  "1. **hubspot crm** – all-in-one.\n2. **Freshsales** – AI scoring.",
			tracked: crmTracked,
			want:    []Mention{mn("HubSpot", 0, 1, 1), mn("Freshsales", -1, 2, 1)},
		},
		{
			name:   "bold names in prose",
			answer: "For design teams, **Figma** is the standard, while **Miro** suits workshops and **FigJam** sits in between.",
			want:   []Mention{mn("Figma", -1, 1, 1), mn("Miro", -1, 2, 1), mn("FigJam", -1, 3, 1)},
		},
		{
			name:   "later plain occurrences count for untracked brands",
			answer: "1. **Pipedrive** – pipeline-first CRM.\n\nMany sales teams pick Pipedrive because Pipedrive is visual.",
			want:   []Mention{mn("Pipedrive", -1, 1, 3)},
		},
		{
			name:   "untracked first seen in prose before its list item",
			answer: "Pipedrive and Close are popular with SMBs, and both close deals fast.\n\n1. **Pipedrive** – visual.\n2. **Close** – built-in calling.",
			want:   []Mention{mn("Pipedrive", -1, 1, 2), mn("Close", -1, 2, 2)},
		},
		{
			name: "table first column, header skipped",
			answer: `| Tool | Best for | Price |
|------|----------|-------|
| Notion | Docs and wikis | $10/user |
| **Coda** | Interactive docs | $12/user |`,
			want: []Mention{mn("Notion", -1, 1, 1), mn("Coda", -1, 2, 1)},
		},
		{
			name:   "numbered headings",
			answer: "## Best to-do apps\n\n### 1. Todoist\nGreat for personal tasks.\n\n### 2) TickTick\nHas a built-in Pomodoro timer.\n",
			want:   []Mention{mn("Todoist", -1, 1, 1), mn("TickTick", -1, 2, 1)},
		},
		{
			name: "emoji before the number, labels and a comparison table",
			answer: `### 🏆 1. Asana
**Why it stands out:** robust workflow automation and timeline views.[1]
- **Best for:** Cross-functional teams

### 2. **ClickUp**
ClickUp is an all-in-one platform, but some users find it overwhelming.

| Feature | Asana | ClickUp |
|---|---|---|
| Free plan | Yes | Yes |

## Final Thoughts
Would you like a deeper comparison of **Asana vs ClickUp**?`,
			want: []Mention{mn("Asana", -1, 1, 3), mn("ClickUp", -1, 2, 4)},
		},
		{
			name:   "linked list lead",
			answer: "- [Airtable](https://airtable.com) – spreadsheet-database hybrid\n- **[Baserow](https://baserow.io)**: open-source alternative",
			want:   []Mention{mn("Airtable", -1, 1, 1), mn("Baserow", -1, 2, 1)},
		},
		{
			name:   "emoji and colon inside bold",
			answer: "✅ **Calendly:** best for scheduling\n❌ **Doodle (free plan):** limited",
			want:   []Mention{mn("Calendly", -1, 1, 1), mn("Doodle", -1, 2, 1)},
		},
		{
			name: "bold labels under a list item",
			answer: `1. **Notion**
   - **Best for:** wikis
   - **Pricing:** Free plan; Plus $10
   - **Key Features:** databases, AI
   - **Ease of Use:** high`,
			want: []Mention{mn("Notion", -1, 1, 1)},
		},
		{
			name:   "steps and imperative items are not brands",
			answer: "**Step 1:** Sign up.\n**Step 2:** Import contacts.\n\n1. Open Settings\n2. Click Import\n3. Choose a CSV file",
			want:   nil,
		},
		{
			name:   "sentence list items are not brands",
			answer: "- Notion is best for documentation and knowledge bases.\n- It syncs across devices.",
			want:   nil,
		},
		{
			name:   "multi-word brand names",
			answer: "1. **Google Docs** – real-time editing\n2. **Microsoft Teams** – chat and calls\n3. **Bank of America** – business banking",
			want:   []Mention{mn("Google Docs", -1, 1, 1), mn("Microsoft Teams", -1, 2, 1), mn("Bank of America", -1, 3, 1)},
		},
		{
			name:    "tracked index follows the tracked slice, position the answer",
			answer:  "Intercom leads chat support; Zendesk leads ticketing.",
			tracked: []Tracked{{Name: "Zendesk"}, {Name: "Intercom"}},
			want:    []Mention{mn("Intercom", 1, 1, 1), mn("Zendesk", 0, 2, 1)},
		},
		{
			name:    "code blocks are not structure",
			answer:  "Install the SDK:\n\n```\n- **NotABrand**\n1. Configure\n```\n\nThen call Stripe.",
			tracked: []Tracked{{Name: "Stripe"}},
			want:    []Mention{mn("Stripe", 0, 1, 1)},
		},
		{
			name:    "longest overlapping tracked name wins",
			answer:  "Notion Calendar syncs with Notion.",
			tracked: []Tracked{{Name: "Notion"}, {Name: "Notion Calendar"}},
			want:    []Mention{mn("Notion Calendar", 1, 1, 1), mn("Notion", 0, 2, 1)},
		},
		{
			name:    "hyphen is a word boundary",
			answer:  "Most teams prefer Acme-powered dashboards.",
			tracked: []Tracked{{Name: "Acme"}},
			want:    []Mention{mn("Acme", 0, 1, 1)},
		},
		{
			name:    "short name matches with exact case",
			answer:  "Box is secure. Put the files in a box.",
			tracked: []Tracked{{Name: "Box"}},
			want:    []Mention{mn("Box", 0, 1, 1)},
		},
		{
			name:    "non-ASCII names fold case",
			answer:  "SOCIÉTÉ GÉNÉRALE and société générale are the same bank.",
			tracked: []Tracked{{Name: "Société Générale"}},
			want:    []Mention{mn("Société Générale", 0, 1, 2)},
		},
		{
			name:   "generic multi-word bold labels",
			answer: "**Free Plan** is generous. **Customer Support** is fast. **Editor's Choice**: see below. **Mobile App** works offline.",
			want:   nil,
		},
		{
			name:   "untracked name in another case later",
			answer: "1. **ClickUp** – everything app.\n\nClickup's docs are decent, and CLICKUP dashboards too.",
			want:   []Mention{mn("ClickUp", -1, 1, 3)},
		},
		{
			name:   "questions and sentences in bold",
			answer: "1. **What is a CRM?**\n\n**This is the most important step for any team.**",
			want:   nil,
		},
		{
			name:   "parenthesis enumerator and em dash",
			answer: "1) Basecamp — calm project management\n2) Height — autonomous PM",
			want:   []Mention{mn("Basecamp", -1, 1, 1), mn("Height", -1, 2, 1)},
		},
		{
			name:    "candidate overlapping a tracked name is the tracked brand",
			answer:  "1. **Salesforce Sales Cloud** – enterprise\n2. **Zoho CRM** – budget",
			tracked: crmTracked,
			want:    []Mention{mn("Salesforce", 1, 1, 1), mn("Zoho CRM", -1, 2, 1)},
		},
		{
			name:   "a name that extends another by words is its product",
			answer: "1. **Zoho CRM** – budget pick\n2. **Zoho Desk** – help desk\n\n| Vendor | Plan |\n|---|---|\n| Zoho | Free |",
			want:   []Mention{mn("Zoho", -1, 1, 3)},
		},
		{
			name:    "URLs are not mentions",
			answer:  "[HubSpot](https://www.hubspot.com/products/crm) is free to start. Pricing: https://hubspot.com/pricing.\n\nSources: <https://blog.hubspot.com/sales/crm>",
			tracked: crmTracked,
			want:    []Mention{mn("HubSpot", 0, 1, 1)},
		},
		{
			name:    "tracked brand absent",
			answer:  "Trello is a simple board tool.",
			tracked: []Tracked{{Name: "Asana"}, {Name: "Trello"}},
			want:    []Mention{mn("Trello", 1, 1, 1)},
		},
		{
			name:    "empty answer",
			answer:  "  \n",
			tracked: crmTracked,
			want:    nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FindMentions(tt.answer, tt.tracked)
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreFields(Mention{}, "Sentiment", "Spans"), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("FindMentions (-want +got):\n%s", diff)
			}
			for _, m := range got {
				// one span per occurrence counted, in order, inside the answer
				if len(m.Spans) != m.Count {
					t.Errorf("%s: %d spans, count %d", m.Name, len(m.Spans), m.Count)
				}
				for i, sp := range m.Spans {
					if sp.Start < 0 || sp.End > len(tt.answer) || sp.Start >= sp.End || (i > 0 && sp.Start < m.Spans[i-1].End) {
						t.Errorf("%s: span %d %+v out of order or range", m.Name, i, sp)
					}
				}
				if m.Sentiment < 0 || m.Sentiment > 100 {
					t.Errorf("%s: sentiment %v out of range", m.Name, m.Sentiment)
				}
			}
		})
	}
}

func TestFindMentionsSentiment(t *testing.T) {
	answer := `HubSpot is excellent and easy to use for growing teams.

Salesforce is powerful, but it is expensive and clunky for small teams. Salesforce support is not great either.

1. **Pipedrive** – solid pipeline views.
2. **Zoho CRM** – part of the Zoho suite.`
	got := FindMentions(answer, crmTracked)
	mood := make(map[string]float64)
	for _, m := range got {
		mood[m.Name] = m.Sentiment
	}
	if mood["HubSpot"] <= 60 {
		t.Errorf("HubSpot sentiment = %v, want clearly positive", mood["HubSpot"])
	}
	if mood["Salesforce"] >= 45 {
		t.Errorf("Salesforce sentiment = %v, want negative", mood["Salesforce"])
	}
	if mood["Pipedrive"] <= 55 {
		t.Errorf("Pipedrive sentiment = %v, want positive", mood["Pipedrive"])
	}
	// "the Zoho suite" names Zoho, a brand of the list, so "Zoho CRM" is its
	// product and the brand is Zoho
	if v, ok := mood["Zoho"]; !ok || v != 50 {
		t.Errorf("Zoho sentiment = %v (found %v), want neutral 50", v, ok)
	}
}

// TestMatcherReuse checks that one Matcher serves many answers and goroutines.
func TestMatcherReuse(t *testing.T) {
	m := NewMatcher(crmTracked)
	done := make(chan []Mention)
	for range 8 {
		go func() { done <- m.Find(benchAnswer) }()
	}
	want := m.Find(benchAnswer)
	for range 8 {
		if diff := cmp.Diff(want, <-done); diff != "" {
			t.Errorf("concurrent Find differs (-want +got):\n%s", diff)
		}
	}
}

func TestSentenceSpans(t *testing.T) {
	s := "Intro line. Second one! Third, e.g. with an abbreviation?\n- Item one. Still item.\n| a | b |"
	var got []string
	for _, sp := range sentenceSpans(s) {
		got = append(got, s[sp.start:sp.end])
	}
	want := []string{"Intro line.", "Second one!", "Third, e.g. with an abbreviation?", "Item one.", "Still item.", "| a | b |"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sentenceSpans (-want +got):\n%s", diff)
	}
}

// benchAnswer is a typical ~1.5 KB assistant answer.
var benchAnswer = strings.TrimSpace(`
Choosing a CRM depends on your team size, budget and sales process. Here are the strongest options in 2025:

1. **HubSpot CRM** – The best free CRM for most small businesses. HubSpot bundles contact management, email tracking and a visual pipeline, and its marketing tools are excellent. Paid tiers get expensive quickly.
2. **Salesforce Sales Cloud** – The most powerful and customizable platform, ideal for enterprises with complex processes. Salesforce has a steep learning curve and usually needs an admin.
3. **Pipedrive** – A pipeline-first CRM that sales reps love for its simplicity. Pipedrive is not the best choice for marketing automation.
4. **Zoho CRM** – Affordable, with AI assistance (Zia) and deep customization. Good value for budget-conscious teams.
5. **Freshsales** – Built-in phone and AI lead scoring; a solid mid-market pick.

### Quick comparison

| CRM | Best for | Starting price |
|-----|----------|----------------|
| HubSpot | Small businesses | Free |
| Salesforce | Enterprises | $25/user/month |
| Pipedrive | Sales-led teams | $14/user/month |

**Bottom line:** If you want to start free and grow, pick HubSpot. If you need deep customization and have the budget, Salesforce is hard to beat. Teams that live in their pipeline tend to prefer Pipedrive, while Zoho and Monday Sales CRM are strong budget alternatives.
`)

func BenchmarkFindMentions(b *testing.B) {
	tracked := []Tracked{
		{Name: "HubSpot", Aliases: []string{"HubSpot CRM"}},
		{Name: "Salesforce", Aliases: []string{"Sales Cloud", "SFDC"}},
		{Name: "Pipedrive"},
		{Name: "Zoho", Aliases: []string{"Zoho CRM"}},
		{Name: "Close", Aliases: []string{"Close CRM"}},
	}
	m := NewMatcher(tracked)
	b.SetBytes(int64(len(benchAnswer)))
	b.ReportAllocs()
	for b.Loop() {
		m.Find(benchAnswer)
	}
}

// TestFindMentionsSpans checks that spans point at the names as written,
// aliases and possessives included.
func TestFindMentionsSpans(t *testing.T) {
	answer := "Try **HubSpot CRM** first. Salesforce's pricing is high; hubspot is free.\nSee https://hubspot.com/x."
	got := FindMentions(answer, []Tracked{{Name: "HubSpot", Aliases: []string{"HubSpot CRM"}}, {Name: "Salesforce"}})
	text := map[string][]string{}
	for _, m := range got {
		for _, sp := range m.Spans {
			text[m.Name] = append(text[m.Name], answer[sp.Start:sp.End])
		}
	}
	want := map[string][]string{"HubSpot": {"HubSpot CRM", "hubspot"}, "Salesforce": {"Salesforce"}}
	if diff := cmp.Diff(want, text); diff != "" {
		t.Errorf("span texts (-want +got):\n%s", diff)
	}
}

// Names that are ordinary English words count in lowercase never, and at the
// start of a sentence only with evidence that they are the brand
// (docs/ingest.md#names-that-are-ordinary-words).
func TestFindMentions_CommonWords(t *testing.T) {
	outdoor := []Tracked{{Name: "Summit"}, {Name: "Osprey"}}
	tests := []struct {
		name    string
		answer  string
		tracked []Tracked
		want    []int // count per tracked brand, in order
	}{
		{"dictionary word in lowercase", "We finally reached the summit of the backlog.", outdoor, []int{0, 0}},
		{"word the built-in list never knew", "Customers can affirm their purchase, and Affirm's plans are clear.",
			[]Tracked{{Name: "Affirm"}}, []int{1}},
		{"sentence-initial without evidence", "Summit meetings are rare. The Osprey team skips them.", outdoor, []int{0, 1}},
		{"sentence-initial after a citation", "It is light [1]. Summit fever is real, so turn around early.", outdoor, []int{0, 0}},
		{"imperative opening a sentence", "Close the loop every week.\n\nClose to half of teams skip it.",
			[]Tracked{{Name: "Close"}}, []int{0}},
		{"pronoun reading", "Nothing beats a spreadsheet. Nothing is perfect.", []Tracked{{Name: "Nothing"}}, []int{0}},
		{"listed", "- **Summit**: light packs\n- Osprey: better fit", outdoor, []int{1, 1}},
		{"table cell", "| Brand | Weight |\n|---|---|\n| Summit | 1.3 kg |", outdoor, []int{1, 0}},
		{"own line under a heading", "### For day hikes\nSummit. It is light.", outdoor, []int{1, 0}},
		{"a trademark sign before the product", "Summit® Trail Pack is light.\n\n4. **Osprey™ Exos** – roomy.", outdoor, []int{1, 1}},
		{"next to another brand", "Summit and Osprey both make packs.", outdoor, []int{1, 1}},
		{"product noun after it", "Summit packs are cheaper, but Osprey fits better.", outdoor, []int{1, 1}},
		{"a product noun of software or bedding after it", "Notion databases get slow. Nectar mattresses sleep hot.",
			[]Tracked{{Name: "Notion"}, {Name: "Nectar"}}, []int{1, 1}},
		{"a kind of policy or card after it", "Hippo flood insurance is optional. Discover student cards earn cash back.",
			[]Tracked{{Name: "Hippo"}, {Name: "Discover"}}, []int{1, 1}},
		{"a product line after it", "Summit flagships sell out early.", outdoor, []int{1, 0}},
		{"a kind of something else after it", "Close family members often share a plan.", []Tracked{{Name: "Close"}}, []int{0}},
		{"model name after it", "Summit Dash 20 is a fine daypack.", outdoor, []int{1, 0}},
		{"verb after it", "Chime charges no monthly fees.", []Tracked{{Name: "Chime"}}, []int{1}},
		{"possessive", "Root's rates are low for safe drivers.", []Tracked{{Name: "Root"}}, []int{1}},
		{"an adverb before the verb", "Summit still makes the lightest frames. Osprey also sells them.", outdoor, []int{1, 1}},
		{"no longer before the verb", "Close no longer charges for its dialer.", []Tracked{{Name: "Close"}}, []int{1}},
		{"a verb of pricing", "Hippo prices coverage by the age of the roof.", []Tracked{{Name: "Hippo"}}, []int{1}},
		{"an adverb before no verb", "Summit only once a season, then rest.", outdoor, []int{0, 0}},
		{"pronoun with the brand named elsewhere", "The Nothing Phone is fun. Nothing undercuts it on price.",
			[]Tracked{{Name: "Nothing", Aliases: []string{"Nothing Phone"}}}, []int{2}},
		{"mid-sentence capital", "For packs, Summit is cheap.", outdoor, []int{1, 0}},
		{"the end of a name joined by to", "Sea to Summit, a separate company, makes dry bags; the Sea to Summit Spark 28 is light. Summit packs are similar to Summit's older ones, and many switch to Summit.",
			outdoor, []int{3, 0}},
		{"a range of two names before a proper noun", "Switching from Android to iPhone is easy.",
			[]Tracked{{Name: "Apple", Aliases: []string{"iPhone"}}}, []int{1}},
		{"a range of two names after from", "Many teams move from Notion to Summit, and some switch from Excel to Summit or from Google Docs to Summit. Buy dry bags from Sea to Summit; the trip went from Base to Summit, the drive from Denver to Summit. Plans run from Basic to Summit.",
			outdoor, []int{3, 0}},
		{"short word at a sentence's start", "Box up old files first. Then move them to Box.", []Tracked{{Name: "Box"}}, []int{1}},
		{"several ordinary words keep their capitals", "State farm subsidies rose. The north face of the Eiger is steep; the North Face sells jackets and so does State Farm.",
			[]Tracked{{Name: "State Farm"}, {Name: "The North Face"}}, []int{1, 1}},
		{"the brand's own capitals", "Buy an iPhone, not an iphone case.", []Tracked{{Name: "iPhone"}}, []int{1}},
		{"a place's name", "Hikers cross Southern Patagonia by bus, and the Patagonia Mountains are steep. Patagonia jackets shrug off the wind.",
			[]Tracked{{Name: "Patagonia"}}, []int{1}},
		{"an institution's name", "Students of Columbia University and the Apollo program fans met. Columbia makes the jackets.",
			[]Tracked{{Name: "Columbia"}, {Name: "Apollo"}}, []int{1, 0}},
		{"proper noun opening a sentence", "Patagonia, the region, is windy. Patagonia's shells handle it.", []Tracked{{Name: "Patagonia"}}, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := make([]int, len(tt.tracked))
			for _, m := range FindMentions(tt.answer, tt.tracked) {
				if m.Tracked >= 0 {
					got[m.Tracked] = m.Count
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("counts %v, want %v", got, tt.want)
			}
		})
	}
}

// Each brand gets the score of the text about it, not of the whole sentence
// (docs/ingest.md#sentiment).
func TestFindMentionsSentimentPerBrand(t *testing.T) {
	acme := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		tracked      []Tracked
		want         map[string]string // brand → "+", "0" or "-"
	}{
		{"whereas", "Acme is solid, whereas Globex is clumsy.", acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"while", "Globex feels cluttered once projects grow, while Acme stays fast.", acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"but between brands", "Acme is reliable, but Globex crashes often.", acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"better than", "Acme is better than Globex for engineering teams.", acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"more expensive than", "Acme is more expensive than Globex.", acme, map[string]string{"Acme": "-", "Globex": "+"}},
		{"costs more than", "Acme costs more than Globex.", acme, map[string]string{"Acme": "-", "Globex": "+"}},
		{"a contrast inside the first brand's clause", "Acme's kettle is pricier but lasts longer, and Globex is a plain choice for a dorm.", acme, map[string]string{"Acme": "+", "Globex": "0"}},
		{"more of what the customer gets than", "Acme offers longer financing terms than Globex, up to 36 months.", acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"more effort than", "Acme requires more setup than Globex.", acme, map[string]string{"Acme": "0", "Globex": "0"}},
		{"a paragraph's sentence naming untracked objects takes up its topic", "Acme is a CRM built for Gmail. Reviewers praise how quickly it syncs with Slack and Zoom.",
			acme, map[string]string{"Acme": "+"}},
		{"untracked examples leave the topic to the sentences after", "Acme is a note app for students. Tools such as Zoom and Slack connect to it for group projects. Most students find it wonderful.",
			acme, map[string]string{"Acme": "+"}},
		{"an untracked subject keeps its sentence", "Acme is a CRM for small teams. Shopify is excellent, and it syncs with Slack.",
			acme, map[string]string{"Acme": "0"}},
		{"a tracked object keeps its sentence", "Acme is a CRM built for Gmail. Reviewers praise how well it works with Globex.",
			acme, map[string]string{"Acme": "0"}},
		{"a pronoun opening a clause after an untracked name takes the name up", "Acme is a CRM for small teams. Many teams move to Zoho because it is far easier to use.",
			acme, map[string]string{"Acme": "0"}},
		{"which after an untracked name takes the name up", "Acme is a CRM. Teams that outgrow it usually move to Zoho, which is excellent.",
			acme, map[string]string{"Acme": "0"}},
		{"an untracked name switched to is what the sentence is about", "Acme is a tracker. Teams switching to ClickUp say it is much better.",
			acme, map[string]string{"Acme": "0"}},
		{"an object pronoun after an untracked name takes up the topic", "Acme is a payroll tool. Small firms on QuickBooks find it clunky and frustrating.",
			acme, map[string]string{"Acme": "-"}},
		{"a list of brands qualifies the integrations after it", "Acme is built for this. It's extremely fast and has first-class Globex and Initech integrations.",
			[]Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}, map[string]string{"Acme": "+", "Globex": "0", "Initech": "0"}},
		{"a list before another noun stays a side", "Acme is a CRM. Globex and Initech apps are both excellent.",
			[]Tracked{{Name: "Acme"}, {Name: "Globex"}, {Name: "Initech"}}, map[string]string{"Acme": "0", "Globex": "+", "Initech": "+"}},
		{"a clause a semicolon ends with no brand before is no brand's", "- Not the cheapest for young drivers; Acme and Globex often cost less for drivers under 25.",
			acme, map[string]string{"Acme": "+", "Globex": "+"}},
		{"a semicolon after a complaint of no brand", "Setup is clunky and slow; Acme is simple.", acme, map[string]string{"Acme": "+"}},
		{"a semicolon after praise the brand goes on with", "Great battery, superb camera and fast charging; the Acme X5 does it all.", acme, map[string]string{"Acme": "+"}},
		{"a semicolon in a list item after praise", "- Excellent value for families; Acme bundles home and auto.", acme, map[string]string{"Acme": "+"}},
		{"a semicolon after a clause about what a pronoun takes up", "As your only bank, it's less compelling; pair it with a high-yield account at Acme or Globex.",
			acme, map[string]string{"Acme": "0", "Globex": "0"}},
		{"a semicolon after a sentence about a brand sets it against the brand", "Acme is a payroll tool. Setup is clunky; Globex is simple.",
			acme, map[string]string{"Acme": "-", "Globex": "+"}},
		{"fewer of what the customer gets than", "Acme has fewer integrations than Globex.", acme, map[string]string{"Acme": "-", "Globex": "+"}},
		{"fewer than a brand, with no subject", "- **Updates:** four major updates, fewer than Acme or Globex offer.", acme, map[string]string{"Acme": "+", "Globex": "+"}},
		{"fewer of what the customer bears is no complaint", "Acme has fewer pop-up ads than Globex.", acme, map[string]string{"Acme": "0", "Globex": "0"}},
		{"fewer notifications is no complaint", "Acme sends fewer notifications than Globex.", acme, map[string]string{"Globex": "0"}},
		{"fewer places is reach, a fact", "Acme is sold in fewer states than Globex.", acme, map[string]string{"Acme": "0", "Globex": "0"}},
		{"fewer than a count compares nothing", "Acme suits teams with fewer than 20 people, and Globex is a CRM.", acme, map[string]string{"Acme": "0", "Globex": "0"}},
		{"cost less than", "Acme's kettles cost less than Globex's.", acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"unlike", "Unlike Globex, Acme syncs offline reliably.", acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"compared with", "Compared with Globex, Acme is easier to set up.", acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"listed together share", "Acme and Globex are both excellent.", acme, map[string]string{"Acme": "+", "Globex": "+"}},
		{"a maker joined by a hyphen qualifies", "Acme has great Globex-tuned cameras at a low price.", acme, map[string]string{"Acme": "+", "Globex": "0"}},
		{"list item continues its brand", "1. **Acme** – A workspace for docs and wikis. Excellent for small teams.\n2. **Globex** – Issue tracking.",
			acme, map[string]string{"Acme": "+", "Globex": "0"}},
		{"heading continues its brand", "### Acme\nGreat for campaigns, with helpful rules.\n\n### Globex\nA spreadsheet-like interface.",
			acme, map[string]string{"Acme": "+", "Globex": "0"}},
		{"pronoun sentence continues its brand", "For engineers I'd pick Acme. It is quick and the defaults are sensible.\n\nGlobex has a free plan.",
			acme, map[string]string{"Acme": "+", "Globex": "0"}},
		{"a pronoun sentence with brands as objects continues its brand", "### For engineers\nAcme. It is fast, thoughtfully designed and integrates with Globex and Zorbex.",
			acme, map[string]string{"Acme": "+", "Globex": "0"}},
		{"a comparison ends with its clause", "Acme is faster than Globex for daily tracking, and its shortcuts make triage quick.",
			acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"a relative clause after a comparison is the compared brand's", "Acme pays claims faster than Globex, which has a long backlog of complaints.",
			acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"a side of facts set against a judged one", "Acme is sold in every state, whereas Globex is clunky and often late.",
			acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"two sides of facts stay neutral", "Acme is sold in every state, while Globex is sold online.",
			acme, map[string]string{"Acme": "0", "Globex": "0"}},
		{"a brand that introduces a list", "Why teams choose Acme:\n- No per-seat fees.\n- Reports that work well.\n\nGlobex has a free plan.",
			acme, map[string]string{"Acme": "+", "Globex": "0"}},
		{"a pronoun takes up the brand that opened a sentence of several", "Acme is a payments company; its cards are issued through Globex. It is one of the most trusted apps around.",
			acme, map[string]string{"Acme": "+", "Globex": "0"}},
		{"a brand that qualifies stores is no side", "### Acme\nPopular with smaller Shopify stores, but approval rates are inconsistent and support is slow.\n\n### Globex\nA plain choice.",
			acme, map[string]string{"Acme": "-", "Globex": "0"}},
		{"a sentence without a pronoun does not", "Acme is a payments company; its cards are issued through Globex. Reviews of fintech apps are excellent.",
			acme, map[string]string{"Acme": "0", "Globex": "0"}},
		{"a tracked spelling not counted is no opinion either", "Acme's exports are a bit slow. Outreach happens by email.",
			[]Tracked{{Name: "Acme"}, {Name: "Outreach"}}, map[string]string{"Acme": "-"}},
		{"unlike, with no opinion word", "Unlike Globex, Acme includes snacks and a carry-on.", acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"both takes up brands named together", "Cheap flights mean Acme or Globex. Both have the worst delays among carriers.",
			acme, map[string]string{"Acme": "-", "Globex": "-"}},
		{"a product's name is no opinion", "| Shoe | Brand |\n|---|---|\n| Triumph 22 | Acme |\n| Fresh Foam X | Globex |",
			acme, map[string]string{"Acme": "0", "Globex": "0"}},
		{"a model name after a brand is no opinion", "| Mattress | Trial |\n|---|---|\n| Acme Original | 100 nights |\n| Globex Classic | 365 nights |",
			acme, map[string]string{"Acme": "0", "Globex": "0"}},
		{"praise before a measure is no name", "1. **Acme Momentum 4** – Outstanding 60-hour battery life.\n2. **Globex** – Excellent 30 hours of battery.",
			acme, map[string]string{"Acme": "+", "Globex": "+"}},
		{"a brand after a preposition is an object, not a side", "Acme only makes sense for teams on Globex; everyone else will find the sync frustrating.",
			acme, map[string]string{"Acme": "-", "Globex": "0"}},
		{"scored higher than", "Acme scored higher than Globex in the claims study.", acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"lasts longer than", "Acme's speaker lasts longer on a charge than Globex's.", acme, map[string]string{"Acme": "+", "Globex": "-"}},
		{"a brand that qualifies a noun is no side", "1. **Acme** – simple and reliable, with a solid Globex add-on.\n2. **Zorbex** – a tracker.",
			acme, map[string]string{"Acme": "+", "Globex": "0"}},
		{"under a heading its brand keeps a sentence whose brands are objects", "### Acme\nLives entirely inside Globex, and it is great for small teams.",
			acme, map[string]string{"Acme": "+", "Globex": "0"}},
		{"in a paragraph a sentence with a subject of its own does not", "Acme has left the market, so support is limited. Buyers are usually pointed to Globex, which offers stronger noise cancelling.",
			acme, map[string]string{"Acme": "-", "Globex": "+"}},
		{"a sentence whose other brands are objects carries its brand on", "1. **Acme** – A CRM that lives inside Gmail. Perfect if your pipeline is email.\n2. **Globex** – A tracker.",
			acme, map[string]string{"Acme": "+", "Globex": "0"}},
		{"advice against outweighs what is conceded", "I wouldn't pick Acme if budget matters. It's not a bad product, and the boards are polished.",
			acme, map[string]string{"Acme": "-"}},
		{"advice to use a brand", "### Docs\nAcme. Use it for specs and meeting notes.\n\n### Payroll\nUse Globex's direct deposit form.",
			acme, map[string]string{"Acme": "+", "Globex": "+"}},
		{"advice to the reader is a side, not an object", "If your team lives on the phone, go with Acme; if you build data models, Globex.",
			acme, map[string]string{"Acme": "+", "Globex": "0"}},
		{"a capital inside a sentence makes a name", "Acme requires the Secure plan for alerts.",
			acme, map[string]string{"Acme": "0"}},
		{"a brand's name is no opinion", "Wise charges a fee on each transfer; Progressive sells car insurance.",
			[]Tracked{{Name: "Wise"}, {Name: "Progressive"}}, map[string]string{"Wise": "0", "Progressive": "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, scores := polarities(tt.answer, tt.tracked)
			for name, want := range tt.want {
				if got[name] != want {
					t.Errorf("%s: polarity %q (score %.1f), want %q", name, got[name], scores[name], want)
				}
			}
		})
	}
}

// Untracked brands a reader sees outside the list leads, and labels that are
// not brands (docs/ingest.md#brand-mentions).
func TestFindMentions_Untracked(t *testing.T) {
	acme := []Tracked{{Name: "Acme"}, {Name: "Globex"}}
	tests := []struct {
		name, answer string
		want         []string // untracked names found, in order
	}{
		{"attribute table with an empty corner", "| | Acme | Globex |\n|---|---|---|\n| Weight | 1.2 kg | 1.3 kg |\n| Ventilation | Excellent | Average |", nil},
		{"attribute table headed by a label", "| Feature | Acme | Initech |\n|---|---|---|\n| Multi-storefront | Yes | No |\n| Native B2B | Yes | No |", []string{"Initech"}},
		{"a brand heading a column beside tracked ones", "| Feature | Acme | Zorbex |\n|---|---|---|\n| Offline mode | Yes | No |\n| Gantt view | Paid | Yes |", []string{"Zorbex"}},
		{"integrations compared by brand", "| Integration | Acme | Globex |\n|---|---|---|\n| Zapier | Yes | No |\n| Slack | Yes | Via API |", []string{"Zapier", "Slack"}},
		{"a label whose value is a tracked brand", "Stack:\n- **Sequences:** Acme or Globex, both mature.\n- **Zorbex:** a rival of Acme.", []string{"Zorbex"}},
		{"a brand table keeps its first column", "| Tool | Best for |\n|---|---|\n| Initech | Docs |\n| Acme | Tasks |", []string{"Initech"}},
		{"a brand column that is not the first", "| Item | Maker | Price |\n|---|---|---|\n| Stove | Jetboil | $120 |\n| Lamp | Acme | $40 |\n| Cooler | Yeti | $250 |", []string{"Jetboil", "Yeti"}},
		{"a company column besides the first", "| Insurer | Rating | Repair network |\n|---|---|---|\n| Acme | A+ | Caliber |\n| Globex | A | Gerber |", []string{"Caliber", "Gerber"}},
		{"label and value", "A startup stack:\n- Docs: Acme\n- Design: Figma\n- Chat: Slack\n- Pricing: Free", []string{"Figma", "Slack"}},
		{"headings beside a tracked brand's heading", "## Options\n\n### Acme\nGreat.\n\n### WooCommerce\nFull control.\n\n### Avoid: Globex\nSlow.", []string{"WooCommerce"}},
		{"connector inside a name", "1. **Marcus by Goldman Sachs** – No fees.\n2. **Acme** – Simple.", []string{"Marcus by Goldman Sachs"}},
		{"listed with a tracked brand", "The most used CRMs are Salesforce, Acme and Pipedrive [1].", []string{"Salesforce", "Pipedrive"}},
		{"or a tracked brand", "Smaller stores can start on Acme or Shopify and move up later.", []string{"Shopify"}},
		{"after such as", "Tools such as Zapier and Bolt connect to both.", []string{"Zapier", "Bolt"}},
		{"a possessive that no dictionary knows", "Acme took over Metromile's customers and Globex is Atlassian's tracker.", []string{"Metromile", "Atlassian"}},
		{"a person's possessive is none", "Acme was founded in 2013 by Steli Efti's team, and Globex by Mary's.", nil},
		{"a tool another lives inside", "1. **Acme** – A CRM that lives inside Gmail.\n2. **Globex** – It sits inside Google Workspace.", []string{"Gmail", "Google Workspace"}},
		{"after such as, ordinary words only", "Plans such as Basic and Plus differ in seats.", nil},
		{"compared with a brand", "Acme is cheaper than Freshdesk for small teams, and easier to learn than Help Scout.", []string{"Freshdesk", "Help Scout"}},
		{"left for a brand", "Teams switching from Trello find Acme familiar.", []string{"Trello"}},
		{"compared at a sentence's start", "Compared to Zorbex, Acme is more powerful. Unlike Quillon it syncs.", []string{"Zorbex", "Quillon"}},
		{"a product it works with", "Acme integrates with Zorbex, and its calendar syncs with Google Calendar. It works alongside Microsoft Teams and is sold at Walmart.", []string{"Zorbex", "Google Calendar", "Microsoft Teams", "Walmart"}},
		{"an ordinary word it works with", "Acme works with Agile teams and integrates with Calendar views.", nil},
		{"a listed ordinary word after a cue", "Acme integrates with Stripe, and teams moving off Confluence like it. Apps such as Zoom work too.", []string{"Stripe", "Confluence", "Zoom"}},
		{"a listed ordinary word opening a longer name", "Acme has features like Circle to Search.", nil},
		{"a name joined by a hyphen to a participle", "Picks:\n1. **Acme 13** – Great Zorbex-tuned color at a low price.\n2. **Globex** – It uses Quillon-grade telephony.", []string{"Zorbex", "Quillon"}},
		{"an ordinary word opening a listed name", "Acme is fine. Plain Shopify plans lack B2B. If Salesforce feels heavy, try Acme. Best Buy sells Acme.", []string{"Shopify", "Salesforce", "Best Buy"}},
		{"a cue before a list is every name's", "Acme connects to Trello and Zorbex, and syncs via Box and Intercom.", []string{"Trello", "Zorbex", "Box", "Intercom"}},
		{"an example of a kind of product, not a feature", "Acme syncs with shipping tools like DeskTrack. Globex has perks like SpotMe.", []string{"DeskTrack"}},
		{"a citation written onto a name", "Acme is easy to learn. It's owned by Zorbex[2]. Globex competes with Quillon[3][4].", []string{"Zorbex", "Quillon"}},
		{"names that open a sentence before a plural verb", "Acme is cheap. Western Union and GEICO also charge fees. Globex Checking and Savings also pay more.", []string{"Western Union", "GEICO"}},
		{"words that open a sentence before a plural verb", "Acme is cheap. Checking and Savings are free.", nil},
		{"a listed name of ordinary words opening a sentence", "Acme is pricey. The North Face sits between the two. Western Union has more agents.", []string{"The North Face", "Western Union"}},
		{"a coined name after from", "Acme imports contacts from Zorbex. Its shell is made from Quillium, and rankings from Scorify agree.", []string{"Zorbex"}},
		{"a listed ordinary word after a preposition of means", "Acme takes cards via Stripe and sells through Amazon; it has quirks on Arm.", []string{"Stripe", "Amazon"}},
		{"a list of three with a brand of the list", "Acme posts to GitHub, Basecamp and Slack.", []string{"GitHub", "Basecamp", "Slack"}},
		{"features of ordinary words in a list with a brand of the list", "Acme phones have AI features built in: Call Screen, Magic Editor and Gemini.", []string{"Gemini"}},
		{"a pair with a brand of the list", "Acme syncs with Dropbox and Harvest.", []string{"Dropbox"}},
		{"compared with an ordinary word", "Acme is cheaper than Premium plans elsewhere.", nil},
		{"the subject of a clause", "Acme handles tasks well, whereas Evernote's strength is notes.", []string{"Evernote"}},
		{"a clause opened by a proper noun and no verb", "Acme is fine, and Monday mornings are busy.", nil},
		{"the subject of a sentence, several words", "Acme is the default. Zoho Desk is a cheaper option.", []string{"Zoho Desk"}},
		{"a brand's product of several words goes on", "Acme Checking and Savings has no monthly fee.", nil},
		{"a determiner makes a common noun", "Your inventory syncs between the POS and Acme Online.", nil},
		{"a corporate tie", "Acme was acquired by Initech in 2014. It is owned by Amer Sports.", []string{"Initech", "Amer Sports"}},
		{"a tie of issuing, holding", "Acme cards are issued by Celtic Bank and WebBank. Its deposits are held at Evolve Bank.", []string{"Celtic Bank", "WebBank", "Evolve Bank"}},
		{"a tie with no name after it", "Acme cards are made by hand and held at branches.", nil},
		{"a name used as a tool", "Acme fits teams that already use Microsoft Teams, and its forms are built into Salesforce.", []string{"Microsoft Teams", "Salesforce"}},
		{"a name a product is built for or people work in", "Acme was built for Google Workspace teams; it feels awkward for anyone living in Microsoft Outlook, and fine if you work in Zorbex.", []string{"Google Workspace", "Microsoft Outlook", "Zorbex"}},
		{"an ordinary word used as a method", "Acme suits teams that use Agile rituals.", nil},
		{"a longer name a tracked one ends", "Acme packs are light. Sea to Acme, a separate company, makes dry bags; pair one with the Sea to Acme Ether pad.", []string{"Sea to Acme"}},
		{"two tracked names joined by to", "Teams often move from Globex to Acme.", nil},
		{"a longer name after goods and from", "Acme packs are light. Buy dry bags from Sea to Acme; Acme is a separate company from Sea to Acme.", []string{"Sea to Acme"}},
		{"a range after from", "Acme packs are light. The trip went from Base to Acme in two days, and teams move from Notion to Acme.", nil},
		{"an integration word", "CRMs with good Gmail integration include Acme.", []string{"Gmail"}},
		{"the subject of a sentence", "Acme lacks time tracking. Wrike offers it on its Business tier.", []string{"Wrike"}},
		{"the subject of a sentence before an adverb", "Acme is quick. Basecamp still works for agencies.", []string{"Basecamp"}},
		{"a hyphenated label", "Why merchants choose Acme:\n- No transaction fees.\n- Headless-ready APIs.\n- Big catalogs perform well.", nil},
		{"a place opening a clause", "Acme sells jackets, and British Columbia is its biggest market; Columbia University is a client.", nil},
		{"a brand run together with its model", "Best tents:\n1. **MSR Hubba Hubba 2** – Light.\n2. **Rab Downpour Eco** – Dry.\n3. **Acme Dome** – Cheap.", []string{"MSR", "Rab"}},
		{"a model word or capitals after the brand", "- **Korvex JX-Pro** – Fine grind.\n- **Nemo Dagger OSMO** – Roomy.\n- **Shokz OpenRun** – Open ear.", []string{"Korvex", "Nemo", "Shokz"}},
		{"a model line word after the brand", "- **Zelto Sapira Hybrid** – Firm.\n- **Paychex Flex** – Payroll.", []string{"Zelto", "Paychex"}},
		{"a plan after the brand", "- **Zelto Starter Suite** – Cheap.\n- **Quillon Growth** – Scoring.\n- **Revolut Business** – FX.", []string{"Zelto", "Quillon", "Revolut"}},
		{"a free plan after the brand", "| Free seats | Tool | Main limits |\n|---|---|---|\n| Up to 10 | Acme Personal | No timeline |\n| Unlimited | Globex Free | 250 issues |\n| Up to 10 | Trello Free | No admin |\n| Unlimited | ClickUp Free Forever | 100MB storage |", []string{"Trello", "ClickUp"}},
		{"an ordinary word before a model word", "1. **Relay Pro** – Budgets.\n2. **Openly Premium** – Limits.", []string{"Relay", "Openly"}},
		{"a one-word name and its number", "Acme works with both Zorbex 365 and Google Workspace, and Quillon Ridge 48 packs light.", []string{"Zorbex 365", "Google Workspace", "Quillon"}},
		{"a brand of two words before its model", "1. **Outdoor Research Foray II** – Vents.\n2. **The North Face Summit L5** – Warm.", []string{"Outdoor Research", "The North Face"}},
		{"a brand head shared by two models", "- **Big Agnes Copper Spur UL2**\n- **Big Agnes Tiger Wall UL3**", []string{"Big Agnes"}},
		{"a brand written alone elsewhere", "1. **Zelto Ridge Runner 3** – Light.\n\nZelto Ridge's warranty is long.", []string{"Zelto Ridge"}},
		{"a brand and an ordinary product stay whole", "- **Google Drive** – Files.\n- **Zoho Desk** – Tickets.\n- **Salesforce Commerce Cloud** – Stores.", []string{"Google Drive", "Zoho Desk", "Salesforce Commerce Cloud"}},
		{"a list whose one lead is a tracked brand and a model", "Tents:\n* **Acme Pro 2** — good value.\n* **Zorbex Hornet** — light.\n* **Harbor Peaks Copper Spur** — roomy.\n\nPlatforms:\n1. **Globex Tundra 3** – fast.\n2. **Salesforce Commerce Cloud** – costly.\n3. **Norvox Desk** – fine.\n\nAlso:\n- **Acme Enterprise** – big.\n- **Trellix Suite** – cheap.", []string{"Zorbex", "Harbor Peaks", "Salesforce Commerce Cloud", "Norvox", "Trellix Suite"}},
		{"a list of products by brand and model", "Warm jackets:\n- **Acme Vireo** – Light.\n- **Globex Tundra Parka** – Warm.\n- **Harbor Peaks Night Owl** – Packable.\n- **Zorbex Night Owl** – Cheap.", []string{"Harbor Peaks", "Zorbex"}},
		{"a list of brands keeps a product whole", "Picks:\n- **Acme** – Light.\n- **Globex** – Warm.\n- **Zorbex Night Owl** – Cheap.", []string{"Zorbex Night Owl"}},
		{"plans after tracked brands are no models", "Picks:\n- **Acme Plus** – Light.\n- **Globex CRM** – Warm.\n- **Google Drive** – Files.", []string{"Google Drive"}},
		{"standards before a compliance noun", "Acme is fine. Teams that need HIPRA and FedQAMP requirements met pick Zorbex and Quillon.", []string{"Zorbex", "Quillon"}},
		{"a standard with a number", "Acme is fine, and Zorbex, Quillon and SOQ 2 compliance come up.", []string{"Zorbex", "Quillon"}},
		{"a brand in capitals before an ordinary noun", "Teams like Zorbex and QUILLON integrations pick Acme.", []string{"Zorbex", "QUILLON"}},
		{"a name in capitals ends the answer", "Acme is fine, unlike Zorbex and QUILLON", []string{"Zorbex", "QUILLON"}},
		{"compound adjectives after acronyms", "Picks:\n- **Acme** – fine.\n- **API-first** – for developers.\n- **FDIC-insured** – deposits.\n- **Vexa-Tec** – a maker.", []string{"Vexa-Tec"}},
		{"a possessive ends a name", "Acme is fine. DigitalOcean's App Platform is another option.", []string{"DigitalOcean"}},
		{"two names no dictionary knows, joined", "Acme is the easy pick. Zorbex and Quillon make cheaper machines.", []string{"Zorbex", "Quillon"}},
		{"names of a list, each with an article", "Popular drippers include the Hario V60, the Kalita Wave and the Acme.", []string{"Hario", "Kalita Wave"}},
		{"a known word alone in a list of coined names", "Acme Checking and Savings has no fee, unlike Zorbex and Plans.", []string{"Zorbex"}},
		{"a proper noun before an ordinary word is no person", "Acme connects Zorbex, Quillon, Google Workspace and Microsoft 365 in one view.", []string{"Zorbex", "Quillon", "Google Workspace", "Microsoft 365"}},
		{"ordinary words among coined names", "Acme syncs with Zorbex, Slack, Quillon and Sentry. Globex offers Trellix, Basic and Plus tiers.", []string{"Zorbex", "Slack", "Quillon", "Sentry", "Trellix"}},
		{"an ordinary word paired with a coined name", "Acme syncs with Zorbex and Outlook. Globex sells Quillex and Minimalist jackets, unlike Trellix and Plans. Norvox and Aha! are worth a look.", []string{"Zorbex", "Outlook", "Quillex", "Trellix", "Norvox", "Aha!"}},
		{"people and places joined stay out", "Acme was founded by Dr. Dre and Jimmy Iovine; Oregon and Washington are its markets.", nil},
		{"a name that ends in a company noun", "Acme now flies with Hawaiian Airlines, and Topo Athletic sponsors it.", []string{"Hawaiian Airlines", "Topo Athletic"}},
		{"capitals as the subject of a sentence", "Acme is fine. USAA topped the list. JBL's speaker is louder. ANC works well. FDIC insurance covers it.", []string{"USAA", "JBL"}},
		{"an appositive that says it is a company", "Acme cameras uploaded thumbnails, and Zorbex, its parent company, admitted it.", []string{"Zorbex"}},
		{"moving off a brand", "Brands moving off Magento usually pick Acme.", []string{"Magento"}},
		{"a corporate verb", "Acme now owns Zorbex, and it bought Quillon in 2020.", []string{"Zorbex", "Quillon"}},
		{"a coined subject of a past tense verb", "Acme is fast. Zorbex dropped its free tier; Quillon raised prices.", []string{"Zorbex", "Quillon"}},
		{"places and people stay out", "Acme was founded in Tallinn by Jimmy Iovine, and Globex is based in New York.", nil},
		{"ordinary words as spec labels", "### Acme X2\n**Display:** 6.1-inch OLED\n**Battery Life:** a full day\n- **Refresh Rate:** 120Hz\n- **Water Resistance:** rated for rain\n\n## Sound Quality\nBoth are clear.", nil},
		{"ordinary words opening sentences", "Acme is fine.\n\n**Snapshot** tracks driving. Snapshot can raise your rate, and Acme's Snapshot is optional. **Name Your Price** is a tool.", nil},
		{"ordinary words listed beside a tracked brand", "### 1. Acme\nEasy.\n\n### 2. Toast\nFor restaurants.\n\n- Acme: fine\n- Clover: banks\n\n**Acme** is fine.\n\n**Bear** is lovely.", []string{"Toast", "Clover", "Bear"}},
		{"ordinary words leading items that name a tracked brand", "Kit, with brands that do it well:\n- **Boots** – Light. Acme's Vireo is the race standard.\n- **Skins** – Globex makes the lightest.\n\n| What | Pick |\n|---|---|\n| Bindings | Acme Rotation |\n| Shovel | Globex Deploy |\n\n### 1. Acme\nEasy.\n\n### 2. Toast\nCheaper than Acme.", []string{"Toast"}},
		{"places", "Acme is sold in the US.\n\n**Texas** and **Florida** have high premiums. **Europe** is different, and **Pacific Northwest** drivers pay less; Zorbex and Quillon serve Ontario.", []string{"Zorbex", "Quillon"}},
		{"cities", "Acme flies nonstop.\n\n**Chicago** and **Denver** have the most flights; Doha and Istanbul are hubs, Cancún fares rise in March and New York City costs more. Zorbex serves Honolulu.", []string{"Zorbex"}},
		{"cities named as brands stay brands", "Acme is fine. Policies from Zurich or The Hartford cost more, and Ergobaby or Tula carriers are lighter.", []string{"Zurich", "The Hartford", "Ergobaby", "Tula"}},
		{"a city named as a maker is a brand", "Acme is fine. Hamilton makes the Khaki Field. Aurora sells a solar model. Chicago offers more stores, and Texas sells more.", []string{"Hamilton", "Aurora"}},
		{"specifications", "### Acme X2\n- **5G:** every model\n- **Wi-Fi 7:** Pro only\n- **HDR10** video and **120Hz** panels\n- **Qi2** charging, **USB-C** and **IP68**\n- **Zorbex Buds** – sold apart", []string{"Zorbex Buds"}},
		{"contractions", "Acme is fine.\n- **Don't** skip the fine print.\n- **You'll** save time.\n- **Zorbex** – also fine.", []string{"Zorbex"}},
		{"a list with a technology or a place", "Acme charges over Qi2 and MagSafe, and ships to Texas, Ohio and Zorbex.", nil},
		{"sources", "Acme is fine. Many users on Reddit and G2 mention its learning curve. According to J.D. Power and AM Best, it scores highest. Zorbex offers more. Trustpilot reviews are mixed, unlike Quillon.", []string{"Zorbex", "Quillon"}},
		{"a list of sources", "Acme is fine [1]. Zorbex is cheaper [2].\n\n**Sources**\n1. Quillon – The best tools – https://quillon.example/best\n2. [Zorbex – Pricing](https://zorbex.example)\n\nSources:\n\n[3] Trellix Weekly, \"Acme reviewed\" – trellix.example/acme\n[4] Nexora's exit from lending – https://news.example/nexora", []string{"Zorbex", "Nexora"}},
		{"a line of sources after its label", "Acme is fine. Zorbex is cheaper.\n\nSources: Zorbex Weekly, Quillon, Norvox\n\n**Sources:** [1] Trellix [2] Kestrel Labs\n\nIt is slow. Sources: NerdWallet, Bankrate", []string{"Zorbex"}},
		{"a sentence after a sources label that is no list", "Acme tracks what streams where. Sources: Zorbex, Quillon and Norvox are all covered.\n\n**Sources:** Lexora and Ostara case law.\n\nAcme is fine. Sources: our own testing. Overall, Trellix wins.", []string{"Zorbex", "Quillon", "Norvox", "Lexora", "Ostara", "Trellix"}},
		{"a sources label before pages of publishers", "Acme is fine.\n\nSources: Zorbex blog · Quillon user threads · vendor pricing pages, Mind the Norvox", nil},
		{"a sentence that opens by naming sources", "Acme is fine, unlike Zorbex.\n\nSources include Quillon, Norvox and Trellix. Sources such as Kestrel Labs test it. Acme syncs data sources like Ostara and Brightwell.", []string{"Zorbex", "Ostara", "Brightwell"}},
		{"a sentence opening with sources that are a product's feeds", "Acme pulls data from many tools. Sources include Zorbex, Quillon and Norvox, which sync nightly. Sources like Trellix and Ostara feed its live guide.", []string{"Zorbex", "Quillon", "Norvox", "Trellix", "Ostara"}},
		{"a ranking or report about names, or drawn from them", "Acme's tools help your ranking on Zorbex and Quillon. Acme builds a trust-account report from Norvox and Trellix.", []string{"Zorbex", "Quillon", "Norvox", "Trellix"}},
		{"a source's work before who issues it", "Acme is fine, unlike Zorbex. Based on reviews from Quillon and Norvox, it is slow; scores on Trellix are lower. Acme pulls data from Ostara.", []string{"Zorbex", "Ostara"}},
		{"a site after hours or a date with a slash", "Acme costs $8. Old films stream 24/7 on Zorbex and Quillon, and the sale ends 11/30 at Norvox and Trellix.", []string{"Zorbex", "Quillon", "Norvox", "Trellix"}},
		{"a site after a rating it gives", "Acme is fine, unlike Zorbex. It rates about 4.5/5 on Quillon and Norvox and 9/10 at Trellix. It sells for $12/month on Ostara and Brightwell.", []string{"Zorbex", "Ostara", "Brightwell"}},
		{"a site before what its users post, in a reference", "Acme is fine [1][2]. It is slow [3].\n\n[1] Reddit owner threads\n[2] Yelp customer reviews\n[3] Nexora's exit from lending", []string{"Nexora"}},
		{"bold brand lines beside a bold label in sentence case", "**Free with ads**\n\n**Peacock**\nLive sports.\n\n**Crackle**\nOld films.\n\n**Acme**\nNo ads.", []string{"Peacock", "Crackle"}},
		{"names after a tracked brand's item lead that name rivals", "Cheaper picks by app:\n- **Acme** – Zorbex or Quillon\n\nIntegrations:\n- **Acme**: Tillpoint and Lawmatics; both sync nightly.", []string{"Zorbex", "Quillon", "Tillpoint", "Lawmatics"}},
		{"a reference whose subject is a site's posts", "Acme is fastest [1][2][3].\n\n[1] Doordash outage discussion – Hacker News\n[2] Hulu launch post\n[3] Yelp customer reviews\n[4] Reddit r/Cordcutters discussions", []string{"Doordash", "Hulu"}},
		{"a label of other sources is none", "Acme is fine.\n\n- Data sources: Zorbex and Quillon connect to Acme.", []string{"Zorbex", "Quillon"}},
		{"a source recommended elsewhere is a brand", "Acme is fine, and users on Zorbex like it. Zorbex and Quillon are cheaper.", []string{"Zorbex", "Quillon"}},
		{"ordinary words listed beside brands that are not tracked", "Options:\n- **Sprintcraft:** fast.\n- **Momentum Desk:** calm.\n\nPicks:\n1. **Daybreak Roasters**: light roasts.\n2. **Northbound Beans**: bulk bags.\n\nBudget buyers pick Northbound Beans, says Acme.", []string{"Sprintcraft", "Momentum Desk", "Daybreak Roasters", "Northbound Beans"}},
		{"a day's name is no brand", "### Acme: plan the week\nReview your calendar.\n\n### Midweek check-in\nMove what slipped.\n\n### Friday: review\nLook back.", nil},
		{"a day's name opening a brand's name", "### Acme\nFast.\n\n### Monday Sales CRM\nFlexible boards if the team already uses Monday for projects.", []string{"Monday Sales CRM"}},
		{"ordinary words named inside a sentence", "- **Toast:** for restaurants.\n\nMany cafés run on Toast or Acme.", []string{"Toast"}},
		{"brands of the list inside a sentence need no cue", "Acme lets makers sell on Etsy, take payments with Venmo support and add an open-source plugin for WordPress; orders arrive through DoorDash.", []string{"Etsy", "Venmo", "WordPress", "DoorDash"}},
		{"a list brand of ordinary words, and one opening a run", "Acme syncs bookings to Google Calendar, pays out by Western Union and settles through Shopify Payments.", []string{"Google Calendar", "Western Union", "Shopify Payments"}},
		{"ordinary words and abbreviations of the list are none", "Acme needs 16GB of RAM, hosts Zoom calls, ships mini-LED TVs and sells in the EU through HP printers.", nil},
		{"a list brand opening a sentence needs the evidence ordinary words do", "Etsy fees are high. Acme is fine.", nil},
		{"a feature named after its brand", "Acme does this well: no fee, and SpotFix covers small overdrafts. If you bank with Globex, QuickPay is built in. Globex syncs with QuickBooks and NetLedger.", []string{"QuickBooks", "NetLedger"}},
		{"a number with an inch mark", "| Screen | Phone | Price |\n|---|---|---|\n| 6.3\" OLED, 120Hz | Acme X2 | $999 |\n| 6.8″ AMOLED, 120Hz | Globex S5 | $799 |", nil},
		{"a leading determiner is no part of a name", "Acme is fine. The Zorbex 15 Ultra and Quillex X2 Pro use larger sensors. Its Omni-Warm lining is thin.", []string{"Zorbex", "Quillex"}},
		{"a company noun stays on the brand before its model", "Bags:\n1. **Zorbex Co-op Trail 25** – Value.\n2. **Quillon Mountaineering UltraLite** – Warm.\n3. **Acme Dome** – Cheap.", []string{"Zorbex Co-op", "Quillon Mountaineering"}},
		{"plurals of abbreviations are kinds of products", "Acme offers more products, including CDs and auto loans.\n\n* **Out-of-network ATMs**: a fee.\n* **Zorbex**: free.", []string{"Zorbex"}},
		{"models named after the or its behind a brand", "Picks:\n1. **Acme** — The Vireo and Trailix match Globex's best.\n2. **Zorbex** — Its Aspire and Quillex shells are fine.\n\nGlobex makes travel bags — the Norvo and Kestrix lines are popular — and its cards are held at The Bancorp Bank or Stride Bank.", []string{"Zorbex", "The Bancorp Bank", "Stride Bank"}},
		{"a brand's lineup listed under it", "Globex's CD lineup includes three types:\n\n- High Yield CD: no minimum.\n- Raise Your Rate CD: raise it once.\n- No Penalty CD: withdraw early.\n\nAlternatives to Acme:\n\n- **Zorbex Teams:** chat.\n- **Zorbex Planner:** tasks.", []string{"Zorbex Teams", "Zorbex Planner"}},
		{"names sold as add-ons", "Acme starts at $14. Add-ons such as Zorbit, Web Finder and Campaigns cost extra. Globex sells Quillex and Trackly as add-ons, and a solid Gmail add-on.", []string{"Gmail"}},
		{"a tracked brand's model standing alone", "Between the Acme Nano Drift and the Globex Atom, pick the Globex. If you mostly rest, the Nano Drift is fine, and Globex's Trail Fox is lighter:\n- **Trail Fox:** $400\n- **Zorbex:** $300", []string{"Zorbex"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := untrackedNames(tt.answer, acme); !slices.Equal(got, tt.want) {
				t.Errorf("untracked %q, want %q", got, tt.want)
			}
		})
	}
}

// An address written as a link's text or a source is no mention; a domain that
// is the brand's name is (docs/accuracy.md, labelling guidelines).
func TestFindMentions_Addresses(t *testing.T) {
	tracked := []Tracked{{Name: "HubSpot"}, {Name: "monday.com"}}
	answer := "Sources: [hubspot.com/pricing](https://hubspot.com/pricing), monday.com/pricing. Monday.com has a free plan."
	got := FindMentions(answer, tracked)
	if len(got) != 1 || got[0].Name != "monday.com" || got[0].Count != 1 {
		t.Errorf("mentions %+v, want monday.com once", got)
	}
}

// A list of products by brand and model cuts each lead after its brand,
// but an owner's name after "by" is the brand's, whole.
func TestFindMentions_OwnerAfterBy(t *testing.T) {
	tracked := []Tracked{{Name: "Ally", Aliases: []string{"Ally Bank"}}, {Name: "SoFi"}, {Name: "Discover"}}
	answer := "1. **Ally Bank** – Around 3.60% APY.\n2. **SoFi Checking** – Up to 3.80%.\n" +
		"3. **Marcus by Goldman Sachs** – Simple, no fees.\n4. **Discover Online Savings** – Competitive rate."
	got := untrackedNames(answer, tracked)
	if want := []string{"Marcus by Goldman Sachs"}; !slices.Equal(got, want) {
		t.Errorf("untracked %q, want %q", got, want)
	}
}

// untrackedNames returns the names of the untracked brands FindMentions
// finds in answer, in order.
// checkUntracked checks that the untracked brands found in answer hold
// every name of want and none of not.
func checkUntracked(t *testing.T, answer string, tracked []Tracked, want, not []string) {
	t.Helper()
	names := untrackedNames(answer, tracked)
	for _, w := range want {
		if !slices.Contains(names, w) {
			t.Errorf("%q: untracked = %q, want %q", answer, names, w)
		}
	}
	for _, w := range not {
		if slices.Contains(names, w) {
			t.Errorf("%q: untracked = %q, want no %q", answer, names, w)
		}
	}
}

func untrackedNames(answer string, tracked []Tracked) []string {
	var got []string
	for _, m := range FindMentions(answer, tracked) {
		if m.Tracked < 0 {
			got = append(got, m.Name)
		}
	}
	return got
}

// The examples "like" or "such as" gives of a kind of business are its
// brands, ordinary words or not; examples of features are not.
func TestFindMentions_UntrackedKindExamples(t *testing.T) {
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine. Prepaid carriers like Mint Mobile often bundle phones.", []string{"Mint Mobile"}, nil},
		{"Acme is fine. Traditional brokers like Vanguard and Fidelity remain cheap.", []string{"Vanguard", "Fidelity"}, nil},
		{"Acme is fine. Track it in a budgeting app such as YNAB.", []string{"YNAB"}, nil},
		{"Acme is fine. Add a monitoring service like Bark if you want alerts.", []string{"Bark"}, nil},
		{"Acme adds features like Call Screen and Magic Eraser.", nil, []string{"Call Screen", "Magic Eraser"}},
		{"Acme adds AI tools such as Magic Editor and Best Take.", nil, []string{"Magic Editor", "Best Take"}},
		{"Acme ships to states like Texas and Ohio.", nil, []string{"Texas", "Ohio"}},
	} {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// An ordinary word of the brand list, written with its capital inside a
// sentence before a noun of what a company issues or runs for its
// customers, names that company; a word that only stresses a thing does not.
func TestListedWordBeforeIssuedNoun(t *testing.T) {
	tests := []struct {
		text      string
		want, not []string
	}{
		{"Acme gives every member a Visa debit card with no monthly fee.", []string{"Visa"}, nil},
		{"Payments from Acme settle over the Visa network within a day.", []string{"Visa"}, nil},
		{"Acme is cheaper than most, but shoppers still check the Amazon store first.", []string{"Amazon"}, nil},
		{"Most new teams copy a Notion template and then move their pipeline into Acme.", []string{"Notion"}, nil},
		{"Acme needs no visa card for travel abroad.", nil, []string{"Visa", "visa"}},
		{"Acme charges a Flat fee for every seat.", nil, []string{"Flat"}},
		{"Acme is fine. Insert a Smart card into the reader.", nil, []string{"Smart"}},
		{"Acme is fine. Tap a Smart card on the gate to pay.", nil, []string{"Smart"}},
	}
	for _, tt := range tests {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A brand of the list before the plural of an abbreviation of a kind of
// product ("Allpoint ATMs") names the brand; the plural alone, or after
// words that are no brand, names none.
func TestListedBrandBeforeKindPlural(t *testing.T) {
	tests := []struct {
		text      string
		want, not []string
	}{
		{"Acme members withdraw cash for free at 40,000+ Allpoint ATMs nationwide.", []string{"Allpoint"}, []string{"Allpoint ATMs"}},
		{"With Acme you can use Allpoint and MoneyPass ATMs without a fee.", []string{"Allpoint", "MoneyPass"}, []string{"MoneyPass ATMs"}},
		{"Acme charges $2.50 at Out-of-network ATMs and refunds none of it.", nil, []string{"Out-of-network ATMs", "Out-of-network"}},
	}
	for _, tt := range tests {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name of the brand list written with a small first letter and a capital
// after it ("eBay", "iCloud") counts after a cue or beside a name found,
// never alone, never as evidence for the names beside it, never when it
// names an operating system, and never in an answer whose tracked names
// are spelt the same way ("iPhone"), whose line it is.
func TestSmallFirstLetterListedNames(t *testing.T) {
	tests := []struct {
		text      string
		tracked   []Tracked
		want, not []string
	}{
		{"Acme lists your products on Amazon, eBay and Google Shopping from one screen.", nil, []string{"eBay"}, nil},
		{"Files in Acme sync through iCloud to every device you own.", nil, []string{"iCloud"}, nil},
		{"Acme connects to marketplaces such as Etsy and eBay.", nil, []string{"eBay"}, nil},
		{"People who leave Acme miss iMessage and FaceTime most.", nil, nil, []string{"iMessage", "FaceTime"}},
		{"Turn off iMessage before you leave Acme.", nil, nil, []string{"iMessage"}},
		{"The Acme apps run on iOS and iPadOS as well.", nil, nil, []string{"iOS", "iPadOS"}},
		{"The Acme apps also run on tvOS and visionOS.", nil, nil, []string{"tvOS", "visionOS"}},
		{"Back up the iPhone through iCloud before you switch to Acme.", []Tracked{{Name: "iPhone"}}, nil, []string{"iCloud"}},
		// examples of features or technologies, a technology beside it, a
		// tracked maker of the scheme
		{"Acme builds on frameworks like jQuery and tRPC.", nil, nil, []string{"jQuery", "tRPC"}},
		{"Acme greets visitors in stores with iBeacon and NFC.", nil, nil, []string{"iBeacon"}},
		{"Acme pairs with features such as iMessage and AirDrop.", nil, nil, []string{"iMessage"}},
		{"Save your photos through iCloud or Google Drive.", []Tracked{{Name: "Apple"}}, []string{"Google Drive"}, []string{"iCloud"}},
	}
	for _, tt := range tests {
		checkUntracked(t, tt.text, append([]Tracked{{Name: "Acme"}}, tt.tracked...), tt.want, tt.not)
	}
}

// A name after "to" that a word of sending or connecting stands before,
// at most two words back ("connects directly to", "pushes orders to"), is
// where data or goods go: a product, ordinary word of the brand list too.
func TestNameSentTo(t *testing.T) {
	tests := []struct {
		text      string
		want, not []string
	}{
		{"Acme pushes orders straight to Amazon every hour.", []string{"Amazon"}, nil},
		{"Acme connects directly to Stripe and Xero for payouts.", []string{"Stripe", "Xero"}, nil},
		{"Deal alerts to Slack come free with every Acme plan.", []string{"Slack"}, nil},
		{"Acme also sells to Target shoppers in stores.", []string{"Target"}, nil},
		{"The Acme cable connects USB-C to Lightning in one step.", nil, []string{"Lightning"}},
		{"Acme moved its team to Denver last year.", nil, []string{"Denver"}},
	}
	for _, tt := range tests {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// Names each given its purpose after "for" are names of one kind, the one
// that opens the sentence too when two inside it are given theirs.
func TestPurposeNameOpeningSentence(t *testing.T) {
	tests := []struct {
		text      string
		want, not []string
	}{
		{"Acme runs the projects.\n\nZoom for calls, Loom for async updates, and Dropbox for shared files.", []string{"Zoom", "Loom", "Dropbox"}, nil},
		{"Acme runs the projects.\n\nTodoist for tasks, Loom for video and Dropbox for files.", []string{"Todoist"}, nil},
		{"Acme runs the projects.\n\nZoom for calls and Dropbox for shared files.", nil, []string{"Zoom"}},
		{"Python for scripts, Zorbly for dashboards and Quillon for alerts.", []string{"Zorbly", "Quillon"}, []string{"Python"}},
		{"Acme runs the jobs.\n\nRuby for glue code, Trellix for charts and Pondly for alerts.", nil, []string{"Ruby"}},
	}
	for _, tt := range tests {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// An ordinary word of the brand list that opens a sentence as the first
// name of a list of brands counts: the list is its evidence, where its
// capital is none. An ordinary word off the list opening such a sentence
// does not.
func TestListedWordOpeningListOfBrands(t *testing.T) {
	tests := []struct {
		text      string
		want, not []string
	}{
		{"Acme is our pick.\n\nChase, Wells Fargo and Citi offer student accounts too.", []string{"Chase", "Wells Fargo", "Citi"}, nil},
		{"Acme is our pick.\n\nDiscover or Capital One when you want cash back.", []string{"Discover"}, nil},
		{"Acme is our pick.\n\nReconnect GitHub or GitLab after the move.", nil, []string{"Reconnect", "Reconnect GitHub"}},
		{"Acme is our pick.\n\nOtherwise, Globex or Bank of America will do.", nil, []string{"Otherwise"}},
	}
	for _, tt := range tests {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name that "and others", or "and other" and a noun of a kind of
// business, follows is one of that kind, where its sentence opens too.
func TestNameBeforeOthersOfItsKind(t *testing.T) {
	tests := []struct {
		text      string
		want, not []string
	}{
		{"Acme is fine.\n\nZorbex and others reassess rates at renewal.", []string{"Zorbex"}, nil},
		{"Acme is fine.\n\n- Chase and other big banks charge monthly fees.", []string{"Chase"}, nil},
		{"Acme settles through PayPal, Stripe or another supported provider.", []string{"Stripe"}, nil},
		{"Acme is fine.\n\nSummit and other peaks rise above the lake.", nil, []string{"Summit"}},
		{"Acme is fine.\n\nTexas and others require it by law.", nil, []string{"Texas"}},
	}
	for _, tt := range tests {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name joined by a hyphen to a word of likeness or focus inside a
// sentence ("Notion-like", "Google-centric") names the product it is
// likened to or built around; a tier, a place or a capital abbreviation
// does not.
func TestNameLikenedByHyphen(t *testing.T) {
	tests := []struct {
		text      string
		want, not []string
	}{
		{"Acme has a clean, Notion-like editor for briefs.", []string{"Notion"}, nil},
		{"Acme suits Google-centric teams best.", []string{"Google"}, nil},
		{"Acme avoids Zorbex-level complexity for small teams.", []string{"Zorbex"}, nil},
		{"Acme sells Pro-level tools at a fair price.", nil, []string{"Pro"}},
		{"Acme is a US-only bank with Texas-focused branches.", nil, []string{"US", "Texas"}},
	}
	for _, tt := range tests {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// A name of the brand list that opens with a figure joined to a word
// ("7-Eleven", "1Password") is read as a capitalized name; a figure with a
// unit or a capital alone is not.
func TestFigureOpeningListedName(t *testing.T) {
	tests := []struct {
		text      string
		want, not []string
	}{
		{"Acme takes cash deposits at Walgreens or 7-Eleven for a small fee.", []string{"7-Eleven"}, nil},
		{"Acme keeps its passwords in 1Password and Bitwarden.", []string{"1Password"}, nil},
		{"Acme phones support 5G and 4K video on Verizon.", nil, []string{"5G", "4K"}},
	}
	for _, tt := range tests {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// An ordinary word joined to a brand's product of several words goes on
// that product's name, unless the brand list holds it and it is no plan's
// or model's word: then it is a brand of its own.
func TestListedWordBesideProductOfSeveralWords(t *testing.T) {
	tests := []struct {
		text      string
		want, not []string
	}{
		{"Plans start at $28 a month, and Acme Payments or Stripe handle checkout.", []string{"Stripe"}, nil},
		{"Zorbex pays more than Acme Checking and Savings on small balances.", nil, []string{"Savings"}},
		{"Zorbex pays more than Acme Checking and Plus on small balances.", nil, []string{"Plus"}},
	}
	for _, tt := range tests {
		checkUntracked(t, tt.text, []Tracked{{Name: "Acme"}}, tt.want, tt.not)
	}
}

// "discounts", "recommends", "reports" and "partners" after a name are
// verbs it is the subject of, after "itself" too: a tracked ordinary word
// opening a sentence before them is the brand, and an untracked name
// opening a clause before "discounts" or "partners" is a brand.
func TestSubjectVerbsOfBusiness(t *testing.T) {
	tracked := []Tracked{{Name: "Step"}, {Name: "Acme"}}
	for _, text := range []string{
		"Acme is fine for adults.\n\nStep reports on-time payments to the credit bureaus.",
		"Acme is fine for adults.\n\nStep partners with Evolve Bank for deposits.",
		"Acme is fine for adults.\n\nStep itself recommends a parent account.",
	} {
		found := false
		for _, m := range FindMentions(text, tracked) {
			found = found || m.Name == "Step"
		}
		if !found {
			t.Errorf("%q: no mention of Step", text)
		}
	}
	checkUntracked(t, "Acme costs $999 at launch, but Google discounts its phones within months.", []Tracked{{Name: "Acme"}}, []string{"Google"}, nil)
	checkUntracked(t, "Acme is fine.\n\nStep counts reps for you.", []Tracked{{Name: "Acme"}}, nil, []string{"Step"})
	// a source recommends and reports as often as a company does: only a
	// tracked brand is read so
	checkUntracked(t, "Acme is fine, and Wirecutter recommends it.", []Tracked{{Name: "Acme"}}, nil, []string{"Wirecutter"})
	checkUntracked(t, "Acme is cheap, but Morningstar reports higher fees.", []Tracked{{Name: "Acme"}}, nil, []string{"Morningstar"})
	checkUntracked(t, "Acme is fine.\n\nZorbly recommends a weekly backup.", []Tracked{{Name: "Acme"}}, nil, []string{"Zorbly"})
}

// The word list reads a word in lowercase (ASCII): an ordinary word, a
// proper noun of the list, or neither.
func TestWordReadings(t *testing.T) {
	for _, tt := range []struct {
		word                    string
		dict, reading, properly bool
	}{
		{"summit", true, true, false},
		{"SUMMIT", true, true, false},
		{"Summit", true, true, false},
		{"monday", false, true, true},
		{"Monday", false, true, true},
		{"columbia", false, true, true},
		{"hubspotty", false, false, false},
		{"summits", true, true, false},
		{"summi", false, false, false},
		{"", false, false, false},
		{strings.Repeat("summit", 50), false, false, false},
	} {
		if got := isDictWord(tt.word); got != tt.dict {
			t.Errorf("isDictWord(%q) = %v, want %v", tt.word, got, tt.dict)
		}
		if got := hasReading(tt.word); got != tt.reading {
			t.Errorf("hasReading(%q) = %v, want %v", tt.word, got, tt.reading)
		}
		if got := isProperNoun(tt.word); got != tt.properly {
			t.Errorf("isProperNoun(%q) = %v, want %v", tt.word, got, tt.properly)
		}
	}
}

// lowerIn answers as m[strings.ToLower(s)] does, beyond ASCII too; inSet
// lowers the ASCII letters of a short word only.
func TestLowerIn(t *testing.T) {
	m := set("key été sources", strings.Repeat("long", 10))
	for _, s := range []string{"key", "KEY", "Key", "\u212Aey", "ÉTÉ", "été", "Sources", "source",
		strings.Repeat("LONG", 10), strings.Repeat("long", 9), "", "ke", "keys"} {
		if got, want := lowerIn(m, s), m[strings.ToLower(s)]; got != want {
			t.Errorf("lowerIn(%q) = %v, want %v", s, got, want)
		}
	}
	if inSet(m, "ÉTÉ") || !inSet(m, "SOURCES") || !inSet(m, strings.Repeat("Long", 10)) {
		t.Errorf("inSet lowers the ASCII letters of a word only")
	}
}

// inSourceList lowers no line longer than maxHeadingLine: every heading of
// sourceHeadings must be short enough that no such line lowers to it.
func TestSourceHeadingsBound(t *testing.T) {
	for h := range sourceHeadings {
		if 3*len(h) > maxHeadingLine {
			t.Errorf("source heading %q is longer than maxHeadingLine/3", h)
		}
	}
	answer := "Acme is fine.\n\n**SOURCES**\n- Wirecutter – The best CRM\n"
	if !inSourceList(answer, strings.Index(answer, "Wirecutter")) {
		t.Errorf("inSourceList: Wirecutter is under a heading of sources")
	}
	answer = "Acme is fine.\n\n**Sources of leads for small and growing teams**\n- Wirecutter – The best CRM\n"
	if inSourceList(answer, strings.Index(answer, "Wirecutter")) {
		t.Errorf("inSourceList: Wirecutter is under no heading of sources")
	}
}

// TestIsPlaceCities checks the cities of cities.txt: a city is a place as
// written, and a city's name that is a brand, ordinary words or a word the
// word list does not know, or that takes "the", is none.
func TestIsPlaceCities(t *testing.T) {
	for _, name := range []string{"Chicago", "New York City", "Doha", "Cancún", "Cancun", "Istanbul", "the United States", "The Netherlands"} {
		if !isPlace(name) {
			t.Errorf("isPlace(%q) = false, want true", name)
		}
	}
	for _, name := range []string{"Phoenix", "Kingston", "Lincoln", "Zurich", "Mobile", "Reading", "Long Beach", "Tula", "The Hartford", "the Chicago"} {
		if isPlace(name) {
			t.Errorf("isPlace(%q) = true, want false", name)
		}
	}
}

// A tracked brand named after a city is no place among the names beside it,
// and a city that opens a longer capitalised name is part of that name: the
// names before them in a list are no towns of a place.
func TestFindMentions_CityInNames(t *testing.T) {
	tracked := []Tracked{{Name: "Milwaukee Tool", Aliases: []string{"Milwaukee"}}, {Name: "Acme"}}
	for _, tt := range []struct {
		text      string
		want, not []string
	}{
		{"| Store | Brands |\n|---|---|\n| Depot | Ryobi, Ridgid, Husky, Milwaukee (widest range) |\n| Other | Kobalt, Acme |", []string{"Ryobi", "Ridgid", "Husky"}, nil},
		{"For heavy drilling, Makita, Hilti, Milwaukee and Metabo all sell strong hammer drills.", []string{"Makita", "Hilti", "Metabo"}, nil},
		{"Devices from Bluesound, WiiM, Cambridge Audio and Naim support Acme Connect.", []string{"Bluesound", "WiiM", "Cambridge Audio", "Naim"}, nil},
		{"Acme, Zorbex, Boston Scientific and Quillon lead the market.", []string{"Zorbex", "Boston Scientific", "Quillon"}, nil},
		{"Acme opened stores in Brooklyn, New York City and Hoboken, New Jersey, then in Cambridge, Massachusetts.", nil, []string{"Brooklyn", "Hoboken", "New York City", "Cambridge"}},
	} {
		checkUntracked(t, tt.text, tracked, tt.want, tt.not)
	}
}
