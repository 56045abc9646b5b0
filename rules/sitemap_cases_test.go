package rules

import (
	"bytes"
	"net/url"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/page"
)

// The sitemap rule cases are the sitemaps under testdata/rules/RULE/, in
// linttest's sitemap case format: comments give the sitemap's URL, how it
// was listed, the site's robots.txt and pages and "now", and say which
// diagnostics it must produce.

// sitemapCaseSite returns the site a sitemap case is checked in, the
// sitemap as the site's Lint takes it, and the configuration.
func sitemapCaseSite(t *testing.T, c *linttest.SitemapCase) (lint.SitemapSiteInput, *lint.SitemapInput, *lint.Config) {
	site := lint.SitemapSiteInput{RobotsURL: c.RobotsURL, Now: c.Now}
	if c.Robots != nil {
		site.Robots = syntax.Parse(c.Robots)
	}
	if len(c.Pages) > 0 {
		site.Page = func(raw string) *lint.PageInput {
			html, ok := c.Pages[raw]
			if !ok {
				return nil
			}
			u, err := url.Parse(raw)
			if err != nil {
				t.Errorf("%s: test-page %q: %v", c.Path, raw, err)
				return nil
			}
			return &lint.PageInput{Doc: page.ParseHTML([]byte(html)), Path: u.RequestURI(), Robots: site.Robots, Now: c.Now}
		}
	}
	in := &lint.SitemapInput{URL: c.URL, Body: bytes.NewReader(c.Body)}
	switch {
	case c.Listed > 0:
		in.Listing = &lint.SitemapListing{RobotsLine: c.Listed - 1, Index: c.Index, Depth: c.Depth}
	case c.Index != "" || c.Depth > 0:
		in.Listing = &lint.SitemapListing{RobotsLine: -1, Index: c.Index, Depth: c.Depth}
	}
	return site, in, &lint.Config{Targets: caseTargets(t, &c.Case)}
}

// lintSitemapCase checks the sitemap rule case at path with every rule.
func lintSitemapCase(t *testing.T, path string) (*linttest.SitemapCase, *lint.SitemapSiteInput, *lint.SitemapResult) {
	c, err := linttest.ReadSitemapCase(path)
	if err != nil {
		t.Fatal(err)
	}
	site, in, cfg := sitemapCaseSite(t, c)
	return c, &site, lint.NewSitemapSite(site, All(), cfg).Lint(in)
}

// runSitemapCase runs a sitemap rule case: every diagnostic wanted, every
// want met, every offset a diagnostic starts or ends at placed, related
// locations inside the robots.txt, and URL groups with at most three
// examples.
func runSitemapCase(t *testing.T, path string) {
	c, site, res := lintSitemapCase(t, path)
	var got []linttest.Got
	for _, d := range res.Diagnostics {
		start, ok := res.Positions[d.Span.Start]
		if _, hasEnd := res.Positions[d.Span.End]; !ok || !hasEnd || d.Span.Start > d.Span.End {
			t.Errorf("%s: %s: span %v not placed in Positions", path, d.Rule, d.Span)
		}
		for _, r := range d.Related {
			if !r.InRobotsTxt || site.Robots == nil || r.Span.End > len(site.Robots.Bytes()) {
				t.Errorf("%s: %s: related span %v outside the robots.txt", path, d.Rule, r.Span)
			}
		}
		if g := d.URLs; g != nil && (len(g.Examples) == 0 || len(g.Examples) > maxExamples || g.Count < len(g.Examples)) {
			t.Errorf("%s: %s: %d URLs with examples %q", path, d.Rule, g.Count, g.Examples)
		}
		got = append(got, linttest.Got{Line: start.Line, Rule: d.Rule, Message: d.Message})
	}
	for _, p := range c.Check(got) {
		t.Error(p)
	}
}
