package rules

import (
	"fmt"
	"slices"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// SitemapBlockedURL reports the URLs of a sitemap that the site's
// robots.txt keeps a targeted crawler from fetching: one finding per
// robots.txt line that does, with the crawlers it keeps out, how many URLs
// and the first few.
var SitemapBlockedURL = &lint.Rule{
	Name:    "sitemap-blocked-url",
	Summary: "a sitemap lists URLs that robots.txt keeps a targeted crawler from fetching",
	Doc: lint.Doc{
		What: "Checks every URL of a sitemap on the site's own host against its robots.txt, for the main crawler of " +
			"each targeted profile (Googlebot for google, bingbot for bing, Yandex for yandex, any crawler, `*`, " +
			"for rfc9309), and reports, once per sitemap and robots.txt line, the URLs that line disallows: how " +
			"many, the crawlers it keeps out, and the first three, at the first of them. The line is named in " +
			"the message and linked as a related location. A URL on another host is left alone: that host's " +
			"robots.txt governs it.",
		Why: "A sitemap asks crawlers to fetch and index its URLs; a Disallow line tells them not to fetch them. " +
			"Crawlers obey robots.txt, so the URLs are not crawled: Google Search Console lists them as " +
			"\"Submitted URL blocked by robots.txt\" (formerly the warning \"Sitemap contains URLs which are " +
			"blocked by robots.txt\"), and such a URL may still be indexed from links, without a description. " +
			"Sitebulb (\"Disallowed URL in XML Sitemaps\") and Lumar report the same contradiction; this rule " +
			"names the line that decides, per crawler, before the deploy rather than weeks after it.",
		Instead: "Decide which is meant. If the pages should be found, narrow or remove the Disallow line (or add " +
			"an Allow line for them); if they should not be crawled, leave them out of the sitemap.",
	},
	Flagged: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/</loc></url>\n  <url><loc>https://www.example.com/search?q=shoes</loc></url>\n</urlset>\n",
	Clean: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/</loc></url>\n  <url><loc>https://www.example.com/shoes/</loc></url>\n</urlset>\n",
	ExampleRobots: "User-agent: *\nDisallow: /search\n\nSitemap: https://www.example.com/sitemap.xml\n",
	ExamplePath:   "/sitemap.xml",
	Severity:      lint.Error,
	Scope:         lint.ScopeSitemap,
	Profiles:      []*match.Profile{match.Google, match.Bing, match.Yandex, match.RFC9309},
	RunSitemap:    runSitemapBlockedURL,
}

func runSitemapBlockedURL(pass *lint.SitemapPass) lint.SitemapHooks {
	check := newRobotsCheck(pass)
	if check == nil {
		return lint.SitemapHooks{}
	}
	// Per deciding line, in the order first met: the URLs it blocks and
	// the crawlers it keeps out. The map is bounded by the file's rules,
	// whatever the number of URLs.
	type lineGroup struct {
		urlGroup
		profiles []*match.Profile
		last     int // the number of the last entry counted
	}
	groups := map[int]*lineGroup{}
	var order []int
	return lint.SitemapHooks{
		Entry: func(e *lint.SitemapEntry) {
			if e.Index {
				return // a sitemap of an index: sitemap-disallowed checks it when it is read
			}
			check.blocked(e.Loc, func(p *match.Profile, line int) {
				g := groups[line]
				if g == nil {
					g = &lineGroup{}
					groups[line] = g
					order = append(order, line)
				}
				if g.last != e.N {
					g.last = e.N
					g.add(e)
				}
				if !slices.Contains(g.profiles, p) {
					g.profiles = append(g.profiles, p)
				}
			})
		},
		End: func() {
			for _, line := range order {
				g := groups[line]
				names := crawlerNames(g.profiles)
				verb := prose.Choose(g.count, "is", "are")
				what := fmt.Sprintf("%s disallowed for %s by robots.txt %s", verb, prose.Join(names), check.lineText(line))
				related := lint.InRobotsTxt(check.file.Lines[line].Span, fmt.Sprintf("keeps %s from fetching %s of the sitemap", prose.Join(names), prose.Count(g.count, "URL", "URLs")))
				g.report(pass, what, check.origin, related, lint.ForProfiles(g.profiles))
			}
		},
	}
}
