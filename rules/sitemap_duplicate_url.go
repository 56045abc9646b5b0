package rules

import (
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// SitemapDuplicateURL reports the URLs of a sitemap that it listed
// before, or that a sitemap before it (lint.SitemapInput.Ordinal) lists:
// one finding per sitemap and kind, with a count and a few examples; the
// second kind once all sitemaps are read (FinishSitemaps). The URLs seen
// are kept as fingerprints in a set of bounded size (urlSet).
var SitemapDuplicateURL = &lint.Rule{
	Name:    "sitemap-duplicate-url",
	Summary: "a URL listed more than once in the sitemaps of a site",
	Doc: lint.Doc{
		What: "Reports, once per sitemap, the URLs already listed, compared exactly as written: how many, and three " +
			"examples. A URL repeated within a sitemap is reported there, at its first repeat. A URL that several " +
			"sitemaps of the site share is reported in each but the first in the order robots.txt's Sitemap: lines " +
			"list them, then each index lists its sitemaps, so the result is the same every run though sitemaps are " +
			"read several at a time; that finding is at the sitemap's start, with the three URLs that sort first as " +
			"examples. Memory is bounded: each URL seen takes 8 bytes (a 44-bit fingerprint and the first sitemap " +
			"that listed it) in a table of at most 32 MiB, so about 3.1 million URLs are compared; past that, the " +
			"rule says so once and stops recording, and its findings may then vary between runs. A URL is taken for " +
			"one seen before with a probability of about n in 2^50 after n URLs.",
		Why: "Listing a URL twice changes nothing for search engines, which read it once, but it is what " +
			"sitemap generators do when they have a bug: two plugins writing sitemaps of the same pages, an " +
			"index that lists a sitemap twice, pagination that repeats its last page. Duplicates take room in " +
			"the 50,000-URL limit, and when the copies carry different lastmod values, which one a search " +
			"engine believes is left to chance. susbot (sitemap.duplicate) and SitemapKit check the same.",
		Instead: "List each URL once, in one sitemap of the site; if the same page is reached at several URLs, list " +
			"its canonical URL only.",
	},
	Flagged: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/shoes/</loc></url>\n  <url><loc>https://www.example.com/shoes/</loc></url>\n</urlset>\n",
	Clean: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/shoes/</loc></url>\n  <url><loc>https://www.example.com/boots/</loc></url>\n</urlset>\n",
	ExamplePath: "/sitemap.xml",
	Severity:    lint.Info,
	Scope:       lint.ScopeSitemap,
	Profiles:    []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunSitemap:  runSitemapDuplicateURL,

	FinishSitemaps: finishSitemapDuplicateURL,
}

// duplicatesKey keys the site's duplicateURLs among its values.
type duplicatesKey struct{}

// duplicateURLs is what sitemap-duplicate-url keeps for a site: the URLs
// seen, with the lowest ordinal of the sitemaps that list each, and, per
// sitemap ordinal, the URLs of that sitemap that one of a lower ordinal
// lists (across).
//
// Sitemaps are read several at a time, so of two that share a URL, the
// one of the higher ordinal, which holds the duplicate, may be read
// first. The set keeps the lowest ordinal; when a sitemap meets a URL
// the set holds, the duplicate is counted against the higher of its
// ordinal and the one kept, and the set keeps the lower. Of any number
// of sitemaps that list a URL, each but the lowest is counted once,
// whatever the order they are read in. What is not known then is where
// the URL stands in a sitemap read before: the finding is at the
// sitemap's start, and its examples are those that sort first, not
// those listed first.
type duplicateURLs struct {
	urls   *urlSet
	tables sitemapURLTables
	mu     sync.Mutex
	across map[int]*urlSample
}

// urlSample is a count of URLs and the few of them that sort first.
type urlSample struct {
	count    int
	examples []string
}

// add counts url.
func (g *urlSample) add(url string) {
	g.count++
	i, found := slices.BinarySearch(g.examples, url)
	if found || i >= maxExamples {
		return
	}
	g.examples = slices.Insert(g.examples, i, url)
	if len(g.examples) > maxExamples {
		g.examples = g.examples[:maxExamples]
	}
}

// count records that the sitemap of ordinal ord lists url, which a
// sitemap of a lower ordinal lists too.
func (d *duplicateURLs) count(ord int, url string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	g := d.across[ord]
	if g == nil {
		g = &urlSample{}
		d.across[ord] = g
	}
	g.add(url)
}

func siteDuplicates(get func(key any, build func() any) any) *duplicateURLs {
	return get(duplicatesKey{}, func() any { return &duplicateURLs{urls: newURLSet(), across: map[int]*urlSample{}} }).(*duplicateURLs)
}

func runSitemapDuplicateURL(pass *lint.SitemapPass) lint.SitemapHooks {
	dups := siteDuplicates(pass.SiteValue)
	set := dups.urls
	ord := max(pass.Sitemap.Ordinal, 0)
	mine := dups.tables.get()
	var g urlGroup
	stopped := false
	return lint.SitemapHooks{
		Entry: func(e *lint.SitemapEntry) {
			if e.Index || stopped {
				return // each sitemap is read once however often it is listed
			}
			h := set.hash(e.Loc)
			again, kept := mine.add(h)
			if !kept {
				stopped = true
				start, end := e.LocSpan()
				pass.Report(start, end, fmt.Sprintf("the duplicate check stops at this URL: this sitemap lists more than %s (the limit is %s)",
					prose.Count(sitemapURLCapacity, "URL", "URLs"), prose.Int(sitemap.MaxURLs)), lint.WithSeverity(lint.Info))
				return
			}
			if again {
				g.add(e)
				return
			}
			first, seen, recorded := set.visit(h, ord)
			switch {
			case !recorded:
				if set.fullTold.CompareAndSwap(false, true) {
					start, end := e.LocSpan()
					pass.Report(start, end, fmt.Sprintf("the duplicate check is full (about %s URLs in 32 MiB): from this URL on it records no more, so a URL listed again after it may go unreported",
						prose.Int(urlSetCapacity)), lint.WithSeverity(lint.Info))
				}
			case !seen:
			case first > min(ord, urlMaxOrdinal):
				// The sitemap read before comes after this one: the
				// duplicate is its own.
				dups.count(first, e.Loc)
			default:
				// Listed by a sitemap that comes before this one, or
				// by one of the same ordinal read before it.
				dups.count(ord, e.Loc)
			}
		},
		End: func() {
			dups.tables.put(mine)
			mine = nil
			if g.count > 0 {
				g.report(pass, prose.Choose(g.count, "was", "were")+" already listed earlier in it", siteOrigin(pass))
			}
		},
	}
}

// finishSitemapDuplicateURL reports, for each sitemap, the URLs that a
// sitemap before it lists, once all are read.
func finishSitemapDuplicateURL(pass *lint.SitemapSitePass) {
	dups := siteDuplicates(pass.SiteValue)
	dups.mu.Lock()
	defer dups.mu.Unlock()
	origin, _ := originOf(pass.Site.Input().RobotsURL)
	for _, ord := range slices.Sorted(maps.Keys(dups.across)) {
		s := dups.across[ord]
		g := urlGroup{count: s.count, examples: s.examples}
		sep := ", e.g. "
		if g.count == 1 {
			sep = ": "
		}
		msg := prose.Count(g.count, "URL", "URLs") + " in this sitemap " + prose.Choose(g.count, "is", "are") +
			" also listed in an earlier sitemap of the site (in the order robots.txt and its indexes list them)" +
			sep + g.exampleText(origin)
		start := sitemap.Pos{Line: 1, Col: 1}
		pass.Report(ord, start, start, msg, lint.WithURLs(g.count, g.examples))
	}
}
