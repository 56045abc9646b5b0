package main

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/page"
)

// Linting the HTML pages of a built site (--pages, or pages = true in
// .robotslint.toml): a directory named on the command line is the root of
// a site, as a static host serves it. Its robots.txt is the one at the
// root, and each page's URL path is its place under the root, index.html
// standing for its directory, so that the page rules can check each
// page's robots META tags against the robots.txt line that decides
// whether crawlers fetch it, before the site is deployed.
//
// Pages are off by default: "robotslint ." is run today in repositories
// full of HTML that is no site (templates, documentation sources, test
// fixtures), and turning pages on for them would change results that CI
// jobs rely on, and slow them.

// sitePage is one HTML page of a site directory.
type sitePage struct {
	file    string // the file, as the walk found it
	urlPath string // the URL path a server gives it, such as "/blog/"; "" when the file is not under a site root
	robots  string // the site root's robots.txt, or "" when it has none
}

// pageExtensions are the file name endings of the pages a walk lints, as
// static hosts serve them as text/html.
var pageExtensions = []string{".html", ".htm"}

// isPageFile reports whether a file name is that of an HTML page.
func isPageFile(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return slices.Contains(pageExtensions, ext)
}

// walkPages returns the HTML pages under root, a site directory, in
// lexical order, skipping the directories walkRobots skips, with an error
// for each entry that cannot be read; the walk goes on past each.
func walkPages(root string) (pages []sitePage, errs []error) {
	robots := filepath.Join(root, robotsFileName)
	if info, err := os.Stat(robots); err != nil || !info.Mode().IsRegular() {
		robots = ""
	}
	start := root
	if info, err := os.Lstat(root); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		start += string(filepath.Separator)
	}
	filepath.WalkDir(start, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			errs = append(errs, fmt.Errorf("cannot read %s: %v", path, pathErrText(err)))
			return nil
		}
		if d.IsDir() {
			if path != start && slices.Contains(skippedDirs, d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !isPageFile(d.Name()) {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			info, err := os.Stat(path)
			if err != nil {
				errs = append(errs, fmt.Errorf("cannot read %s: %v", path, linkErrText(err)))
				return nil
			}
			if !info.Mode().IsRegular() {
				return nil
			}
		} else if !d.Type().IsRegular() {
			return nil
		}
		pages = append(pages, sitePage{file: path, urlPath: pageURLPath(start, path), robots: robots})
		return nil
	})
	return pages, errs
}

// pageURLPath returns the URL path a static host serves file at, file
// being under the site directory root: its path under root with slashes,
// percent-encoded as crawlers request it, and "/dir/" for dir/index.html,
// which hosts serve for the directory.
func pageURLPath(root, file string) string {
	rel, err := filepath.Rel(root, file)
	if err != nil {
		return ""
	}
	rel = filepath.ToSlash(rel)
	dir, name := "", rel
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		dir, name = rel[:i+1], rel[i+1:]
	}
	if strings.EqualFold(name, "index.html") || strings.EqualFold(name, "index.htm") {
		rel = dir
	}
	return (&url.URL{Path: "/" + rel}).EscapedPath()
}

// pagesOn reports whether the pages of directory dir are linted: --pages,
// or the pages setting of the configuration that applies to dir.
func (r *lintRun) pagesOn(dir string) bool {
	if r.opt.pages {
		return true
	}
	cfg, err := r.config(filepath.Join(dir, robotsFileName))
	return err == nil && cfg != nil && cfg.Pages
}

// sitePages returns the pages to lint for the command's arguments: every
// page under each directory whose pages are on (see pagesOn), and each
// HTML file named when pages are on for it, which is linted without a URL
// path (nothing says where it is served). sites are the directories
// whose pages are on: a site need not have a robots.txt.
func (r *lintRun) sitePages(args []string) (pages []sitePage, sites map[string]bool, errs []error) {
	sites = map[string]bool{}
	seen := map[string]bool{}
	add := func(p sitePage) {
		if k := inputKey(p.file); !seen[k] {
			seen[k] = true
			pages = append(pages, p)
		}
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
			if !r.pagesOn(arg) {
				continue
			}
			sites[arg] = true
			found, walkErrs := walkPages(arg)
			errs = append(errs, walkErrs...)
			for _, p := range found {
				add(p)
			}
		case isPageFile(arg) && r.pagesOn(filepath.Dir(arg)):
			add(sitePage{file: arg})
		}
	}
	return pages, sites, errs
}

// lintPages lints pages, as many at a time as there are cores, and returns
// their outcomes in the order given. Each site's robots.txt is read once.
func (r *lintRun) lintPages(pages []sitePage) []lintInput { return inParallel(pages, r.lintPage) }

// siteRobots returns the parsed robots.txt at path, read once per run, or
// nil when it cannot be read (the robots.txt input itself says why).
func (r *lintRun) siteRobots(path string) *syntax.File {
	if path == "" {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if f, ok := r.robotsFiles[path]; ok {
		return f
	}
	var f *syntax.File
	if src, err := os.ReadFile(path); err == nil {
		f = syntax.Parse(src)
	}
	if r.robotsFiles == nil {
		r.robotsFiles = map[string]*syntax.File{}
	}
	r.robotsFiles[path] = f
	return f
}

// emptyFile stands for the text of a page without findings: the output
// needs positions only for findings, and a line index of every clean page
// of a large site would cost as much as linting it.
var emptyFile = syntax.Parse(nil)

// lintPage lints one page with the page rules, fixing it as asked. A file
// that holds no text (an image saved as .html) is skipped with a note.
func (r *lintRun) lintPage(p sitePage) (res lintInput) {
	defer func() {
		if v := recover(); v != nil {
			res = lintInput{err: fmt.Errorf("internal error on %s: %v (please report it)", p.file, v)}
		}
	}()
	cfg, err := r.config(p.file)
	if err != nil {
		return lintInput{err: err}
	}
	src, err := readInput(p.file, nil)
	if err != nil {
		return lintInput{err: err}
	}
	if kind := http.DetectContentType(src); !strings.HasPrefix(kind, "text/") {
		kind, _, _ = strings.Cut(kind, ";")
		return lintInput{note: fmt.Sprintf("%s: skipped: it holds %s data, not HTML", p.file, kind)}
	}
	robots := r.siteRobots(p.robots)
	in := &lint.PageInput{Doc: page.ParseHTML(src), Path: p.urlPath, Robots: robots, Now: r.now}
	if r.opt.fix || r.opt.diff {
		fixed, applied := lint.FixPage(in, rules.All(), cfg, r.opt.unsafeFixes)
		if len(applied) > 0 {
			switch {
			case r.opt.diff:
				res.output = unifiedDiff(p.file, src, fixed)
			default:
				if err := writeFileAtomic(p.file, fixed); err != nil {
					return lintInput{err: err}
				}
				src = fixed
				in.Doc = page.ParseHTML(src)
				res.report.Fixed = len(applied)
			}
		}
	}
	diags := lint.LintPage(in, rules.All(), cfg)
	res.report.Path = p.file
	res.report.Diagnostics = diags
	res.report.File = emptyFile
	if len(diags) > 0 {
		res.report.File = syntax.Parse(src)
	}
	if robots != nil {
		res.report.Robots, res.report.RobotsPath = robots, p.robots
	}
	return res
}

// noRobotsError is the error of a directory that holds no robots.txt: a
// site directory whose pages are linted need not have one.
type noRobotsError struct{ dir string }

func (e *noRobotsError) Error() string {
	return fmt.Sprintf("%s holds no file named %s", e.dir, robotsFileName)
}

// dropSiteErrors removes from errs the noRobotsError of each directory in
// sites, whose pages are linted instead.
func dropSiteErrors(errs []error, sites map[string]bool) []error {
	return slices.DeleteFunc(errs, func(err error) bool {
		var nr *noRobotsError
		return errors.As(err, &nr) && sites[nr.dir]
	})
}
