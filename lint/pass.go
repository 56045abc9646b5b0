package lint

import (
	"slices"
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

	shared   *shared
	severity Severity
	diags    *[]Diagnostic
}

// shared is what the passes of one run share: the file compiled for each
// profile, built on first use.
type shared struct {
	mu     sync.Mutex
	robots map[*match.Profile]*match.Robots
	values map[any]any
}

// Shared returns the value kept under key for this run, built by build on
// first use: rules that read the file the same way share the work. The
// value must not be modified once built; key should be a value of an
// unexported type of the caller's package.
func (p *Pass) Shared(key any, build func() any) any {
	s := p.shared
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.values[key]
	if !ok {
		v = build()
		if s.values == nil {
			s.values = make(map[any]any)
		}
		s.values[key] = v
	}
	return v
}

// Robots returns the file as profile p reads it.
func (p *Pass) Robots(profile *match.Profile) *match.Robots {
	s := p.shared
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.robots[profile]
	if !ok {
		r = match.Compile(p.File, profile)
		s.robots[profile] = r
	}
	return r
}

// Targeted reports whether profile is one of the targets.
func (p *Pass) Targeted(profile *match.Profile) bool { return slices.Contains(p.Targets, profile) }

// Text returns the source bytes of s as a string.
func (p *Pass) Text(s syntax.Span) string { return string(p.File.Text(s)) }

// A ReportOption adds to a diagnostic.
type ReportOption func(*Diagnostic)

// WithRelated adds a related location.
func WithRelated(span syntax.Span, message string) ReportOption {
	return func(d *Diagnostic) { d.Related = append(d.Related, Related{span, message}) }
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
	d := Diagnostic{Rule: p.Rule.Name, Severity: p.Rule.Severity, Span: span, Message: message}
	for _, o := range opts {
		o(&d)
	}
	if p.severity != 0 {
		d.Severity = p.severity
	}
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
	*p.diags = append(*p.diags, d)
}
