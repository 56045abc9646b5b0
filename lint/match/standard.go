package match

import (
	"strings"

	"github.com/robotslint/robotslint/syntax"
)

// This file holds the readings of the profiles other than google: RFC 9309
// and the crawlers that follow it (bing, yandex), and the 1994 standard
// with Koster's 1997 draft (legacy). Unlike Google's parser they take
// directive names exactly as written (in any case) and need the colon, so
// they read the syntax tree as it is.

// A grouping is what ends a group besides a user-agent line after a rule.
type grouping uint8

const (
	// groupsAtUserAgents: nothing else (RFC 9309).
	groupsAtUserAgents grouping = iota
	// groupsAtBlankLines: a blank line too (Yandex).
	groupsAtBlankLines
	// records: the 1994 standard's records. A blank line ends the record,
	// so does any line but a Sitemap after its user-agent lines (the 1997
	// draft's "extension" lines, Crawl-delay among them, are rule lines of
	// the record too), and user-agent lines that no such line follows are
	// no record.
	records
)

// readExact groups lines for the profiles that take directive names
// exactly as written: a group starts at a user-agent line that follows a
// rule, rules outside any group are dropped, and what else ends a group is
// ends's to say.
func readExact(l *Layout, ends grouping) {
	// At most one rule a line.
	b := newLayoutReader(l, l.lines.n)
	b.records = ends == records
	for i := range l.lines.n {
		f, k, shift := l.lines.line(i)
		line := &f.Lines[k]
		if line.Kind == syntax.LineBlank && ends != groupsAtUserAgents {
			b.close()
			continue
		}
		// StandardLine's value is the tree's, which the layout keeps as a
		// span.
		switch d, _ := StandardLine(f, k); d {
		case syntax.DirectiveUserAgent:
			b.agent(i, f.Text(line.Value()), lowerToken)
		case syntax.DirectiveAllow, syntax.DirectiveDisallow:
			b.rule(i, d == syntax.DirectiveAllow, shifted(line.Value(), shift))
		case syntax.DirectiveNone, syntax.DirectiveSitemap:
			// A Sitemap line stands outside records: "it doesn't matter
			// where you place it" (sitemaps.org), which Python's
			// urllib.robotparser follows too.
		default:
			if ends == records {
				b.extension()
			}
		}
	}
	b.finish()
}

// lowerToken is the token the exact readers take from a user-agent value:
// all of it, lower-cased.
func lowerToken(value []byte) string { return syntax.LowerASCII(string(value)) }

// readRFC9309 reads a file as RFC 9309 does: blank lines and other records
// never end a group (§2.1, §2.2.4). "The most specific match is the match
// that has the most octets": the pattern's, once normalised (see
// rfcNormalize). An empty pattern is no rule.
func readRFC9309(l *Layout) { readExact(l, groupsAtUserAgents) }

// yandexRule reads a rule as Yandex does: as RFC 9309 does, except that a
// rule that starts with neither '/' nor '*', which Yandex rejects, is
// dropped; the line still ends its group's run of user-agent lines.
func yandexRule(r *RuleLine, value []byte, _ int) {
	if len(value) > 0 && value[0] != '/' && value[0] != '*' {
		r.Dropped, r.Priority = true, 0
	}
}

// readLegacy reads a file as the 1994 standard and the 1997 draft do:
// blank lines separate records (comment lines do not), and a record is
// one or more user-agent lines followed by at least one rule line. The
// 1994 text says "at least one Disallow field needs to be present in a
// record", the draft's grammar "1*ruleline", where a rule line is an
// Allow, a Disallow or an extension such as Crawl-delay. User-agent lines
// alone before a blank line or the end of the file are therefore no
// record: the crawlers they name obey the * record, as Python's
// urllib.robotparser, which drops them, has them do.
func readLegacy(l *Layout) { readExact(l, records) }

// legacyRule reads a rule as the 1997 draft does: rules keep file order,
// each with a higher priority than every rule after it. An empty value
// "indicates that all URLs can be retrieved": it matches nothing.
func legacyRule(r *RuleLine, _ []byte, lines int) {
	if r.Priority > 0 {
		r.Priority = int32(lines) - r.Line
	}
}

// selectContained picks groups as Yandex documents: a group applies to a
// robot whose name contains the group's user-agent value, ignoring case;
// the groups with the longest such value apply, merged; failing any, the *
// groups. So "User-agent: Yandex" covers YandexBot and YandexImages, and
// "User-agent: YandexBot" takes YandexBot out of it.
func selectContained(l *Layout, agent string) []int {
	key := syntax.LowerASCII(agent)
	var specific, global []int
	longest := 0
	for g := range l.Groups {
		best := -1 // the length of the longest value of g in key
		for _, al := range l.GroupAgents(g) {
			a := l.Tokens[al.Token]
			if a == "*" {
				if len(global) == 0 || global[len(global)-1] != g {
					global = append(global, g)
				}
			} else if a != "" && len(a) > best && strings.Contains(key, a) {
				best = len(a)
			}
		}
		switch {
		case best > longest:
			longest, specific = best, append(specific[:0], g)
		case best == longest && best > 0:
			specific = append(specific, g)
		}
	}
	if len(specific) > 0 {
		return specific
	}
	return global
}

// selectFirstContaining picks the record the 1997 draft says a robot must
// obey: the first whose user-agent value contains the robot's name,
// ignoring case, else the first record for *, else none.
func selectFirstContaining(l *Layout, agent string) []int {
	key := syntax.LowerASCII(agent)
	if key != "*" {
		for g := range l.Groups {
			for _, al := range l.GroupAgents(g) {
				if a := l.Tokens[al.Token]; a != "*" && strings.Contains(a, key) {
					return []int{g}
				}
			}
		}
	}
	for g := range l.Groups {
		for _, al := range l.GroupAgents(g) {
			if l.Tokens[al.Token] == "*" {
				return []int{g}
			}
		}
	}
	return nil
}

// rfcPath is the path that RFC 9309 matches rules against: the URL's path
// and query, normalised as rfcNormalize says.
func rfcPath(url string) string { return rfcNormalize(googlePath(url), true) }

// rfcNormalize brings a pattern or a path to the one form RFC 9309 §2.2.2
// compares: an escape of an unreserved character ("%7E", "%62") is decoded,
// other escapes keep their octet with upper-case hex digits, and octets
// outside printable ASCII are percent-encoded. In a path, '*' and '$' are
// encoded too ("crawlers SHOULD use '%' encoding" to match them verbatim),
// so that only a pattern's escaped "%2A" or "%24" matches them.
//
// Raw reserved characters (":", "/", "?", "=") stay as they are: encoding
// them would make "/a/b" and "/a%2Fb" the same path. So a pattern written
// "/q?u=https://x" does not match a URL that escapes its query
// ("/q?u=https%3A%2F%2Fx"), although §2.2.2's table of examples suggests
// it should.
func rfcNormalize(s string, isPath bool) string {
	i := 0
	for i < len(s) && !needsRFCNormalizing(s[i], isPath) {
		i++
	}
	if i == len(s) {
		return s
	}
	return string(appendRFC(append(make([]byte, 0, len(s)+8), s[:i]...), s[i:], isPath))
}

// appendRFCPattern appends to dst the pattern RFC 9309 makes of a rule's
// value (see rfcNormalize).
func appendRFCPattern(dst, value []byte) []byte { return appendRFC(dst, value, false) }

// appendRFC appends s to dst as rfcNormalize normalises it.
func appendRFC[S ~string | ~[]byte](b []byte, s S, isPath bool) []byte {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			if d := unhex(s[i+1])<<4 | unhex(s[i+2]); isUnreserved(d) {
				b = append(b, d)
			} else {
				b = append(b, '%', upper(s[i+1]), upper(s[i+2]))
			}
			i += 2
		case c <= ' ' || c >= 0x7F || isPath && (c == '*' || c == '$'):
			b = append(b, '%', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return b
}

func needsRFCNormalizing(c byte, isPath bool) bool {
	return c == '%' || c <= ' ' || c >= 0x7F || isPath && (c == '*' || c == '$')
}

// isUnreserved reports whether c is an unreserved character of RFC 3986.
func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// legacyPath is the path that the 1997 draft matches rules against: the
// URL's path and query, normalised as legacyNormalize says.
func legacyPath(url string) string { return legacyNormalize(googlePath(url)) }

// legacyNormalize decodes every %xx escape except that of '/', as the 1997
// draft says to do on both sides before comparing: "/%7ejoe" is "/~joe",
// "/a%2fb" stays apart from "/a/b" (as "/a%2Fb").
func legacyNormalize(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	return string(appendLegacy(make([]byte, 0, len(s)), s))
}

// appendLegacy appends s to dst as legacyNormalize normalises it.
func appendLegacy[S ~string | ~[]byte](b []byte, s S) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			if d := unhex(s[i+1])<<4 | unhex(s[i+2]); d != '/' {
				b = append(b, d)
			} else {
				b = append(b, "%2F"...)
			}
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return b
}
