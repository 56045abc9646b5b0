package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/robotslint/robotslint/rules"
)

// robotsFileName is the name a directory walk looks for.
const robotsFileName = "robots.txt"

// skippedDirs are directories a walk does not enter: version control and
// other people's code, which hold robots.txt files the user did not write.
var skippedDirs = []string{".git", ".hg", ".svn", "node_modules", "vendor"}

// expandInputs turns the command's arguments into the inputs to read: a
// file stays as it is, whoever named it; a directory becomes every file
// named robots.txt below it, or a near miss of it (Robots.txt, robot.txt),
// in lexical order; "-" (standard input) and
// URLs pass through, as does a path that cannot be read, for the reader to
// report. An input named twice, in the same or another spelling or also
// found under a directory named, is read once, where it first appears: a
// file is linted or formatted once per run.
//
// An entry of a directory that cannot be read is an error, and so is a
// directory that holds no robots.txt (a CI job that lints nothing should
// fail rather than pass); neither stops the walk or the other arguments,
// so every readable file is still read.
func expandInputs(args []string) (paths []string, errs []error) {
	seen := map[string]bool{}
	add := func(path string) {
		if k := inputKey(path); !seen[k] {
			seen[k] = true
			paths = append(paths, path)
		}
	}
	for _, arg := range args {
		if arg == "" {
			// Usually an unset shell variable: "robotslint $FILE".
			errs = append(errs, errors.New("an empty argument names no file"))
			continue
		}
		if arg == "-" || isURL(arg) {
			add(arg)
			continue
		}
		info, err := os.Stat(arg)
		if err != nil || !info.IsDir() {
			add(arg)
			continue
		}
		found, walkErrs := walkRobots(arg)
		errs = append(errs, walkErrs...)
		if len(found) == 0 && len(walkErrs) == 0 {
			errs = append(errs, &noRobotsError{arg})
		}
		for _, path := range found {
			add(path)
		}
	}
	return paths, errs
}

// inputKey is what two spellings of one input share: the absolute, clean
// path of a file ("robots.txt" and "./robots.txt" are one file), the
// robots.txt URL of a site (https://example.com and
// https://example.com/shop/ fetch the same file).
func inputKey(input string) string {
	if isURL(input) {
		if u, err := robotsURL(input); err == nil {
			return u
		}
		return input
	}
	if input == "-" {
		return input
	}
	if abs, err := filepath.Abs(input); err == nil {
		return abs
	}
	return filepath.Clean(input)
}

// walkRobots returns the files named robots.txt under dir, or a near miss
// of it that file-name reports (rules.IsMisnamedRobotsTxt), and an error
// for each entry that could not be read: a subdirectory it cannot list,
// or a robots.txt that is a broken symbolic link or not a file. The walk
// goes on past each. A symbolic link named robots.txt counts when it
// leads to a file (deployments often link the live file to a versioned
// one); links to directories below dir are not followed, so a walk cannot
// loop, but dir itself may be one.
func walkRobots(dir string) (found []string, errs []error) {
	root := dir
	if info, err := os.Lstat(dir); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		// The user named the link, so follow it: WalkDir does only with
		// a trailing separator.
		root += string(filepath.Separator)
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			// WalkDir reports a directory it cannot list after visiting
			// it; returning nil skips its contents and goes on.
			errs = append(errs, fmt.Errorf("cannot read %s: %v", path, pathErrText(err)))
			return nil
		}
		if d.IsDir() {
			if path != root && slices.Contains(skippedDirs, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() != robotsFileName && !rules.IsMisnamedRobotsTxt(d.Name()) {
			// Robots.txt and robot.txt are linted too, for file-name to
			// say that crawlers never fetch them.
			return nil
		}
		switch {
		case d.Type().IsRegular():
			found = append(found, path)
		case d.Type()&fs.ModeSymlink != 0:
			info, err := os.Stat(path)
			switch {
			case err != nil:
				errs = append(errs, fmt.Errorf("cannot read %s: %v", path, linkErrText(err)))
			case info.Mode().IsRegular():
				found = append(found, path)
			}
		default:
			errs = append(errs, fmt.Errorf("cannot read %s: it is not a regular file", path))
		}
		return nil
	})
	return found, errs
}

// linkErrText says why a symbolic link leads to no file, in the words of
// someone who made the link rather than of the system call.
func linkErrText(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "it is a symbolic link to a file that does not exist"
	case errors.Is(err, syscall.ELOOP):
		return "it is a symbolic link in a loop"
	}
	return pathErrText(err).Error()
}

// pathErrText returns the reason of a file-system error without the path,
// which the caller's message already names: "no such file or directory".
func pathErrText(err error) error {
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) {
		return pathErr.Err
	}
	return err
}

// siteHint adds to the error of a path that does not exist the URL the
// user may have meant, when the path reads as a host name: "robotslint
// example.com" is a first command people type.
func siteHint(path string, err error) error {
	if _, statErr := os.Stat(path); !errors.Is(statErr, fs.ErrNotExist) || !looksLikeHost(path) {
		return err
	}
	return fmt.Errorf("%v (to fetch the site's robots.txt, give its URL: https://%s)", err, path)
}

// looksLikeHost reports whether s reads as a host name, such as
// example.com or www.example.co.uk, rather than as a file name: labels of
// letters, digits and hyphens, the last of letters only and not a file
// extension robots.txt files carry.
func looksLikeHost(s string) bool {
	labels := strings.Split(strings.ToLower(s), ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || strings.Trim(l, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return false
		}
	}
	tld := labels[len(labels)-1]
	switch tld {
	case "txt", "text", "bak", "orig", "old", "tmp", "html", "htm":
		return false
	}
	return len(tld) >= 2 && strings.Trim(tld, "abcdefghijklmnopqrstuvwxyz") == ""
}
