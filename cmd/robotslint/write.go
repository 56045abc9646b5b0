package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// writeFileAtomic replaces the file at path with data so that a reader,
// or a crash, sees the old file or the new one and never half of either:
// data goes to a temporary file in the same directory, which is synced and
// renamed over the original. The original's permission bits are kept. A
// symbolic link is written through, to its target, so that the link stays
// a link. A read-only file is not written. On any error the original is left as it was and the temporary
// file is removed.
func writeFileAtomic(path string, data []byte) (err error) {
	fail := func(err error) error { return fmt.Errorf("cannot write %s: %v", path, pathErrText(err)) }
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fail(err)
	}
	info, err := os.Stat(target)
	if err != nil {
		return fail(err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("cannot write %s: not a regular file", path)
	}
	// A rename would replace a read-only file as readily as any other,
	// while the owner marked it so to keep it as it is.
	if info.Mode().Perm()&0o222 == 0 {
		return fmt.Errorf("cannot write %s: the file is read-only", path)
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".robotslint-*")
	if err != nil {
		return fail(err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return fail(err)
	}
	return nil
}
