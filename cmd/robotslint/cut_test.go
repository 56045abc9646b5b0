package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

// pastLimitFile returns a robots.txt file whose line "Disallow: /private/"
// the 500 KiB limit cuts after "Disallow: /p", followed by a rule that
// lies wholly past the limit, and the 1-based number of the cut line.
func pastLimitFile() (string, int) {
	head := "User-agent: *\nDisallow: /search/\n"
	filler := "# " + strings.Repeat("padding-", 12) + "\n"
	cutAt := syntax.SizeLimit - len("Disallow: /p")
	for len(head)+len(filler) < cutAt-200 {
		head += filler
	}
	head += "#" + strings.Repeat("x", cutAt-len(head)-2) + "\n"
	return head + "Disallow: /private/\nDisallow: /late/\n", strings.Count(head, "\n") + 1
}

// TestCutLintAndTestAgree checks that lint and "test --profile google"
// give one answer past 500 KiB: lint says the rule after the limit is lost
// and the line across it is read as "Disallow: /p", and test obeys
// exactly that. A script cannot hold the 500 KiB file, hence a Go test.
func TestCutLintAndTestAgree(t *testing.T) {
	robots, cut := pastLimitFile()
	path := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(path, []byte(robots), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	run([]string{"--no-config", "--format", "text", path}, strings.NewReader(""), &stdout, &stderr)
	lint := stdout.String()
	for _, want := range []string{
		"1 rule after that is lost",
		"line " + strconv.Itoa(cut) + " is cut at the limit: its end is lost, and Google reads it as `Disallow: /p`",
	} {
		if !strings.Contains(lint, want) {
			t.Errorf("lint output lacks %q:\n%s", want, lint)
		}
	}
	if strings.Contains(lint, "invalid-line") {
		t.Errorf("lint reports the cut line as invalid:\n%s", lint)
	}

	stdout.Reset()
	run([]string{"test", "--profile", "google", "--agent", "Googlebot", path, "/late/", "/pub", "/search/x"}, strings.NewReader(""), &stdout, &stderr)
	for _, want := range []string{
		"allowed     Googlebot  /late/     no rule matches",
		"disallowed  Googlebot  /pub       line " + strconv.Itoa(cut) + ": Disallow: /p",
		"disallowed  Googlebot  /search/x  line 2: Disallow: /search/",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("test output lacks %q:\n%s", want, stdout.String())
		}
	}
}

// TestCutFetched checks a fetched file past 500 KiB: the fetch stops at
// the limit, but the line across it is linted whole and reported as cut,
// never as a stray line of its own, and test obeys the same cut.
func TestCutFetched(t *testing.T) {
	robots, cut := pastLimitFile()
	srv := serve(t, 200, robots)
	var stdout, stderr strings.Builder
	run([]string{"--no-config", srv.URL}, strings.NewReader(""), &stdout, &stderr)
	lint := stdout.String()
	if want := "line " + strconv.Itoa(cut) + " is cut at the limit: its end is lost, and Google reads it as `Disallow: /p`"; !strings.Contains(lint, want) {
		t.Errorf("lint output lacks %q:\n%s", want, lint)
	}
	if strings.Contains(lint, "invalid-line") {
		t.Errorf("lint reports the cut line as invalid:\n%s", lint)
	}
	status, out, _ := testURL(t, "--agent", "Googlebot", srv.URL, "/pub", "/late/")
	for _, want := range []string{"disallowed  Googlebot  /pub    line " + strconv.Itoa(cut) + ": Disallow: /p", "allowed     Googlebot  /late/  no rule matches"} {
		if !strings.Contains(out, want) {
			t.Errorf("test output lacks %q:\n%s", want, out)
		}
	}
	if status != exitFindings {
		t.Errorf("status %d", status)
	}
}
