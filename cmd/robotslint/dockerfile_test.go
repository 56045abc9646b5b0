package main

import (
	"debug/elf"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestDockerfile checks the container image without a container engine,
// which CI does not have: the final stage is what a scratch image needs to
// run robotslint, and the build command of the Dockerfile, run here as it
// is written, makes a static binary that works alone, as it must in the
// image: from a directory holding only the user's robots.txt, with nothing
// in the environment but the image's PATH.
func TestDockerfile(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode: builds robotslint")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the image is a Linux one")
	}
	data, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	// Continuation lines joined, comments dropped, as Docker reads them.
	var lines []string
	for _, line := range strings.Split(strings.ReplaceAll(string(data), "\\\n", " "), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	// The stages by the line that starts them.
	stages := map[string]string{}
	var from []int
	for i, line := range lines {
		if strings.HasPrefix(line, "FROM ") {
			from = append(from, i)
		}
	}
	for k, start := range from {
		end := len(lines)
		if k+1 < len(from) {
			end = from[k+1]
		}
		stages[lines[start]] = strings.Join(lines[start:end], "\n")
	}
	final := from[len(from)-1]
	if lines[final] != "FROM scratch" {
		t.Fatalf("the Dockerfile's last stage, the default image, is not FROM scratch")
	}
	// Go reads the CA bundle from this file first on Linux; without it
	// every https site fails its TLS handshake. /usr/local/bin is on
	// busybox's PATH.
	installed := []*regexp.Regexp{
		regexp.MustCompile(`(?m)^COPY --from=build /etc/ssl/certs/ca-certificates\.crt /etc/ssl/certs/ca-certificates\.crt$`),
		regexp.MustCompile(`(?m)^COPY --from=build /out/robotslint /usr/local/bin/robotslint$`),
	}
	busybox, ok := stages["FROM busybox:1.37 AS busybox"]
	if !ok {
		t.Errorf("the Dockerfile has no stage FROM busybox:1.37 AS busybox, the image for CI jobs")
	}
	for _, want := range append(installed, regexp.MustCompile(`(?m)^CMD \["robotslint"\]$`)) {
		if !want.MatchString(busybox) {
			t.Errorf("the busybox stage has no line matching %s:\n%s", want, busybox)
		}
	}
	stage := stages["FROM scratch"]
	for _, want := range append(installed,
		regexp.MustCompile(`(?m)^ENV PATH=/usr/local/bin$`),
		regexp.MustCompile(`(?m)^USER [1-9][0-9]*:[1-9][0-9]*$`),
		regexp.MustCompile(`(?m)^WORKDIR /work$`),
		regexp.MustCompile(`(?m)^ENTRYPOINT \["robotslint"\]$`),
		regexp.MustCompile(`(?m)^LABEL org\.opencontainers\.image\.title="robotslint" .*org\.opencontainers\.image\.licenses="MIT"`),
	) {
		if !want.MatchString(stage) {
			t.Errorf("the final stage has no line matching %s:\n%s", want, stage)
		}
	}

	var build string
	for _, line := range lines[:final] {
		if strings.HasPrefix(line, "RUN ") && strings.Contains(line, " go build ") {
			build = strings.TrimPrefix(line, "RUN ")
		}
	}
	const out = "-o /out/robotslint "
	if !strings.Contains(build, out) {
		t.Fatalf("the build stage has no RUN go build ... %s...", out)
	}
	bin := filepath.Join(t.TempDir(), "robotslint")
	cmd := exec.Command("sh", "-c", strings.Replace(build, out, "-o "+bin+" ", 1))
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "VERSION=1.2.3")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the Dockerfile's build: %v\n%s", err, out)
	}

	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Errorf("the binary needs a dynamic loader, which a scratch image lacks")
		}
	}
	if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
		t.Errorf("the binary needs shared libraries a scratch image lacks: %v", libs)
	}

	work := t.TempDir()
	if err := os.WriteFile(filepath.Join(work, "robots.txt"), []byte("User-agent: *\nDisalow: /private/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = work
		cmd.Env = []string{"PATH=/usr/local/bin"}
		got, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatal(err)
		}
		return string(got), cmd.ProcessState.ExitCode()
	}
	if got, status := run("version"); status != 0 || !strings.HasPrefix(got, "robotslint v1.2.3 ") {
		t.Errorf("robotslint version in the image: exit %d, %q; want robotslint v1.2.3", status, got)
	}
	// `docker run -v "$PWD:/work" IMAGE` with no arguments lints the
	// robots.txt of the directory mounted.
	if got, status := run(); status != 1 || !strings.Contains(got, "robots.txt:2:1: error:") || !strings.Contains(got, "[misspelled-directive]") {
		t.Errorf("robotslint with no arguments in the image's working directory: exit %d, want 1 and misspelled-directive at robots.txt:2:1:\n%s", status, got)
	}
}
