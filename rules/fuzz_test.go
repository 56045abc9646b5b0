package rules

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
)

// FuzzLint runs every rule on arbitrary bytes: no panic or internal error,
// every range inside the file, and every safe fix applies cleanly and
// gives a file that parses back byte for byte. Seeds are the rule cases.
func FuzzLint(f *testing.F) {
	cases, _ := filepath.Glob(filepath.Join("..", "testdata", "rules", "*", "*.txt"))
	for _, path := range cases {
		if src, err := os.ReadFile(path); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("User-agent: *\nDisalow: /a /b\n\xef\xbb\xbfAllow: *.gif$\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		diags := lint.Lint(src, All(), nil)
		for _, d := range diags {
			if d.Span.Start < 0 || d.Span.End > len(src) || d.Span.Start > d.Span.End {
				t.Fatalf("%s: span %v outside a file of %d bytes", d.Rule, d.Span, len(src))
			}
			if d.Severity < lint.Error || d.Severity > lint.Hint {
				t.Fatalf("%s: severity %v", d.Rule, d.Severity)
			}
			for _, r := range d.Related {
				if r.Span.Start < 0 || r.Span.End > len(src) || r.Span.Start > r.Span.End {
					t.Fatalf("%s: related span %v outside the file", d.Rule, r.Span)
				}
			}
			for _, fix := range d.Fixes {
				after, applied := lint.ApplyFixes(src, []lint.Diagnostic{{Fixes: []lint.Fix{fix}}}, true)
				if len(applied) == 0 {
					t.Fatalf("%s: the fix %q does not apply: %+v", d.Rule, fix.Title, fix.Edits)
				}
				if got := syntax.Parse(after); string(got.Bytes()) != string(after) {
					t.Fatalf("%s: the fixed file does not parse back", d.Rule)
				}
			}
		}
	})
}
