package explain

import (
	"fmt"
	"slices"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// At explains to a webmaster the directive name or value at byte offset
// off of f, for the crawlers that read the file as targets do (lint's
// default targets when nil). It returns the explanation and the span of
// the word explained; the Doc is empty on comments, blank lines and
// anything else there is nothing to say about.
func At(f *syntax.File, off int, targets []*match.Profile) (Doc, syntax.Span) {
	p := PlaceAt(f, off)
	if !p.On || p.Line < 0 || f.Lines[p.Line].Kind != syntax.LineDirective {
		return Doc{}, syntax.Span{}
	}
	e := &explainer{f: f, line: p.Line, targets: targets, robots: map[*match.Profile]*match.Robots{}}
	if e.targets == nil {
		e.targets = lint.DefaultTargets()
	}
	switch p.Part {
	case PartKey:
		e.directiveName()
	case PartValue:
		e.directiveValue(p.Directive)
	}
	if len(e.doc.Blocks) == 0 {
		return Doc{}, syntax.Span{}
	}
	return e.doc, p.Span
}

// explainer writes the explanation of line line.
type explainer struct {
	writer
	f       *syntax.File
	line    int
	targets []*match.Profile
	robots  map[*match.Profile]*match.Robots // compiled on first use
}

func (e *explainer) compiled(p *match.Profile) *match.Robots {
	r, ok := e.robots[p]
	if !ok {
		r = match.Compile(e.f, p)
		e.robots[p] = r
	}
	return r
}

func (e *explainer) targeted(p *match.Profile) bool { return slices.Contains(e.targets, p) }

// text returns the text of span s of the file.
func (e *explainer) text(s syntax.Span) string { return string(e.f.Text(s)) }

// directiveName explains the key of the line.
func (e *explainer) directiveName() {
	l := &e.f.Lines[e.line]
	key := e.text(l.Key())
	if l.Directive != syntax.DirectiveOther {
		kd := kb.LookupDirective(l.Directive)
		e.para("%s — %s.", term(kd.Name), kd.Summary)
		e.para("%s", e.readers(kd))
		e.para("%s", kd.Doc)
		return
	}
	google := match.GoogleDirective([]byte(key))
	if meant, ok := kb.Misspelling(key); ok {
		kd := kb.LookupDirective(meant)
		e.para("%s is a misspelling of %s, which %s.", term(key), term(kd.Name), kd.Summary)
		// Only Google's parser accepts misspellings; every other profile
		// compares names exactly.
		var readers, others []string
		for _, p := range e.targets {
			if p == match.Google && google == meant {
				readers = append(readers, p.Readers)
			} else {
				others = append(others, p.Readers)
			}
		}
		switch {
		case len(readers) > 0 && len(others) > 0:
			e.para("%s it as %s; %s the line. Write %s.", prose.Subject(readers, "reads", "read"), kd.Name, prose.Subject(others, "ignores", "ignore"), code(kd.Name))
		case len(readers) > 0:
			e.para("%s it as %s, but write %s.", prose.Subject(readers, "reads", "read"), kd.Name, code(kd.Name))
		default:
			e.para("Crawlers ignore the line. Write %s.", code(kd.Name))
		}
		return
	}
	if google != syntax.DirectiveOther && e.targeted(match.Google) {
		e.para("%s is not a directive, but Google reads it as %s: its parser accepts any key that starts with a directive's name. Other crawlers ignore the line.",
			term(key), term(google.Canonical()))
		return
	}
	e.para("%s is not a robots.txt directive: crawlers ignore the line.", term(key))
}

// readers says which targeted profiles act on a directive.
func (e *explainer) readers(kd *kb.Directive) string {
	var read, ignored []string
	for _, p := range e.targets {
		s, ok := kd.SupportFor(kb.Profile(p.Name))
		switch {
		case !ok:
		case s.Honoured:
			read = append(read, p.Readers)
		default:
			ignored = append(ignored, p.Readers)
		}
	}
	switch {
	case len(read) > 0 && len(ignored) > 0:
		return fmt.Sprintf("Read by %s; ignored by %s.", prose.Join(read), prose.Join(ignored))
	case len(read) > 0:
		return fmt.Sprintf("Read by %s.", prose.Join(read))
	}
	return fmt.Sprintf("Ignored by %s.", prose.Join(ignored))
}

// directiveValue explains the value of the line, for the directives whose
// values mean something on their own.
func (e *explainer) directiveValue(d syntax.Directive) {
	switch d {
	case syntax.DirectiveUserAgent:
		e.userAgent()
	case syntax.DirectiveAllow:
		e.rule(true)
	case syntax.DirectiveDisallow:
		e.rule(false)
	case syntax.DirectiveSitemap:
		e.sitemap()
	}
}
