package lint

import (
	"slices"
	"sort"
	"sync"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// A Pass is one rule's run over one file: what the rule reads, and where it
// reports.
type Pass struct {
	// File is the parsed file.
	File *syntax.File
	// Rule is the rule being run.
	Rule *Rule
	// Targets are the profiles the site cares about: a difference between
	// crawlers outside them is not worth reporting.
	Targets []*match.Profile
	// Options are the rule's options from the configuration, or nil.
	Options map[string]any

	config *Config // nil: the defaults
	shared *shared
	diags  []Diagnostic
	// sups are the file's suppression comments, and ruleSups those of
	// them that name the rule, found on first use.
	sups, ruleSups []*suppression
	ruleSupsFound  bool
	// prover holds what ProveSafe has spent, made on first use.
	prover *prover
}

// shared is what the passes of one run share: values built on first use,
// each under its own once so that a rule waiting for one value does not
// wait for another being built.
type shared struct {
	mu     sync.Mutex
	values map[any]*sharedValue
	// rules are the names of the rules the run runs.
	rules map[string]bool
}

type sharedValue struct {
	once  sync.Once
	value any
}

func (s *shared) get(key any, build func() any) any {
	s.mu.Lock()
	v, ok := s.values[key]
	if !ok {
		v = &sharedValue{}
		if s.values == nil {
			s.values = make(map[any]*sharedValue)
		}
		s.values[key] = v
	}
	s.mu.Unlock()
	v.once.Do(func() { v.value = build() })
	return v.value
}

// Shared returns the value kept under key for this run, built by build on
// first use: rules that read the file the same way share the work. The
// value must not be modified once built, since rules run concurrently; key
// should be a value of an unexported type of the caller's package.
func (p *Pass) Shared(key any, build func() any) any { return p.shared.get(key, build) }

// Runs reports whether the rule named name runs in this run: a rule that
// builds a shared value can then build, alongside, the parts only other
// rules use, so that they find them ready.
func (p *Pass) Runs(name string) bool { return p.shared.rules[name] }

// robotsKey and layoutKey key the file compiled for a profile, and its
// layout, among the shared values.
type (
	robotsKey struct{ profile *match.Profile }
	layoutKey struct{ profile *match.Profile }
)

// Robots returns the file as profile p reads it.
func (p *Pass) Robots(profile *match.Profile) *match.Robots {
	return p.shared.get(robotsKey{profile}, func() any { return match.CompileLayout(p.Layout(profile)) }).(*match.Robots)
}

// Layout returns the groups of the file as profile p reads them, as line
// indices: cheaper than Robots when a rule needs no matching.
func (p *Pass) Layout(profile *match.Profile) *match.Layout {
	return p.shared.get(layoutKey{profile}, func() any {
		if base := profile.Base(); base != profile {
			return p.Layout(base).For(profile)
		}
		return match.ReadLayout(p.File, profile)
	}).(*match.Layout)
}

// FileName is the configuration's FileName: the name the linted file is
// stored under, or "" when that is not known.
func (p *Pass) FileName() string {
	if p.config == nil {
		return ""
	}
	return p.config.FileName
}

// Site returns the origin the file is served for, such as
// "https://example.com", or "" when it is not known (see Config.Site).
func (p *Pass) Site() string {
	if p.config == nil {
		return ""
	}
	return p.config.Site
}

// ReadTo returns the offset where the targets stop reading the file: the
// largest of their size limits (500 KiB for most), or the file's length.
// Findings that start there or later are dropped, unless the rule is
// about that part of the file (Rule.PastLimit), so a rule that looks at a
// line at a time stops at the first line that starts there (ReadLines).
func (p *Pass) ReadTo() int { return readTo(p.File, p.Targets) }

// ReadLines returns how many of the file's lines start before ReadTo: the
// lines a rule that looks at a line at a time need look at.
func (p *Pass) ReadLines() int {
	end := p.ReadTo()
	lines := p.File.Lines
	return sort.Search(len(lines), func(i int) bool { return lines[i].Span.Start >= end })
}

// Targeted reports whether profile is one of the targets.
func (p *Pass) Targeted(profile *match.Profile) bool { return slices.Contains(p.Targets, profile) }

// Text returns the source bytes of s as a string.
func (p *Pass) Text(s syntax.Span) string { return string(p.File.Text(s)) }

// SuppressedAlike reports whether the same suppression comments for the
// rule cover lines a and b, or none covers either. A rule that reports a
// run of lines as one finding ends the run where it is false: the engine
// would otherwise narrow such a finding to the lines a suppression leaves
// (see narrow), but could not narrow its message, which describes the
// whole run.
func (p *Pass) SuppressedAlike(a, b int) bool {
	if !p.ruleSupsFound {
		p.ruleSupsFound = true
		for _, s := range p.sups {
			if slices.Contains(s.rules, p.Rule.Name) {
				p.ruleSups = append(p.ruleSups, s)
			}
		}
	}
	for _, s := range p.ruleSups {
		if s.covers(a) != s.covers(b) {
			return false
		}
	}
	return true
}

// GroupBySuppression splits lines into groups that the same suppression
// comments for the rule cover, each in the order given, the groups in the
// order of their first lines. A rule that reports like lines once ("here
// and on 2 more lines") reports each group once instead, so that
// suppressing the first line does not hide the others.
func (p *Pass) GroupBySuppression(lines []int) [][]int {
	var groups [][]int
	for _, i := range lines {
		k := slices.IndexFunc(groups, func(g []int) bool { return p.SuppressedAlike(g[0], i) })
		if k < 0 {
			groups = append(groups, nil)
			k = len(groups) - 1
		}
		groups[k] = append(groups[k], i)
	}
	return groups
}

// A ReportOption adds to a diagnostic.
type ReportOption func(*Diagnostic)

// WithRelated adds a related location.
func WithRelated(span syntax.Span, message string) ReportOption {
	return func(d *Diagnostic) { d.Related = append(d.Related, Related{Span: span, Message: message}) }
}

// WithFix adds a fix. Fixes without edits are dropped.
func WithFix(f Fix) ReportOption {
	return func(d *Diagnostic) {
		if len(f.Edits) > 0 {
			d.Fixes = append(d.Fixes, f)
		}
	}
}

// WithSeverity reports at severity s instead of the rule's default, for
// rules whose findings differ in weight (a crawl delay that is not a
// number is an error, one that is merely ignored is info). A severity
// configured for the rule still wins.
func WithSeverity(s Severity) ReportOption {
	return func(d *Diagnostic) { d.Severity = s }
}

// Report reports a finding on span.
func (p *Pass) Report(span syntax.Span, message string, opts ...ReportOption) {
	p.diags = append(p.diags, newDiagnostic(p.Rule, p.config, span, message, opts))
}

// newDiagnostic is the one place a rule's finding becomes a diagnostic,
// for robots.txt and page rules alike: its options applied, its severity
// as the configuration sets it, its fixes in order.
func newDiagnostic(rule *Rule, cfg *Config, span syntax.Span, message string, opts []ReportOption) Diagnostic {
	d := Diagnostic{Rule: rule.Name, Span: span, Message: message}
	for _, o := range opts {
		o(&d)
	}
	d.Severity = cfg.Severity(rule, d.Severity)
	// Safe fixes first: a client that takes the first fix takes a safe
	// one when there is one.
	slices.SortStableFunc(d.Fixes, func(a, b Fix) int {
		switch {
		case a.Safe == b.Safe:
			return 0
		case a.Safe:
			return -1
		}
		return 1
	})
	return d
}
