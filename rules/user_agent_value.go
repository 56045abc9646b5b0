package rules

import (
	"sync"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// This file holds how the user-agent and group rules read a User-agent
// value: what kind of value it is, the token it names, and the crawler
// of the knowledge base it names.

// isTokenByte reports whether c may appear in an RFC 9309 product token:
// a letter, '-' or '_'.
func isTokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}

// tokenPrefix returns the length of the leading run of token bytes of
// b: the part of a User-agent value Google reads.
func tokenPrefix(b []byte) int {
	n := 0
	for n < len(b) && isTokenByte(b[n]) {
		n++
	}
	return n
}

// agentValueKind says what a User-agent value is, for the rules that check
// values; each kind is one rule's to report, so that a line gets one
// finding about its value.
type agentValueKind uint8

const (
	// agentValid: "*" or a product token.
	agentValid agentValueKind = iota
	// agentEmpty: no value.
	agentEmpty
	// agentWildcard: a token with '*' in it ("Googlebot*", "*bot"), which
	// wildcard-portability reports.
	agentWildcard
	// agentWords: two or more words of token bytes ("Lycos MomSpider"),
	// which multiple-agents reports, unless the crawler list knows the
	// whole value as one crawler's name.
	agentWords
	// agentInvalid: anything else that is not a product token: digits,
	// dots, a version, a browser string. invalid-user-agent reports it.
	agentInvalid
)

// classifyAgent classifies a User-agent value.
func classifyAgent(value []byte) agentValueKind {
	if len(value) == 0 {
		return agentEmpty
	}
	if len(value) == 1 && value[0] == '*' {
		return agentValid
	}
	stars, other, space := 0, 0, 0
	for _, c := range value {
		switch {
		case isTokenByte(c):
		case c == '*':
			stars++
		case c == ' ' || c == '\t':
			space++
		default:
			other++
		}
	}
	switch {
	case stars == 0 && other == 0 && space == 0:
		return agentValid
	case stars > 0 && other == 0 && space == 0:
		return agentWildcard
	case stars == 0 && other == 0 && lookupCrawler(value) == nil:
		return agentWords
	}
	return agentInvalid
}

// eachUserAgent calls fn for each User-agent line of f, with its value.
func eachUserAgent(f *syntax.File, fn func(i int, l *syntax.Line, value []byte)) {
	// Every User-agent line is in a group: the groups start at the first.
	for g := range f.Groups {
		for _, i := range f.Groups[g].UserAgents {
			l := &f.Lines[i]
			fn(i, l, f.Text(l.Value()))
		}
	}
}

// agentKey returns the key a User-agent value is compared by, as Google
// and RFC 9309 compare it: the value ignoring ASCII case.
func agentKey(value []byte) string { return syntax.LowerASCII(string(value)) }

// groupAgents returns the lower-cased values of the user-agent lines.
func groupAgents(f *syntax.File, lines []int) []string {
	agents := make([]string, 0, len(lines))
	for _, i := range lines {
		agents = append(agents, agentKey(f.Text(f.Lines[i].Value())))
	}
	return agents
}

// directiveSpan returns the span of a directive line from its key to the
// end of its value: the line without indentation, comment and terminator.
func directiveSpan(l *syntax.Line) syntax.Span {
	if l.Kind != syntax.LineDirective {
		return l.Text()
	}
	return syntax.Span{Start: l.Key().Start, End: max(l.Value().End, l.Sep().End)}
}

// distinct returns list without repeats, keeping the first of each.
func distinct(list []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// genericTokens are tokens of the crawler list that are also ordinary words
// ("Spider", "Code"): a value that contains one is not thereby about that
// crawler (docs/robots-semantics.md §8 lists them as too generic).
var genericTokens = map[string]bool{"code": true, "spider": true, "operator": true, "openai": true, "cursor": true, "trae": true}

// knownCrawler returns the crawler whose token is token, ignoring case, unless
// the token is also an ordinary word; else nil.
func knownCrawler(token []byte) *kb.Crawler {
	var arr [64]byte
	lower := appendLower(arr[:0], token)
	if genericTokens[string(lower)] {
		return nil
	}
	return crawlerIndex()[string(lower)]
}

// lookupCrawler is kb.LookupCrawler for a value in the file, without copying
// it.
func lookupCrawler(token []byte) *kb.Crawler {
	var arr [64]byte
	return crawlerIndex()[string(appendLower(arr[:0], token))]
}

// crawlerIndex indexes the known crawlers by lower-cased token.
var crawlerIndex = sync.OnceValue(func() map[string]*kb.Crawler {
	list := kb.Crawlers()
	m := make(map[string]*kb.Crawler, len(list))
	for k := range list {
		m[syntax.LowerASCII(list[k].Token)] = &list[k]
	}
	return m
})

// appendLower appends b to dst with ASCII letters lower-cased, as
// syntax.LowerASCII does, so that a map keyed by lower-cased values can be
// looked up without a new string.
func appendLower(dst, b []byte) []byte {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// appendGoogleToken appends to dst the token Google reads in a User-agent
// value, as match.GoogleAgent returns it ("*", or the leading letters,
// '-' and '_' lower-cased), without making a string of it.
func appendGoogleToken(dst, value []byte) []byte { return appendLower(dst, match.GoogleToken(value)) }
