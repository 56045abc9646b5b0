package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

// sideKind is where one side of "robotslint diff" comes from.
type sideKind string

const (
	sideFile  sideKind = "file"
	sideStdin sideKind = "stdin"
	sideURL   sideKind = "url"
	sideGit   sideKind = "git"
)

// diffSide is one of the two robots.txt files "robotslint diff" compares,
// as read.
type diffSide struct {
	Arg  string   // as given on the command line
	Kind sideKind // where it was read from
	// Path is the file the side's lines belong to, for annotations: the
	// path itself, the path part of REV:path, the URL, or "-".
	Path string
	Src  []byte
	// Note says what crawlers make of a side that is no file of rules: a
	// fetch that got none, or a page where robots.txt should be.
	Note string
}

// Name is how the report names the side: its argument, or "standard
// input" for -.
func (side *diffSide) Name() string {
	if side.Kind == sideStdin {
		return "standard input"
	}
	return side.Arg
}

// sideKindOf tells what a command-line argument names. A URL has a scheme
// (isURL: "C:" is too short to be one), a Windows path starts with a drive
// letter and a separator, and an existing file is a file even with a colon
// in its name; any other argument with a colon is git's REV:path.
func sideKindOf(arg string) sideKind {
	switch {
	case arg == "-":
		return sideStdin
	case isURL(arg):
		return sideURL
	case isWindowsDrivePath(arg):
		return sideFile
	}
	if _, err := os.Lstat(arg); err == nil {
		return sideFile
	}
	if strings.Contains(arg, ":") {
		return sideGit
	}
	return sideFile
}

// isWindowsDrivePath reports whether arg starts like C:\ or C:/.
func isWindowsDrivePath(arg string) bool {
	if len(arg) < 3 || arg[1] != ':' || (arg[2] != '\\' && arg[2] != '/') {
		return false
	}
	c := arg[0]
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// readSide reads one side. The error is one line, ready for the user.
func readSide(arg string, stdin io.Reader, timeout time.Duration, targets []*match.Profile) (*diffSide, error) {
	side := &diffSide{Arg: arg, Kind: sideKindOf(arg), Path: arg}
	var err error
	switch side.Kind {
	case sideStdin:
		side.Src, err = readInput("-", stdin)
	case sideFile:
		side.Src, err = readInput(arg, stdin)
	case sideGit:
		side.Src, side.Path, err = readGitFile(arg)
	case sideURL:
		err = side.fetch(timeout, targets)
		return side, err
	}
	if err != nil {
		return nil, err
	}
	// A file in the tree or in git that is no robots.txt (an image, a
	// page saved by mistake) is a wrong argument, not a file whose rules
	// vanished: comparing it would report every crawler newly allowed.
	if reason := rules.NotRobotsTxtReason(syntax.Parse(side.Src)); reason != "" {
		return nil, fmt.Errorf("%s: %s", side.Name(), reason)
	}
	return side, nil
}

// fetch reads a URL side as crawlers do. A fetch that gets no file is what
// it is to crawlers: a 4xx is no robots.txt, so everything is allowed (an
// empty file), and a 5xx or no answer makes them keep off the whole site
// (a file that disallows everything, as RFC 9309 §2.3.1.4 reads it).
func (side *diffSide) fetch(timeout time.Duration, targets []*match.Profile) error {
	res, err := fetchRobots(context.Background(), side.Arg, fetchOptions{Timeout: timeout})
	if err != nil {
		return err
	}
	side.Path = res.URL
	switch res.Outcome {
	case fetchFetched:
		side.Src = res.Body
		if reason := rules.NotRobotsTxtReason(syntax.Parse(side.Src)); reason != "" {
			side.Note = res.URL + ": " + reason
		}
	case fetchUnavailable:
		side.Note = res.Explain(targets)
	default:
		side.Src = []byte("User-agent: *\nDisallow: /\n")
		side.Note = res.Explain(targets) + "; compared as a file that disallows everything"
	}
	return nil
}

// readGitFile reads REV:path with "git show", in the repository of the
// current directory, and returns the file and its path.
func readGitFile(arg string) ([]byte, string, error) {
	rev, path, _ := strings.Cut(arg, ":")
	if path == "" {
		return nil, "", fmt.Errorf("%s names no file: write REV:path, such as HEAD~1:robots.txt", arg)
	}
	git, err := exec.LookPath("git")
	if err != nil {
		return nil, "", fmt.Errorf("cannot read %s: git is not installed, and %s is read with \"git show\"", arg, arg)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(git, "show", "--no-textconv", arg)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return nil, "", fmt.Errorf("cannot read %s: %v", arg, err)
		}
		return nil, "", gitShowError(arg, rev, path, stderr.String())
	}
	// For a directory, git show lists the tree rather than failing.
	if bytes.HasPrefix(stdout.Bytes(), []byte("tree "+arg+"\n\n")) {
		return nil, "", fmt.Errorf("cannot read %s: it is a directory in revision %s", arg, rev)
	}
	return stdout.Bytes(), strings.TrimPrefix(path, "./"), nil
}

// gitShowError turns what "git show" said into a sentence about arg.
func gitShowError(arg, rev, path, said string) error {
	said = strings.TrimSpace(said)
	switch {
	case strings.Contains(said, "not a git repository"):
		return fmt.Errorf("cannot read %s: the current directory is not in a git repository", arg)
	case strings.Contains(said, "does not exist in"), strings.Contains(said, "exists on disk, but not in"):
		return fmt.Errorf("cannot read %s: revision %s has no file %s (the path is from the top of the repository, or ./%s from the current directory)", arg, rev, path, strings.TrimPrefix(path, "./"))
	case strings.Contains(said, "unknown revision"), strings.Contains(said, "invalid object name"), strings.Contains(said, "bad revision"), strings.Contains(said, "ambiguous argument"):
		return fmt.Errorf("cannot read %s: git knows no revision %q", arg, rev)
	}
	if first, _, _ := strings.Cut(said, "\n"); first != "" {
		return fmt.Errorf("cannot read %s: git show: %s", arg, strings.TrimPrefix(first, "fatal: "))
	}
	return fmt.Errorf("cannot read %s: git show failed", arg)
}
