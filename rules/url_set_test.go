package rules

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/robotslint/robotslint/lint"
)

// TestURLSet checks the duplicate detector: exact for URLs it holds, safe
// for sitemaps read at once, and bounded: it stops recording at about
// urlSetCapacity URLs (its fullest shard at some 98% of it), within 32 MiB
// of tables.
func TestURLSet(t *testing.T) {
	s := newURLSet()
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20000 {
				if seen, recorded := s.add(fmt.Sprintf("https://example.com/%d/%d", w, i)); seen || !recorded {
					t.Errorf("URL %d/%d: seen %v, recorded %v", w, i, seen, recorded)
					return
				}
			}
		}()
	}
	wg.Wait()
	for w := range 4 {
		if seen, _ := s.add(fmt.Sprintf("https://example.com/%d/%d", w, 19999)); !seen {
			t.Errorf("URL %d/19999 not seen the second time", w)
		}
	}

	full := newURLSet()
	n := 0
	for ; ; n++ {
		if _, recorded := full.add(fmt.Sprintf("u%d", n)); !recorded {
			break
		}
	}
	bytes := 0
	for i := range full.shards {
		bytes += 8 * len(full.shards[i].slots)
	}
	if n < urlSetCapacity*97/100 || n > urlSetCapacity || bytes > 32<<20 || !full.full.Load() {
		t.Errorf("full after %d URLs (capacity %d) in %d bytes", n, urlSetCapacity, bytes)
	}
}

// TestDuplicatesAcrossSitemaps checks that sitemap-duplicate-url compares
// the URLs of all the sitemaps of a site, not of each alone.
func TestDuplicatesAcrossSitemaps(t *testing.T) {
	site := lint.NewSitemapSite(lint.SitemapSiteInput{RobotsURL: "https://example.com/robots.txt"}, []*lint.Rule{SitemapDuplicateURL}, nil)
	urlset := func(paths ...string) string {
		var b strings.Builder
		b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
		for _, p := range paths {
			b.WriteString("<url><loc>https://example.com" + p + "</loc></url>\n")
		}
		return b.String() + "</urlset>\n"
	}
	first := site.Lint(&lint.SitemapInput{URL: "https://example.com/a.xml", Body: strings.NewReader(urlset("/1", "/2"))})
	second := site.Lint(&lint.SitemapInput{URL: "https://example.com/b.xml", Body: strings.NewReader(urlset("/3", "/2", "/1"))})
	if len(first.Diagnostics) != 0 || len(second.Diagnostics) != 1 {
		t.Fatalf("first %+v, second %+v", first.Diagnostics, second.Diagnostics)
	}
	d := second.Diagnostics[0]
	if d.URLs == nil || d.URLs.Count != 2 || !strings.HasPrefix(d.Message, "2 URLs in this sitemap were listed before, in this sitemap or another of the site, e.g. `/2`, `/1`") {
		t.Errorf("got %q, URLs %+v", d.Message, d.URLs)
	}
}
