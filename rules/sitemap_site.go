package rules

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// SitemapSite judges each Sitemap line against the site the file is served
// for, when that is known: a URL argument, or the site setting of the
// configuration. It reports a plain-http sitemap on an https site, and, as
// information, a sitemap on another host.
var SitemapSite = &lint.Rule{
	Name:    "sitemap-site",
	Summary: "a sitemap served over plain http for an https site, or from another host",
	Doc: lint.Doc{
		What: "When the site the file is served for is known (robotslint fetched it from a URL, or " +
			"`.robotslint.toml` says `site = \"https://example.com\"`), reports as a warning a `Sitemap:` URL " +
			"that starts with `http:` while the site is https, and as information one on another host than " +
			"the site's. The `www.` form of the site's host counts as the site's. Without a known site the rule " +
			"says nothing.",
		Why: "Crawlers fetch a sitemap URL as written: an `http:` one over plain http, where anyone on the " +
			"network can change it, and only if the server still answers there or redirects to https. The " +
			"sitemaps protocol also accepts in a sitemap only URLs that start with its own scheme and host, so " +
			"the https pages of the site do not belong in a sitemap served from `http:`, which is usually " +
			"left over from a move to https. A sitemap on another host is legal: by naming it, the site's " +
			"robots.txt vouches for it (the protocol's cross-submission, supported by Google since 2008), but " +
			"only for URLs on the site's own host; Google accepts URLs of several sites in one sitemap when all " +
			"of them are verified in the same Search Console account.",
		Instead: "Name the sitemap by its https URL on the site. Keep a sitemap on another host (a CDN, a " +
			"sitemap service) when it lists this site's URLs, or when every site it lists is verified in " +
			"Search Console.",
		FixSafety: "The fix, which writes `https:` for `http:` in a sitemap URL on the site's own host, is " +
			"unsafe (applied only with `--unsafe-fixes`): robotslint cannot tell whether the server serves the " +
			"sitemap over https.",
	},
	// The examples are linted for the site https://www.example.com.
	Flagged:  "# robots.txt of https://www.example.com\nUser-agent: *\nDisallow: /cart/\n\nSitemap: http://www.example.com/sitemap.xml\n",
	Clean:    "# robots.txt of https://www.example.com\nUser-agent: *\nDisallow: /cart/\n\nSitemap: https://www.example.com/sitemap.xml\n",
	Severity: lint.Warning,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex},
	Run:      runSitemapSite,
}

func runSitemapSite(pass *lint.Pass) {
	site, err := url.Parse(pass.Site())
	if pass.Site() == "" || err != nil || notRobotsTxt(pass) {
		return
	}
	google := pass.Targeted(match.Google) && honours(syntax.DirectiveSitemap, match.Google)
	var standard []*match.Profile // the other targets that read Sitemap lines, as the standards read lines
	for _, p := range targetsWhere(pass, func(p *match.Profile) bool { return honours(syntax.DirectiveSitemap, p) }) {
		if p != match.Google {
			standard = append(standard, p)
		}
	}
	if !google && len(standard) == 0 {
		return
	}
	f := pass.File
	content := judgeContent(pass)
	siteHost := hostPort(site)
	// The sitemaps on other hosts, reported once per host (and whether
	// over plain http): a site that keeps dozens of sitemaps on a CDN
	// gets one finding, not dozens.
	type elsewhere struct {
		host  string
		plain bool
	}
	var order []elsewhere
	away := map[elsewhere][]int{}
	for i := range f.Lines {
		if !content.reads(i) {
			continue
		}
		value, readers := sitemapLine(f, i, google, standard)
		if readers == nil {
			continue
		}
		if what, _ := sitemapProblem(value); what != "" {
			continue // sitemap-url says why crawlers cannot use it
		}
		u, err := url.Parse(string(value))
		if err != nil {
			continue
		}
		host := hostPort(u)
		plain := syntax.LowerASCII(u.Scheme) == "http" && site.Scheme == "https"
		switch {
		case strings.TrimPrefix(host, "www.") != strings.TrimPrefix(siteHost, "www."):
			k := elsewhere{host, plain}
			if away[k] == nil {
				order = append(order, k)
			}
			away[k] = append(away[k], i)
		case plain:
			reportPlainSitemap(pass, i, value, u, readers)
		}
	}
	for _, k := range order {
		for _, lines := range pass.GroupBySuppression(away[k]) {
			msg := fmt.Sprintf("the sitemap is on %s, not on the site's host %s%s: the sitemaps protocol lets this robots.txt name it "+
				"(cross-submission), but only for URLs on %s; Google takes URLs of other sites in it only when all of them are verified "+
				"in the same Search Console account", k.host, siteHost, hereAndMore(lines), siteHost)
			if k.plain {
				msg += ", and it is fetched over plain http, where anyone on the network can change it"
			}
			span, _ := sitemapValueSpan(f, lines[0], nil)
			pass.Report(span, msg, lint.WithSeverity(lint.Info))
		}
	}
}

// sitemapLine returns the URL of line i when the targeted crawlers that
// read Sitemap lines read one there, and those crawlers; nil when none
// does. Google reads misspelled names too ("Sitemaps:", "Site-map:").
func sitemapLine(f *syntax.File, i int, google bool, standard []*match.Profile) (value []byte, readers []*match.Profile) {
	if google {
		if d, _, v, _ := match.GoogleLine(f, i); d == syntax.DirectiveSitemap {
			value, readers = v, []*match.Profile{match.Google}
		}
	}
	if len(standard) > 0 {
		if d, v := match.StandardLine(f, i); d == syntax.DirectiveSitemap {
			value, readers = v, append(readers, standard...)
		}
	}
	return value, readers
}

// sitemapValueSpan is where a finding about the sitemap on line i goes:
// its value as the syntax tree reads it, when that is value (or value is
// nil), which it is everywhere but on lines Google cuts; onValue is false
// for those, which get the whole line.
func sitemapValueSpan(f *syntax.File, i int, value []byte) (span syntax.Span, onValue bool) {
	l := &f.Lines[i]
	if l.Kind == syntax.LineDirective && (value == nil || string(f.Text(l.Value())) == string(value)) {
		return l.Value(), true
	}
	return l.Text(), false
}

// reportPlainSitemap reports the sitemap URL u, written value on line i,
// which is plain http on an https site, with the fix that writes https.
func reportPlainSitemap(pass *lint.Pass, i int, value []byte, u *url.URL, readers []*match.Profile) {
	span, onValue := sitemapValueSpan(pass.File, i, value)
	https := "https" + string(value[len(u.Scheme):])
	msg := fmt.Sprintf("%s is plain http on the https site %s: %s it over http, so the sitemap is read only if the server "+
		"still answers there or redirects to https, and the sitemaps protocol accepts in it only URLs that start with `http:`; write %s",
		prose.Quote(value), pass.Site(), prose.Subject(prose.Readers(readers), "fetches", "fetch"), prose.Quote([]byte(https)))
	var opts []lint.ReportOption
	if onValue {
		opts = append(opts, lint.WithFix(lint.Fix{
			// Unsafe: whether the server answers on https is not in the
			// file.
			Title: "Write `https:`",
			Edits: []lint.Edit{{Span: syntax.Span{Start: span.Start, End: span.Start + len(u.Scheme)}, NewText: "https"}},
		}))
	}
	pass.Report(span, msg, opts...)
}

// hostPort is u's host in lower case, with its port when that is not the
// scheme's default.
func hostPort(u *url.URL) string {
	host := syntax.LowerASCII(u.Hostname())
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	switch port := u.Port(); {
	case port == "", port == "80" && syntax.LowerASCII(u.Scheme) == "http", port == "443" && syntax.LowerASCII(u.Scheme) == "https":
	default:
		host += ":" + port
	}
	return host
}
