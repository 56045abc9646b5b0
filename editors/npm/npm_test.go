// Package npm tests robotslint's npm packages as a user gets them: it packs
// them with pack.mjs from a release directory, installs the tarballs into
// a scratch project with npm, offline, and runs `npx robotslint`. The
// package has no code of its own; the tests are in Go, like those of the
// other editors/ clients, so that `go test ./...` runs them and they can
// build the binary they pack.
package npm

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/robotslint/robotslint/cmd/robotslint/robotslinttest"
)

var update = flag.Bool("update", false, "rewrite the example output in robotslint/README.md")

// releaseDirEnv names a release directory (`go run ./cmd/release -out
// DIR`; a relative path is taken from editors/npm, where go test runs)
// whose binaries TestPackages packs, every platform's; without it the test
// builds the linux/amd64 binary and packs that platform alone.
const releaseDirEnv = "ROBOTSLINT_RELEASE_DIR"

// testVersion is the version of the packages the test builds itself.
const testVersion = "0.0.0-test"

// commandTimeout bounds one npm, npx or node run, which takes seconds: past
// it the command is killed and the test fails with what it printed.
const commandTimeout = 2 * time.Minute

// tools are the programs the tests run, and the environment they run them
// in: npm's cache and configuration in a temporary directory, offline, so
// that nothing is fetched and nothing of the machine's npm setup leaks in.
type tools struct {
	node, npm, npx string
	env            []string
}

func newTools(t *testing.T) *tools {
	t.Helper()
	install := "Node.js 18 or later with npm: Debian: apt-get install nodejs npm"
	tl := &tools{
		node: robotslinttest.LookPath(t, "node", install),
		npm:  robotslinttest.LookPath(t, "npm", install),
		npx:  robotslinttest.LookPath(t, "npx", install),
	}
	out, err := exec.Command(tl.node, "-p", "process.versions.node").Output()
	if err != nil {
		t.Fatalf("node -p process.versions.node: %v", err)
	}
	if major, _, _ := strings.Cut(strings.TrimSpace(string(out)), "."); atoi(major) < 18 {
		t.Skipf("the packages need Node.js 18 or later; %s is %s", tl.node, out)
	}
	home := t.TempDir()
	// Empty configuration files, one for each level npm reads (it refuses
	// to read one file twice).
	userrc, globalrc := filepath.Join(home, "user.npmrc"), filepath.Join(home, "global.npmrc")
	for _, rc := range []string{userrc, globalrc} {
		if err := os.WriteFile(rc, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		// npm passes its configuration to scripts as npm_config_*, and the
		// launcher reads ROBOTSLINT_BINARY: neither may come in from
		// whatever runs go test.
		if strings.HasPrefix(strings.ToLower(name), "npm_config_") || name == "ROBOTSLINT_BINARY" {
			continue
		}
		tl.env = append(tl.env, kv)
	}
	tl.env = append(tl.env,
		"npm_config_cache="+filepath.Join(home, "cache"),
		"npm_config_userconfig="+userrc,
		"npm_config_globalconfig="+globalrc,
		"npm_config_offline=true",
		"npm_config_audit=false",
		"npm_config_fund=false",
		"npm_config_update_notifier=false",
	)
	return tl
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}

// result is how a command ended.
type result struct {
	stdout, stderr string
	status         int            // the exit status, -1 if a signal ended it
	signal         syscall.Signal // the signal that ended it, if one did
}

// run runs name with args in dir, with extra added to the environment.
func (tl *tools) run(t *testing.T, dir string, extra []string, name string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(append([]string{}, tl.env...), extra...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("%s %s did not finish in %v\nstdout:\n%s\nstderr:\n%s", name, strings.Join(args, " "), commandTimeout, r.stdout, r.stderr)
	case errors.As(err, &exit):
		r.status = exit.ExitCode()
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.signal = ws.Signal()
		}
	case err != nil:
		t.Fatalf("%s: %v", name, err)
	}
	return r
}

// mustRun is run for a command that has to succeed.
func (tl *tools) mustRun(t *testing.T, dir string, name string, args ...string) string {
	t.Helper()
	r := tl.run(t, dir, nil, name, args...)
	if r.status != 0 {
		t.Fatalf("%s %s: status %d\nstdout:\n%s\nstderr:\n%s", filepath.Base(name), strings.Join(args, " "), r.status, r.stdout, r.stderr)
	}
	return r.stdout
}

// oneLine fails unless s is a single line holding each of want.
func oneLine(t *testing.T, s string, want ...string) {
	t.Helper()
	if strings.Count(s, "\n") != 1 || !strings.HasSuffix(s, "\n") {
		t.Errorf("want one line, got:\n%s", s)
	}
	for _, w := range want {
		if !strings.Contains(s, w) {
			t.Errorf("the line does not say %q:\n%s", w, s)
		}
	}
}

// readTemplates reads every file of this directory, for go test's cache:
// the test's processes (node running pack.mjs, the launcher) read the
// templates, and go test records only the files the test itself opens, so
// without this an edited template would replay a cached pass.
func readTemplates(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			_, err = os.ReadFile(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPackErrors runs pack.mjs on bad arguments and on a directory with no
// binaries: each is one line on standard error and status 2.
func TestPackErrors(t *testing.T) {
	tl := newTools(t)
	readTemplates(t)
	empty := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"no arguments", nil, []string{"usage: node editors/npm/pack.mjs [--only PLATFORM,...] DIR VERSION"}},
		{"version with v", []string{empty, "v1.2.3"}, []string{"the version is written without the v: 1.2.3"}},
		{"no semantic version", []string{empty, "1.02.3"}, []string{"1.02.3 is not a semantic version"}},
		{"unknown platform", []string{"--only", "freebsd-x64", empty, "1.2.3"}, []string{"--only: no platform freebsd-x64; the platforms are linux-x64, linux-arm64"}},
		{"no binaries", []string{empty, "1.2.3"}, []string{
			"no binary at " + filepath.Join(empty, "bin", "linux_amd64", "robotslint") + ", ",
			filepath.Join(empty, "bin", "windows_arm64", "robotslint.exe") + ": build the release",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tl.run(t, ".", nil, tl.node, append([]string{"pack.mjs"}, tc.args...)...)
			if r.status != 2 {
				t.Errorf("status %d, want 2", r.status)
			}
			oneLine(t, r.stderr, tc.want...)
			if _, err := os.Stat(filepath.Join(empty, "npm")); err == nil {
				t.Errorf("pack.mjs failed but wrote %s", filepath.Join(empty, "npm"))
			}
		})
	}
}

// release returns a release directory and its version. From $ROBOTSLINT_RELEASE_DIR
// it is a new directory whose bin links to that one's, so that pack.mjs
// writes its npm/ here rather than into the release; else it holds a
// linux/amd64 binary built as the release builds it, stamped testVersion.
func release(t *testing.T) (dir, version string, all bool) {
	t.Helper()
	dir = t.TempDir()
	if from := os.Getenv(releaseDirEnv); from != "" {
		sums, _ := filepath.Glob(filepath.Join(from, "robotslint_*_checksums.txt"))
		if len(sums) != 1 {
			t.Fatalf("%s=%s: want one robotslint_VERSION_checksums.txt in it, found %d", releaseDirEnv, from, len(sums))
		}
		version = strings.TrimSuffix(strings.TrimPrefix(filepath.Base(sums[0]), "robotslint_"), "_checksums.txt")
		bin, err := filepath.Abs(filepath.Join(from, "bin"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(bin, filepath.Join(dir, "bin")); err != nil {
			t.Fatal(err)
		}
		return dir, version, true
	}
	out := filepath.Join(dir, "bin", "linux_amd64", "robotslint")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-X main.version=v"+testVersion, "-o", out, "github.com/robotslint/robotslint/cmd/robotslint")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	return dir, testVersion, false
}

// project makes an npm project with the README's script, lint:robots,
// and installs the tarballs into it with npm's extra flags.
func (tl *tools) project(t *testing.T, flags []string, tarballs ...string) string {
	t.Helper()
	dir := t.TempDir()
	manifest := `{"name": "site", "private": true, "scripts": {"lint:robots": "robotslint public/robots.txt"}}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	tl.mustRun(t, dir, tl.npm, append(append([]string{"install", "--offline", "--no-audit", "--no-fund"}, flags...), tarballs...)...)
	return dir
}

// readmeBlock returns the fenced block between the README's markers
// <!-- name:start ...--> and <!-- name:end -->, without its fences, and
// where the marked text starts and ends.
func readmeBlock(t *testing.T, readme, name string) (block string, start, end int) {
	t.Helper()
	start = strings.Index(readme, "<!-- "+name+":start")
	end = strings.Index(readme, "<!-- "+name+":end -->")
	if start < 0 || end < start {
		t.Fatalf("robotslint/README.md has no %s markers", name)
	}
	start += strings.Index(readme[start:], "-->\n") + len("-->\n")
	inner := readme[start:end]
	open := strings.Index(inner, "\n") + 1
	close := strings.LastIndex(strings.TrimSuffix(inner, "\n"), "\n") + 1
	if !strings.HasPrefix(inner, "```") || !strings.HasPrefix(inner[close:], "```") {
		t.Fatalf("robotslint/README.md: the %s markers hold no fenced block", name)
	}
	return inner[open:close], start, end
}

// TestPackages packs the packages, installs the launcher and the
// linux-x64 package from their tarballs into a scratch project offline,
// and runs robotslint through npx and the launcher as users would; then
// installs the launcher alone, as --omit=optional leaves it.
func TestPackages(t *testing.T) {
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("the packages are installed and run on linux/amd64 only; this is %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	tl := newTools(t)
	sh := robotslinttest.LookPath(t, "sh", "a POSIX shell")
	os.Getenv(releaseDirEnv) // for go test's cache, which records what a test reads
	readTemplates(t)
	readmeBytes, err := os.ReadFile(filepath.Join("robotslint", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(readmeBytes)
	sample, _, _ := readmeBlock(t, readme, "sample")

	dir, version, all := release(t)
	args := []string{"pack.mjs", dir, version}
	if !all {
		args = []string{"pack.mjs", "--only", "linux-x64", dir, version}
	}
	packed := tl.mustRun(t, ".", tl.node, args...)
	npmDir := filepath.Join(dir, "npm")
	launcher := filepath.Join(npmDir, "robotslint-"+version+".tgz")
	linux := filepath.Join(npmDir, "robotslint-cli-linux-x64-"+version+".tgz")
	for _, tgz := range []string{launcher, linux} {
		if !strings.Contains(packed, tgz+"\n") {
			t.Fatalf("pack.mjs did not list %s:\n%s", tgz, packed)
		}
	}
	if all {
		for _, p := range []string{"linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64", "win32-arm64"} {
			if tgz := filepath.Join(npmDir, "robotslint-cli-"+p+"-"+version+".tgz"); !strings.Contains(packed, tgz+"\n") {
				t.Errorf("pack.mjs did not list %s:\n%s", tgz, packed)
			}
		}
	}

	proj := tl.project(t, nil, launcher, linux)
	if err := os.WriteFile(filepath.Join(proj, "robots.txt"), []byte(sample), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(proj, "node_modules", "@robotslint", "cli-linux-x64", "bin", "robotslint")
	script := filepath.Join(proj, "node_modules", ".bin", "robotslint")

	t.Run("manifests", func(t *testing.T) {
		// What npm installed: the launcher names every platform at exactly
		// this version, the platform package says where it runs, and
		// neither has an install script.
		js := tl.mustRun(t, proj, tl.node, "-p", `
			const l = require("robotslint/package.json"), p = require("@robotslint/cli-linux-x64/package.json");
			JSON.stringify([l.bin, l.optionalDependencies, l.scripts, l.engines, p.os, p.cpu, p.preferUnplugged, p.scripts, p.bin])`)
		v := strconv.Quote(version)
		want := `[{"robotslint":"bin/robotslint.js"},{"@robotslint/cli-linux-x64":` + v + `,"@robotslint/cli-linux-arm64":` + v +
			`,"@robotslint/cli-darwin-x64":` + v + `,"@robotslint/cli-darwin-arm64":` + v + `,"@robotslint/cli-win32-x64":` + v +
			`,"@robotslint/cli-win32-arm64":` + v + `},null,{"node":">=18"},["linux"],["x64"],true,null,null]` + "\n"
		if js != want {
			t.Errorf("the manifests say\n%s\nwant\n%s", js, want)
		}
		info, err := os.Stat(bin)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != 0o755 {
			t.Errorf("%s has mode %v, want 0755", bin, info.Mode().Perm())
		}
	})

	t.Run("lint", func(t *testing.T) {
		r := tl.run(t, proj, nil, tl.npx, "robotslint", "robots.txt")
		if r.status != 1 {
			t.Errorf("npx robotslint robots.txt: status %d, want 1\nstderr:\n%s", r.status, r.stderr)
		}
		if !strings.Contains(r.stdout, "robots.txt:2:1: error: Google reads `Disalow` as Disallow") {
			t.Errorf("npx robotslint robots.txt did not report the misspelling:\n%s", r.stdout)
		}
		got := "$ npx robotslint robots.txt\n" + r.stdout + "$ echo $?\n" + strconv.Itoa(r.status) + "\n"
		want, start, end := readmeBlock(t, readme, "output")
		switch {
		case got == want:
		case *update:
			fixed := readme[:start] + "```console\n" + got + "```\n" + readme[end:]
			if err := os.WriteFile(filepath.Join("robotslint", "README.md"), []byte(fixed), 0o644); err != nil {
				t.Fatal(err)
			}
		default:
			t.Errorf("robotslint/README.md shows output robotslint no longer gives; go test ./editors/npm -update rewrites it\ngot:\n%s\nREADME:\n%s", got, want)
		}
	})

	t.Run("npm run", func(t *testing.T) {
		// The README's package.json script, as a build runs it.
		if err := os.Mkdir(filepath.Join(proj, "public"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(proj, "public", "robots.txt"), []byte(sample), 0o644); err != nil {
			t.Fatal(err)
		}
		r := tl.run(t, proj, nil, tl.npm, "run", "--silent", "lint:robots")
		if r.status != 1 || !strings.Contains(r.stdout, "public/robots.txt:2:1: error: Google reads `Disalow`") {
			t.Errorf("npm run lint:robots: status %d, want 1 and the finding\nstdout:\n%s\nstderr:\n%s", r.status, r.stdout, r.stderr)
		}
	})

	t.Run("version", func(t *testing.T) {
		out := tl.mustRun(t, proj, tl.npx, "robotslint", "--version")
		if !strings.HasPrefix(out, "robotslint v"+version+" (go") {
			t.Errorf("npx robotslint --version printed %q, want robotslint v%s (go...)", out, version)
		}
	})

	t.Run("windows", func(t *testing.T) {
		// The launcher on Windows, but for the platform, which a preloaded
		// script sets: it must run bin/robotslint.exe of the win32-x64
		// package. That binary is the linux one, so that it runs here.
		win := filepath.Join(proj, "node_modules", "@robotslint", "cli-win32-x64")
		if err := os.MkdirAll(filepath.Join(win, "bin"), 0o755); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(win) })
		data, err := os.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(win, "bin", "robotslint.exe"), data, 0o755); err != nil {
			t.Fatal(err)
		}
		manifest := fmt.Sprintf(`{"name": "@robotslint/cli-win32-x64", "version": %q}`, version)
		if err := os.WriteFile(filepath.Join(win, "package.json"), []byte(manifest), 0o644); err != nil {
			t.Fatal(err)
		}
		r := tl.run(t, proj, nil, tl.node, "--require", preload(t, "platform", "win32"), script, "robots.txt")
		if r.status != 1 || !strings.Contains(r.stdout, "[misspelled-directive]") {
			t.Errorf("on win32: status %d, want 1 and the finding\nstdout:\n%s\nstderr:\n%s", r.status, r.stdout, r.stderr)
		}
	})

	t.Run("unsupported platform", func(t *testing.T) {
		r := tl.run(t, proj, nil, tl.node, "--require", preload(t, "arch", "ia32"), script, "robots.txt")
		if r.status != 2 {
			t.Errorf("on linux-ia32: status %d, want 2", r.status)
		}
		oneLine(t, r.stderr, "robotslint: there is no prebuilt binary for linux-ia32 (only for linux-x64, linux-arm64, darwin-x64, darwin-arm64, win32-x64, win32-arm64)",
			"go install github.com/robotslint/robotslint/cmd/robotslint@v"+version, "ROBOTSLINT_BINARY")
	})

	t.Run("exit status and signals", func(t *testing.T) {
		// The launcher ends as the program it runs ends: with its status,
		// or killed by its signal; Node survives SIGPIPE, and so exits
		// 128+13 for it, as a shell reports such a death.
		for _, tc := range []struct {
			script string
			status int
			signal syscall.Signal
		}{
			{"exit 7", 7, 0},
			{"kill -TERM $$", -1, syscall.SIGTERM},
			{"kill -PIPE $$", 128 + 13, 0},
		} {
			r := tl.run(t, proj, []string{"ROBOTSLINT_BINARY=" + sh}, tl.node, script, "-c", tc.script)
			if r.status != tc.status || r.signal != tc.signal {
				t.Errorf("sh -c %q: status %d, signal %v; want status %d, signal %v\nstderr:\n%s", tc.script, r.status, r.signal, tc.status, tc.signal, r.stderr)
			}
		}
	})

	t.Run("SIGTERM reaches robotslint", func(t *testing.T) {
		// A SIGTERM for the launcher alone, as a CI runner or an editor
		// sends one, ends the program too: no robotslint is left running.
		ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, tl.node, script, "-c", "echo $$; exec sleep 30")
		cmd.Dir = proj
		cmd.Env = append(append([]string{}, tl.env...), "ROBOTSLINT_BINARY="+sh)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line := make([]byte, 32)
		n, _ := stdout.Read(line)
		pid := atoi(strings.TrimSpace(string(line[:n])))
		if pid <= 0 {
			cmd.Process.Kill()
			t.Fatalf("the program printed %q, not its pid", line[:n])
		}
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		err = cmd.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || !exit.Sys().(syscall.WaitStatus).Signaled() || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGTERM {
			t.Errorf("the launcher ended with %v, want killed by SIGTERM", err)
		}
		if p, err := os.FindProcess(pid); err == nil {
			if err := p.Signal(syscall.Signal(0)); !errors.Is(err, os.ErrProcessDone) && !errors.Is(err, syscall.ESRCH) {
				p.Kill()
				t.Errorf("the program (pid %d) outlived the launcher", pid)
			}
		}
	})

	// npm leaves optional dependencies out with --omit=optional: the
	// launcher is installed, the binary is not.
	bare := tl.project(t, []string{"--omit=optional"}, launcher)
	if err := os.WriteFile(filepath.Join(bare, "robots.txt"), []byte(sample), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("no platform package", func(t *testing.T) {
		r := tl.run(t, bare, nil, tl.npx, "robotslint", "robots.txt")
		if r.status != 2 || r.stdout != "" {
			t.Errorf("status %d, want 2, and stdout %q, want none", r.status, r.stdout)
		}
		oneLine(t, r.stderr, "robotslint: @robotslint/cli-linux-x64, the optional dependency that holds the binary for this machine, is not installed",
			"--omit=optional", "https://github.com/robotslint/robotslint/releases/tag/v"+version,
			"go install github.com/robotslint/robotslint/cmd/robotslint@v"+version)
	})

	t.Run("ROBOTSLINT_BINARY", func(t *testing.T) {
		r := tl.run(t, bare, []string{"ROBOTSLINT_BINARY=" + bin}, tl.npx, "robotslint", "robots.txt")
		if r.status != 1 || !strings.Contains(r.stdout, "[misspelled-directive]") {
			t.Errorf("status %d, want 1 and the finding\nstdout:\n%s\nstderr:\n%s", r.status, r.stdout, r.stderr)
		}
		missing := filepath.Join(bare, "no-such-robotslint")
		r = tl.run(t, bare, []string{"ROBOTSLINT_BINARY=" + missing}, tl.npx, "robotslint", "robots.txt")
		if r.status != 2 {
			t.Errorf("status %d, want 2", r.status)
		}
		oneLine(t, r.stderr, "robotslint: cannot run ROBOTSLINT_BINARY="+missing+": no such file")
		// The launcher itself, by a relative path: it stops at once, rather
		// than starting itself over and over.
		launcher := filepath.Join("node_modules", ".bin", "robotslint")
		r = tl.run(t, bare, []string{"ROBOTSLINT_BINARY=" + launcher}, tl.npx, "robotslint", "robots.txt")
		if r.status != 2 {
			t.Errorf("status %d, want 2", r.status)
		}
		oneLine(t, r.stderr, "robotslint: ROBOTSLINT_BINARY="+launcher+" is this npm package's launcher; set it to the robotslint binary itself")
	})
}

// preload writes a script for node --require that makes process.<field>
// say value, so that the launcher believes it runs on another platform.
func preload(t *testing.T, field, value string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), field+".cjs")
	js := fmt.Sprintf("Object.defineProperty(process, %q, { value: %q });\n", field, value)
	if err := os.WriteFile(path, []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
