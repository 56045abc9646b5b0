package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// liveSite is a site served by httptest whose files a test sets by path,
// and which counts the requests for each path.
type liveSite struct {
	*httptest.Server
	files map[string]http.HandlerFunc

	mu   sync.Mutex
	hits map[string]int
}

// newLiveSite serves files; a path without a handler answers 404. done is
// closed when the test ends, for handlers that block until then.
func newLiveSite(t *testing.T, files func(base string, done <-chan struct{}) map[string]http.HandlerFunc) *liveSite {
	s := &liveSite{hits: map[string]int{}}
	s.Server = blockingServer(t, func(w http.ResponseWriter, r *http.Request, done <-chan struct{}) {
		s.mu.Lock()
		s.hits[r.URL.Path]++
		h := s.files[r.URL.Path]
		s.mu.Unlock()
		if h == nil {
			http.NotFound(w, r)
			return
		}
		h(w, r)
	})
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	s.mu.Lock()
	s.files = files(s.URL, done)
	s.mu.Unlock()
	return s
}

// requests returns how many requests asked for path.
func (s *liveSite) requests(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// lintLive runs the lint command with args and returns its status, its
// standard output and its standard error; it fails if the run hangs.
func lintLive(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	start := time.Now()
	status := run(append([]string{"--no-config"}, args...), nil, &stdout, &stderr)
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("robotslint %s took %v", strings.Join(args, " "), d)
	}
	return status, stdout.String(), stderr.String()
}

// jsonReport is the part of the JSON output the tests read.
type jsonReport struct {
	Files []struct {
		Path        string `json:"path"`
		Diagnostics []struct {
			Rule    string `json:"rule"`
			Message string `json:"message"`
			Range   struct {
				Start struct{ Line, Column int }
			} `json:"range"`
			URLs *struct {
				Count    int      `json:"count"`
				Examples []string `json:"examples"`
			} `json:"urls"`
			Related []struct {
				Path    string `json:"path"`
				Message string `json:"message"`
				Range   struct {
					Start struct{ Line int }
				} `json:"range"`
			} `json:"related"`
		} `json:"diagnostics"`
	} `json:"files"`
}

// findings returns, by file path, the rule and message of each finding of
// a JSON report, as "rule: message".
func findings(t *testing.T, out string) (jsonReport, map[string][]string) {
	t.Helper()
	var rep jsonReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("JSON output: %v\n%s", err, out)
	}
	byPath := map[string][]string{}
	for _, f := range rep.Files {
		for _, d := range f.Diagnostics {
			byPath[f.Path] = append(byPath[f.Path], d.Rule+": "+d.Message)
		}
	}
	return rep, byPath
}

// has reports whether one of list contains every one of words.
func has(list []string, words ...string) bool {
	for _, s := range list {
		all := true
		for _, w := range words {
			all = all && strings.Contains(s, w)
		}
		if all {
			return true
		}
	}
	return false
}

// TestLiveSitemaps follows a live site's Sitemap: lines: an index of gzip
// sitemaps that also lists itself and a sitemap behind a redirect, a
// sitemap that answers 404, one that is an HTML page, one that does not
// answer in time, and one on another host (a cross-submission).
func TestLiveSitemaps(t *testing.T) {
	cdn := newLiveSite(t, func(string, <-chan struct{}) map[string]http.HandlerFunc { return nil })
	site := newLiveSite(t, func(base string, done <-chan struct{}) map[string]http.HandlerFunc {
		return map[string]http.HandlerFunc{
			"/robots.txt": answer(200, "text/plain", "User-agent: *\nDisallow: /private/\n\n"+
				"Sitemap: "+base+"/index.xml\n"+
				"Sitemap: "+base+"/missing.xml\n"+
				"Sitemap: "+base+"/home.xml\n"+
				"Sitemap: "+base+"/slow.xml\n"+
				"Sitemap: "+cdn.URL+"/sitemap.xml\n"),
			"/index.xml": answer(200, "application/xml", sitemapIndex(base+"/s1.xml.gz", base+"/s2.xml.gz", base+"/index.xml", base+"/old.xml", base+"/gone.xml.gz")),
			"/s1.xml.gz": func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/gzip")
				fmt.Fprint(w, gzipped(t, urlset(base+"/a", base+"/private/1", base+"/private/2")))
			},
			"/s2.xml.gz": answer(200, "application/gzip", gzipped(t, urlset(base+"/b", base+"/c"))),
			"/old.xml": func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, "/new/sitemap.xml", http.StatusMovedPermanently)
			},
			"/new/sitemap.xml": answer(200, "application/xml", urlset(base+"/d")),
			"/home.xml":        answer(200, "text/html", "<!DOCTYPE html>\n<html><body>Welcome</body></html>\n"),
			"/slow.xml": func(w http.ResponseWriter, r *http.Request) {
				select {
				case <-done:
				case <-r.Context().Done():
				}
			},
		}
	})
	cdn.mu.Lock()
	cdn.files = map[string]http.HandlerFunc{"/sitemap.xml": answer(200, "application/xml", urlset(site.URL+"/e"))}
	cdn.mu.Unlock()

	status, out, errOut := lintLive(t, "--format", "json", "--timeout", "300ms", site.URL, "--sitemaps")
	if status != exitFindings {
		t.Errorf("status %d, want %d: %s", status, exitFindings, errOut)
	}
	rep, got := findings(t, out)
	robots := got[site.URL+"/robots.txt"]
	for _, want := range [][]string{
		{"sitemap-unreachable: the sitemap " + site.URL + "/missing.xml", "(answered 404 Not Found)"},
		{"sitemap-unreachable: the sitemap " + site.URL + "/home.xml", "answered 200 OK with an HTML page, not a sitemap: it starts `<!DOCTYPE html>`"},
		{"sitemap-unreachable: the sitemap " + site.URL + "/slow.xml", "did not answer within 300ms, the --timeout"},
	} {
		if !has(robots, want...) {
			t.Errorf("robots.txt findings lack %q:\n%s", want, strings.Join(robots, "\n"))
		}
	}
	if has(robots, "/index.xml") || has(robots, cdn.URL) {
		t.Errorf("a sitemap that was read is reported unreachable:\n%s", strings.Join(robots, "\n"))
	}
	// A child of the index that fails is reported in the index, at its <loc>.
	if index := got[site.URL+"/index.xml"]; !has(index, "sitemap-unreachable: the sitemap "+site.URL+"/gone.xml.gz", "(answered 404 Not Found)") {
		t.Errorf("index findings lack the missing child:\n%s", strings.Join(index, "\n"))
	}
	// The URLs the robots.txt blocks are one group, with the deciding
	// line, for tools to act on.
	var groups int
	for _, f := range rep.Files {
		for _, d := range f.Diagnostics {
			if d.Rule != "sitemap-blocked-url" {
				continue
			}
			groups++
			if f.Path != site.URL+"/s1.xml.gz" || d.Range.Start.Line != 4 || d.URLs == nil || d.URLs.Count != 2 ||
				strings.Join(d.URLs.Examples, " ") != site.URL+"/private/1 "+site.URL+"/private/2" ||
				len(d.Related) != 1 || d.Related[0].Path != site.URL+"/robots.txt" || d.Related[0].Range.Start.Line != 2 {
				t.Errorf("blocked group in %s: %+v", f.Path, d)
			}
		}
	}
	if groups != 1 {
		t.Errorf("%d groups of blocked URLs, want 1:\n%s", groups, out)
	}
	// A sitemap on another host that lists the site's own URLs is the
	// legal cross-submission through robots.txt: nothing to report in it.
	if f := got[cdn.URL+"/sitemap.xml"]; len(f) > 0 {
		t.Errorf("findings in the cross-submitted sitemap:\n%s", strings.Join(f, "\n"))
	}
	// Each sitemap is fetched once, though the index lists itself; the
	// redirect is followed to its target.
	for _, path := range []string{"/robots.txt", "/index.xml", "/s1.xml.gz", "/s2.xml.gz", "/old.xml", "/new/sitemap.xml", "/gone.xml.gz"} {
		if n := site.requests(path); n != 1 {
			t.Errorf("%s was requested %d times, want once", path, n)
		}
	}
	if n := cdn.requests("/sitemap.xml"); n != 1 {
		t.Errorf("the sitemap on another host was requested %d times, want once", n)
	}
	// What was read is said on stderr: the index, its three children
	// that answered and the cross-submitted sitemap, with their pages.
	if want := site.URL + "/robots.txt: 5 sitemaps checked (7 URLs, "; !strings.Contains(errOut, want) {
		t.Errorf("stderr lacks %q:\n%s", want, errOut)
	}
	if strings.Contains(errOut, "\r") {
		t.Errorf("a progress line on stderr, which is not a terminal:\n%q", errOut)
	}
}

// TestLiveSitemapsBudget stops the walk at --max-urls and says so.
func TestLiveSitemapsBudget(t *testing.T) {
	site := newLiveSite(t, func(base string, done <-chan struct{}) map[string]http.HandlerFunc {
		files := map[string]http.HandlerFunc{}
		var locs []string
		for i := range 5 {
			loc := fmt.Sprintf("/s%d.xml", i)
			locs = append(locs, base+loc)
			files[loc] = answer(200, "application/xml", urlset(fmt.Sprintf("%s/p/%d/a", base, i), fmt.Sprintf("%s/p/%d/b", base, i)))
		}
		files["/index.xml"] = answer(200, "application/xml", sitemapIndex(locs...))
		files["/robots.txt"] = answer(200, "text/plain", "User-agent: *\nAllow: /\nSitemap: "+base+"/index.xml\n")
		return files
	})
	// Each sitemap spends the budget of 2 URLs: the walk starts no sitemap
	// after the first is read, whatever the number read at once.
	status, out, errOut := lintLive(t, "--sitemaps", "--max-urls", "2", site.URL)
	if status != exitClean {
		t.Errorf("status %d: %s\n%s", status, out, errOut)
	}
	if !strings.Contains(errOut, "note: sitemaps: stopped after ") || !strings.Contains(errOut, "the budget of 2 URLs was reached") {
		t.Errorf("stderr does not say the budget stopped the walk:\n%s", errOut)
	}
	fetched := 0
	for i := range 5 {
		fetched += site.requests(fmt.Sprintf("/s%d.xml", i))
	}
	if fetched >= 5 {
		t.Errorf("all %d sitemaps were fetched, past the budget", fetched)
	}
}

// TestLiveSitemapsInterrupt stops the walk as Ctrl-C does: the sitemaps
// read are reported, the one being fetched is abandoned, and an error
// says the check is incomplete.
func TestLiveSitemapsInterrupt(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	site := newLiveSite(t, func(base string, done <-chan struct{}) map[string]http.HandlerFunc {
		return map[string]http.HandlerFunc{
			"/robots.txt": answer(200, "text/plain", "User-agent: *\nDisallow: /private/\nSitemap: "+base+"/index.xml\n"),
			"/index.xml":  answer(200, "application/xml", sitemapIndex(base+"/hang.xml", base+"/later.xml")),
			"/hang.xml": func(w http.ResponseWriter, r *http.Request) {
				cancel() // Ctrl-C while the sitemap is being fetched
				select {
				case <-done:
				case <-r.Context().Done():
				}
			},
			"/later.xml": answer(200, "application/xml", urlset(base+"/a")),
		}
	})
	var opt lintOptions
	if err := lintFlags(&opt).Parse([]string{"--sitemaps", "--no-config", "--timeout", "5s"}); err != nil {
		t.Fatal(err)
	}
	r, err := newLintRun(opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	inputs := []string{site.URL}
	results := r.lintAll(inputs)
	start := time.Now()
	more := r.walkLiveSitemaps(ctx, inputs, results, nil)
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the interrupted walk took %v", d)
	}
	var notes, errs []string
	for _, m := range more {
		switch {
		case m.err != nil:
			errs = append(errs, m.err.Error())
		case m.note != "":
			notes = append(notes, m.note)
		}
	}
	if len(errs) != 1 || !strings.HasPrefix(errs[0], "interrupted: the sitemaps were not all checked") {
		t.Errorf("errors %q", errs)
	}
	if len(notes) != 1 || !has(notes, "sitemaps: stopped after ", "the run was stopped") {
		t.Errorf("notes %q, want one that says the walk was stopped", notes)
	}
	for _, m := range more {
		if strings.Contains(fmt.Sprint(m.report.Diagnostics), "hang.xml") {
			t.Errorf("the sitemap whose fetch was stopped is reported: %v", m.report.Diagnostics)
		}
	}
}

// TestTestURLsLiveSitemap tests the URLs of a sitemap index on the web:
// the pages of its gzip sitemaps, in the order it lists them, each
// sitemap read once though the index lists itself; a sitemap of the index
// that does not answer is a note, a sitemap that cannot be read an error.
func TestTestURLsLiveSitemap(t *testing.T) {
	site := newLiveSite(t, func(base string, done <-chan struct{}) map[string]http.HandlerFunc {
		return map[string]http.HandlerFunc{
			"/robots.txt": answer(200, "text/plain", "User-agent: *\nDisallow: /private/\n"),
			"/index.xml":  answer(200, "application/xml", sitemapIndex(base+"/s1.xml.gz", base+"/index.xml", base+"/gone.xml", base+"/s2.xml")),
			"/s1.xml.gz":  answer(200, "application/gzip", gzipped(t, urlset(base+"/a", base+"/private/1"))),
			"/s2.xml":     answer(200, "application/xml", urlset(base+"/private/2")),
			"/home.xml":   answer(200, "text/html", "<!doctype html><html><body>Home</body></html>"),
		}
	})
	status, out, errOut := testURL(t, "--agent", "FooBot", "--urls", site.URL+"/index.xml", site.URL)
	if status != exitFindings {
		t.Errorf("status %d: %s", status, errOut)
	}
	want := []string{
		site.URL + "/robots.txt answered 200 OK: crawlers obey its rules (RFC 9309 §2.3.1.1)",
		"allowed     FooBot  " + site.URL + "/a          no rule matches in the group of *",
		"disallowed  FooBot  " + site.URL + "/private/1  line 2: Disallow: /private/",
		"disallowed  FooBot  " + site.URL + "/private/2  line 2: Disallow: /private/",
	}
	if got := strings.Split(strings.TrimSpace(out), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("output\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if want := "robotslint: note: " + site.URL + "/index.xml:5:15: the sitemap " + site.URL + "/gone.xml cannot be read (answered 404 Not Found)"; !strings.Contains(errOut, want) {
		t.Errorf("stderr lacks %q:\n%s", want, errOut)
	}
	if n := site.requests("/index.xml"); n != 1 {
		t.Errorf("the index was fetched %d times", n)
	}

	for _, tt := range []struct{ path, want string }{
		{"/missing.xml", "robotslint: cannot read " + site.URL + "/missing.xml: answered 404 Not Found\n"},
		{"/home.xml", "robotslint: cannot read " + site.URL + "/home.xml: answered 200 OK with an HTML page, not a sitemap: it starts `<!doctype html>`\n"},
	} {
		status, out, errOut := testURL(t, "--urls", site.URL+tt.path, site.URL)
		if status != exitError || out != "" || errOut != tt.want {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want 2 and %q", tt.path, status, out, errOut, tt.want)
		}
	}
}

// TestLiveSitemapsNone says so when --sitemaps finds no Sitemap: line.
func TestLiveSitemapsNone(t *testing.T) {
	site := newLiveSite(t, func(string, <-chan struct{}) map[string]http.HandlerFunc {
		return map[string]http.HandlerFunc{"/robots.txt": answer(200, "text/plain", "User-agent: *\nDisallow: /private/\nSitemap: /sitemap.xml\n")}
	})
	_, _, errOut := lintLive(t, "--sitemaps", site.URL)
	if want := "robotslint: note: " + site.URL + "/robots.txt lists no sitemap (no Sitemap: line with an absolute URL): none checked\n"; !strings.Contains(errOut, want) {
		t.Errorf("stderr %q lacks %q", errOut, want)
	}
	if n := site.requests("/sitemap.xml"); n != 0 {
		t.Errorf("a relative Sitemap: value was fetched %d times", n)
	}
}

// TestLiveSitemapsNoRobots says that no robots.txt came back, not that it
// lists no sitemap, when the site answers 404 for it.
func TestLiveSitemapsNoRobots(t *testing.T) {
	site := newLiveSite(t, func(string, <-chan struct{}) map[string]http.HandlerFunc {
		return map[string]http.HandlerFunc{}
	})
	_, _, errOut := lintLive(t, "--sitemaps", site.URL)
	if want := "robotslint: note: " + site.URL + "/robots.txt: no robots.txt came back (see its fetch-status finding), so no Sitemap: line was read and no sitemap checked\n"; !strings.Contains(errOut, want) {
		t.Errorf("stderr %q lacks %q", errOut, want)
	}
}
