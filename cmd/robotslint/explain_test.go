package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/rules"
)

// TestExplainPlain checks every rule's documentation as explain prints it
// to a pipe: outside code spans, which keep their backticks, no Markdown
// marker is left for the reader to skip over, and no escape code.
var codeSpan = regexp.MustCompile("`[^`\n]*`")

func TestExplainPlain(t *testing.T) {
	for _, r := range rules.All() {
		var stdout, stderr strings.Builder
		if status := run([]string{"explain", r.Name}, nil, &stdout, &stderr); status != exitClean {
			t.Fatalf("explain %s: status %d: %s", r.Name, status, stderr.String())
		}
		text := codeSpan.ReplaceAllString(stdout.String(), "")
		for _, marker := range []string{"**", "```", "\x1b["} {
			if strings.Contains(text, marker) {
				t.Errorf("explain %s prints %q", r.Name, marker)
			}
		}
	}
}
