package rules

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// BlocksResources reports rules that keep Googlebot or Bingbot away from
// the CSS, JavaScript or images pages are rendered with.
var BlocksResources = &lint.Rule{
	Name:    "blocks-resources",
	Summary: "a rule that keeps search crawlers from the CSS, JavaScript or images pages need",
	Doc: lint.Doc{
		What: "Reports a Disallow rule that keeps Googlebot, or Bingbot when Bing is a target, from a " +
			"whole kind of page resource: every CSS, JavaScript or image file (`/*.css$`, `/*.js`), WordPress's " +
			"versioned assets (`/*?ver=`), a framework's asset directory (`/_next/static/`, `/wp-includes/`, " +
			"`/wp-content/themes/`), a directory named for a file type wherever it is (`/js/`, `/static/js/`, " +
			"`/assets/css/`, `/media/js/`), or a directory whose name usually means assets (`/assets/`, `/static/`, " +
			"`/scripts/`, `/images/`). It tries a typical file of each kind against the crawler's groups, so a rule " +
			"whose files a longer Allow opens again (`Allow: /themes/*.css$`) is not reported. It is a warning when " +
			"Googlebot is kept from files that are certainly CSS or JavaScript (by their extension, a framework's " +
			"path or a directory named for the type), and info for images, which a site may mean to keep out of " +
			"image search, when only a directory's name suggests assets, or when only Bingbot is concerned. " +
			"Rules for a single script, an admin area's scripts (`/wp-admin/js/`) or a directory named otherwise " +
			"are left alone.",
		Why: "Google and Bing render pages as a browser does before they index them. Without the " +
			"style sheets and scripts a page may look empty, broken or unfit for mobile, and its " +
			"content loaded by JavaScript is never seen; without its images, they cannot appear in " +
			"image search. Old advice to block `/wp-includes/` or `/js/` dates from before " +
			"crawlers rendered pages.",
		Instead: "Let search crawlers fetch the files pages are built from. To keep the rest of a " +
			"directory out, allow its assets explicitly: `Allow: /assets/*.css$`.",
	},
	Flagged:  "User-agent: *\nDisallow: /*.css$\nDisallow: /wp-includes/\n",
	Clean:    "User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n",
	Severity: lint.Info,
	Profiles: []*match.Profile{match.Google, match.Bing},
	Run:      runBlocksResources,
}

// Kinds of page resource.
const (
	resourceCSS = 1 << iota
	resourceJS
	resourceImages
)

// resourceNames name each kind, in the order messages list them.
var resourceNames = []struct {
	kind int
	name string
}{{resourceCSS, "CSS"}, {resourceJS, "JavaScript"}, {resourceImages, "image"}}

// resourceExtensions are the file extensions of each kind that a rule
// for all files of one extension is judged by.
var resourceExtensions = map[string]int{
	"css": resourceCSS, "js": resourceJS, "mjs": resourceJS,
	"png": resourceImages, "jpg": resourceImages, "jpeg": resourceImages, "gif": resourceImages,
	"svg": resourceImages, "webp": resourceImages, "avif": resourceImages, "ico": resourceImages,
}

// resourceDir is a directory that holds page resources: a typical file of
// each kind it holds, relative to the directory, and whether the path says
// so for certain (a framework's asset directory, or a name that is a file
// type) rather than by a name that usually means assets.
type resourceDir struct {
	files   []string
	certain bool
}

// resourceDirs are directories that hold page resources, by their path
// below the root. Names that also mean something else (media, plugins,
// modules, templates) are left out: a rule for them may be right. A
// nested directory whose last name is a file type ("/static/js/",
// "/media/css/") is found by that name (typeDirs).
var resourceDirs = map[string]resourceDir{
	"assets":             {[]string{"/css/style.css", "/js/app.js", "/img/logo.png"}, false},
	"static":             {[]string{"/css/style.css", "/js/app.js", "/img/logo.png"}, false},
	"_next":              {[]string{"/static/css/app.css", "/static/chunks/main.js"}, true},
	"_next/static":       {[]string{"/css/app.css", "/chunks/main.js"}, true},
	"_nuxt":              {[]string{"/app.css", "/entry.js"}, true},
	"themes":             {[]string{"/theme/style.css", "/theme/js/script.js"}, false},
	"scripts":            {[]string{"/script.js"}, false},
	"images":             {[]string{"/logo.png"}, false},
	"img":                {[]string{"/logo.png"}, false},
	"wp-includes":        {[]string{"/css/dist/block-library/style.min.css", "/js/jquery/jquery.min.js"}, true},
	"wp-content":         {[]string{"/themes/theme/style.css", "/plugins/plugin/script.js", "/uploads/2024/01/photo.jpg"}, true},
	"wp-content/themes":  {[]string{"/theme/style.css", "/theme/js/script.js"}, true},
	"wp-content/plugins": {[]string{"/plugin/style.css", "/plugin/script.js"}, true},
	"wp-content/uploads": {[]string{"/2024/01/photo.jpg"}, false},
}

// typeDirs are directory names that say what kind of file they hold, at
// the root or below another directory ("/js/", "/static/js/",
// "/assets/css/", "/media/js/"). Only CSS and JavaScript are certain:
// a page renders without its images.
var typeDirs = map[string]resourceDir{
	"css":         {[]string{"/style.css"}, true},
	"styles":      {[]string{"/style.css"}, false},
	"stylesheets": {[]string{"/style.css"}, true},
	"js":          {[]string{"/script.js"}, true},
	"javascript":  {[]string{"/script.js"}, true},
	"javascripts": {[]string{"/script.js"}, true},
	"images":      {[]string{"/logo.png"}, false},
	"img":         {[]string{"/logo.png"}, false},
}

// assetParents are the directories whose subdirectories named for a file
// type ("/static/js/", "/sites/default/files/css/", Drupal's aggregated
// files) certainly hold the site's assets. Below any other directory
// ("/maps/api/js/", an API; "/shop/old/css/") only the name says so.
var assetParents = map[string]bool{
	"static": true, "assets": true, "media": true, "public": true, "dist": true, "build": true,
	"resources": true, "res": true, "theme": true, "themes": true, "skin": true, "skins": true,
	"frontend": true, "sites/default/files": true,
}

// typeDir returns the directory named for a file type that the path name
// (lower case, without its slashes at either end) is: "js", "static/js".
// The scripts of an admin area ("/wp-admin/js/") are not what public pages
// are rendered with.
func typeDir(name []byte) (resourceDir, bool) {
	slash := bytes.LastIndexByte(name, '/')
	dir, ok := typeDirs[string(name[slash+1:])]
	if !ok || slash < 0 {
		return dir, ok
	}
	parent := name[:slash]
	if bytes.Contains(parent, []byte("admin")) {
		return resourceDir{}, false
	}
	dir.certain = dir.certain && (assetParents[string(parent)] || assetParents[string(parent[bytes.LastIndexByte(parent, '/')+1:])])
	return dir, true
}

// wordDirs are the directory names that are also words: only a pattern
// that ends in '/' (or "/*") names the directory.
var wordDirs = map[string]bool{"assets": true, "static": true, "themes": true, "styles": true, "images": true, "scripts": true}

// versionedAssets are the files WordPress links with a "?ver=" query, which
// a rule for every such URL ("/*?ver=") keeps crawlers from.
var versionedAssets = []string{"/wp-includes/css/dist/block-library/style.min.css?ver=6.4.2", "/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"}

// resourceKind returns the kind of page resource a probe URL is.
func resourceKind(url string) int {
	url, _, _ = strings.Cut(url, "?")
	dot := strings.LastIndexByte(url, '.')
	if dot < 0 {
		return 0
	}
	return resourceExtensions[strings.ToLower(url[dot+1:])]
}

// resourceProbes returns typical resource URLs that the Disallow pattern,
// as written, is meant to keep crawlers from, or nil when the pattern is
// not about page resources as a whole. certain is true when the pattern
// says for certain that it is about resources: a file extension, a
// framework's asset directory, a directory named for a file type; false
// when only a directory's name suggests resources.
func resourceProbes(pattern []byte) (probes []string, certain bool) {
	// The longest pattern of either form is "/*/wp-content/uploads/*".
	if len(pattern) > 32 {
		return nil, false
	}
	// Google ignores a trailing '*'; a '$' makes a directory pattern
	// name one URL, not a directory.
	body := bytes.TrimRight(pattern, "*")
	body, anchored := bytes.CutSuffix(body, []byte("$"))

	// Every URL with WordPress's version query: "/*?ver=", "/*?ver".
	if q, ok := bytes.CutPrefix(bytes.TrimPrefix(body, []byte("/")), []byte("*?")); ok && !anchored {
		if string(q) == "ver=" || string(q) == "ver" {
			return versionedAssets, true
		}
		return nil, false
	}
	// Every file of an extension: "/*.css$", "*.js", "/*.png*".
	if ext, ok := bytes.CutPrefix(bytes.TrimPrefix(body, []byte("/")), []byte("*.")); ok {
		var buf [8]byte
		if len(ext) > len(buf) || resourceExtensions[string(lowerInto(buf[:], ext))] == 0 {
			return nil, false
		}
		probe := "/dir/file." + string(ext)
		if anchored {
			return []string{probe}, true
		}
		return []string{probe, probe + "?v=1"}, true
	}
	if anchored {
		return nil, false
	}
	// A directory: "/assets/", "/js", "/*/css/", "/wp-content/themes/",
	// "/static/js/".
	name, ok := bytes.CutPrefix(bytes.TrimSuffix(body, []byte("/")), []byte("/"))
	if !ok || len(name) == 0 {
		return nil, false
	}
	prefix := "/"
	if rest, ok := bytes.CutPrefix(name, []byte("*/")); ok {
		name, prefix = rest, "/x/"
	}
	var buf [24]byte
	if len(name) > len(buf) {
		return nil, false
	}
	lower := lowerInto(buf[:], name)
	dir, ok := resourceDirs[string(lower)]
	word := wordDirs[string(lower)]
	if !ok {
		dir, ok = typeDir(lower)
		word = wordDirs[string(lower[bytes.LastIndexByte(lower, '/')+1:])]
	}
	if !ok || word && !bytes.HasSuffix(body, []byte("/")) {
		// "/themes" may be a page of the site as well as a directory.
		return nil, false
	}
	base := prefix + string(name)
	probes = make([]string, len(dir.files))
	for k, file := range dir.files {
		probes[k] = base + file
	}
	return probes, dir.certain
}

// mayNameResources is a quick test that a Disallow pattern is of one of
// the shapes resourceProbes knows: "/*.ext", "*.ext", "/*?ver=", or a
// directory whose name starts with a letter some resource directory
// starts with.
func mayNameResources(pattern []byte) bool {
	if len(pattern) < 3 || len(pattern) > 32 {
		return false
	}
	if pattern[0] == '*' {
		return pattern[1] == '.' || pattern[1] == '?'
	}
	c := pattern[1]
	if c == '*' {
		switch pattern[2] {
		case '.', '?':
			return true
		case '/':
			return len(pattern) > 3
		}
		return false
	}
	switch c | 0x20 {
	case 'a', 's', 't', 'c', 'j', 'i', 'w', 'm':
		return true
	}
	return c == '_'
}

// lowerInto writes b lower-cased (ASCII only) into buf, which must be long
// enough, and returns that part of buf.
func lowerInto(buf, b []byte) []byte {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return buf[:len(b)]
}

// resourceBlock is one rule that keeps crawlers from page resources.
type resourceBlock struct {
	line     int
	kinds    int
	crawlers []string
	// byName is true when only the directory's name says it holds
	// resources: the message then says so rather than claiming it, and
	// the finding stays info.
	byName bool
	// google is true when Googlebot is among the crawlers.
	google bool
}

func runBlocksResources(pass *lint.Pass) {
	f := pass.File
	var found []*resourceBlock
	for _, c := range targetedSearchCrawlers(pass) {
		// The Allow rules, which may open resources again, and the
		// Disallow rules that name resources, of the crawler's groups.
		var candidates, allowLines []viewRule
		v := readForCrawler(pass.Layout(c.profile), c)
		for _, k := range v.selected {
			for _, r := range v.rules(k) {
				switch {
				case len(r.value) == 0:
				case r.allow:
					allowLines = append(allowLines, r)
				case mayNameResources(r.value):
					candidates = append(candidates, r)
				}
			}
		}
		if len(candidates) == 0 {
			continue
		}
		allows := make([]allowRule, len(allowLines))
		for k, r := range allowLines {
			allows[k] = allowRule{c.profile.Pattern(true, string(r.value)), r.priority}
		}
		tried := map[string]bool{}
		for _, rule := range candidates {
			probes, certain := resourceProbes(rule.value)
			if len(probes) == 0 || tried[string(rule.value)] {
				continue
			}
			value := string(rule.value)
			tried[value] = true
			disallow := c.profile.Pattern(false, value)
			kinds := 0
			for _, probe := range probes {
				// A longer Allow may open the resources again.
				if disallow.Matches(probe) && !reopenedFor(allows, probe, rule.priority) {
					kinds |= resourceKind(probe)
				}
			}
			if kinds == 0 {
				continue
			}
			i := slices.IndexFunc(found, func(b *resourceBlock) bool { return b.line == rule.line })
			if i < 0 {
				found = append(found, &resourceBlock{line: rule.line})
				i = len(found) - 1
			}
			b := found[i]
			b.kinds |= kinds
			b.byName = !certain
			b.google = b.google || c.profile == match.Google
			if !slices.Contains(b.crawlers, c.name) {
				b.crawlers = append(b.crawlers, c.name)
			}
		}
	}
	slices.SortFunc(found, func(a, b *resourceBlock) int { return a.line - b.line })
	for _, b := range found {
		l := &f.Lines[b.line]
		span := l.Text()
		if l.Kind == syntax.LineDirective {
			span = syntax.Span{Start: l.Key().Start, End: l.Value().End}
		}
		var kinds []string
		for _, k := range resourceNames {
			if b.kinds&k.kind != 0 {
				kinds = append(kinds, k.name)
			}
		}
		use := "render pages as visitors see them"
		if b.kinds == resourceImages {
			use = "show them in image search and render pages as visitors see them"
		}
		who := prose.Join(b.crawlers)
		var opts []lint.ReportOption
		if !b.byName && b.google && b.kinds&(resourceCSS|resourceJS) != 0 {
			// Blocking the CSS and JavaScript Googlebot renders pages with
			// is one of the mistakes Google's documentation warns of most;
			// keeping images out of image search may be meant.
			opts = append(opts, lint.WithSeverity(lint.Warning))
		}
		if b.byName {
			pass.Report(span, fmt.Sprintf("a directory of this name usually holds %s files, which %s to %s: if this one does, this rule keeps %s from them",
				prose.Join(kinds), prose.Subject(b.crawlers, "needs", "need"), use, who), opts...)
			continue
		}
		pass.Report(span, fmt.Sprintf("this keeps %s from the site's %s files, which %s to %s",
			who, prose.Join(kinds), prose.Verb(b.crawlers, "it needs", "they need"), use), opts...)
	}
}

// allowRule is an Allow rule that may open a resource again: its pattern,
// read once rather than at every match, and its priority.
type allowRule struct {
	pattern  match.Pattern
	priority int32
}

// reopenedFor reports whether an Allow rule whose priority is at least
// that of a Disallow rule (for Google and RFC 9309, a pattern at least as
// long) matches path, and so keeps that rule from deciding: the highest
// priority decides, and Allow wins a tie.
func reopenedFor(allows []allowRule, path string, priority int32) bool {
	for k := range allows {
		if a := &allows[k]; a.priority >= priority && a.pattern.Matches(path) {
			return true
		}
	}
	return false
}
