package sightline

import (
	"strings"
	"testing"
)

// CleanName trims and composes (NFC) a name and refuses the characters
// that hide or turn text; emoji sequences keep their joiners and tags.
// CleanText keeps the joiners of prose too.
func TestCleanName(t *testing.T) {
	tests := []struct {
		name, in  string
		want      string // the cleaned name
		refuse    string // substring of the refusal, "" for none
		proseOK   bool   // CleanText accepts it
		proseWant string // CleanText's cleaned text when it differs
	}{
		{"plain", "  Acme CRM ", "Acme CRM", "", true, ""},
		{"NFC composes", "Cafe\u0301", "Café", "", true, ""},
		{"NFC of a precomposed name", "Café", "Café", "", true, ""},
		{"Hangul jamo compose", "\u1112\u1161\u11AB", "\uD55C", "", true, ""},
		{"right-to-left override", "Acme\u202Eemca", "Acme\u202Eemca", "U+202E (RIGHT-TO-LEFT OVERRIDE) at character 5", false, ""},
		{"left-to-right embedding", "\u202AAcme", "\u202AAcme", "U+202A (LEFT-TO-RIGHT EMBEDDING) at character 1", false, ""},
		{"pop directional formatting", "Acme\u202C", "Acme\u202C", "U+202C", false, ""},
		{"isolates", "Ac\u2066me\u2069", "Ac\u2066me\u2069", "U+2066 (LEFT-TO-RIGHT ISOLATE)", false, ""},
		{"first strong isolate", "\u2068Acme", "\u2068Acme", "U+2068", false, ""},
		{"left-to-right mark", "Acme\u200E", "Acme\u200E", "U+200E (LEFT-TO-RIGHT MARK)", false, ""},
		{"right-to-left mark", "Acme\u200Fx", "Acme\u200Fx", "U+200F (RIGHT-TO-LEFT MARK)", false, ""},
		{"arabic letter mark", "\u0627\u061C\u0628", "\u0627\u061C\u0628", "U+061C (ARABIC LETTER MARK)", false, ""},
		{"zero width space", "Ac\u200Bme", "Ac\u200Bme", "U+200B (ZERO WIDTH SPACE) at character 3", false, ""},
		{"word joiner", "Ac\u2060me", "Ac\u2060me", "U+2060 (WORD JOINER)", false, ""},
		{"byte order mark inside", "Ac\uFEFFme", "Ac\uFEFFme", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)", false, ""},
		{"soft hyphen", "Ac\u00ADme", "Ac\u00ADme", "U+00AD (SOFT HYPHEN)", false, ""},
		{"other format character", "Acme\u2061", "Acme\u2061", "U+2061 (an invisible format character)", false, ""},
		{"zero width joiner between letters", "Ac\u200Dme", "Ac\u200Dme", "U+200D (ZERO WIDTH JOINER) at character 3", true, ""},
		{"zero width non-joiner", "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", "U+200C (ZERO WIDTH NON-JOINER)", true, ""},
		{"joiner after an emoji, before a letter", "👨\u200Dx", "👨\u200Dx", "U+200D", true, ""},
		{"joiner at the end", "Acme 👨\u200D", "Acme 👨\u200D", "U+200D", true, ""},
		{"family emoji", "Team 👨\u200D👩\u200D👧", "Team 👨\u200D👩\u200D👧", "", true, ""},
		{"skin tone and joiner", "👩🏽\u200D💻 devs", "👩🏽\u200D💻 devs", "", true, ""},
		{"rainbow flag", "🏳\uFE0F\u200D🌈", "🏳\uFE0F\u200D🌈", "", true, ""},
		{"heart on fire", "❤\uFE0F\u200D🔥", "❤\uFE0F\u200D🔥", "", true, ""},
		{"flag of Scotland", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", "", true, ""},
		{"tags without a flag", "Acme\U000E0041", "Acme\U000E0041", "U+E0041", false, ""},
		{"bidi control in emoji", "👨\u202E👩", "👨\u202E👩", "U+202E", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, why := CleanName(tt.in)
			if got != tt.want {
				t.Errorf("CleanName(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if tt.refuse == "" && why != "" || tt.refuse != "" && !strings.Contains(why, tt.refuse) {
				t.Errorf("CleanName(%q) refusal %q, want %q", tt.in, why, tt.refuse)
			}
			if why != "" && !strings.Contains(why, "docs/api.md#names") {
				t.Errorf("CleanName(%q) refusal %q cites no rule", tt.in, why)
			}
			text, why := CleanText(tt.in)
			if (why == "") != tt.proseOK {
				t.Errorf("CleanText(%q) refusal %q, want accepted %v", tt.in, why, tt.proseOK)
			}
			if text != tt.want {
				t.Errorf("CleanText(%q) = %q, want %q", tt.in, text, tt.want)
			}
		})
	}
}

// Every body that carries a name cleans it in place and refuses an
// invisible character with VALIDATION_FAILED naming the field.
func TestNamesValidate(t *testing.T) {
	bad := "Acme\u202Eemca"
	decomposed, composed := "Cafe\u0301 ", "Café"
	str := func(s string) *string { return &s }
	fields := func(err error) []string {
		var out []string
		if e, ok := err.(*Error); ok && e.Code == EVALIDATION {
			for _, d := range e.Details {
				if d.Code == "invisible" && d.Field != nil {
					out = append(out, *d.Field)
				}
			}
		}
		return out
	}
	org := "00000000-0000-4000-8000-000000000001"
	tests := []struct {
		name  string
		check func() (error, []string) // the error, and the cleaned values
		want  []string
	}{
		{"brand create", func() (error, []string) {
			c := BrandCreate{OrgID: org, Name: bad, Aliases: []string{"ok", bad}, Competitors: []CompetitorCreate{{Name: decomposed}, {Name: bad, Aliases: []string{bad}}}}
			return c.Validate(), []string{c.Competitors[0].Name}
		}, []string{"name", "aliases[1]", "competitors[1].name", "competitors[1].aliases[0]"}},
		{"brand input", func() (error, []string) {
			in := BrandInput{Name: str(bad), Aliases: &[]string{decomposed, bad}}
			return in.Validate(true), []string{(*in.Aliases)[0]}
		}, []string{"name", "aliases[1]"}},
		{"competitor input", func() (error, []string) {
			in := CompetitorInput{Name: str(bad), Aliases: []string{bad}}
			_, err := in.Validate()
			return err, nil
		}, []string{"name", "aliases[0]"}},
		{"topics", func() (error, []string) {
			c := TopicCreate{}
			for _, n := range []string{decomposed, bad} {
				c.Topics = append(c.Topics, struct {
					Name *string `json:"name"`
				}{str(n)})
			}
			refs, err := c.Validate()
			var names []string
			for _, r := range refs {
				names = append(names, r.Name)
			}
			return err, names
		}, []string{"topics[1].name"}},
		{"prompts", func() (error, []string) {
			c := PromptsCreate{Prompts: []PromptCreate{{Text: decomposed}, {Text: "best\u200Bcrm"}}}
			return c.Validate(), []string{c.Prompts[0].Text}
		}, []string{"prompts[1].text"}},
		{"prompt update", func() (error, []string) {
			u := PromptUpdate{Text: str("best \u202Ecrm")}
			return u.Validate(), nil
		}, []string{"text"}},
		{"webhook description", func() (error, []string) {
			in := WebhookInput{Description: str("alerts\uFEFF")}
			return in.Validate(false, true), nil
		}, []string{"description"}},
		{"user", func() (error, []string) {
			c := DashboardUserCreate{OrgID: org, Email: "a@acme.com", PasswordHash: "x", Name: bad}
			return c.Validate(), nil
		}, []string{"name"}},
		{"organization", func() (error, []string) {
			c := OrganizationCreate{Name: bad}
			return c.Validate(), nil
		}, []string{"name"}},
		{"API key", func() (error, []string) {
			c := APIKeyCreate{OrgID: org, UserEmail: "a@acme.com", Name: bad}
			return c.Validate(), nil
		}, []string{"name"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err, cleaned := tt.check()
			if got := fields(err); strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("refused fields %v (%v), want %v", got, err, tt.want)
			}
			for _, c := range cleaned {
				if c != composed {
					t.Errorf("cleaned %q, want %q", c, composed)
				}
			}
		})
	}
}
