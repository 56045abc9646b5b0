package page

import (
	"strings"

	"github.com/robotslint/robotslint/syntax"
)

// ParseHeader reads one X-Robots-Tag header value (the part after
// "X-Robots-Tag:") into one Directive per crawler prefix, in order. Spans
// are offsets into value. It accepts any bytes and never fails; an empty
// value gives no directives.
//
// The value is a comma list of rules. An item "crawler: rule" starts a
// part for that crawler, which covers the rules after it up to the next
// prefix ("BadBot: noindex, nofollow, googlebot: nofollow" gives BadBot two
// rules and googlebot one); rules before any prefix address every crawler
// (Agent "robots"). Rules with values look the same ("max-snippet: 20"), so
// an item is a prefix only when the word before its colon could not be a
// rule: not a known rule name (see ruleNames), not starting with "max-",
// not holding "unavailable", and not followed by a digit. A misspelled
// valued rule such as "max-snipet: 20" therefore stays a rule.
func ParseHeader(value []byte) []Directive {
	return parseHeader(value, 0, len(value))
}

// parseHeader reads value[start:end] as ParseHeader does, with spans in
// value's offsets, so that a META http-equiv content can be read in place.
func parseHeader(src []byte, start, end int) []Directive {
	var dirs []Directive
	cur := -1
	for _, it := range splitItems(src, start, end) {
		s, e := trimSpan(src, it.Start, it.End)
		if s == e {
			continue
		}
		rs := s
		colon := s + indexByte(src[s:e], ':')
		if colon < e {
			ws, we := trimSpan(src, s, colon)
			if isPrefix(src[ws:we], trimSpace(src[colon+1:e])) {
				dirs = append(dirs, Directive{
					Span:        syntax.Span{Start: ws, End: colon + 1},
					Agent:       strings.ToLower(string(src[ws:we])),
					AgentSpan:   syntax.Span{Start: ws, End: we},
					ContentSpan: syntax.Span{Start: colon + 1, End: colon + 1},
					HasContent:  true,
					Header:      true,
				})
				cur = len(dirs) - 1
				rs = colon + 1
			}
		}
		if cur < 0 {
			dirs = append(dirs, Directive{
				Span:        syntax.Span{Start: s, End: s},
				Agent:       "robots",
				AgentSpan:   syntax.Span{Start: s, End: s},
				ContentSpan: syntax.Span{Start: s, End: s},
				HasContent:  true,
				Header:      true,
			})
			cur = len(dirs) - 1
		}
		d := &dirs[cur]
		if r, ok := parseRule(src, rs, e, false); ok {
			if len(d.Rules) == 0 {
				d.ContentSpan.Start = r.Span.Start
			}
			d.Rules = append(d.Rules, r)
			d.ContentSpan.End = r.Span.End
			d.Span.End = r.Span.End
		}
	}
	return dirs
}

// ruleNames are the robots rules of Google, Bing and Yandex (see
// ../shared/docs/page-directives.md), used only to tell a crawler prefix
// from a rule; what each means is the knowledge base's business.
var ruleNames = map[string]bool{
	"all": true, "none": true, "index": true, "noindex": true, "follow": true, "nofollow": true,
	"archive": true, "noarchive": true, "nocache": true, "snippet": true, "nosnippet": true,
	"noodp": true, "noydir": true, "noyaca": true, "notranslate": true, "noimageindex": true,
	"indexifembedded": true, "max-snippet": true, "max-image-preview": true,
	"max-video-preview": true, "unavailable_after": true, "noai": true, "noimageai": true,
}

// isPrefix reports whether word, followed by a colon and rest, names a
// crawler rather than a rule with a value.
func isPrefix(word, rest []byte) bool {
	if len(word) == 0 || (len(rest) > 0 && rest[0] >= '0' && rest[0] <= '9') {
		return false
	}
	for _, c := range word {
		if isSpace(c) || c == ',' {
			return false
		}
	}
	w := strings.ToLower(string(word))
	return !ruleNames[w] && !strings.HasPrefix(w, "max-") && !strings.Contains(w, "unavailable")
}
