package match

import (
	"slices"
	"strings"

	"github.com/robotslint/robotslint/syntax"
)

// readGoogle groups lines as Google's parser does. A group starts at a
// user-agent line that follows a rule, so blank lines, comments and other
// lines never end one; rules before the first user-agent line belong to no
// group. Keys are Google's: misspellings and prefixes count (see
// GoogleDirective), so the groups can differ from syntax.File.Groups.
func readGoogle(r *Robots) {
	f := r.read
	g := newGroupReader(r)
	for i := range f.Lines {
		d, _, value, _ := GoogleLine(f, i)
		switch d {
		case syntax.DirectiveUserAgent:
			g.agent(i, GoogleAgent(value))
		case syntax.DirectiveAllow, syntax.DirectiveDisallow:
			g.rule(i, d == syntax.DirectiveAllow, string(value))
		}
	}
	g.finish()
}

// googleRule reads a rule as Google does: its pattern escaped (see
// EscapePattern), with the pattern's length as its priority. Google also
// reads "Allow: /a/index.html" (or .htm, or anything from "/index.htm"
// after the last slash) as "Allow: /a/$", with the priority of that
// shorter pattern.
func googleRule(dst []Rule, line, _ int, allow bool, value string) []Rule {
	pattern := EscapePattern(value)
	dst = append(dst, Rule{Line: line, Allow: allow, Pattern: pattern, Priority: int32(len(pattern))})
	if slash := strings.LastIndexByte(pattern, '/'); allow && slash >= 0 && strings.HasPrefix(pattern[slash:], "/index.htm") {
		dir := pattern[:slash+1] + "$"
		dst = append(dst, Rule{Line: line, Allow: true, Pattern: dir, Priority: int32(len(dir))})
	}
	return dst
}

// selectExact picks groups as Google and RFC 9309 do: every group that
// names the crawler, merged, or failing any such group the * groups. A
// crawler named by some group never reads the * groups, even when its own
// groups have no rule that matches.
func selectExact(r *Robots, agent string) []int {
	key := syntax.LowerASCII(agent)
	var specific, global []int
	for g := range r.Groups {
		switch agents := r.Groups[g].Agents; {
		case key != "*" && slices.Contains(agents, key):
			specific = append(specific, g)
		case slices.Contains(agents, "*"):
			global = append(global, g)
		}
	}
	if len(specific) > 0 {
		return specific
	}
	return global
}

// GoogleAgent returns the crawler token a user-agent value names for
// Google: "*" for the default group (also "* anything"), otherwise the
// value's leading run of letters, '_' and '-', lower-cased. "Googlebot/2.1"
// names googlebot, "MJ12bot" names mj, and "*bot" the empty token, which
// only an empty crawler name matches.
func GoogleAgent(value []byte) string { return syntax.LowerASCII(string(GoogleToken(value))) }

// GoogleToken is GoogleAgent without the lower-casing and without a copy:
// the part of value Google compares, ignoring ASCII case, with crawler
// names.
func GoogleToken(value []byte) []byte {
	if len(value) > 0 && value[0] == '*' && (len(value) == 1 || isCSpace(value[1])) {
		return value[:1]
	}
	n := 0
	for n < len(value) && (value[n] >= 'a' && value[n] <= 'z' || value[n] >= 'A' && value[n] <= 'Z' || value[n] == '_' || value[n] == '-') {
		n++
	}
	return value[:n]
}

// GoogleDirective returns the directive Google reads in a key: keys are
// compared by prefix, ignoring case, with some misspellings accepted, so
// "Disallowed" and "Disalow" are Disallow and "UserAgent" is User-agent.
// Google checks the names in this order.
func GoogleDirective(key []byte) syntax.Directive {
	switch {
	case hasPrefixFold(key, "user-agent", "useragent", "user agent"):
		return syntax.DirectiveUserAgent
	case hasPrefixFold(key, "allow"): // "We don't support typos for the allow key."
		return syntax.DirectiveAllow
	case hasPrefixFold(key, "disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"):
		return syntax.DirectiveDisallow
	case hasPrefixFold(key, "sitemap", "site-map"):
		return syntax.DirectiveSitemap
	}
	return syntax.DirectiveOther
}

// hasPrefixFold reports whether key starts with one of the lower-case
// names, ignoring ASCII case.
func hasPrefixFold(key []byte, names ...string) bool {
	for _, name := range names {
		if len(key) >= len(name) && equalFoldASCII(key[:len(name)], name) {
			return true
		}
	}
	return false
}

// equalFoldASCII reports whether b equals the lower-case lower, ignoring
// ASCII case only (bytes.EqualFold would also fold "K" (U+212A) to "k").
func equalFoldASCII(b []byte, lower string) bool {
	for i := range len(b) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}
