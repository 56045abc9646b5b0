package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

var commitTime = time.Date(2026, 11, 25, 8, 5, 21, 0, time.UTC)

// TestArchivesAreReproducible writes each kind of archive twice and
// compares the bytes; a different commit time must change them, or the
// time would not be what the archive records.
func TestArchivesAreReproducible(t *testing.T) {
	files := []archiveFile{{"robotslint", []byte("\x7fELF binary"), 0o755}, {"LICENSE", []byte("MIT"), 0o644}}
	for name, write := range map[string]func(io.Writer, []archiveFile, time.Time) error{"tar.gz": writeTarGz, "zip": writeZip} {
		var a, b, later bytes.Buffer
		for _, w := range []struct {
			buf *bytes.Buffer
			at  time.Time
		}{{&a, commitTime}, {&b, commitTime}, {&later, commitTime.Add(time.Hour)}} {
			if err := write(w.buf, files, w.at); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two archives of the same files differ", name)
		}
		if bytes.Equal(a.Bytes(), later.Bytes()) {
			t.Errorf("%s: the commit time is not recorded", name)
		}
	}
}

// TestTarHeaders checks what a user's tar sees: the commit time, root's
// ids and no names, and the binary executable.
func TestTarHeaders(t *testing.T) {
	var buf bytes.Buffer
	if err := writeTarGz(&buf, []archiveFile{{"robotslint", []byte("x"), 0o755}, {"README.md", []byte("y"), 0o644}}, commitTime); err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !zr.ModTime.IsZero() || zr.Name != "" {
		t.Errorf("gzip header records %v %q", zr.ModTime, zr.Name)
	}
	tr := tar.NewReader(zr)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if !hdr.ModTime.Equal(commitTime) || hdr.Uid != 0 || hdr.Gid != 0 || hdr.Uname != "" || hdr.Gname != "" {
			t.Errorf("%s: header %+v", hdr.Name, hdr)
		}
		if exec := hdr.Mode&0o111 != 0; exec != (hdr.Name == "robotslint") {
			t.Errorf("%s: mode %o", hdr.Name, hdr.Mode)
		}
	}
}

// fakeRelease lays out a release in a new directory as build does, with
// this test binary, which carries build information, as every platform's
// binary.
func fakeRelease(t *testing.T, v string) string {
	t.Helper()
	dir := t.TempDir()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	sums := map[string][]byte{}
	var bins []string
	plats := []platform{{"linux", "amd64"}, {"windows", "arm64"}}
	for _, p := range plats {
		bin := filepath.Join(dir, "bin", p.dir(), p.exe())
		if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(bin, exe, 0o755); err != nil {
			t.Fatal(err)
		}
		bins = append(bins, bin)
		files := []archiveFile{{p.exe(), exe, 0o755}, {"LICENSE", []byte("MIT"), 0o644}, {"README.md", []byte("# robotslint"), 0o644}}
		var buf bytes.Buffer
		write := writeTarGz
		if p.goos == "windows" {
			write = writeZip
		}
		if err := write(&buf, files, commitTime); err != nil {
			t.Fatal(err)
		}
		if err := writeFile(filepath.Join(dir, p.archive(v)), buf.Bytes(), sums); err != nil {
			t.Fatal(err)
		}
	}
	sbom, err := spdxDocument(v, commit{hash: strings.Repeat("ab", 20), time: commitTime}, plats, bins)
	if err != nil {
		t.Fatal(err)
	}
	if err := writeFile(filepath.Join(dir, sbomName(v)), sbom, sums); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, checksumsName(v)), checksumFile(sums), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestCheckRelease(t *testing.T) {
	dir := fakeRelease(t, "1.2.3")
	report, err := checkRelease(dir)
	if err != nil {
		t.Fatalf("a sound release: %v", err)
	}
	if !strings.Contains(report, "2 archives") || !strings.Contains(report, "robotslint_1.2.3_windows_arm64.zip") {
		t.Errorf("report: %s", report)
	}
	// sha256sum itself agrees with the checksum file.
	if _, err := exec.LookPath("sha256sum"); err == nil {
		cmd := exec.Command("sha256sum", "-c", checksumsName("1.2.3"))
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("sha256sum -c: %v\n%s", err, out)
		}
	}

	tamper := func(name string, edit func([]byte) []byte) string {
		t.Helper()
		dir := fakeRelease(t, "1.2.3")
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, edit(data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err = checkRelease(dir)
		if err == nil {
			t.Fatalf("%s changed, but the release checks", name)
		}
		return err.Error()
	}
	flip := func(b []byte) []byte { b[len(b)/2] ^= 1; return b }
	if msg := tamper("robotslint_1.2.3_linux_amd64.tar.gz", flip); !strings.Contains(msg, "SHA-256") {
		t.Errorf("a changed archive: %s", msg)
	}
	if msg := tamper("robotslint_1.2.3_checksums.txt", func(b []byte) []byte { return append(b, "not a checksum line\n"...) }); !strings.Contains(msg, "not a line of sha256sum") {
		t.Errorf("a damaged checksum file: %s", msg)
	}
	if msg := tamper(filepath.Join("bin", "linux_amd64", "robotslint"), flip); !strings.Contains(msg, "differs from bin/linux_amd64/robotslint") {
		t.Errorf("a binary that is not the archived one: %s", msg)
	}
}

func TestSBOMListsCompiledModules(t *testing.T) {
	dir := fakeRelease(t, "1.2.3")
	data, err := os.ReadFile(filepath.Join(dir, sbomName("1.2.3")))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"spdxVersion": "SPDX-2.3"`, `"versionInfo": "v1.2.3"`, `"versionInfo": "` + runtime.Version() + `"`,
		`"created": "2026-11-25T08:05:21Z"`, "pkg:golang/stdlib@" + runtime.Version()} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the bill of materials lacks %s", want)
		}
	}
}

func TestReleaseVersion(t *testing.T) {
	head := commit{hash: "1a4a214bf52be49ed5270ee10f80fbaf17f4e419", time: commitTime}
	for _, tt := range []struct {
		asked, tag, want, err string
	}{
		{asked: "1.2.3", want: "1.2.3"},
		{asked: "v1.2.3-rc.1", want: "1.2.3-rc.1"},
		{tag: "v0.4.0", want: "0.4.0"},
		{asked: "2.0.0", tag: "v0.4.0", want: "2.0.0"},
		{want: "0.0.0-20261125080521-1a4a214bf52b"},
		{asked: "1.2", err: `-version "1.2" is not a version such as 1.2.3`},
		{asked: "latest", err: "is not a version"},
	} {
		c := head
		c.tag = tt.tag
		got, err := releaseVersion(tt.asked, c)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("releaseVersion(%q): %v, want an error %q", tt.asked, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("releaseVersion(%q, tag %q) = %q, %v; want %q", tt.asked, tt.tag, got, err, tt.want)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, "-out DIR is required"},
		{[]string{"-out", "x", "-platforms", "linux/386"}, `"linux/386" is not one of linux/amd64`},
		{[]string{"-out", "x", "extra"}, `unexpected argument "extra"`},
		{[]string{"-check", "x", "-out", "y"}, "do not go together"},
	} {
		var stdout, stderr bytes.Buffer
		if status := run(tt.args, &stdout, &stderr); status != 2 || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("release %v: status %d, %q; want 2 and %q", tt.args, status, stderr.String(), tt.want)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "old"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := emptyDir(dir); err == nil || !strings.Contains(err.Error(), "is not empty") {
		t.Errorf("a directory with files: %v", err)
	}
}

func TestEscapeModulePath(t *testing.T) {
	if got := escapeModulePath("github.com/BurntSushi/toml"); got != "github.com/!burnt!sushi/toml" {
		t.Errorf("got %s", got)
	}
}

// TestReleaseArchiveRuns runs the linux/amd64 binary from its archive in a
// release that .ci/run built, on the README's sample file, as a user who
// downloaded it would.
func TestReleaseArchiveRuns(t *testing.T) {
	dir := os.Getenv("ROBOTSLINT_RELEASE_DIR")
	if dir == "" {
		t.Skip("set ROBOTSLINT_RELEASE_DIR to a directory `go run ./cmd/release -out DIR` wrote (.ci/run does)")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("the archive's binary is for linux/amd64, not %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	archives, _ := filepath.Glob(filepath.Join(dir, "robotslint_*_linux_amd64.tar.gz"))
	if len(archives) != 1 {
		t.Fatalf("want one linux/amd64 archive in %s, found %v", dir, archives)
	}
	out := t.TempDir()
	tar := exec.Command("tar", "-xzf", archives[0], "-C", out)
	if msg, err := tar.CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, msg)
	}
	sample, err := filepath.Abs(filepath.Join("..", "..", "testdata", "examples", "robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join(out, "robotslint"), sample)
	cmd.Env = []string{"PATH=/nonexistent", "HOME=" + out}
	stdout, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("robotslint on the sample: %v, want exit status 1\n%s", err, stdout)
	}
	if !strings.Contains(string(stdout), "[misspelled-directive]") {
		t.Errorf("the findings lack misspelled-directive:\n%s", stdout)
	}
	version, err := exec.Command(filepath.Join(out, "robotslint"), "version").Output()
	v := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(archives[0]), "robotslint_"), "_linux_amd64.tar.gz")
	if err != nil || !strings.HasPrefix(string(version), "robotslint v"+v+" (go") {
		t.Errorf("robotslint version: %q, %v; want v%s", version, err, v)
	}
}

// TestCheckStamps turns down a binary that Go did not stamp with the
// commit being released: this test binary carries no commit at all.
func TestCheckStamps(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	err = checkStamps([]string{self}, commit{hash: strings.Repeat("ab", 20)}, false)
	if err == nil || !strings.Contains(err.Error(), "was built from commit") {
		t.Errorf("a binary without the commit: %v", err)
	}
}
