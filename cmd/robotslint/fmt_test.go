package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	fmtMessy = "user-agent:*\n  disallow:/private   # no\n\n\n\nallow : /private/press\nUser-agent: Googlebot\nDisallow:\n\n"
	fmtClean = "User-agent: *\nDisallow: /private # no\n\nAllow: /private/press\n\nUser-agent: Googlebot\nDisallow:\n"
)

// fmtRun runs the fmt command in dir with args and stdin.
func fmtRun(t *testing.T, dir, stdin string, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	t.Chdir(dir)
	var out, errOut bytes.Buffer
	status = runFmt(args, strings.NewReader(stdin), &out, &errOut)
	return status, out.String(), errOut.String()
}

// writeFiles writes files, by name relative to dir, with mode 0644.
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestFmtInPlace(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"robots.txt": fmtMessy, "site/robots.txt": fmtClean})
	if err := os.Chmod(filepath.Join(dir, "robots.txt"), 0o600); err != nil {
		t.Fatal(err)
	}
	status, stdout, stderr := fmtRun(t, dir, "", "robots.txt", "site")
	if status != exitClean || stdout != "formatted robots.txt\n" || stderr != "" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if got := readFile(t, "robots.txt"); got != fmtClean {
		t.Errorf("robots.txt holds %q, want %q", got, fmtClean)
	}
	if info, _ := os.Stat("robots.txt"); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", info.Mode().Perm())
	}
	assertOnlyFiles(t, dir, "robots.txt", "site")

	// Formatted files are left alone, and nothing is printed.
	status, stdout, stderr = fmtRun(t, dir, "")
	if status != exitClean || stdout != "" || stderr != "" {
		t.Fatalf("again: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}

func TestFmtCheck(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a/robots.txt": fmtMessy, "b/robots.txt": fmtClean})
	status, stdout, stderr := fmtRun(t, dir, "", "--check", ".")
	want := "would reformat " + filepath.Join("a", "robots.txt") + "\n"
	if status != exitFindings || stdout != want || stderr != "" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if got := readFile(t, filepath.Join("a", "robots.txt")); got != fmtMessy {
		t.Errorf("--check wrote the file: %q", got)
	}
	if status, stdout, _ := fmtRun(t, dir, "", "--check", "b"); status != exitClean || stdout != "" {
		t.Errorf("a formatted file: status %d, stdout %q", status, stdout)
	}
	if status, stdout, _ := fmtRun(t, dir, fmtMessy, "--check", "-"); status != exitFindings || stdout != "would reformat <stdin>\n" {
		t.Errorf("standard input: status %d, stdout %q", status, stdout)
	}
}

func TestFmtDiff(t *testing.T) {
	dir := t.TempDir()
	in := "user-agent: *\ndisallow:/a\nAllow: /b\n"
	writeFiles(t, dir, map[string]string{"robots.txt": in})
	status, stdout, stderr := fmtRun(t, dir, "", "--diff")
	want := "--- a/robots.txt\n+++ b/robots.txt\n@@ -1,3 +1,3 @@\n-user-agent: *\n-disallow:/a\n+User-agent: *\n+Disallow: /a\n Allow: /b\n"
	if status != exitFindings || stdout != want || stderr != "" {
		t.Fatalf("status %d, stderr %q, stdout\n%s\nwant\n%s", status, stderr, stdout, want)
	}
	if got := readFile(t, "robots.txt"); got != in {
		t.Errorf("--diff wrote the file: %q", got)
	}
	if status, stdout, _ := fmtRun(t, dir, fmtClean, "--diff", "-"); status != exitClean || stdout != "" {
		t.Errorf("formatted standard input: status %d, stdout %q", status, stdout)
	}
}

func TestFmtStdin(t *testing.T) {
	dir := t.TempDir()
	status, stdout, stderr := fmtRun(t, dir, fmtMessy, "-")
	if status != exitClean || stdout != fmtClean || stderr != "" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	// Formatted text goes to stdout even when nothing changed, and the
	// names of files rewritten alongside go to stderr.
	writeFiles(t, dir, map[string]string{"robots.txt": fmtMessy})
	status, stdout, stderr = fmtRun(t, dir, fmtClean, "-", "robots.txt")
	if status != exitClean || stdout != fmtClean || stderr != "formatted robots.txt\n" {
		t.Fatalf("with a file: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}

func TestFmtCRLF(t *testing.T) {
	dir := t.TempDir()
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	writeFiles(t, dir, map[string]string{"robots.txt": crlf(fmtMessy)})
	if status, _, stderr := fmtRun(t, dir, ""); status != exitClean || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if got := readFile(t, "robots.txt"); got != crlf(fmtClean) {
		t.Errorf("got %q, want %q", got, crlf(fmtClean))
	}
}

// TestFmtErrors: a file that cannot be read or written gets one line on
// stderr and status 2, is left as it was, and the other files are still
// formatted.
func TestFmtErrors(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"robots.txt": fmtMessy, "locked/robots.txt": fmtMessy, "empty/readme.md": "x"})
	locked := filepath.Join("locked", "robots.txt")
	if err := os.Chmod(filepath.Join(dir, locked), 0o444); err != nil {
		t.Fatal(err)
	}
	status, stdout, stderr := fmtRun(t, dir, "", "missing.txt", "https://example.com/robots.txt", "empty", locked, "robots.txt")
	if status != exitError {
		t.Errorf("status %d, want %d", status, exitError)
	}
	if stdout != "formatted robots.txt\n" {
		t.Errorf("stdout %q", stdout)
	}
	wantErr := []string{
		"robotslint: fmt needs a file, not a URL: https://example.com/robots.txt",
		"robotslint: empty holds no file named robots.txt",
		"robotslint: cannot read missing.txt: no such file or directory",
		"robotslint: cannot write " + locked + ": ",
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if len(lines) != len(wantErr) {
		t.Fatalf("stderr:\n%s", stderr)
	}
	for i, want := range wantErr {
		if !strings.HasPrefix(lines[i], want) {
			t.Errorf("stderr line %d: %q, want %q...", i+1, lines[i], want)
		}
	}
	if got := readFile(t, locked); got != fmtMessy {
		t.Errorf("the read-only file holds %q", got)
	}
	assertOnlyFiles(t, filepath.Join(dir, "locked"), "robots.txt")
	if got := readFile(t, "robots.txt"); got != fmtClean {
		t.Errorf("the writable file holds %q", got)
	}

	// With --check, an error still wins over a file that would change.
	if status, _, _ := fmtRun(t, dir, "", "--check", locked, "missing.txt"); status != exitError {
		t.Errorf("--check with an error: status %d", status)
	}
}

func TestFmtUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args   []string
		status int
		stdout string
		stderr string
	}{
		{[]string{"-h"}, exitClean, fmtUsage, ""},
		{[]string{"--help"}, exitClean, fmtUsage, ""},
		{[]string{"--check", "--diff"}, exitError, "", "robotslint fmt: --check and --diff cannot be used together (see robotslint fmt -h)\n"},
		{[]string{"--write"}, exitError, "", "robotslint fmt: unknown flag --write (see robotslint fmt -h)\n"},
		{nil, exitError, "", "robotslint: cannot read robots.txt: no such file or directory\n"},
	} {
		status, stdout, stderr := fmtRun(t, dir, "", tc.args...)
		if status != tc.status || stdout != tc.stdout || stderr != tc.stderr {
			t.Errorf("fmt %q: status %d, stdout %q, stderr %q; want %d, %q, %q", tc.args, status, stdout, stderr, tc.status, tc.stdout, tc.stderr)
		}
	}
	if !strings.Contains(fmtUsage, "Examples:") {
		t.Error("the usage has no examples")
	}
}

// TestFmtSymlink: a link to a robots.txt stays a link and its target is
// formatted.
func TestFmtSymlink(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"shared/robots.txt": fmtMessy})
	if err := os.Symlink(filepath.Join("shared", "robots.txt"), filepath.Join(dir, "robots.txt")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if status, stdout, stderr := fmtRun(t, dir, ""); status != exitClean || stdout != "formatted robots.txt\n" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if info, err := os.Lstat("robots.txt"); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Error("robots.txt is no longer a link")
	}
	if got := readFile(t, filepath.Join("shared", "robots.txt")); got != fmtClean {
		t.Errorf("the target holds %q", got)
	}
}
