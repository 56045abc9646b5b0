package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/rules"
)

// TestFixCorpus runs --fix on copies of real files: each file ends as the
// engine's FixAll makes it, with its line endings, a second --fix changes
// nothing, and no temporary file is left behind.
func TestFixCorpus(t *testing.T) {
	paths := linttest.CorpusFiles(t)
	if testing.Short() {
		paths = paths[:40]
	}
	dir := t.TempDir()
	var copies []string
	originals := map[string][]byte{}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(src) > 64<<10 {
			continue // the proofs of the largest files belong to the rules' tests
		}
		sub := filepath.Join(dir, strings.TrimSuffix(filepath.Base(p), ".txt"))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		c := filepath.Join(sub, "robots.txt")
		if err := os.WriteFile(c, src, 0o644); err != nil {
			t.Fatal(err)
		}
		copies = append(copies, c)
		originals[c] = src
	}
	var stdout, stderr bytes.Buffer
	if status := run(append([]string{"--fix", "--no-config", "--fail-level", "none"}, copies...), nil, &stdout, &stderr); status != exitClean {
		t.Fatalf("--fix: status %d: %s", status, stderr.String())
	}
	changed := 0
	for _, c := range copies {
		got, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := lint.FixAll(originals[c], rules.All(), nil, false)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: --fix wrote something other than the engine's fixes", c)
		}
		if !bytes.Equal(got, originals[c]) {
			changed++
		}
		if crlf := []byte("\r\n"); bytes.Count(originals[c], []byte("\n")) == bytes.Count(originals[c], crlf) &&
			bytes.Count(got, []byte("\n")) != bytes.Count(got, crlf) {
			t.Errorf("%s: a CRLF file got LF lines", c)
		}
		assertOnlyFiles(t, filepath.Dir(c), "robots.txt")
	}
	t.Logf("--fix changed %d of %d files", changed, len(copies))
	if changed == 0 {
		t.Error("--fix changed no file: the corpus has fixable findings")
	}

	// A second run finds nothing more to fix.
	before := map[string][]byte{}
	for _, c := range copies {
		before[c], _ = os.ReadFile(c)
	}
	stdout.Reset()
	if status := run(append([]string{"--fix", "--no-config", "--fail-level", "none"}, copies...), nil, &stdout, &stderr); status != exitClean {
		t.Fatalf("second --fix: status %d", status)
	}
	for _, c := range copies {
		if after, _ := os.ReadFile(c); !bytes.Equal(after, before[c]) {
			t.Errorf("%s: a second --fix changed the file", c)
		}
	}
	if strings.Contains(stdout.String(), " fixed") {
		t.Errorf("a second --fix reports fixes: %s", lastLine(stdout.String()))
	}
}

// TestFixNothingLost checks that --fix leaves files it cannot fix alone: a
// read-only file, a directory named robots.txt and a missing file are each
// reported in one line, the status is 2, and the good file beside them is
// fixed.
func TestFixNothingLost(t *testing.T) {
	dir := t.TempDir()
	bad := []byte("User-agent: *\nDisalow: /x\n")
	readOnly := filepath.Join(dir, "ro", "robots.txt")
	good := filepath.Join(dir, "ok", "robots.txt")
	for _, p := range []string{readOnly, good} {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, bad, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(readOnly, 0o444)
	asDir := filepath.Join(dir, "d", "robots.txt")
	os.MkdirAll(asDir, 0o755)
	missing := filepath.Join(dir, "missing.txt")

	var stdout, stderr bytes.Buffer
	status := run([]string{"--fix", "--no-config", readOnly, asDir, missing, good}, nil, &stdout, &stderr)
	if status != exitError {
		t.Errorf("status %d, want 2", status)
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	for _, want := range []string{"cannot write " + readOnly + ": the file is read-only", "holds no file named robots.txt", "cannot read " + missing + ": no such file"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if len(lines) > 3 {
		t.Errorf("more than one line an error:\n%s", stderr.String())
	}
	if got, _ := os.ReadFile(readOnly); !bytes.Equal(got, bad) {
		t.Errorf("the read-only file changed: %q", got)
	}
	if got, _ := os.ReadFile(good); string(got) != "User-agent: *\nDisallow: /x\n" {
		t.Errorf("the good file was not fixed: %q", got)
	}
}

// TestFixDirectoryArgument checks that a directory named on the command
// line is searched, and a file inside it fixed.
func TestFixDirectoryArgument(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "public", "robots.txt")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte("User-agent: *\nDisalow: /x\n"), 0o644)
	var stdout, stderr bytes.Buffer
	if status := run([]string{"--fix", "--no-config", dir}, nil, &stdout, &stderr); status != exitClean {
		t.Fatalf("status %d: %s%s", status, stdout.String(), stderr.String())
	}
	if got, _ := os.ReadFile(p); string(got) != "User-agent: *\nDisallow: /x\n" {
		t.Errorf("got %q", got)
	}
}

// TestLintURL lints a live site through the command: the fetch's own
// findings come first, then the body's.
func TestLintURL(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("User-agent: *\nDisalow: /private/\n"))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	var stdout, stderr bytes.Buffer
	status := run([]string{"--no-config", "--format", "github", srv.URL + "/some/page"}, nil, &stdout, &stderr)
	if status != exitFindings {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"file=" + escapeProperty(srv.URL+"/robots.txt"), "title=fetch-content-type", "title=misspelled-directive"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "fetch-content-type") > strings.Index(out, "misspelled-directive") {
		t.Errorf("the fetch's finding should come first:\n%s", out)
	}

	// A site that answers 503: crawlers stay away from the whole site.
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer down.Close()
	stdout.Reset()
	if status := run([]string{"--no-config", down.URL}, nil, &stdout, &stderr); status != exitFindings {
		t.Fatalf("503: status %d", status)
	}
	if !strings.Contains(stdout.String(), "[fetch-status]") {
		t.Errorf("503: no fetch-status finding:\n%s", stdout.String())
	}
}

// TestLintURLSite checks that a fetched file is linted for its own site,
// whatever site the configuration names: its sitemaps are judged against
// the URL's origin.
func TestLintURLSite(t *testing.T) {
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "User-agent: *\nDisallow: /cart/\n\nSitemap: %s/sitemap.xml\nSitemap: https://cdn.example.net/sitemap.xml\n", srv.URL)
	}))
	defer srv.Close()
	config := filepath.Join(t.TempDir(), ".robotslint.toml")
	if err := os.WriteFile(config, []byte(`site = "https://www.example.org"`), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"--config", config, "--format", "github", srv.URL}, nil, &stdout, &stderr); status != exitClean {
		t.Fatalf("status %d: %s\n%s", status, stderr.String(), stdout.String())
	}
	host := strings.TrimPrefix(srv.URL, "http://")
	out := stdout.String()
	if want := "the sitemap is on cdn.example.net, not on the site's host " + host; !strings.Contains(out, escapeProperty(want)) && !strings.Contains(out, want) {
		t.Errorf("no cross-host finding for %s:\n%s", host, out)
	}
	if strings.Count(out, "sitemap-site") != 1 {
		t.Errorf("want one sitemap-site finding, for the sitemap on another host:\n%s", out)
	}
}

// TestServedSite checks which site a fetched robots.txt is linted for: the
// one asked for, or where a redirect on the same site leads.
func TestServedSite(t *testing.T) {
	for _, tt := range []struct{ url, final, want string }{
		{"https://example.com/robots.txt", "https://example.com/robots.txt", "https://example.com"},
		{"http://example.com/robots.txt", "https://www.example.com/robots.txt", "https://www.example.com"},
		{"https://EXAMPLE.com:443/robots.txt", "https://EXAMPLE.com:443/robots.txt", "https://example.com"},
		{"https://example.com/robots.txt", "https://files.example.net/robots.txt", "https://example.com"},
	} {
		if got := servedSite(&fetchResult{URL: tt.url, FinalURL: tt.final}); got != tt.want {
			t.Errorf("%s → %s: got %q, want %q", tt.url, tt.final, got, tt.want)
		}
	}
}

// escapeProperty escapes a workflow command's property value as GitHub
// wants it.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

func TestVersion(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := run([]string{"version"}, nil, &stdout, &stderr); status != exitClean {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	if !regexp.MustCompile(`^robotslint \S+.* \(go1\.\d+(\.\d+)?\S*\)\n$`).MatchString(stdout.String()) {
		t.Errorf("version prints %q", stdout.String())
	}
}

// TestHelpEverywhere checks that every command takes -h and prints a usage
// with examples.
func TestHelpEverywhere(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"lint", "-h"}, {"fmt", "-h"}, {"test", "-h"}, {"rules", "-h"}, {"explain", "-h"}, {"version", "-h"}, {"help", "test"}, {"lsp", "-h"}} {
		var stdout, stderr bytes.Buffer
		if status := run(args, nil, &stdout, &stderr); status != exitClean {
			t.Errorf("%v: status %d: %s", args, status, stderr.String())
		}
		if !strings.HasPrefix(stdout.String(), "usage: robotslint") || !strings.Contains(stdout.String(), "Example") {
			t.Errorf("%v: no usage with examples:\n%s", args, stdout.String())
		}
	}
}

func TestUseColor(t *testing.T) {
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Skip(err)
	}
	defer devNull.Close()
	if useColor("auto", devNull) {
		t.Error("auto: colour on /dev/null, which is no terminal")
	}
	t.Setenv("NO_COLOR", "1")
	if useColor("auto", devNull) {
		t.Error("auto with NO_COLOR: colour")
	}
	if !useColor("always", devNull) {
		t.Error("always: no colour")
	}
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndexByte(s, '\n')+1:]
}
