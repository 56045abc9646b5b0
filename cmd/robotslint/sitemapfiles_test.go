package main

import (
	"errors"
	"path/filepath"
	"testing"
)

// TestLocalSitemapsFile maps sitemap URLs on the site's host to files
// under the directory, never above it, and refuses other hosts as not
// the source's to read.
func TestLocalSitemapsFile(t *testing.T) {
	src := newLocalSitemaps("public", "public/robots.txt", "https://example.com", nil)
	tests := []struct {
		loc, want string
		offSite   bool
	}{
		{"https://example.com/sitemap.xml", filepath.Join("public", "sitemap.xml"), false},
		{"https://www.example.com/maps/a.xml.gz", filepath.Join("public", "maps", "a.xml.gz"), false},
		{"https://example.com/../../etc/passwd", filepath.Join("public", "etc", "passwd"), false},
		{"https://example.com/%2e%2e/secret.xml", filepath.Join("public", "secret.xml"), false},
		{"https://cdn.example.net/sitemap.xml", "", true},
		{"https://example.com/maps/", "", false},
		{"local/sitemap.xml", "local/sitemap.xml", false},
	}
	for _, tt := range tests {
		got, err := src.file(tt.loc)
		var off *offSiteError
		if got != tt.want || errors.As(err, &off) != tt.offSite || tt.want == "" && err == nil {
			t.Errorf("file(%q) = %q, %v; want %q (off site: %v)", tt.loc, got, err, tt.want, tt.offSite)
		}
	}
	// Without a configured site, the hosts the Sitemap: lines name are
	// the site's.
	src = newLocalSitemaps("public", "", "", []string{"https://shop.example.org/sitemap.xml"})
	if got, err := src.file("https://shop.example.org/s/1.xml"); err != nil || got != filepath.Join("public", "s", "1.xml") {
		t.Errorf("file = %q, %v", got, err)
	}
	if name, u := src.describe(filepath.Join("public", "s", "1.xml")); name != filepath.Join("public", "s", "1.xml") || u != "https://shop.example.org/s/1.xml" {
		t.Errorf("describe = %q, %q", name, u)
	}
}

// TestSiteRoot finds the robots.txt beside a sitemap or in the nearest
// parent, named as the user named the sitemap.
func TestSiteRoot(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"public/robots.txt": "User-agent: *\n", "public/maps/deep/sitemap.xml": "", "other/sitemap.xml": ""})
	t.Chdir(dir)
	if got, robots := siteRoot(filepath.Join("public", "maps", "deep", "sitemap.xml")); got != "public" || robots != filepath.Join("public", "robots.txt") {
		t.Errorf("siteRoot = %q, %q; want public", got, robots)
	}
	if got, robots := siteRoot(filepath.Join("other", "sitemap.xml")); got != "" || robots != "" {
		t.Errorf("siteRoot = %q, %q; want none", got, robots)
	}
}
