package rules

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
)

// checkSitemapRule checks what TestRuleList checks of a sitemap rule
// (ScopeSitemap): RunSitemap and no other, a name that says it is about
// sitemaps, sitemap examples that behave as documented (with the rule's
// example robots.txt, served where sitemapExample says), and sitemap cases
// that show it firing and not firing. Sitemap rules offer no fixes: a
// sitemap is generated, and the fix belongs in its generator.
func checkSitemapRule(t *testing.T, r *lint.Rule, cases []string) {
	if r.RunSitemap == nil || r.Run != nil || r.RunPage != nil || r.Fixable {
		t.Errorf("%s: a sitemap rule needs RunSitemap, no Run or RunPage, and no fix", r.Name)
	}
	if !strings.HasPrefix(r.Name, "sitemap-") {
		t.Errorf("%s: a sitemap rule's name starts with sitemap-", r.Name)
	}
	if !firesOnSitemap(r, r.Flagged) {
		t.Errorf("%s: the flagged example is not flagged:\n%s", r.Name, abbreviate(r.Flagged))
	}
	if r.Clean == "" || firesOnSitemap(r, r.Clean) {
		t.Errorf("%s: the clean example is flagged or missing:\n%s", r.Name, abbreviate(r.Clean))
	}
	fired, quiet := false, false
	for _, path := range cases {
		if ext := filepath.Ext(path); ext != ".xml" && ext != ".gz" {
			t.Errorf("%s: %s: a sitemap rule's cases are sitemaps (.xml, .xml.gz)", r.Name, path)
			continue
		}
		_, _, res := lintSitemapCase(t, path)
		if reports(res, r) {
			fired = true
		} else {
			quiet = true
		}
	}
	if !fired || !quiet {
		t.Errorf("%s: testdata/rules/%s needs a case where it fires and one where it must not (fires %v, quiet %v)", r.Name, r.Name, fired, quiet)
	}
}

// firesOnSitemap reports whether sitemap rule r reports anything in the
// example sitemap with every rule on: the site is exampleOrigin with the
// rule's ExampleRobots, and, for a rule with ExampleHeaders, the page at
// the flagged example's first URL answers with those X-Robots-Tag
// headers while the others have none.
func firesOnSitemap(r *lint.Rule, example string) bool {
	site := lint.SitemapSiteInput{RobotsURL: exampleOrigin + "/robots.txt", Now: exampleNow}
	if r.ExampleRobots != "" {
		site.Robots = syntax.Parse([]byte(r.ExampleRobots))
	}
	if r.ExampleHeaders != nil {
		headed := ""
		if m := firstLocRE.FindStringSubmatch(r.Flagged); m != nil {
			headed = m[1]
		}
		site.Page = func(url string) *lint.PageInput {
			in := &lint.PageInput{Path: strings.TrimPrefix(url, exampleOrigin), Robots: site.Robots, Now: exampleNow}
			if url == headed {
				in.Headers = r.ExampleHeaders
			}
			return in
		}
	}
	url, line, index := sitemapExample(r, example)
	in := &lint.SitemapInput{URL: url, Body: strings.NewReader(example)}
	if line >= 0 {
		in.Listing = &lint.SitemapListing{RobotsLine: line, Index: index}
		if index != "" {
			in.Listing.Depth = 1
		}
	}
	return reports(lint.NewSitemapSite(site, All(), &lint.Config{}).Lint(in), r)
}

// reports reports whether res holds a finding of rule r.
func reports(res *lint.SitemapResult, r *lint.Rule) bool {
	for _, d := range res.Diagnostics {
		if d.Rule == r.Name {
			return true
		}
	}
	return false
}
