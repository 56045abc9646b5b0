package lint

import (
	"fmt"
	"strings"
	"sync"
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

// TestSitemapFinish runs a rule that reports once every sitemap is read,
// at the last entry of each sitemap with more entries than the first
// sitemap, and a panicking one: Finish returns the findings ordered by
// ordinal with their positions, the panic as an internal error of no
// sitemap, and nothing the second time.
func TestSitemapFinish(t *testing.T) {
	type last struct {
		entries int
		pos     sitemap.Pos
	}
	type key struct{}
	seen := func(get func(any, func() any) any) *sync.Map {
		return get(key{}, func() any { return &sync.Map{} }).(*sync.Map)
	}
	longer := &Rule{Name: "longer", Severity: Warning, Scope: ScopeSitemap,
		RunSitemap: func(pass *SitemapPass) SitemapHooks {
			var l last
			return SitemapHooks{
				Entry: func(e *SitemapEntry) { l = last{l.entries + 1, e.LocPos} },
				End:   func() { seen(pass.SiteValue).Store(pass.Sitemap.Ordinal, l) },
			}
		},
		FinishSitemaps: func(pass *SitemapSitePass) {
			m := seen(pass.SiteValue)
			first, _ := m.Load(0)
			m.Range(func(k, v any) bool {
				if l := v.(last); l.entries > first.(last).entries {
					pass.Report(k.(int), l.pos, l.pos, fmt.Sprintf("%d entries", l.entries))
				}
				return true
			})
		},
	}
	panicking := &Rule{Name: "panicking", Severity: Error, Scope: ScopeSitemap,
		RunSitemap:     func(*SitemapPass) SitemapHooks { return SitemapHooks{} },
		FinishSitemaps: func(*SitemapSitePass) { panic("boom") },
	}
	site := NewSitemapSite(SitemapSiteInput{}, []*Rule{longer, panicking}, nil)
	for ord, n := range []int{2, 4, 1, 3} {
		var b strings.Builder
		b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
		for i := range n {
			fmt.Fprintf(&b, "\n<url><loc>https://example.com/%d</loc></url>", i)
		}
		b.WriteString("\n</urlset>\n")
		if res := site.Lint(&SitemapInput{Body: strings.NewReader(b.String()), Ordinal: ord}); len(res.Diagnostics) != 0 {
			t.Fatalf("sitemap %d: %+v", ord, res.Diagnostics)
		}
	}
	var got []string
	for _, f := range site.Finish() {
		pos := f.Positions[f.Diagnostic.Span.Start]
		got = append(got, fmt.Sprintf("%d %s %d:%d %s", f.Ordinal, f.Diagnostic.Severity, pos.Line, pos.Column, f.Diagnostic.Message))
	}
	want := []string{"-1 error 0:0 internal error in rule panicking: boom (please report it)", "1 warning 5:11 4 entries", "3 warning 4:11 3 entries"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Finish gave\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if again := site.Finish(); again != nil {
		t.Errorf("a second Finish gave %+v", again)
	}
}
