package demo

// coffeeIndustry is the second organization: a small specialty-coffee
// brand. It exists so that cross-organization isolation can be tested.
var coffeeIndustry = &industry{
	orgName: "Brewline Coffee Co.",
	users: []userDef{
		{"Tom Ellis", "tom.ellis@brewlinecoffee.com"},
		{"Sofia Marquez", "sofia.marquez@brewlinecoffee.com"},
	},
	brand: brandDef{
		name: "Brewline", domain: "brewlinecoffee.com", domains: []string{"brewline.coffee"},
		aliases:    []string{"Brewline Roasters", "Brewline Coffee Club"},
		pitch:      "a specialty coffee roaster with a flexible subscription",
		strengths:  []string{"beans roasted to order and shipped within 48 hours", "a flexible subscription you can pause anytime", "detailed brew guides for every bag"},
		weaknesses: []string{"shipping to rural areas can take a week", "the single-origin selection rotates quickly", "decaf options are limited"},
		bestFor:    []string{"people new to specialty coffee", "home espresso enthusiasts"},
		price:      16, base: 0.4, slope: 0.2, rank: 0.55, pos: 0.5, neg: 0.12,
		pages: []pageDef{
			{"https://brewlinecoffee.com/", "Brewline Coffee – Freshly Roasted Specialty Coffee", nil},
			{"https://brewlinecoffee.com/subscribe", "Coffee Subscription | Brewline", []string{"subscriptions"}},
			{"https://brewlinecoffee.com/products/house-espresso", "House Espresso Blend | Brewline", []string{"brewing"}},
			{"https://brewlinecoffee.com/blogs/brew-guides/espresso-at-home", "How to Dial In Espresso at Home – Brewline Brew Guides", []string{"brewing"}},
			{"https://brewline.coffee/journal/how-coffee-subscriptions-work", "How Coffee Subscriptions Work – The Brewline Journal", []string{"subscriptions"}},
			{"https://brewlinecoffee.com/pages/gift-subscriptions", "Gift a Coffee Subscription | Brewline", []string{"subscriptions"}},
		},
	},
	competitors: []brandDef{
		{
			name: "Roastbox", domain: "roastbox.co", aliases: []string{"Roastbox Coffee"},
			pitch:      "a coffee subscription that curates beans from many roasters",
			strengths:  []string{"a huge rotating selection from dozens of roasters", "a taste quiz that personalizes every bag"},
			weaknesses: []string{"shipping costs add up", "freshness varies between roasters"},
			bestFor:    []string{"people who like variety"},
			price:      18, base: 0.55, rank: 0.8, pos: 0.5, neg: 0.2,
		},
		{
			name: "Bean Voyage", domain: "beanvoyage.com", aliases: []string{"BeanVoyage"},
			pitch:      "a single-origin coffee club",
			strengths:  []string{"traceable single-origin lots", "tasting notes written by the farmers"},
			weaknesses: []string{"it is not the cheapest option", "espresso roasts are rare"},
			bestFor:    []string{"filter coffee fans"},
			price:      20, base: 0.35, slope: 0.1, rank: 0.5, pos: 0.45, neg: 0.15,
		},
		{
			name: "Crema Club", domain: "cremaclub.com", aliases: []string{"CremaClub"},
			pitch:      "an espresso-focused coffee subscription",
			strengths:  []string{"espresso blends tuned for home machines", "grinder and machine guides"},
			weaknesses: []string{"customer service is slow", "the website is clunky"},
			bestFor:    []string{"espresso drinkers"},
			price:      17, base: 0.4, slope: -0.1, rank: 0.6, pos: 0.4, neg: 0.25,
		},
	},
	untracked: []brandDef{
		{name: "Daybreak Roasters", strengths: []string{"bright, fruity light roasts"}, weaknesses: []string{"it ships only within the US"}, bestFor: []string{"light-roast fans"}, price: 15, rank: 0.3, pos: 0.35, neg: 0.15},
		{name: "Kettle & Kiln", strengths: []string{"small-batch roasting"}, weaknesses: []string{"stock sells out quickly"}, bestFor: []string{"pour-over lovers"}, price: 19, rank: 0.25, pos: 0.35, neg: 0.15},
		{name: "Northbound Beans", strengths: []string{"low prices on bulk bags"}, weaknesses: []string{"roast dates are not printed"}, bestFor: []string{"budget buyers"}, price: 11, rank: 0.2, pos: 0.3, neg: 0.2},
		{name: "Pourform", strengths: []string{"brewing gear bundles"}, weaknesses: []string{"its beans are average"}, bestFor: []string{"beginners building a setup"}, price: 14, rank: 0.2, pos: 0.3, neg: 0.2},
	},
	smallTopics: 2,
	topics: []topicDef{
		{
			key: "subscriptions", name: "Coffee subscriptions", subject: "coffee subscriptions", role: roleGeneral,
			keywords: []string{"coffee subscriptions", "specialty coffee clubs", "coffee gift subscriptions"},
			subs:     []string{"Coffee", "pourover"},
			prompts: []promptDef{
				{text: "Best coffee subscription for beginners", intent: "C"},
				{text: "Which coffee subscription has the freshest beans?", intent: "C"},
				{text: "Order a specialty coffee subscription as a gift", intent: "T"},
				{text: "How does a coffee subscription work?", intent: "I"},
			},
			steps: []string{
				"Pick a roast style or take the roaster's taste quiz.",
				"Choose whole bean or a grind size that matches your brewer.",
				"Set the delivery frequency based on how many cups you drink per week.",
				"Rate each bag so the next one matches your taste better.",
				"Pause or skip deliveries when you travel.",
			},
			tips: []string{"Roast date printed on the bag", "Flexible pause and skip", "Whole bean and grind options", "Shipping cost per bag"},
		},
		{
			key: "brewing", name: "Home brewing and espresso", subject: "coffee for home espresso and brewing", role: roleGeneral,
			keywords: []string{"espresso beans", "home espresso", "pour over coffee"},
			subs:     []string{"espresso", "Coffee"},
			prompts: []promptDef{
				{text: "Best beans for a home espresso machine", intent: "C"},
				{text: "How do I dial in espresso at home?", intent: "I"},
				{text: "Brewline espresso blend", intent: "N"},
				{text: "Where to buy freshly roasted coffee online", intent: "T"},
			},
			steps: []string{
				"Start with a recipe: 18 g of coffee in, about 36 g of espresso out.",
				"Aim for 25 to 30 seconds of extraction time.",
				"Grind finer if the shot runs fast and tastes sour; coarser if it runs slow and tastes bitter.",
				"Change one variable at a time and taste every shot.",
				"Use beans rested 7 to 21 days after roasting.",
			},
			tips: []string{"A roast date within the last three weeks", "Blends designed for espresso", "Consistent grind", "Clear brew recipes"},
		},
	},
	audiences: []string{"beginners", "espresso lovers"},
	unit:      "per bag",
	introC: []string{
		"The best choice for {s} depends on your brewing method, how much variety you want and how quickly you drink a bag. Options that come up most often:",
		"Here are the {s} that coffee reviewers and home baristas recommend most often:",
	},
	introT: []string{"Most roasters sell online with free shipping above a threshold. Good places to start{r}:"},
	introI: []string{"Here is how it usually works:", "A simple way to get consistent results:"},
	introAIO: []string{
		"When choosing {s}, freshness and roast style matter more than brand names. Popular options include:",
	},
	introN:   []string{"{A} is {q}. Here is what to know:"},
	introVs:  []string{"{A} and {B} both sell excellent coffee, but they suit different drinkers:"},
	introAlt: []string{"{A} is popular, but {W}. Alternatives worth trying:"},
	closings: []string{
		"**Bottom line:** If you are new to specialty coffee, {A} is the easiest place to start; {B} suits {U}.",
		"**Recommendation:** Try {A} first for {F}, and switch to {B} if you want {G}.",
		"In summary, {A} and {B} are the most frequently recommended options.",
		"My suggestion: order one bag from {A} and one from {B} and taste them side by side.",
	},
	closingsShort: []string{"The best option depends on your taste, brewer and budget."},
	regionNotes: [numRegions]string{
		"",
		"Several of these roasters ship to the UK, but check import fees and delivery times.",
		"Shipping to Germany is available from most of them; EU-based roasters deliver fastest.",
	},
	featuresHeading: []string{"**What to look for:**"},
	outlets: []sitePattern{
		{"https://www.seriouseats.com/best-{s}", "The Best {K}, Tested | Serious Eats"},
		{"https://www.nytimes.com/wirecutter/reviews/best-{s}/", "The Best {K} | Wirecutter"},
		{"https://www.bonappetit.com/story/best-{s}", "The Best {K}, According to Our Editors | Bon Appétit"},
		{"https://www.thekitchn.com/best-{s}-{N}", "The Best {K} We Tried | The Kitchn"},
	},
	reviewProduct: []sitePattern{
		{"https://www.trustpilot.com/review/{D}", "{B} is rated \"Great\" | Read Customer Service Reviews of {D}"},
		{"https://www.coffeereview.com/roaster/{b}/", "{B} Coffee Reviews | Coffee Review"},
	},
	reviewCategory: []sitePattern{
		{"https://www.coffeereview.com/{s}/", "{K} Ratings | Coffee Review"},
	},
	reviewCompare: []sitePattern{
		{"https://www.coffeereview.com/compare/{a}-vs-{b}/", "{A} vs {B}: Side-by-Side Ratings | Coffee Review"},
	},
	blogs: []sitePattern{
		{"https://medium.com/@{h}/{s}-{X}", "{T} | by {P} | Medium"},
		{"https://{h}.substack.com/p/{s}", "{T} - by {P}"},
	},
	compPages: []sitePattern{
		{"https://{D}/", "{C} – Specialty Coffee, Delivered"},
		{"https://{D}/subscription", "Coffee Subscription Plans | {C}"},
	},
	compVs:     sitePattern{"https://{D}/compare/{o}", "{C} vs {O}: Which Coffee Subscription Is Right for You?"},
	compAlt:    sitePattern{"https://{D}/blog/{o}-alternatives", "The Best {O} Alternatives | {C}"},
	compBlog:   sitePattern{"https://{D}/blog/{s}-guide", "{K}: A Beginner's Guide | {C}"},
	ytChannels: []string{"Morning Grind Reviews", "Espresso at Home", "The Bean Lab"},
	refs: []pageDef{
		{"https://en.wikipedia.org/wiki/Coffee_roasting", "Coffee roasting - Wikipedia", nil},
		{"https://en.wikipedia.org/wiki/Espresso", "Espresso - Wikipedia", []string{"brewing"}},
		{"https://en.wikipedia.org/wiki/Specialty_coffee", "Specialty coffee - Wikipedia", []string{"subscriptions"}},
		{"https://sca.coffee/research/coffee-standards", "Coffee Standards | Specialty Coffee Association", []string{"brewing"}},
	},
	advertisers: []adDef{
		{"Roastbox", "roastbox.co", []string{"Roastbox - Coffee From 40+ Roasters. Take the taste quiz and get your first bag half price."}},
		{"Crema Club", "cremaclub.com", []string{"Crema Club - Espresso Blends for Home Machines. Free shipping on subscriptions."}},
		{"Daybreak Roasters", "daybreakroasters.com", []string{"Daybreak Roasters - Light Roasts, Roasted to Order. Shop now."}},
	},
}
