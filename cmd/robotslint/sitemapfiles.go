package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
)

// localSitemaps is the sitemapSource of a built site directory: a sitemap
// URL on the site's own host is the file at its path under the directory,
// as a static host serves it, so that the sitemaps are checked offline,
// before the deploy. A sitemap on another host is not read (a note says
// so): its file is not in the directory.
type localSitemaps struct {
	// dir is the site directory, "" when the sitemaps are files the user
	// named outside any site directory.
	dir string
	// origins are the site's own scheme and host: the configured site,
	// or, without one, the hosts the robots.txt's Sitemap: lines name.
	origins []*url.URL
	// robots is the robots.txt's path, for output to name.
	robots string
}

// newLocalSitemaps returns the source of the site in dir, whose robots.txt
// is robots ("" for none): site is the configured origin, or "" when
// there is none and the Sitemap: lines' hosts (sitemapLocs) stand for it.
func newLocalSitemaps(dir, robots, site string, sitemapLocs []string) *localSitemaps {
	s := &localSitemaps{dir: dir, robots: robots}
	if site != "" {
		if u, err := url.Parse(site); err == nil && u.Host != "" {
			s.origins = append(s.origins, u)
		}
		return s
	}
	for _, loc := range sitemapLocs {
		if u, err := url.Parse(loc); err == nil && isURL(loc) && u.Host != "" {
			s.origins = append(s.origins, u)
		}
	}
	return s
}

func (s *localSitemaps) parallel() int { return runtime.GOMAXPROCS(0) }

func (s *localSitemaps) robotsPath() string {
	if s.robots == "" {
		return robotsFileName
	}
	return s.robots
}

// ownHost reports whether u is on the site's own host.
func (s *localSitemaps) ownHost(u *url.URL) bool {
	for _, o := range s.origins {
		if sameSite(o, u) {
			return true
		}
	}
	return false
}

// file returns the local file of the sitemap at loc: loc itself for a
// path, the file under the site directory for a URL on the site's host.
func (s *localSitemaps) file(loc string) (string, error) {
	if !isURL(loc) {
		return loc, nil
	}
	u, err := url.Parse(loc)
	switch {
	case err != nil:
		return "", fmt.Errorf("it is not a URL: %v", errors.Unwrap(err))
	case s.dir == "":
		return "", &offSiteError{"it is a URL, and no site directory holds its file"}
	case !s.ownHost(u):
		return "", &offSiteError{fmt.Sprintf("it is on another host than the site (%s), and offline checking reads only the site's own files", u.Host)}
	case u.Path == "" || strings.HasSuffix(u.Path, "/"):
		return "", fmt.Errorf("its URL names a directory, not a file")
	}
	// Cleaned as rooted, a path cannot climb out of the directory.
	return filepath.Join(s.dir, filepath.FromSlash(path.Clean("/"+u.Path))), nil
}

func (s *localSitemaps) describe(loc string) (name, sitemapURL string) {
	if isURL(loc) {
		if file, err := s.file(loc); err == nil {
			return file, loc
		}
		return loc, loc
	}
	if s.dir != "" && len(s.origins) == 1 {
		if p := pageURLPath(s.dir, loc); p != "" && !strings.HasPrefix(p, "/..") {
			o := s.origins[0]
			return loc, o.Scheme + "://" + o.Host + p
		}
	}
	return loc, ""
}

func (s *localSitemaps) open(ctx context.Context, loc string) (io.ReadCloser, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	file, err := s.file(loc)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(file)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s does not exist", file)
		}
		return nil, fmt.Errorf("%s: %v", file, pathErrText(err))
	}
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s is not a file", file)
	}
	return f, nil
}
