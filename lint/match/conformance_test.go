package match

import (
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/syntax"
)

// TestConformance runs Google's 400 conformance cases against the google
// profile directly; cmd/robotslint runs them through the command as the
// upstream harness does.
func TestConformance(t *testing.T) {
	cases := linttest.ConformanceCases(t)
	failed := 0
	for _, c := range cases {
		v := Compile(syntax.Parse(c.Robots), Google).Check(c.UserAgent, c.URL)
		if want := c.Expected == "ALLOWED"; v.Allowed != want {
			failed++
			t.Errorf("case %d (%s): agent %q url %q: allowed %v, want %v\n%s", c.ID, c.TestType, c.UserAgent, c.URL, v.Allowed, want, c.Robots)
		}
	}
	if len(cases) != 400 {
		t.Errorf("%d cases, want 400", len(cases))
	}
	t.Logf("%d of %d cases pass", len(cases)-failed, len(cases))
}
