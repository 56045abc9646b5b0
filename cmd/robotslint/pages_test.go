package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPageURLPath checks the URL path a static host serves a page at:
// index.html stands for its directory, and the path is percent-encoded as
// crawlers request it.
func TestPageURLPath(t *testing.T) {
	root := filepath.Join("public")
	for file, want := range map[string]string{
		"index.html":              "/",
		"about.html":              "/about.html",
		"blog/index.html":         "/blog/",
		"blog/INDEX.HTM":          "/blog/",
		"blog/post/index.htm":     "/blog/post/",
		"blog/my post.html":       "/blog/my%20post.html",
		"docs/café/index.html":    "/docs/caf%C3%A9/",
		"notindex.html/page.html": "/notindex.html/page.html",
	} {
		if got := pageURLPath(root, filepath.Join(root, filepath.FromSlash(file))); got != want {
			t.Errorf("%s: %q, want %q", file, got, want)
		}
	}
}

// TestPagesBadInput checks that a page that cannot be read is a one-line
// error with status 2 while the other pages are still linted, and that a
// site without robots.txt is no error when its pages are linted.
func TestPagesBadInput(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"site/ok.html": `<meta name="robots" content="noidex">`,
	})
	if err := os.Symlink(filepath.Join(dir, "gone.html"), filepath.Join(dir, "site", "broken.html")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	t.Chdir(dir)
	status, stdout, stderr := runCommand("--pages", "site")
	if status != exitError {
		t.Errorf("status %d, want %d", status, exitError)
	}
	if want := "robotslint: cannot read " + filepath.Join("site", "broken.html") + ": it is a symbolic link to a file that does not exist\n"; stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if !strings.Contains(stdout, "site/ok.html:1:") || strings.Contains(stdout, "holds no file named robots.txt") {
		t.Errorf("the readable page was not linted alone:\n%s", stdout)
	}
}
