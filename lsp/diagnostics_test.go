package lsp

import (
	"slices"
	"testing"

	"go.lsp.dev/protocol"
)

// TestUnnecessaryTag: the findings of the rules marked Unnecessary (lines
// that change nothing) carry the tag editors fade them by; others do not.
func TestUnnecessaryTag(t *testing.T) {
	s := startSession(t, "")
	p := s.open(testURI, "User-agent: *\nDisallow: /a\nDisallow: /a\n# robotslint:disable-next-line crawl-delay\nDisalow: /b\n")
	want := map[string]bool{"duplicate-rule": true, "unused-suppression": true, "misspelled-directive": false}
	for _, d := range p.Diagnostics {
		code, _ := d.Code.(protocol.String)
		faded, ok := want[string(code)]
		if !ok {
			continue
		}
		delete(want, string(code))
		if got := slices.Contains(d.Tags.Slice(), protocol.DiagnosticTagUnnecessary); got != faded {
			t.Errorf("%s: tagged unnecessary %v, want %v", code, got, faded)
		}
	}
	if len(want) > 0 {
		t.Errorf("no finding of %v: %s", want, codes(p))
	}
}
