package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// MissingSitemap reports a robots.txt with rules but no Sitemap line, as a
// hint: robots.txt is where every crawler that reads sitemaps looks for
// them first. A file that blocks Googlebot from the whole site (a staging
// host) wants no sitemap, and one without directives is empty-file's.
var MissingSitemap = &lint.Rule{
	Name:    "missing-sitemap",
	Summary: "a robots.txt without a sitemap line",
	Doc: lint.Doc{
		What: "Reports, as a hint, a file with directives but no `Sitemap:` line, unless Googlebot may fetch nothing " +
			"on the site.",
		Why: "A Sitemap line is how a site tells every crawler that reads sitemaps where they are, Google, Bing and " +
			"Yandex included, without submitting them to each search engine's tools. Without one, crawlers find " +
			"the site's pages only by following links, and new or poorly linked pages are found late. The line " +
			"belongs to no group and may come anywhere in the file.",
		Instead: "Add a line with the sitemap's (or sitemap index's) full URL, such as " +
			"`Sitemap: https://www.example.com/sitemap.xml`, one line per sitemap. If the site has no sitemap, " +
			"turn this rule off.",
	},
	Flagged:  "User-agent: *\nDisallow: /private/\n",
	Clean:    "User-agent: *\nDisallow: /private/\n\nSitemap: https://www.example.com/sitemap.xml\n",
	Severity: lint.Hint,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex},
	Run:      runMissingSitemap,
}

func runMissingSitemap(pass *lint.Pass) {
	f := pass.File
	first := -1 // the first directive line
	for i := range f.Lines {
		if isSitemapLine(f, i) {
			return
		}
		if first < 0 && f.Lines[i].Kind == syntax.LineDirective {
			first = i
		}
	}
	if first < 0 || notRobotsTxt(pass) {
		return
	}
	if !pass.Layout(match.Google).Check("Googlebot", "/").Allowed {
		return // a site closed to search, such as a staging host
	}
	readers := prose.Readers(targetsWhere(pass, func(p *match.Profile) bool { return honours(syntax.DirectiveSitemap, p) }))
	if len(readers) == 0 {
		readers = []string{"crawlers"}
	}
	pass.Report(f.Lines[first].Key(), "the file has no Sitemap line: "+prose.Subject(readers, "finds", "find")+
		" the site's sitemap here without a submission to each search engine")
}
