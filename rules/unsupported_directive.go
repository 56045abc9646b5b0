package rules

import (
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// UnsupportedDirective reports directives that some crawler reads but the
// targeted ones ignore: Yandex's Host and Clean-param, Request-rate and
// Visit-time from the 1996 robots.txt 2.0 proposal, the Content-Signal and
// Content-Usage preferences, and fields of proposals no crawler implements
// (Robot-version, Comment, ACAP). It checks their values too, since a
// crawler that reads one rejects a malformed value.
//
// Crawl-delay has a rule of its own (crawl-delay), as do Noindex and its
// kin (noindex-directive).
var UnsupportedDirective = &lint.Rule{
	Name:    "unsupported-directive",
	Summary: "a directive that the targeted crawlers ignore, or whose value is malformed",
	Doc: lint.Doc{
		What: "Reports, once per file and directive, a Host, Clean-param, Request-rate, Visit-time, Content-Signal or " +
			"Content-Usage line that some targeted crawler ignores, naming those that ignore it; and fields of " +
			"proposals no crawler implements (`Robot-version`, `Comment`, `ACAP-*`). It checks each line's value: " +
			"Host takes a host name, Clean-param `p1&p2 [path]`, Request-rate a rate such as `1/10s` with an optional " +
			"time window, Visit-time a window such as `0600-0845`, Content-Signal `search=yes, ai-train=no`, " +
			"Content-Usage preferences such as `train-ai=n`, Robot-version a version such as `2.0`. When every targeted crawler reads the directive, only " +
			"malformed values are reported.",
		Why: "These lines are harmless where they are ignored, but they do nothing there either: `Host` (deprecated by " +
			"Yandex in 2018) does not pick a main mirror for Google, and `Clean-param` merges duplicate URLs for Yandex " +
			"only. A crawler that does read one rejects a malformed value, so a Clean-param with comma-separated " +
			"parameters merges nothing.",
		Instead: "Keep the directives for the crawlers that read them, with well-formed values, and use each search " +
			"engine's own tools (canonical links, 301 redirects, URL-parameter settings) for the rest.",
	},
	Flagged:  "User-agent: *\nDisallow: /search\nHost: www.example.com\n",
	Clean:    "User-agent: *\nDisallow: /search\n",
	Severity: lint.Info,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex, match.RFC9309},
	Run:      runUnsupportedDirective,
}

// unsupportedNote says what a directive no targeted crawler reads is.
func unsupportedNote(d syntax.Directive, key string, yandexReads bool) string {
	switch d {
	case syntax.DirectiveHost:
		return "Yandex, whose directive it was, deprecated it in 2018: redirect the other host names to the main one with a 301 instead"
	case syntax.DirectiveCleanParam:
		if yandexReads {
			return "only Yandex reads it, to merge URLs that differ in the listed parameters"
		}
		return "it is Yandex's, which merges URLs that differ in the listed parameters"
	case syntax.DirectiveRequestRate, syntax.DirectiveVisitTime:
		return "it comes from the 1996 robots.txt 2.0 proposal, which hardly any crawler implements"
	case syntax.DirectiveContentSignal:
		return "it states preferences under Cloudflare's Content Signals Policy and blocks nothing; whether a crawler respects them is up to its operator"
	case syntax.DirectiveContentUsage:
		return "it is an IETF draft for AI-use preferences that no major crawler reads yet, and it blocks nothing"
	}
	switch {
	case strings.HasPrefix(key, "acap-"):
		return "it belongs to ACAP, a 2007 publishers' protocol that search engines never adopted"
	case key == "revisit-after":
		return "it is the name of an HTML meta tag, which no crawler reads in robots.txt either"
	}
	return "it comes from the 1996 robots.txt 2.0 proposal, which hardly any crawler implements"
}

func runUnsupportedDirective(pass *lint.Pass) {
	f := pass.File
	src := f.Bytes()
	// The lines of each directive, by name: the first is reported as
	// ignored, with a count of the others.
	type seen struct {
		d     syntax.Directive
		key   string
		lines []int
	}
	var order []*seen
	byKey := map[string]*seen{}
	add := func(i int, d syntax.Directive, key string) {
		s := byKey[key]
		if s == nil {
			s = &seen{d: d, key: key}
			byKey[key] = s
			order = append(order, s)
		}
		s.lines = append(s.lines, i)
	}
	for i := range f.Lines {
		l := &f.Lines[i]
		switch l.Directive {
		case syntax.DirectiveHost, syntax.DirectiveCleanParam, syntax.DirectiveRequestRate, syntax.DirectiveVisitTime,
			syntax.DirectiveContentSignal, syntax.DirectiveContentUsage:
			// The separator is looked at only here: these directives are
			// rare, and every line names one directive or another.
			if l.Kind != syntax.LineDirective || l.Sep().Len() != 1 || src[l.Sep().Start] != ':' {
				continue
			}
			add(i, l.Directive, l.Directive.String())
			if why := checkDirectiveValue(l.Directive, string(f.Text(l.Value()))); why != "" {
				span := l.Value()
				if span.Len() == 0 {
					span = l.Key()
				}
				// A malformed value matters where a targeted crawler
				// reads the directive; elsewhere it is worth knowing.
				if len(targetsWhere(pass, func(p *match.Profile) bool { return honours(l.Directive, p) })) > 0 {
					pass.Report(span, why, lint.WithSeverity(lint.Warning))
				} else {
					pass.Report(span, why)
				}
			}
		}
	}
	newLineScan(pass).each(func(i int, info *lineInfo) {
		if info.unknown && info.ext == extObsolete {
			key := syntax.LowerASCII(string(f.Text(f.Lines[i].Key())))
			if strings.HasPrefix(key, "acap-") {
				key = "acap-"
			}
			add(i, syntax.DirectiveOther, key)
			if v := f.Text(f.Lines[i].Value()); key == "robot-version" && !isVersion(string(v)) {
				// No crawler reads it, so a malformed value is only
				// worth knowing.
				pass.Report(f.Lines[i].Value(), fmt.Sprintf("%s is not a valid Robot-version value: it takes the version of the standard the record follows, such as `2.0`", prose.Quote(v)))
			}
		}
	})
	for _, s := range order {
		ignoring := targetsWhere(pass, func(p *match.Profile) bool { return !honours(s.d, p) })
		if len(ignoring) == 0 {
			continue
		}
		yandexReads := pass.Targeted(match.Yandex) && honours(s.d, match.Yandex)
		for _, lines := range pass.GroupBySuppression(s.lines) {
			l := &f.Lines[lines[0]]
			pass.Report(l.Key(), fmt.Sprintf("%s %s%s; %s", prose.Subject(prose.Readers(ignoring), "ignores", "ignore"), prose.Quote(f.Text(l.Key())), hereAndMore(lines),
				unsupportedNote(s.d, s.key, yandexReads)))
		}
	}
}

// checkDirectiveValue returns what is wrong with the value of directive
// d, or "".
func checkDirectiveValue(d syntax.Directive, v string) string {
	name := d.Canonical()
	if v == "" {
		return fmt.Sprintf("`%s:` has no value, so crawlers that read %s ignore the line", name, name)
	}
	var why string
	switch d {
	case syntax.DirectiveHost:
		why = checkHost(v)
	case syntax.DirectiveCleanParam:
		why = checkCleanParam(v)
	case syntax.DirectiveRequestRate:
		why = checkRequestRate(v)
	case syntax.DirectiveVisitTime:
		if !isTimeWindow(v) {
			why = "Visit-time takes a time window in UTC, such as `0600-0845`"
		}
	case syntax.DirectiveContentSignal:
		why = checkContentSignal(v)
	case syntax.DirectiveContentUsage:
		why = checkContentUsage(v)
	}
	if why == "" {
		return ""
	}
	return fmt.Sprintf("%s is not a valid %s value: %s", prose.Quote([]byte(v)), name, why)
}

// checkHost checks a Host value: a host name, optionally with http:// or
// https:// before it and a port after it.
func checkHost(v string) string {
	if strings.ContainsAny(v, " \t") {
		return "give one host name"
	}
	rest := v
	if i := strings.Index(rest, "://"); i >= 0 {
		scheme := syntax.LowerASCII(rest[:i])
		if scheme != "http" && scheme != "https" {
			return "only `http://` or `https://` may come before the host name"
		}
		rest = rest[i+3:]
	}
	rest = strings.TrimSuffix(rest, "/")
	if strings.Contains(rest, "/") {
		return "Host takes a host name, without a path"
	}
	if i := strings.LastIndexByte(rest, ':'); i >= 0 {
		port := rest[i+1:]
		if port == "" || len(port) > 5 || strings.Trim(port, "0123456789") != "" {
			return "the port after `:` must be a number"
		}
		rest = rest[:i]
	}
	if rest == "" {
		return "the host name is missing"
	}
	for _, label := range strings.Split(rest, ".") {
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' {
			return "a host name is made of dot-separated labels of letters, digits and inner hyphens"
		}
		for _, r := range label {
			if !(r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80) {
				return "a host name is made of dot-separated labels of letters, digits and inner hyphens"
			}
		}
	}
	return ""
}

// checkCleanParam checks a Clean-param value: parameter names joined by
// '&', then optionally a space and a path prefix.
func checkCleanParam(v string) string {
	fields := strings.Fields(v)
	if len(fields) > 2 {
		return "join the parameters with `&`, not spaces, and give at most one path prefix after them (`ref&sid /catalog/`)"
	}
	params := fields[0]
	if params[0] == '/' {
		return "the parameters come first, then the path prefix (`ref&sid /catalog/`)"
	}
	if len(v) > 500 {
		return "Yandex reads at most 500 characters of it"
	}
	// Large Yandex-savvy sites write "Clean-param: &ref", so a stray '&'
	// is taken to do no harm.
	for _, p := range strings.Split(params, "&") {
		if strings.Contains(p, "=") {
			return fmt.Sprintf("%s gives a value, but Clean-param takes parameter names only (`ref&sid`)", prose.Quote([]byte(p)))
		}
		if strings.ContainsAny(p, ",;?#/") {
			return fmt.Sprintf("%s is not a parameter name: join the names with `&` (`ref&sid`)", prose.Quote([]byte(p)))
		}
	}
	if len(fields) == 2 && fields[1][0] != '/' && fields[1][0] != '*' {
		return "the path prefix after the parameters must start with `/`"
	}
	return ""
}

// checkRequestRate checks a Request-rate value: documents/time with an
// optional unit (s, m or h), then optionally a time window.
func checkRequestRate(v string) string {
	const want = "Request-rate takes a rate such as `1/10s` (documents per time, with s, m or h), optionally followed by a time window such as `1300-1659`"
	fields := strings.Fields(v)
	if len(fields) > 2 || len(fields) == 2 && !isTimeWindow(fields[1]) {
		return want
	}
	n, t, ok := strings.Cut(fields[0], "/")
	if !ok || !isDigits(n) {
		return want
	}
	if k := len(t); k > 0 {
		switch t[k-1] {
		case 's', 'm', 'h', 'S', 'M', 'H':
			t = t[:k-1]
		}
	}
	if !isDigits(t) {
		return want
	}
	return ""
}

// isVersion reports whether s is a version number as the robots.txt 2.0
// proposal writes them: "1.0", "2.0", "2.0.0".
func isVersion(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return false
	}
	for _, p := range parts {
		if !isDigits(p) {
			return false
		}
	}
	return true
}

// isTimeWindow reports whether s is a window HHMM-HHMM.
func isTimeWindow(s string) bool {
	from, to, ok := strings.Cut(s, "-")
	return ok && isHHMM(from) && isHHMM(to)
}

func isHHMM(s string) bool {
	if len(s) != 4 || !isDigits(s) {
		return false
	}
	return (s[0]-'0')*10+(s[1]-'0') <= 23 && (s[2]-'0')*10+(s[3]-'0') <= 59
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// contentSignals are the signals of Cloudflare's Content Signals Policy,
// and "use", which Cloudflare's managed files also write.
var contentSignals = map[string]bool{"search": true, "ai-input": true, "ai-train": true, "use": true}

// checkContentSignal checks a Content-Signal value: signals joined by
// commas, each name=yes or name=no.
func checkContentSignal(v string) string {
	for _, item := range strings.Split(v, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return "an entry between commas is empty"
		}
		k, val, ok := strings.Cut(item, "=")
		k, val = strings.TrimSpace(k), strings.TrimSpace(val)
		lk := syntax.LowerASCII(k)
		if !contentSignals[lk] {
			return fmt.Sprintf("%s is no signal of the Content Signals Policy, which has `search`, `ai-input` and `ai-train`", prose.Quote([]byte(k)))
		}
		if lk == "use" {
			continue
		}
		if lv := syntax.LowerASCII(val); !ok || lv != "yes" && lv != "no" {
			return fmt.Sprintf("write %s or %s", prose.Quote([]byte(k+"=yes")), prose.Quote([]byte(k+"=no")))
		}
	}
	return ""
}

// checkContentUsage checks a Content-Usage value: an optional path, then
// preferences joined by commas, each name=y or name=n.
func checkContentUsage(v string) string {
	prefs := v
	if v[0] == '/' || v[0] == '*' {
		i := strings.IndexAny(v, " \t")
		if i < 0 {
			return "a path must be followed by preferences such as `train-ai=n`"
		}
		prefs = strings.TrimSpace(v[i:])
	}
	for _, item := range strings.Split(prefs, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return "an entry between commas is empty"
		}
		k, val, ok := strings.Cut(item, "=")
		if !ok {
			continue
		}
		if lv := strings.TrimSpace(val); lv != "y" && lv != "n" {
			return fmt.Sprintf("preferences take `y` or `n`, as in %s", prose.Quote([]byte(strings.TrimSpace(k)+"=n")))
		}
	}
	return ""
}
