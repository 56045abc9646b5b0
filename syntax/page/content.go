package page

import (
	"bytes"
	"html"
	"strings"

	"github.com/robotslint/robotslint/syntax"
)

// splitRules reads the comma-separated rules in src[start:end]: a META
// content value, or the rules of one header part. Empty items are left out.
// When decode is set (HTML attribute values), character references in names
// and values are decoded; spans stay on the raw bytes.
//
// An unavailable_after date may contain commas (RFC 822 "Wed, 03 Dec 2025
// 10:00:00 GMT", RFC 850 "Wednesday, 03-Dec-25 …", "December 3, 2025"), so
// a comma does not end an item that holds "unavailable" when the text after
// it starts like the rest of a date: a digit, or an English month or day
// name. Anything else, including a misspelled rule name, starts a new item,
// so a typo after a date is reported as itself rather than hidden in the
// date.
func splitRules(src []byte, start, end int, decode bool) []Rule {
	var rules []Rule
	for _, it := range splitItems(src, start, end) {
		if r, ok := parseRule(src, it.Start, it.End, decode); ok {
			rules = append(rules, r)
		}
	}
	return rules
}

// splitItems cuts src[start:end] at the commas that end an item (see
// splitRules), returning each item's untrimmed span.
func splitItems(src []byte, start, end int) []syntax.Span {
	var items []syntax.Span
	s := start
	for s <= end {
		i := s + indexByte(src[s:end], ',')
		// Whether the item names a date is settled by its first piece;
		// asking again as it grows would rescan it at every comma.
		date := i < end && itemHoldsDate(src[s:i])
		for date && i < end && continuesDate(src[i+1:end]) {
			i = i + 1 + indexByte(src[i+1:end], ',')
		}
		items = append(items, syntax.Span{Start: s, End: i})
		s = i + 1
	}
	return items
}

// indexByte is bytes.IndexByte returning len(b) instead of -1.
func indexByte(b []byte, c byte) int {
	if i := bytes.IndexByte(b, c); i >= 0 {
		return i
	}
	return len(b)
}

// itemHoldsDate reports whether an item names unavailable_after, however
// misspelled its separator ("unavailable-after", "Unavailable_After").
func itemHoldsDate(item []byte) bool {
	return containsFold(item, "unavailable")
}

// dateWords are the words that may follow a comma inside a date.
var dateWords = []string{
	"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
	"mon", "tue", "wed", "thu", "fri", "sat", "sun",
}

// continuesDate reports whether the text after a comma reads as the rest
// of a date rather than a new rule.
func continuesDate(rest []byte) bool {
	rest = trimSpace(rest)
	if len(rest) == 0 {
		return false
	}
	if c := rest[0]; c >= '0' && c <= '9' {
		return true
	}
	n := 0
	for n < len(rest) && isLetter(rest[n]) {
		n++
	}
	if n < 3 {
		return false
	}
	word := strings.ToLower(string(rest[:n]))
	for _, w := range dateWords {
		// "december", "sept", "wednesday": a name or its start.
		if strings.HasPrefix(word, w) {
			return true
		}
	}
	return false
}

// parseRule reads one item: a name, or a name, a colon and a value. It
// returns false for an item of nothing but spaces.
func parseRule(src []byte, start, end int, decode bool) (Rule, bool) {
	start, end = trimSpan(src, start, end)
	if start == end {
		return Rule{}, false
	}
	r := Rule{Span: syntax.Span{Start: start, End: end}}
	colon := start + indexByte(src[start:end], ':')
	ns, ne := trimSpan(src, start, colon)
	r.NameSpan = syntax.Span{Start: ns, End: ne}
	r.Name = strings.ToLower(text(src[ns:ne], decode))
	r.ValueSpan = syntax.Span{Start: ne, End: ne}
	if colon < end {
		r.HasValue = true
		vs, ve := trimSpan(src, colon+1, end)
		r.ValueSpan = syntax.Span{Start: vs, End: ve}
		r.Value = text(src[vs:ve], decode)
	}
	return r, true
}

// text returns b as a string, with character references decoded if asked.
func text(b []byte, decode bool) string {
	if decode && bytes.IndexByte(b, '&') >= 0 {
		return html.UnescapeString(string(b))
	}
	return string(b)
}

// isSpace reports the ASCII whitespace of HTML and HTTP (space, tab, LF,
// FF, CR).
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func isLetter(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z'
}

func trimSpace(b []byte) []byte {
	s, e := trimSpan(b, 0, len(b))
	return b[s:e]
}

// trimSpan narrows [start, end) of src past leading and trailing spaces.
func trimSpan(src []byte, start, end int) (int, int) {
	for start < end && isSpace(src[start]) {
		start++
	}
	for end > start && isSpace(src[end-1]) {
		end--
	}
	return start, end
}

// containsFold reports whether b contains the lower-case ASCII word w,
// ignoring the case of b, without allocating.
func containsFold(b []byte, w string) bool {
	for i := 0; i+len(w) <= len(b); i++ {
		if hasPrefixFold(b[i:], w) {
			return true
		}
	}
	return false
}

// hasPrefixFold reports whether b starts with the lower-case ASCII word w,
// ignoring the case of b.
func hasPrefixFold(b []byte, w string) bool {
	if len(b) < len(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := b[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}
