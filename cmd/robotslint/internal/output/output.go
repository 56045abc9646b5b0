// Package output writes the results of "robotslint lint" in the formats the
// command offers: text for people at a terminal, JSON for scripts, SARIF for
// code-scanning services and GitHub Actions workflow commands for
// annotations on pull requests.
//
// Every writer takes the same []File and returns an error only when writing
// fails. Positions follow one convention throughout: lines and columns start
// at 1 and columns count Unicode characters, as syntax.LineIndex counts them;
// each format then says whether its end column is exclusive (JSON, SARIF) or
// inclusive (GitHub).
package output

import (
	"net/url"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// File is one linted input.
type File struct {
	Path        string            // as the user named it: "robots.txt", "site/robots.txt", "<stdin>" or a URL
	File        *syntax.File      // the parsed source (github.com/robotslint/robotslint/syntax); never nil (an empty file for a site that sent no body)
	Diagnostics []lint.Diagnostic // sorted by position (github.com/robotslint/robotslint/lint)
	Fixed       int               // how many diagnostics --fix fixed in this file (0 without --fix); Diagnostics are then the ones that remain
	// Robots and RobotsPath are, for an HTML page of a site, the site's
	// robots.txt and its path as the user named it: a page rule's finding
	// names the robots.txt line that keeps crawlers away as a related
	// place there (lint.Related.InRobotsTxt). Both are empty otherwise.
	Robots     *syntax.File
	RobotsPath string
	// Positions are, for a sitemap, which is not kept (File is then
	// empty), the line and column of each offset a diagnostic starts or
	// ends at (lint.SitemapResult.Positions); nil for other files. Output
	// shows no excerpt of a file known this way.
	Positions map[int]syntax.Position
}

// text is a file as output places offsets in it: its source, or, for a
// sitemap, which is not kept, the positions the linter recorded.
type text struct {
	file      *syntax.File
	positions map[int]syntax.Position // nil when file holds the source
}

// text returns f's text.
func (f File) text() text { return text{file: f.File, positions: f.Positions} }

// kept reports whether t holds the source, which excerpts show.
func (t text) kept() bool { return t.positions == nil && t.file != nil }

// relatedPlace returns the text a related place of f is in, and its path:
// f itself, or the site's robots.txt for a place InRobotsTxt. A place in
// a robots.txt f does not carry is shown at the start of f, where it
// cannot mislead.
func (f File) relatedPlace(r lint.Related) (text, string, syntax.Span) {
	if r.InRobotsTxt {
		if f.Robots != nil {
			return text{file: f.Robots}, f.RobotsPath, r.Span
		}
		return f.text(), f.Path, syntax.Span{}
	}
	return f.text(), f.Path, r.Span
}

// position returns the line and column of offset off in t. An offset a
// sitemap's recorded positions lack (a related place its rule did not
// place) is shown at the start, where it cannot mislead.
func (t text) position(off int) syntax.Position {
	if t.positions != nil {
		if p, ok := t.positions[off]; ok {
			return p
		}
		return syntax.Position{Line: 1, Column: 1}
	}
	if t.file == nil {
		return syntax.Position{Line: 1, Column: 1}
	}
	return t.file.LineIndex().Position(off)
}

// lastPosition returns the position just after the last character of s: the
// same as position(s.End) unless s ends with a line terminator, where it
// stays on the terminator's line instead of moving to column 1 of the next.
// SARIF's endLine is the line of the region's last character, and GitHub's
// annotations take columns only for a range on one line, so a diagnostic on a
// whole line, terminator included, must not end on the line after it. A
// sitemap's recorded end is already just after its last character.
func (t text) lastPosition(s syntax.Span) syntax.Position {
	if s.Len() <= 0 || !t.kept() {
		if s.Len() > 0 {
			if p, ok := t.positions[s.End]; ok {
				return p
			}
		}
		return t.position(s.Start)
	}
	// An offset inside a character or a CRLF maps to the position of that
	// character or of the CR, so End-1 is the last character's position.
	p := t.position(s.End - 1)
	p.Column++
	return p
}

// urlsNote says how many URLs a finding is about and names a few: "1,204
// URLs, e.g. https://example.com/a, https://example.com/b"; "" when it is
// about none, or when its message already gives the count and each
// example, as a URL or as its path on the site.
func urlsNote(d lint.Diagnostic) string {
	g := d.URLs
	if g == nil {
		return ""
	}
	count := prose.Count(g.Count, "URL", "URLs")
	said := strings.Contains(d.Message, prose.Int(g.Count))
	for _, u := range g.Examples {
		said = said && (strings.Contains(d.Message, u) || strings.Contains(d.Message, pathOf(u)))
	}
	if said {
		return ""
	}
	if len(g.Examples) == 0 {
		return count
	}
	return count + ", e.g. " + strings.Join(g.Examples, ", ")
}

// level names a severity for SARIF, whose levels are error, warning and
// note: info and hint are both notes.
func level(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	}
	return "note"
}

// fixCounts returns how many of diags --fix would fix (those with a safe
// fix) and how many more only --unsafe-fixes would (those whose fixes are all
// unsafe).
func fixCounts(diags []lint.Diagnostic) (safe, unsafeOnly int) {
	for _, d := range diags {
		if len(d.Fixes) == 0 {
			continue
		}
		if hasSafeFix(d) {
			safe++
		} else {
			unsafeOnly++
		}
	}
	return safe, unsafeOnly
}

func hasSafeFix(d lint.Diagnostic) bool {
	for _, fx := range d.Fixes {
		if fx.Safe {
			return true
		}
	}
	return false
}

// pathOf is the path and query of an absolute URL, as messages name a URL
// on the site: "/private/a?x=1"; the URL itself when it has none.
func pathOf(u string) string {
	parsed, err := url.Parse(u)
	if err != nil || parsed.Host == "" {
		return u
	}
	return parsed.RequestURI()
}
