package match

import (
	"bytes"

	"github.com/robotslint/robotslint/syntax"
)

// readGoogle groups lines as Google's parser does. A group starts at a
// user-agent line that follows a rule, so blank lines, comments and other
// lines never end one; rules before the first user-agent line belong to no
// group. Keys are Google's: misspellings and prefixes count (see
// GoogleDirective), so the groups can differ from syntax.File.Groups.
func readGoogle(l *Layout) {
	// At most one rule a line.
	b := newLayoutReader(l, l.lines.n)
	for i := range l.lines.n {
		f, k, shift := l.lines.line(i)
		d, _, value, _ := googleLineSpans(f, k)
		if d == syntax.DirectiveNone {
			continue
		}
		text := f.Text(value)
		switch d {
		case syntax.DirectiveUserAgent:
			b.agent(i, GoogleToken(text), googleToken)
		case syntax.DirectiveAllow, syntax.DirectiveDisallow:
			b.rule(i, d == syntax.DirectiveAllow, shifted(value, shift))
		}
	}
	b.finish()
}

// googleRule reads what else Google reads in a rule: "Allow: /a/index.html"
// (or .htm, or anything from "/index.htm" after the last slash) also as
// "Allow: /a/$", with the priority of that shorter pattern. Escaping keeps
// every '/' and "index.htm" as they are, so the value's last slash is the
// pattern's.
func googleRule(r *RuleLine, value []byte, _ int) {
	if !r.Allow {
		return
	}
	if slash := bytes.LastIndexByte(value, '/'); slash >= 0 && bytes.HasPrefix(value[slash:], []byte("/index.htm")) {
		dir := int32(slash + 1)
		if !r.Verbatim {
			dir = int32(len(appendEscaped(nil, value[:slash+1])))
		}
		r.DirPriority = dir + 1
	}
}

// googleToken is the token Google takes from the run of a user-agent value
// that GoogleToken returns.
func googleToken(run []byte) string {
	if len(run) == 1 && run[0] == '*' {
		return "*"
	}
	return syntax.LowerASCII(string(run))
}

// selectExact picks groups as Google and RFC 9309 do: every group that
// names the crawler, merged, or failing any such group the * groups. A
// crawler named by some group never reads the * groups, even when its own
// groups have no rule that matches.
func selectExact(l *Layout, agent string) []int {
	key, star := int32(-1), l.Token("*")
	if agent != "*" {
		key = l.Token(agent)
	}
	var specific, global []int
	for g := range l.Groups {
		named, all := false, false
		for _, a := range l.GroupAgents(g) {
			named = named || key >= 0 && a.Token == key
			all = all || a.Token == star
		}
		switch {
		case named:
			specific = append(specific, g)
		case all:
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
func GoogleAgent(value []byte) string { return googleToken(GoogleToken(value)) }

// GoogleToken is GoogleAgent without the lower-casing and without a copy:
// the part of value Google compares, ignoring ASCII case, with crawler
// names: "*" for the default group, otherwise the leading run of letters,
// '_' and '-'.
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
