package match

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

// verdictsOf answers one query under every profile, as "google:D2
// rfc9309:A ...": A allowed, D disallowed, then the 1-based number of the
// deciding line when a rule decided.
func verdictsOf(robots, agent, url string) string {
	f := syntax.Parse([]byte(robots))
	var out []string
	for _, p := range Profiles() {
		r := Compile(f, p)
		v := r.Check(agent, url)
		s := p.Name + ":A"
		if !v.Allowed {
			s = p.Name + ":D"
		}
		if v.Line >= 0 {
			s += strconv.Itoa(v.Line + 1)
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

// TestProfilesDisagree checks each profile's distinguishing behaviour: one
// file and query a line, and every profile's verdict with its deciding
// line.
func TestProfilesDisagree(t *testing.T) {
	tests := []struct {
		name, robots, agent, url string
		want                     string
	}{
		{"all agree on a plain rule",
			"User-agent: *\nDisallow: /private\n", "FooBot", "/private/x",
			"google:D2 rfc9309:D2 bing:D2 yandex:D2 legacy:D2"},
		// Directive names.
		{"only google reads a misspelling",
			"User-agent: *\nDisalow: /a\n", "FooBot", "/a",
			"google:D2 rfc9309:A bing:A yandex:A legacy:A"},
		{"only google reads a name by its prefix",
			"User-agent: *\nDisallowed: /a\n", "FooBot", "/a",
			"google:D2 rfc9309:A bing:A yandex:A legacy:A"},
		{"only google reads a line without a colon",
			"User-agent: *\nDisallow /a\n", "FooBot", "/a",
			"google:D2 rfc9309:A bing:A yandex:A legacy:A"},
		{"names in any case everywhere",
			"USER-AGENT: *\nDISALLOW: /a\n", "FooBot", "/a",
			"google:D2 rfc9309:D2 bing:D2 yandex:D2 legacy:D2"},
		// Groups and blank lines.
		{"a blank line ends the group for yandex and legacy",
			"User-agent: *\n\nDisallow: /a\n", "FooBot", "/a",
			"google:D3 rfc9309:D3 bing:D3 yandex:A legacy:A"},
		{"a comment line does not end a record",
			"User-agent: *\n# note\nDisallow: /a\n", "FooBot", "/a",
			"google:D3 rfc9309:D3 bing:D3 yandex:D3 legacy:D3"},
		{"a sitemap line does not end a group",
			"User-agent: FooBot\nSitemap: https://example.com/s.xml\nUser-agent: BarBot\nDisallow: /\n", "FooBot", "/a",
			"google:D4 rfc9309:D4 bing:D4 yandex:D4 legacy:D4"},
		{"clean-param and host do not affect yandex",
			"User-agent: Yandex\nClean-param: ref /books/\nHost: example.com\nDisallow: /books/\n", "YandexBot", "/books/a?ref=1",
			"google:A rfc9309:A bing:A yandex:D4 legacy:A"},
		{"groups merge except in legacy, which takes the first record",
			"User-agent: FooBot\nDisallow: /x\n\nUser-agent: FooBot\nDisallow: /y\n", "FooBot", "/y",
			"google:D5 rfc9309:D5 bing:D5 yandex:D5 legacy:A"},
		// User-agent matching.
		{"google reads the token before the version",
			"User-agent: FooBot/2.1\nDisallow: /\n", "FooBot", "/a",
			"google:D2 rfc9309:A bing:A yandex:A legacy:D2"},
		{"yandex and legacy match by substring",
			"User-agent: Yandex\nDisallow: /\n", "YandexBot", "/a",
			"google:A rfc9309:A bing:A yandex:D2 legacy:A"},
		{"legacy: the value contains the robot's name",
			"User-agent: Mozilla/5.0 (compatible; FooBot/2.1)\nDisallow: /\n", "foobot", "/a",
			"google:A rfc9309:A bing:A yandex:A legacy:D2"},
		{"yandex: the longest contained value wins",
			"User-agent: Yandex\nDisallow: /\n\nUser-agent: YandexBot\nDisallow: /private\n", "YandexBot", "/a",
			"google:A rfc9309:A bing:A yandex:A legacy:A"},
		{"yandex: a specific group replaces *",
			"User-agent: *\nDisallow: /\n\nUser-agent: Yandex\nDisallow: /private\n", "YandexImages", "/a",
			"google:D2 rfc9309:D2 bing:D2 yandex:A legacy:D2"},
		{"legacy: user-agent lines without rules before a blank line are no record",
			"User-agent: FooBot\n\nUser-agent: *\nDisallow: /\n", "FooBot", "/a",
			"google:D4 rfc9309:D4 bing:D4 yandex:A legacy:D4"},
		{"legacy: nor at the end of the file",
			"User-agent: *\nDisallow: /\n\nUser-agent: FooBot\n", "FooBot", "/a",
			"google:A rfc9309:A bing:A yandex:A legacy:D2"},
		{"legacy: an extension line makes a record, which allows everything",
			"User-agent: FooBot\nCrawl-delay: 5\n\nUser-agent: *\nDisallow: /\n", "FooBot", "/a",
			"google:D5 rfc9309:D5 bing:D5 yandex:A legacy:A"},
		{"legacy: an extension line ends the record's user-agent lines",
			"User-agent: FooBot\nCrawl-delay: 5\nUser-agent: BarBot\nDisallow: /\n", "FooBot", "/a",
			"google:D4 rfc9309:D4 bing:D4 yandex:D4 legacy:A"},
		{"legacy takes the first matching record, not the *",
			"User-agent: *\nDisallow: /\n\nUser-agent: FooBot\nDisallow:\n", "FooBot", "/a",
			"google:A rfc9309:A bing:A yandex:A legacy:A"},
		// Precedence.
		{"longest match, except in legacy: first match",
			"User-agent: *\nDisallow: /\nAllow: /public\n", "FooBot", "/public/a",
			"google:A3 rfc9309:A3 bing:A3 yandex:A3 legacy:D2"},
		{"allow wins a tie, except in legacy: first match",
			"User-agent: *\nDisallow: /a\nAllow: /a\n", "FooBot", "/a",
			"google:A3 rfc9309:A3 bing:A3 yandex:A3 legacy:D2"},
		// Patterns.
		{"legacy takes * literally",
			"User-agent: *\nDisallow: /*.pdf\n", "FooBot", "/a.pdf",
			"google:D2 rfc9309:D2 bing:D2 yandex:D2 legacy:A"},
		{"legacy takes $ literally",
			"User-agent: *\nDisallow: /a$\n", "FooBot", "/a$b",
			"google:A rfc9309:A bing:A yandex:A legacy:D2"},
		{"yandex drops a rule that starts with neither / nor *",
			"User-agent: *\nDisallow: a\nDisallow: *.gif$\n", "FooBot", "/x.gif",
			"google:D3 rfc9309:D3 bing:D3 yandex:D3 legacy:A"},
		{"legacy takes only a prefix",
			"User-agent: *\nDisallow: *.gif$\n", "FooBot", "/x.gif",
			"google:D2 rfc9309:D2 bing:D2 yandex:D2 legacy:A"},
		// Percent-encoding.
		{"unreserved escapes decoded by the standards, not by google",
			"User-agent: *\nDisallow: /%7Ejoe\n", "FooBot", "/~joe/x",
			"google:A rfc9309:D2 bing:D2 yandex:D2 legacy:D2"},
		{"an escaped slash is not a slash",
			"User-agent: *\nDisallow: /a%2Fb\n", "FooBot", "/a/b",
			"google:A rfc9309:A bing:A yandex:A legacy:A"},
		{"escaped reserved characters are decoded only by legacy",
			"User-agent: *\nDisallow: /a%3Fb\n", "FooBot", "/a?b",
			"google:A rfc9309:A bing:A yandex:A legacy:D2"},
		// Special URLs.
		{"/robots.txt is allowed except by google",
			"User-agent: *\nDisallow: /\n", "FooBot", "/robots.txt",
			"google:D2 rfc9309:A bing:A yandex:A legacy:A"},
		{"google's index.html rule",
			"User-agent: *\nDisallow: /\nAllow: /a/index.html\n", "FooBot", "/a/",
			"google:A3 rfc9309:D2 bing:D2 yandex:D2 legacy:D2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := verdictsOf(tt.robots, tt.agent, tt.url); got != tt.want {
				t.Errorf("%q as %q for %q:\n got %s\nwant %s", tt.robots, tt.agent, tt.url, got, tt.want)
			}
		})
	}
}

// TestRFC9309Examples checks the examples of RFC 9309 §5 and the tables of
// §2.2.2 and §2.2.3 under the rfc9309 profile.
func TestRFC9309Examples(t *testing.T) {
	// §5.1, verbatim.
	const simple = "User-Agent: *\n" +
		"Disallow: *.gif$\n" +
		"Disallow: /example/\n" +
		"Allow: /publications/\n" +
		"\n" +
		"User-Agent: foobot\n" +
		"Disallow:/\n" +
		"Allow:/example/page.html\n" +
		"Allow:/example/allowed.gif\n" +
		"\n" +
		"User-Agent: barbot\n" +
		"User-Agent: bazbot\n" +
		"Disallow: /example/page.html\n" +
		"\n" +
		"User-Agent: quxbot\n" +
		"\n" +
		"EOF\n"
	// §5.2, verbatim.
	const longest = "User-Agent: foobot\n" +
		"Allow: /example/page/\n" +
		"Disallow: /example/page/disallowed.gif\n"
	pct := func(pattern string) string { return "User-agent: *\nDisallow: /\nAllow: " + pattern + "\n" }
	tests := []struct {
		name, robots, agent, url string
		allowed                  bool
		line                     int
	}{
		// §5.1: "*" allows /publications/, blocks /example/ and all GIFs.
		{"5.1 * publications", simple, "OtherBot", "/publications/a", true, 4},
		{"5.1 * example", simple, "OtherBot", "/example/a", false, 3},
		{"5.1 * gif anywhere", simple, "OtherBot", "/a/b.gif", false, 2},
		{"5.1 * gif not at the end", simple, "OtherBot", "/a/b.gif?x", true, 0},
		{"5.1 * elsewhere", simple, "OtherBot", "/a", true, 0},
		// foobot: only two prefixes, without the optional space.
		{"5.1 foobot page", simple, "foobot", "/example/page.html", true, 8},
		{"5.1 foobot allowed gif", simple, "foobot", "/example/allowed.gif", true, 9},
		{"5.1 foobot elsewhere", simple, "FooBot", "/publications/a", false, 7},
		// barbot and bazbot share a group.
		{"5.1 barbot page", simple, "barbot", "/example/page.html", false, 13},
		{"5.1 bazbot page", simple, "bazbot", "/example/page.html", false, 13},
		{"5.1 bazbot elsewhere", simple, "bazbot", "/example/other.gif", true, 0},
		// quxbot: an empty group at the end allows everything.
		{"5.1 quxbot", simple, "quxbot", "/example/a.gif", true, 0},
		// §5.2: the longest match decides.
		{"5.2 longest", longest, "foobot", "/example/page/disallowed.gif", false, 3},
		{"5.2 shorter", longest, "foobot", "/example/page/other.gif", true, 2},
		// §2.2.2 figure 4: percent-encoded URI components.
		{"2.2.2 query as written", pct("/foo/bar?baz=quz"), "FooBot", "/foo/bar?baz=quz", true, 3},
		{"2.2.2 raw UTF-8 rule, escaped URL", pct("/foo/bar/\u30c4"), "FooBot", "/foo/bar/%E3%83%84", true, 3},
		{"2.2.2 raw UTF-8 rule, raw URL", pct("/foo/bar/\u30c4"), "FooBot", "/foo/bar/\u30c4", true, 3},
		{"2.2.2 escaped rule, raw URL", pct("/foo/bar/%E3%83%84"), "FooBot", "/foo/bar/\u30c4", true, 3},
		{"2.2.2 lower-case escape", pct("/foo/bar/%e3%83%84"), "FooBot", "/foo/bar/%E3%83%84", true, 3},
		{"2.2.2 unreserved escapes decoded", pct("/foo/bar/%62%61%7A"), "FooBot", "/foo/bar/baz", true, 3},
		{"2.2.2 unreserved escapes in the URL", pct("/foo/bar/baz"), "FooBot", "/foo/bar/%62%61%7A", true, 3},
		// §2.2.3 figure 6: special characters matched verbatim.
		{"2.2.3 escaped *", pct("/path/file-with-a-%2A.html"), "FooBot", "https://www.example.com/path/file-with-a-*.html", true, 3},
		{"2.2.3 escaped $", pct("/path/foo-%24"), "FooBot", "https://www.example.com/path/foo-$", true, 3},
		{"2.2.3 * is a wildcard", pct("/this/*/exactly"), "FooBot", "/this/x/y/exactly", true, 3},
		{"2.2.3 $ ends the pattern", pct("/this/path/exactly$"), "FooBot", "/this/path/exactly/not", false, 2},
		// §2.2.1: product tokens, merging, * fallback.
		{"2.2.1 tokens ignore case", "User-agent: FOOBOT\nDisallow: /\n", "foobot", "/a", false, 2},
		{"2.2.1 exact token only", "User-agent: foobot\nDisallow: /\n", "foobot-news", "/a", true, 0},
		{"2.2.1 not a product token", "User-agent: foobot/1.0\nDisallow: /\n", "foobot", "/a", true, 0},
		{"2.2.1 groups combined", "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /\n\nUser-agent: a\nDisallow: /y\n", "a", "/y", false, 8},
		{"2.2.1 * fallback", "User-agent: a\nDisallow: /\n\nUser-agent: *\nDisallow: /z\n", "b", "/z", false, 5},
		{"2.2.1 no rules apply", "User-agent: a\nDisallow: /\n", "b", "/z", true, 0},
		// §2.1, §2.2.4: blank lines and other records do not end a group.
		{"2.1 blank lines in a group", "User-agent: a\n\nDisallow: /\n", "a", "/z", false, 3},
		{"2.2.4 sitemap in a group", "User-agent: a\nSitemap: https://example.com/s.xml\nUser-agent: b\nDisallow: /\n", "a", "/z", false, 4},
		{"2.2.2 orphan rules ignored", "Disallow: /\nUser-agent: *\n", "a", "/z", true, 0},
		{"2.2.2 /robots.txt implicitly allowed", "User-agent: *\nDisallow: /\n", "a", "/robots.txt", true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Compile(syntax.Parse([]byte(tt.robots)), RFC9309)
			v := r.Check(tt.agent, tt.url)
			if v.Allowed != tt.allowed || v.Line+1 != tt.line {
				t.Errorf("%s for %q: allowed %v by line %d (%q), want %v by line %d", tt.agent, tt.url, v.Allowed, v.Line+1, r.RuleText(v), tt.allowed, tt.line)
			}
		})
	}
}

// TestParseLimit checks that the profiles with a size limit (all but
// legacy: Google's crawler stops at 500 KiB although its library reads on)
// ignore what follows it, and read a line across it only up to it.
func TestParseLimit(t *testing.T) {
	filler := "# " + strings.Repeat("x", 98) + "\n"
	robots := "User-agent: *\n" + strings.Repeat(filler, syntax.SizeLimit/len(filler)+1) + "Disallow: /late\n"
	f := syntax.Parse([]byte(robots))
	for _, p := range Profiles() {
		v := Compile(f, p).Check("FooBot", "/late")
		if want := p.SizeLimit == 0; v.Allowed == want {
			t.Errorf("%s: allowed %v, want %v", p.Name, v.Allowed, !want)
		}
	}

	// "Disallow: /private/" with the limit after its "/p".
	head := "User-agent: *\n" + strings.Repeat(filler, (syntax.SizeLimit-14)/len(filler)-1)
	head += "#" + strings.Repeat("x", syntax.SizeLimit-len(head)-len("Disallow: /p")-2) + "\n"
	f = syntax.Parse([]byte(head + "Disallow: /private/\nDisallow: /late\n"))
	cut := len(f.Lines) - 2
	for _, p := range Profiles() {
		r := Compile(f, p)
		v := r.Check("FooBot", "/pub")
		if p.SizeLimit == 0 {
			if !v.Allowed {
				t.Errorf("%s: /pub disallowed by line %d", p.Name, v.Line+1)
			}
			continue
		}
		if v.Allowed || v.Line != cut || r.RuleText(v) != "Disallow: /p" {
			t.Errorf("%s: /pub: allowed %v by line %d, %q; want disallowed by line %d, \"Disallow: /p\"", p.Name, v.Allowed, v.Line+1, r.RuleText(v), cut+1)
		}
	}
}

// TestReasons checks that each verdict says what decided it.
func TestReasons(t *testing.T) {
	const robots = "User-agent: FooBot\nDisallow: /private\n"
	tests := []struct {
		profile    *Profile
		agent, url string
		want       Reason
	}{
		{Google, "FooBot", "/private", ReasonRule},
		{Google, "FooBot", "/public", ReasonNoRule},
		{Google, "BarBot", "/private", ReasonNoGroup},
		{Google, "FooBot", "/robots.txt", ReasonNoRule},
		{RFC9309, "FooBot", "/robots.txt", ReasonRobotsTxt},
		{RFC9309, "FooBot", "/robots.txt?x=1", ReasonRobotsTxt},
		{Legacy, "BarBot", "/private", ReasonNoGroup},
	}
	f := syntax.Parse([]byte(robots))
	for _, tt := range tests {
		v := Compile(f, tt.profile).Check(tt.agent, tt.url)
		if v.Reason != tt.want {
			t.Errorf("%s %s %s: reason %d, want %d", tt.profile.Name, tt.agent, tt.url, v.Reason, tt.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct {
		in       string
		path     bool
		rfc, leg string
	}{
		{"/a/b", true, "/a/b", "/a/b"},
		{"/%7ejoe", true, "/~joe", "/~joe"},
		{"/a%2fb", true, "/a%2Fb", "/a%2Fb"},
		{"/a%3cd", true, "/a%3Cd", "/a<d"},
		{"/caf\xc3\xa9", true, "/caf%C3%A9", "/caf\xc3\xa9"},
		{"/a b", true, "/a%20b", "/a b"},
		{"/a*$", true, "/a%2A%24", "/a*$"},
		{"/a*$", false, "/a*$", "/a*$"},
		{"/100%", true, "/100%", "/100%"},
		{"/%zz", true, "/%zz", "/%zz"},
	}
	for _, tt := range tests {
		if got := rfcNormalize(tt.in, tt.path); got != tt.rfc {
			t.Errorf("rfcNormalize(%q, %v) = %q, want %q", tt.in, tt.path, got, tt.rfc)
		}
		if got := legacyNormalize(tt.in); got != tt.leg {
			t.Errorf("legacyNormalize(%q) = %q, want %q", tt.in, got, tt.leg)
		}
	}
}

// ExampleRobots_Check shows a verdict and its reason.
func ExampleRobots_Check() {
	f := syntax.Parse([]byte("User-agent: *\nDisallow: /private\n"))
	r := Compile(f, RFC9309)
	v := r.Check("FooBot", "https://example.com/private/a?b")
	fmt.Println(v.Allowed, v.Line+1, r.RuleText(v))
	// Output: false 2 Disallow: /private
}

// TestMatchesAgreesWithCheck checks that Profile.Matches, which asks about
// one rule, says what a file of that one rule says through Check.
func TestMatchesAgreesWithCheck(t *testing.T) {
	values := []string{"", "/", "/a", "/a/", "/a*", "/a$", "/*.pdf$", "/a/index.html", "/a/index.htm", "a", "*a", "/%7Ea", "/~a", "/a%2fb", "/é", "/%C3%A9", "/a?b=c", "/a*b$", "/$", "*"}
	urls := []string{"/", "/a", "/a/", "/ab", "/a/b", "/x.pdf", "/x.pdf?y", "/a/index.html", "/~a", "/%7Ea", "/%7ea", "/a%2Fb", "/a/b", "/é", "/%C3%A9", "/a?b=c", "/axb", "https://example.com/a", "/robots.txt"}
	n := 0
	for _, p := range Profiles() {
		for _, allow := range []bool{true, false} {
			key := "Disallow"
			if allow {
				key = "Allow"
			}
			for _, v := range values {
				r := Compile(syntax.Parse([]byte("User-agent: *\n"+key+": "+v+"\n")), p)
				for _, u := range urls {
					got := p.Matches(allow, v, u)
					verdict := r.Check("bot", u)
					if verdict.Reason == ReasonRobotsTxt {
						continue // the profile's, not the rule's
					}
					if want := verdict.Reason == ReasonRule; got != want {
						t.Errorf("%s: Matches(%s: %q, %q) = %v, but Check says %v", p.Name, key, v, u, got, verdict)
					}
					n++
				}
			}
		}
	}
	t.Logf("%d (profile, rule, URL) cases agree", n)
}
