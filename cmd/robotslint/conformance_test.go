package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
)

// TestConformance runs Google's 400 robots.txt conformance cases the way
// their upstream harness does: each body written to a file, then
// "robotslint test --profile google --agent AGENT FILE URL", judged by the
// exit status (0 allowed, 1 disallowed).
func TestConformance(t *testing.T) {
	dir := t.TempDir()
	passed, total := 0, 0
	for _, c := range linttest.ConformanceCases(t) {
		robots := filepath.Join(dir, "robots.txt")
		if err := os.WriteFile(robots, c.Robots, 0o644); err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		status := run([]string{"test", "--profile", "google", "--agent", c.UserAgent, robots, c.URL}, strings.NewReader(""), io.Discard, &stderr)
		want := 0
		if c.Expected == "DISALLOWED" {
			want = 1
		}
		total++
		if status == want {
			passed++
		} else {
			t.Errorf("case %d: agent %q url %q: exit %d, want %d %s", c.ID, c.UserAgent, c.URL, status, want, stderr.String())
		}
	}
	if total != 400 {
		t.Errorf("%d cases, want 400", total)
	}
	t.Logf("%d of %d cases pass", passed, total)
}
