package web_test

import (
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sightline/sightline"
)

var promptRowRE = regexp.MustCompile(`(?s)data-testid="prompt-row" data-prompt-id="([0-9a-f-]+)">(.*?)</tr>`)

// The prompts view shows the store's prompt × provider matrix, and each
// cell's counts open exactly the answers they count.
func testPrompts(t *testing.T, e *env) {
	ctx := context.Background()
	c := e.client(t)
	c.mustSignIn(e.fix.DashboardUser.Email, e.fix.DashboardUser.Password)
	brand := "/brands/" + e.fix.BrandID
	resp, body := c.get(brand + "/prompts")
	wantStatus(t, resp, body, http.StatusOK)
	want, total, err := e.db.FindPromptMatrix(ctx, e.fix.OrgID, sightline.PromptMatrixFilter{
		Scope:       sightline.Scope{BrandID: e.fix.BrandID, Window: sightline.DefaultWindow(now, sightline.DefaultWindowDays)},
		PageRequest: sightline.PageRequest{Page: 1, PageSize: sightline.DefaultPageSize}})
	if err != nil || total == 0 {
		t.Fatalf("FindPromptMatrix = %d, %v; the demo has prompts with answers", total, err)
	}
	rows := promptRowRE.FindAllStringSubmatch(body, -1)
	if len(rows) != len(want) {
		t.Fatalf("%d prompt rows, the store %d", len(rows), len(want))
	}
	first := want[0]
	if rows[0][1] != first.PromptID {
		t.Fatalf("the first row is prompt %s, the store's %s", rows[0][1], first.PromptID)
	}
	cell := first.Cells[0]
	vis := regexp.MustCompile(`data-testid="cell-visibility">([^<]*)<`).FindAllStringSubmatch(rows[0][2], -1)
	if len(vis) == 0 {
		t.Fatalf("the first row has no visibility:\n%s", rows[0][2])
	}
	// the cells follow the providers' order; find the store's first cell
	// by its runs link
	found := false
	for _, m := range regexp.MustCompile(`<a href="([^"]+)" data-testid="cell-runs"[^>]*>([^<]*)<`).FindAllStringSubmatch(rows[0][2], -1) {
		href := strings.ReplaceAll(m[1], "&amp;", "&")
		if !strings.Contains(href, "provider="+cell.ProviderID) {
			continue
		}
		found = true
		if !strings.Contains(href, "prompt="+first.PromptID) || atoiComma(t, m[2]) != cell.Runs {
			t.Errorf("runs link %s says %s; the store counts %d", href, m[2], cell.Runs)
		}
		resp, runs := c.get(href)
		wantStatus(t, resp, runs, http.StatusOK)
		if got := runsTotal(t, runs); got != cell.Runs {
			t.Errorf("%s lists %d answers, the cell counts %d", href, got, cell.Runs)
		}
		_, mentions := c.get(href + "&mentions=" + e.fix.BrandID)
		if got := runsTotal(t, mentions); got != cell.Mentions {
			t.Errorf("the answers naming the brand: %d listed, the cell counts %d", got, cell.Mentions)
		}
	}
	if !found {
		t.Fatalf("no runs link of provider %s in the first row:\n%s", cell.ProviderID, rows[0][2])
	}
	if !strings.Contains(rows[0][2], `data-testid="cell-visibility">`+one(cell.Visibility)+`<`) {
		t.Errorf("the first row lacks the visibility %s:\n%s", one(cell.Visibility), rows[0][2])
	}
	pos := "—"
	if cell.AvgPosition != nil {
		pos = strconv.FormatFloat(*cell.AvgPosition, 'f', 1, 64)
	}
	if !strings.Contains(rows[0][2], `data-testid="cell-position">`+pos+`<`) {
		t.Errorf("the first row lacks the position %s:\n%s", pos, rows[0][2])
	}
	if !strings.Contains(body, `data-testid="prompts-legend"`) {
		t.Error("the matrix has no legend")
	}
	// an empty window says what to do; a bad page number names itself
	_, body = c.get(brand + "/prompts?start=2020-01-01&end=2020-01-31")
	if !strings.Contains(body, `data-testid="prompts-empty"`) {
		t.Errorf("an empty window shows no empty state:\n%.400s", body)
	}
	if resp, body := c.get(brand + "/prompts?page=zero"); resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "page") {
		t.Errorf("?page=zero = %d", resp.StatusCode)
	}
}
