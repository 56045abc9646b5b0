// Package githubaction tests the GitHub Action in this directory without
// GitHub: install.sh against a release laid out on disk, lint.sh on a
// scratch repository, and action.yml and the example workflow through
// actionlint. The package has no code of its own.
package githubaction

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/robotslint/robotslint/cmd/robotslint/robotslinttest"
)

// testVersion is the version of the release the tests lay out themselves.
const testVersion = "1.2.3"

// releaseDirEnv names a release directory made by `go run ./cmd/release
// -out DIR` for the tests to install from instead of laying one out: .ci/run
// sets it to check install.sh against the real thing.
const releaseDirEnv = "ROBOTSLINT_RELEASE_DIR"

var release struct {
	once    sync.Once
	dir     string // the release's files, flat, as on the release page
	version string
	tmp     string // what TestMain removes
	err     error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if release.tmp != "" {
		os.RemoveAll(release.tmp)
	}
	os.Exit(code)
}

// testRelease returns a directory holding a release of robotslint for this
// machine's platform, and its version: the one named by
// $ROBOTSLINT_RELEASE_DIR, or else one laid out here as the release contract
// says (an archive holding robotslint, LICENSE and README.md at its root,
// and robotslint_<V>_checksums.txt in sha256sum's format).
func testRelease(t *testing.T) (dir, version string) {
	t.Helper()
	release.once.Do(func() {
		if dir := os.Getenv(releaseDirEnv); dir != "" {
			release.dir = dir
			sums, _ := filepath.Glob(filepath.Join(dir, "robotslint_*_checksums.txt"))
			if len(sums) != 1 {
				release.err = fmt.Errorf("$%s=%s holds %d checksums files, want 1", releaseDirEnv, dir, len(sums))
				return
			}
			release.version = strings.TrimSuffix(strings.TrimPrefix(filepath.Base(sums[0]), "robotslint_"), "_checksums.txt")
			return
		}
		release.tmp, release.err = os.MkdirTemp("", "robotslint-action-test-")
		if release.err == nil {
			release.dir = filepath.Join(release.tmp, "release")
			release.version = testVersion
			release.err = layOutRelease(release.dir, filepath.Join(release.tmp, "build"), testVersion)
		}
	})
	if release.err != nil {
		t.Fatal(release.err)
	}
	return release.dir, release.version
}

// layOutRelease builds robotslint for this platform in build, as a release
// is built, and writes its archive and checksums file into dir.
func layOutRelease(dir, build, version string) error {
	exe := "robotslint"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	bin := filepath.Join(build, exe)
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-X main.version=v"+version, "-o", bin, "github.com/robotslint/robotslint/cmd/robotslint")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	files := map[string]string{exe: bin, "LICENSE": "../../LICENSE", "README.md": "../../README.md"}
	var archive string
	var data []byte
	var err error
	if runtime.GOOS == "windows" {
		archive = fmt.Sprintf("robotslint_%s_%s_%s.zip", version, runtime.GOOS, runtime.GOARCH)
		data, err = zipFiles(files)
	} else {
		archive = fmt.Sprintf("robotslint_%s_%s_%s.tar.gz", version, runtime.GOOS, runtime.GOARCH)
		data, err = tarGzFiles(files)
	}
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, archive), data, 0o644); err != nil {
		return err
	}
	sums := fmt.Sprintf("%x  %s\n", sha256.Sum256(data), archive)
	return os.WriteFile(filepath.Join(dir, "robotslint_"+version+"_checksums.txt"), []byte(sums), 0o644)
}

func tarGzFiles(files map[string]string) ([]byte, error) {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for name, src := range files {
		data, err := os.ReadFile(src)
		if err != nil {
			return nil, err
		}
		mode := int64(0o644)
		if strings.HasPrefix(name, "robotslint") {
			mode = 0o755
		}
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: mode, Size: int64(len(data)), Typeflag: tar.TypeReg}); err != nil {
			return nil, err
		}
		if _, err := tw.Write(data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func zipFiles(files map[string]string) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, src := range files {
		data, err := os.ReadFile(src)
		if err != nil {
			return nil, err
		}
		w, err := zw.Create(name)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// runScript runs a script of this directory with bash, with env added to
// an environment cleared of the variables the scripts read, and returns
// its standard output, standard error and exit status.
func runScript(t *testing.T, dir string, env []string, script string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	path, err := filepath.Abs(script)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", append([]string{path}, args...)...)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ROBOTSLINT_") && !strings.HasPrefix(kv, "GITHUB_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		status = exit.ExitCode()
	case err != nil:
		t.Fatalf("bash %s: %v", script, err)
	}
	return out.String(), errOut.String(), status
}

// installedBinary returns the path of robotslint installed in dir.
func installedBinary(dir string) string {
	if runtime.GOOS == "windows" {
		return filepath.Join(dir, "robotslint.exe")
	}
	return filepath.Join(dir, "robotslint")
}

// TestInstall installs the release from a file:// URL, from a plain path,
// and as "latest" from an API answer on disk, and runs what it installed:
// `robotslint version` names the release, and the sample file fails with
// its findings.
func TestInstall(t *testing.T) {
	robotslinttest.LookPath(t, "bash", "Debian: apt-get install bash")
	dir, version := testRelease(t)

	api := filepath.Join(t.TempDir(), "latest.json")
	// The API's answer as GitHub writes it: indented, tag_name on a line of
	// its own among the release's other fields.
	answer := fmt.Sprintf("{\n  \"url\": \"https://api.github.com/repos/robotslint/robotslint/releases/1\",\n  \"tag_name\": \"v%s\",\n  \"name\": \"robotslint %s\"\n}\n", version, version)
	if err := os.WriteFile(api, []byte(answer), 0o644); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name, version string
		env           []string
	}{
		{"file URL", version, []string{"ROBOTSLINT_RELEASE_URL=file://" + filepath.ToSlash(dir)}},
		{"plain path", "v" + version, []string{"ROBOTSLINT_RELEASE_URL=" + dir}},
		{"latest", "latest", []string{"ROBOTSLINT_RELEASE_URL=" + dir, "ROBOTSLINT_API_URL=" + api}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			into := filepath.Join(t.TempDir(), "bin")
			_, stderr, status := runScript(t, ".", tc.env, "install.sh", tc.version, into)
			if status != 0 {
				t.Fatalf("install.sh %s: exit %d\n%s", tc.version, status, stderr)
			}
			if !strings.Contains(stderr, "checksum verified") {
				t.Errorf("install.sh did not say it verified the checksum:\n%s", stderr)
			}
			bin := installedBinary(into)
			out, err := exec.Command(bin, "version").CombinedOutput()
			if err != nil || !strings.HasPrefix(string(out), "robotslint v"+version+" ") {
				t.Fatalf("%s version: %v, %q; want robotslint v%s", bin, err, out, version)
			}
			sample, err := filepath.Abs("../../testdata/examples/robots.txt")
			if err != nil {
				t.Fatal(err)
			}
			out, err = exec.Command(bin, "--color", "never", sample).CombinedOutput()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), "[misspelled-directive]") {
				t.Fatalf("installed robotslint on the sample: %v, want exit 1 and misspelled-directive:\n%s", err, out)
			}
		})
	}
}

// TestInstallRefusesTamperedArchive changes one byte of the archive: the
// checksum no longer matches, and install.sh must say so, install nothing
// and exit 1, not 3, which would make the Action build from source and
// carry on.
func TestInstallRefusesTamperedArchive(t *testing.T) {
	robotslinttest.LookPath(t, "bash", "Debian: apt-get install bash")
	dir, version := testRelease(t)
	tampered := t.TempDir()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var archive string
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if e.Name() == fmt.Sprintf("robotslint_%s_%s_%s.tar.gz", version, runtime.GOOS, runtime.GOARCH) ||
			e.Name() == fmt.Sprintf("robotslint_%s_%s_%s.zip", version, runtime.GOOS, runtime.GOARCH) {
			archive = e.Name()
			data[len(data)/2] ^= 0x01
		}
		if err := os.WriteFile(filepath.Join(tampered, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if archive == "" {
		t.Fatalf("%s holds no archive for %s/%s", dir, runtime.GOOS, runtime.GOARCH)
	}

	into := filepath.Join(t.TempDir(), "bin")
	_, stderr, status := runScript(t, ".", []string{"ROBOTSLINT_RELEASE_URL=" + tampered}, "install.sh", version, into)
	if status != 1 {
		t.Errorf("install.sh on a tampered archive: exit %d, want 1", status)
	}
	if want := "robotslint install: checksum mismatch for " + archive + ":"; !strings.HasPrefix(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("install.sh on a tampered archive said:\n%s\nwant one line starting %q", stderr, want)
	}
	if _, err := os.Stat(installedBinary(into)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("install.sh left a binary from a tampered archive: %v", err)
	}
}

// TestInstallNoSuchRelease asks for releases that do not exist: each is
// one line saying so, and exit 3, on which the Action builds from source.
func TestInstallNoSuchRelease(t *testing.T) {
	robotslinttest.LookPath(t, "bash", "Debian: apt-get install bash")
	dir, _ := testRelease(t)
	missingAPI := filepath.Join(t.TempDir(), "no-release.json")
	for _, tc := range []struct {
		name string
		args []string
		env  []string
		want string
	}{
		{"unknown version", []string{"9.9.9", "bin"}, []string{"ROBOTSLINT_RELEASE_URL=" + dir},
			"robotslint install: no release 9.9.9: " + dir + "/robotslint_9.9.9_checksums.txt not found\n"},
		{"not a version", []string{"--resolve", "main"}, nil,
			"robotslint install: \"main\" is not a release version (such as 1.2.3 or v1.2.3) nor \"latest\"\n"},
		{"no release yet", []string{"--resolve", "latest"}, []string{"ROBOTSLINT_API_URL=" + missingAPI},
			"robotslint install: robotslint has no release yet (" + missingAPI + ": not found)\n"},
		{"unsupported processor", []string{testVersion, "bin"}, []string{"ROBOTSLINT_RELEASE_URL=" + dir, "RUNNER_OS=Linux", "RUNNER_ARCH=X86"},
			"robotslint install: no release build for the processor X86 (there are builds for x86-64 and arm64)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			work := t.TempDir()
			stdout, stderr, status := runScript(t, work, tc.env, "install.sh", tc.args...)
			if status != 3 || stderr != tc.want || stdout != "" {
				t.Errorf("install.sh %s: exit %d, stdout %q, stderr:\n%s\nwant exit 3 and:\n%s", strings.Join(tc.args, " "), status, stdout, stderr, tc.want)
			}
			if _, err := os.Stat(filepath.Join(work, "bin")); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("install.sh made its install directory for a release it did not find: %v", err)
			}
		})
	}
}

// TestLint runs lint.sh, the Action's lint step, in a scratch repository
// with robotslint on PATH: globs expand in the working directory, and the
// annotations name files from the repository's root, as GitHub needs to
// place them.
func TestLint(t *testing.T) {
	robotslinttest.LookPath(t, "bash", "Debian: apt-get install bash")
	bin := robotslinttest.Binary(t)
	repo := t.TempDir()
	const sitemap = "\nSitemap: https://www.example.com/sitemap.xml\n"
	for name, content := range map[string]string{
		"site/robots.txt":          "User-agent: *\nDisalow: /private/\n" + sitemap,
		"site/shop/robots.txt":     "User-agent: *\nDisallow: /cart/\n" + sitemap,
		"site/blog/new/robots.txt": "User-agent: *\nAllow /public/\n" + sitemap,
	} {
		path := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pathEnv := "PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")

	for _, tc := range []struct {
		name        string
		env         []string
		status      int
		annotations []string // the lines of standard output, each cut at "::" after its properties
		stderr      string
	}{
		{"glob in a working directory", []string{"ROBOTSLINT_WORKING_DIRECTORY=site", "ROBOTSLINT_FILES=**/robots.txt"}, 1,
			[]string{"::error file=site/blog/new/robots.txt,line=2,col=6,endLine=2,endColumn=6,title=missing-colon::",
				"::error file=site/robots.txt,line=2,col=1,endLine=2,endColumn=7,title=misspelled-directive::"}, ""},
		{"paths on lines, extra flags", []string{"ROBOTSLINT_FILES=site/shop/robots.txt\nsite/robots.txt\n", "ROBOTSLINT_ARGS=--fail-level none --disable crawl-delay"}, 0,
			[]string{"::error file=site/robots.txt,line=2,col=1,endLine=2,endColumn=7,title=misspelled-directive::"}, ""},
		{"default file", []string{"ROBOTSLINT_WORKING_DIRECTORY=site/blog/new/"}, 1,
			[]string{"::error file=site/blog/new/robots.txt,line=2,col=6,endLine=2,endColumn=6,title=missing-colon::"}, ""},
		{"clean file", []string{"ROBOTSLINT_FILES=site/shop/robots.txt"}, 0, nil, ""},
		{"glob matching nothing", []string{"ROBOTSLINT_FILES=public/**/robots.txt"}, 2, nil,
			"robotslint action: no file matches \"public/**/robots.txt\" in .\n"},
		{"no such working directory", []string{"ROBOTSLINT_WORKING_DIRECTORY=www"}, 2, nil,
			"robotslint action: working-directory \"www\" is not a directory\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, status := runScript(t, repo, append(tc.env, pathEnv), "lint.sh", "--format", "github")
			var got []string
			for line := range strings.Lines(stdout) {
				if i := strings.Index(line[2:], "::"); strings.HasPrefix(line, "::") && i >= 0 {
					got = append(got, line[:i+4])
				}
			}
			if status != tc.status || strings.Join(got, "\n") != strings.Join(tc.annotations, "\n") || stderr != tc.stderr {
				t.Errorf("lint.sh: exit %d, annotations\n%s\nstderr %q\nwant exit %d, annotations\n%s\nstderr %q\n(standard output:\n%s)",
					status, strings.Join(got, "\n"), stderr, tc.status, strings.Join(tc.annotations, "\n"), tc.stderr, stdout)
			}
		})
	}
}

// TestActionlint checks action.yml and the example workflow with
// actionlint. actionlint reads only workflows, so action.yml is checked
// twice over: its steps as the job of a reusable workflow whose inputs are
// the Action's (expressions, the actions it uses, and its scripts through
// shellcheck), and its metadata through the example workflow, made to use
// the Action from this directory (inputs that do not exist).
func TestActionlint(t *testing.T) {
	actionlint := robotslinttest.LookPath(t, "actionlint", "go install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12")
	robotslinttest.LookPath(t, "shellcheck", "Debian: apt-get install shellcheck")
	action, err := os.ReadFile("action.yml")
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile("example-workflow.yml")
	if err != nil {
		t.Fatal(err)
	}
	const published = "robotslint/robotslint/editors/github-action@v1"
	if !bytes.Contains(example, []byte(published)) {
		t.Fatalf("example-workflow.yml does not use %s", published)
	}

	project := t.TempDir()
	files := map[string][]byte{
		".github/workflows/action-steps.yml": actionAsWorkflow(t, string(action)),
		".github/workflows/example.yml":      bytes.ReplaceAll(example, []byte(published), []byte("./editors/github-action")),
		"editors/github-action/action.yml":   action,
	}
	// actionlint finds the project, which local actions are relative to,
	// by its .git.
	if err := os.Mkdir(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		path := filepath.Join(project, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(actionlint, "-no-color", ".github/workflows/action-steps.yml", ".github/workflows/example.yml")
	cmd.Dir = project
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("actionlint: %v\n%s", err, out)
	}

	out, err := exec.Command("shellcheck", "install.sh", "lint.sh").CombinedOutput()
	if err != nil {
		t.Errorf("shellcheck: %v\n%s", err, out)
	}
}

var (
	actionInput = regexp.MustCompile(`(?m)^  ([a-z][a-z-]*):$`)
	actionSteps = regexp.MustCompile(`(?ms)^runs:\n  using: composite\n  steps:\n(.*)`)
)

// actionAsWorkflow turns the composite action's steps into a reusable
// workflow's one job, its inputs into the workflow's inputs.
func actionAsWorkflow(t *testing.T, action string) []byte {
	t.Helper()
	inputs, _, ok := strings.Cut(action, "\noutputs:\n")
	_, inputs, ok2 := strings.Cut(inputs, "\ninputs:\n")
	steps := actionSteps.FindStringSubmatch(action)
	if !ok || !ok2 || steps == nil {
		t.Fatal("action.yml is not laid out as actionAsWorkflow reads it: inputs:, then outputs:, then runs: using: composite and steps:")
	}
	var w strings.Builder
	w.WriteString("on:\n  workflow_call:\n    inputs:\n")
	for _, m := range actionInput.FindAllStringSubmatch(inputs, -1) {
		fmt.Fprintf(&w, "      %s:\n        type: string\n", m[1])
	}
	w.WriteString("jobs:\n  action:\n    runs-on: ubuntu-latest\n    steps:\n")
	for line := range strings.Lines(steps[1]) {
		if strings.TrimSpace(line) != "" {
			w.WriteString("  ")
		}
		w.WriteString(line)
	}
	return []byte(w.String())
}
