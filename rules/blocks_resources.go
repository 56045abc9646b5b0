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
			"whole kind of page resource: every CSS, JavaScript or image file (`/*.css$`, `/*.js`), " +
			"or a directory that by its name holds them (`/assets/`, `/static/`, `/css/`, `/js/`, " +
			"`/images/`, `/wp-includes/`, `/wp-content/themes/`...). It tries a typical file of each " +
			"kind against the crawler's groups, so a rule whose files a longer Allow opens again " +
			"(`Allow: /themes/*.css$`) is not reported. Rules for a single script or a directory " +
			"named otherwise are left alone.",
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

// resourceDirs are directories that, by their name, hold page resources,
// with a typical file of each kind they hold, relative to the directory.
// Names that also mean something else (media, scripts, plugins, modules,
// templates) are left out: a rule for them may be right.
var resourceDirs = map[string][]string{
	"assets":             {"/css/style.css", "/js/app.js", "/img/logo.png"},
	"static":             {"/css/style.css", "/js/app.js", "/img/logo.png"},
	"_next":              {"/static/css/app.css", "/static/chunks/main.js"},
	"themes":             {"/theme/style.css", "/theme/js/script.js"},
	"css":                {"/style.css"},
	"styles":             {"/style.css"},
	"stylesheets":        {"/style.css"},
	"js":                 {"/script.js"},
	"javascript":         {"/script.js"},
	"javascripts":        {"/script.js"},
	"images":             {"/logo.png"},
	"img":                {"/logo.png"},
	"wp-includes":        {"/css/dist/block-library/style.min.css", "/js/jquery/jquery.min.js"},
	"wp-content":         {"/themes/theme/style.css", "/plugins/plugin/script.js", "/uploads/2024/01/photo.jpg"},
	"wp-content/themes":  {"/theme/style.css", "/theme/js/script.js"},
	"wp-content/plugins": {"/plugin/style.css", "/plugin/script.js"},
	"wp-content/uploads": {"/2024/01/photo.jpg"},
}

// wordDirs are the resourceDirs whose names are also words: only a pattern
// that ends in '/' (or "/*") names the directory.
var wordDirs = map[string]bool{"assets": true, "static": true, "themes": true, "styles": true, "images": true}

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
// not about page resources as a whole. byName is true when the pattern is
// a directory whose name suggests resources, rather than a file extension
// that says what the files are.
func resourceProbes(pattern []byte) (probes []string, byName bool) {
	// The longest pattern of either form is "/*/wp-content/uploads/*".
	if len(pattern) > 32 {
		return nil, false
	}
	// Google ignores a trailing '*'; a '$' makes a directory pattern
	// name one URL, not a directory.
	body := bytes.TrimRight(pattern, "*")
	body, anchored := bytes.CutSuffix(body, []byte("$"))

	// Every file of an extension: "/*.css$", "*.js", "/*.png*".
	if ext, ok := bytes.CutPrefix(bytes.TrimPrefix(body, []byte("/")), []byte("*.")); ok {
		var buf [8]byte
		if len(ext) > len(buf) || resourceExtensions[string(lowerInto(buf[:], ext))] == 0 {
			return nil, false
		}
		probe := "/dir/file." + string(ext)
		if anchored {
			return []string{probe}, false
		}
		return []string{probe, probe + "?v=1"}, false
	}
	if anchored {
		return nil, false
	}
	// A directory: "/assets/", "/js", "/*/css/", "/wp-content/themes/".
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
	files := resourceDirs[string(lower)]
	if files == nil || wordDirs[string(lower)] && !bytes.HasSuffix(body, []byte("/")) {
		// "/themes" may be a page of the site as well as a directory.
		return nil, false
	}
	base := prefix + string(name)
	probes = make([]string, len(files))
	for k, file := range files {
		probes[k] = base + file
	}
	return probes, true
}

// mayNameResources is a quick test that a Disallow pattern is of one of
// the shapes resourceProbes knows: "/*.ext", "*.ext", or a directory
// whose name starts with a letter some resource directory starts with.
func mayNameResources(pattern []byte) bool {
	if len(pattern) < 3 || len(pattern) > 32 {
		return false
	}
	if pattern[0] == '*' {
		return pattern[1] == '.'
	}
	c := pattern[1]
	if c == '*' {
		if pattern[2] == '.' || pattern[2] == '/' && len(pattern) > 3 {
			return true
		}
		return false
	}
	switch c | 0x20 {
	case 'a', 's', 't', 'c', 'j', 'i', 'w':
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
	// resources: the message then says so rather than claiming it.
	byName bool
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
			probes, byName := resourceProbes(rule.value)
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
			b.byName = byName
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
		if b.byName {
			pass.Report(span, fmt.Sprintf("a directory of this name usually holds %s files, which %s to %s: if this one does, this rule keeps %s from them",
				prose.Join(kinds), prose.Subject(b.crawlers, "needs", "need"), use, who))
			continue
		}
		pass.Report(span, fmt.Sprintf("this keeps %s from the site's %s files, which %s to %s",
			who, prose.Join(kinds), prose.Verb(b.crawlers, "it needs", "they need"), use))
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
