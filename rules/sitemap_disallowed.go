package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// SitemapDisallowed reports a sitemap whose own URL the site's robots.txt
// keeps a targeted crawler from fetching, naming the line per crawler.
var SitemapDisallowed = &lint.Rule{
	Name:    "sitemap-disallowed",
	Summary: "robots.txt keeps a targeted crawler from fetching the sitemap itself",
	Doc: lint.Doc{
		What: "Checks the sitemap's own URL, when it is on the site's host, against the site's robots.txt for the " +
			"main crawler of each targeted profile, and reports the robots.txt lines that disallow it, with the " +
			"crawlers each keeps out, at the start of the sitemap. A sitemap on another host (a cross-host " +
			"submission) is governed by that host's robots.txt, which robotslint does not have here.",
		Why: "A crawler fetches a sitemap like any other URL, and robots.txt applies to it: no crawler documents " +
			"an exception. Yandex's sitemap errors reference lists \"The URL is forbidden in robots.txt\": the " +
			"sitemap \"could not be downloaded\". Google documents no exception either, so a Disallow that covers " +
			"the sitemap (a `Disallow: /*.xml$` meant for feeds, a `Disallow: /sitemaps/`) can keep every URL it " +
			"lists from being discovered through it. SEO crawlers such as Lumar report disallowed sitemaps as broken.",
		Instead: "Let crawlers fetch the sitemap: serve it where robots.txt allows it (and list that URL), narrow " +
			"the Disallow line, or add an Allow line for the sitemap's path (`Allow: /sitemaps/pages.xml`), which " +
			"wins over a shorter Disallow.",
	},
	Flagged: "<!-- served at https://www.example.com/sitemaps/pages.xml -->\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/</loc></url>\n</urlset>\n",
	Clean: "<!-- served at https://www.example.com/sitemap.xml -->\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/</loc></url>\n</urlset>\n",
	ExampleRobots: "User-agent: *\nDisallow: /sitemaps/\n\nSitemap: https://www.example.com/sitemaps/pages.xml\n",
	ExamplePath:   "/sitemap.xml",
	Severity:      lint.Error,
	Scope:         lint.ScopeSitemap,
	Profiles:      []*match.Profile{match.Google, match.Bing, match.Yandex, match.RFC9309},
	RunSitemap:    runSitemapDisallowed,
}

func runSitemapDisallowed(pass *lint.SitemapPass) lint.SitemapHooks {
	check := newRobotsCheck(pass)
	if check == nil || pass.Sitemap.URL == "" {
		return lint.SitemapHooks{}
	}
	var lines []int
	byLine := map[int][]*match.Profile{}
	check.blocked(pass.Sitemap.URL, func(p *match.Profile, line int) {
		if byLine[line] == nil {
			lines = append(lines, line)
		}
		byLine[line] = append(byLine[line], p)
	})
	if len(lines) == 0 {
		return lint.SitemapHooks{}
	}
	slices.Sort(lines)
	var why []string
	var opts []lint.ReportOption
	for _, line := range lines {
		names := crawlerNames(byLine[line])
		why = append(why, fmt.Sprintf("robots.txt %s keeps %s out", check.lineText(line), prose.Join(names)))
		opts = append(opts, lint.InRobotsTxt(check.file.Lines[line].Span, "keeps "+prose.Join(names)+" from fetching the sitemap"))
	}
	// The crawlers in the order of the targets, whichever line keeps
	// each out.
	var all []*match.Profile
	for _, p := range pass.Targets {
		for _, line := range lines {
			if slices.Contains(byLine[line], p) && !slices.Contains(all, p) {
				all = append(all, p)
			}
		}
	}
	names := crawlerNames(all)
	learn := prose.Verb(names, "it learns", "they learn")
	msg := fmt.Sprintf("robots.txt %s keeps %s from fetching this sitemap, so %s none of its URLs from it",
		check.lineText(lines[0]), prose.Join(names), learn)
	if len(lines) > 1 {
		msg = fmt.Sprintf("%s may not fetch this sitemap, so %s none of its URLs from it: %s", prose.Join(names), learn, strings.Join(why, "; "))
	}
	pass.Report(startOfSitemap, startOfSitemap, msg, opts...)
	return lint.SitemapHooks{}
}
