package lint

import (
	"strings"
	"testing"

	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/page"
)

// pageWordRule is a page rule that reports every rule named word, in META
// tags and headers alike, with a fix that renames it to fix.
func pageWordRule(name, word, fix string) *Rule {
	return &Rule{
		Name: name, Summary: "test rule", Severity: Warning, Scope: ScopePage, Fixable: true,
		RunPage: func(p *PagePass) {
			for i := range p.Directives {
				d := &p.Directives[i]
				for _, r := range d.Rules {
					if r.Name == word {
						p.ReportAt(d, r.NameSpan, "found "+word, WithFix(Fix{Title: "Rename", Edits: []Edit{{Span: r.NameSpan, NewText: fix}}}))
					}
				}
			}
		},
	}
}

func lintTestPage(src string, headers []string, rules []*Rule) []Diagnostic {
	return LintPage(&PageInput{Doc: page.ParseHTML([]byte(src)), Headers: headers}, rules, nil)
}

// TestScopesApart checks that a robots.txt run runs no page rule and a page
// run no robots.txt rule, whatever the list they are given.
func TestScopesApart(t *testing.T) {
	file := wordRule("file", "noidex", "")
	pg := pageWordRule("page", "noidex", "noindex")
	rules := []*Rule{file, pg}
	if got := rulesOf(Lint([]byte("User-agent: *\nDisallow: /noidex\n"), rules, nil)); got != "file" {
		t.Errorf("robots.txt run: got %q, want only the robots.txt rule", got)
	}
	if got := rulesOf(lintTestPage(`<head><meta name="robots" content="noidex"></head>`, nil, rules)); got != "page" {
		t.Errorf("page run: got %q, want only the page rule", got)
	}
}

// TestPageHeaderFindings checks how a finding in an X-Robots-Tag header is
// located: by header number, in the header's value, without fixes, after
// the findings in the page.
func TestPageHeaderFindings(t *testing.T) {
	src := `<head><meta name="robots" content="noidex"></head>`
	headers := []string{"nofollow", "googlebot: noidex"}
	diags := lintTestPage(src, headers, []*Rule{pageWordRule("page", "noidex", "noindex")})
	if len(diags) != 2 {
		t.Fatalf("got %d diagnostics, want 2: %+v", len(diags), diags)
	}
	inPage, inHeader := diags[0], diags[1]
	if inPage.Header != 0 || src[inPage.Span.Start:inPage.Span.End] != "noidex" || len(inPage.Fixes) != 1 {
		t.Errorf("the finding in the page: %+v", inPage)
	}
	if inHeader.Header != 2 || headers[1][inHeader.Span.Start:inHeader.Span.End] != "noidex" || len(inHeader.Fixes) != 0 {
		t.Errorf("the finding in header 2: %+v", inHeader)
	}
}

func TestPageSuppressions(t *testing.T) {
	foo := pageWordRule("foo", "foo", "x")
	bar := pageWordRule("bar", "bar", "x")
	rules := []*Rule{foo, bar, UnusedSuppression}
	meta := func(content string) string { return `<meta name="robots" content="` + content + `">` + "\n" }
	tests := []struct {
		name, src string
		headers   []string
		want      string
	}{
		{"none", meta("foo"), nil, "foo"},
		{"next line", "<!-- robotslint:disable-next-line foo -->\n" + meta("foo") + meta("foo"), nil, "foo"},
		{"next line after a comment on two lines", "<!-- robotslint:disable-next-line foo\n  -- a reason on its own line -->\n" + meta("foo, bar"), nil, "bar"},
		{"range", "<!-- robotslint:disable foo -->\n" + meta("foo") + meta("foo") + "<!-- robotslint:enable foo -->\n" + meta("foo"), nil, "foo"},
		{"file covers headers", "<!-- robotslint:disable-file foo -->\n" + meta("foo"), []string{"foo"}, ""},
		{"next line does not cover headers", "<!-- robotslint:disable-next-line foo -->\n" + meta("foo"), []string{"foo"}, "foo"},
		{"other rule", "<!-- robotslint:disable-next-line bar -->\n" + meta("foo"), nil, "unused-suppression foo"},
		{"robots.txt comment in a page", "# robotslint:disable-next-line foo\n" + meta("foo"), nil, "foo"},
		{"not a suppression", "<!-- robotslint is great -->\n" + meta("foo"), nil, "foo"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rulesOf(lintTestPage(tt.src, tt.headers, rules)); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPageUnusedSuppression checks the message for a rule of the other
// kind and the fix, which removes the comment's whole line.
func TestPageUnusedSuppression(t *testing.T) {
	file := wordRule("file-rule", "x", "")
	src := "<head>\n  <!-- robotslint:disable-next-line file-rule -->\n<meta name=\"robots\" content=\"noindex\">\n</head>\n"
	diags := lintTestPage(src, nil, []*Rule{file, UnusedSuppression})
	if len(diags) != 1 || !strings.Contains(diags[0].Message, "file-rule checks robots.txt files, not HTML pages") {
		t.Fatalf("got %+v", diags)
	}
	fixed, _ := ApplyFixes([]byte(src), diags, false)
	if want := "<head>\n<meta name=\"robots\" content=\"noindex\">\n</head>\n"; string(fixed) != want {
		t.Errorf("fixed:\n%s\nwant:\n%s", fixed, want)
	}
}

// TestPagePanic checks that a page rule that panics is reported, and the
// others still run.
func TestPagePanic(t *testing.T) {
	bad := &Rule{Name: "bad", Summary: "test rule", Severity: Warning, Scope: ScopePage, RunPage: func(*PagePass) { panic("boom") }}
	diags := lintTestPage(`<meta name="robots" content="foo">`, nil, []*Rule{bad, pageWordRule("foo", "foo", "x")})
	if got := rulesOf(diags); got != "bad foo" || !strings.Contains(diags[0].Message, "internal error in rule bad: boom") {
		t.Errorf("got %+v", diags)
	}
}

// TestPageRobots checks that a page rule reads the site's robots.txt as
// each profile does, and gets nil without one.
func TestPageRobots(t *testing.T) {
	var allowed, none bool
	r := &Rule{Name: "r", Summary: "test rule", Severity: Warning, Scope: ScopePage, RunPage: func(p *PagePass) {
		for _, prof := range p.Targets {
			if rob := p.Robots(prof); rob == nil {
				none = true
			} else {
				allowed = rob.Check("googlebot", p.Page.Path).Allowed
			}
		}
	}}
	robots := syntax.Parse([]byte("User-agent: *\nDisallow: /private/\n"))
	LintPage(&PageInput{Path: "/private/x.html", Robots: robots}, []*Rule{r}, nil)
	if allowed || none {
		t.Errorf("with a robots.txt: allowed %v, nil %v", allowed, none)
	}
	LintPage(&PageInput{Path: "/private/x.html"}, []*Rule{r}, nil)
	if !none {
		t.Error("without a robots.txt, Robots is not nil")
	}
}

// TestFixPage checks that FixPage applies unsafe fixes only when asked,
// and reparses the page between rounds until nothing is left to fix.
func TestFixPage(t *testing.T) {
	src := `<head><meta name="robots" content="noidex, noidex"></head>`
	in := &PageInput{Doc: page.ParseHTML([]byte(src)), Headers: []string{"noidex"}}
	rules := []*Rule{pageWordRule("page", "noidex", "noindex")}
	if fixed, applied := FixPage(in, rules, nil, false); string(fixed) != src || len(applied) != 0 {
		t.Errorf("safe fixes only: %s, %d applied", fixed, len(applied))
	}
	fixed, applied := FixPage(in, rules, nil, true)
	if want := `<head><meta name="robots" content="noindex, noindex"></head>`; string(fixed) != want || len(applied) != 2 {
		t.Errorf("all fixes: %s, %d applied; want %s", fixed, len(applied), want)
	}
	if string(in.Doc.Src) != src {
		t.Error("FixPage changed its input")
	}
}
