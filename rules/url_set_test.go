package rules

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
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
				if _, seen, recorded := s.visit(s.hash(fmt.Sprintf("https://example.com/%d/%d", w, i)), w); seen || !recorded {
					t.Errorf("URL %d/%d: seen %v, recorded %v", w, i, seen, recorded)
					return
				}
			}
		}()
	}
	wg.Wait()
	for w := range 4 {
		// Seen again by sitemap 2: the first sitemap of the two is
		// kept, and a third sitemap learns it.
		h := s.hash(fmt.Sprintf("https://example.com/%d/%d", w, 19999))
		first, seen, _ := s.visit(h, 2)
		again, _, _ := s.visit(h, 5)
		if want := min(w, 2); !seen || first != w || again != want {
			t.Errorf("URL %d/19999: seen %v, first %d then %d, want %d then %d", w, seen, first, again, w, want)
		}
	}

	full := newURLSet()
	n := 0
	for ; ; n++ {
		if _, _, recorded := full.visit(full.hash(fmt.Sprintf("u%d", n)), 0); !recorded {
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
// the URLs of all the sitemaps of a site, not of each alone, and that
// what it reports does not depend on the order the sitemaps are read in:
// a URL two sitemaps share is a duplicate in the one of the higher
// ordinal, and a URL one sitemap repeats is reported in it at its End.
func TestDuplicatesAcrossSitemaps(t *testing.T) {
	urlset := func(paths ...string) string {
		var b strings.Builder
		b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
		for _, p := range paths {
			b.WriteString("<url><loc>https://example.com" + p + "</loc></url>\n")
		}
		return b.String() + "</urlset>\n"
	}
	sitemaps := []string{
		urlset("/1", "/2", "/1"),
		urlset("/3", "/2", "/1", "/3"),
		urlset("/1", "/4", "/3"),
	}
	want := []string{
		"0 3:10-3:31 1 URL in this sitemap was already listed earlier in it: `/1`",
		"1 1:0-1:0 2 URLs in this sitemap are also listed in an earlier sitemap of the site (in the order robots.txt and its indexes list them), e.g. `/1`, `/2`",
		"1 4:10-4:31 1 URL in this sitemap was already listed earlier in it: `/3`",
		"2 1:0-1:0 2 URLs in this sitemap are also listed in an earlier sitemap of the site (in the order robots.txt and its indexes list them), e.g. `/1`, `/3`",
	}
	check := func(name string, order []int, concurrent bool) {
		t.Helper()
		site := lint.NewSitemapSite(lint.SitemapSiteInput{RobotsURL: "https://example.com/robots.txt"}, []*lint.Rule{SitemapDuplicateURL}, nil)
		results := make([]*lint.SitemapResult, len(sitemaps))
		var wg sync.WaitGroup
		for _, ord := range order {
			read := func() {
				results[ord] = site.Lint(&lint.SitemapInput{URL: fmt.Sprintf("https://example.com/%d.xml", ord), Body: strings.NewReader(sitemaps[ord]), Ordinal: ord})
			}
			if concurrent {
				wg.Go(read)
			} else {
				read()
			}
		}
		wg.Wait()
		var got []string
		line := func(ord int, d lint.Diagnostic, at map[int]syntax.Position) string {
			s, e := at[d.Span.Start], at[d.Span.End]
			return fmt.Sprintf("%d %d:%d-%d:%d %s", ord, s.Line, s.Column-1, e.Line, e.Column-1, d.Message)
		}
		for ord, res := range results {
			for _, d := range res.Diagnostics {
				got = append(got, line(ord, d, res.Positions))
			}
		}
		for _, f := range site.Finish() {
			got = append(got, line(f.Ordinal, f.Diagnostic, f.Positions))
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: got\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if again := site.Finish(); again != nil {
			t.Errorf("%s: a second Finish gave %v", name, again)
		}
	}
	for _, order := range [][]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		check(fmt.Sprint("read in order ", order), order, false)
	}
	for range 20 {
		check("read at once", []int{0, 1, 2}, true)
	}
}
