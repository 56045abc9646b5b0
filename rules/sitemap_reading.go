package rules

import (
	"net/url"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// How the sitemap rules read a sitemap's URLs: whose they are (the site
// whose robots.txt lists the sitemap), what robots.txt says of them for
// each targeted crawler, and how a finding about many of them is counted
// and shown. A sitemap may list 50,000 URLs, and a site millions: a rule
// reports one finding per sitemap and kind of problem, with a count and a
// few examples, never one per URL.

// maxExamples is how many URLs a finding about many shows.
const maxExamples = 3

// urlGroup is the URLs of one sitemap that one finding is about: how many,
// where the first one is, and the first few.
type urlGroup struct {
	count      int
	start, end sitemap.Pos
	examples   []string
}

// add counts the URL of e.
func (g *urlGroup) add(e *lint.SitemapEntry) {
	start, end := e.LocSpan()
	g.addAt(start, end, e.Loc)
}

// addAt counts a value of the sitemap between start and end, such as a
// lastmod, the first of which the finding is placed on.
func (g *urlGroup) addAt(start, end sitemap.Pos, value string) {
	if g.count == 0 {
		g.start, g.end = start, end
	}
	g.count++
	// Distinct examples: the same URL thrice shows less than three.
	if len(g.examples) < maxExamples && !slices.Contains(g.examples, value) {
		g.examples = append(g.examples, value)
	}
}

// report reports the group at its first URL: what, a clause whose subject
// is the URLs ("1,204 URLs in this sitemap" + what), then the examples,
// shortened to their paths when they are on the site at origin.
func (g *urlGroup) report(pass *lint.SitemapPass, what, origin string, opts ...lint.ReportOption) {
	sep := ", e.g. "
	if g.count == 1 {
		sep = ": "
	}
	msg := prose.Count(g.count, "URL", "URLs") + " in this sitemap " + what + sep + g.exampleText(origin)
	pass.Report(g.start, g.end, msg, append([]lint.ReportOption{lint.WithURLs(g.count, g.examples)}, opts...)...)
}

// exampleText writes the examples for a message: "`/a`, `/b`, `/c`".
func (g *urlGroup) exampleText(origin string) string {
	shown := make([]string, len(g.examples))
	for i, u := range g.examples {
		if origin != "" && sameOrigin(u, origin) && len(u) > len(origin) {
			u = u[len(origin):]
		}
		shown[i] = prose.Quote([]byte(u))
	}
	return strings.Join(shown, ", ")
}

// originOf returns the scheme and host of the absolute URL raw as crawlers
// compare them, "https://example.com": in lower case, without a default
// port. It returns false for a URL without scheme or host.
func originOf(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "", false
	}
	scheme, host := strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	if scheme == "https" {
		host = strings.TrimSuffix(host, ":443")
	} else if scheme == "http" {
		host = strings.TrimSuffix(host, ":80")
	}
	return scheme + "://" + host, true
}

// sameOrigin reports whether the URL loc is on origin (as originOf gives
// it). Most URLs of a sitemap start with its site's origin as written, so
// a comparison of the prefix decides them without parsing; the rest (an
// explicit default port, another host) are parsed.
func sameOrigin(loc, origin string) bool {
	if len(loc) >= len(origin) && strings.EqualFold(loc[:len(origin)], origin) &&
		(len(loc) == len(origin) || strings.IndexByte("/?#", loc[len(origin)]) >= 0) {
		return true
	}
	o, ok := originOf(loc)
	return ok && o == origin
}

// siteOrigin returns the origin of the robots.txt the sitemap's site was
// given with, whose URLs the sitemap may list, or "" when it is not known.
func siteOrigin(pass *lint.SitemapPass) string {
	o, _ := originOf(pass.Site.Input().RobotsURL)
	return o
}

// listedByRobots reports whether robots.txt leads to the sitemap: a
// Sitemap: line names it or the index it was found through.
func listedByRobots(pass *lint.SitemapPass) bool {
	l := pass.Sitemap.Listing
	return l != nil && l.RobotsLine >= 0
}

// mainCrawlerName returns the name messages give the main crawler of profile
// p: its user-agent token (Googlebot, bingbot, Yandex) or, for a profile
// without a crawler of its own, the profile's readers ("RFC 9309
// crawlers").
func mainCrawlerName(p *match.Profile) string {
	if t := mainCrawler(p); t != "*" {
		return t
	}
	return p.Readers
}

// crawlerNames returns the names of the main crawlers of profiles.
func crawlerNames(profiles []*match.Profile) []string {
	names := make([]string, len(profiles))
	for i, p := range profiles {
		names[i] = mainCrawlerName(p)
	}
	return names
}

// robotsCheck answers, for the URLs of a site, which targeted crawlers
// its robots.txt keeps out and by which line: the main crawler of each
// targeted profile, as that profile reads the file.
type robotsCheck struct {
	file     *syntax.File
	origin   string
	profiles []*match.Profile
	tokens   []string
	robots   []*match.Robots
}

// newRobotsCheck returns the check of the sitemap's site, or nil when the
// site's robots.txt or its origin is not known: a URL is then checked
// against nothing.
func newRobotsCheck(pass *lint.SitemapPass) *robotsCheck {
	in := pass.Site.Input()
	origin := siteOrigin(pass)
	if in.Robots == nil || origin == "" {
		return nil
	}
	c := &robotsCheck{file: in.Robots, origin: origin}
	for _, p := range pass.Targets {
		if r := pass.Robots(p); r != nil {
			c.profiles = append(c.profiles, p)
			c.tokens = append(c.tokens, mainCrawler(p))
			c.robots = append(c.robots, r)
		}
	}
	return c
}

// blocked calls f for each targeted profile whose crawler robots.txt
// keeps from fetching loc, with the index in the robots.txt's lines of the
// rule that decides. A URL on another host is governed by that host's
// robots.txt, which is not known: it is never blocked here.
func (c *robotsCheck) blocked(loc string, f func(p *match.Profile, line int)) {
	if c == nil || !sameOrigin(loc, c.origin) {
		return
	}
	for i, r := range c.robots {
		v := r.Check(c.tokens[i], loc)
		if !v.Allowed && v.Reason == match.ReasonRule && v.Line >= 0 && v.Line < len(c.file.Lines) {
			f(c.profiles[i], v.Line)
		}
	}
}

// lineText names robots.txt line i for a message: "line 7 `Disallow: /p`".
func (c *robotsCheck) lineText(i int) string {
	return lineRef(int32(i)) + " " + ruleText(c.file, &c.file.Lines[i])
}

// startOfSitemap is where a finding about the whole sitemap is reported.
var startOfSitemap = sitemap.Pos{Line: 1, Col: 1}
