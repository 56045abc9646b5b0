package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robotslint/robotslint/cmd/robotslint/internal/output"
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

// gzipped returns s compressed.
func gzipped(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write([]byte(s))
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func urlset(urls ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, u := range urls {
		b.WriteString("<url><loc>" + u + "</loc></url>\n")
	}
	return b.String() + "</urlset>\n"
}

func sitemapIndex(locs ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, u := range locs {
		b.WriteString("<sitemap><loc>" + u + "</loc></sitemap>\n")
	}
	return b.String() + "</sitemapindex>\n"
}

// TestCheckSitemapsWalk follows an index of gzip sitemaps that lists
// itself and a nested index: each sitemap is read once, the nested
// index's children are not followed, and a missing file is reported.
func TestCheckSitemapsWalk(t *testing.T) {
	dir := t.TempDir()
	robots := "User-agent: *\nDisallow: /private/\n\nSitemap: https://example.com/sitemap_index.xml\nSitemap: https://example.com/missing.xml\nSitemap: https://other.example/sitemap.xml\n"
	writeFiles(t, dir, map[string]string{
		"robots.txt":        robots,
		"sitemap_index.xml": sitemapIndex("https://example.com/sitemap_index.xml", "https://example.com/a.xml.gz", "https://example.com/b.xml.gz", "https://EXAMPLE.com:443/a.xml.gz#x", "https://example.com/nested.xml"),
		"a.xml.gz":          gzipped(t, urlset("https://example.com/", "https://example.com/private/x")),
		"b.xml.gz":          gzipped(t, urlset("https://example.com/b1", "https://example.com/b2", "https://example.com/b3")),
		"nested.xml":        sitemapIndex("https://example.com/deeper.xml"),
	})
	f := syntax.Parse([]byte(robots))
	site := lint.NewSitemapSite(lint.SitemapSiteInput{Robots: f, RobotsURL: "https://example.com/robots.txt"}, rules.All(), nil)
	src := newLocalSitemaps(dir, filepath.Join(dir, "robots.txt"), "https://example.com", nil)
	roots := []sitemapRoot{{Loc: "https://example.com/sitemap_index.xml", RobotsLine: 3}, {Loc: "https://example.com/missing.xml", RobotsLine: 4}, {Loc: "https://other.example/sitemap.xml", RobotsLine: 5}}
	var calls int
	rep := checkSitemaps(context.Background(), site, nil, roots, src, sitemapBudget{}, func(p sitemapProgress) { calls++ })
	if rep.Sitemaps != 4 || rep.URLs != 2+3 || calls != 4 {
		t.Errorf("read %d sitemaps, %d page URLs, %d progress calls; want 4, 5 (the indexes' entries are sitemaps), 4", rep.Sitemaps, rep.URLs, calls)
	}
	notes := strings.Join(rep.Notes, "\n")
	for _, want := range []string{"other.example/sitemap.xml: not checked: it is on another host", "1 sitemap listed in nested sitemap indexes was not read"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	missing := "missing.xml does not exist"
	if rules.Lookup("sitemap-unreachable") != nil {
		if len(rep.Robots) != 1 || !strings.Contains(rep.Robots[0].Message, missing) || rep.Robots[0].Span != f.Lines[4].Value() {
			t.Errorf("robots.txt findings = %+v, want sitemap-unreachable on line 5", rep.Robots)
		}
	} else if !strings.Contains(notes, missing) {
		t.Errorf("notes lack %q:\n%s", missing, notes)
	}
}

// TestCheckSitemapsBudget stops at the sitemap budget and says so.
func TestCheckSitemapsBudget(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"index.xml": sitemapIndex("https://example.com/1.xml", "https://example.com/2.xml", "https://example.com/3.xml"),
		"1.xml":     urlset("https://example.com/1"),
		"2.xml":     urlset("https://example.com/2"),
		"3.xml":     urlset("https://example.com/3"),
	})
	site := lint.NewSitemapSite(lint.SitemapSiteInput{}, rules.All(), nil)
	src := newLocalSitemaps(dir, "", "https://example.com", nil)
	rep := checkSitemaps(context.Background(), site, nil, []sitemapRoot{{Loc: filepath.Join(dir, "index.xml"), RobotsLine: -1}}, src, sitemapBudget{maxSitemaps: 2}, nil)
	if rep.Sitemaps < 2 || rep.Sitemaps > 2+src.parallel() {
		t.Errorf("read %d sitemaps with a budget of 2", rep.Sitemaps)
	}
	if len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], "the budget of 2 sitemaps was reached") {
		t.Errorf("notes = %q, want the budget named", rep.Notes)
	}
}

// shuffledSource reads a source's sitemaps n at a time, each after a
// random pause, so that they are read in an order that changes from run
// to run.
type shuffledSource struct {
	sitemapSource
	n   int
	mu  sync.Mutex
	rnd *rand.Rand
}

func (s *shuffledSource) parallel() int { return s.n }

func (s *shuffledSource) open(ctx context.Context, loc string) (io.ReadCloser, error) {
	s.mu.Lock()
	pause := time.Duration(s.rnd.IntN(2000)) * time.Microsecond
	s.mu.Unlock()
	time.Sleep(pause)
	return s.sitemapSource.open(ctx, loc)
}

// TestCheckSitemapsSameEveryRun checks a site whose sitemaps share URLs
// 20 times, reading one sitemap at a time and eight, in shuffled order:
// the JSON output is the same byte for byte, and a URL two sitemaps share
// is reported in the one that comes later in the walk's order (robots.txt's
// Sitemap: lines, then the index's sitemaps), whichever was read first.
func TestCheckSitemapsSameEveryRun(t *testing.T) {
	dir := t.TempDir()
	robots := "User-agent: *\nDisallow:\n\nSitemap: https://example.com/sitemap_index.xml\nSitemap: https://example.com/sitemap-pages.xml.gz\n"
	var blog, news []string
	for i := range 40 {
		blog = append(blog, fmt.Sprintf("https://example.com/blog/%d", i))
		news = append(news, fmt.Sprintf("https://example.com/blog/%d", 39-i), fmt.Sprintf("https://example.com/news/%d", i))
	}
	writeFiles(t, dir, map[string]string{
		"robots.txt": robots,
		"sitemap_index.xml": sitemapIndex("https://example.com/sitemap-blog.xml", "https://example.com/sitemap-news.xml",
			"https://example.com/sitemap-pages.xml.gz", "https://example.com/sitemap-products.xml"),
		"sitemap-pages.xml.gz": gzipped(t, urlset("https://example.com/", "https://example.com/about", "https://example.com/about")),
		"sitemap-blog.xml":     urlset(append([]string{"https://example.com/"}, blog...)...),
		"sitemap-news.xml":     urlset(append(news, "https://example.com/news/3")...),
		"sitemap-products.xml": urlset("https://example.com/blog/7", "https://example.com/news/7", "https://example.com/about", "https://example.com/p/1"),
	})
	f := syntax.Parse([]byte(robots))
	roots := []sitemapRoot{{Loc: "https://example.com/sitemap_index.xml", RobotsLine: 3}, {Loc: "https://example.com/sitemap-pages.xml.gz", RobotsLine: 4}}
	run := func(parallel int, seed uint64) string {
		site := lint.NewSitemapSite(lint.SitemapSiteInput{Robots: f, RobotsURL: "https://example.com/robots.txt"}, rules.All(), nil)
		src := &shuffledSource{sitemapSource: newLocalSitemaps(dir, filepath.Join(dir, "robots.txt"), "https://example.com", nil), n: parallel, rnd: rand.New(rand.NewPCG(seed, 18))}
		rep := checkSitemaps(context.Background(), site, nil, roots, src, sitemapBudget{}, nil)
		var b bytes.Buffer
		if err := output.WriteJSON(&b, rep.Files); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	first := run(1, 0)
	for i := range 20 {
		for _, parallel := range []int{1, 8} {
			if got := run(parallel, uint64(i)); got != first {
				t.Fatalf("run %d, %d at a time: the output differs from the first run's:\n%s\nfirst:\n%s", i, parallel, got, first)
			}
		}
	}
	// Per file, the duplicate findings' messages and where they are.
	var out struct {
		Files []struct {
			Path        string
			Diagnostics []struct {
				Rule    string
				Message string
				Range   struct{ Start struct{ Line int } }
			}
		}
	}
	if err := json.Unmarshal([]byte(first), &out); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, file := range out.Files {
		for _, d := range file.Diagnostics {
			if d.Rule == "sitemap-duplicate-url" {
				got = append(got, fmt.Sprintf("%s:%d: %s", filepath.Base(file.Path), d.Range.Start.Line, d.Message))
			}
		}
	}
	want := []string{
		"sitemap-pages.xml.gz:5: 1 URL in this sitemap was already listed earlier in it: `/about`",
		"sitemap-blog.xml:1: 1 URL in this sitemap is also listed in an earlier sitemap of the site (in the order robots.txt and its indexes list them): `/`",
		"sitemap-news.xml:1: 40 URLs in this sitemap are also listed in an earlier sitemap of the site (in the order robots.txt and its indexes list them), e.g. `/blog/0`, `/blog/1`, `/blog/10`",
		"sitemap-news.xml:83: 1 URL in this sitemap was already listed earlier in it: `/news/3`",
		"sitemap-products.xml:1: 3 URLs in this sitemap are also listed in an earlier sitemap of the site (in the order robots.txt and its indexes list them), e.g. `/about`, `/blog/7`, `/news/7`",
	}
	if !slices.Equal(got, want) {
		t.Errorf("duplicate findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
