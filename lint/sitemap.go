package lint

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"sync/atomic"
	"time"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/sitemap"
)

// SitemapSite is what the sitemaps of one site are checked against: its
// robots.txt, the crawlers the site cares about, and what is known of its
// pages. One value serves every sitemap of a run, concurrently: rules keep
// what spans sitemaps (the URLs seen, for duplicates) in it through
// SitemapPass.SiteValue, and the robots.txt is compiled once per profile
// for all of them.
type SitemapSite struct {
	in     SitemapSiteInput
	rules  []*Rule
	config *Config
	shared *shared
	// finished says Finish has run.
	finished atomic.Bool
}

// SitemapSiteInput is what a caller knows of the site whose sitemaps it
// checks.
type SitemapSiteInput struct {
	// Robots is the site's robots.txt, or nil when the site has none or it
	// is not known: nothing is then checked against it.
	Robots *syntax.File
	// RobotsURL is the robots.txt's absolute URL,
	// "https://example.com/robots.txt", or "" when it is not known (a
	// local directory without a configured site). Its scheme and host are
	// those a sitemap listed in it may list URLs for.
	RobotsURL string
	// Now is the time lastmod dates are compared with; the zero time
	// compares none, so that a run gives the same findings any day.
	Now time.Time
	// Page returns the page at an absolute URL as a crawler would read its
	// robots directives, or nil when it is not available (not built, not
	// fetched, or the caller fetches no pages). It is called concurrently,
	// and may be nil.
	Page func(url string) *PageInput
}

// NewSitemapSite returns the checking of the sitemaps of the site in with
// the sitemap rules among rules (Scope ScopeSitemap), as cfg configures
// them.
func NewSitemapSite(in SitemapSiteInput, rules []*Rule, cfg *Config) *SitemapSite {
	s := &SitemapSite{in: in, config: cfg, shared: &shared{rules: map[string]bool{}}}
	for _, r := range rules {
		if r.Scope != ScopeSitemap || r.RunSitemap == nil || cfg.Severity(r, 0) == Off {
			continue
		}
		s.rules = append(s.rules, r)
		s.shared.rules[r.Name] = true
	}
	return s
}

// Input returns what the site was made from.
func (s *SitemapSite) Input() *SitemapSiteInput { return &s.in }

// Targets returns the profiles the site cares about.
func (s *SitemapSite) Targets() []*match.Profile { return s.config.targets() }

// sitemapRobotsKey keys the site's robots.txt compiled for a profile.
type sitemapRobotsKey struct{ profile *match.Profile }

// Robots returns the site's robots.txt as profile reads it, or nil when it
// is not known: compiled once per profile for every sitemap of the site.
func (s *SitemapSite) Robots(profile *match.Profile) *match.Robots {
	if s.in.Robots == nil {
		return nil
	}
	return s.shared.get(sitemapRobotsKey{profile}, func() any { return match.Compile(s.in.Robots, profile) }).(*match.Robots)
}

// SitemapInput is one sitemap to check.
type SitemapInput struct {
	// URL is the sitemap's absolute URL, or "" when it is not known (a
	// local file outside a site with a known origin). Its directory is the
	// scope of the URLs it may list when robots.txt does not list it.
	URL string
	// Body is the sitemap as served: XML, gzip-compressed XML, or text.
	// It is read once, as a stream; Lint does not close it.
	Body io.Reader
	// Listing says how the sitemap was found, or is nil when the user
	// named it directly.
	Listing *SitemapListing
	// Ordinal is the sitemap's place among the site's sitemaps, fixed
	// before any is read: the order robots.txt's Sitemap: lines list
	// them, then the order each index lists its sitemaps, level by
	// level. Sitemaps are read several at a time, in no fixed order; a
	// rule that says which of two sitemaps a finding belongs to (of two
	// that share a URL, the later one) goes by Ordinal, so that a run
	// gives the same findings every time. It is 0 or more. Sitemaps with
	// the same Ordinal, as all have when a caller leaves it 0 (one that
	// checks a single sitemap), are taken in the order they are read.
	Ordinal int
}

// SitemapListing says where a sitemap was listed.
type SitemapListing struct {
	// RobotsLine is the index in the site's robots.txt lines of the
	// Sitemap: line that names the sitemap, or of the line that names the
	// index it was found through; -1 when no Sitemap: line leads to it.
	RobotsLine int
	// Index is the URL of the sitemap index that lists it, or "" when it
	// was listed in robots.txt directly; IndexPos is where in that index.
	Index    string
	IndexPos sitemap.Pos
	// Depth is how many indexes lie between robots.txt and the sitemap:
	// 0 for a sitemap robots.txt lists, 1 for a child of such an index.
	Depth int
}

// SitemapResult is what Lint found in one sitemap.
type SitemapResult struct {
	// Kind is what the sitemap turned out to be.
	Kind sitemap.Kind
	// Entries is how many <url> or <sitemap> entries (or lines) it holds;
	// Bytes how many bytes it holds uncompressed.
	Entries int
	Bytes   int64
	// Children are, for a sitemap index, the <loc>s of the sitemaps it
	// lists, in order, for the caller to read next; an index lists at
	// most sitemap.MaxURLs that are read, so this stays bounded.
	Children []SitemapChild
	// Diagnostics are the findings, ordered by position. Their spans are
	// byte offsets in the uncompressed sitemap; since the sitemap is not
	// kept, Positions gives the line and column of every offset a
	// diagnostic starts or ends at.
	Diagnostics []Diagnostic
	Positions   map[int]syntax.Position
	// Stopped says that reading stopped at sitemap.MaxRead bytes, before
	// the sitemap's end (a gzip bomb, or a sitemap four times too large).
	Stopped bool
}

// SitemapChild is a sitemap an index lists: its URL, and where the URL
// starts and ends in the index (Pos to End underlines it).
type SitemapChild struct {
	Loc string
	Pos sitemap.Pos
	End sitemap.Pos
}

// SiteFinding is a finding about one sitemap that a rule could make only
// once every sitemap of the site was read (Rule.FinishSitemaps).
type SiteFinding struct {
	// Ordinal is that of the sitemap the finding is about
	// (SitemapInput.Ordinal).
	Ordinal int
	// Diagnostic is the finding; its span is byte offsets in the
	// uncompressed sitemap, and Positions gives the line and column of
	// the offsets it starts and ends at, as SitemapResult.Positions does.
	Diagnostic Diagnostic
	Positions  map[int]syntax.Position
}

// SitemapSitePass is one sitemap rule's run over the whole site, once
// every sitemap is read (Rule.FinishSitemaps).
type SitemapSitePass struct {
	// Site is the site whose sitemaps were read.
	Site *SitemapSite
	// Rule is the rule being run.
	Rule *Rule
	// Targets are the profiles the site cares about.
	Targets []*match.Profile
	// Options are the rule's options from the configuration, or nil.
	Options map[string]any

	findings []SiteFinding
}

// SiteValue returns the value kept under key for the site, as
// SitemapPass.SiteValue does: what the rule gathered while the sitemaps
// were read.
func (p *SitemapSitePass) SiteValue(key any, build func() any) any {
	return p.Site.shared.get(key, build)
}

// Report reports a finding from start to end in the sitemap whose
// SitemapInput.Ordinal is ordinal.
func (p *SitemapSitePass) Report(ordinal int, start, end sitemap.Pos, message string, opts ...ReportOption) {
	if end.Offset < start.Offset {
		end = start
	}
	p.findings = append(p.findings, SiteFinding{
		Ordinal:    ordinal,
		Diagnostic: newDiagnostic(p.Rule, p.Site.config, syntax.Span{Start: int(start.Offset), End: int(end.Offset)}, message, opts),
		Positions: map[int]syntax.Position{
			int(start.Offset): {Line: start.Line, Column: start.Col},
			int(end.Offset):   {Line: end.Line, Column: end.Col},
		},
	})
}

// Finish runs, once the caller has read every sitemap of the site, the
// rules that report then (Rule.FinishSitemaps), and returns their
// findings ordered by sitemap ordinal, then position. The caller adds
// each to the findings of the sitemap it names. Only the first call
// runs them; later ones return nothing. A rule that panics is reported
// as an internal error of that rule, with ordinal -1 (no sitemap).
func (s *SitemapSite) Finish() []SiteFinding {
	if !s.finished.CompareAndSwap(false, true) {
		return nil
	}
	var all []SiteFinding
	for _, rule := range s.rules {
		if rule.FinishSitemaps == nil {
			continue
		}
		pass := &SitemapSitePass{Site: s, Rule: rule, Targets: s.config.targets(), Options: s.config.rule(rule.Name).Options}
		func() {
			defer func() {
				if v := recover(); v != nil {
					pass.findings = append(pass.findings, SiteFinding{Ordinal: -1, Diagnostic: Diagnostic{
						Rule:     rule.Name,
						Severity: Error,
						Message:  fmt.Sprintf("internal error in rule %s: %v (please report it)", rule.Name, v),
					}})
				}
			}()
			rule.FinishSitemaps(pass)
		}()
		all = append(all, pass.findings...)
	}
	slices.SortStableFunc(all, func(a, b SiteFinding) int {
		return cmp.Or(cmp.Compare(a.Ordinal, b.Ordinal), cmp.Compare(a.Diagnostic.Span.Start, b.Diagnostic.Span.Start))
	})
	return all
}

// SitemapEntry is one entry of a sitemap as sitemap rules read it.
type SitemapEntry struct {
	sitemap.Entry
	// Index says the entry is a <sitemap> of an index rather than a page.
	Index bool
}

// LocSpan returns where the entry's URL starts and ends as written in the
// sitemap, entities and all: from the <loc>'s text (or the line's first
// non-space byte) to just past the URL's last non-space byte. An entry
// whose <loc> is empty spans nothing, at its start.
func (e *SitemapEntry) LocSpan() (start, end sitemap.Pos) {
	start, end = e.LocPos, e.LocEnd
	if end.Offset < start.Offset {
		end = start
	}
	return start, end
}

// SitemapHooks are what a sitemap rule does as a sitemap streams past:
// each entry in order, each problem the reader finds, and the end, where
// a rule that counts reports. Any of them may be nil.
type SitemapHooks struct {
	Entry   func(e *SitemapEntry)
	Problem func(p *sitemap.Problem)
	End     func()
}

// SitemapPass is one sitemap rule's run over one sitemap.
type SitemapPass struct {
	// Site is the site the sitemap belongs to.
	Site *SitemapSite
	// Sitemap is the sitemap.
	Sitemap *SitemapInput
	// Rule is the rule being run.
	Rule *Rule
	// Targets are the profiles the site cares about.
	Targets []*match.Profile
	// Options are the rule's options from the configuration, or nil.
	Options map[string]any

	reader *sitemap.Reader
	diags  []Diagnostic
	places map[int]syntax.Position
}

// Stopped says that reading stopped at sitemap.MaxRead bytes, before the
// sitemap's end, so that counts are lower bounds.
func (p *SitemapPass) Stopped() bool { return p.reader.Stopped() }

// Kind returns what the sitemap is, as far as it has been read.
func (p *SitemapPass) Kind() sitemap.Kind { return p.reader.Kind() }

// Robots returns the site's robots.txt as profile reads it, or nil.
func (p *SitemapPass) Robots(profile *match.Profile) *match.Robots { return p.Site.Robots(profile) }

// Bytes returns how many bytes of the sitemap have been read,
// uncompressed: at End, its size.
func (p *SitemapPass) Bytes() int64 { return p.reader.Bytes() }

// Page returns the page at the absolute URL url as the site's Page
// function gives it, with its robots directives as page rules see them
// (META tags first, then X-Robots-Tag header parts), or nil when the page
// is not available.
func (p *SitemapPass) Page(url string) (*PageInput, []PageDirective) {
	if p.Site.in.Page == nil {
		return nil, nil
	}
	in := p.Site.in.Page(url)
	if in == nil {
		return nil, nil
	}
	return in, pageDirectives(in)
}

// SiteValue returns the value kept under key for every sitemap of the
// site, built by build on first use. Sitemaps are checked concurrently, so
// the value must be safe for concurrent use; key should be a value of an
// unexported type of the caller's package.
func (p *SitemapPass) SiteValue(key any, build func() any) any { return p.Site.shared.get(key, build) }

// Report reports a finding from start to end in the sitemap.
func (p *SitemapPass) Report(start, end sitemap.Pos, message string, opts ...ReportOption) {
	if end.Offset < start.Offset {
		end = start
	}
	p.place(start)
	p.place(end)
	p.diags = append(p.diags, newDiagnostic(p.Rule, p.Site.config, syntax.Span{Start: int(start.Offset), End: int(end.Offset)}, message, opts))
}

func (p *SitemapPass) place(pos sitemap.Pos) {
	if p.places == nil {
		p.places = map[int]syntax.Position{}
	}
	p.places[int(pos.Offset)] = syntax.Position{Line: pos.Line, Column: pos.Col}
}

// WithURLs gives a finding about many URLs their number and a few
// examples, which output shows and JSON carries for other tools.
func WithURLs(count int, examples []string) ReportOption {
	return func(d *Diagnostic) { d.URLs = &URLGroup{Count: count, Examples: examples} }
}

// ForProfiles names, in a finding WithURLs gave URLs, the profiles whose
// crawlers the URLs concern; it must come after WithURLs.
func ForProfiles(profiles []*match.Profile) ReportOption {
	return func(d *Diagnostic) {
		if d.URLs != nil {
			for _, p := range profiles {
				d.URLs.Profiles = append(d.URLs.Profiles, p.Name)
			}
		}
	}
}

// Lint reads the sitemap in and runs the site's sitemap rules on it as it
// streams, each entry going to every rule before the next is read: memory
// stays that of the rules' counters, whatever the number of URLs. A rule
// that panics is reported as an internal error of that rule at the start
// of the sitemap, and runs no further on it; the others go on.
func (s *SitemapSite) Lint(in *SitemapInput) *SitemapResult {
	r := sitemap.NewReader(in.Body)
	res := &SitemapResult{}
	type running struct {
		pass  *SitemapPass
		hooks SitemapHooks
		dead  bool
	}
	var runs []*running
	for _, rule := range s.rules {
		pass := &SitemapPass{Site: s, Sitemap: in, Rule: rule, Targets: s.config.targets(), Options: s.config.rule(rule.Name).Options, reader: r}
		run := &running{pass: pass}
		run.dead = !guard(pass, func() { run.hooks = rule.RunSitemap(pass) })
		runs = append(runs, run)
	}
	each := func(call func(run *running)) {
		for _, run := range runs {
			if !run.dead {
				run.dead = !guard(run.pass, func() { call(run) })
			}
		}
	}
	var entry SitemapEntry
	for item := range r.All() {
		if item.IsProblem() {
			problem := item.Problem
			each(func(run *running) {
				if run.hooks.Problem != nil {
					run.hooks.Problem(&problem)
				}
			})
			continue
		}
		res.Entries++
		entry = SitemapEntry{Entry: item.Entry, Index: r.Kind() == sitemap.Index}
		if entry.Index && len(res.Children) < sitemap.MaxURLs && entry.Loc != "" {
			res.Children = append(res.Children, SitemapChild{Loc: entry.Loc, Pos: entry.LocPos, End: entry.LocEnd})
		}
		each(func(run *running) {
			if run.hooks.Entry != nil {
				run.hooks.Entry(&entry)
			}
		})
	}
	each(func(run *running) {
		if run.hooks.End != nil {
			run.hooks.End()
		}
	})
	res.Kind, res.Bytes, res.Stopped = r.Kind(), r.Bytes(), r.Stopped()
	for _, run := range runs {
		res.Diagnostics = append(res.Diagnostics, run.pass.diags...)
		for off, pos := range run.pass.places {
			if res.Positions == nil {
				res.Positions = map[int]syntax.Position{}
			}
			res.Positions[off] = pos
		}
	}
	res.Diagnostics = byPosition(res.Diagnostics)
	return res
}

// guard runs f, turning a panic into an internal-error diagnostic of the
// pass's rule; it reports whether f returned normally.
func guard(pass *SitemapPass, f func()) (ok bool) {
	defer func() {
		if v := recover(); v != nil {
			pass.place(sitemap.Pos{Line: 1, Col: 1})
			pass.diags = append(pass.diags, Diagnostic{
				Rule:     pass.Rule.Name,
				Severity: Error,
				Message:  fmt.Sprintf("internal error in rule %s: %v (please report it)", pass.Rule.Name, v),
			})
			ok = false
		}
	}()
	f()
	return true
}
