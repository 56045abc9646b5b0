package lint

import (
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

// TestFixAllLineEndings: the lines fixes write end as the file's lines
// mostly do, whatever the rule wrote; a CRLF the rule wrote stays one.
func TestFixAllLineEndings(t *testing.T) {
	split := wordRule("split", "a b", "a\nb")
	splitCRLF := wordRule("split", "a b", "a\r\nb")
	for _, tt := range []struct {
		name, src, want string
		rule            *Rule
	}{
		{"LF", "User-agent: *\nDisallow: /a b\n", "User-agent: *\nDisallow: /a\nb\n", split},
		{"CRLF", "User-agent: *\r\nDisallow: /a b\r\n", "User-agent: *\r\nDisallow: /a\r\nb\r\n", split},
		{"mostly CRLF", "User-agent: *\r\nAllow: /x\r\nDisallow: /a b\n", "User-agent: *\r\nAllow: /x\r\nDisallow: /a\r\nb\n", split},
		{"CR", "User-agent: *\rDisallow: /a b\r", "User-agent: *\rDisallow: /a\rb\r", split},
		{"CRLF written", "User-agent: *\r\nDisallow: /a b\r\n", "User-agent: *\r\nDisallow: /a\r\nb\r\n", splitCRLF},
	} {
		fixed, applied := FixAll([]byte(tt.src), []*Rule{tt.rule}, nil, false)
		if string(fixed) != tt.want || len(applied) != 1 {
			t.Errorf("%s: got %q after %d fixes, want %q", tt.name, fixed, len(applied), tt.want)
		}
		if nl := syntax.Parse(fixed).Newline(); nl != syntax.Parse([]byte(tt.src)).Newline() {
			t.Errorf("%s: the fixed file's lines end in %q", tt.name, nl)
		}
	}
}
