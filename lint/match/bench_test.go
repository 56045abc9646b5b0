package match

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/syntax"
)

// BenchmarkQueries500K answers the benchmark's 30,000 queries (10,000 URLs
// for each of three agents) against the 500 KiB file, compiled once; one
// op is one query. Each profile is a sub-benchmark.
func BenchmarkQueries500K(b *testing.B) {
	src, err := os.ReadFile(linttest.Shared(b, "bench/robots-500k.txt"))
	if err != nil {
		b.Fatal(err)
	}
	urls := readLines(b, "bench/urls-10k.txt")
	agents := readLines(b, "bench/agents.txt")
	f := syntax.Parse(src)
	for _, p := range Profiles() {
		b.Run(p.Name, func(b *testing.B) {
			r := Compile(f, p)
			b.ReportAllocs()
			q := 0
			cpu, _ := linttest.CPUTime()
			for b.Loop() {
				r.Check(agents[q%len(agents)], urls[q/len(agents)%len(urls)])
				q++
			}
			linttest.ReportCPU(b, cpu)
		})
	}
}

// BenchmarkSitemapQueries500K answers queries about the URLs of the
// generated sitemaps (linttest.SitemapGenerator, 100,000 drawn as for its
// first sitemap: absolute URLs on the file's host, one in seven blocked
// for some profile) against
// the 500 KiB file, each profile asked about its own crawler, as the
// sitemap checks ask: one op is one query, on one goroutine. The sitemap
// benchmarks in lint run 4,000,000 of them per million URLs.
func BenchmarkSitemapQueries500K(b *testing.B) {
	src, err := os.ReadFile(linttest.Shared(b, "bench/robots-500k.txt"))
	if err != nil {
		b.Fatal(err)
	}
	var urls []string
	for u := range linttest.NewSitemapGenerator(src).URLs(0, 100_000) {
		urls = append(urls, u.Loc)
	}
	f := syntax.Parse(src)
	for _, c := range []struct {
		p     *Profile
		agent string
	}{{Google, "Googlebot"}, {Bing, "Bingbot"}, {Yandex, "YandexBot"}, {RFC9309, "ExampleBot"}} {
		b.Run(c.p.Name, func(b *testing.B) {
			r := Compile(f, c.p)
			r.Check(c.agent, "/") // the crawler's ruleset, built on first use
			b.ReportAllocs()
			q := 0
			cpu, _ := linttest.CPUTime()
			for b.Loop() {
				r.Check(c.agent, urls[q%len(urls)])
				q++
			}
			linttest.ReportCPU(b, cpu)
		})
	}
}

func readLines(tb testing.TB, rel string) []string {
	data, err := os.ReadFile(linttest.Shared(tb, rel))
	if err != nil {
		tb.Fatal(err)
	}
	return strings.Split(string(bytes.TrimRight(data, "\n")), "\n")
}

// BenchmarkCompile500K compiles the 500 KiB file for each profile, and
// BenchmarkLayout500K reads only its layout, which the rules that compare
// rules use: one op is one reading of the file, parse excluded.
func BenchmarkCompile500K(b *testing.B) {
	f := parseBench(b)
	for _, p := range Profiles() {
		b.Run(p.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Compile(f, p)
			}
		})
	}
}

func BenchmarkLayout500K(b *testing.B) {
	f := parseBench(b)
	for _, p := range Profiles() {
		b.Run(p.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ReadLayout(f, p)
			}
		})
	}
}

func parseBench(b *testing.B) *syntax.File {
	src, err := os.ReadFile(linttest.Shared(b, "bench/robots-500k.txt"))
	if err != nil {
		b.Fatal(err)
	}
	f := syntax.Parse(src)
	f.Prefix(syntax.SizeLimit) // parsed once, as in a run
	return f
}
