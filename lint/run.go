package lint

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// Config says what a run checks and how. The zero value runs every rule
// at its default severity for the default targets.
type Config struct {
	// Targets are the profiles the site cares about; nil means
	// DefaultTargets.
	Targets []*match.Profile
	// Rules holds per-rule settings by rule name.
	Rules map[string]RuleConfig
	// FileName is the last element of the linted file's path or URI, as
	// the command or the editor knows it, or "" when nothing names the
	// file (standard input, a fetched URL, the playground).
	FileName string
	// Site is the origin the file is served for, such as
	// "https://example.com" (see CheckSite), or "" when it is not known:
	// the command knows it for a URL it fetched, and a configuration file
	// can say it. Rules that judge the file against its site read it
	// with Pass.Site and stay silent without one.
	Site string
	// Pages turns on linting the HTML pages of a site directory (the
	// "pages" setting): the command then reads the site's robots.txt
	// together with the robots META tags of the pages under it. Off by
	// default, so that a directory of HTML that is no site (templates,
	// documentation sources) keeps its results.
	Pages bool
}

// RuleConfig is one rule's configuration.
type RuleConfig struct {
	// Severity replaces the rule's default severity; Off turns the rule
	// off, and 0 keeps the default.
	Severity Severity
	// Options are the rule's options by name, checked against its
	// declarations as CheckConfig checks them; rules read them with
	// Option.Seconds.
	Options map[string]any
}

// DefaultTargets returns the profiles a site cares about unless configured
// otherwise: Google, Bing, Yandex and RFC 9309. The 1994 standard is
// opt-in: few crawlers still read files that way, and targeting it turns
// every wildcard into a finding.
func DefaultTargets() []*match.Profile {
	return []*match.Profile{match.Google, match.Bing, match.Yandex, match.RFC9309}
}

func (c *Config) targets() []*match.Profile {
	if c == nil || c.Targets == nil {
		return DefaultTargets()
	}
	return c.Targets
}

func (c *Config) rule(name string) RuleConfig {
	if c == nil {
		return RuleConfig{}
	}
	return c.Rules[name]
}

// Severity is the one severity policy: the severity of a finding of rule
// that its check rates rated, 0 meaning the rule's default. A severity
// configured for the rule wins over both, and Off means the finding is not
// reported. The engine's findings (Pass.Report, unused suppressions) and
// the command's findings about a fetch all take their severity from here.
func (c *Config) Severity(rule *Rule, rated Severity) Severity {
	if s := c.rule(rule.Name).Severity; s != 0 {
		return s
	}
	if rated != 0 {
		return rated
	}
	return rule.Severity
}

// Lint parses src and runs rules on it; see LintFile.
func Lint(src []byte, rules []*Rule, cfg *Config) []Diagnostic {
	return LintFile(syntax.Parse(src), rules, cfg)
}

// LintFile runs rules on f, applies the file's suppression comments, and
// returns the diagnostics ordered by position, then rule name. A rule that
// panics is reported as an internal error of that rule on the file's first
// byte; the other rules still run.
func LintFile(f *syntax.File, rules []*Rule, cfg *Config) []Diagnostic {
	sh := &shared{rules: map[string]bool{}}
	targets := cfg.targets()
	sups := parseSuppressions(f)
	var passes []*Pass
	for _, r := range rules {
		if r.Run == nil || cfg.Severity(r, 0) == Off {
			continue
		}
		sh.rules[r.Name] = true
		passes = append(passes, &Pass{File: f, Rule: r, Targets: targets, Options: cfg.rule(r.Name).Options, config: cfg, shared: sh, sups: sups})
	}
	runPasses(passes)
	var diags []Diagnostic
	for _, p := range passes {
		diags = append(diags, p.diags...)
	}
	diags = suppress(f, sups, diags, rules, cfg)
	diags = dropUnread(f, diags, rules, targets)
	return byPosition(diags)
}

// byPosition returns diags ordered by position, then rule name, and in
// their order within a rule; a page's findings in its headers come after
// those in the page, by header. It sorts their indices rather than the
// diagnostics themselves: a stable sort of thousands of large values
// moves them about far more than one sort of numbers and one copy.
func byPosition(diags []Diagnostic) []Diagnostic {
	if len(diags) < 2 {
		return diags
	}
	order := make([]int32, len(diags))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &diags[i], &diags[j]
		return cmp.Or(cmp.Compare(a.Header, b.Header), cmp.Compare(a.Span.Start, b.Span.Start), cmp.Compare(a.Span.End, b.Span.End), cmp.Compare(a.Rule, b.Rule), cmp.Compare(i, j))
	})
	sorted := make([]Diagnostic, len(diags))
	for i, k := range order {
		sorted[i] = diags[k]
	}
	return sorted
}

// dropUnread drops the findings that start past what every target reads,
// but those of rules about that part (Rule.PastLimit). It runs after the
// suppression comments are matched, so that a comment past the limit is
// not reported unused for a finding dropped here.
func dropUnread(f *syntax.File, diags []Diagnostic, rules []*Rule, targets []*match.Profile) []Diagnostic {
	read := readTo(f, targets)
	if len(f.Bytes()) <= read {
		return diags
	}
	pastLimit := map[string]bool{}
	for _, r := range rules {
		pastLimit[r.Name] = r.PastLimit
	}
	return slices.DeleteFunc(diags, func(d Diagnostic) bool { return d.Span.Start >= read && !pastLimit[d.Rule] })
}

// readTo returns the offset in f where the targets stop reading it: the
// largest of their size limits, or f's length when one of them reads it
// all.
func readTo(f *syntax.File, targets []*match.Profile) int {
	read := 0
	for _, p := range targets {
		if p.SizeLimit == 0 {
			return len(f.Bytes())
		}
		read = max(read, p.SizeLimit)
	}
	return min(read, len(f.Bytes()))
}

// runPasses runs the passes on as many cores as there are. Rules only read
// the file and what they share is built once under a lock, so they can run
// in any order; each keeps its own diagnostics, which LintFile joins in
// rule order, so the result does not depend on the schedule. The first
// worker takes passes from the front and the others from the back: rules
// listed last, which compare rules with each other, are the costly ones on
// large files, and they share one model that the back takes to building
// while the front gets on with the cheap ones instead of waiting for it.
func runPasses(passes []*Pass) {
	workers := min(runtime.GOMAXPROCS(0), len(passes))
	if workers <= 1 {
		for _, p := range passes {
			runRule(p)
		}
		return
	}
	var mu sync.Mutex
	front, back := 0, len(passes)
	take := func(fromFront bool) *Pass {
		mu.Lock()
		defer mu.Unlock()
		if front == back {
			return nil
		}
		if fromFront {
			front++
			return passes[front-1]
		}
		back--
		return passes[back]
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for p := take(w == 0); p != nil; p = take(w == 0) {
				runRule(p)
			}
		})
	}
	wg.Wait()
}

func runRule(pass *Pass) {
	defer func() {
		if v := recover(); v != nil {
			pass.diags = append(pass.diags, Diagnostic{
				Rule:     pass.Rule.Name,
				Severity: Error,
				Span:     syntax.Span{},
				Message:  fmt.Sprintf("internal error in rule %s: %v (please report it)", pass.Rule.Name, v),
			})
		}
	}()
	pass.Rule.Run(pass)
}
