package lint_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// The scale benchmarks of issue 18 check 1,000,000 URLs in 20 gzip
// sitemaps of 50,000 (the sitemaps.org maximum) against the 500 KiB
// benchmark robots.txt, under the four default profiles. The whole check
// is BenchmarkSitemapLint1M; the others time one stage each, with the same
// workers, so that their times are shares of its time:
// BenchmarkSitemapGunzip1M decompression, BenchmarkSitemapRead1M the XML,
// BenchmarkSitemapMatch1M the robots.txt queries. The process as a user
// runs it is cmd/robotslint's BenchmarkSitemapProcess1M.
const (
	benchSitemaps   = 20
	benchPerSitemap = sitemap.MaxURLs
)

// benchSite is the generated site, kept in memory so that the benchmarks
// time checking, not the disk; it is made once per test process.
type benchSite struct {
	origin   string
	robots   *syntax.File
	gz       [][]byte // the sitemaps as written, in index order
	urls     int
	plain    int64 // uncompressed bytes of all sitemaps
	indexURL string
}

var (
	benchSiteOnce sync.Once
	benchSiteVal  *benchSite
	benchSiteErr  error
)

// loadBenchSite generates the site into a temporary directory, reads it
// back and removes the directory. It skips when ../shared is absent.
func loadBenchSite(b *testing.B) *benchSite {
	b.Helper()
	path := linttest.Shared(b, "bench/robots-500k.txt")
	benchSiteOnce.Do(func() { benchSiteVal, benchSiteErr = generateBenchSite(path) })
	if benchSiteErr != nil {
		b.Fatal(benchSiteErr)
	}
	return benchSiteVal
}

func generateBenchSite(robotsPath string) (*benchSite, error) {
	src, err := os.ReadFile(robotsPath)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "robotslint-sitemaps-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	gen := linttest.NewSitemapGenerator(src)
	site, err := gen.WriteSitemaps(dir, benchSitemaps, benchPerSitemap)
	if err != nil {
		return nil, err
	}
	written, err := os.ReadFile(site.Robots)
	if err != nil {
		return nil, err
	}
	out := &benchSite{origin: gen.Origin, robots: syntax.Parse(written), urls: site.URLs, plain: site.Bytes, indexURL: site.IndexURL}
	for _, p := range site.Sitemaps {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		out.gz = append(out.gz, data)
	}
	return out, nil
}

// sitemapURL is the URL of the site's k-th sitemap, as its index lists it.
func (s *benchSite) sitemapURL(k int) string {
	return fmt.Sprintf("%s/sitemap-%02d.xml.gz", s.origin, k+1)
}

// eachSitemap calls work for every sitemap k, on as many goroutines as the
// process may run at once (two on the machine the targets are set for),
// each taking the next sitemap when it is done with one, as the command's
// walk does.
func eachSitemap(n int, work func(k int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for k := int(next.Add(1) - 1); k < n; k = int(next.Add(1) - 1) {
				work(k)
			}
		})
	}
	wg.Wait()
}

// reportURLs reports URLs per second for urls URLs checked in each op.
func reportURLs(b *testing.B, urls int) {
	b.ReportMetric(float64(urls)*float64(b.N)/b.Elapsed().Seconds(), "URLs/s")
}

// BenchmarkSitemapLint1M checks the 20 sitemaps with lint.SitemapSite, as
// the command does once it has found them: the sitemap rules of
// rules.All(), the default profiles, one site for all 20 (its robots.txt
// compiled per profile within the op, as in a run). One op is the million
// URLs.
func BenchmarkSitemapLint1M(b *testing.B) {
	s := loadBenchSite(b)
	var names []string
	for _, r := range rules.All() {
		if r.Scope == lint.ScopeSitemap {
			names = append(names, r.Name)
		}
	}
	b.Logf("sitemap rules: %v", names)
	var findings, entries atomic.Int64
	cpu, _ := linttest.CPUTime()
	for b.Loop() {
		findings.Store(0)
		entries.Store(0)
		site := lint.NewSitemapSite(lint.SitemapSiteInput{Robots: s.robots, RobotsURL: s.origin + "/robots.txt"}, rules.All(), nil)
		eachSitemap(len(s.gz), func(k int) {
			res := site.Lint(&lint.SitemapInput{
				URL:     s.sitemapURL(k),
				Body:    bytes.NewReader(s.gz[k]),
				Listing: &lint.SitemapListing{RobotsLine: -1, Index: s.indexURL, Depth: 1},
			})
			findings.Add(int64(len(res.Diagnostics)))
			entries.Add(int64(res.Entries))
		})
	}
	if int(entries.Load()) != s.urls {
		b.Fatalf("%d entries read, want %d", entries.Load(), s.urls)
	}
	linttest.ReportCPU(b, cpu)
	reportURLs(b, s.urls)
	b.ReportMetric(float64(findings.Load()), "findings")
}

// BenchmarkSitemapGunzip1M only decompresses the 20 sitemaps.
func BenchmarkSitemapGunzip1M(b *testing.B) {
	s := loadBenchSite(b)
	b.SetBytes(s.plain)
	cpu, _ := linttest.CPUTime()
	for b.Loop() {
		eachSitemap(len(s.gz), func(k int) {
			z, err := gzip.NewReader(bytes.NewReader(s.gz[k]))
			if err == nil {
				_, err = io.Copy(io.Discard, z)
			}
			if err != nil {
				b.Error(err)
			}
		})
	}
	linttest.ReportCPU(b, cpu)
	reportURLs(b, s.urls)
}

// BenchmarkSitemapRead1M only reads the 20 sitemaps, uncompressed
// beforehand, with syntax/sitemap.
func BenchmarkSitemapRead1M(b *testing.B) {
	s := loadBenchSite(b)
	plain := make([][]byte, len(s.gz))
	for k, data := range s.gz {
		plain[k] = gunzip(b, data)
	}
	b.SetBytes(s.plain)
	var entries atomic.Int64
	cpu, _ := linttest.CPUTime()
	for b.Loop() {
		entries.Store(0)
		eachSitemap(len(plain), func(k int) {
			n := 0
			for it := range sitemap.NewReader(bytes.NewReader(plain[k])).All() {
				if !it.IsProblem() {
					n++
				}
			}
			entries.Add(int64(n))
		})
	}
	if int(entries.Load()) != s.urls {
		b.Fatalf("%d entries read, want %d", entries.Load(), s.urls)
	}
	linttest.ReportCPU(b, cpu)
	reportURLs(b, s.urls)
}

// benchAgents are the crawlers the match benchmark asks about, one per
// default profile: the profile's own crawler, and for RFC 9309 a crawler
// the file does not name, which reads the * groups.
var benchAgents = map[*match.Profile]string{match.Google: "Googlebot", match.Bing: "Bingbot", match.Yandex: "YandexBot", match.RFC9309: "ExampleBot"}

// BenchmarkSitemapMatch1M only asks, for each of the million URLs, whether
// each default profile's crawler may fetch it: 4,000,000 Check calls on the
// 500 KiB file, compiled beforehand, the URLs split between the workers.
// blocked-% is the share of URLs some profile's crawler may not fetch.
func BenchmarkSitemapMatch1M(b *testing.B) {
	s := loadBenchSite(b)
	var urls []string
	for _, data := range s.gz {
		for it := range sitemap.NewReader(bytes.NewReader(data)).All() {
			if !it.IsProblem() {
				urls = append(urls, it.Entry.Loc)
			}
		}
	}
	profiles := lint.DefaultTargets()
	compiled := make([]*match.Robots, len(profiles))
	for k, p := range profiles {
		compiled[k] = match.Compile(s.robots, p)
		for _, u := range urls[:1000] { // the agents' rulesets, built on first use
			compiled[k].Check(benchAgents[p], u)
		}
	}
	const chunks = 100
	var blocked atomic.Int64
	cpu, _ := linttest.CPUTime()
	for b.Loop() {
		blocked.Store(0)
		eachSitemap(chunks, func(c int) {
			n := 0
			for _, u := range urls[c*len(urls)/chunks : (c+1)*len(urls)/chunks] {
				allowed := true
				for k, p := range profiles {
					allowed = compiled[k].Check(benchAgents[p], u).Allowed && allowed
				}
				if !allowed {
					n++
				}
			}
			blocked.Add(int64(n))
		})
	}
	linttest.ReportCPU(b, cpu)
	reportURLs(b, len(urls))
	b.ReportMetric(float64(len(urls)*len(profiles))*float64(b.N)/b.Elapsed().Seconds(), "checks/s")
	b.ReportMetric(100*float64(blocked.Load())/float64(len(urls)), "blocked-%")
}

func gunzip(tb testing.TB, data []byte) []byte {
	tb.Helper()
	z, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	out, err := io.ReadAll(z)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestBenchSitemapsShare checks that the benchmark's URLs are what the
// benchmark claims, on the first 20,000 of a sitemap: on the robots.txt's host, and a
// realistic share blocked for the default profiles, neither the few a
// well-kept site has nor the most, which would time the matcher's early
// outs.
func TestBenchSitemapsShare(t *testing.T) {
	src := linttest.SharedFile(t, "bench/robots-500k.txt")
	f := syntax.Parse(src)
	gen := linttest.NewSitemapGenerator(src)
	if gen.Origin != "https://www.example.com" {
		t.Errorf("origin %q, want the Sitemap: lines' https://www.example.com", gen.Origin)
	}
	profiles := lint.DefaultTargets()
	compiled := make([]*match.Robots, len(profiles))
	for k, p := range profiles {
		compiled[k] = match.Compile(f, p)
	}
	const n = 20000
	blocked, lastmods, seen, repeats := 0, 0, map[string]bool{}, 0
	for u := range gen.URLs(0, n) {
		if !strings.HasPrefix(u.Loc, gen.Origin+"/") {
			t.Fatalf("URL %q is not on %s", u.Loc, gen.Origin)
		}
		for k, p := range profiles {
			if !compiled[k].Check(benchAgents[p], u.Loc).Allowed {
				blocked++
				break
			}
		}
		if u.LastMod != "" {
			lastmods++
		}
		if seen[u.Loc] {
			repeats++
		}
		seen[u.Loc] = true
	}
	if share := float64(blocked) / n; share < 0.05 || share > 0.20 {
		t.Errorf("%.1f%% of URLs blocked for some default profile, want 5-20%%", 100*share)
	}
	if lastmods < n/2 || lastmods > n*3/4 {
		t.Errorf("%d of %d URLs with a lastmod, want about two in three", lastmods, n)
	}
	if repeats < n/2000 || repeats > n/500 {
		t.Errorf("%d repeated URLs in %d, want about one in a thousand", repeats, n)
	}
}
