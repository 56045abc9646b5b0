package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// checkRelease verifies the release in dir as a user downloading it would,
// and more: every file against the checksum file, every archive listed,
// each archive holding exactly the binary, LICENSE and README.md, the
// binary executable and equal to the one in bin/, and the bill of
// materials readable. It returns a summary for the log.
func checkRelease(dir string) (string, error) {
	sumFiles, err := filepath.Glob(filepath.Join(dir, "robotslint_*_checksums.txt"))
	if err != nil {
		return "", err
	}
	if len(sumFiles) != 1 {
		return "", fmt.Errorf("want one robotslint_VERSION_checksums.txt, found %d", len(sumFiles))
	}
	v := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(sumFiles[0]), "robotslint_"), "_checksums.txt")
	listed, err := readChecksums(sumFiles[0])
	if err != nil {
		return "", err
	}
	for name, want := range listed {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return "", fmt.Errorf("%s is in the checksum file but cannot be read: %v", name, err)
		}
		if got := hex.EncodeToString(sha256Sum(data)); got != want {
			return "", fmt.Errorf("%s: SHA-256 %s, but the checksum file says %s", name, got, want)
		}
	}
	var archives []string
	for _, p := range defaultPlatforms {
		name := p.archive(v)
		data, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, os.ErrNotExist) {
			continue // not built: -platforms chose fewer
		}
		if err != nil {
			return "", err
		}
		if _, ok := listed[name]; !ok {
			return "", fmt.Errorf("%s is not in the checksum file", name)
		}
		if err := checkArchive(dir, p, name, data); err != nil {
			return "", fmt.Errorf("%s: %v", name, err)
		}
		archives = append(archives, name)
	}
	if len(archives) == 0 {
		return "", fmt.Errorf("no archives for version %s", v)
	}
	sbom, err := os.ReadFile(filepath.Join(dir, sbomName(v)))
	if err != nil {
		return "", fmt.Errorf("the bill of materials: %v", err)
	}
	if _, ok := listed[sbomName(v)]; !ok {
		return "", fmt.Errorf("%s is not in the checksum file", sbomName(v))
	}
	var doc spdxDoc
	if err := json.Unmarshal(sbom, &doc); err != nil {
		return "", fmt.Errorf("%s: %v", sbomName(v), err)
	}
	if doc.SPDXVersion != "SPDX-2.3" || len(doc.Packages) < 2 || doc.Packages[0].VersionInfo != "v"+v {
		return "", fmt.Errorf("%s does not describe robotslint v%s", sbomName(v), v)
	}
	return fmt.Sprintf("release: robotslint %s in %s: %d archives (%s) and the bill of materials (%d modules) match %s\n",
		v, dir, len(archives), strings.Join(archives, ", "), len(doc.Packages)-1, filepath.Base(sumFiles[0])), nil
}

// readChecksums reads a file sha256sum could have written.
func readChecksums(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sums := map[string]string{}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if _, err := hex.DecodeString(sum); !ok || err != nil || len(sum) != 64 || name == "" || strings.ContainsAny(name, `/\`) {
			return nil, fmt.Errorf("%s:%d: not a line of sha256sum: %q", filepath.Base(path), i+1, line)
		}
		sums[name] = sum
	}
	return sums, nil
}

// checkArchive checks what archive name of platform p holds.
func checkArchive(dir string, p platform, name string, data []byte) error {
	files := map[string][]byte{}
	exec := false
	add := func(entry string, mode os.FileMode, r io.Reader) error {
		if _, dup := files[entry]; dup {
			return fmt.Errorf("%s twice", entry)
		}
		body, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		files[entry] = body
		if entry == p.exe() {
			exec = mode&0o111 != 0
		}
		return nil
	}
	if p.goos == "windows" {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return err
		}
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				return err
			}
			err = add(f.Name, f.Mode(), rc)
			rc.Close()
			if err != nil {
				return err
			}
		}
		exec = true // Windows has no executable bit
	} else {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return err
		}
		tr := tar.NewReader(zr)
		for {
			hdr, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
			if err := add(hdr.Name, hdr.FileInfo().Mode(), tr); err != nil {
				return err
			}
		}
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	want := []string{"LICENSE", "README.md", p.exe()}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		return fmt.Errorf("holds %s, want %s", strings.Join(names, ", "), strings.Join(want, ", "))
	}
	if !exec {
		return fmt.Errorf("%s is not executable", p.exe())
	}
	if bin, err := os.ReadFile(filepath.Join(dir, "bin", p.dir(), p.exe())); err == nil && !bytes.Equal(bin, files[p.exe()]) {
		return fmt.Errorf("%s differs from bin/%s/%s", p.exe(), p.dir(), p.exe())
	}
	return nil
}
