//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/robotslint/robotslint/cmd/robotslint/robotslinttest"
)

// walkTree writes a tree of robots.txt files, all clean, around the
// entries a test makes unreadable, and returns its root: readable files
// sort both before and after each bad entry, so a walk that stops at one
// misses some.
func walkTree(t *testing.T) string {
	t.Helper()
	// Not t.TempDir: its parents are private to the user running the
	// tests, and one test runs the command as another user.
	dir, err := os.MkdirTemp("", "robotslint-walk-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if d != nil && d.IsDir() {
				os.Chmod(path, 0o755)
			}
			return nil
		})
		os.RemoveAll(dir)
	})
	for _, name := range []string{"a/robots.txt", "m/robots.txt", "z/robots.txt"} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("User-agent: *\nDisallow: /private/\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// jsonPaths returns the paths a JSON report lists.
func jsonPaths(t *testing.T, report []byte) []string {
	t.Helper()
	var doc struct {
		Files []struct{ Path string }
	}
	if err := json.Unmarshal(report, &doc); err != nil {
		t.Fatalf("%v in %s", err, report)
	}
	var paths []string
	for _, f := range doc.Files {
		paths = append(paths, filepath.ToSlash(f.Path))
	}
	return paths
}

// TestWalkBrokenEntries checks that entries named robots.txt that no user,
// root included, can read (a broken symbolic link, a link in a loop, a
// named pipe) are each reported on one line, while the walk goes on to
// lint and format every readable file, and the status is 2.
func TestWalkBrokenEntries(t *testing.T) {
	dir := walkTree(t)
	for name, make := range map[string]func(string) error{
		"b":   func(p string) error { return os.Symlink("missing.txt", p) },
		"l":   func(p string) error { return os.Symlink("robots.txt", p) },
		"p":   func(p string) error { return syscall.Mkfifo(p, 0o644) },
		"ok/": func(p string) error { return os.Symlink(filepath.Join("..", "a", "robots.txt"), p) },
	} {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := make(filepath.Join(dir, name, "robots.txt")); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	wantErr := "robotslint: cannot read b/robots.txt: it is a symbolic link to a file that does not exist\n" +
		"robotslint: cannot read l/robots.txt: it is a symbolic link in a loop\n" +
		"robotslint: cannot read p/robots.txt: it is not a regular file\n"

	var stdout, stderr bytes.Buffer
	if got := run([]string{"--format", "json", "."}, nil, &stdout, &stderr); got != exitError {
		t.Errorf("lint: exit status %d, want %d", got, exitError)
	}
	if stderr.String() != wantErr {
		t.Errorf("lint: stderr:\n%s\nwant:\n%s", &stderr, wantErr)
	}
	// A link to a file is that file, under the link's name.
	if got, want := jsonPaths(t, stdout.Bytes()), []string{"a/robots.txt", "m/robots.txt", "ok/robots.txt", "z/robots.txt"}; !slices.Equal(got, want) {
		t.Errorf("lint: the report lists %q, want %q", got, want)
	}

	stdout.Reset()
	stderr.Reset()
	if got := run([]string{"fmt", "--check", "."}, nil, &stdout, &stderr); got != exitError {
		t.Errorf("fmt: exit status %d, want %d", got, exitError)
	}
	if stderr.String() != wantErr {
		t.Errorf("fmt: stderr:\n%s\nwant:\n%s", &stderr, wantErr)
	}
}

// TestWalkUnreadableDirectory checks that a directory the user may not
// list is reported and skipped, and the files around it are linted. Root
// may list any directory, so as root the command runs as nobody.
func TestWalkUnreadableDirectory(t *testing.T) {
	dir := walkTree(t)
	locked := filepath.Join(dir, "m")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	wantErr := "robotslint: cannot read m: permission denied\n"
	wantPaths := []string{"a/robots.txt", "z/robots.txt"}

	if os.Geteuid() != 0 {
		t.Chdir(dir)
		var stdout, stderr bytes.Buffer
		if got := run([]string{"--format", "json", "."}, nil, &stdout, &stderr); got != exitError {
			t.Errorf("exit status %d, want %d", got, exitError)
		}
		if stderr.String() != wantErr {
			t.Errorf("stderr:\n%s\nwant:\n%s", &stderr, wantErr)
		}
		if got := jsonPaths(t, stdout.Bytes()); !slices.Equal(got, wantPaths) {
			t.Errorf("the report lists %q, want %q", got, wantPaths)
		}
		return
	}

	// The built command, copied where nobody may run it.
	binDir, err := os.MkdirTemp("", "robotslint-bin-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(binDir) })
	bin := filepath.Join(binDir, "robotslint")
	if err := copyExecutable(robotslinttest.Binary(t), bin); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(binDir, 0o755); err != nil {
		t.Fatal(err)
	}
	const nobody = 65534
	cmd := exec.Command(bin, "--format", "json", "--no-config", ".")
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		if exit.ExitCode() != exitError {
			t.Errorf("exit status %d, want %d", exit.ExitCode(), exitError)
		}
	case err != nil:
		t.Skipf("cannot run the command as nobody: %v", err)
	default:
		t.Errorf("exit status 0, want %d", exitError)
	}
	if stderr.String() != wantErr {
		t.Errorf("stderr:\n%s\nwant:\n%s", &stderr, wantErr)
	}
	if got := jsonPaths(t, stdout.Bytes()); !slices.Equal(got, wantPaths) {
		t.Errorf("the report lists %q, want %q", got, wantPaths)
	}
}

// copyExecutable copies the file at from to a new executable file at to.
func copyExecutable(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// TestInputKey checks which inputs count as one: the spellings of a path,
// and the URLs of one site, whose robots.txt is one file.
func TestInputKey(t *testing.T) {
	same := [][2]string{
		{"robots.txt", "./robots.txt"},
		{"robots.txt", "site/../robots.txt"},
		{"https://example.com", "https://EXAMPLE.com/shop/?q=1"},
		{"https://example.com", "HTTPS://example.com/robots.txt"},
	}
	for _, p := range same {
		if inputKey(p[0]) != inputKey(p[1]) {
			t.Errorf("%s and %s are two inputs, want one", p[0], p[1])
		}
	}
	differ := [][2]string{
		{"robots.txt", "site/robots.txt"},
		{"http://example.com", "https://example.com"},
		{"https://example.com", "https://example.com:8443"},
		{"-", "./-"},
	}
	for _, p := range differ {
		if inputKey(p[0]) == inputKey(p[1]) {
			t.Errorf("%s and %s are one input, want two", p[0], p[1])
		}
	}
}

// TestWalkLinkedDirectory checks that a directory named through a symbolic
// link is walked, where it used to hold "no file named robots.txt".
func TestWalkLinkedDirectory(t *testing.T) {
	dir := walkTree(t)
	if err := os.Symlink("a", filepath.Join(dir, "public")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if got := run([]string{"--format", "json", "public"}, nil, &stdout, &stderr); got != exitClean || stderr.Len() > 0 {
		t.Errorf("exit status %d, stderr %q", got, &stderr)
	}
	if got, want := jsonPaths(t, stdout.Bytes()), []string{"public/robots.txt"}; !slices.Equal(got, want) {
		t.Errorf("the report lists %q, want %q", got, want)
	}
}

// TestWalkMisnamed checks that a walk lints the near misses of robots.txt,
// for file-name to report, and leaves other files that mention robots
// alone (a Next.js app's robots.ts).
func TestWalkMisnamed(t *testing.T) {
	dir := t.TempDir()
	src := []byte("User-agent: *\nDisallow: /private/\nSitemap: https://www.example.com/sitemap.xml\n")
	for _, name := range []string{"a/Robots.txt", "b/robot.txt", "c/robots.ts", "c/robots.txt.bak"} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if got := run([]string{"."}, nil, &stdout, &stderr); got != exitFindings || stderr.Len() > 0 {
		t.Errorf("exit status %d, stderr %q", got, &stderr)
	}
	for _, want := range []string{"a/Robots.txt:1:1: warning: `Robots.txt` is not `robots.txt`", "b/robot.txt:1:1: warning: `robot.txt` is not `robots.txt`"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, &stdout)
		}
	}
	if strings.Contains(stdout.String(), "robots.ts") {
		t.Errorf("the walk read robots.ts or robots.txt.bak:\n%s", &stdout)
	}
}

// TestLooksLikeHost checks which missing paths get the hint to give a URL.
func TestLooksLikeHost(t *testing.T) {
	for s, want := range map[string]bool{
		"example.com": true, "www.shop.example.co.uk": true, "my-site.de": true,
		"robots.txt": false, "robots.bak": false, "site": false, "public/robots.txt": false,
		"example.com/": false, "1.2.3.4": false, "a..com": false, "example.c0m": false,
	} {
		if got := looksLikeHost(s); got != want {
			t.Errorf("looksLikeHost(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestEmptyArgument checks that an empty argument, as an unset shell
// variable gives, is named as such rather than as a file without a name.
func TestEmptyArgument(t *testing.T) {
	for _, args := range [][]string{{""}, {"fmt", ""}, {"test", "", "/"}} {
		var stdout, stderr bytes.Buffer
		got := run(args, nil, &stdout, &stderr)
		if got != exitError || !bytes.Contains(stderr.Bytes(), []byte("empty")) || bytes.Count(stderr.Bytes(), []byte("\n")) != 1 {
			t.Errorf("%q: exit status %d, stderr %q", args, got, &stderr)
		}
	}
}
