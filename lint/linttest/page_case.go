package linttest

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// A page rule case is an HTML page, NAME.html, under testdata/rules/RULE/,
// whose comments say which diagnostics it must produce, as a robots.txt
// case's do, and what else the page is linted with:
//
//	<meta name="robots" content="noidex"> <!-- want "unknown-indexing-rule: noidex" -->
//	<!-- want+1 "rule" -->  <!-- want@3 "rule: part of the message" -->
//	<!-- test-header: googlebot: noindex -->
//	<!-- test-url: /private/offer.html -->
//	<!-- test-now: 2026-06-01T00:00:00Z -->
//	<!-- test-targets: google,yandex -->
//	<!-- test-robots.txt
//	User-agent: *
//	Disallow: /private/
//	-->
//
// Each test-header comment is one X-Robots-Tag header value, in order; a
// finding in a header is wanted on the line of its test-header comment,
// since a header has no line of its own. test-url is the page's URL path,
// test-now the time dates are compared with (RFC 3339), and test-robots.txt
// the site's robots.txt: the lines between it and the "-->" that ends the
// comment, so that "robots.txt line 2" in a message is the second of them.
// A page without a test-robots.txt comment has no robots.txt. Fixes are
// compared with NAME.html.golden as a robots.txt case's are.

// PageCase is what a page rule case asks for.
type PageCase struct {
	Case
	// Headers are the X-Robots-Tag header values of its test-header
	// comments, and HeaderLines the 1-based lines of those comments.
	Headers     []string
	HeaderLines []int
	// Path is the URL path of its test-url comment, or "".
	Path string
	// Now is the time of its test-now comment, or the zero time.
	Now time.Time
	// Robots is the robots.txt of its test-robots.txt comment, or nil.
	Robots []byte
}

var (
	pageWantRE = regexp.MustCompile(`<!--\s*want(@\d+|[+-]\d+)?((?:\s+"[^"]*")+)\s*-->`)
	pageTestRE = regexp.MustCompile(`<!--\s*test-([a-z][a-z.-]*):(.*?)-->`)
)

// ParsePageCase reads the page rule case at path, whose bytes are src.
func ParsePageCase(path string, src []byte) (*PageCase, error) {
	c := &PageCase{Case: Case{Path: path}}
	robots, err := readComments(&c.Case, &c.Now, src, func(key, value string, line int) bool {
		switch key {
		case "header":
			c.Headers = append(c.Headers, value)
			c.HeaderLines = append(c.HeaderLines, line)
		case "url":
			c.Path = value
		default:
			return false
		}
		return true
	})
	c.Robots = robots
	if err != nil {
		return nil, err
	}
	return c, nil
}

// readComments reads the comments of an HTML or XML case (page and
// sitemap cases alike): its want comments into c.Wants, its test-targets
// into c.Targets and its test-now into now, and each other
// "<!-- test-KEY: VALUE -->" through setting, which reports whether it
// knows the key (an unknown one is an error: a misspelt setting would
// otherwise be ignored). It returns the robots.txt of its test-robots.txt
// comment, or nil.
func readComments(c *Case, now *time.Time, src []byte, setting func(key, value string, line int) bool) ([]byte, error) {
	text := string(src)
	for i, line := range strings.Split(text, "\n") {
		for _, m := range pageWantRE.FindAllStringSubmatch(line, -1) {
			c.Wants = appendWants(c.Wants, m[1], m[2], i+1)
		}
		for _, m := range pageTestRE.FindAllStringSubmatch(line, -1) {
			key, value := m[1], strings.TrimSpace(m[2])
			switch key {
			case "now":
				t, err := time.Parse(time.RFC3339, value)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: test-now: %v", c.Path, i+1, err)
				}
				*now = t
			case "targets":
				c.Targets = []string{}
				for name := range strings.SplitSeq(value, ",") {
					c.Targets = append(c.Targets, strings.TrimSpace(name))
				}
			default:
				if !setting(key, value, i+1) {
					return nil, fmt.Errorf("%s:%d: unknown setting test-%s", c.Path, i+1, key)
				}
			}
		}
	}
	const open = "<!-- test-robots.txt\n"
	i := strings.Index(text, open)
	if i < 0 {
		return nil, nil
	}
	body := text[i+len(open):]
	end := strings.Index(body, "-->")
	if end < 0 {
		return nil, fmt.Errorf("%s: the test-robots.txt comment has no end", c.Path)
	}
	return []byte(body[:end]), nil
}
