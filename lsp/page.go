package lsp

import (
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/page"
)

// HTML pages get the page rules (robots META tags, section markers) rather
// than the robots.txt rules, and only diagnostics, hover and quick fixes:
// completion, formatting, symbols, folding, semantic tokens and links are
// robots.txt features, and answer nothing for a page, so that the editor's
// own HTML support keeps them.

// isPage reports whether the open document at u, of language languageID
// as the client names it, is an HTML page: the language "html", or a name
// ending in .html or .htm, whatever the language, since clients name it
// after their modes ("mhtml" in Emacs) or not at all.
func isPage(u uri.URI, languageID string) bool {
	if languageID == "html" {
		return true
	}
	name := strings.ToLower(string(u))
	if i := strings.IndexAny(name, "?#"); i >= 0 {
		name = name[:i]
	}
	return strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".htm")
}

// pageDocument is what a document that is an HTML page adds: the page
// parsed, where it is served, and the site's robots.txt.
type pageDocument struct {
	doc *page.Document
	// path is the page's URL path, from its place under the directory of
	// the site's robots.txt ("/blog/" for blog/index.html), or "" when no
	// robots.txt was found.
	path   string
	robots *siteRobots // nil when none was found
}

// siteRobots is a site's robots.txt as found on disk, with what it takes
// to point at its lines.
type siteRobots struct {
	uri  uri.URI
	file *syntax.File
	dir  string // the site's root directory
}

// hasDirectives reports whether the page has anything the page rules
// judge: a robots META tag or a section marker. A page without any gets
// no diagnostics at all, and its site's robots.txt is not even looked for.
func (p *pageDocument) hasDirectives() bool {
	return len(p.doc.Metas) > 0 || len(p.doc.Sections) > 0
}

// newPageDocument parses the page at u and finds its site's robots.txt.
func newPageDocument(u uri.URI, version int32, text []byte, cfg *lint.Config, enc syntax.Encoding, sites *siteFiles) *document {
	pd := &pageDocument{doc: page.ParseHTML(text)}
	if pd.hasDirectives() && u.Scheme() == "file" && sites != nil {
		file := u.FsPath()
		if robots := sites.find(filepath.Dir(file)); robots != nil {
			pd.robots = robots
			pd.path = pageURLPath(robots.dir, file)
		}
	}
	return &document{uri: u, version: version, page: pd, src: text, cfg: cfg, conv: converter{index: syntax.NewLineIndex(text), enc: enc}}
}

// pageURLPath returns the URL path a page at file is served at on a site
// whose root is dir, the way a static host serves a built site: the path
// under dir, with index.html (or index.htm) standing for its directory,
// percent-encoded as crawlers request it. It returns "" for a file that
// is not under dir.
func pageURLPath(dir, file string) string {
	rel, err := filepath.Rel(dir, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	p := "/" + filepath.ToSlash(rel)
	switch strings.ToLower(path.Base(p)) {
	case "index.html", "index.htm":
		p = path.Dir(p)
		if p != "/" {
			p += "/"
		}
	}
	return (&url.URL{Path: p}).EscapedPath()
}

// lintPage runs the page rules on a page with directives; a page without
// any gets none.
func (d *document) lintPage() []lint.Diagnostic {
	p := d.page
	if !p.hasDirectives() {
		return nil
	}
	in := &lint.PageInput{Doc: p.doc, Path: p.path, Now: time.Now()}
	if p.robots != nil {
		in.Robots = p.robots.file
	}
	return lint.LintPage(in, rules.All(), d.cfg)
}

// siteFiles finds the robots.txt of the site a page belongs to, and
// remembers it, as configFiles remembers configuration files: the nearest
// robots.txt in the page's directory or above it, whose directory is taken
// for the site's root. That is where a static site generator's output
// (public/, _site/, dist/) keeps it, and where a server serving that
// directory at / serves it. The file is read as saved: a robots.txt being
// edited counts once it is saved (DidSave makes the server look again).
type siteFiles struct {
	read func(path string) ([]byte, error) // os.ReadFile
	stat func(path string) (os.FileInfo, error)

	mu    sync.Mutex
	found map[string]*siteRobots // directory -> its site's robots.txt, nil for none
	// forgotten counts the calls of forget: a file read before one may be
	// stale, and is not remembered.
	forgotten uint64
}

func newSiteFiles() *siteFiles {
	return &siteFiles{read: os.ReadFile, stat: os.Stat, found: map[string]*siteRobots{}}
}

// find returns the robots.txt nearest to dir, in it or above it, or nil
// when there is none or it cannot be read.
func (s *siteFiles) find(dir string) *siteRobots {
	s.mu.Lock()
	robots, ok := s.found[dir]
	gen := s.forgotten
	s.mu.Unlock()
	if ok {
		return robots
	}
	for d := dir; ; {
		candidate := filepath.Join(d, "robots.txt")
		if fi, err := s.stat(candidate); err == nil && fi.Mode().IsRegular() {
			if data, err := s.read(candidate); err == nil {
				robots = &siteRobots{uri: uri.File(candidate), file: syntax.Parse(data), dir: d}
			}
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	s.mu.Lock()
	if s.forgotten == gen {
		s.found[dir] = robots
	}
	s.mu.Unlock()
	return robots
}

// forget drops everything found: a robots.txt saved, created or deleted in
// one directory changes the site of every directory below it.
func (s *siteFiles) forget() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.forgotten++
	clear(s.found)
}
