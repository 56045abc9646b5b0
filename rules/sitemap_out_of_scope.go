package rules

import (
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// SitemapOutOfScope reports the URLs of a sitemap that it may not list:
// for a sitemap robots.txt leads to, those on another scheme or host than
// that robots.txt; for one it does not, those outside the sitemap's
// directory.
var SitemapOutOfScope = &lint.Rule{
	Name:    "sitemap-out-of-scope",
	Summary: "a sitemap lists URLs of another host or scheme than the robots.txt that lists it, or outside its directory",
	Doc: lint.Doc{
		What: "For a sitemap that robots.txt lists (directly or through an index), reports, once per sitemap, the " +
			"URLs whose scheme or host differ from the robots.txt's (`http:` URLs in a sitemap listed by " +
			"`https://example.com/robots.txt`, URLs of `shop.example.com`). A sitemap on another host, such as a " +
			"CDN, is a legal cross-host submission and is not reported for where it is; what it requires is that " +
			"its URLs belong to the robots.txt's host, and that is what is checked. For a sitemap robots.txt does " +
			"not lead to, reports the URLs outside the sitemap's own directory (a sitemap at `/blog/sitemap.xml` " +
			"listing `/shop/`). The entries of a sitemap index are not checked here, only the URLs of the " +
			"sitemaps they list.",
		Why: "sitemaps.org: \"the location of a Sitemap file determines the set of URLs that can be included in " +
			"that Sitemap\": same host, same scheme, at or below its directory, and URLs outside it \"will not be " +
			"considered\". The exception is a sitemap that robots.txt lists: a `Sitemap:` line in host A's " +
			"robots.txt pointing to a file on host B proves that A's owner submits it, and then the URLs must " +
			"belong to host A (sitemaps.org, and Google's \"Cross-submissions via robots.txt\", 2008). Search " +
			"engines ignore URLs out of scope, so a site moved to https with a sitemap still listing http URLs, " +
			"or a shared sitemap listing another subdomain, announces nothing. Tools such as susbot (crossDomain, " +
			"protocolMismatch) and squirrelscan (sitemap-domain) check the host, but flag the legal cross-host " +
			"sitemap as well.",
		Instead: "List in each sitemap only URLs of the host and scheme whose robots.txt lists it (one sitemap per " +
			"host, each listed in that host's robots.txt), or, for a sitemap submitted otherwise, only URLs at " +
			"or below its directory: put a site-wide sitemap at the root.",
	},
	Flagged: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/</loc></url>\n  <url><loc>http://www.example.com/about</loc></url>\n</urlset>\n",
	Clean: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
		"  <url><loc>https://www.example.com/</loc></url>\n  <url><loc>https://www.example.com/about</loc></url>\n</urlset>\n",
	ExampleRobots: "User-agent: *\nDisallow:\n\nSitemap: https://www.example.com/sitemap.xml\n",
	ExamplePath:   "/sitemap.xml",
	Severity:      lint.Error,
	Scope:         lint.ScopeSitemap,
	Profiles:      []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunSitemap:    runSitemapOutOfScope,
}

func runSitemapOutOfScope(pass *lint.SitemapPass) lint.SitemapHooks {
	var g urlGroup
	var in func(loc string) bool // whether a URL is in scope
	var what func() string       // the clause that says why the group is out of scope
	origin := siteOrigin(pass)
	l := pass.Sitemap.Listing
	switch {
	case listedByRobots(pass) && origin != "":
		in = func(loc string) bool { return sameOrigin(loc, origin) }
		what = func() string {
			s := fmt.Sprintf("%s not on %s, whose robots.txt lists the sitemap, so search engines ignore %s",
				prose.Choose(g.count, "is", "are"), origin, prose.Choose(g.count, "it", "them"))
			if own, ok := originOf(pass.Sitemap.URL); ok && own != origin {
				s += fmt.Sprintf(" (the sitemap is on %s, a cross-host submission that robots.txt allows, but only for URLs of %s)", own, origin)
			}
			return s
		}
	case (l == nil || l.RobotsLine < 0 && l.Index == "") && pass.Sitemap.URL != "":
		dir, ok := directoryOf(pass.Sitemap.URL)
		if !ok {
			return lint.SitemapHooks{}
		}
		in = func(loc string) bool { return underDirectory(loc, dir) }
		what = func() string {
			return fmt.Sprintf("%s outside %s, the sitemap's directory, which is all a sitemap that robots.txt does not list may cover",
				prose.Choose(g.count, "is", "are"), prose.Quote([]byte(dir)))
		}
	default:
		return lint.SitemapHooks{}
	}
	return lint.SitemapHooks{
		Entry: func(e *lint.SitemapEntry) {
			// A URL that is not absolute is sitemap-invalid-loc's.
			if !e.Index && isHTTPURL(e.Loc) && !in(e.Loc) {
				g.add(e)
			}
		},
		End: func() {
			if g.count > 0 {
				g.report(pass, what(), "")
			}
		},
	}
}

// directoryOf returns the URL raw up to the last '/' of its path, its
// origin as originOf gives it: "https://example.com/blog/" for
// "https://example.com/blog/sitemap.xml".
func directoryOf(raw string) (string, bool) {
	origin, ok := originOf(raw)
	if !ok {
		return "", false
	}
	rest := raw[strings.Index(raw, "://")+3:]
	path := "/"
	if i := strings.IndexAny(rest, "/?#"); i >= 0 && rest[i] == '/' {
		path = rest[i:]
		if j := strings.IndexAny(path, "?#"); j >= 0 {
			path = path[:j]
		}
		path = path[:strings.LastIndexByte(path, '/')+1]
	}
	return origin + path, true
}

// underDirectory reports whether loc is at or below dir (as directoryOf
// gives it): on its origin, with a path that starts with its path.
func underDirectory(loc, dir string) bool {
	if strings.HasPrefix(loc, dir) {
		return true
	}
	d, ok := directoryOf(loc)
	return ok && strings.HasPrefix(d, dir)
}

// isHTTPURL reports whether loc starts with http:// or https://, in any
// case.
func isHTTPURL(loc string) bool {
	return len(loc) > 7 && strings.EqualFold(loc[:7], "http://") || len(loc) > 8 && strings.EqualFold(loc[:8], "https://")
}
