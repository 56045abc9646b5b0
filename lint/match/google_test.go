package match

import (
	"strings"
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

// TestGoogle checks the google profile on each behaviour of Google's parser
// that google-parser.md §1 lists, one case per behaviour. Each case gives
// the file, the crawler, the URL and the verdict, and the 1-based number
// of the deciding line (0 when no rule decides).
func TestGoogle(t *testing.T) {
	tests := []struct {
		name, robots, agent, url string
		allowed                  bool
		line                     int
	}{
		// Lines, bytes, encodings.
		{"LF", "User-agent: *\nDisallow: /a\n", "FooBot", "/a", false, 2},
		{"lone CR", "User-agent: *\rDisallow: /a\r", "FooBot", "/a", false, 2},
		{"CRLF", "User-agent: *\r\nDisallow: /a\r\n", "FooBot", "/a", false, 2},
		{"LF CR is two line ends", "User-agent: *\n\rDisallow: /a", "FooBot", "/a", false, 3},
		{"no final newline", "User-agent: *\nDisallow: /a", "FooBot", "/a", false, 2},
		{"BOM skipped", "\xEF\xBB\xBFUser-agent: *\nDisallow: /a\n", "FooBot", "/a", false, 2},
		{"two BOM bytes skipped", "\xEF\xBBUser-agent: *\nDisallow: /a\n", "FooBot", "/a", false, 2},
		{"one BOM byte skipped", "\xEFUser-agent: *\nDisallow: /a\n", "FooBot", "/a", false, 2},
		{"broken BOM spoils the first line", "\xEF\x11\xBFUser-agent: *\nDisallow: /a\n", "FooBot", "/a", true, 0},
		{"BOM mid-file spoils its line", "User-agent: *\n\xEF\xBB\xBFDisallow: /a\n", "FooBot", "/a", true, 0},
		{"NUL ends the line", "User-agent: *\nDisallow: /a\x00bc\n", "FooBot", "/ax", false, 2},
		{"comment cuts the value", "User-agent: *\nDisallow: /foo/quz#qux\n", "FooBot", "/foo/quz", false, 2},
		{"commented-out rule", "User-agent: *\n# Disallow: /\n", "FooBot", "/", true, 0},
		// Key and value.
		{"missing colon", "user-agent FooBot\ndisallow /\n", "FooBot", "/x", false, 2},
		{"missing colon, three words", "User-agent: *\ndisallow / x\n", "FooBot", "/x", true, 0},
		{"missing colon, vertical tab is no separator", "User-agent: *\ndisallow\v/\n", "FooBot", "/x", true, 0},
		{"a colon anywhere wins", "User-agent: *\nDisallow /a:b\n", "FooBot", "/a:b", true, 0},
		{"empty key", "User-agent: *\n: /a\n", "FooBot", "/a", true, 0},
		{"names ignore case", "USER-AGENT: *\nDISALLOW: /a\n", "FooBot", "/a", false, 2},
		{"names match by prefix", "User-agents: *\nDisallowed: /a\n", "FooBot", "/a", false, 2},
		{"allow by prefix", "User-agent: *\nDisallow: /\nAllowed: /a\n", "FooBot", "/a", true, 3},
		{"disallow misspelled", "User-agent: *\nDisalow: /a\n", "FooBot", "/a", false, 2},
		{"disallow misspelled dissallow", "User-agent: *\nDissallow: /a\n", "FooBot", "/a", false, 2},
		{"disallow misspelled diasllow", "User-agent: *\nDiasllow: /a\n", "FooBot", "/a", false, 2},
		{"disallow misspelled disallaw", "User-agent: *\nDisallaw: /a\n", "FooBot", "/a", false, 2},
		{"useragent", "UserAgent: FooBot\nDisallow: /a\n", "FooBot", "/a", false, 2},
		{"user agent", "User agent: FooBot\nDisallow: /a\n", "FooBot", "/a", false, 2},
		{"not accepted: dis-allow", "User-agent: *\nDis-allow: /a\n", "FooBot", "/a", true, 0},
		{"not accepted: alow", "User-agent: *\nDisallow: /\nAlow: /a\n", "FooBot", "/a", false, 2},
		{"not accepted: diaslow", "User-agent: *\nDiaslow: /a\n", "FooBot", "/a", true, 0},
		{"not accepted: user_agent", "user_agent: FooBot\nDisallow: /a\n", "FooBot", "/a", true, 0},
		// Groups.
		{"blank lines do not end a group", "User-agent: FooBot\n\n\nDisallow: /a\n", "FooBot", "/a", false, 4},
		{"agents across a blank line share a group", "User-agent: BazBot\n\nUser-agent: FooBot\nDisallow: /z\n", "BazBot", "/z", false, 4},
		{"sitemap between agents", "User-agent: FooBot\nSitemap: /s.xml\nUser-agent: BarBot\nDisallow: /\n", "FooBot", "/x", false, 4},
		{"crawl-delay between agents", "User-agent: FooBot\nCrawl-delay: 3\nUser-agent: BarBot\nDisallow: /\n", "FooBot", "/x", false, 4},
		{"unknown line between agents", "User-agent: FooBot\nfoo: bar\nUser-agent: BarBot\nDisallow: /\n", "FooBot", "/x", false, 4},
		{"rule before any agent ignored", "Disallow: /a\nUser-agent: *\nAllow: /b\n", "FooBot", "/a", true, 0},
		{"groups merged", "User-agent: FooBot\nDisallow: /x\n\nUser-agent: BarBot\nDisallow: /y\n\nUser-agent: FooBot\nDisallow: /z\n", "FooBot", "/z", false, 8},
		{"own group replaces *", "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow: /private\n", "FooBot", "/x", true, 0},
		{"own group without rules still replaces *", "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\n", "FooBot", "/x", true, 0},
		{"own empty disallow replaces *", "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow:\n", "FooBot", "/x", true, 0},
		{"* group for others", "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow: /private\n", "BarBot", "/x", false, 2},
		{"empty file", "", "FooBot", "/x", true, 0},
		{"no group applies", "User-agent: BarBot\nDisallow: /\n", "FooBot", "/x", true, 0},
		{"group of * and a name is specific for the name", "User-agent: *\nUser-agent: FooBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n", "FooBot", "/b", true, 0},
		// User-agent values.
		{"* then space is global", "User-agent: * foo\nDisallow: /\n", "BarBot", "/x", false, 2},
		{"*bot is not global", "User-agent: *bot\nDisallow: /\n", "BarBot", "/x", true, 0},
		{"token is the leading letters", "User-agent: FooBot/2.1\nDisallow: /\n", "foobot", "/x", false, 2},
		{"digits end the token", "User-agent: Bot123\nDisallow: /\n", "Bot", "/x", false, 2},
		{"digits end the token, not for the caller", "User-agent: Bot123\nDisallow: /\n", "Bot123", "/x", true, 0},
		{"space ends the token", "User-agent: Foo Bar\nDisallow: /\n", "Foo", "/x", false, 2},
		{"exact token, not prefix", "User-agent: Googlebot\nDisallow: /\n", "Googlebot-News", "/x", true, 0},
		{"caller is not extracted", "User-agent: FooBot\nDisallow: /\n", "FooBot/2.1", "/x", true, 0},
		{"caller with a space", "User-agent: Foo Bar\nDisallow: /\n\nUser-agent: *\nAllow: /\n", "Foo Bar", "/x", true, 5},
		{"empty value, empty caller", "User-agent:\nDisallow: /\n", "", "/x", false, 2},
		{"empty caller and a named group", "User-agent: FooBot\nDisallow: /\n", "", "/x", true, 0},
		// URLs and patterns.
		{"empty URL is /", "User-agent: *\nDisallow: /\n", "FooBot", "", false, 2},
		{"absolute URL", "User-agent: *\nDisallow: /a\n", "FooBot", "http://example.com/a?b#c", false, 2},
		{"paths are case-sensitive", "User-agent: *\nDisallow: /X/\n", "FooBot", "/x/y", true, 0},
		{"UTF-8 rule matches the escaped URL", "User-agent: *\nDisallow: /ツ\n", "FooBot", "/%E3%83%84", false, 2},
		{"UTF-8 rule does not match a raw URL", "User-agent: *\nDisallow: /ツ\n", "FooBot", "/ツ", true, 0},
		{"escapes are upper-cased in rules", "User-agent: *\nDisallow: /%aa\n", "FooBot", "/%AA", false, 2},
		{"but not in URLs", "User-agent: *\nDisallow: /%aa\n", "FooBot", "/%aa", true, 0},
		{"escapes are not decoded", "User-agent: *\nDisallow: /%62%61%7A\n", "FooBot", "/baz", true, 0},
		{"* matches any run", "User-agent: *\nDisallow: /foo/*/qux\n", "FooBot", "/foo/bar/baz/qux", false, 2},
		{"$ anchors the end", "User-agent: *\nDisallow: /foo/bar$\n", "FooBot", "/foo/bar/", true, 0},
		{"$ elsewhere is literal", "User-agent: *\nDisallow: /a$b\n", "FooBot", "/a$bc", false, 2},
		{"no leading slash never matches", "User-agent: *\nDisallow: foo\n", "FooBot", "/foo", true, 0},
		{"leading * matches", "User-agent: *\nDisallow: *foo\n", "FooBot", "/afoo", false, 2},
		{"query is matched", "User-agent: *\nDisallow: /fish\n", "FooBot", "/?id=fish", true, 0},
		// Precedence.
		{"longer pattern wins", "User-agent: *\nAllow: /page\nDisallow: /*.html\n", "FooBot", "/page.html", false, 3},
		{"trailing * counts", "User-agent: *\nDisallow: /fish\nAllow: /fish*\n", "FooBot", "/fish", true, 3},
		{"/* beats /", "User-agent: *\nDisallow: /*\nAllow: /\n", "FooBot", "/x", false, 2},
		{"tie goes to allow", "User-agent: *\nDisallow: /folder\nAllow: /folder\n", "FooBot", "/folder/x", true, 3},
		{"empty disallow never decides", "User-agent: *\nDisallow:\n", "FooBot", "/x", true, 0},
		{"index.html allows its directory", "User-agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", "FooBot", "/allowed-slash/", true, 2},
		{"index.html, not its sibling", "User-agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n", "FooBot", "/allowed-slash/index.htm", false, 3},
		{"index.html does not allow a query", "User-agent: *\nAllow: /index.html\nDisallow: /\n", "FooBot", "/?q=1", false, 3},
		{"robots.txt is not special", "User-agent: *\nDisallow: /\n", "FooBot", "/robots.txt", false, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Compile(syntax.Parse([]byte(tt.robots)), Google)
			v := r.Check(tt.agent, tt.url)
			if v.Allowed != tt.allowed || v.Line+1 != tt.line {
				t.Errorf("agent %q url %q: allowed %v by line %d, want %v by line %d", tt.agent, tt.url, v.Allowed, v.Line+1, tt.allowed, tt.line)
			}
		})
	}
}

// TestGoogleLineTooLong checks that Google's cut of a line at 16,663 bytes
// changes what the rule matches: the cut pattern still matches.
func TestGoogleLineTooLong(t *testing.T) {
	prefix := "Disallow: /"
	pattern := "/" + strings.Repeat("a", syntax.GoogleMaxLineBytes-len(prefix))
	robots := "User-agent: *\n" + prefix + pattern[1:] + "bbbb\n"
	r := Compile(syntax.Parse([]byte(robots)), Google)
	if v := r.Check("FooBot", pattern+"ccc"); v.Allowed {
		t.Errorf("the cut rule does not block %d a's then ccc", len(pattern)-1)
	}
	if v := r.Check("FooBot", pattern[:len(pattern)-1]); !v.Allowed {
		t.Errorf("the cut rule blocks a shorter path")
	}
}

// TestGooglePath checks URL-to-path extraction on Google's own table.
func TestGooglePath(t *testing.T) {
	for url, want := range map[string]string{
		"": "/", "http://www.example.com": "/", "http://www.example.com/": "/",
		"http://www.example.com/a": "/a", "http://www.example.com/a/": "/a/",
		"http://www.example.com/a/b?c=http://d.e/":    "/a/b?c=http://d.e/",
		"http://www.example.com/a/b?c=d&e=f#fragment": "/a/b?c=d&e=f",
		"example.com":                      "/",
		"example.com/":                     "/",
		"example.com/a":                    "/a",
		"example.com/a/":                   "/a/",
		"example.com/a/b?c=d&e=f#fragment": "/a/b?c=d&e=f",
		"a":                                "/",
		"a/":                               "/",
		"/a":                               "/a",
		"a/b":                              "/b",
		"example.com?a":                    "/?a",
		"example.com/a;b#c":                "/a;b",
		"//a/b/c":                          "/b/c",
		"http://example.com#frag/x":        "/",
	} {
		if got := googlePath(url); got != want {
			t.Errorf("googlePath(%q) = %q, want %q", url, got, want)
		}
	}
}

// TestEscapePattern checks Google's pattern normalisation.
func TestEscapePattern(t *testing.T) {
	for in, want := range map[string]string{
		"http://www.example.com": "http://www.example.com",
		"/a/b/c":                 "/a/b/c",
		"á":                      "%C3%A1",
		"%aa":                    "%AA",
		"%2f%zz%a":               "%2F%zz%a",
		"/foo/bar/ツ":             "/foo/bar/%E3%83%84",
	} {
		if got := EscapePattern(in); got != want {
			t.Errorf("EscapePattern(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestWildcardMatch checks the matcher against a reference that tries
// every way of matching, on patterns where greedy matching could go wrong.
func TestWildcardMatch(t *testing.T) {
	paths := []string{"/", "/a", "/ab", "/aab", "/abab", "/a$b", "/abcabc", "/x/a/b", "/fish.php?x", ""}
	patterns := []string{"/", "/a", "/a*", "/*b", "/*b$", "/a*b", "/a*b$", "*", "*$", "/*a*b", "/*ab*ab$",
		"/a$b", "/a$", "$", "/**b", "/*.php", "/*.php$", "/fish*.php", "/abc*abc$", "/*c$"}
	for _, p := range paths {
		for _, pat := range patterns {
			if got, want := wildcardMatch(p, pat), referenceMatch(p, pat); got != want {
				t.Errorf("wildcardMatch(%q, %q) = %v, want %v", p, pat, got, want)
			}
		}
	}
}

// referenceMatch is wildcardMatch by exhaustive recursion.
func referenceMatch(path, pattern string) bool {
	if pattern == "$" {
		return path == ""
	}
	if pattern == "" {
		return true
	}
	if pattern[0] == '*' {
		for i := 0; i <= len(path); i++ {
			if referenceMatch(path[i:], pattern[1:]) {
				return true
			}
		}
		return false
	}
	return path != "" && path[0] == pattern[0] && referenceMatch(path[1:], pattern[1:])
}
