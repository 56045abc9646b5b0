package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/robotslint/robotslint/syntax/sitemap"
)

// The --urls file of "robotslint test": a list of URLs, one a line, or a
// sitemap (XML, gzip-compressed or not, or a text sitemap inside gzip),
// told apart by content, not by name, since sitemaps are saved under every
// name. A sitemap is read as a stream, entry by entry.

// readURLList returns the URLs of the --urls file name (- for stdin), and
// a note to show when the file is a sitemap index, whose URLs are those of
// sitemaps rather than of pages.
func readURLList(name string, stdin io.Reader) (urls []string, note string, err error) {
	var in io.Reader = stdin
	shown := name
	if name == "-" {
		shown = "<stdin>"
	} else {
		if info, err := os.Stat(name); err == nil && info.IsDir() {
			return nil, "", fmt.Errorf("cannot read %s: it is a directory", name)
		}
		f, err := os.Open(name)
		if err != nil {
			return nil, "", fmt.Errorf("cannot read %s: %v", name, pathErrText(err))
		}
		defer f.Close()
		in = f
	}
	br := bufio.NewReaderSize(in, 64*1024)
	head, err := br.Peek(512)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, "", fmt.Errorf("cannot read %s: %v", shown, pathErrText(err))
	}
	switch kind := urlListKind(head); kind {
	case "sitemap":
		return readSitemapURLs(shown, br)
	case "text":
		data, err := io.ReadAll(br)
		if err != nil {
			return nil, "", fmt.Errorf("cannot read %s: %v", shown, pathErrText(err))
		}
		urls, err := parseURLs(name, data)
		return urls, "", err
	default:
		return nil, "", fmt.Errorf("%s holds %s data, not a sitemap or a list of URLs", shown, kind)
	}
}

// urlListKind tells from the first bytes of a --urls file whether it is a
// sitemap ("sitemap": gzip, or XML after an optional BOM and spaces), a
// list of URLs ("text"), or something else, named by its media type.
func urlListKind(head []byte) string {
	if bytes.HasPrefix(head, []byte{0x1f, 0x8b}) {
		return "sitemap"
	}
	rest := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\uFEFF")), " \t\r\n")
	if bytes.HasPrefix(rest, []byte("<")) {
		return "sitemap"
	}
	// Only a file of a known kind is refused by it: an image, a PDF, an
	// archive. Other bytes (a NUL in a line) are a list whose bad line
	// parseURLs names.
	media := http.DetectContentType(head)
	if strings.HasPrefix(media, "text/") || media == "application/octet-stream" {
		return "text"
	}
	media, _, _ = strings.Cut(media, ";")
	return media
}

// readSitemapURLs returns the <loc>s of the sitemap in r. A sitemap the
// reader cannot go on with (malformed XML, HTML, gzip that does not
// decompress) is an error at its position: testing the URLs before it
// would pass a file search engines reject.
func readSitemapURLs(name string, r io.Reader) (urls []string, note string, err error) {
	sr := sitemap.NewReader(r)
	for item := range sr.All() {
		if !item.IsProblem() {
			if item.Entry.Loc != "" {
				urls = append(urls, item.Entry.Loc)
			}
			continue
		}
		if err := unusableSitemap(name, item.Problem); err != nil {
			return nil, "", err
		}
	}
	if len(urls) == 0 {
		return nil, "", fmt.Errorf("%s is a sitemap without URLs", name)
	}
	if sr.Kind() == sitemap.Index {
		note = fmt.Sprintf("%s is a sitemap index: the URLs tested are those of its sitemaps, not of the pages they list", name)
	}
	return urls, note, nil
}

// unusableSitemap is the error that ends a list of URLs read from the
// sitemap name at problem p, or nil when the reader goes on after p.
func unusableSitemap(name string, p sitemap.Problem) error {
	switch p.Code {
	case sitemap.Malformed, sitemap.BadEntity:
		// The reader's message may hold its own parentheses ("unescaped &
		// (a literal & is written &amp;)"), so it comes after a colon.
		return fmt.Errorf("%s:%d:%d: the sitemap is malformed, and search engines reject it: %s", name, p.Pos.Line, p.Pos.Col, p.Msg)
	case sitemap.HTML, sitemap.UnknownRoot, sitemap.BadGzip, sitemap.ReadError:
		return fmt.Errorf("%s:%d:%d: %s", name, p.Pos.Line, p.Pos.Col, p.Msg)
	}
	return nil
}
