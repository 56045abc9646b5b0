package linttest

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// A SitemapGenerator makes the sitemaps of a site from its robots.txt, the
// same every time: URLs on the robots.txt's own host whose paths are made
// of the words its rules use, as a shop's sitemap and its robots.txt name
// the same sections. Some of them fall under the file's rules, as many as
// a site that blocks what it also submits (the contradiction the sitemap
// checks exist for), and most do not.
//
// It reads the robots.txt as plain lines, not through syntax, so that the
// benchmarks of every package can use it.
type SitemapGenerator struct {
	// Origin is the scheme and host of the robots.txt's first Sitemap:
	// line, "https://www.example.com", or https://example.com when it has
	// none.
	Origin string
	robots []byte
	// words are the path segments of the file's rules, without wildcards
	// and queries, each once, in file order; blocked are the literal paths
	// of its Disallow rules that end a segment ("/partners/", "/tmp").
	words   []string
	blocked []string
}

// NewSitemapGenerator returns the generator of the sitemaps of the site
// whose robots.txt is robots.
func NewSitemapGenerator(robots []byte) *SitemapGenerator {
	g := &SitemapGenerator{Origin: "https://example.com", robots: robots}
	seen := map[string]bool{}
	origin := false
	for line := range bytes.Lines(robots) {
		key, value, ok := strings.Cut(string(line), ":")
		if !ok {
			continue
		}
		value, _, _ = strings.Cut(value, "#")
		value = strings.TrimSpace(value)
		switch strings.ToLower(strings.TrimSpace(key)) {
		case "sitemap":
			if scheme, rest, ok := strings.Cut(value, "://"); ok && !origin {
				host, _, _ := strings.Cut(rest, "/")
				g.Origin, origin = scheme+"://"+host, true
			}
		case "disallow":
			if strings.HasPrefix(value, "/") && !strings.ContainsAny(value, "*$?&%") && len(value) > 1 {
				g.blocked = append(g.blocked, value)
			}
			fallthrough
		case "allow":
			value, _, _ = strings.Cut(value, "?")
			for _, w := range strings.Split(value, "/") {
				if w != "" && !strings.ContainsAny(w, "*$&%.=") && !seen[w] {
					seen[w] = true
					g.words = append(g.words, w)
				}
			}
		}
	}
	if len(g.words) == 0 {
		g.words = []string{"products", "blog", "help"}
	}
	return g
}

// A SitemapURL is one <url> of a generated sitemap.
type SitemapURL struct {
	Loc     string
	LastMod string // "" for none
}

// URLs returns the first n URLs of the site's sitemap numbered sitemap
// (from 0), the same on every call; each sitemap draws its own, so that
// they can be written at once. One in eight is below a path a Disallow rule of the file names
// (for some crawler, not always the four the benchmarks target); the rest
// are product, category and article pages under the file's words, and one
// in fifty a PDF, which the file's wildcard rules and its rules for
// particular crawlers block now and then: on the 500 KiB benchmark file,
// about one URL in eight is blocked for one of the default profiles. Two
// in three have a lastmod, as a date or a date and time; one in a
// thousand repeats an earlier URL, as sitemaps written by several jobs do.
func (g *SitemapGenerator) URLs(sitemap, n int) iter.Seq[SitemapURL] {
	return func(yield func(SitemapURL) bool) {
		rng := rand.New(rand.NewPCG(18, uint64(sitemap)))
		word := func() string { return g.words[rng.IntN(len(g.words))] }
		var recent []string // the last URLs, for repeats
		var b strings.Builder
		for i := range n {
			b.Reset()
			b.WriteString(g.Origin)
			switch k := rng.IntN(100); {
			case i > 0 && i%1000 == 0:
				b.Reset()
				b.WriteString(recent[rng.IntN(len(recent))])
			case k < 12 && len(g.blocked) > 0:
				p := g.blocked[rng.IntN(len(g.blocked))]
				b.WriteString(p)
				if !strings.HasSuffix(p, "/") {
					b.WriteByte('/')
				}
				fmt.Fprintf(&b, "%s-%d/", word(), rng.IntN(1e5))
			case k < 50:
				fmt.Fprintf(&b, "/%s/%s-%d/p%d/", word(), word(), rng.IntN(1000), rng.IntN(1e6))
			case k < 70:
				fmt.Fprintf(&b, "/%s/%s/", word(), word())
			case k < 98:
				fmt.Fprintf(&b, "/%s/%d/%02d/%s-%s-%d/", word(), 2015+rng.IntN(11), 1+rng.IntN(12), word(), word(), rng.IntN(1e4))
			default:
				fmt.Fprintf(&b, "/%s/%s/%s-%d.pdf", word(), word(), word(), rng.IntN(1e4))
			}
			u := SitemapURL{Loc: b.String()}
			switch k := rng.IntN(3); k {
			case 0:
				u.LastMod = fmt.Sprintf("%d-%02d-%02d", 2019+rng.IntN(7), 1+rng.IntN(12), 1+rng.IntN(28))
			case 1:
				u.LastMod = fmt.Sprintf("%d-%02d-%02dT%02d:%02d:%02d+00:00", 2019+rng.IntN(7), 1+rng.IntN(12), 1+rng.IntN(28), rng.IntN(24), rng.IntN(60), rng.IntN(60))
			}
			if len(recent) < 4096 {
				recent = append(recent, u.Loc)
			} else {
				recent[i%len(recent)] = u.Loc
			}
			if !yield(u) {
				return
			}
		}
	}
}

// GeneratedSitemaps is a site WriteSitemaps wrote: a robots.txt whose
// Sitemap: line names an index of gzip sitemaps, all on the site's host.
type GeneratedSitemaps struct {
	// Dir is the site's root; Robots, Index and Sitemaps the paths of its
	// robots.txt, its sitemap index and the index's sitemaps, in order.
	Dir      string
	Robots   string
	Index    string
	Sitemaps []string
	// IndexURL is the index's URL, the one robots.txt names.
	IndexURL string
	// URLs is how many URLs the sitemaps hold, Bytes how many bytes they
	// hold uncompressed.
	URLs  int
	Bytes int64
}

// WriteSitemaps writes into dir the site g makes: robots.txt (g's, with
// its Sitemap: lines replaced by one naming sitemap_index.xml, the others
// kept as comments so that the file keeps its size), sitemap_index.xml,
// and the sitemaps it lists, sitemap-01.xml.gz and on, each of perSitemap
// URLs. Writing a million URLs takes a few seconds: benchmarks do it
// outside the timer, once.
func (g *SitemapGenerator) WriteSitemaps(dir string, sitemaps, perSitemap int) (*GeneratedSitemaps, error) {
	out := &GeneratedSitemaps{Dir: dir, Robots: filepath.Join(dir, "robots.txt"), Index: filepath.Join(dir, "sitemap_index.xml"),
		IndexURL: g.Origin + "/sitemap_index.xml"}

	var robots bytes.Buffer
	named := false
	for line := range bytes.Lines(g.robots) {
		if key, _, ok := bytes.Cut(line, []byte(":")); ok && strings.EqualFold(string(bytes.TrimSpace(key)), "sitemap") {
			if !named {
				robots.WriteString("Sitemap: " + out.IndexURL + "\n")
				named = true
				continue
			}
			robots.WriteString("# ")
		}
		robots.Write(line)
	}
	if !named {
		robots.WriteString("\nSitemap: " + out.IndexURL + "\n")
	}
	if err := os.WriteFile(out.Robots, robots.Bytes(), 0o644); err != nil {
		return nil, err
	}

	var index bytes.Buffer
	index.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n")
	for s := range sitemaps {
		name := fmt.Sprintf("sitemap-%02d.xml.gz", s+1)
		fmt.Fprintf(&index, "  <sitemap>\n    <loc>%s/%s</loc>\n    <lastmod>2026-11-%02dT04:00:00+00:00</lastmod>\n  </sitemap>\n", g.Origin, name, 1+s%24)
		out.Sitemaps = append(out.Sitemaps, filepath.Join(dir, name))
	}
	index.WriteString("</sitemapindex>\n")
	// Compressing is most of the time: the sitemaps are written at once.
	sizes, errs := make([]int64, sitemaps), make([]error, sitemaps)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for s := int(next.Add(1) - 1); s < sitemaps; s = int(next.Add(1) - 1) {
				sizes[s], errs[s] = writeSitemap(out.Sitemaps[s], g.URLs(s, perSitemap))
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, n := range sizes {
		out.Bytes += n
	}
	out.URLs = sitemaps * perSitemap
	return out, os.WriteFile(out.Index, index.Bytes(), 0o644)
}

// writeSitemap writes urls as a gzip sitemap at path and returns its
// uncompressed size.
func writeSitemap(path string, urls iter.Seq[SitemapURL]) (int64, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	z := gzip.NewWriter(f)
	counted := &countingWriter{w: z}
	w := bufio.NewWriterSize(counted, 64<<10)
	w.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n")
	for u := range urls {
		w.WriteString("  <url>\n    <loc>")
		w.WriteString(strings.ReplaceAll(u.Loc, "&", "&amp;"))
		w.WriteString("</loc>\n")
		if u.LastMod != "" {
			w.WriteString("    <lastmod>" + u.LastMod + "</lastmod>\n")
		}
		w.WriteString("  </url>\n")
	}
	w.WriteString("</urlset>\n")
	if err := w.Flush(); err != nil {
		return 0, err
	}
	if err := z.Close(); err != nil {
		return 0, err
	}
	return counted.n, f.Close()
}

type countingWriter struct {
	w interface{ Write([]byte) (int, error) }
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
