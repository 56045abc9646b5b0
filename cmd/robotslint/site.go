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
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

// siteReport is what lintSite found out by fetching a site's robots.txt.
type siteReport struct {
	// Name is the robots.txt URL, the path output shows.
	Name string
	// Src is the body crawlers obey: the fetched body, at most 500 KiB and
	// the rest of the line across them, or empty when the fetch gave none.
	Src []byte
	// Diagnostics are the fetch's own findings (rules of
	// lint.ScopeFetch), all at syntax.Span{0, 0} and in the order
	// rules.All lists those rules; the caller lints Src for the rest.
	Diagnostics []lint.Diagnostic
	// Site is the origin Src is served for (lint.Config.Site), which the
	// caller lints it with.
	Site string
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
	rep := &siteReport{Name: r.URL, Site: servedSite(r)}
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

// servedSite is the origin of the site whose robots.txt r fetched: the
// one asked for, or the one a redirect on the same site leads to, which is
// how a site names its canonical scheme and host (http://example.com to
// https://www.example.com).
func servedSite(r *fetchResult) string {
	from, err := url.Parse(r.URL)
	if err != nil {
		return ""
	}
	if to, err := url.Parse(r.FinalURL); err == nil && sameSite(from, to) {
		from = to
	}
	site, err := lint.ParseSite(from.Scheme + "://" + from.Host)
	if err != nil {
		return ""
	}
	return site
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
// default, as the configuration's severity policy has it (lint.Config.Severity).
func (f *siteFindings) report(rule *lint.Rule, sev lint.Severity, format string, args ...any) {
	if sev = f.cfg.Severity(rule, sev); sev == lint.Off {
		return
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
		f.report(rules.FetchStatus, lint.Error, "the fetch was cancelled before robots.txt was read (%v), so what crawlers see is unknown", r.Err)
		return
	}
	what := r.happened(answerer(r))
	if r.cause == causeNetwork {
		what = networkFailure(r)
	}
	f.report(rules.FetchStatus, readingSeverity(kind, f.targets), "%s: %s", what, readingText(kind, f.targets))
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
		f.report(rules.FetchRedirect, lint.Warning, "%s, through another host (%s): crawlers follow up to 5 redirects and apply the file they reach to %s (RFC 9309 §2.3.1.2), "+
			"so its rules must be written for this site, and its host must stay up", chain, hostOf(away), origin)
	case downgrade:
		f.report(rules.FetchRedirect, lint.Warning, "%s, from https down to plain http: crawlers follow it and obey a file that anyone on the network could have changed", chain)
	default:
		f.report(rules.FetchRedirect, lint.Info, "%s, on the same site: crawlers follow up to 5 redirects and obey the file they reach (RFC 9309 §2.3.1.2)", chain)
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
	f.report(rules.FetchRedirect, lint.Error, "%s: %s", what, readingText(r.answer(), f.targets))
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
		f.report(rules.FetchContentType, lint.Info, "the answer has no Content-Type: RFC 9309 §2.3 defines robots.txt as text/plain")
		return
	}
	media, _, err := mime.ParseMediaType(r.ContentType)
	switch {
	case err != nil:
		f.report(rules.FetchContentType, lint.Warning, "the Content-Type %q is not a media type: RFC 9309 §2.3 defines robots.txt as text/plain", r.ContentType)
	case media == "text/plain":
	case media == "text/html" || media == "application/xhtml+xml":
		f.report(rules.FetchContentType, lint.Warning, "the answer is %s, not text/plain: servers send HTML for an error page or a single-page app's fallback, "+
			"in which crawlers find no rules and so crawl everything", media)
	default:
		f.report(rules.FetchContentType, lint.Warning, "the answer is %s, not text/plain: RFC 9309 §2.3 defines robots.txt as text/plain", media)
	}
}

// size reports fetch-size for a body longer than the cap.
func (f *siteFindings) size(r *fetchResult) {
	if !r.Truncated {
		return
	}
	limit := sizeText(r.maxBytes)
	if r.Length > int64(r.maxBytes) {
		f.report(rules.FetchSize, lint.Warning, "robots.txt is %s bytes: Google reads only the first %s and ignores the other %s bytes, "+
			"and RFC 9309 §2.5 lets every crawler stop there; only that part is linted",
			prose.Int(int(r.Length)), limit, prose.Int(int(r.Length)-r.maxBytes))
		return
	}
	f.report(rules.FetchSize, lint.Warning, "robots.txt is larger than %s (the server did not say by how much): Google reads only the first %s and ignores the rest, "+
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
	limit := time.Duration(rules.FetchSlowMaxSeconds.Seconds(f.ruleConfig(rules.FetchSlow).Options) * float64(time.Second))
	if r.Elapsed <= limit {
		return
	}
	took := r.Elapsed.Round(time.Millisecond)
	if took >= time.Second {
		took = r.Elapsed.Round(100 * time.Millisecond)
	}
	f.report(rules.FetchSlow, 0, "robots.txt took %s to fetch, more than %s: a crawler that gives up sooner gets no answer, "+
		"which Google treats like a 5xx, stopping crawling for 12 hours", took, limit)
}
