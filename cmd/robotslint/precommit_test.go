package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/robotslint/robotslint/cmd/robotslint/robotslinttest"
)

// TestPreCommit runs the hooks of .pre-commit-hooks.yaml through the real
// pre-commit, the way `pre-commit try-repo` shows a user what they do: each
// run clones the hook repository, builds it with `go install ./...` and runs
// the hook in a scratch repository holding one robots.txt.
//
// The hook repository is a snapshot of the working tree rather than the
// repository root itself: try-repo on a local path carries over changes to
// tracked files but not untracked ones, so work not yet committed (a new
// subcommand's file, the hooks file itself) would be missing from the build.
//
// Each run takes several seconds, nearly all of it the build: try-repo keeps
// its clone and environment in a temporary store, so nothing is reused
// between runs except Go's build and module caches.
func TestPreCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode: builds robotslint through pre-commit several times")
	}
	robotslinttest.LookPath(t, "pre-commit", "Debian: apt-get install pre-commit")
	robotslinttest.LookPath(t, "git", "Debian: apt-get install git")
	robotslinttest.LookPath(t, "go", "https://go.dev/dl/")

	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, ".pre-commit-hooks.yaml")); err != nil {
		t.Fatalf("no hooks file at the repository root: %v", err)
	}
	hooks := preCommitSnapshot(t, root)
	env := preCommitEnv(t)

	work := t.TempDir()
	preCommitGit(t, work, "init", "-q")
	preCommitGitConfig(t, work)
	robots := filepath.Join(work, "robots.txt")
	commit := func(content, message string) {
		t.Helper()
		if err := os.WriteFile(robots, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		preCommitGit(t, work, "add", "robots.txt")
		preCommitGit(t, work, "commit", "-q", "--no-verify", "--allow-empty", "-m", message)
	}

	// lintHook runs a hook that lints: it fails on a misspelled directive,
	// naming the rule, and passes a clean file.
	lintHook := func(t *testing.T, env []string, hook string) {
		t.Helper()
		commit("User-agent: *\nDisalow: /private\n", "misspelled directive")
		out, ok := preCommitTryRepo(t, work, env, hooks, hook)
		if ok || !strings.Contains(out, "[misspelled-directive]") {
			t.Fatalf("%s hook on a misspelled directive: want a failure naming misspelled-directive, got success=%v; pre-commit said:\n%s", hook, ok, out)
		}

		commit("User-agent: *\nDisallow: /private\n", "clean")
		if out, ok := preCommitTryRepo(t, work, env, hooks, hook); !ok {
			t.Fatalf("%s hook on a clean file: want success; pre-commit said:\n%s", hook, out)
		}
	}
	// fmtHook runs a hook that formats: it rewrites a messy file and fails,
	// as pre-commit's formatters do, and passes a canonical one.
	fmtHook := func(t *testing.T, env []string, hook string) {
		t.Helper()
		const messy = "user-agent:*\ndisallow:/a\n"
		canonical, ok := preCommitFmtProbe(t, messy)
		if !ok {
			t.Skip("skipping: `robotslint fmt` does not rewrite files in this build yet (not dispatched?)")
		}
		commit(messy, "messy layout")
		out, ok := preCommitTryRepo(t, work, env, hooks, hook)
		got, err := os.ReadFile(robots)
		if err != nil {
			t.Fatal(err)
		}
		if ok || string(got) != canonical {
			t.Fatalf("%s hook on %q: want a failure and the file rewritten to %q, got success=%v and %q; pre-commit said:\n%s",
				hook, messy, canonical, ok, got, out)
		}

		commit(canonical, "canonical layout")
		if out, ok := preCommitTryRepo(t, work, env, hooks, hook); !ok {
			t.Fatalf("%s hook on a canonical file: want success; pre-commit said:\n%s", hook, out)
		}
	}

	t.Run("lint", func(t *testing.T) { lintHook(t, env, "robotslint") })
	t.Run("fmt", func(t *testing.T) { fmtHook(t, env, "robotslint-fmt") })

	// The hooks for users without Go run the robotslint on PATH, as a
	// release archive or `npm install -g robotslint` leaves it: here the
	// one this module builds, on a PATH from which every go is taken away.
	t.Run("system", func(t *testing.T) {
		env := preCommitWithoutGo(t, env, filepath.Dir(robotslinttest.Binary(t)))
		t.Run("lint", func(t *testing.T) { lintHook(t, env, "robotslint-system") })
		t.Run("fmt", func(t *testing.T) { fmtHook(t, env, "robotslint-fmt-system") })
	})
}

// preCommitWithoutGo returns env with PATH made of bin and those
// directories of PATH that hold no go: what pre-commit sees on the machine
// of a user who has never installed Go. It skips the test when taking go
// away also takes pre-commit or git.
func preCommitWithoutGo(t *testing.T, env []string, bin string) []string {
	t.Helper()
	dirs := []string{bin}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := exec.LookPath(filepath.Join(dir, "go")); err != nil {
			dirs = append(dirs, dir)
		}
	}
	path := strings.Join(dirs, string(os.PathListSeparator))
	for _, program := range []string{"pre-commit", "git"} {
		if preCommitLookPath(program, path) == "" {
			t.Skipf("%s is in the same directory as go: cannot take go off PATH and keep %s", program, program)
		}
	}
	if goCmd := preCommitLookPath("go", path); goCmd != "" {
		t.Fatalf("go is still on the PATH made without it: %s", goCmd)
	}
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "PATH=") {
			out = append(out, kv)
		}
	}
	return append(out, "PATH="+path)
}

// preCommitLookPath returns where program is on path, or "".
func preCommitLookPath(program, path string) string {
	for _, dir := range filepath.SplitList(path) {
		if found, err := exec.LookPath(filepath.Join(dir, program)); err == nil && filepath.IsAbs(found) {
			return found
		}
	}
	return ""
}

// preCommitTryRepo runs `pre-commit try-repo HOOKS HOOK --all-files` in dir
// and returns its output and whether it exited 0. A run that cannot even
// start (no such hook, a build error) also exits 1, which is why callers
// check the output as well as the status.
func preCommitTryRepo(t *testing.T, dir string, env []string, hooks, hook string) (string, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "pre-commit", "try-repo", "--color", "never", hooks, hook, "--all-files")
	cmd.Dir = dir
	cmd.Env = env
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("pre-commit try-repo %s: %v", hook, time.Since(start).Round(100*time.Millisecond))
	if err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) || ctx.Err() != nil {
			t.Fatalf("pre-commit try-repo %s: %v\n%s", hook, err, out)
		}
	}
	return string(out), err == nil
}

// preCommitEnv returns the environment for pre-commit. The Go settings are
// made explicit because pre-commit sets GOPATH to the hook's environment
// directory for `go install`: the module cache, which defaults to
// $GOPATH/pkg/mod, would otherwise be a new empty one that downloads every
// module on each run (and is deleted after it). PRE_COMMIT_HOME keeps
// pre-commit's own files out of the user's cache. Variables from a git hook
// or a pre-commit run this test may be running under are dropped: GIT_DIR
// and the like would point git at the wrong repository, and SKIP would skip
// the hooks under test.
func preCommitEnv(t *testing.T) []string {
	t.Helper()
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "GIT_") || strings.HasPrefix(name, "PRE_COMMIT") || name == "SKIP" {
			continue
		}
		env = append(env, kv)
	}
	out, err := exec.Command("go", "env", "-json", "GOPROXY", "GOFLAGS", "GOCACHE", "GOMODCACHE").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	var goEnv map[string]string
	if err := json.Unmarshal(out, &goEnv); err != nil {
		t.Fatalf("go env: %v", err)
	}
	for name, value := range goEnv {
		if value != "" {
			env = append(env, name+"="+value)
		}
	}
	return append(env, "PRE_COMMIT_HOME="+filepath.Join(t.TempDir(), "pre-commit"))
}

// preCommitSnapshot commits the working tree of the repository at root to a
// new repository and returns its directory: tracked files as they are on
// disk, and untracked files that are not ignored.
func preCommitSnapshot(t *testing.T, root string) string {
	t.Helper()
	list := preCommitGit(t, root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	snap := t.TempDir()
	for _, name := range strings.Split(strings.TrimSuffix(list, "\x00"), "\x00") {
		src := filepath.Join(root, filepath.FromSlash(name))
		info, err := os.Lstat(src)
		if err != nil || !info.Mode().IsRegular() {
			continue // deleted but not yet staged, a symlink, a submodule
		}
		dst := filepath.Join(snap, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := preCommitCopy(dst, src, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	preCommitGit(t, snap, "init", "-q")
	preCommitGitConfig(t, snap)
	preCommitGit(t, snap, "add", "-A")
	preCommitGit(t, snap, "commit", "-q", "--no-verify", "-m", "snapshot of the working tree")
	return snap
}

func preCommitCopy(dst, src string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// preCommitGitConfig sets what committing in a scratch repository needs,
// whatever the user's global configuration says.
func preCommitGitConfig(t *testing.T, dir string) {
	t.Helper()
	preCommitGit(t, dir, "config", "user.name", "robotslint test")
	preCommitGit(t, dir, "config", "user.email", "test@robotslint.invalid")
	preCommitGit(t, dir, "config", "commit.gpgsign", "false")
}

// preCommitGit runs git in dir and returns its standard output.
func preCommitGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s in %s: %v\n%s", strings.Join(args, " "), dir, err, stderr.Bytes())
	}
	return string(out)
}

// preCommitFmtProbe runs `robotslint fmt` in this process on a file holding
// src and returns what the file holds afterwards, and false when the file
// was left alone: then "fmt" is not a subcommand of this build yet and was
// read as a file name to lint.
func preCommitFmtProbe(t *testing.T, src string) (string, bool) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	run([]string{"fmt", path}, strings.NewReader(""), io.Discard, io.Discard)
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(got), string(got) != src
}

// TestPreCommitImagePin checks the image the docker_image hooks run: one
// release's, pinned, never a tag that moves (a hook at rev v1.2.3 must run
// robotslint 1.2.3). At release time, $ROBOTSLINT_RELEASE_VERSION (such as
// 1.2.3) names the release being made, and the hooks must pin its image.
func TestPreCommitImagePin(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	entries := regexp.MustCompile(`(?m)^  entry: ghcr\.io/robotslint/robotslint(:[^ \n]*)?( .*)?$`).FindAllStringSubmatch(string(data), -1)
	if len(entries) != 2 {
		t.Fatalf("want the 2 docker_image hooks (lint and fmt) to run ghcr.io/robotslint/robotslint, found %d", len(entries))
	}
	want := os.Getenv("ROBOTSLINT_RELEASE_VERSION")
	semver := regexp.MustCompile(`^:[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$`)
	for _, e := range entries {
		switch {
		case !semver.MatchString(e[1]):
			t.Errorf("%s: the image is not pinned to a release version such as :1.2.3", e[0])
		case e[1] != entries[0][1]:
			t.Errorf("the docker_image hooks pin different images: %s and %s", entries[0][1], e[1])
		case want != "" && e[1] != ":"+want:
			t.Errorf("%s: releasing %s, so the hook must run ghcr.io/robotslint/robotslint:%s", e[0], want, want)
		}
	}
}
