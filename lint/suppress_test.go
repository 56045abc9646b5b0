package lint

import (
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

// TestSuppressFix checks the fix that disables a finding's rule for its
// line: applied, it silences the finding and nothing else, in the file's
// indentation and line endings, and it joins a disable-next-line comment
// already above the line rather than stacking another.
func TestSuppressFix(t *testing.T) {
	foo := wordRule("foo", "foo", "")
	bar := wordRule("bar", "bar", "")
	baz := wordRule("baz", "baz", "")
	rules := []*Rule{foo, bar, baz, UnusedSuppression}
	for _, tt := range []struct {
		name, src, rule, want string
	}{
		{"new comment", "User-agent: *\nDisallow: /foo\n", "foo",
			"User-agent: *\n# robotslint:disable-next-line foo\nDisallow: /foo\n"},
		{"indented", "User-agent: *\n  Disallow: /foo\n", "foo",
			"User-agent: *\n  # robotslint:disable-next-line foo\n  Disallow: /foo\n"},
		{"CRLF", "User-agent: *\r\nDisallow: /foo", "foo",
			"User-agent: *\r\n# robotslint:disable-next-line foo\r\nDisallow: /foo"},
		{"first line", "Disallow: /foo\n", "foo",
			"# robotslint:disable-next-line foo\nDisallow: /foo\n"},
		{"joins a comment", "# robotslint:disable-next-line bar\nDisallow: /foobar\n", "foo",
			"# robotslint:disable-next-line bar,foo\nDisallow: /foobar\n"},
		{"joins before the reason", "#robotslint:disable-next-line bar, baz -- old paths\nDisallow: /foobarbaz\n", "foo",
			"#robotslint:disable-next-line bar, baz,foo -- old paths\nDisallow: /foobarbaz\n"},
		{"joins a trailing comment", "Allow: /bar # robotslint:disable-next-line bar\nDisallow: /foobar\n", "foo",
			"Allow: /bar # robotslint:disable-next-line bar,foo\nDisallow: /foobar\n"},
		{"not after another kind", "# robotslint:disable bar\nDisallow: /foobar\n", "foo",
			"# robotslint:disable bar\n# robotslint:disable-next-line foo\nDisallow: /foobar\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := syntax.Parse([]byte(tt.src))
			var target *Diagnostic
			diags := LintFile(f, rules, nil)
			for i := range diags {
				if diags[i].Rule == tt.rule {
					target = &diags[i]
				}
			}
			if target == nil {
				t.Fatalf("no %s finding in %q: %+v", tt.rule, tt.src, diags)
			}
			fix, ok := SuppressFix(f, target)
			if !ok || !fix.Safe || fix.Title != "Disable "+tt.rule+" for this line" {
				t.Fatalf("got %+v, %v", fix, ok)
			}
			got, _ := ApplyFixes(f.Bytes(), []Diagnostic{{Fixes: []Fix{fix}}}, false)
			if string(got) != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			for _, d := range Lint(got, rules, nil) {
				if d.Rule == tt.rule || d.Rule == UnusedSuppression.Name {
					t.Errorf("after the fix: %s: %s", d.Rule, d.Message)
				}
			}
		})
	}
	f := syntax.Parse([]byte("# robotslint:disable-file nosuch\n"))
	diags := LintFile(f, rules, nil)
	if len(diags) != 1 || diags[0].Rule != UnusedSuppression.Name {
		t.Fatalf("got %+v", diags)
	}
	if fix, ok := SuppressFix(f, &diags[0]); ok {
		t.Errorf("a suppression of unused-suppression is offered: %+v", fix)
	}
}

// TestSuppressFetchRule: a comment cannot silence a fetch rule, and the
// report of such a comment says where to turn the rule off.
func TestSuppressFetchRule(t *testing.T) {
	fetch := &Rule{Name: "fetch-slow", Severity: Warning, Scope: ScopeFetch}
	diags := Lint([]byte("# robotslint:disable-next-line fetch-slow\nUser-agent: *\n"), []*Rule{fetch, UnusedSuppression}, nil)
	const want = "this suppression suppresses nothing: fetch-slow judges how the site serves the file, which no comment in it can silence (turn the rule off in .robotslint.toml instead)"
	if len(diags) != 1 || diags[0].Message != want {
		t.Errorf("got %+v", diags)
	}
}
