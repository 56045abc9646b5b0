package main

import (
	"bytes"
	"debug/buildinfo"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// A platform is a GOOS and GOARCH pair a release has a binary for.
type platform struct{ goos, goarch string }

// defaultPlatforms are the platforms of a release: where webmasters' and CI
// machines run, Intel and ARM alike.
var defaultPlatforms = []platform{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

func (p platform) String() string { return p.goos + "/" + p.goarch }

// dir is the platform's name in file names: linux_amd64.
func (p platform) dir() string { return p.goos + "_" + p.goarch }

// exe is the binary's file name on the platform.
func (p platform) exe() string {
	if p.goos == "windows" {
		return "robotslint.exe"
	}
	return "robotslint"
}

// archive is the name of the platform's archive in release v.
func (p platform) archive(v string) string {
	ext := ".tar.gz"
	if p.goos == "windows" {
		ext = ".zip"
	}
	return "robotslint_" + v + "_" + p.dir() + ext
}

func platformNames(ps []platform) []string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.String()
	}
	return names
}

func parsePlatforms(list string) ([]platform, error) {
	var ps []platform
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		found := false
		for _, p := range defaultPlatforms {
			if p.String() == s {
				ps = append(ps, p)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("%q is not one of %s", s, strings.Join(platformNames(defaultPlatforms), ", "))
		}
	}
	return ps, nil
}

type buildConfig struct {
	out, version string
	platforms    []platform
	allowDirty   bool
	log          io.Writer
}

// commit is what a release is built from.
type commit struct {
	root string    // the repository's top directory
	hash string    // the full commit hash
	time time.Time // the commit time, which every time stamp takes
	tag  string    // a vX.Y.Z tag on the commit, or ""
}

func build(c buildConfig) error {
	head, err := readCommit(c.allowDirty)
	if err != nil {
		return err
	}
	v, err := releaseVersion(c.version, head)
	if err != nil {
		return err
	}
	if err := emptyDir(c.out); err != nil {
		return err
	}
	fmt.Fprintf(c.log, "release: robotslint %s from %.12s (%s)\n", v, head.hash, head.time.Format(time.RFC3339))
	license, err := os.ReadFile(filepath.Join(head.root, "LICENSE"))
	if err != nil {
		return err
	}
	readme, err := os.ReadFile(filepath.Join(head.root, "README.md"))
	if err != nil {
		return err
	}
	var binaries []string
	sums := map[string][]byte{}
	for _, p := range c.platforms {
		bin := filepath.Join(c.out, "bin", p.dir(), p.exe())
		fmt.Fprintf(c.log, "release: building %s\n", p)
		if err := goBuild(head.root, p, v, bin); err != nil {
			return err
		}
		binaries = append(binaries, bin)
		exe, err := os.ReadFile(bin)
		if err != nil {
			return err
		}
		files := []archiveFile{{p.exe(), exe, 0o755}, {"LICENSE", license, 0o644}, {"README.md", readme, 0o644}}
		var buf bytes.Buffer
		if p.goos == "windows" {
			err = writeZip(&buf, files, head.time)
		} else {
			err = writeTarGz(&buf, files, head.time)
		}
		if err != nil {
			return fmt.Errorf("%s: %v", p.archive(v), err)
		}
		if err := writeFile(filepath.Join(c.out, p.archive(v)), buf.Bytes(), sums); err != nil {
			return err
		}
	}
	if err := checkStamps(binaries, head, c.allowDirty); err != nil {
		return err
	}
	sbom, err := spdxDocument(v, head, c.platforms, binaries)
	if err != nil {
		return err
	}
	if err := writeFile(filepath.Join(c.out, sbomName(v)), sbom, sums); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(c.out, checksumsName(v)), checksumFile(sums), 0o644)
}

// checkStamps checks that Go stamped every binary with the commit, clean:
// the tree is checked once before the builds, but a file edited or added
// while they run would make the later binaries +dirty and the release
// impossible to reproduce.
func checkStamps(binaries []string, head commit, allowDirty bool) error {
	for _, bin := range binaries {
		info, err := buildinfo.ReadFile(bin)
		if err != nil {
			return fmt.Errorf("reading the build information of %s: %v", bin, err)
		}
		stamp := map[string]string{}
		for _, s := range info.Settings {
			stamp[s.Key] = s.Value
		}
		if stamp["vcs.revision"] != head.hash {
			return fmt.Errorf("%s was built from commit %q, not %s: did HEAD move during the build?", bin, stamp["vcs.revision"], head.hash)
		}
		if stamp["vcs.modified"] != "false" && !allowDirty {
			return fmt.Errorf("%s records uncommitted changes: files of the working tree changed during the build; build again from a tree left alone", bin)
		}
	}
	return nil
}

func sbomName(v string) string      { return "robotslint_" + v + "_sbom.spdx.json" }
func checksumsName(v string) string { return "robotslint_" + v + "_checksums.txt" }

// writeFile writes a release file and records its checksum.
func writeFile(path string, data []byte, sums map[string][]byte) error {
	sums[filepath.Base(path)] = sha256Sum(data)
	return os.WriteFile(path, data, 0o644)
}

// goBuild cross-compiles cmd/robotslint for p into bin. Everything that
// could make two builds differ is pinned: no cgo, paths trimmed, no build
// ID, the architecture levels Go defaults to, and none of the caller's
// GOFLAGS.
func goBuild(root string, p platform, v, bin string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=true",
		"-ldflags", "-s -w -buildid= -X main.version=v"+v,
		"-o", bin, "./cmd/robotslint")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+p.goos, "GOARCH="+p.goarch,
		"GOAMD64=v1", "GOARM64=v8.0", "GOFLAGS=", "GOEXPERIMENT=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build for %s: %v\n%s", p, err, out)
	}
	return nil
}

func git(root string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = strings.TrimSpace(string(ee.Stderr))
		}
		return "", fmt.Errorf("git %s: %v %s", strings.Join(args, " "), err, msg)
	}
	return strings.TrimSpace(string(out)), nil
}

func readCommit(allowDirty bool) (commit, error) {
	root, err := git(".", "rev-parse", "--show-toplevel")
	if err != nil {
		return commit{}, fmt.Errorf("not in a git checkout of robotslint: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "cmd", "robotslint")); err != nil {
		return commit{}, fmt.Errorf("%s is not a robotslint checkout: it has no cmd/robotslint", root)
	}
	c := commit{root: root}
	if c.hash, err = git(root, "rev-parse", "HEAD"); err != nil {
		return commit{}, err
	}
	at, err := git(root, "log", "-1", "--format=%ct", "HEAD")
	if err != nil {
		return commit{}, err
	}
	secs, err := strconv.ParseInt(at, 10, 64)
	if err != nil {
		return commit{}, fmt.Errorf("commit time %q: %v", at, err)
	}
	c.time = time.Unix(secs, 0).UTC()
	if status, err := git(root, "status", "--porcelain"); err != nil {
		return commit{}, err
	} else if status != "" && !allowDirty {
		return commit{}, fmt.Errorf("the working tree has uncommitted or untracked files, which Go records in the binaries (+dirty), so the build would not be reproducible: commit or remove them (git status lists them), or pass -allow-dirty")
	}
	tags, err := git(root, "tag", "--points-at", "HEAD", "--list", "v*")
	if err != nil {
		return commit{}, err
	}
	for _, t := range strings.Fields(tags) {
		if semver.MatchString(strings.TrimPrefix(t, "v")) {
			c.tag = t
			break
		}
	}
	return c, nil
}

// semver matches a semantic version without its "v": what npm, VS Code
// and Go module versions all accept.
var semver = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)

// releaseVersion is the version to stamp: the one asked for, else the
// commit's tag, else a pseudo-version naming the commit, as Go names an
// untagged module version.
func releaseVersion(asked string, c commit) (string, error) {
	if asked != "" {
		v := strings.TrimPrefix(asked, "v")
		if !semver.MatchString(v) {
			return "", fmt.Errorf("-version %q is not a version such as 1.2.3 or 1.2.3-rc.1", asked)
		}
		return v, nil
	}
	if c.tag != "" {
		return strings.TrimPrefix(c.tag, "v"), nil
	}
	return "0.0.0-" + c.time.Format("20060102150405") + "-" + c.hash[:12], nil
}
