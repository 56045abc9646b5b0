package linttest

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

// A sitemap rule case is an XML sitemap, NAME.xml, under testdata/rules/RULE/,
// whose comments say which diagnostics it must produce, as a page case's
// do, and what it is checked with:
//
//	<url><loc>/about</loc></url> <!-- want "sitemap-invalid-loc: relative" -->
//	<!-- test-url: https://example.com/sitemap.xml -->
//	<!-- test-robots-url: https://example.com/robots.txt -->
//	<!-- test-listed: 3 -->
//	<!-- test-depth: 1 -->
//	<!-- test-index: https://example.com/sitemap-index.xml -->
//	<!-- test-now: 2026-06-01T00:00:00Z -->
//	<!-- test-targets: google,bing -->
//	<!-- test-page: https://example.com/a <meta name="robots" content="noindex"> -->
//	<!-- test-robots.txt
//	User-agent: *
//	Disallow: /private/
//	-->
//
// test-url is the sitemap's URL (default https://example.com/sitemap.xml,
// "none" for none) and test-robots-url the robots.txt's (default
// https://example.com/robots.txt when there is a test-robots.txt, else
// none). test-listed is the 1-based line of that robots.txt that lists the
// sitemap, or the index it was found through (test-index); without it the
// sitemap was named directly, or, with test-index alone, found through an
// index that robots.txt does not list. test-depth is the number of indexes
// between robots.txt and the sitemap. Each test-page is a page of the site:
// its absolute URL, then its HTML. A gzip-compressed case, NAME.xml.gz,
// cannot hold comments: its wants are in a sidecar NAME.xml.gz.want, one
// "LINE RULE" a line, and it is checked with the defaults.

// SitemapCase is what a sitemap rule case asks for.
type SitemapCase struct {
	Case
	// Body is the sitemap as served (for a .gz case, compressed).
	Body []byte
	// URL is the sitemap's URL, RobotsURL the robots.txt's; "" for none.
	URL, RobotsURL string
	// Listed is the 1-based line of its test-listed comment, or 0.
	Listed int
	// Depth and Index are those of its test-depth and test-index comments.
	Depth int
	Index string
	// Now is the time of its test-now comment, or the zero time.
	Now time.Time
	// Robots is the robots.txt of its test-robots.txt comment, or nil.
	Robots []byte
	// Pages are the HTML of its test-page comments, by absolute URL.
	Pages map[string]string
}

// The defaults of a sitemap case.
const (
	DefaultSitemapURL = "https://example.com/sitemap.xml"
	DefaultRobotsURL  = "https://example.com/robots.txt"
)

// ParseSitemapCase reads the sitemap rule case at path, whose bytes are
// src.
func ParseSitemapCase(path string, src []byte) (*SitemapCase, error) {
	c := &SitemapCase{Case: Case{Path: path}, Body: src, URL: DefaultSitemapURL, Pages: map[string]string{}}
	if strings.HasSuffix(path, ".gz") {
		// The wants are in the sidecar, which ParseCase reads; its lines
		// are the uncompressed sitemap's.
		zr, err := gzip.NewReader(bytes.NewReader(src))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		plain, _ := io.ReadAll(zr) // a case may be a broken stream on purpose
		base, err := ParseCase(path, strings.Split(string(plain), "\n"))
		if err != nil {
			return nil, err
		}
		c.Case = *base
		c.RobotsURL = ""
		return c, nil
	}
	robotsURL := ""
	var bad error // a setting's value that is not what it must be
	robots, err := readComments(&c.Case, &c.Now, src, func(key, value string, line int) bool {
		switch key {
		case "url":
			c.URL = value
		case "robots-url":
			robotsURL = value
		case "listed", "depth":
			n, convErr := strconv.Atoi(value)
			if convErr != nil || n < 0 {
				bad = fmt.Errorf("%s:%d: test-%s: %q is not a number", path, line, key, value)
			}
			if key == "listed" {
				c.Listed = n
			} else {
				c.Depth = n
			}
		case "index":
			c.Index = value
		case "page":
			url, html, _ := strings.Cut(value, " ")
			c.Pages[url] = html
		default:
			return false
		}
		return true
	})
	if err == nil {
		err = bad
	}
	if err != nil {
		return nil, err
	}
	c.Robots = robots
	if c.URL == "none" {
		c.URL = ""
	}
	switch {
	case robotsURL == "none":
	case robotsURL != "":
		c.RobotsURL = robotsURL
	case c.Robots != nil:
		c.RobotsURL = DefaultRobotsURL
	}
	return c, nil
}

// ReadSitemapCase reads and parses the sitemap rule case at path.
func ReadSitemapCase(path string) (*SitemapCase, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseSitemapCase(path, src)
}
