package analyze

import (
	"slices"
	"testing"
)

func TestPageType(t *testing.T) {
	tests := []struct {
		page, title, want string
	}{
		// homepage
		{"https://hubspot.com", "", "homepage"},
		{"https://notion.so/en-us", "", "homepage"},
		{"https://youtube.com", "", "homepage"},
		// site rules
		{"https://youtube.com/watch?v=abc123", "HubSpot CRM Tutorial for Beginners", "social"},
		{"https://youtube.com/shorts/aBcDeFgHiJk", "", "social"},
		{"https://x.com/hubspot/status/1234567890", "", "social"},
		{"https://linkedin.com/posts/jane-doe_crm-activity-7123", "", "social"},
		{"https://linkedin.com/pulse/why-we-chose-pipedrive-over-salesforce-jane-doe", "", "article"},
		{"https://instagram.com/p/Cx1Yz2AbCdE", "", "social"},
		{"https://reddit.com/r/sales/comments/1abc2d/best_crm_for_small_business", "", "discussion"},
		{"https://quora.com/What-is-the-best-CRM-for-startups", "", "discussion"},
		{"https://stackoverflow.com/questions/12345/how-to-export-hubspot-contacts", "", "discussion"},
		{"https://news.ycombinator.com/item?id=38000000", "", "discussion"},
		{"https://community.hubspot.com/t5/CRM/How-to-merge-duplicate-contacts/td-p/123", "", "discussion"},
		{"https://github.com/twentyhq/twenty/issues/4512", "", "discussion"},
		{"https://example.com/forum/t/migrating-from-trello/881", "", "discussion"},
		{"https://g2.com/products/hubspot-crm/reviews", "", "review"},
		{"https://g2.com/products/hubspot-crm", "", "review"},
		{"https://g2.com/compare/hubspot-crm-vs-pipedrive", "", "comparison"},
		{"https://g2.com/products/asana/competitors/alternatives", "", "alternative"},
		{"https://g2.com/categories/crm", "", "category_page"},
		{"https://capterra.com/crm-software", "", "category_page"},
		{"https://capterra.com/p/61368/HubSpot-CRM", "", "review"},
		{"https://trustpilot.com/review/monday.com", "", "review"},
		{"https://apps.apple.com/us/app/notion-notes-docs-tasks/id1232780281", "", "product_page"},
		{"https://play.google.com/store/apps/details?id=com.todoist", "", "product_page"},
		{"https://amazon.com/dp/B09HM94VDS", "", "product_page"},
		{"https://docs.stripe.com/payments/checkout", "", "documentation"},
		{"https://help.notion.so/guides/how-to-build-a-wiki", "", "documentation"},
		{"https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers", "", "documentation"},
		{"https://fastapi.readthedocs.io/en/latest/tutorial", "", "documentation"},
		// lead sections
		{"https://hubspot.com/pricing/marketing/compare-plans", "", "pricing"},
		{"https://clickup.com/plans", "", "pricing"},
		{"https://example.com/about-us", "", "about"},
		{"https://example.com/company", "", "about"},
		{"https://example.com/careers/senior-backend-engineer", "", "careers"},
		{"https://example.com/contact-sales", "", "contact"},
		{"https://asana.com/features/project-management", "", "features"},
		{"https://asana.com/customers/spotify", "", "case_study"},
		{"https://example.com/docs/how-to-import-contacts", "", "documentation"},
		{"https://example.com/category/crm", "", "category_page"},
		// slug content
		{"https://zapier.com/blog/best-crm-app", "", "listicle"},
		{"https://blog.hubspot.com/sales/hubspot-vs-salesforce", "", "comparison"},
		{"https://example.com/blog/asana-alternatives", "", "alternative"},
		{"https://example.com/alternative-to-monday", "", "alternative"},
		{"https://techradar.com/best/best-project-management-software", "", "listicle"},
		{"https://example.com/blog/top-10-crm-tools-2025", "", "listicle"},
		{"https://example.com/blog/7-ways-to-speed-up-onboarding", "", "listicle"},
		{"https://example.com/crm-best-practices", "", "other"},
		{"https://example.com/blog/crm-best-practices", "", "article"},
		{"https://example.com/blog/email-deliverability-best-practices-for-saas-teams", "", "article"},
		{"https://example.com/learn/how-to-choose-a-crm", "", "how_to_guide"},
		{"https://example.com/resources/ultimate-guide-to-sales-pipelines", "", "how_to_guide"},
		{"https://pcmag.com/reviews/monday-work-management", "", "review"},
		{"https://example.com/blog/pipedrive-review", "", "review"},
		{"https://example.com/resources/acme-case-study", "", "case_study"},
		{"https://example.com/whitepapers/state-of-crm-2025.pdf", "", "resource"},
		// title
		{"https://example.com/blog/p-12345", "The 10 Best CRMs for Small Business in 2025", "listicle"},
		{"https://example.com/posts/8812", "Notion vs Confluence: Which Wiki Wins?", "comparison"},
		{"https://example.com/a/5521", "How to Set Up a Sales Pipeline in HubSpot", "how_to_guide"},
		// other sections
		{"https://example.com/collections/standing-desks", "", "category_page"},
		{"https://example.com/collections/desks/products/oak-desk", "", "product_page"},
		{"https://salesforce.com/products/sales-cloud", "", "product_page"},
		{"https://example.com/resources/ebooks", "", "resource"},
		{"https://example.com/templates/okr", "", "resource"},
		{"https://example.com/integrations/slack", "", "product_page"},
		{"https://example.com/blog/series-b", "", "article"},
		{"https://techcrunch.com/2025/03/14/notion-launches-mail", "", "article"},
		{"https://en.wikipedia.org/wiki/Customer_relationship_management", "", "article"},
		{"https://medium.com/@jane/our-stack-9f3a2b", "", "article"},
		{"https://example.com/the-future-of-ai-in-customer-support", "", "article"},
		{"https://example.com/page/xyz", "", "other"},
		{"https://example.com/p/123", "Pricing", "article"},
		{"https://example.com/x/123", "Plans and Pricing", "pricing"},
	}
	for _, tt := range tests {
		if got := PageType(tt.page, tt.title); got != tt.want {
			t.Errorf("PageType(%q, %q) = %q, want %q", tt.page, tt.title, got, tt.want)
		}
	}
}

// TestPageTypeValues checks that PageType only returns listed values, over inputs
// that exercise every branch including malformed ones.
func TestPageTypeValues(t *testing.T) {
	for _, page := range []string{"", "::", "https://example.com/%zz", "https://example.com/?q=1"} {
		if got := PageType(page, ""); !slices.Contains(PageTypes, got) {
			t.Errorf("PageType(%q) = %q, not in PageTypes", page, got)
		}
	}
	for _, sec := range []map[string]string{leadSections, otherSections, titleSections, hostPrefixTypes} {
		for k, v := range sec {
			if !slices.Contains(PageTypes, v) {
				t.Errorf("section %q maps to unknown page type %q", k, v)
			}
		}
	}
}
