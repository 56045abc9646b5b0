package rules

import (
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// SitemapTooLarge reports a sitemap over the sitemaps.org limits: more
// than 50,000 URLs, an index of more than 50,000 sitemaps, or more than
// 50 MB uncompressed.
var SitemapTooLarge = &lint.Rule{
	Name:    "sitemap-too-large",
	Summary: "a sitemap lists more than 50,000 URLs or sitemaps, or is larger than 50 MB uncompressed",
	Doc: lint.Doc{
		What: "Reports a sitemap that lists more than 50,000 URLs, a sitemap index that lists more than 50,000 " +
			"sitemaps, or a sitemap larger than 50 MB (52,428,800 bytes) once uncompressed, whatever its gzip " +
			"size. The URL count is reported at the 50,001st entry, with the total; the size where reading " +
			"crossed the limit, with the total.",
		Why: "The limits are the protocol's (sitemaps.org: \"no more than 50,000 URLs and must not exceed 50MB " +
			"(52,428,800 bytes)\", and the same for an index), and Google, Bing and Yandex apply them: Yandex " +
			"reports \"Maximum file size exceeded\", and Google asks for a sitemap over either limit to be split. " +
			"A search engine may reject such a sitemap as a whole or read only its start, so which URLs it " +
			"learns of is left to chance.",
		Instead: "Split the sitemap into several of at most 50,000 URLs and 50 MB each, and list them in a sitemap " +
			"index (itself at most 50,000 sitemaps); list the index in robots.txt. Compressing with gzip saves " +
			"transfer, but the limit is on the uncompressed size.",
	},
	// A text sitemap, one URL a line: the shortest way to hold 50,001.
	Flagged:     repeatURLs(sitemap.MaxURLs + 1),
	Clean:       repeatURLs(3),
	ExamplePath: "/sitemap.xml",
	Severity:    lint.Error,
	Scope:       lint.ScopeSitemap,
	Profiles:    []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunSitemap:  runSitemapTooLarge,
}

// repeatURLs returns a text sitemap of n lines for the examples: the same
// URL, which the documentation shows once with a count of the lines like
// it.
func repeatURLs(n int) string {
	return strings.Repeat("https://www.example.com/p\n", n)
}

func runSitemapTooLarge(pass *lint.SitemapPass) lint.SitemapHooks {
	var entries int
	var tooMany, tooLarge *sitemap.Problem
	return lint.SitemapHooks{
		Entry: func(*lint.SitemapEntry) { entries++ },
		Problem: func(p *sitemap.Problem) {
			switch {
			case p.Code == sitemap.TooManyURLs && tooMany == nil:
				q := *p
				tooMany = &q
			case p.Code == sitemap.TooLarge && tooLarge == nil:
				q := *p
				tooLarge = &q
			}
		},
		End: func() {
			if tooMany != nil {
				what := "URLs"
				if pass.Kind() == sitemap.Index {
					what = "sitemaps"
				}
				pass.Report(tooMany.Pos, tooMany.Pos, fmt.Sprintf("this sitemap lists %s %s, more than the 50,000 a sitemap may list: crawlers may reject it or read only the first 50,000; split it and list the parts in a sitemap index",
					prose.Int(entries), what))
			}
			if tooLarge != nil {
				pass.Report(tooLarge.Pos, tooLarge.Pos, fmt.Sprintf("this sitemap is %s bytes uncompressed, more than the 50 MB (52,428,800 bytes) a sitemap may be: crawlers may reject it or read only its start; split it and list the parts in a sitemap index",
					prose.Int(int(pass.Bytes()))))
			}
		},
	}
}
