package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// robotsFileName is the name a directory walk looks for.
const robotsFileName = "robots.txt"

// skippedDirs are directories a walk does not enter: version control and
// other people's code, which hold robots.txt files the user did not write.
var skippedDirs = []string{".git", ".hg", ".svn", "node_modules", "vendor"}

// expandPaths turns the command's arguments into the inputs to read: a
// file stays as it is, whoever named it; a directory becomes every file
// named robots.txt below it, in lexical order; "-" (standard input) and
// URLs pass through, as does a path that cannot be read, for the reader to
// report. A directory that holds no robots.txt is an error: a CI job that
// lints nothing should fail rather than pass. The error is the first
// argument's that failed; expandInputs gives them all.
func expandPaths(args []string) ([]string, error) {
	paths, errs := expandInputs(args)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return paths, nil
}

// expandInputs is expandPaths for a command that goes on past an argument
// that fails, reporting each.
func expandInputs(args []string) (paths []string, errs []error) {
	for _, arg := range args {
		if arg == "-" || isURL(arg) {
			paths = append(paths, arg)
			continue
		}
		info, err := os.Stat(arg)
		if err != nil || !info.IsDir() {
			paths = append(paths, arg)
			continue
		}
		found, err := walkRobots(arg)
		switch {
		case err != nil:
			errs = append(errs, err)
		case len(found) == 0:
			errs = append(errs, fmt.Errorf("%s holds no file named %s", arg, robotsFileName))
		}
		paths = append(paths, found...)
	}
	return paths, errs
}

// walkRobots returns the files named robots.txt under dir.
func walkRobots(dir string) ([]string, error) {
	var found []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("cannot read %s: %v", path, pathErrText(err))
		}
		if d.IsDir() {
			if path != dir && slices.Contains(skippedDirs, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == robotsFileName && d.Type().IsRegular() {
			found = append(found, path)
		}
		return nil
	})
	return found, err
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
