package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTestEmptyAgentAndURL checks that an empty agent and an empty URL are
// queries like any other (Google reads the empty URL as "/"), not usage
// errors, and that the output shows them as "".
func TestTestEmptyAgentAndURL(t *testing.T) {
	robots := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	status := run([]string{"test", "--agent", "", robots, ""}, strings.NewReader(""), &stdout, &stderr)
	want := `disallowed  ""  ""  line 2: Disallow: /` + "\n"
	if status != exitFindings || stdout.String() != want || stderr.String() != "" {
		t.Errorf("status %d, stdout %q, stderr %q; want status 1, stdout %q", status, stdout.String(), stderr.String(), want)
	}
}
