package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// Names through the real server (docs/api.md#names): a topic, brand,
// competitor or prompt holding a direction control or a zero-width
// character is 422 VALIDATION_FAILED naming the field, code invisible;
// an emoji sequence keeps its joiners; a decomposed name is stored in
// NFC. On both engines.
func TestNames_API(t *testing.T) {
	fw := newFuzzWorld(t)
	b := "/api/v2/brands/" + fw.brand.ID
	send := func(method, path, body string) (int, []byte) {
		t.Helper()
		req, err := http.NewRequest(method, fw.ts.URL+path, bytes.NewReader([]byte(body)))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("X-API-KEY", fw.key)
		req.Header.Set("Content-Type", "application/json")
		resp, err := fuzzClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, data
	}
	refused := []struct {
		method, path, body string
		field, char        string
	}{
		{"POST", b + "/topics", `{"topics":[{"name":"CRM"},{"name":"Best CRM\u202Emrc"}]}`, "topics[1].name", "U+202E"},
		{"POST", b + "/topics", `{"topics":[{"name":"Ac\u200Bme"}]}`, "topics[0].name", "U+200B"},
		{"POST", b + "/topics", `{"topics":[{"name":"Ac\u200Dme"}]}`, "topics[0].name", "U+200D"},
		{"POST", b + "/topics", `{"topics":[{"name":"\ufeffCRM"}]}`, "topics[0].name", "U+FEFF"},
		{"POST", "/api/v2/brands", `{"name":"Acme\u2066"}`, "name", "U+2066"},
		{"POST", "/api/v2/brands", `{"name":"Acme","aliases":["ok","AC\u200EME"]}`, "aliases[1]", "U+200E"},
		{"PATCH", b, `{"name":"Ac\u061Cme"}`, "name", "U+061C"},
		{"POST", b + "/competitors", `{"name":"Glo\u2060bex","domain":"globex.example"}`, "name", "U+2060"},
		{"POST", b + "/competitors", `{"name":"Initech","aliases":["Ini\u202Atech"]}`, "aliases[0]", "U+202A"},
		{"POST", b + "/prompts", `{"prompts":[{"text":"best crm \u202Efor teams"}]}`, "prompts[0].text", "U+202E"},
	}
	for _, r := range refused {
		status, data := send(r.method, r.path, r.body)
		var env struct {
			Error struct {
				Code    string
				Details []struct {
					Field         *string
					Code, Message string
				}
			}
		}
		json.Unmarshal(data, &env)
		ok := status == http.StatusUnprocessableEntity && env.Error.Code == "VALIDATION_FAILED" && len(env.Error.Details) == 1
		if ok {
			d := env.Error.Details[0]
			ok = d.Field != nil && *d.Field == r.field && d.Code == "invisible" && strings.Contains(d.Message, r.char)
		}
		if !ok {
			t.Errorf("%s %s %s = %d %s, want 422 VALIDATION_FAILED on %s, code invisible, naming %s", r.method, r.path, r.body, status, data, r.field, r.char)
		}
	}

	// accepted: emoji sequences keep their joiners, names are stored NFC
	family, flag := "Families 👨\u200D👩\u200D👧", "Scotland 🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
	body, _ := json.Marshal(map[string]any{"topics": []map[string]string{{"name": family}, {"name": flag}, {"name": " Cafe\u0301 "}}})
	if status, data := send("POST", b+"/topics", string(body)); status != http.StatusCreated {
		t.Fatalf("POST topics %s = %d %s", body, status, data)
	}
	status, data := send("GET", b+"/topics?page_size=100", "")
	var list struct{ Data []struct{ Name string } }
	if err := json.Unmarshal(data, &list); err != nil || status != http.StatusOK {
		t.Fatalf("GET topics = %d %s", status, data)
	}
	names := map[string]bool{}
	for _, tp := range list.Data {
		names[tp.Name] = true
	}
	for _, want := range []string{family, flag, "Café"} {
		if !names[want] {
			t.Errorf("topics %v, want %q among them", names, want)
		}
	}
	body, _ = json.Marshal(map[string]any{"name": "Socie\u0301te\u0301 👩🏽\u200D💻", "domain": "societe.example"})
	status, data = send("POST", b+"/competitors", string(body))
	var comp struct{ Data struct{ Name string } }
	if json.Unmarshal(data, &comp); status != http.StatusCreated || comp.Data.Name != "Soci\u00e9t\u00e9 👩🏽\u200D💻" {
		t.Errorf("POST competitors %s = %d %s", body, status, data)
	}
}
