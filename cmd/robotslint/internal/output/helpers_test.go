package output

import (
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
)

// spanOf returns the span of the first occurrence of sub in src.
func spanOf(t *testing.T, src, sub string) syntax.Span {
	t.Helper()
	i := strings.Index(src, sub)
	if i < 0 {
		t.Fatalf("%q not in %q", sub, src)
	}
	return syntax.Span{Start: i, End: i + len(sub)}
}

// diagnostic returns an error of rule "test-rule" on span.
func diagnostic(span syntax.Span, message string) lint.Diagnostic {
	return lint.Diagnostic{Rule: "test-rule", Severity: lint.Error, Span: span, Message: message}
}

func fileOf(path, src string, diags ...lint.Diagnostic) File {
	return File{Path: path, File: syntax.Parse([]byte(src)), Diagnostics: diags}
}
