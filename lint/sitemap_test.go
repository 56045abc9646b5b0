package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// TestSitemapLint runs a counting rule and a panicking one over a sitemap:
// entries reach the rule in order, its report at the end carries its
// positions, and the panic costs only its own rule.
func TestSitemapLint(t *testing.T) {
	counting := &Rule{Name: "counting", Severity: Info, Scope: ScopeSitemap, RunSitemap: func(pass *SitemapPass) SitemapHooks {
		var locs []string
		var first sitemap.Pos
		return SitemapHooks{
			Entry: func(e *SitemapEntry) {
				if len(locs) == 0 {
					first = e.LocPos
				}
				locs = append(locs, e.Loc)
			},
			End: func() {
				pass.Report(first, first, fmt.Sprintf("%d URLs in a %s", len(locs), pass.Kind()), WithURLs(len(locs), locs[:1]))
			},
		}
	}}
	panicking := &Rule{Name: "panicking", Severity: Error, Scope: ScopeSitemap, RunSitemap: func(pass *SitemapPass) SitemapHooks {
		return SitemapHooks{Entry: func(*SitemapEntry) { panic("boom") }}
	}}
	src := `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/a</loc></url>
  <url><loc>https://example.com/b</loc></url>
</urlset>
`
	site := NewSitemapSite(SitemapSiteInput{Robots: syntax.Parse([]byte("User-agent: *\nDisallow: /a\n")), RobotsURL: "https://example.com/robots.txt"}, []*Rule{counting, panicking}, nil)
	res := site.Lint(&SitemapInput{URL: "https://example.com/sitemap.xml", Body: strings.NewReader(src)})
	if res.Kind != sitemap.URLSet || res.Entries != 2 || len(res.Diagnostics) != 2 {
		t.Fatalf("got kind %v, %d entries, diagnostics %+v", res.Kind, res.Entries, res.Diagnostics)
	}
	var c Diagnostic
	for _, d := range res.Diagnostics {
		if d.Rule == "counting" {
			c = d
		} else if !strings.Contains(d.Message, "internal error in rule panicking") {
			t.Errorf("panic reported as %q", d.Message)
		}
	}
	if c.Message != "2 URLs in a urlset" || c.URLs == nil || c.URLs.Count != 2 || c.URLs.Examples[0] != "https://example.com/a" {
		t.Errorf("counting rule reported %+v", c)
	}
	if pos := res.Positions[c.Span.Start]; pos != (syntax.Position{Line: 3, Column: 13}) || src[c.Span.Start:c.Span.Start+1] != "h" {
		t.Errorf("position of the first <loc> is %+v at offset %d", pos, c.Span.Start)
	}
	if site.Robots(site.Targets()[0]) == nil {
		t.Error("robots.txt not compiled")
	}
}
