package lint

import (
	"bytes"
	"fmt"
	"time"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/page"
)

// PageInput is a page as LintPage reads it: what a crawler that fetched it
// sees of its robots directives, and the site's robots.txt, which decides
// whether the crawler fetches it at all.
type PageInput struct {
	// Doc is the page's HTML, parsed; nil when the response holds no HTML,
	// so that only its headers are checked.
	Doc *page.Document
	// Headers are the values of the response's X-Robots-Tag header lines,
	// in order, each the part after "X-Robots-Tag:". A finding about one
	// of them is located in it, not in the page (see Diagnostic.Header).
	Headers []string
	// Path is the page's URL path, with its query if it has one, such as
	// "/private/offer.html", or "" when it is not known: nothing is then
	// checked against the robots.txt.
	Path string
	// Robots is the site's robots.txt, or nil when the site has none or it
	// is not known.
	Robots *syntax.File
	// Now is the time dates on the page (unavailable_after) are compared
	// with. The engine keeps no clock, so that a run gives the same
	// findings any day: the zero time compares no date with now.
	Now time.Time
}

// A PageDirective is a robots META tag, or one crawler's part of an
// X-Robots-Tag header value, with the text its spans are offsets into.
type PageDirective struct {
	page.Directive
	// HeaderNumber is 0 for a META tag, whose spans are offsets into the
	// page, and n for a part of the n-th X-Robots-Tag header value
	// (PageInput.Headers[n-1]), whose spans are offsets into that value.
	HeaderNumber int
}

// A PagePass is one page rule's run over one page: what the rule reads,
// and where it reports.
type PagePass struct {
	// Page is the page.
	Page *PageInput
	// Directives are the page's robots META tags in page order, then the
	// parts of its X-Robots-Tag headers in header order.
	Directives []PageDirective
	// Rule is the rule being run.
	Rule *Rule
	// Targets are the profiles the site cares about: a page rule reports
	// what the crawlers of these profiles do.
	Targets []*match.Profile
	// Options are the rule's options from the configuration, or nil.
	Options map[string]any

	config *Config
	shared *shared
	diags  []Diagnostic
}

// pageRobotsKey keys the page's robots.txt compiled for a profile among the
// shared values: the robots.txt rules' robotsKey would do, but a page run
// and a robots.txt run never share values anyway, and a key of its own
// says what it holds.
type pageRobotsKey struct{ profile *match.Profile }

// Robots returns the site's robots.txt as profile reads it, or nil when
// the site's robots.txt is not known. Rules that decide whether a crawler
// fetches the page read it through this, as robots.txt rules read theirs
// through Pass.Robots: one compilation per profile and page run.
func (p *PagePass) Robots(profile *match.Profile) *match.Robots {
	if p.Page.Robots == nil {
		return nil
	}
	return p.shared.get(pageRobotsKey{profile}, func() any { return match.Compile(p.Page.Robots, profile) }).(*match.Robots)
}

// Src returns the text d's spans are offsets into: the page, or the
// header value d is part of.
func (p *PagePass) Src(d *PageDirective) []byte {
	if d.HeaderNumber > 0 {
		return []byte(p.Page.Headers[d.HeaderNumber-1])
	}
	if p.Page.Doc == nil {
		return nil
	}
	return p.Page.Doc.Src
}

// Text returns the text of span s of d (see Src), or "" when s lies
// outside it.
func (p *PagePass) Text(d *PageDirective, s syntax.Span) string {
	src := p.Src(d)
	if s.Start < 0 || s.End > len(src) || s.Start > s.End {
		return ""
	}
	return string(src[s.Start:s.End])
}

// Report reports a finding on span of the page.
func (p *PagePass) Report(span syntax.Span, message string, opts ...ReportOption) {
	p.diags = append(p.diags, newDiagnostic(p.Rule, p.config, span, message, opts))
}

// ReportAt reports a finding on span of directive d: in the page for a
// META tag, in its header value for a header (Diagnostic.Header). Fixes
// are dropped for a header: they edit the page, and a header is set in
// the server's configuration, which no fix can reach.
func (p *PagePass) ReportAt(d *PageDirective, span syntax.Span, message string, opts ...ReportOption) {
	diag := newDiagnostic(p.Rule, p.config, span, message, opts)
	if d.HeaderNumber > 0 {
		diag.Header = d.HeaderNumber
		diag.Fixes = nil
	}
	p.diags = append(p.diags, diag)
}

// InRobotsTxt adds a related location in the site's robots.txt, such as
// the line that keeps a crawler from fetching the page.
func InRobotsTxt(span syntax.Span, message string) ReportOption {
	return func(d *Diagnostic) {
		d.Related = append(d.Related, Related{Span: span, Message: message, InRobotsTxt: true})
	}
}

// RelatedAt adds a related location on span of directive d: in the page
// for a META tag, in its header value for a header.
func RelatedAt(d *PageDirective, span syntax.Span, message string) ReportOption {
	return func(diag *Diagnostic) {
		diag.Related = append(diag.Related, Related{Span: span, Message: message, Header: d.HeaderNumber})
	}
}

// pageDirectives returns the directives of in, META tags first.
func pageDirectives(in *PageInput) []PageDirective {
	var out []PageDirective
	if in.Doc != nil {
		for _, d := range in.Doc.Metas {
			out = append(out, PageDirective{Directive: d})
		}
	}
	for i, h := range in.Headers {
		for _, d := range page.ParseHeader([]byte(h)) {
			out = append(out, PageDirective{Directive: d, HeaderNumber: i + 1})
		}
	}
	return out
}

// LintPage runs the page rules among rules (Scope ScopePage) on the page
// in, applies its suppression comments, and returns the diagnostics: those
// in the page ordered by position, then those in its headers, by header.
// Robots.txt rules do not run; LintFile, in turn, runs no page rule. A rule
// that panics is reported as an internal error of that rule on the page's
// first byte; the other rules still run.
//
// Unlike LintFile, the rules run one after another: a page's directives
// are a few tags, and a site of many pages is linted a page per core.
func LintPage(in *PageInput, rules []*Rule, cfg *Config) []Diagnostic {
	sh := &shared{rules: map[string]bool{}}
	directives := pageDirectives(in)
	var passes []*PagePass
	for _, r := range rules {
		if r.Scope != ScopePage || r.RunPage == nil || cfg.Severity(r, 0) == Off {
			continue
		}
		sh.rules[r.Name] = true
		passes = append(passes, &PagePass{Page: in, Directives: directives, Rule: r, Targets: cfg.targets(), Options: cfg.rule(r.Name).Options, config: cfg, shared: sh})
	}
	var diags []Diagnostic
	for _, p := range passes {
		runPageRule(p)
		diags = append(diags, p.diags...)
	}
	var src []byte
	if in.Doc != nil {
		src = in.Doc.Src
	}
	diags = suppressPage(src, diags, rules, cfg)
	return byPosition(diags)
}

func runPageRule(pass *PagePass) {
	defer func() {
		if v := recover(); v != nil {
			pass.diags = append(pass.diags, Diagnostic{
				Rule:     pass.Rule.Name,
				Severity: Error,
				Message:  fmt.Sprintf("internal error in rule %s: %v (please report it)", pass.Rule.Name, v),
			})
		}
	}()
	pass.Rule.RunPage(pass)
}

// FixPage lints the page in and applies its fixes (safe ones, and unsafe
// ones too when unsafe is true), then parses the result and lints it
// again, until no fix applies, as FixAll does for a robots.txt file. It
// returns the fixed page and the diagnostics it fixed, in the order they
// were fixed; in is not changed. Findings in headers have no fixes, so
// only the page changes.
func FixPage(in *PageInput, rules []*Rule, cfg *Config, unsafe bool) ([]byte, []Diagnostic) {
	if in.Doc == nil {
		return nil, nil
	}
	src := in.Doc.Src
	next := *in
	var fixed []Diagnostic
	for range maxFixRounds {
		out, applied := ApplyFixes(src, LintPage(&next, rules, cfg), unsafe)
		if len(applied) == 0 || bytes.Equal(out, src) {
			break
		}
		src, fixed = out, append(fixed, applied...)
		next.Doc = page.ParseHTML(src)
	}
	return src, fixed
}
