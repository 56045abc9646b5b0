package match

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/jimsmart/grobotstxt"
	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/syntax"
)

// The google profile is checked here against github.com/jimsmart/grobotstxt,
// a Go port of Google's C++ parser that agreed with it on every query of a
// 30,000-query benchmark (google-parser.md §2). The port differs from
// Google in a few known ways; each is excluded by a named predicate below,
// and every exclusion is counted so that the exclusions cannot quietly
// hollow the comparison out.

// Reasons a file or query is not compared, in the order they are tested.
const (
	skipNUL               = "NUL byte in the file (grobotstxt does not cut the line there)"
	skipUnicodeSpace      = "Unicode whitespace in the file (grobotstxt trims it; §2)"
	skipUnicodeKeyFold    = "İ or K (U+212A) in the file (grobotstxt lower-cases keys by Unicode rules)"
	skipDiaslow           = "diaslow typo (grobotstxt accepts it; §2)"
	skipMissingColonGap   = "\\v or \\f in a missing-colon gap (grobotstxt trims it first)"
	skipAgentUnicodeFold  = "ſ or K (U+212A) in the agent (grobotstxt compares agents by Unicode folding)"
	skipAgentTokenChars   = "user-agent token with RFC 7231 token chars (grobotstxt keeps them; §2)"
	skipURLChangedByParse = "URL changed by url.Parse+String (grobotstxt normalises it; §2)"
	skipMisescapedRule    = "rule whose %-escapes grobotstxt corrupts, matching the URL"
)

// fileSkipReason returns why the file body cannot be compared at all, or "".
func fileSkipReason(body string) string {
	switch {
	case hasNUL(body):
		return skipNUL
	case hasUnicodeSpace(body):
		return skipUnicodeSpace
	case hasUnicodeKeyFold(body):
		return skipUnicodeKeyFold
	case hasDiaslow(body):
		return skipDiaslow
	case hasMissingColonGapDifference(body):
		return skipMissingColonGap
	}
	return ""
}

// querySkipReason returns why the query (agent, rawURL) on a file that
// grobotstxt reads as view cannot be compared, or "".
func querySkipReason(view *grobotView, agent, rawURL string) string {
	switch {
	case agentHasUnicodeFold(agent):
		return skipAgentUnicodeFold
	case agentTokenDiffers(view.uaValues, agent):
		return skipAgentTokenChars
	case urlChangedByParse(rawURL):
		return skipURLChangedByParse
	case misescapedRuleMatches(view.misescaped, rawURL):
		return skipMisescapedRule
	}
	return ""
}

// hasNUL: Google handles each line as a C string, so a NUL byte ends the
// line's content (google-parser.md §1, "NUL bytes", verified against the C++
// binary). grobotstxt keeps Go strings whole: "Disallow: /a\x00bc" is /a for
// Google and /a\x00bc for grobotstxt. §2 does not list this difference; it
// is visible in grobotstxt's Parser.Parse, which never looks for 0x00.
// TestGoogle covers our side of it.
func hasNUL(body string) bool { return strings.IndexByte(body, 0) >= 0 }

// hasUnicodeSpace: google-parser.md §2, "It trims Unicode whitespace where
// google trims ASCII whitespace". grobotstxt's strings.TrimSpace strips
// U+0085, U+00A0, U+2000… from lines, keys and values, and its test for
// "* " in a user-agent value calls unicode.IsSpace on a single byte, which
// takes the bytes 0x85 and 0xA0 for spaces.
func hasUnicodeSpace(body string) bool {
	if strings.Contains(body, "*\x85") || strings.Contains(body, "*\xA0") {
		return true
	}
	for _, r := range body {
		if r >= utf8.RuneSelf && unicode.IsSpace(r) {
			return true
		}
	}
	return false
}

// hasUnicodeKeyFold: grobotstxt recognises keys with strings.ToLower, under
// which İ (U+0130) becomes "i" and K (U+212A) becomes "k", so it reads
// "Dİsallow" as Disallow; Google's absl::StartsWithIgnoreCase folds ASCII
// only. §2 does not list this; it follows from startsWithIgnoreCase in
// grobotstxt's robots_cc.go. These are the only two runes that Go
// lower-cases to ASCII.
func hasUnicodeKeyFold(body string) bool {
	return strings.Contains(body, "\u0130") || strings.Contains(body, "\u212A")
}

// hasDiaslow: google-parser.md §2, "It accepts the extra typo diaslow"
// (Google reads a "Diaslow:" line as an unknown key).
func hasDiaslow(body string) bool { return strings.Contains(refFoldASCII(body), "diaslow") }

// hasMissingColonGapDifference: on a line without a colon, Google skips only
// spaces and tabs after the first one before requiring that no space or tab
// follows, while grobotstxt strips every whitespace character there
// (strings.TrimSpace). So "disallow \v /" is three words for Google and
// "disallow /" for grobotstxt. §2 does not list this; it follows from
// Parser.parseKeyAndValue in grobotstxt's robots_cc.go. The lines are
// split as both parsers split them.
func hasMissingColonGapDifference(body string) bool {
	for _, line := range refGoogleLines(body) {
		if hash := strings.IndexByte(line, '#'); hash >= 0 {
			line = line[:hash]
		}
		line = strings.TrimSpace(line)
		if strings.IndexByte(line, ':') >= 0 {
			continue
		}
		sep := strings.IndexAny(line, " \t")
		if sep < 0 {
			continue
		}
		google := strings.TrimLeft(line[sep:], " \t")
		port := strings.TrimSpace(line[sep:])
		if strings.ContainsAny(google, " \t") != strings.ContainsAny(port, " \t") {
			return true
		}
	}
	return false
}

// agentHasUnicodeFold: grobotstxt compares the caller's agent with the
// file's token by strings.EqualFold, under which ſ (U+017F) equals "s" and
// K (U+212A) equals "k"; Google compares ASCII case-insensitively. §2 does
// not list this; it follows from equalsIgnoreCase in robots_cc.go.
func agentHasUnicodeFold(agent string) bool {
	return strings.ContainsRune(agent, '\u017F') || strings.ContainsRune(agent, '\u212A')
}

// agentTokenDiffers: google-parser.md §2, "User-agent extraction uses RFC
// 7231 token characters": grobotstxt reads "User-agent: Bot123" as the
// token Bot123 where Google reads Bot. The query is skipped only when that
// changes whether some user-agent value of the file names the caller. The
// generator draws almost all its values so that the two tokens coincide
// ("Googlebot/2.1", "Foo Bar", "Foo_Bar"), keeping this skip rare.
func agentTokenDiffers(uaValues []string, agent string) bool {
	for _, v := range uaValues {
		if len(v) > 0 && v[0] == '*' && (len(v) == 1 || strings.IndexByte(" \t\n\v\f\r", v[1]) >= 0) {
			continue // the * group for both
		}
		google := refLeadingRun(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-")
		port := refLeadingRun(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~")
		if google != port && (refFoldASCII(agent) == refFoldASCII(google)) != strings.EqualFold(agent, port) {
			return true
		}
	}
	return false
}

// refFoldASCII lower-cases the ASCII letters of s and nothing else.
func refFoldASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// refLeadingRun returns the longest prefix of s made of bytes in set.
func refLeadingRun(s, set string) string {
	n := 0
	for n < len(s) && strings.IndexByte(set, s[n]) >= 0 {
		n++
	}
	return s[:n]
}

// urlChangedByParse: google-parser.md §2, "AgentAllowed runs url.Parse +
// String() on the URL first". Google matches the URL as given, so only URLs
// that this round trip leaves unchanged can be compared; grobotstxt answers
// "disallowed" for a URL that does not parse. This also covers URLs that
// start with "//", which url.Parse reads as an authority: the only such URLs
// compared are those it gives back byte for byte, and on those both
// parsers compute the path from the same string.
func urlChangedByParse(rawURL string) bool {
	u, err := url.Parse(rawURL)
	return err != nil || u.String() != rawURL
}

// misescapedRuleMatches: grobotstxt's escapePattern upper-cases the hex
// digits of an escape with c & 0xDF, which also turns the digits 0-9 into
// the bytes 0x10-0x19. It rewrites a pattern only when the pattern has an
// escape with a lower-case hex letter or a byte from 0x80, but then
// rewrites every escape in it: "/%e3%83%84" becomes "/%E\x13%\x18\x13…"
// and "/ツ%41" ends in "%\x14\x11". Google upper-cases letters only
// (absl::ascii_toupper): "/%e3%83%84" is "/%E3%83%84" (google-parser.md
// §1, "Pattern normalisation"; TestEscapePattern checks our side). §2 does
// not list this bug; it shows in grobotstxt's toUpper in robots_cc.go.
//
// A rule that matches the path under neither spelling, nor through the
// index.html rule, decides nothing for either matcher, so only queries
// that some misescaped rule could match are skipped.
func misescapedRuleMatches(rules []misescapedRule, rawURL string) bool {
	if len(rules) == 0 {
		return false
	}
	path := refGooglePath(rawURL)
	for _, r := range rules {
		for _, p := range []string{r.google, r.port} {
			if grobotstxt.Matches(path, p) {
				return true
			}
			if slash := strings.LastIndexByte(p, '/'); r.allow && slash >= 0 && strings.HasPrefix(p[slash:], "/index.htm") &&
				grobotstxt.Matches(path, p[:slash+1]+"$") {
				return true
			}
		}
	}
	return false
}

// A misescapedRule is an Allow or Disallow pattern as Google and as
// grobotstxt normalise it, when they differ.
type misescapedRule struct {
	allow        bool
	google, port string
}

// A grobotView is what the exclusions need to know of how grobotstxt reads
// a file.
type grobotView struct {
	uaValues   []string
	misescaped []misescapedRule
}

// newGrobotView parses body with grobotstxt and pairs each of its rules,
// by line number, with the raw value on that line as Google splits it.
func newGrobotView(body string) *grobotView {
	c := grobotCollector{rules: map[int]grobotRule{}}
	grobotstxt.Parse(body, &c)
	view := &grobotView{uaValues: c.uaValues}
	if len(c.rules) == 0 {
		return view
	}
	for i, line := range refGoogleLines(body) {
		r, ok := c.rules[i+1]
		if !ok {
			continue
		}
		_, value, _ := refGoogleKeyValue(line)
		if want := refGoogleEscape(value); want != r.value {
			view.misescaped = append(view.misescaped, misescapedRule{allow: r.allow, google: want, port: r.value})
		}
	}
	return view
}

type grobotRule struct {
	allow bool
	value string
}

type grobotCollector struct {
	uaValues []string
	rules    map[int]grobotRule // by 1-based line number
}

func (c *grobotCollector) HandleRobotsStart() {}
func (c *grobotCollector) HandleRobotsEnd()   {}
func (c *grobotCollector) HandleUserAgent(_ int, value string) {
	c.uaValues = append(c.uaValues, value)
}
func (c *grobotCollector) HandleAllow(line int, value string) {
	c.rules[line] = grobotRule{allow: true, value: value}
}
func (c *grobotCollector) HandleDisallow(line int, value string) {
	c.rules[line] = grobotRule{value: value}
}
func (c *grobotCollector) HandleSitemap(int, string)               {}
func (c *grobotCollector) HandleUnknownAction(int, string, string) {}

// refGoogleLines returns the lines of body as Google's parser cuts them: after
// any prefix of a BOM, at LF, CR or CRLF, each line kept to its first
// 16,663 bytes, and one more line after a final line ending. They are
// written out here from google-parser.md §1, apart from the package's
// code, because the exclusions must not depend on the code under test.
func refGoogleLines(body string) []string {
	for _, b := range []byte("\xEF\xBB\xBF") {
		if len(body) == 0 || body[0] != b {
			break
		}
		body = body[1:]
	}
	var lines []string
	for {
		end := strings.IndexAny(body, "\r\n")
		if end < 0 {
			return append(lines, body[:min(len(body), syntax.GoogleMaxLineBytes)])
		}
		lines = append(lines, body[:min(end, syntax.GoogleMaxLineBytes)])
		if body[end] == '\r' && end+1 < len(body) && body[end+1] == '\n' {
			end++
		}
		body = body[end+1:]
	}
}

// refGoogleKeyValue splits a line into key and value as Google's
// GetKeyAndValueFrom does (google-parser.md §1, "Key/value split").
func refGoogleKeyValue(line string) (key, value string, ok bool) {
	const asciiSpace = " \t\n\v\f\r"
	if hash := strings.IndexByte(line, '#'); hash >= 0 {
		line = line[:hash]
	}
	line = strings.Trim(line, asciiSpace)
	sep := strings.IndexByte(line, ':')
	if sep < 0 {
		sep = strings.IndexAny(line, " \t")
		if sep < 0 || strings.ContainsAny(strings.TrimLeft(line[sep:], " \t"), " \t") {
			return "", "", false
		}
	}
	key = strings.Trim(line[:sep], asciiSpace)
	return key, strings.Trim(line[sep+1:], asciiSpace), key != ""
}

// refGooglePath is Google's GetPathParamsQuery (google-parser.md §1, "URL →
// path"): from the first '/', '?' or ';' after the scheme and authority
// up to the '#', "/" prepended when it does not start with '/'.
func refGooglePath(u string) string {
	start := 0
	if strings.HasPrefix(u, "//") {
		start = 2
	}
	rest := u[start:]
	early := strings.IndexAny(rest, "/?;")
	if proto := strings.Index(rest, "://"); proto >= 0 && (early < 0 || proto < early) {
		rest = rest[proto+3:]
	}
	path := strings.IndexAny(rest, "/?;")
	if path < 0 {
		return "/"
	}
	if hash := strings.IndexByte(u[start:], '#'); hash >= 0 {
		end := hash - (len(u[start:]) - len(rest)) // may fall before rest
		if end < path {
			return "/"
		}
		rest = rest[:end]
	}
	if rest[path] != '/' {
		return "/" + rest[path:]
	}
	return rest[path:]
}

func refIsHexDigit(c byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0 }

// refGoogleEscape is Google's MaybeEscapePattern (google-parser.md §1):
// bytes from 0x80 escaped with upper-case hex, the hex letters of
// existing escapes upper-cased, nothing else touched.
func refGoogleEscape(p string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '%' && i+2 < len(p) && refIsHexDigit(p[i+1]) && refIsHexDigit(p[i+2]):
			b.WriteString(strings.ToUpper(p[i : i+3]))
			i += 2
		case c >= 0x80:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// differentialMismatch describes a query on which the two matchers
// disagree, with the line that decided ours.
func differentialMismatch(r *Robots, body, agent, rawURL string, ours, theirs bool) string {
	v := r.Check(agent, rawURL)
	return fmt.Sprintf("agent %q url %q (path %q): ours allowed=%v (line %d: %q), grobotstxt allowed=%v\nrobots.txt %q",
		agent, rawURL, v.Path, ours, v.Line+1, r.RuleText(v), theirs, body)
}

func TestDifferentialGrobotstxt(t *testing.T) {
	files := 2500
	switch {
	case testing.Short():
		files = 300
	case runtime.GOOS == "js":
		// The WebAssembly run is there for the portable byte classifier,
		// which fewer files exercise as well, at a third of native speed.
		files = 1000
	}
	rng := newDifferentialRand()
	skipped := map[string]int{}
	compared, total := 0, 0
	var mismatches []string
	for range files {
		gen := genDifferentialFile(rng)
		queries := len(gen.agents) * len(gen.urls)
		total += queries
		if reason := fileSkipReason(gen.body); reason != "" {
			skipped[reason] += queries
			continue
		}
		view := newGrobotView(googleReads(gen.body))
		r := Compile(syntax.Parse([]byte(gen.body)), Google)
		for _, agent := range gen.agents {
			for _, u := range gen.urls {
				if reason := querySkipReason(view, agent, u); reason != "" {
					skipped[reason]++
					continue
				}
				compared++
				ours := r.Check(agent, u).Allowed
				theirs := grobotstxt.AgentAllowed(googleReads(gen.body), agent, u)
				if ours != theirs {
					mismatches = append(mismatches, differentialMismatch(r, gen.body, agent, u, ours, theirs))
				}
			}
		}
	}
	for i, m := range mismatches {
		if i == 10 {
			t.Errorf("… and %d more disagreements", len(mismatches)-10)
			break
		}
		t.Error(m)
	}
	t.Logf("%d files, %d queries: %d compared, %d disagree", files, total, compared, len(mismatches))
	for _, reason := range slices.Sorted(maps.Keys(skipped)) {
		t.Logf("skipped %d: %s", skipped[reason], reason)
	}
	if compared < total*9/10 {
		t.Errorf("only %d of %d queries compared; the exclusions skip too much", compared, total)
	}
}

// googleReads returns what Googlebot reads of body: the port, like Google's
// library, parses all it is given, and the crawler cuts the download at the
// google profile's size limit.
func googleReads(body string) string { return body[:min(len(body), Google.SizeLimit)] }

// TestDifferentialPastLimit compares the google profile on files past the
// size limit, with a rule across it, against the port fed the cut file:
// the rule is read up to the limit and the rules after it not at all.
func TestDifferentialPastLimit(t *testing.T) {
	rules := []string{"Disallow: /private/section/", "Allow: /pub*.html$", "Disallow: /*?session=", "Disallow: /"}
	urls := []string{"/", "/p", "/pr", "/private/section/a", "/pub/a.html", "/x?session=1", "/other"}
	filler := "Disallow: /page-0123456789/\n"
	for _, crossing := range rules {
		for _, before := range []int{0, 3, 9, 10, 11, 12, 15, len(crossing) - 1} {
			// The limit falls after the first "before" bytes of crossing.
			// Built in one piece: appending a filler at a time makes
			// gigabytes of garbage, more than WebAssembly's heap holds.
			head := "User-agent: *\nDisallow: /tmp/\n"
			n := 0
			for len(head)+(n+1)*len(filler)+40 < Google.SizeLimit-before {
				n++
			}
			head += strings.Repeat(filler, n)
			head += "#" + strings.Repeat("x", Google.SizeLimit-before-len(head)-2) + "\n"
			body := head + crossing + "\nUser-agent: Googlebot\nDisallow: /other\n"
			r := Compile(syntax.Parse([]byte(body)), Google)
			for _, agent := range []string{"Googlebot", "FooBot"} {
				for _, u := range urls {
					ours := r.Check(agent, u).Allowed
					if theirs := grobotstxt.AgentAllowed(googleReads(body), agent, u); ours != theirs {
						t.Errorf("%q cut after %d bytes: agent %s url %s: ours allowed=%v, the port on the cut file %v", crossing, before, agent, u, ours, theirs)
					}
				}
			}
		}
	}
}

// TestDifferentialExclusions shows that each exclusion stands for a real
// difference: on each example grobotstxt and Google disagree (ours gives
// Google's answer, per google-parser.md §1), and the predicate catches it.
// If a newer grobotstxt fixes one, this test says the exclusion can go.
func TestDifferentialExclusions(t *testing.T) {
	tests := []struct {
		reason, robots, agent, url string
		googleAllowed              bool
	}{
		{skipNUL, "User-agent: *\nDisallow: /a\x00bc\n", "FooBot", "/ax", false},
		{skipUnicodeSpace, "User-agent: *\nDisallow:\u00a0/a\n", "FooBot", "/a", true},
		{skipUnicodeSpace, "User-agent: *\xa0\nDisallow: /\n", "FooBot", "/a", true},
		{skipUnicodeKeyFold, "User-agent: *\nD\u0130sallow: /a\n", "FooBot", "/a", true},
		{skipDiaslow, "User-agent: *\nDiaslow: /a\n", "FooBot", "/a", true},
		{skipMissingColonGap, "User-agent: *\ndisallow \v /a\n", "FooBot", "/a", true},
		{skipAgentUnicodeFold, "User-agent: kbot\nDisallow: /\n", "\u212abot", "/a", true},
		{skipAgentUnicodeFold, "User-agent: sbot\nDisallow: /\n", "\u017fbot", "/a", true},
		{skipAgentTokenChars, "User-agent: Bot123\nDisallow: /\n", "Bot", "/a", false},
		{skipAgentTokenChars, "User-agent: Bot123\nDisallow: /\n", "Bot123", "/a", true},
		{skipURLChangedByParse, "User-agent: *\nDisallow: /%E3%83%84\n", "FooBot", "/ツ", true},
		{skipURLChangedByParse, "User-agent: *\nDisallow: /x\n", "FooBot", "/%zz", true},
		{skipMisescapedRule, "User-agent: *\nDisallow: /%e3%83%84\n", "FooBot", "/%E3%83%84", false},
		{skipMisescapedRule, "User-agent: *\nDisallow: /%2f\n", "FooBot", "/%2F", false},
	}
	for _, tt := range tests {
		reason := fileSkipReason(tt.robots)
		if reason == "" {
			reason = querySkipReason(newGrobotView(tt.robots), tt.agent, tt.url)
		}
		if reason != tt.reason {
			t.Errorf("%q, agent %q, url %q: skipped for %q, want %q", tt.robots, tt.agent, tt.url, reason, tt.reason)
		}
		ours := Compile(syntax.Parse([]byte(tt.robots)), Google).Check(tt.agent, tt.url).Allowed
		if ours != tt.googleAllowed {
			t.Errorf("%q, agent %q, url %q: ours allowed=%v, Google's %v", tt.robots, tt.agent, tt.url, ours, tt.googleAllowed)
		}
		if theirs := grobotstxt.AgentAllowed(tt.robots, tt.agent, tt.url); theirs == tt.googleAllowed {
			t.Errorf("%q, agent %q, url %q: grobotstxt now agrees with Google; is the exclusion %q still needed?", tt.robots, tt.agent, tt.url, tt.reason)
		}
	}
}

func FuzzDifferentialGrobotstxt(f *testing.F) {
	rng := newDifferentialRand()
	for seeds := 0; seeds < 64; {
		// Seeds with Google's 16 KiB lines make the fuzzer spend its time
		// minimising them; TestDifferentialGrobotstxt covers long lines.
		if gen := genDifferentialFile(rng); len(gen.body) < 2048 {
			f.Add([]byte(gen.body), gen.agents[rng.IntN(len(gen.agents))], gen.urls[rng.IntN(len(gen.urls))])
			seeds++
		}
	}
	// Google's conformance cases seed the corpus when ../shared is present.
	for i, c := range linttest.ConformanceCasesIfPresent(f) {
		if i%8 == 0 {
			f.Add(c.Robots, c.UserAgent, c.URL)
		}
	}
	f.Fuzz(func(t *testing.T, body []byte, agent, rawURL string) {
		src := string(body)
		if reason := fileSkipReason(src); reason != "" {
			t.Skip(reason)
		}
		if reason := querySkipReason(newGrobotView(googleReads(src)), agent, rawURL); reason != "" {
			t.Skip(reason)
		}
		r := Compile(syntax.Parse(body), Google)
		ours := r.Check(agent, rawURL).Allowed
		if theirs := grobotstxt.AgentAllowed(googleReads(src), agent, rawURL); ours != theirs {
			t.Fatal(differentialMismatch(r, src, agent, rawURL, ours, theirs))
		}
	})
}

// The generator. Its vocabulary aims at every behaviour of google-parser.md
// §1 that grobotstxt shares, so that most generated queries are compared.

func newDifferentialRand() *rand.Rand { return rand.New(rand.NewPCG(0x726f626f7473, 0x6c696e74)) }

type differentialFile struct {
	body   string
	agents []string
	urls   []string
}

var (
	genUserAgentKeys = []string{
		"User-agent", "User-agent", "User-agent", "user-agent", "USER-AGENT", "User-Agent", "uSeR-aGeNt",
		"useragent", "UserAgent", "User agent", "User-agents", "user-agentfoo",
	}
	genAllowKeys    = []string{"Allow", "Allow", "Allow", "allow", "ALLOW", "Allowed"}
	genDisallowKeys = []string{
		"Disallow", "Disallow", "Disallow", "disallow", "DISALLOW", "DisAllow", "Disallowed", "Disalloww",
		"dissallow", "Dissalow", "disalow", "Diasllow", "DISALLAW",
	}
	genSitemapKeys = []string{"Sitemap", "sitemap", "Sitemaps", "site-map", "Site-Map"}
	// Keys Google reads as unknown, near misses of real ones included.
	genOtherKeys = []string{
		"Crawl-delay", "crawl-delay", "Host", "Noindex", "noarchive", "Clean-param", "foo", "Request-rate",
		"Dis-allow", "Alow", "Alllow", "user_agent", "Content-Signal", "Disalow-ish", "Sitemap-like",
	}
	// User-agent values whose [A-Za-z_-] token is also their RFC 7231
	// token (see agentTokenDiffers), so grobotstxt names the same crawler.
	genUserAgentValues = []string{
		"*", "*", "*", "* extra", "*\tfoo", "*  two words", "Googlebot", "googlebot", "GOOGLEBOT", "Googlebot/2.1",
		"Googlebot/2.1 (+http://www.google.com/bot.html)", "Googlebot-News", "Googlebot News", "googlebot-image/1.0",
		"FooBot", "FooBot", "foobot", "FOOBOT/3", "FooBot (compatible)", "Foo_Bar", "foo_bar;x", "Foo-Bar", "BarBot",
		"barbot", "BazBot", "Mediapartners-Google", "AdsBot-Google", "AdsBot-Google-Mobile", "", "Foo Bar",
		"FOO BAR", "foo:bar", "-", "_",
	}
	// Values whose tokens differ between the two (skipped for the agents
	// they concern), and "*bot", which is no * group for either.
	genRareUserAgentValues = []string{"Bot123", "archive.org_bot", "Foo.Bar", "*bot", "*/1.0", "Googlebot2"}
	genAgents              = []string{
		"Googlebot", "googlebot", "GoogleBot", "Googlebot-News", "Googlebot-Image", "FooBot", "foobot", "FOOBOT",
		"BarBot", "BazBot", "Foo_Bar", "foo_bar", "Foo-Bar", "Foo", "foo", "Mediapartners-Google", "AdsBot-Google",
		"AdsBot-Google-Mobile", "Bingbot", "", "*", "Foo Bar", "Googlebot/2.1", "Bot", "-", "_",
	}
	genPatterns = []string{
		"/", "/", "/a", "/a/", "/b", "/x/", "/fish", "/fish*", "/fish/", "/*.php", "/*.php$", "/fish*.php", "/*.html",
		"/page", "/page.html", "/p", "/folder", "/folder/", "*", "/*", "/$", "/a$b", "/a$", "$", "/index.html",
		"/dir/index.html", "/allowed-slash/index.html", "/dir/index.htm", "/dir/index.html5", "/index.htmlx",
		"/%aa", "/%AA", "/%e3%83%84", "/ツ", "/foo/bar/ツ", "/%2F", "/a%2fb", "/%62%61%7A", "/baz", "/%zz", "/%a",
		"/a?b=c", "/a;p", "foo", "*foo", "/a:b", "", "/x/page.", "/foo/*/qux", "/foo/bar$", "/foo/quz#qux",
		"/*?", "/*?q=*&", "/**b", "/a*b$", "/é", "/SanJoséSellers", "/robots.txt", "/X/",
	}
	genSegments = []string{
		"a", "b", "x", "y", "fish", "page", "dir", "folder", "index.html", "index.htm", "p.php", "%aa", "%AA",
		"%2f", "%E3%83%84", "ツ", "é", "%zz", "%", "$", "*", ":", "?q=1", ";p", "&", "=", "~user", "A", "B",
		".html", "-", "_", "+", "!", "'", "(", ")", ",", "@",
	}
	genFillers  = []string{"", "x", "/y/", "abc", ".html", "?q", "/", "a/b", "%aa", "$"}
	genSuffixes = []string{"", "", "", "/", "x", ".html", "?a=b", "#frag", "/index.html", ";p=1", "$", "/%E3%83%84", "*"}
	genURLs     = []string{
		"", "/", "/a", "/a/b", "/fish", "/fish.html", "/fish/salmon.php", "/fish.php?id=1", "/page.html",
		"/x/page.html", "/dir/", "/dir/index.html", "/dir/index.htm", "/%aa", "/%AA", "/%E3%83%84", "/%e3%83%84",
		"/a$b", "/a;p=1", "/a?b=c", "?q", ";x", "/?id=fish", "http://example.com", "http://example.com/",
		"https://www.example.com:8080/a?b#c", "http://example.com/a#frag", "example.com/a", "example.com",
		"//example.com/a/b", "http://example.com?a", "/robots.txt", "/allowed-slash/", "/index.html",
		"http://example.com/a/b?c=http://d.e/", "a/b", "http://user@example.com/x/y", "/foo/bar/baz/qux",
	}
	// Raw UTF-8 and spaces, which grobotstxt's url.Parse+String rewrites:
	// kept rare, as each such query is skipped.
	genRareURLs = []string{"/ツ", "/a b", "http://example.com/é", "/%zz", "HTTP://Example.com/a", "///a"}
	genJunk     = []string{
		"", "", "", "   ", "# a comment", "#", "absolutely random line", "Error", "disallow / x", ": /a", "Disallow /a:b",
		"Allow /x", "disallow /", "user-agent FooBot", "\t", "# Disallow: /",
	}
	genBOMs = []string{"\xEF\xBB\xBF", "\xEF\xBB\xBF", "\xEF\xBB", "\xEF", "\xEF\x11\xBF"}
)

func genPick(rng *rand.Rand, list []string) string { return list[rng.IntN(len(list))] }

func genChance(rng *rand.Rand, p float64) bool { return rng.Float64() < p }

// genPattern returns a rule's value: from a list of known cases, or built
// from path segments with wildcards, or long.
func genPattern(rng *rand.Rand) string {
	switch n := rng.IntN(100); {
	case n < 45:
		return genPick(rng, genPatterns)
	case n < 97:
		var b strings.Builder
		if genChance(rng, 0.1) {
			b.WriteByte('*')
		} else if !genChance(rng, 0.05) {
			b.WriteByte('/')
		}
		for i := range 1 + rng.IntN(4) {
			if i > 0 && !genChance(rng, 0.25) {
				b.WriteByte('/')
			}
			if genChance(rng, 0.15) {
				b.WriteByte('*')
			}
			b.WriteString(genPick(rng, genSegments))
		}
		switch n := rng.IntN(10); {
		case n < 2:
			b.WriteByte('$')
		case n < 3:
			b.WriteByte('*')
		case n < 4:
			b.WriteByte('/')
		}
		return b.String()
	default:
		// Long patterns, now and then beyond Google's line limit, where
		// both cut the line after 16,663 bytes.
		unit := "/" + genPick(rng, genSegments)
		reps := 10 + rng.IntN(60)
		if genChance(rng, 0.1) {
			reps = syntax.GoogleMaxLineBytes/len(unit) + 2
		}
		return strings.Repeat(unit, reps) + genPick(rng, genSuffixes)
	}
}

// genURLFrom returns a URL that the pattern is likely to match or just
// miss: its wildcards filled in, its anchor dropped or kept, something
// appended, its raw UTF-8 escaped, and a scheme and host perhaps added.
func genURLFrom(rng *rand.Rand, pattern string) string {
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; {
		case c == '*':
			b.WriteString(genPick(rng, genFillers))
		case c == '$' && i == len(pattern)-1 && genChance(rng, 0.8):
		case c >= utf8.RuneSelf:
			_, size := utf8.DecodeRuneInString(pattern[i:])
			format := "%%%02X"
			switch n := rng.IntN(20); {
			case n < 1:
				format = "%c" // raw: skipped, grobotstxt escapes it
			case n < 4:
				format = "%%%02x"
			}
			for _, c := range []byte(pattern[i : i+size]) {
				fmt.Fprintf(&b, format, c)
			}
			i += size - 1
		case c == '%' && !(i+2 < len(pattern) && refIsHexDigit(pattern[i+1]) && refIsHexDigit(pattern[i+2])):
			b.WriteString("%25") // a lone % does not parse as a URL
		case c == '#':
			b.WriteString("%23")
		default:
			b.WriteByte(c)
		}
	}
	path := b.String() + genPick(rng, genSuffixes[:len(genSuffixes)-1])
	if genChance(rng, 0.2) {
		// Flip the case of the hex digits of an escape, which Google does
		// not normalise in URLs.
		if i := strings.IndexByte(path, '%'); i >= 0 && i+2 < len(path) {
			path = path[:i+1] + genFlipCase(path[i+1:i+3]) + path[i+3:]
		}
	}
	if path == "" || path[0] != '/' {
		if genChance(rng, 0.5) {
			return path
		}
		path = "/" + path
	}
	switch n := rng.IntN(100); {
	case n < 60:
		return path
	case n < 85:
		return "http://example.com" + path
	case n < 92:
		return "https://www.example.com:8080" + path
	case n < 96:
		return "example.com" + path
	default:
		return "//example.com" + path
	}
}

func genFlipCase(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z':
			b[i] = c - 'a' + 'A'
		case 'A' <= c && c <= 'Z':
			b[i] = c - 'A' + 'a'
		}
	}
	return string(b)
}

// genDifferentialFile returns a robots.txt file and the queries to ask it.
func genDifferentialFile(rng *rand.Rand) differentialFile {
	var lines []string
	var patterns []string
	// A few user-agent values per file, so that groups repeat and merge.
	var values []string
	for range 1 + rng.IntN(4) {
		if genChance(rng, 0.03) {
			values = append(values, genPick(rng, genRareUserAgentValues))
		} else {
			values = append(values, genPick(rng, genUserAgentValues))
		}
	}
	ws := func() string {
		switch n := rng.IntN(40); {
		case n < 2:
			return "\t"
		case n < 4:
			return "  "
		case n < 5:
			return " \v"
		case n < 6:
			return "\f "
		}
		return ""
	}
	line := func(key, value string) string {
		var sep string
		switch n := rng.IntN(20); {
		case n < 12:
			sep = ": "
		case n < 14:
			sep = ":"
		case n < 15:
			sep = " : "
		case n < 16:
			sep = ":\t"
		case n < 17:
			sep = "\t:  "
		default:
			// Google accepts a space or tab for the colon when the line
			// has exactly two words; other lines are then ignored.
			sep = genPick(rng, []string{" ", "\t", " \t "})
		}
		l := ws() + key + sep + value + ws()
		if genChance(rng, 0.08) {
			l += genPick(rng, []string{" # comment", "#", "# Disallow: /", "\t# x: y"})
		}
		return l
	}
	junk := func() {
		switch n := rng.IntN(10); {
		case n < 5:
			lines = append(lines, genPick(rng, genJunk))
		case n < 7:
			lines = append(lines, line(genPick(rng, genSitemapKeys), genPick(rng, []string{"https://example.com/sitemap.xml", "/s.xml", "http://x/a#b"})))
		default:
			lines = append(lines, line(genPick(rng, genOtherKeys), genPick(rng, []string{"3", "10", "example.com", "/a", "", "x y"})))
		}
	}
	rule := func() {
		p := genPattern(rng)
		patterns = append(patterns, p)
		if genChance(rng, 0.4) {
			lines = append(lines, line(genPick(rng, genAllowKeys), p))
		} else {
			lines = append(lines, line(genPick(rng, genDisallowKeys), p))
		}
		if genChance(rng, 0.15) {
			junk()
		}
	}
	if genChance(rng, 0.1) {
		// Rules before any user-agent line, which Google ignores.
		for range 1 + rng.IntN(2) {
			rule()
		}
	}
	for range 1 + rng.IntN(5) {
		for i := range 1 + rng.IntN(3)*rng.IntN(2) {
			if i > 0 && genChance(rng, 0.3) {
				junk()
			}
			lines = append(lines, line(genPick(rng, genUserAgentKeys), genPick(rng, values)))
		}
		if genChance(rng, 0.2) {
			junk()
		}
		for range rng.IntN(7) {
			rule()
		}
		if genChance(rng, 0.1) {
			// Google's index.html rule against a blanket Disallow.
			p := genPick(rng, []string{"/index.html", "/dir/index.html", "/allowed-slash/index.htm", "/a/index.html5"})
			patterns = append(patterns, p)
			lines = append(lines, line("Allow", p), line("Disallow", "/"))
		}
		if genChance(rng, 0.5) {
			lines = append(lines, "")
		}
	}
	var b strings.Builder
	if genChance(rng, 0.1) {
		b.WriteString(genPick(rng, genBOMs))
	}
	if genChance(rng, 0.02) {
		// A BOM in mid-file spoils its line.
		i := rng.IntN(len(lines))
		lines[i] = "\xEF\xBB\xBF" + lines[i]
	}
	eol := genPick(rng, []string{"\n", "\n", "\n", "\r\n", "\r", ""})
	for i, l := range lines {
		b.WriteString(l)
		if i == len(lines)-1 && genChance(rng, 0.2) {
			break // no final line ending
		}
		if eol != "" {
			b.WriteString(eol)
		} else {
			b.WriteString(genPick(rng, []string{"\n", "\r\n", "\r", "\n\r"}))
		}
	}

	gen := differentialFile{body: b.String()}
	// Agents: those the file names, as written and in other cases and
	// with the token only, and others.
	for range 2 {
		v := genPick(rng, values)
		switch tok := v[:len(v)-len(strings.TrimLeft(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-"))]; rng.IntN(4) {
		case 0:
			gen.agents = append(gen.agents, v)
		case 1:
			gen.agents = append(gen.agents, genFlipCase(tok))
		default:
			gen.agents = append(gen.agents, tok)
		}
	}
	for range 2 {
		gen.agents = append(gen.agents, genPick(rng, genAgents))
	}
	for range 6 {
		switch n := rng.IntN(100); {
		case n < 65 && len(patterns) > 0:
			gen.urls = append(gen.urls, genURLFrom(rng, genPick(rng, patterns)))
		case n < 99:
			gen.urls = append(gen.urls, genPick(rng, genURLs))
		default:
			gen.urls = append(gen.urls, genPick(rng, genRareURLs))
		}
	}
	return gen
}
