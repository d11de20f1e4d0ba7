package sqlstore

// bind turns the named parameters (:name) of a statement file into ?
// placeholders with their values in order, so a file never counts
// placeholders: the agents' statements (sqlfile.go) are written this way.

import (
	"regexp"
	"strings"

	"github.com/sightline/sightline/internal/analyticsql"
)

// bind replaces each :name of text by the value named, as placeholders:
//
//   - a *sqlb is a fragment written in Go (the scope's conditions, an
//     ORDER BY from a whitelist), inserted with its arguments;
//   - a []string or []any is an "IN (…)" list, one placeholder a value,
//     NULL when empty (no value matches it);
//   - anything else is one placeholder.
//
// Comments (-- to the end of the line) are left out: they are for the
// reader of the file, and an apostrophe in one would pair with a quote
// of the statement where placeholders are renumbered (Dialect.Rebind).
// Quoted strings are copied as they are; "::" is not a parameter. A name without a value panics: the
// statement and its caller disagree, which every test of it shows.
func bind(text string, values map[string]any) *sqlb {
	var s sqlb
	var lit strings.Builder
	flush := func() {
		s.Add(lit.String())
		lit.Reset()
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '-' && i+1 < len(text) && text[i+1] == '-':
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			i += end - 1
		case c == '\'':
			end := strings.IndexByte(text[i+1:], '\'')
			if end < 0 {
				panic("bind: unterminated string")
			}
			lit.WriteString(text[i : i+end+2])
			i += end + 1
		case c == ':' && i+1 < len(text) && text[i+1] == ':':
			lit.WriteString("::")
			i++
		case c == ':' && i+1 < len(text) && isNameByte(text[i+1]):
			j := i + 1
			for j < len(text) && isNameByte(text[j]) {
				j++
			}
			name := text[i+1 : j]
			v, ok := values[name]
			if !ok {
				panic("bind: no value for :" + name)
			}
			flush()
			switch v := v.(type) {
			case *sqlb:
				s.AddSQL(v)
			case []string:
				writeList(&s, anys(v))
			case []any:
				writeList(&s, v)
			default:
				s.Add("?", v)
			}
			i = j - 1
		default:
			lit.WriteByte(c)
		}
	}
	flush()
	var out sqlb
	out.Add(strings.TrimSpace(blankLines.ReplaceAllString(s.String(), "\n")), s.Args...)
	return &out
}

// blankLines are the lines the comments left empty.
var blankLines = regexp.MustCompile(`\n\s*\n`)

// writeList writes the placeholders of an "IN (…)" list.
func writeList(s *sqlb, vs []any) {
	if len(vs) == 0 {
		s.Add("NULL")
		return
	}
	s.Add(analyticsql.Placeholders(len(vs)), vs)
}

func isNameByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9'
}
