package rules

import (
	"fmt"
	"time"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// SitemapLastmod reports <lastmod> values that are not W3C Datetime, and
// those in the future: one finding per sitemap and kind, with a count and
// the first few.
var SitemapLastmod = &lint.Rule{
	Name:    "sitemap-lastmod",
	Summary: "a sitemap lastmod that is not a W3C Datetime, or lies in the future",
	Doc: lint.Doc{
		What: "Reports, once per sitemap, the `<lastmod>` values that are not in the W3C Datetime format " +
			"(`2026-05-01`, `2026-05-01T12:30:00+02:00`, or the year, month, or date and minutes with a time zone), " +
			"and, once per sitemap, those later than the time of the run (robotslint's clock, or none when the " +
			"caller gives no time), with how many and the first three. A date without a time counts as future " +
			"only when it has not begun anywhere on Earth.",
		Why: "sitemaps.org defines lastmod as W3C Datetime, and Google says it uses lastmod \"if it's consistently " +
			"and verifiably accurate\": Search Console reports \"Invalid date\" for values such as " +
			"`2017-06-20-04:00` or `05/01/2026`, and a sitemap whose dates are in the future, or are all the time " +
			"of generation, teaches Google to ignore its lastmod altogether. Then changed pages are recrawled no " +
			"sooner for being listed. SitemapKit checks invalid lastmod too.",
		Instead: "Write the date the page's content last changed, as `YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ss` with " +
			"a time zone (`Z` or `+02:00`); leave lastmod out rather than guess it.",
	},
	Flagged: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/</loc><lastmod>05/01/2025</lastmod></url>\n</urlset>\n",
	Clean: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/</loc><lastmod>2025-05-01</lastmod></url>\n</urlset>\n",
	ExamplePath: "/sitemap.xml",
	Severity:    lint.Warning,
	Scope:       lint.ScopeSitemap,
	Profiles:    []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunSitemap:  runSitemapLastmod,
}

// lastmodSpan returns where e's lastmod is: the reader gives its start,
// and its end is the value's length on.
func lastmodSpan(e *lint.SitemapEntry) (start, end sitemap.Pos) {
	start, end = e.LastModPos, e.LastModPos
	end.Offset += int64(len(e.LastMod))
	end.Col += len(e.LastMod)
	return start, end
}

func runSitemapLastmod(pass *lint.SitemapPass) lint.SitemapHooks {
	now := pass.Site.Input().Now
	var bad, future urlGroup // of lastmod values
	return lint.SitemapHooks{
		Entry: func(e *lint.SitemapEntry) {
			if e.LastMod == "" {
				return
			}
			t, ok := parseW3CDatetime(e.LastMod)
			switch {
			case !ok:
				start, end := lastmodSpan(e)
				bad.addAt(start, end, e.LastMod)
			case !now.IsZero() && t.After(now):
				start, end := lastmodSpan(e)
				future.addAt(start, end, e.LastMod)
			}
		},
		End: func() {
			if bad.count > 0 {
				pass.Report(bad.start, bad.end, fmt.Sprintf("%s in this sitemap %s not W3C Datetime, so search engines ignore %s: %s; write YYYY-MM-DD or YYYY-MM-DDThh:mm:ss with a time zone",
					prose.Count(bad.count, "lastmod", "lastmod values"), prose.Choose(bad.count, "is", "are"), prose.Choose(bad.count, "it", "them"), quoteAll(bad.examples, bad.count)))
			}
			if future.count > 0 {
				pass.Report(future.start, future.end, fmt.Sprintf("%s in this sitemap %s in the future (%s): Google uses lastmod only when it is accurate, and dates to come teach it not to trust this sitemap's",
					prose.Count(future.count, "lastmod", "lastmod values"), prose.Choose(future.count, "is", "are"), quoteAll(future.examples, future.count)))
			}
		},
	}
}

// quoteAll writes the examples of a group of count values for a message,
// each quoted: "`a` and `b`", or "e.g. `a`, `b` and `c`" when there are
// more.
func quoteAll(values []string, count int) string {
	var out []string
	for _, v := range values {
		out = append(out, prose.Quote([]byte(v)))
	}
	if count > len(values) {
		return "e.g. " + prose.Join(out)
	}
	return prose.Join(out)
}

// w3cLayouts are the W3C Datetime forms (https://www.w3.org/TR/NOTE-datetime)
// with a time, in Go's layout; the forms without one are parsed apart.
var w3cLayouts = []string{
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04:05Z07:00",
	"2006-01-02T15:04:05.999999999Z07:00",
}

// earliestZone is the time zone furthest ahead of UTC (UTC+14): a date
// without a time has begun somewhere once it has begun there.
var earliestZone = time.FixedZone("UTC+14", 14*60*60)

// parseW3CDatetime parses a lastmod value as W3C Datetime and returns the
// earliest instant it can mean: a year, month or date its first moment in
// the earliest time zone.
func parseW3CDatetime(s string) (time.Time, bool) {
	switch len(s) {
	case 4, 7, 10:
		layout := map[int]string{4: "2006", 7: "2006-01", 10: "2006-01-02"}[len(s)]
		t, err := time.ParseInLocation(layout, s, earliestZone)
		return t, err == nil
	}
	for _, layout := range w3cLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
