package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// siteReport is what lintSite found out by fetching a site's robots.txt.
type siteReport struct {
	// Name is the robots.txt URL, the path output shows.
	Name string
	// Src is the body crawlers obey: the fetched body, at most 500 KiB and
	// the rest of the line across them, or empty when the fetch gave none.
	Src []byte
	// Diagnostics are the fetch's own findings, all at syntax.Span{0, 0}
	// and in the order of siteRules; the caller lints Src for the rest.
	Diagnostics []lint.Diagnostic
}

// maxSecondsOption is how long a fetch may take before fetch-slow reports
// it. A static robots.txt arrives in milliseconds, so 5 seconds leaves
// ample room for a slow network between robotslint and the site, while a
// file that takes longer is half-way to robotslint's own 10 s timeout and
// into the range where crawlers that give up sooner (few say when) see no
// answer at all. No crawler is known to wait ten minutes.
var maxSecondsOption = lint.Option{
	Name:    "max-seconds",
	Summary: "the longest fetch, in seconds, that is not reported as slow",
	Kind:    lint.Seconds,
	Default: 5,
	Max:     600,
}

// The fetch rules are rules in the catalogue's sense (a name to configure,
// suppress by and explain, a default severity, documentation) but about
// the HTTP exchange rather than the file's text: they have no Flagged or
// Clean file and no Run, since lintSite reports them from the fetch, not
// the engine from the file.
var (
	fetchStatusRule = &lint.Rule{
		Name:    "fetch-status",
		Summary: "the server answers robots.txt with an error status, or does not answer",
		Doc: lint.Doc{
			What: "For a URL argument, reports how the server answered the request for /robots.txt when it did " +
				"not answer with a 2xx status, or did not answer at all (a timeout, a host name that does not resolve, " +
				"a failed TLS handshake, a refused connection, a body that broke off). The severity follows what the " +
				"targeted crawlers do, and the message names which of them do what: information when all of them " +
				"crawl as if there were no robots.txt, a warning when some take the whole site as disallowed because " +
				"the server said no, an error when some stop crawling because robots.txt is unreachable.",
			Why: "Crawlers decide what the status means before they read a line, and they do not agree. Any 4xx " +
				"means there is no robots.txt and crawlers may fetch everything (RFC 9309 §2.3.1.3), 401 and 403 " +
				"included for RFC 9309 and Google, which advises against using them to limit crawling; but Koster's " +
				"1997 draft, the legacy profile, and crawlers that follow it, such as Python's urllib.robotparser, " +
				"read 401 and 403 as disallowing the whole site. After a 5xx or no answer, RFC 9309 §2.3.1.4 has " +
				"crawlers assume the whole site is disallowed. Google stops crawling the site for 12 hours, then " +
				"obeys its last cached copy of robots.txt for up to 30 days (allowing everything if it has none), " +
				"and after that crawls as if there were no robots.txt while the rest of the site is up; it treats " +
				"a 429 like a 5xx, although RFC 9309 counts it among the 4xx. Yandex takes any answer but a 200 as " +
				"no robots.txt. A 404 or 410 is the usual way to say a site has no rules: everything is allowed, " +
				"which may or may not be meant.",
			Instead: "Serve robots.txt as a static file with a 200 status from every host of the site, answer " +
				"404 when the site has no rules, and keep it out of reach of logins, bot challenges and rate " +
				"limits. To pause crawling for a short while, answer 503 on purpose.",
		},
		Severity: lint.Error,
		Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	}
	fetchRedirectRule = &lint.Rule{
		Name:    "fetch-redirect",
		Summary: "robots.txt is redirected, to another host, too many times or nowhere",
		Doc: lint.Doc{
			What: "For a URL argument, reports redirects on the way to /robots.txt: as information a chain that " +
				"stays on the site (the same host, its www. form, or from http to https), with the number of " +
				"redirects; as a warning one that leads to another host or from https to plain http; as an error " +
				"one that crawlers cannot follow: more than 5 redirects or a loop, a 3xx without a Location, a " +
				"Location that does not parse or is not an http or https URL.",
			Why: "RFC 9309 §2.3.1.2 has crawlers follow at least five redirects, across hosts too, and apply the " +
				"file they reach to the host they started from: a robots.txt on another host governs this one, " +
				"with that host's paths and that host's uptime. After more than five, crawlers may give up and " +
				"treat robots.txt as unavailable; Google does, treating it as a 404, so the whole site is " +
				"allowed. A redirect crawlers cannot follow at all leaves them without a file to obey.",
			Instead: "Serve robots.txt directly at /robots.txt of every host. One redirect from http to https, " +
				"or to the site's canonical host, is fine.",
		},
		Severity: lint.Info,
		Profiles: []*match.Profile{match.Google, match.RFC9309},
	}
	fetchContentTypeRule = &lint.Rule{
		Name:    "fetch-content-type",
		Summary: "robots.txt is served with a content type other than text/plain, or with none",
		Doc: lint.Doc{
			What: "For a URL argument whose robots.txt was fetched, reports as a warning a Content-Type other " +
				"than text/plain, such as text/html, and as information an answer without a Content-Type.",
			Why: "RFC 9309 §2.3 defines robots.txt as a text/plain file. A server that labels it text/html " +
				"has usually answered with a page instead of the file: an error page sent with a 200 status, " +
				"or a single-page app that answers every path with its shell. Crawlers find no rules in such a " +
				"page and crawl everything (not-robots-txt reports the page itself).",
			Instead: "Serve the file with `Content-Type: text/plain; charset=utf-8`.",
		},
		Severity: lint.Warning,
		Profiles: []*match.Profile{match.RFC9309},
	}
	fetchSizeRule = &lint.Rule{
		Name:    "fetch-size",
		Summary: "robots.txt is larger than the 500 KiB crawlers read",
		Doc: lint.Doc{
			What: "For a URL argument, reports a robots.txt larger than 500 KiB and, when the server declares " +
				"the length, how much of it crawlers never read. robotslint reads and lints only the first " +
				"500 KiB too, and the rest of the line across them, which file-too-large reports as cut; " +
				"file-too-large reports the same for a file on disk.",
			Why: "Google reads the first 500 KiB of a robots.txt file and ignores the rest, and RFC 9309 §2.5 " +
				"requires no crawler to read more. Rules past that point do not exist for those crawlers, and " +
				"a rule across it is cut short.",
			Instead: "Shrink the file: replace lists of URLs by the prefixes or `*` patterns they share, drop " +
				"rules for paths that no longer exist, and keep the rules that matter most near the top.",
		},
		Severity: lint.Warning,
		Profiles: []*match.Profile{match.Google, match.RFC9309},
	}
	fetchSlowRule = &lint.Rule{
		Name:    "fetch-slow",
		Summary: "robots.txt takes more than a few seconds to fetch",
		Doc: lint.Doc{
			What: "For a URL argument, reports a fetch of robots.txt, redirects and body included, that took " +
				"longer than the `max-seconds` option (5 seconds by default), as measured from where robotslint " +
				"runs. A fetch that does not finish within --timeout is reported by fetch-status instead.",
			Why: "Crawlers fetch robots.txt before anything else on a site and give up after a timeout of their " +
				"own, which few document. Google counts a timeout like a 5xx: it stops crawling the site for 12 " +
				"hours. A static file arrives in milliseconds; one that takes seconds is usually generated on " +
				"every request or served through an overloaded path, and a little more load makes it time out.",
			Instead: "Serve robots.txt as a static file, or cache it in front of the application.",
		},
		Severity: lint.Warning,
		Profiles: []*match.Profile{match.Google},
		Options:  []lint.Option{maxSecondsOption},
	}
)

// siteRules are the rules lintSite reports, in the order it reports them:
// what the answer was, how it was reached, then what it holds and how long
// it took.
var siteRules = []*lint.Rule{fetchStatusRule, fetchRedirectRule, fetchContentTypeRule, fetchSizeRule, fetchSlowRule}

// lookupSiteRule returns the fetch rule named name, or nil.
func lookupSiteRule(name string) *lint.Rule {
	for _, r := range siteRules {
		if r.Name == name {
			return r
		}
	}
	return nil
}

// lintSite fetches the robots.txt of target's origin as crawlers do and
// reports what the fetch means to them. The error is only for a target that
// is not a URL robotslint can fetch; whatever the network or the server
// does is a diagnostic.
func lintSite(ctx context.Context, target string, opt fetchOptions, cfg *lint.Config) (*siteReport, error) {
	r, err := fetchRobots(ctx, target, opt)
	if err != nil {
		return nil, err
	}
	rep := &siteReport{Name: r.URL}
	if r.Outcome == fetchFetched {
		rep.Src = r.Body
	}
	f := &siteFindings{cfg: cfg, targets: lint.DefaultTargets()}
	if cfg != nil && len(cfg.Targets) > 0 {
		f.targets = cfg.Targets
	}
	f.check(r)
	rep.Diagnostics = f.diags
	return rep, nil
}

// siteFindings collects the diagnostics of one fetch, applying the
// configuration as lint.Pass.Report does.
type siteFindings struct {
	cfg     *lint.Config
	targets []*match.Profile // the configuration's, or the default ones
	diags   []lint.Diagnostic
}

// ruleConfig is the configuration of rule, or none.
func (f *siteFindings) ruleConfig(rule *lint.Rule) lint.RuleConfig {
	if f.cfg == nil {
		return lint.RuleConfig{}
	}
	return f.cfg.Rules[rule.Name]
}

// report adds a finding of rule at severity sev, 0 meaning the rule's
// default. As for the catalogue's rules, a severity configured for the
// rule wins over both, and a rule configured off reports nothing.
func (f *siteFindings) report(rule *lint.Rule, sev lint.Severity, format string, args ...any) {
	rc := f.ruleConfig(rule)
	if rc.Severity == lint.Off {
		return
	}
	if sev == 0 {
		sev = rule.Severity
	}
	if rc.Severity != 0 {
		sev = rc.Severity
	}
	// Error texts are the network's, not ours; keep the message one line.
	msg := strings.Join(strings.Fields(fmt.Sprintf(format, args...)), " ")
	f.diags = append(f.diags, lint.Diagnostic{Rule: rule.Name, Severity: sev, Span: syntax.Span{}, Message: msg})
}

// check reports every rule that applies to r.
func (f *siteFindings) check(r *fetchResult) {
	switch r.cause {
	case causeTooManyRedirects, causeUnfollowable, causeBadRedirect, causeBadLocation:
		// The chain decided the outcome; no status or body of a file
		// remains to judge.
		f.brokenRedirect(r)
		return
	}
	f.status(r)
	f.redirects(r)
	if r.Outcome == fetchFetched {
		f.contentType(r)
		f.size(r)
	}
	f.slow(r)
}

// answerer names who gave the final answer in a message.
func answerer(r *fetchResult) string {
	if len(r.Hops) == 0 {
		return "the server"
	}
	return "the redirect target " + r.FinalURL
}

// status reports fetch-status: every final answer but a 2xx, and no
// answer, at the severity its reading by the targeted crawlers deserves.
func (f *siteFindings) status(r *fetchResult) {
	kind := r.answer()
	switch {
	case kind == answerFile:
		// Crawlers obey the body, which the rules lint.
		return
	case r.cause == causeCanceled:
		f.report(fetchStatusRule, lint.Error, "the fetch was cancelled before robots.txt was read (%v), so what crawlers see is unknown", r.Err)
		return
	}
	what := r.happened(answerer(r))
	if r.cause == causeNetwork {
		what = networkFailure(r)
	}
	f.report(fetchStatusRule, readingSeverity(kind, f.targets), "%s: %s", what, readingText(kind, f.targets))
}

// networkFailure says why no answer came, naming the failures people fix
// in different places: DNS, TLS certificates, a server that is down.
func networkFailure(r *fetchResult) string {
	host := r.FinalURL
	if u, err := url.Parse(r.FinalURL); err == nil {
		host = u.Host
	}
	var dnsErr *net.DNSError
	var certErr *tls.CertificateVerificationError
	var recordErr tls.RecordHeaderError
	var alertErr tls.AlertError
	switch {
	case errors.As(r.Err, &dnsErr):
		return fmt.Sprintf("the host name %s does not resolve (%v)", dnsErr.Name, r.Err)
	case errors.As(r.Err, &certErr), errors.As(r.Err, &recordErr), errors.As(r.Err, &alertErr):
		return fmt.Sprintf("the TLS handshake with %s failed (%v)", host, r.Err)
	case errors.Is(r.Err, syscall.ECONNREFUSED):
		return fmt.Sprintf("%s refused the connection", host)
	}
	return fmt.Sprintf("%s could not be reached (%v)", host, r.Err)
}

// redirects reports fetch-redirect for a chain that reached an answer.
func (f *siteFindings) redirects(r *fetchResult) {
	if len(r.Hops) == 0 {
		return
	}
	from, err := url.Parse(r.URL)
	if err != nil {
		return
	}
	away, downgrade := "", false // the first hop to another host; whether one goes from https to http
	for _, h := range r.Hops {
		to, err := url.Parse(h.Location)
		if err != nil {
			continue
		}
		if away == "" && !sameSite(from, to) {
			away = h.Location
		}
		if from.Scheme == "https" && to.Scheme == "http" {
			downgrade = true
		}
	}
	times := "once"
	if n := len(r.Hops); n > 1 {
		times = strconv.Itoa(n) + " times"
	}
	chain := fmt.Sprintf("robots.txt is redirected %s, to %s", times, r.FinalURL)
	origin := from.Scheme + "://" + from.Host
	switch {
	case away != "":
		f.report(fetchRedirectRule, lint.Warning, "%s, through another host (%s): crawlers follow up to 5 redirects and apply the file they reach to %s (RFC 9309 §2.3.1.2), "+
			"so its rules must be written for this site, and its host must stay up", chain, hostOf(away), origin)
	case downgrade:
		f.report(fetchRedirectRule, lint.Warning, "%s, from https down to plain http: crawlers follow it and obey a file that anyone on the network could have changed", chain)
	default:
		f.report(fetchRedirectRule, lint.Info, "%s, on the same site: crawlers follow up to 5 redirects and obey the file they reach (RFC 9309 §2.3.1.2)", chain)
	}
}

// sameSite reports whether b is on a's site: the same host and port (the
// default port counting as none), or the host's www. form. Redirects from
// example.com to www.example.com and from http to https are how sites
// name their canonical host; the file reached is still the site's own.
func sameSite(a, b *url.URL) bool {
	ha, hb := strings.ToLower(a.Hostname()), strings.ToLower(b.Hostname())
	if strings.TrimPrefix(ha, "www.") != strings.TrimPrefix(hb, "www.") {
		return false
	}
	return effectivePort(a) == effectivePort(b)
}

// effectivePort is u's port, or "" when it is the scheme's default, so
// that an upgrade from http to https on default ports keeps the site.
func effectivePort(u *url.URL) string {
	if p := u.Port(); p != defaultPort(u.Scheme) {
		return p
	}
	return ""
}

// defaultPort is the port a scheme implies.
func defaultPort(scheme string) string {
	switch scheme {
	case "http":
		return "80"
	case "https":
		return "443"
	}
	return ""
}

// hostOf returns the host and port of a URL, or the URL when it has none.
func hostOf(s string) string {
	if u, err := url.Parse(s); err == nil && u.Host != "" {
		return u.Host
	}
	return s
}

// brokenRedirect reports fetch-redirect for a chain crawlers cannot follow
// to a file.
func (f *siteFindings) brokenRedirect(r *fetchResult) {
	var what string
	switch r.cause {
	case causeTooManyRedirects:
		if loop := redirectLoop(r.Hops); loop != "" {
			what = fmt.Sprintf("robots.txt redirects in a loop (%s)", loop)
		} else {
			what = fmt.Sprintf("robots.txt is redirected more than %d times (%s, then on to %s)", maxFetchRedirects, r.URL, r.Hops[len(r.Hops)-1].Location)
		}
	case causeUnfollowable:
		what = fmt.Sprintf("%s answered %s without a redirect to follow", answerer(r), r.status())
	case causeBadRedirect:
		to := ""
		if len(r.Hops) > 0 {
			to = r.Hops[len(r.Hops)-1].Location
		}
		what = fmt.Sprintf("robots.txt is redirected to %s, which is not an http or https URL, so there is no file to fetch", to)
	case causeBadLocation:
		what = fmt.Sprintf("%s answered %s with the unparsable Location %q, which crawlers cannot follow", answerer(r), r.status(), r.location)
	}
	f.report(fetchRedirectRule, lint.Error, "%s: %s", what, readingText(r.answer(), f.targets))
}

// redirectLoop returns the cycle in hops as "A → B → A", or "" when no URL
// comes back.
func redirectLoop(hops []fetchHop) string {
	seen := map[string]int{}
	for i, h := range hops {
		seen[h.URL] = i
		if j, ok := seen[h.Location]; ok {
			var urls []string
			for _, x := range hops[j : i+1] {
				urls = append(urls, x.URL)
			}
			return strings.Join(append(urls, h.Location), " → ")
		}
	}
	return ""
}

// contentType reports fetch-content-type for a fetched file.
func (f *siteFindings) contentType(r *fetchResult) {
	if strings.TrimSpace(r.ContentType) == "" {
		f.report(fetchContentTypeRule, lint.Info, "the answer has no Content-Type: RFC 9309 §2.3 defines robots.txt as text/plain")
		return
	}
	media, _, err := mime.ParseMediaType(r.ContentType)
	switch {
	case err != nil:
		f.report(fetchContentTypeRule, lint.Warning, "the Content-Type %q is not a media type: RFC 9309 §2.3 defines robots.txt as text/plain", r.ContentType)
	case media == "text/plain":
	case media == "text/html" || media == "application/xhtml+xml":
		f.report(fetchContentTypeRule, lint.Warning, "the answer is %s, not text/plain: servers send HTML for an error page or a single-page app's fallback, "+
			"in which crawlers find no rules and so crawl everything", media)
	default:
		f.report(fetchContentTypeRule, lint.Warning, "the answer is %s, not text/plain: RFC 9309 §2.3 defines robots.txt as text/plain", media)
	}
}

// size reports fetch-size for a body longer than the cap.
func (f *siteFindings) size(r *fetchResult) {
	if !r.Truncated {
		return
	}
	limit := sizeText(r.maxBytes)
	if r.Length > int64(r.maxBytes) {
		f.report(fetchSizeRule, lint.Warning, "robots.txt is %s bytes: Google reads only the first %s and ignores the other %s bytes, "+
			"and RFC 9309 §2.5 lets every crawler stop there; only that part is linted",
			prose.Int(int(r.Length)), limit, prose.Int(int(r.Length)-r.maxBytes))
		return
	}
	f.report(fetchSizeRule, lint.Warning, "robots.txt is larger than %s (the server did not say by how much): Google reads only the first %s and ignores the rest, "+
		"and RFC 9309 §2.5 lets every crawler stop there; only that part is linted", limit, limit)
}

// slow reports fetch-slow for an answer that took longer than the rule's
// max-seconds.
func (f *siteFindings) slow(r *fetchResult) {
	if r.cause != causeStatus {
		// No whole answer came: fetch-status or fetch-redirect says so,
		// and how long it took is beside the point.
		return
	}
	limit := time.Duration(maxSecondsOption.Seconds(f.ruleConfig(fetchSlowRule).Options) * float64(time.Second))
	if r.Elapsed <= limit {
		return
	}
	took := r.Elapsed.Round(time.Millisecond)
	if took >= time.Second {
		took = r.Elapsed.Round(100 * time.Millisecond)
	}
	f.report(fetchSlowRule, 0, "robots.txt took %s to fetch, more than %s: a crawler that gives up sooner gets no answer, "+
		"which Google treats like a 5xx, stopping crawling for 12 hours", took, limit)
}
