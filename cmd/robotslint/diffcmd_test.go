package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffSideKind tells the kinds of side apart: a URL has a scheme, a
// Windows path a drive letter and a separator, an existing file is a file
// whatever its name, and any other argument with a colon is REV:path.
func TestDiffSideKind(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("odd:name.txt", []byte("User-agent: *\n"), 0o644); err != nil {
		t.Skipf("this file system takes no colon in a name: %v", err)
	}
	for arg, want := range map[string]sideKind{
		"-":                               sideStdin,
		"robots.txt":                      sideFile,
		"public/robots.txt":               sideFile,
		`C:\site\robots.txt`:              sideFile,
		"c:/site/robots.txt":              sideFile,
		"odd:name.txt":                    sideFile,
		"https://example.com":             sideURL,
		"HTTP://example.com/robots.txt":   sideURL,
		"HEAD~1:robots.txt":               sideGit,
		"origin/main:public/robots.txt":   sideGit,
		"v1.2:./robots.txt":               sideGit,
		"0123abcd:robots.txt":             sideGit,
		"feature/http-cache:robots.txt":   sideGit,
		"refs/heads/main:site/robots.txt": sideGit,
	} {
		if got := sideKindOf(arg); got != want {
			t.Errorf("sideKindOf(%q) = %s, want %s", arg, got, want)
		}
	}
}

// runDiffIn runs "robotslint diff" with args in dir and returns its status
// and output.
func runDiffIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	var stdout, stderr strings.Builder
	status := run(append([]string{"diff"}, args...), strings.NewReader(""), &stdout, &stderr)
	return status, stdout.String(), stderr.String()
}

// TestDiffGitRevision compares a file in a scratch repository's last
// commit with its edited copy, and checks what a bad revision, a path the
// revision lacks and a directory outside any repository say.
func TestDiffGitRevision(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	gitRun := func(args ...string) {
		t.Helper()
		cmd := exec.Command(git, append([]string{"-c", "user.name=robotslint", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+repo, "GIT_CONFIG_GLOBAL=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(repo, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitRun("init", "-q")
	write("public/robots.txt", "User-agent: *\nDisallow: /p/\n")
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "robots.txt")
	write("public/robots.txt", "User-agent: *\nDisallow: /p\n")

	status, stdout, stderr := runDiffIn(t, repo, "HEAD:public/robots.txt", "public/robots.txt")
	want := "Compared 9 URLs (derived from the rules; --urls adds yours) for 4 crawlers as Google, Bing, Yandex and RFC 9309 crawlers read robots.txt: HEAD:public/robots.txt → public/robots.txt\n" +
		"* (crawlers without a group of their own): 3 URLs newly disallowed: /p, /p?q=1, /px — by line 2 `Disallow: /p` (was allowed: no rule matches)\n"
	if status != exitFindings || stdout != want || stderr != "" {
		t.Errorf("diff HEAD:public/robots.txt public/robots.txt: status %d\n%s%s\nwant status 1\n%s", status, stdout, stderr, want)
	}

	// From a subdirectory, ./ makes the path relative to it, as git reads it.
	status, stdout, _ = runDiffIn(t, filepath.Join(repo, "public"), "HEAD:./robots.txt", "robots.txt", "--format", "github")
	if wantLine := "::warning file=robots.txt,line=2,"; status != exitFindings || !strings.HasPrefix(stdout, wantLine) {
		t.Errorf("diff HEAD:./robots.txt robots.txt: status %d\n%s\nwant status 1 and an annotation starting %s", status, stdout, wantLine)
	}

	for _, tc := range []struct{ dir, arg, want string }{
		{repo, "nosuch:public/robots.txt", `robotslint diff: cannot read nosuch:public/robots.txt: git knows no revision "nosuch"` + "\n"},
		{repo, "HEAD:robots.txt", "robotslint diff: cannot read HEAD:robots.txt: revision HEAD has no file robots.txt (the path is from the top of the repository, or ./robots.txt from the current directory)\n"},
		{repo, "HEAD:", "robotslint diff: HEAD: names no file: write REV:path, such as HEAD~1:robots.txt\n"},
		{repo, "HEAD:public", "robotslint diff: cannot read HEAD:public: it is a directory in revision HEAD\n"},
	} {
		status, stdout, stderr := runDiffIn(t, tc.dir, tc.arg, "public/robots.txt")
		if status != exitError || stdout != "" || stderr != tc.want {
			t.Errorf("diff %s: status %d, stdout %q, stderr %q; want status 2 and %q", tc.arg, status, stdout, stderr, tc.want)
		}
	}

	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "robots.txt"), []byte("User-agent: *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// GIT_CEILING_DIRECTORIES keeps git from finding a repository that
	// holds the temporary directory.
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(outside))
	status, _, stderr = runDiffIn(t, outside, "HEAD:robots.txt", "robots.txt")
	if want := "robotslint diff: cannot read HEAD:robots.txt: the current directory is not in a git repository\n"; status != exitError || stderr != want {
		t.Errorf("diff outside a repository: status %d, stderr %q; want 2 and %q", status, stderr, want)
	}
}

// TestDiffURL fetches a side as crawlers fetch it: a file answered 200 is
// compared, a 404 is no robots.txt (everything allowed) and a 503 keeps
// crawlers off the whole site; each says so.
func TestDiffURL(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write([]byte("User-agent: *\nDisallow: /cart/\n"))
	})
	live := httptest.NewServer(mux)
	defer live.Close()
	gone := httptest.NewServer(http.NotFoundHandler())
	defer gone.Close()
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "maintenance", http.StatusServiceUnavailable)
	}))
	defer down.Close()

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "robots.txt"), []byte("User-agent: *\nDisallow: /cart/\nDisallow: /checkout/\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	status, stdout, stderr := runDiffIn(t, dir, live.URL, "robots.txt")
	want := "Compared 12 URLs (derived from the rules; --urls adds yours) for 4 crawlers as Google, Bing, Yandex and RFC 9309 crawlers read robots.txt: " + live.URL + " → robots.txt\n" +
		"* (crawlers without a group of their own): 4 URLs newly disallowed: /checkout/, /checkout//, /checkout/?q=1, /checkout/x — by line 3 `Disallow: /checkout/` (was allowed: no rule matches)\n"
	if status != exitFindings || stdout != want || stderr != "" {
		t.Errorf("diff against a live file: status %d\n%s%s\nwant status 1\n%s", status, stdout, stderr, want)
	}

	status, stdout, _ = runDiffIn(t, dir, gone.URL, "robots.txt")
	if want := "note: " + gone.URL + "/robots.txt answered 404 Not Found"; status != exitFindings || !strings.Contains(stdout, want) || !strings.Contains(stdout, "newly disallowed") {
		t.Errorf("diff against a 404: status %d\n%s\nwant status 1, %q and newly disallowed URLs", status, stdout, want)
	}

	status, stdout, _ = runDiffIn(t, dir, down.URL, "robots.txt")
	if want := "compared as a file that disallows everything"; status != exitFindings || !strings.Contains(stdout, want) || !strings.Contains(stdout, "newly allowed") {
		t.Errorf("diff against a 503: status %d\n%s\nwant status 1, %q and newly allowed URLs", status, stdout, want)
	}
}
