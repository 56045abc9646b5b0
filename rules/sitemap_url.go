package rules

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// SitemapURL reports a Sitemap line whose URL crawlers cannot use: empty,
// relative, without a host, with a scheme other than http or https, or
// holding more than one URL. Crawlers fetch the URL as written and do not
// resolve it against the site, so such a sitemap is never read. A URL
// listed twice is information: the second line changes nothing.
var SitemapURL = &lint.Rule{
	Name:    "sitemap-url",
	Summary: "a sitemap line whose URL is empty, relative, not http or https, malformed, or listed twice",
	Doc: lint.Doc{
		What: "Reports a `Sitemap:` line whose value is not one absolute http or https URL: an empty value, a relative " +
			"URL (`/sitemap.xml`), a URL without scheme (`www.example.com/sitemap.xml`) or host (`https:/sitemap.xml`), " +
			"another scheme (`ftp:`), or several URLs on one line; and, as information, a URL an earlier Sitemap line " +
			"already lists (scheme and host compared without case, the rest as written).",
		Why: "A Sitemap line belongs to no group and names a sitemap by its full URL, which may be on another host. " +
			"Google, Bing and Yandex require an absolute URL and do not resolve a relative one against the site, so " +
			"the sitemap is never fetched from this line. A URL listed twice is read once; the second line only " +
			"lengthens the file and may hide a sitemap that was meant instead.",
		Instead: "Give one absolute URL per line, with its scheme and host, and repeat the line for more sitemaps.",
	},
	Flagged:  "User-agent: *\nDisallow: /tmp/\n\nSitemap: /sitemap.xml\n",
	Clean:    "User-agent: *\nDisallow: /tmp/\n\nSitemap: https://www.example.com/sitemap.xml\n",
	Severity: lint.Error,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex},
	Run:      runSitemapURL,
}

func runSitemapURL(pass *lint.Pass) {
	f := pass.File
	var readers []string         // the crawlers that read Sitemap lines, found on first use
	listed := map[string][]int{} // a sitemap's URL -> its Sitemap lines
	var keys []string            // listed's keys in file order
	for i := range f.Lines {
		l := &f.Lines[i]
		if !isSitemapLine(f, i) {
			continue
		}
		value := f.Text(l.Value())
		what, advice := sitemapProblem(value)
		if what == "" {
			if key, ok := sitemapKey(value); ok {
				if listed[key] == nil {
					keys = append(keys, key)
				}
				listed[key] = append(listed[key], i)
			}
			continue
		}
		if readers == nil {
			readers = prose.Readers(targetsWhere(pass, func(p *match.Profile) bool { return honours(syntax.DirectiveSitemap, p) }))
			if len(readers) == 0 {
				readers = []string{"crawlers"}
			}
		}
		if len(value) == 0 {
			pass.Report(l.Key(), fmt.Sprintf("%s has no URL, so %s no sitemap here", prose.Quote(append(f.Text(l.Key()), ':')), prose.Subject(readers, "finds", "find")))
			continue
		}
		if advice == "" {
			advice = "a Sitemap line takes one absolute http or https URL"
		}
		msg := fmt.Sprintf("%s %s, so %s it: %s", prose.Quote(value), what, prose.Subject(readers, "ignores", "ignore"), advice)
		pass.Report(l.Value(), msg)
	}
	reportListedTwice(pass, keys, listed)
}

// reportListedTwice reports the Sitemap lines that repeat an earlier one's
// URL, once per URL: sites that end every group with the same Sitemap line
// repeat it a dozen times.
func reportListedTwice(pass *lint.Pass, keys []string, listed map[string][]int) {
	f := pass.File
	for _, key := range keys {
		lines := listed[key]
		if len(lines) < 2 {
			continue
		}
		first := &f.Lines[lines[0]]
		for _, again := range pass.GroupBySuppression(lines[1:]) {
			l := &f.Lines[again[0]]
			msg := fmt.Sprintf("the sitemap %s is already listed on line %d%s: a Sitemap line belongs to no group and crawlers read each URL once, so the repeats change nothing",
				prose.Quote(f.Text(l.Value())), lines[0]+1, hereAndMore(again))
			if len(again) == 1 {
				msg = strings.Replace(msg, "the repeats change", "the line changes", 1)
			}
			pass.Report(l.Value(), msg, lint.WithSeverity(lint.Info), lint.WithRelated(first.Value(), "the first Sitemap line for it"))
		}
	}
}

// isSitemapLine reports whether line i is a Sitemap line with a colon,
// under its name or a spelling Google reads too ("Sitemaps:", "Site-map:").
func isSitemapLine(f *syntax.File, i int) bool {
	l := &f.Lines[i]
	// The directive first: rules read every line, and most name another.
	if l.Directive != syntax.DirectiveSitemap && l.Directive != syntax.DirectiveOther ||
		l.Kind != syntax.LineDirective || l.Sep().Len() != 1 || f.Bytes()[l.Sep().Start] != ':' {
		return false
	}
	if l.Directive == syntax.DirectiveSitemap {
		return true
	}
	d, how, _ := resolveName(f.Text(l.Key()), false)
	return d == syntax.DirectiveSitemap && how != matchGarbled
}

// sitemapProblem says what keeps crawlers from using a sitemap URL, and
// what to write instead; "" when nothing does.
func sitemapProblem(v []byte) (what, advice string) {
	if len(v) == 0 {
		return "is empty", ""
	}
	if isTemplate(v) {
		// A template's placeholder, filled in when the file is served.
		return "", ""
	}
	if bytes.ContainsAny(v, " \t") {
		return "holds a space", "write each URL on a Sitemap line of its own, and a space inside a URL as `%20`"
	}
	s := string(v)
	u, err := url.Parse(s)
	switch {
	case err != nil && strings.Contains(s, "://"):
		return "is not a valid URL", ""
	case strings.HasPrefix(s, "//"):
		return "has no scheme", "write `https:` before it"
	case err != nil || u.Scheme == "":
		if host, _, _ := strings.Cut(s, "/"); !strings.HasPrefix(s, "/") && strings.Contains(host, ".") && !strings.HasSuffix(syntax.LowerASCII(host), ".xml") {
			return "has no scheme", "write `https://` before it"
		}
		return "is a relative URL", "write it in full, with `https://` and the host"
	case syntax.LowerASCII(u.Scheme) != "http" && syntax.LowerASCII(u.Scheme) != "https":
		return fmt.Sprintf("has the scheme `%s:`", u.Scheme), ""
	case u.Opaque != "" || u.Host == "" || u.Hostname() == "":
		return "has no host after the scheme", ""
	}
	return "", ""
}

// plainURL reports whether v holds only printable ASCII without the bytes
// that a URL's String may write differently: '%' escapes and a '#'.
func plainURL(v []byte) bool {
	for _, c := range v {
		if c <= ' ' || c >= 0x7f || c == '%' || c == '#' {
			return false
		}
	}
	return true
}

// isTemplate reports whether v holds a template placeholder ("{{url}}",
// "<%= host %>", "${HOST}"): the file is a template that a site fills in
// before serving it.
func isTemplate(v []byte) bool {
	return bytes.Contains(v, []byte("{{")) || bytes.Contains(v, []byte("{%")) || bytes.Contains(v, []byte("<%")) || bytes.Contains(v, []byte("${"))
}

// sitemapKey is what two spellings of one sitemap URL share: the URL with
// its scheme and host in lower case, which are case-insensitive; the path
// and query are not. A template has no key.
func sitemapKey(v []byte) (string, bool) {
	if isTemplate(v) {
		return "", false
	}
	// Most sitemap URLs are plain ASCII, where lowering the scheme and
	// host in place is what a parse and String do, and far cheaper.
	if at := bytes.Index(v, []byte("://")); at > 0 && plainURL(v) {
		end := len(v)
		if n := bytes.IndexAny(v[at+3:], "/?"); n >= 0 {
			end = at + 3 + n
		}
		host := at + 3 + bytes.LastIndexByte(v[at+3:end], '@') + 1 // the user's name keeps its case
		key := make([]byte, 0, len(v))
		key = appendLower(key, v[:at+3])
		key = append(key, v[at+3:host]...)
		key = appendLower(key, v[host:end])
		return string(append(key, v[end:]...)), true
	}
	u, err := url.Parse(string(v))
	if err != nil {
		return "", false
	}
	u.Scheme, u.Host = syntax.LowerASCII(u.Scheme), syntax.LowerASCII(u.Host)
	return u.String(), true
}
