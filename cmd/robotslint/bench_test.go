package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/cmd/robotslint/robotslinttest"
	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/lint/match"
)

// TestMain removes the binary the process benchmarks build. Started by
// measurePeak, it runs the command named by its arguments instead.
func TestMain(m *testing.M) {
	if os.Getenv(peakChildEnv) != "" {
		os.Exit(runForPeak(os.Args[1:]))
	}
	robotslinttest.Main(m)
}

// peakChildEnv marks the test binary started by measurePeak.
const peakChildEnv = "ROBOTSLINT_BENCH_PEAK_CHILD"

// measurePeak runs bin with args and returns the process's peak resident
// memory, or false where it cannot be measured. Linux charges a child
// started with vfork, as Go starts it, with the memory of the process that
// started it, the benchmark's own heap included; so a fresh test binary,
// small, starts the command and reports its peak instead.
func measurePeak(b *testing.B, bin string, args []string) (int64, bool) {
	cmd := exec.Command(os.Args[0], append([]string{bin}, args...)...)
	cmd.Env = append(os.Environ(), peakChildEnv+"=1")
	out, err := cmd.Output()
	if err != nil {
		b.Fatalf("%s %s: %v", bin, strings.Join(args, " "), err)
	}
	peak, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	if err != nil {
		b.Fatalf("peak of %s: %q", bin, out)
	}
	return peak, peak > 0
}

// runForPeak runs the command args names and prints its peak resident
// memory in bytes, 0 where it is unknown; a status other than 0 and 1 is
// an error.
func runForPeak(args []string) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != exitFindings {
		fmt.Fprintln(os.Stderr, err)
		return exitError
	}
	peak, _ := maxRSS(cmd.ProcessState)
	fmt.Println(peak)
	return exitClean
}

// benchInput returns the path of a file in ../shared/bench, skipping the
// benchmark when ../shared is absent.
func benchInput(b *testing.B, name string) string {
	return linttest.Shared(b, "bench/"+name)
}

// BenchmarkTestProcess500K runs a whole "robotslint test --urls
// urls-10k.txt --agent Googlebot robots-500k.txt" process, built once
// outside the timer: start-up, reading, parsing, compiling, 10,000
// queries and the output. One op is one process.
func BenchmarkTestProcess500K(b *testing.B) {
	robots, urls := benchInput(b, "robots-500k.txt"), benchInput(b, "urls-10k.txt")
	bin := robotslinttest.Binary(b)
	for b.Loop() {
		cmd := exec.Command(bin, "test", "--urls", urls, "--agent", "Googlebot", robots)
		cmd.Stdout = io.Discard
		if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != exitFindings {
			b.Fatal(err)
		}
	}
}

// BenchmarkTestCommand500K is the same command run in this process, without
// process start-up, so that a profile shows where its time goes.
func BenchmarkTestCommand500K(b *testing.B) {
	args := []string{"test", "--urls", benchInput(b, "urls-10k.txt"), "--agent", "Googlebot", benchInput(b, "robots-500k.txt")}
	b.ReportAllocs()
	for b.Loop() {
		var stderr strings.Builder
		if status := run(args, strings.NewReader(""), io.Discard, &stderr); status != exitFindings {
			b.Fatalf("status %d: %s", status, stderr.String())
		}
	}
}

// corpusPaths returns the paths of the corpus's files, skipping the
// benchmark when ../shared is absent.
func corpusPaths(b *testing.B) []string {
	return linttest.CorpusFiles(b)
}

// BenchmarkLintProcessCorpus runs one "robotslint --no-config FILE..."
// process over the 540 files of the corpus (11 MB): start-up, reading,
// every rule on every file, and the text report. One op is one process.
func BenchmarkLintProcessCorpus(b *testing.B) {
	paths := corpusPaths(b)
	bin := robotslinttest.Binary(b)
	for b.Loop() {
		cmd := exec.Command(bin, append([]string{"--no-config"}, paths...)...)
		cmd.Stdout = io.Discard
		if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != exitFindings {
			b.Fatal(err)
		}
	}
}

// BenchmarkLintProcessSmall runs one "robotslint robots-small.txt" process
// on the 3.4 KiB benchmark file, the size of a typical real one: mostly
// process start-up. One op is one process.
func BenchmarkLintProcessSmall(b *testing.B) {
	small := benchInput(b, "robots-small.txt")
	bin := robotslinttest.Binary(b)
	for b.Loop() {
		cmd := exec.Command(bin, "--no-config", small)
		cmd.Stdout = io.Discard
		if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != exitFindings {
			b.Fatal(err)
		}
	}
}

// BenchmarkMemory measures what each command needs for its input, as bytes
// per input byte: "peak-B/in-B" is the peak resident memory of the command
// run as a process (its ru_maxrss, start-up included), "input-B/in-B" that
// peak less the peak of "robotslint version", and "alloc-B/in-B"
// what the same command allocates in this process, however short-lived.
// Inputs are a generated 20 MB file of many groups and rules, and the
// 500 KiB benchmark file. One op is one process and one in-process run.
func BenchmarkMemory(b *testing.B) {
	inputs := []struct {
		name string
		path func(b *testing.B) string
	}{
		{"many-rules-20M", func(b *testing.B) string {
			p := filepath.Join(b.TempDir(), "robots.txt")
			if err := os.WriteFile(p, manyRulesFile(20<<20), 0o644); err != nil {
				b.Fatal(err)
			}
			return p
		}},
		{"robots-500k", func(b *testing.B) string { return benchInput(b, "robots-500k.txt") }},
	}
	bin := robotslinttest.Binary(b)
	// What any run of the command holds before it reads a byte (the
	// runtime, the binary's pages, the knowledge base): "input-B/in-B"
	// leaves it out, so that a small input is judged by what it costs.
	start, _ := measurePeak(b, bin, []string{"version"})
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			path := in.path(b)
			info, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			for _, c := range memoryCommands(path) {
				b.Run(c.name, func(b *testing.B) { benchMemory(b, bin, c.args, info.Size(), start) })
			}
		})
	}
}

// memoryCommands returns the commands BenchmarkMemory runs on path: lint,
// test under each profile and all of them with several agents and URLs,
// and fmt.
func memoryCommands(path string) []struct {
	name string
	args []string
} {
	type command = struct {
		name string
		args []string
	}
	cmds := []command{{"lint", []string{"--no-config", path}}}
	var test []string
	for _, agent := range []string{"Googlebot", "Bingbot", "GPTBot", "YandexBot", "ExampleUnknownBot"} {
		test = append(test, "--agent", agent)
	}
	test = append(test, path, "/", "/products/shoes-1234/", "/search?q=boots&page=2", "/blog/tag/news.pdf", "/account/settings")
	for _, p := range append(match.Profiles(), nil) {
		name := "all"
		if p != nil {
			name = p.Name
		}
		cmds = append(cmds, command{"test-" + name, append([]string{"test", "--profile", name}, test...)})
	}
	return append(cmds, command{"fmt", []string{"fmt", "--check", path}})
}

// benchMemory runs args as a process and in this process once per op, and
// reports the process's peak and the run's allocations per input byte.
func benchMemory(b *testing.B, bin string, args []string, size, start int64) {
	var peak int64
	var alloc uint64
	ops := 0
	for b.Loop() {
		if rss, ok := measurePeak(b, bin, args); ok {
			peak = max(peak, rss)
		}

		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var stderr strings.Builder
		if status := run(args, strings.NewReader(""), io.Discard, &stderr); status == exitError {
			b.Fatalf("status %d: %s", status, stderr.String())
		}
		runtime.ReadMemStats(&after)
		alloc += after.TotalAlloc - before.TotalAlloc
		ops++
	}
	b.ReportMetric(float64(alloc)/float64(ops)/float64(size), "alloc-B/in-B")
	if peak > 0 {
		b.ReportMetric(float64(peak)/float64(size), "peak-B/in-B")
		b.ReportMetric(float64(peak)/1e6, "peak-MB")
		b.ReportMetric(float64(peak-start)/float64(size), "input-B/in-B")
	}
}

// manyRulesFile returns a robots.txt file of at least size bytes, the same
// every time: groups of 2,000 rules, every other one for * and the rest for
// named crawlers, with paths like a shop's or a blog's, some of them with
// wildcards, as files grow when a rule is written for every URL.
func manyRulesFile(size int) []byte {
	words := []string{"products", "category", "search", "account", "cart", "checkout", "blog", "tag",
		"user", "api", "static", "images", "docs", "help", "en", "de", "fr", "shoes", "boots", "sale"}
	agents := []string{"Googlebot", "Bingbot", "GPTBot", "YandexBot", "Googlebot-Image", "CCBot", "Applebot", "DuckDuckBot"}
	rng := rand.New(rand.NewPCG(13, 5))
	word := func() string { return words[rng.IntN(len(words))] }
	b := make([]byte, 0, size+4096)
	for g := 0; len(b) < size; g++ {
		if g%2 == 0 {
			b = append(b, "User-agent: *\n"...)
		} else {
			b = fmt.Appendf(b, "User-agent: %s\n", agents[g/2%len(agents)])
			if g%3 == 0 {
				b = fmt.Appendf(b, "User-agent: %s\n", agents[(g/2+1)%len(agents)])
			}
		}
		for range 2000 {
			switch k := rng.IntN(100); {
			case k < 65:
				b = fmt.Appendf(b, "Disallow: /%s/%s-%d/\n", word(), word(), rng.IntN(1e6))
			case k < 80:
				b = fmt.Appendf(b, "Allow: /%s/%s/%d.html\n", word(), word(), rng.IntN(1e6))
			case k < 85:
				b = fmt.Appendf(b, "Disallow: /*?%s=\n", word())
			case k < 90:
				b = fmt.Appendf(b, "Disallow: /%s/*/%s-%d$\n", word(), word(), rng.IntN(1e4))
			case k < 95:
				b = fmt.Appendf(b, "Disallow: /*.%s$\n", []string{"pdf", "doc", "xls", "zip"}[rng.IntN(4)])
			default:
				b = fmt.Appendf(b, "Disallow: /%s?id=%d&sort=%s\n", word(), rng.IntN(1e6), word())
			}
		}
		b = append(b, '\n')
	}
	return b
}

// writeSite writes a generated built site of n pages under dir: a
// robots.txt, and pages of about 4 KB each, in the shapes static site
// generators write (blog/post-N/index.html, products/N.html), one in ten
// with a robots META tag and one in twenty under the disallowed /private/,
// so that the page rules and the robots.txt cross-check both have work.
func writeSite(b *testing.B, dir string, n int) {
	b.Helper()
	write := func(name, content string) {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	write("robots.txt", "User-agent: *\nDisallow: /private/\nDisallow: /search\nAllow: /private/public-*.html$\n\nUser-agent: Googlebot-News\nDisallow: /products/\n\nSitemap: https://example.com/sitemap.xml\n")
	body := strings.Repeat("<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.</p>\n", 36)
	metas := []string{
		`<meta name="robots" content="noindex, follow">`,
		`<meta name="googlebot" content="max-snippet:50, max-image-preview:large">`,
		`<meta name="robots" content="noidex">`,
		`<meta name="bingbot" content="nocache"><meta name="robots" content="index, noindex">`,
	}
	for i := range n {
		var name string
		switch {
		case i%20 == 0:
			name = fmt.Sprintf("private/%d.html", i)
		case i%2 == 0:
			name = fmt.Sprintf("blog/post-%d/index.html", i)
		default:
			name = fmt.Sprintf("products/%d.html", i)
		}
		meta := ""
		if i%10 == 0 {
			meta = metas[(i/10)%len(metas)]
		}
		write(name, "<!doctype html>\n<html lang=\"en\"><head>\n<meta charset=\"utf-8\">\n<title>Page "+strconv.Itoa(i)+"</title>\n"+
			"<link rel=\"stylesheet\" href=\"/style.css\">\n"+meta+"\n</head>\n<body>\n<main>\n"+body+"</main>\n</body></html>\n")
	}
}

// BenchmarkLintSite10K runs a whole "robotslint --pages --format json
// site" process over a generated site of 10,000 pages and a robots.txt,
// built once outside the timer. One op is one process; pages/s counts the
// pages of one op over its time.
func BenchmarkLintSite10K(b *testing.B) {
	const pages = 10_000
	dir := b.TempDir()
	writeSite(b, dir, pages)
	bin := robotslinttest.Binary(b)
	for b.Loop() {
		cmd := exec.Command(bin, "--pages", "--format", "json", dir)
		cmd.Stdout = io.Discard
		if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != exitFindings {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(pages)*float64(b.N)/b.Elapsed().Seconds(), "pages/s")
}

// diffEdited returns the path of the 500 KiB benchmark file and of a copy
// of it that differs in 10 rules spread through it: every tenth of the
// way, a Disallow turned into an Allow.
func diffEdited(b *testing.B) (robots, edited string) {
	robots = benchInput(b, "robots-500k.txt")
	data, err := os.ReadFile(robots)
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	var disallows []int
	for i, line := range lines {
		if strings.HasPrefix(line, "Disallow: /") {
			disallows = append(disallows, i)
		}
	}
	if len(disallows) < 10 {
		b.Fatalf("robots-500k.txt has %d Disallow lines, fewer than the 10 to change", len(disallows))
	}
	for k := range 10 {
		i := disallows[(2*k+1)*len(disallows)/20]
		lines[i] = "Allow:" + strings.TrimPrefix(lines[i], "Disallow:")
	}
	edited = filepath.Join(b.TempDir(), "robots.txt")
	if err := os.WriteFile(edited, []byte(strings.Join(lines, "")), 0o644); err != nil {
		b.Fatal(err)
	}
	return robots, edited
}

// BenchmarkDiffProcess500K runs a whole "robotslint diff --urls
// urls-10k.txt OLD NEW" process, built once outside the timer, on the 500
// KiB benchmark file and diffEdited's copy: start-up, reading and parsing
// both, the comparison on 10,000 URLs and the probes, and the report. One
// op is one process.
func BenchmarkDiffProcess500K(b *testing.B) {
	urls := benchInput(b, "urls-10k.txt")
	robots, edited := diffEdited(b)
	bin := robotslinttest.Binary(b)
	for b.Loop() {
		cmd := exec.Command(bin, "diff", "--urls", urls, robots, edited)
		cmd.Stdout = io.Discard
		if err := cmd.Run(); cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != exitFindings {
			b.Fatalf("status %v, want 1 (verdicts change): %v", cmd.ProcessState, err)
		}
	}
}

// BenchmarkDiffCommand500K is the same command run in this process, without
// process start-up, so that a profile shows where its time goes.
func BenchmarkDiffCommand500K(b *testing.B) {
	robots, edited := diffEdited(b)
	args := []string{"diff", "--urls", benchInput(b, "urls-10k.txt"), robots, edited}
	b.ReportAllocs()
	for b.Loop() {
		var stderr strings.Builder
		if status := run(args, strings.NewReader(""), io.Discard, &stderr); status != exitFindings {
			b.Fatalf("status %d: %s", status, stderr.String())
		}
	}
}
