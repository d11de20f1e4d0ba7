package analyze

// domainsByType is the curated table of well-known registrable domains. It is
// knowledge, not logic: extend it when a frequently cited domain lands in "other".
// Judgement calls:
//   - medium.com, substack.com, quora.com and stackoverflow.com are social: the
//     content is user-generated and brands take part in it the way they do on reddit;
//   - review is for platforms that aggregate user reviews (g2, capterra, trustpilot);
//     magazines that review products (pcmag, cnet) are editorial; gartner and
//     forrester are research (analyst reports), not review;
//   - finance is for sites whose subject is money (markets, banking, personal
//     finance), including investopedia and market news (bloomberg, cnbc); general
//     newspapers with business desks (wsj, ft) are editorial;
//   - health authorities (nih.gov, cdc.gov, who.int, nhs.uk) are health, not
//     institutional: the table overrides the TLD rule;
//   - consultancies and hardware/consumer companies are corporate; software vendors
//     are saas (including zapier.com, whose blog is read as editorial, because the
//     class is per domain);
//   - mozilla.org is corporate, its developer.mozilla.org host documentation.
var domainsByType = map[string][]string{
	"editorial": {
		"nytimes.com", "washingtonpost.com", "wsj.com", "ft.com", "theguardian.com",
		"bbc.com", "bbc.co.uk", "cnn.com", "reuters.com", "apnews.com", "npr.org",
		"usatoday.com", "nbcnews.com", "cbsnews.com", "abcnews.com", "foxnews.com",
		"theatlantic.com", "economist.com", "newyorker.com", "time.com", "newsweek.com",
		"axios.com", "politico.com", "vox.com", "huffpost.com", "latimes.com",
		"businessinsider.com", "forbes.com", "fortune.com", "inc.com", "entrepreneur.com",
		"fastcompany.com", "hbr.org", "techcrunch.com", "theverge.com", "wired.com",
		"engadget.com", "arstechnica.com", "venturebeat.com", "zdnet.com", "cnet.com",
		"pcmag.com", "techradar.com", "tomsguide.com", "tomshardware.com", "mashable.com",
		"gizmodo.com", "lifehacker.com", "makeuseof.com", "digitaltrends.com",
		"theregister.com", "techrepublic.com", "techtarget.com", "infoworld.com",
		"computerworld.com", "cio.com", "9to5mac.com", "macrumors.com", "androidauthority.com",
		"searchenginejournal.com", "searchengineland.com", "marketingdive.com",
		"adweek.com", "theinformation.com", "semafor.com", "independent.co.uk",
		"telegraph.co.uk", "spiegel.de", "lemonde.fr", "elpais.com", "thehindu.com",
		"indiatimes.com", "scmp.com", "aljazeera.com", "nypost.com",
		"theathletic.com", "cnnbrasil.com.br",
	},
	"review": {
		"g2.com", "trustradius.com", "getapp.com", "softwareadvice.com", "peerspot.com",
		"sitejabber.com", "consumeraffairs.com", "saasworthy.com", "softwaresuggest.com",
		"productreview.com.au", "reviews.io", "rtings.com", "tripadvisor.com",
		"consumerreports.org", "featuredcustomers.com", "crozdesk.com",
	},
	"institutional": {
		"europa.eu", "un.org", "oecd.org", "worldbank.org", "imf.org", "canada.ca",
		"wto.org", "unesco.org", "nato.int",
	},
	"social": {
		"reddit.com", "redd.it", "youtube.com", "youtu.be", "x.com", "twitter.com",
		"linkedin.com", "facebook.com", "fb.com", "instagram.com", "tiktok.com",
		"quora.com", "medium.com", "substack.com", "pinterest.com", "threads.net",
		"bsky.app", "mastodon.social", "tumblr.com", "snapchat.com", "discord.com",
		"vimeo.com", "twitch.tv", "t.me", "stackoverflow.com", "stackexchange.com",
		"superuser.com", "serverfault.com", "askubuntu.com", "dev.to", "hashnode.dev",
		"indiehackers.com", "hackernoon.com", "lobste.rs", "slashdot.org",
	},
	"commerce": {
		"etsy.com", "walmart.com", "target.com", "bestbuy.com", "alibaba.com", "temu.com",
		"wayfair.com", "costco.com", "homedepot.com", "lowes.com", "newegg.com",
		"flipkart.com", "shein.com", "asos.com", "macys.com", "bhphotovideo.com",
		"chewy.com", "overstock.com", "zappos.com", "aliexpress.com",
	},
	"documentation": {
		"readthedocs.org", "w3schools.com", "devdocs.io", "go.dev", "docs.rs",
		"man7.org", "cppreference.com", "postgresql.org", "python.org",
		"kubernetes.io", "swagger.io",
	},
	"reference": {
		"wikipedia.org", "wikimedia.org", "wiktionary.org", "wikidata.org", "britannica.com",
		"merriam-webster.com", "dictionary.com", "thesaurus.com", "wikihow.com",
		"archive.org", "imdb.com", "fandom.com", "worldatlas.com", "thefreedictionary.com",
		"collinsdictionary.com", "oxfordlearnersdictionaries.com", "vocabulary.com",
	},
	"saas": {
		"salesforce.com", "hubspot.com", "notion.so", "notion.com", "atlassian.com",
		"asana.com", "monday.com", "clickup.com", "slack.com", "zoom.us", "zendesk.com",
		"intercom.com", "shopify.com", "mailchimp.com", "stripe.com", "airtable.com",
		"trello.com", "dropbox.com", "box.com", "figma.com", "canva.com", "miro.com",
		"zapier.com", "semrush.com", "ahrefs.com", "moz.com", "pipedrive.com",
		"freshworks.com", "zoho.com", "servicenow.com", "workday.com", "docusign.com",
		"calendly.com", "loom.com", "linear.app", "github.com", "gitlab.com",
		"bitbucket.org", "vercel.com", "netlify.com", "heroku.com", "cloudflare.com",
		"twilio.com", "sendgrid.com", "okta.com", "auth0.com", "datadoghq.com",
		"grammarly.com", "wix.com", "squarespace.com", "webflow.com", "wordpress.com",
		"openai.com", "chatgpt.com", "anthropic.com", "claude.ai", "gitbook.com",
		"smartsheet.com", "wrike.com", "basecamp.com", "teamwork.com", "todoist.com",
		"evernote.com", "hootsuite.com", "buffer.com", "sproutsocial.com", "klaviyo.com",
		"activecampaign.com", "constantcontact.com", "gusto.com", "intuit.com",
		"xero.com", "freshbooks.com", "bamboohr.com", "rippling.com", "adobe.com",
		"oracle.com", "sap.com", "snowflake.com", "databricks.com", "mongodb.com",
		"postman.com", "similarweb.com", "apollo.io", "close.com", "attio.com",
		"copper.com", "insightly.com", "keap.com", "nutshell.com",
	},
	"legal": {
		"justia.com", "findlaw.com", "nolo.com", "legalzoom.com", "avvo.com",
		"lawinsider.com", "law.com", "rocketlawyer.com", "upcounsel.com", "martindale.com",
		"gdpr.eu", "gdpr-info.eu", "termsfeed.com", "iubenda.com", "law360.com",
	},
	"health": {
		"mayoclinic.org", "webmd.com", "healthline.com", "clevelandclinic.org",
		"medicalnewstoday.com", "nih.gov", "cdc.gov", "who.int", "nhs.uk", "fda.gov",
		"medlineplus.gov", "hopkinsmedicine.org", "verywellhealth.com", "drugs.com",
		"everydayhealth.com", "psychologytoday.com", "health.com", "goodrx.com",
	},
	"finance": {
		"investopedia.com", "nerdwallet.com", "bankrate.com", "bloomberg.com", "cnbc.com",
		"marketwatch.com", "barrons.com", "morningstar.com", "fool.com", "seekingalpha.com",
		"kiplinger.com", "thebalancemoney.com", "creditkarma.com", "paypal.com",
		"chase.com", "bankofamerica.com", "wellsfargo.com", "visa.com", "mastercard.com",
		"americanexpress.com", "schwab.com", "fidelity.com", "vanguard.com",
		"robinhood.com", "coinbase.com", "sec.gov", "finra.org",
	},
	"research": {
		"arxiv.org", "nature.com", "researchgate.net", "sciencedirect.com", "springer.com",
		"wiley.com", "jstor.org", "ieee.org", "acm.org", "semanticscholar.org", "plos.org",
		"frontiersin.org", "mdpi.com", "biorxiv.org", "medrxiv.org", "ssrn.com",
		"science.org", "cell.com", "thelancet.com", "nejm.org", "academia.edu",
		"pewresearch.org", "statista.com", "gartner.com", "forrester.com", "idc.com",
		"nber.org", "tandfonline.com", "sagepub.com", "oup.com", "cambridge.org",
	},
	"app_store": {
		"apkpure.com", "apkmirror.com", "f-droid.org", "appbrain.com", "uptodown.com",
	},
	"directory": {
		"yelp.com", "crunchbase.com", "producthunt.com", "yellowpages.com", "bbb.org",
		"angi.com", "thumbtack.com", "clutch.co", "goodfirms.co", "manta.com",
		"zoominfo.com", "owler.com", "builtwith.com", "alternativeto.net",
		"sourceforge.net", "foursquare.com", "pitchbook.com", "tracxn.com",
		"cbinsights.com", "wellfound.com", "theorg.com", "dnb.com", "opencorporates.com",
	},
	"corporate": {
		"apple.com", "microsoft.com", "ibm.com", "meta.com", "intel.com", "nvidia.com",
		"samsung.com", "sony.com", "dell.com", "hp.com", "cisco.com", "deloitte.com",
		"pwc.com", "accenture.com", "kpmg.com", "ey.com", "mckinsey.com", "bcg.com",
		"bain.com", "tesla.com", "nike.com", "mozilla.org", "brave.com", "google.org",
		"amazon.jobs", "aboutamazon.com",
	},
	"search_engine": {
		"bing.com", "duckduckgo.com", "baidu.com", "ecosia.org", "startpage.com",
		"perplexity.ai", "you.com", "ask.com", "naver.com", "seznam.cz", "qwant.com",
		"kagi.com",
	},
}

// hostTypes classify hosts whose class differs from their registrable domain's.
var hostTypes = map[string]string{
	"apps.apple.com": "app_store", "itunes.apple.com": "app_store",
	"play.google.com": "app_store", "chromewebstore.google.com": "app_store",
	"chrome.google.com": "app_store", "apps.microsoft.com": "app_store",
	"microsoftedge.microsoft.com": "app_store", "appsource.microsoft.com": "app_store",
	"marketplace.atlassian.com": "app_store", "appexchange.salesforce.com": "app_store",
	"apps.shopify.com": "app_store", "addons.mozilla.org": "app_store",
	"marketplace.visualstudio.com": "app_store", "ecosystem.hubspot.com": "app_store",
	"appgallery.huawei.com": "app_store", "marketplace.zoom.us": "app_store",

	"developer.mozilla.org": "documentation", "learn.microsoft.com": "documentation",
	"pkg.go.dev": "documentation", "docs.google.com": "saas",

	"scholar.google.com": "research", "pubmed.ncbi.nlm.nih.gov": "research",
	"ncbi.nlm.nih.gov": "research", "link.springer.com": "research",

	"news.google.com": "editorial", "news.yahoo.com": "editorial",
	"sports.yahoo.com": "editorial", "finance.yahoo.com": "finance",
	"maps.google.com": "directory", "news.ycombinator.com": "social",
	"search.brave.com": "search_engine", "law.cornell.edu": "legal",
	"eur-lex.europa.eu": "legal", "health.harvard.edu": "health",
	"dictionary.cambridge.org": "reference", "whatis.techtarget.com": "reference",
}

// labelTypes classify properties that run under many country domains by the label
// in front of the public suffix (amazon.co.uk, google.de).
var labelTypes = map[string]string{
	"amazon": "commerce", "ebay": "commerce", "zalando": "commerce", "ikea": "commerce",
	"mercadolibre": "commerce", "rakuten": "commerce", "idealo": "commerce",
	"google": "search_engine", "yahoo": "search_engine", "yandex": "search_engine",
	"capterra": "review", "trustpilot": "review", "glassdoor": "review",
	"indeed": "directory", "booking": "commerce",
}

// suffixTypes classify domains under private public suffixes that host one kind of
// site; each customer site there is its own registrable domain.
var suffixTypes = map[string]string{
	"readthedocs.io": "documentation", "gitbook.io": "documentation", "github.io": "documentation",
	"myshopify.com": "commerce", "blogspot.com": "social",
}

// domainTypes is domainsByType inverted for lookup.
var domainTypes = func() map[string]string {
	m := make(map[string]string, 400)
	for t, ds := range domainsByType {
		for _, d := range ds {
			m[d] = t
		}
	}
	return m
}()
