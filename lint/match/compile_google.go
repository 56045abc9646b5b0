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
	src := l.lines.f
	special := linesWith(src, syntax.FactNUL, syntax.FactControlChar, syntax.FactLineTooLong)
	b := newLayoutReader(l)
	for i := range l.lines.n {
		f, k, shift := l.lines.line(i)
		var cut bool
		if f == src {
			cut = special[i]
		} else {
			cut = linesWith(f, syntax.FactNUL, syntax.FactControlChar, syntax.FactLineTooLong)[k]
		}
		d, text, ok := googleLine(f, k, cut)
		if !ok {
			continue
		}
		value := f.Lines[k].Value()
		if cut {
			// text lies in the line's text, which f.Text caps at its end:
			// the capacity left says where it starts.
			end := f.Lines[k].Text().End
			value = syntax.Span{Start: end - cap(text), End: end - cap(text) + len(text)}
		}
		switch d {
		case syntax.DirectiveUserAgent:
			b.agent(i, googleAgentRun(text), googleToken)
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
// that googleAgentRun returns.
func googleToken(run []byte) string {
	if len(run) == 1 && run[0] == '*' {
		return "*"
	}
	return syntax.LowerASCII(string(run))
}

// googleAgentRun returns the part of a user-agent value Google reads the
// token from: "*" for the default group, otherwise the leading run of
// letters, '_' and '-' (see GoogleAgent).
func googleAgentRun(value []byte) []byte {
	if len(value) > 0 && value[0] == '*' && (len(value) == 1 || isCSpace(value[1])) {
		return value[:1]
	}
	n := 0
	for n < len(value) && (value[n] >= 'a' && value[n] <= 'z' || value[n] >= 'A' && value[n] <= 'Z' || value[n] == '_' || value[n] == '-') {
		n++
	}
	return value[:n]
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
func GoogleAgent(value []byte) string { return googleToken(googleAgentRun(value)) }

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

// googleLine returns the directive and value Google reads on line i, and
// false when Google reads none there. It takes them from the syntax tree,
// which splits lines as Google does, except on lines where Google first
// cuts the text: after 16,663 bytes, and at a NUL byte (it handles lines
// as C strings); and on lines with a vertical tab or form feed, which
// Google's missing-colon rule does not take for a separator. Those, marked
// by the parser's facts, are split again from the text Google keeps.
func googleLine(f *syntax.File, i int, special bool) (syntax.Directive, []byte, bool) {
	l := &f.Lines[i]
	if !special {
		if l.Kind != syntax.LineDirective {
			return 0, nil, false
		}
		switch d := l.Directive; d {
		case syntax.DirectiveUserAgent, syntax.DirectiveAllow, syntax.DirectiveDisallow, syntax.DirectiveSitemap:
			// The parser found the exact name, which Google reads too:
			// most lines of a large file, spared the prefix search.
			return d, f.Text(l.Value()), true
		}
		return GoogleDirective(f.Text(l.Key())), f.Text(l.Value()), true
	}
	text := f.Text(l.Text())
	text = text[:min(len(text), syntax.GoogleMaxLineBytes)]
	if nul := bytes.IndexByte(text, 0); nul >= 0 {
		text = text[:nul]
	}
	key, value, ok := googleSplit(text)
	if !ok {
		return 0, nil, false
	}
	return GoogleDirective(key), value, true
}

// googleSplit splits a line's text into key and value as Google's
// GetKeyAndValueFrom does.
func googleSplit(line []byte) (key, value []byte, ok bool) {
	if hash := bytes.IndexByte(line, '#'); hash >= 0 {
		line = line[:hash]
	}
	line = trimCSpace(line)
	sep := bytes.IndexByte(line, ':')
	valueStart := sep + 1
	if sep < 0 {
		// No colon: a run of spaces or tabs separates a key from a value
		// when the line has exactly two such words.
		sep = bytes.IndexAny(line, " \t")
		if sep < 0 {
			return nil, nil, false
		}
		valueStart = sep
		for valueStart < len(line) && (line[valueStart] == ' ' || line[valueStart] == '\t') {
			valueStart++
		}
		if bytes.ContainsAny(line[valueStart:], " \t") {
			return nil, nil, false
		}
	}
	key = trimCSpace(line[:sep])
	if len(key) == 0 {
		return nil, nil, false
	}
	return key, trimCSpace(line[valueStart:]), true
}

// isCSpace is C's isspace in the C locale.
func isCSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

func trimCSpace(b []byte) []byte {
	for len(b) > 0 && isCSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isCSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// linesWith returns, for each line of f, whether the parser recorded a fact
// of one of the kinds on it.
func linesWith(f *syntax.File, kinds ...syntax.FactKind) []bool {
	marked := make([]bool, len(f.Lines))
	for _, x := range f.Facts {
		if x.Line < 0 {
			continue
		}
		for _, k := range kinds {
			if x.Kind == k {
				marked[x.Line] = true
			}
		}
	}
	return marked
}
