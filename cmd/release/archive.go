package main

import (
	"archive/tar"
	"archive/zip"
	"compress/flate"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"slices"
	"strings"
	"time"
)

// An archiveFile is one file of a release archive.
type archiveFile struct {
	name string
	data []byte
	mode int64
}

// writeTarGz writes files as a gzip-compressed tar whose every header is
// fixed: the given time, owner root, no user or group names, and a gzip
// header without a name or time, so that the bytes depend on the files
// alone.
func writeTarGz(w io.Writer, files []archiveFile, at time.Time) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(zw)
	for _, f := range files {
		hdr := &tar.Header{
			Typeflag: tar.TypeReg,
			Name:     f.name,
			Mode:     f.mode,
			Size:     int64(len(f.data)),
			ModTime:  at,
			Format:   tar.FormatUSTAR,
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if _, err := tw.Write(f.data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

// writeZip writes files as a zip archive with fixed times and modes, for
// Windows, whose users open zip files without extra tools.
func writeZip(w io.Writer, files []archiveFile, at time.Time) error {
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, flate.BestCompression)
	})
	for _, f := range files {
		hdr := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: at}
		hdr.SetMode(0o644)
		if f.mode&0o111 != 0 {
			hdr.SetMode(0o755)
		}
		fw, err := zw.CreateHeader(hdr)
		if err != nil {
			return err
		}
		if _, err := fw.Write(f.data); err != nil {
			return err
		}
	}
	return zw.Close()
}

func sha256Sum(data []byte) []byte {
	sum := sha256.Sum256(data)
	return sum[:]
}

// checksumFile lists the files' SHA-256 sums as sha256sum prints them, so
// that `sha256sum -c` (or `shasum -a 256 -c` on macOS) checks a download.
func checksumFile(sums map[string][]byte) []byte {
	names := make([]string, 0, len(sums))
	for name := range sums {
		names = append(names, name)
	}
	slices.Sort(names)
	var b strings.Builder
	for _, name := range names {
		b.WriteString(hex.EncodeToString(sums[name]) + "  " + name + "\n")
	}
	return []byte(b.String())
}
