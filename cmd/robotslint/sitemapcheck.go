package main

import (
	"cmp"
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/cmd/robotslint/internal/output"
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/page"
)

// Checking the sitemaps of a built site, offline: a directory named on the
// command line with a robots.txt at its root is a site, and its sitemaps
// (those its Sitemap: lines name on its own host, mapped to files under
// it, and every sitemap*.xml and sitemap*.xml.gz under it) are checked
// against that robots.txt. A sitemap file named on the command line is
// checked against the robots.txt beside it or in the nearest parent.
//
// It is on by default where it cannot surprise: a directory is checked
// when it holds a sitemap (one its robots.txt names, or one the walk
// finds). A source directory whose sitemaps are generated at build time
// (a robots.txt of a Jekyll or Next.js project) holds none, and reporting
// each of its Sitemap: lines as unreachable on every run would fail CI
// jobs that lint it today; a note says they were not checked, and
// --sitemaps checks them anyway.

// localSite is a site directory whose sitemaps a run checks.
type localSite struct {
	dir    string   // the site's root, "" for sitemaps named outside any site
	robots string   // its robots.txt, or "" when it has none
	whole  bool     // named as a directory: its Sitemap: lines and found sitemaps are checked
	named  []string // sitemap files named on the command line
	found  []string // sitemap files found under dir
}

// isSitemapName reports whether a file named on the command line is a
// sitemap by its name: XML, gzip, or a text sitemap named sitemap*.txt.
func isSitemapName(name string) bool {
	n := strings.ToLower(filepath.Base(name))
	return strings.HasSuffix(n, ".xml") || strings.HasSuffix(n, ".xml.gz") ||
		strings.HasPrefix(n, "sitemap") && (strings.HasSuffix(n, ".txt") || strings.HasSuffix(n, ".gz"))
}

// isFoundSitemap reports whether a directory walk takes a file for a
// sitemap: sitemap*.xml or sitemap*.xml.gz, as generators name them.
func isFoundSitemap(name string) bool {
	n := strings.ToLower(name)
	return strings.HasPrefix(n, "sitemap") && (strings.HasSuffix(n, ".xml") || strings.HasSuffix(n, ".xml.gz"))
}

// walkSitemaps returns the sitemap files under dir in lexical order,
// skipping the directories walkRobots skips and those of other sites
// (a subdirectory with a robots.txt of its own).
func walkSitemaps(dir string) (found []string) {
	root := dir
	if info, err := os.Lstat(dir); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		root += string(filepath.Separator)
	}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			// The robots.txt walk reports what cannot be read.
			return nil
		case d.IsDir():
			if p != root && (slices.Contains(skippedDirs, d.Name()) || isRegularFile(filepath.Join(p, robotsFileName))) {
				return filepath.SkipDir
			}
		case isFoundSitemap(d.Name()) && isRegularFile(p):
			found = append(found, p)
		}
		return nil
	})
	return found
}

// isRegularFile reports whether p is a file, after links.
func isRegularFile(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular()
}

// siteRoot returns the directory of the robots.txt beside file or in its
// nearest parent, as the user would name it, and that robots.txt; "" and
// "" when there is none.
func siteRoot(file string) (dir, robots string) {
	dir = filepath.Dir(file)
	for {
		if candidate := filepath.Join(dir, robotsFileName); isRegularFile(candidate) {
			return dir, candidate
		}
		abs, err := filepath.Abs(dir)
		if err != nil || filepath.Dir(abs) == abs {
			return "", ""
		}
		dir = filepath.Join(dir, "..")
	}
}

// localSites returns the sites whose sitemaps the command's arguments
// check, and the sitemap files named among args, which are not robots.txt
// inputs.
func (r *lintRun) localSites(args []string) (sites []*localSite, named map[string]bool) {
	named = map[string]bool{}
	if r.opt.noSitemaps {
		return nil, named
	}
	byDir := map[string]*localSite{}
	site := func(dir, robots string) *localSite {
		key := inputKey(dir)
		if dir == "" {
			key = ""
		}
		if s := byDir[key]; s != nil {
			return s
		}
		s := &localSite{dir: dir, robots: robots}
		byDir[key] = s
		sites = append(sites, s)
		return s
	}
	for _, arg := range args {
		if arg == "" || arg == "-" || isURL(arg) {
			continue
		}
		info, err := os.Stat(arg)
		switch {
		case err != nil:
			continue
		case info.IsDir():
			robots := filepath.Join(arg, robotsFileName)
			if !isRegularFile(robots) {
				continue
			}
			s := site(arg, robots)
			s.whole = true
			s.found = walkSitemaps(arg)
		case info.Mode().IsRegular() && isSitemapName(arg):
			named[inputKey(arg)] = true
			dir, robots := siteRoot(arg)
			s := site(dir, robots)
			s.named = append(s.named, arg)
		}
	}
	return sites, named
}

// checkLocalSitemaps checks the sitemaps of each site, with results, the
// outcomes of the robots.txt inputs, to add sitemap-unreachable to: a
// finding on a Sitemap: line belongs to the robots.txt's report. It
// returns the sitemaps' reports and the notes to show.
func (r *lintRun) checkLocalSitemaps(sites []*localSite, inputs []string, results []lintInput) (files []output.File, notes []string, errs []error) {
	for _, s := range sites {
		var robots *syntax.File
		at := -1
		if s.robots != "" {
			at = slices.IndexFunc(inputs, func(in string) bool { return inputKey(in) == inputKey(s.robots) })
			if at >= 0 && results[at].err == nil {
				robots = results[at].report.File
			} else {
				robots = r.siteRobots(s.robots)
			}
		}
		cfgPath := s.robots
		if cfgPath == "" && len(s.named) > 0 {
			cfgPath = s.named[0]
		}
		cfg, err := r.config(cfgPath)
		if err != nil {
			if at < 0 {
				// Otherwise the robots.txt's lint has reported it.
				errs = append(errs, err)
			}
			continue
		}
		rep, note := r.checkSite(s, robots, cfg)
		if note != "" {
			notes = append(notes, note)
			continue
		}
		if len(rep.Robots) > 0 && at >= 0 && results[at].err == nil {
			rf := &results[at].report
			rf.Diagnostics = append(rf.Diagnostics, rep.Robots...)
			slices.SortStableFunc(rf.Diagnostics, func(a, b lint.Diagnostic) int { return a.Span.Start - b.Span.Start })
		}
		files = append(files, rep.Files...)
		notes = append(notes, rep.Notes...)
	}
	return files, notes, errs
}

// checkSite checks the sitemaps of one site, or returns the note that
// says why it did not.
func (r *lintRun) checkSite(s *localSite, robots *syntax.File, cfg *lint.Config) (sitemapReport, string) {
	var roots []sitemapRoot
	var listed []string // the URLs of the Sitemap: lines
	var lines []int     // and their indexes
	if robots != nil {
		for i := range robots.Lines {
			line := &robots.Lines[i]
			if line.Directive != syntax.DirectiveSitemap {
				continue
			}
			loc := string(robots.Text(line.Value()))
			if !isURL(loc) {
				// Not a URL crawlers can fetch: sitemap-url reports it.
				continue
			}
			listed = append(listed, loc)
			lines = append(lines, i)
			if s.whole {
				roots = append(roots, sitemapRoot{Loc: loc, RobotsLine: i})
			}
		}
	}
	site := ""
	if cfg != nil {
		site = cfg.Site
	}
	src := newLocalSitemaps(s.dir, s.robots, site, listed)
	for _, file := range s.named {
		// A file the robots.txt lists is checked as listed there.
		line := -1
		for i, loc := range listed {
			if mapped, err := src.file(loc); err == nil && inputKey(mapped) == inputKey(file) {
				line = lines[i]
				break
			}
		}
		roots = append(roots, sitemapRoot{Loc: file, RobotsLine: line})
	}
	for _, file := range s.found {
		roots = append(roots, sitemapRoot{Loc: file, RobotsLine: -1, Found: true})
	}
	if s.whole && !r.opt.sitemaps && len(s.found) == 0 && !slices.ContainsFunc(roots, func(root sitemapRoot) bool {
		file, err := src.file(root.Loc)
		return err == nil && isRegularFile(file)
	}) {
		if len(listed) == 0 {
			return sitemapReport{}, ""
		}
		return sitemapReport{}, fmt.Sprintf("the sitemaps of %s are not checked: %s names %s, but %s holds no sitemap file, as before a build (--sitemaps checks them anyway)",
			s.dir, s.robots, prose.Count(len(listed), "sitemap", "sitemaps"), s.dir)
	}
	in := lint.SitemapSiteInput{Robots: robots, Now: r.now}
	var hostNote string
	if origin := siteOrigin(site, listed, src); origin != "" {
		in.RobotsURL = origin + "/robots.txt"
	} else if robots != nil && len(roots) > 0 {
		hostNote = fmt.Sprintf("the sitemaps under %s are not checked against %s: nothing says which host the site is served at "+
			"(write site = \"https://...\" in .robotslint.toml, or a Sitemap: line with the sitemap's URL)", cmp.Or(s.dir, "."), s.robots)
	}
	if s.dir != "" && r.pagesOn(s.dir) {
		in.Page = func(u string) *lint.PageInput { return r.sitePageAt(src, robots, u) }
	}
	checker := lint.NewSitemapSite(in, rules.All(), cfg)
	budget := sitemapBudget{maxURLs: r.opt.maxURLs}
	rep := checkSitemaps(context.Background(), checker, cfg, roots, src, budget, nil)
	if hostNote != "" {
		rep.Notes = append(rep.Notes, hostNote)
	}
	return rep, ""
}

// siteOrigin returns the scheme and host a site directory is served at:
// the configured site, or, without one, that of the first Sitemap: line
// whose file the directory holds (the robots.txt of example.com may list
// a sitemap on another host, whose file is not there), or of the first
// Sitemap: line; "" when nothing says.
func siteOrigin(site string, listed []string, src *localSitemaps) string {
	if site != "" {
		return strings.TrimSuffix(site, "/")
	}
	pick := ""
	for _, loc := range listed {
		u, err := url.Parse(loc)
		if err != nil || u.Host == "" {
			continue
		}
		origin := u.Scheme + "://" + u.Host
		if file, err := src.file(loc); err == nil && isRegularFile(file) {
			return origin
		}
		if pick == "" {
			pick = origin
		}
	}
	return pick
}

// sitePageAt returns the page a static host serves at the URL u of the
// site src reads, for the sitemap rules to check its robots directives,
// or nil when none is built: /blog/ is blog/index.html, /about is about,
// about.html or about/index.html.
func (r *lintRun) sitePageAt(src *localSitemaps, robots *syntax.File, u string) *lint.PageInput {
	parsed, err := url.Parse(u)
	if err != nil || src.dir == "" || !src.ownHost(parsed) {
		return nil
	}
	p := path.Clean("/" + parsed.Path)
	var candidates []string
	if strings.HasSuffix(parsed.Path, "/") || p == "/" {
		candidates = []string{path.Join(p, "index.html"), path.Join(p, "index.htm")}
	} else {
		candidates = []string{p, p + ".html", path.Join(p, "index.html")}
	}
	for _, c := range candidates {
		file := filepath.Join(src.dir, filepath.FromSlash(c))
		if !isPageFile(file) || !isRegularFile(file) {
			continue
		}
		body, err := os.ReadFile(file)
		if err != nil || !strings.HasPrefix(http.DetectContentType(body), "text/") {
			return nil
		}
		return &lint.PageInput{Doc: page.ParseHTML(body), Path: parsed.EscapedPath(), Robots: robots, Now: r.now}
	}
	return nil
}
