package analyze

import (
	"regexp"
	"strings"
)

// Untracked brands named in prose (docs/ingest.md#brand-mentions) are read
// where the sentence itself says they are brands:
//
//   - in a list of names joined by commas, "and", "or" ("Salesforce, HubSpot and
//     Pipedrive", "Wix or Shopify") one of which is a brand already found (a
//     tracked brand, or a name from the answer's structure); two names joined by
//     a comma join clauses, not names, and a determiner makes the first a common
//     noun ("the POS and Square Online");
//   - after a corporate tie ("acquired by", "owned by", "part of", "a brand of"),
//     or before an integration word ("Gmail integration") when no ordinary word;
//   - after "such as", "like", "including" when the name is no ordinary word
//     ("apps such as Klaviyo", "teams migrating from Jira" is not enough);
//   - opening a sentence as the subject of a verb, or possessive, when it is no
//     ordinary word ("Wrike offers time tracking", "Shopify's own numbers").
//
// Names still have to look like names (isBrandish); ordinary capitalized words
// and labels do not become brands.
var (
	nameTok = `[A-Z][A-Za-z0-9.'’&+-]*`
	nameRun = nameTok + `(?: (?:` + nameTok + `|[0-9][A-Za-z0-9.+-]*|(?:of|&) ` + nameTok + `))*`
	nameSep = `(?:, and |, or |, | and | or | nor |/)`
	enumRE  = regexp.MustCompile(`(` + nameRun + `)((?:` + nameSep + nameRun + `)+)`)
	sepRE   = regexp.MustCompile(nameSep)
	introRE = regexp.MustCompile(`(?i)\b(?:such as|like|including|e\.g\.,?) $`)
	// corporate ties name a company: "acquired by Apple", "owned by Amer Sports",
	// "now part of ZoomInfo", "a brand of GN Group"
	tieRE = regexp.MustCompile(`(?i)\b(?:acquired by|owned by|part of|a brand of|a subsidiary of|a division of|backed by|spun off from) $`)
	// a determiner makes a capitalized word a common noun: "the POS and Square Online"
	detRE = regexp.MustCompile(`(?i)\b(?:the|a|an|your|its|their|our|this|that) $`)
	// integration words after a name: "Gmail integration", "a Gmail sidebar"
	integrationWords = set("integration integrations sidebar extension plugin plug-in add-on add-ons")
	runRE            = regexp.MustCompile(nameRun)
	markupRE         = strings.NewReplacer("**", "", "__", "", "`", "")
)

// proseCandidates reads untracked brands from the answer's sentences, given the
// tracked matches and the candidates from its structure.
func (m *Matcher) proseCandidates(answer string, tracked []match, structural []candidate) []candidate {
	known := map[string]bool{}
	for _, c := range structural {
		known[fold(c.name)] = true
	}
	isKnown := func(name string, sn span) bool {
		f := fold(name)
		if known[f] {
			return true
		}
		if _, ok := m.known[f]; ok {
			return true
		}
		// a run that holds a tracked match ("Squarespace Payments")
		if i := strings.Index(answer[sn.start:sn.end], name); i >= 0 {
			return overlaps(tracked, sn.start+i, sn.start+i+len(name))
		}
		return false
	}
	var out []candidate
	add := func(name string, sn span) {
		name = cleanName(name)
		if first, rest, ok := strings.Cut(name, " "); ok && leadVerbs[strings.ToLower(first)] {
			name = rest // "Shortlist Plannery and Kanbanzo": advice about a name
		}
		if name == "" || !isBrandish(name) || isKnown(name, sn) {
			return
		}
		start := sn.start
		if i := strings.Index(answer[sn.start:sn.end], name); i >= 0 {
			start += i
			if overlaps(tracked, start, start+len(name)) {
				return
			}
		}
		known[fold(name)] = true
		out = append(out, candidate{name: name, start: start, end: start + len(name)})
	}
	for _, sn := range sentenceSpans(answer) {
		text := markupRE.Replace(answer[sn.start:sn.end])
		for _, loc := range enumRE.FindAllStringSubmatchIndex(text, -1) {
			elems := []string{text[loc[2]:loc[3]]}
			rest := text[loc[4]:loc[5]]
			for _, part := range sepRE.Split(rest, -1) {
				if part != "" {
					elems = append(elems, part)
				}
			}
			if len(elems) == 2 && strings.HasPrefix(rest, ",") {
				// "…Jimmy Iovine, and Globex is based…": two clauses, not a list
				continue
			}
			intro := introRE.MatchString(text[:loc[0]])
			if detRE.MatchString(text[:loc[0]]) {
				elems = elems[1:]
			}
			anyKnown := false
			for _, e := range elems {
				anyKnown = anyKnown || isKnown(e, sn)
			}
			for _, e := range elems {
				if anyKnown || intro && distinctive(e) {
					add(e, sn)
				}
			}
		}
		for _, loc := range runRE.FindAllStringIndex(text, -1) {
			name, before := text[loc[0]:loc[1]], text[:loc[0]]
			next := strings.Fields(text[loc[1]:] + " ")
			switch {
			case introRE.MatchString(before) && distinctive(name),
				tieRE.MatchString(before),
				len(next) > 0 && integrationWords[strings.Trim(next[0], ".,;:")] && distinctive(name) && loc[0] > 0:
				add(name, sn)
			}
		}
		// a sentence opened by a name that is no ordinary word, as a verb's subject
		if loc := runRE.FindStringIndex(text); loc != nil && loc[0] == 0 {
			name := strings.TrimSuffix(strings.TrimSuffix(text[:loc[1]], "'s"), "’s")
			if !strings.Contains(name, " ") && distinctive(name) {
				x := match{start: sn.start, end: sn.start + len(name)}
				if strings.HasPrefix(answer[sn.start:], name) && verbFollows(answer, x) {
					add(name, sn)
				}
			}
		}
	}
	return out
}

// distinctive reports whether a name has a word that is no ordinary English
// word in lowercase ("Klaviyo", "Jira", "PayPal"; not "Screen Time").
func distinctive(name string) bool {
	for _, w := range strings.Fields(name) {
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		lw := strings.ToLower(w)
		if len(lw) > 1 && !isDictWord(lw) && !stopWords[lw] && !isNumeric(lw) && strings.ToUpper(w) != w {
			return true
		}
	}
	return false
}
