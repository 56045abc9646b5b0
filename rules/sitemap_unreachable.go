package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// SitemapUnreachable is about a robots.txt Sitemap: line whose sitemap
// could not be read: it does not exist, the server answered it with
// another status than 200, or the answer broke off. The command reports it
// on that line, when it follows the Sitemap: lines (over the network, or
// to the files of a local site); the engine never runs it.
var SitemapUnreachable = &lint.Rule{
	Name:    "sitemap-unreachable",
	Summary: "a Sitemap line whose sitemap does not exist, does not answer 200, or cannot be read",
	Doc: lint.Doc{
		What: "Reports a `Sitemap:` line of robots.txt whose sitemap could not be read when robotslint followed it: " +
			"the server answered with another status than 200 (404, 410, 403, 500, …) after following redirects, " +
			"did not answer in time, or the body broke off; for a local site, the file the URL maps to does not " +
			"exist or cannot be opened. The message says why in a line (\"404 Not Found\", \"no such file\"). " +
			"The same holds for a sitemap an index lists, which is reported on the index's entry.",
		Why: "A Sitemap line asks crawlers to fetch that URL and read the URLs it lists. Crawlers read a sitemap only " +
			"from a 200 answer: sitemaps.org and Google define no other way to reach one, Search Console shows such " +
			"a sitemap as \"Couldn't fetch\", and SEO crawlers such as Lumar and squirrelscan report a sitemap that " +
			"does not answer 200 as broken. Every URL it was meant to announce is then found, if at all, only " +
			"through links, and the line is a dead pointer that hides whether the sitemap moved or was never built.",
		Instead: "Point the Sitemap line at the URL the sitemap is really served at, answering 200 without a login or " +
			"a bot challenge, and build it with every deploy; remove the line if the site has no sitemap any more.",
	},
	Severity: lint.Error,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex},
	Scope:    lint.ScopeFetch,
}
