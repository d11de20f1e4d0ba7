package analyze

import "strings"

// otherNameOf reports whether the answer writes name in parentheses right
// after another name it reads, untracked (others) or tracked ("Adobe
// Commerce (Magento)", "Meta (Facebook)"): the brand's other or former
// name, which names no brand of its own. The text about it stays the
// brand's own. One ordinary word before the parentheses is a kind or a
// label that the brand fills ("Auto (Geico)"), not another name.
func otherNameOf(answer, name string, others []string, tracked []match) bool {
	paren := "(" + name + ")"
	for i := 0; ; {
		j := strings.Index(answer[i:], paren)
		if j < 0 {
			return false
		}
		at := i + j
		i = at + len(paren)
		before := strings.TrimRight(answer[:at], " ")
		before = strings.TrimRight(before, "*_")
		for _, o := range others {
			if o != name && (strings.Contains(o, " ") || !isDictWord(o)) && strings.HasSuffix(before, o) && boundaryBefore(before, len(before)-len(o), o) {
				return true
			}
		}
		for _, x := range tracked {
			if x.end == len(before) {
				return true
			}
		}
	}
}
