package rules

import (
	"bytes"
	"fmt"
	"html"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// HTMLEntity reports an HTML entity (`&amp;`, `&#x2F;`, `&lt;`) in an
// Allow or Disallow path or a Sitemap URL, typically copied from an HTML
// page or a sitemap's XML. robots.txt is plain text: crawlers match and
// fetch the entity's characters as written.
var HTMLEntity = &lint.Rule{
	Name:    "html-entity",
	Summary: "an HTML entity such as `&amp;` in a path or a sitemap URL, which crawlers read literally",
	Doc: lint.Doc{
		What: "Reports an HTML character reference in an Allow or Disallow path or a Sitemap URL: a named one such " +
			"as `&amp;` or `&lt;`, or a numeric one such as `&#47;` or `&#x2F;`, ended by `;`.",
		Why: "robots.txt is plain text, not HTML: no crawler decodes entities. `Disallow: /a?b=1&amp;c=2` looks for " +
			"URLs that hold the five characters `&amp;`, so it misses the real URL `/a?b=1&c=2`, and a sitemap URL " +
			"with `&amp;` in its query asks the server for a parameter named `amp;c`. Entities come in when a rule " +
			"is copied from an HTML page or from a sitemap's XML, where `&` must be written `&amp;`.",
		Instead: "Write the character itself (`&`, `/`), or, for a character URLs never hold raw such as `<` or a " +
			"space, its percent-encoding (`%3C`, `%20`).",
		FixSafety: "The fix writes the character (or its percent-encoding) for each entity and is never safe (applied " +
			"only with `--unsafe-fixes`): the rule then matches the URLs it names, which it did not, for every crawler.",
	},
	Flagged:  "User-agent: *\nDisallow: /search?q=&amp;page=\n",
	Clean:    "User-agent: *\nDisallow: /search?q=&page=\n",
	Severity: lint.Warning,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runHTMLEntity,
}

func runHTMLEntity(pass *lint.Pass) {
	f := pass.File
	if notRobotsTxt(pass) {
		return
	}
	content := judgeContent(pass)
	for _, i := range linesHolding(nil, f, pass.ReadTo(), entityStart) {
		d, _, value, _ := match.GoogleLine(f, i)
		l := &f.Lines[i]
		if d != syntax.DirectiveAllow && d != syntax.DirectiveDisallow && d != syntax.DirectiveSitemap ||
			!content.reads(i) || !bytes.Equal(f.Text(l.Value()), value) {
			// A line Google splits anew holds control characters,
			// which control-character reports first.
			continue
		}
		if entities := findEntities(value); len(entities) > 0 {
			reportEntities(pass, d, value, l.Value().Start, entities)
		}
		if e, ok := cutEntity(f, l); ok {
			reportCutEntity(pass, d, l, e)
		}
	}
}

// entityStart returns the offset of the first '&' in b that may start a
// character reference, whole (`&amp;`, `&#47;`) or cut by a comment
// (`&#x2F;`), or -1. Most '&' in a file join a URL's query parameters, and
// looking at their lines is most of this rule's work.
func entityStart(b []byte) int {
	for at := 0; ; {
		n := bytes.IndexByte(b[at:], '&')
		if n < 0 {
			return -1
		}
		k := at + n
		rest := b[k+1:]
		if len(rest) > 0 && rest[0] == '#' {
			return k
		}
		j := 0
		for j < len(rest) && j < 32 && isAlnum(rest[j]) {
			j++
		}
		if j > 0 && j < len(rest) && rest[j] == ';' {
			return k
		}
		at = k + 1
	}
}

// cutEntity returns the numeric character reference that the comment of
// line l cuts in two, as `&#x2F;` in `Disallow: /a&#x2F;b`, where
// crawlers read the rule as `/a&`. Its offsets are from the value's
// start.
func cutEntity(f *syntax.File, l *syntax.Line) (entity, bool) {
	value, c := l.Value(), l.Comment()
	if value.Len() == 0 || c.Start != value.End || f.Bytes()[value.End-1] != '&' {
		return entity{}, false
	}
	end := c.Start
	for end < c.End && f.Bytes()[end] != ' ' && f.Bytes()[end] != '\t' {
		end++
	}
	es := findEntities(f.Bytes()[value.End-1 : end])
	if len(es) == 0 || es[0].s != 0 {
		return entity{}, false
	}
	e := es[0]
	e.s, e.e = e.s+value.Len()-1, e.e+value.Len()-1
	return e, true
}

// reportCutEntity reports entity e, which the comment that starts at its
// '#' cuts in two.
func reportCutEntity(pass *lint.Pass, d syntax.Directive, l *syntax.Line, e entity) {
	f := pass.File
	start := l.Value().Start
	ref := f.Text(syntax.Span{Start: start + e.s, End: start + e.e})
	value := f.Text(l.Value())
	var reads string
	if d == syntax.DirectiveSitemap {
		reads = "fetch the sitemap URL " + prose.Quote(value)
	} else {
		reads = "read the rule as " + prose.Quote([]byte(d.Canonical()+": "+string(value)))
	}
	msg := fmt.Sprintf("%s is an HTML entity, which crawlers do not decode, and its `#` starts a comment: they %s; write %s",
		prose.Quote(ref), reads, prose.Quote([]byte(e.write)))
	fix := lint.Fix{
		Title: "Write " + prose.Quote([]byte(e.write)) + " for " + prose.Quote(ref),
		Edits: []lint.Edit{{Span: syntax.Span{Start: start + e.s, End: start + e.e}, NewText: e.write}},
	}
	pass.Report(syntax.Span{Start: start + e.s, End: start + e.e}, msg, lint.WithFix(fix))
}

// entity is an HTML character reference at value[s:e], which stands for
// the text char and is best written as write.
type entity struct {
	s, e        int
	char, write string
}

// findEntities returns the character references in value: '&', a name
// HTML knows or '#' and a decimal or hexadecimal number, and ';'. Without
// the ';' the text is too often an ordinary query (`&copy=1`).
func findEntities(value []byte) []entity {
	var out []entity
	for k := bytes.IndexByte(value, '&'); k >= 0 && k < len(value); {
		semi := bytes.IndexByte(value[k:], ';')
		if semi < 2 || semi > 32 || !entityBody(value[k+1:k+semi]) {
			next := bytes.IndexByte(value[k+1:], '&')
			if next < 0 {
				break
			}
			k += 1 + next
			continue
		}
		ref := string(value[k : k+semi+1])
		// "&ampx;" is no entity, though HTML reads "&amp" in it.
		if char := html.UnescapeString(ref); char != ref && (!strings.HasSuffix(char, ";") || ref == "&semi;") {
			out = append(out, entity{s: k, e: k + semi + 1, char: char, write: urlText(char)})
		}
		k += semi + 1
		if next := bytes.IndexByte(value[k:], '&'); next >= 0 {
			k += next
		} else {
			break
		}
	}
	return out
}

// entityBody reports whether b, the text between '&' and ';', has the
// shape of a character reference's name or number.
func entityBody(b []byte) bool {
	digit := isAlnum
	if b[0] == '#' {
		b, digit = b[1:], isHexDigit
		if len(b) > 0 && (b[0] == 'x' || b[0] == 'X') {
			b = b[1:]
		}
	}
	for _, c := range b {
		if !digit(c) {
			return false
		}
	}
	return len(b) > 0
}

// urlText returns how char is best written in a URL: as itself when URLs
// carry it raw, percent-encoded as UTF-8 otherwise.
func urlText(char string) string {
	var b strings.Builder
	for _, c := range []byte(char) {
		if c > ' ' && c < 0x7F && !strings.ContainsRune(`"<>\^`+"`{|}", rune(c)) {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// reportEntities reports the entities of a value that starts at offset
// start, with one fix for them all.
func reportEntities(pass *lint.Pass, d syntax.Directive, value []byte, start int, entities []entity) {
	fix := lint.Fix{Title: "Write the characters the HTML entities stand for"}
	var decoded []byte
	last := 0
	for _, e := range entities {
		fix.Edits = append(fix.Edits, lint.Edit{Span: syntax.Span{Start: start + e.s, End: start + e.e}, NewText: e.write})
		decoded = append(append(decoded, value[last:e.s]...), e.write...)
		last = e.e
	}
	decoded = append(decoded, value[last:]...)
	if len(entities) == 1 {
		fix.Title = "Write " + prose.Quote([]byte(entities[0].write)) + " for " + prose.Quote(value[entities[0].s:entities[0].e])
	}
	e := entities[0]
	ref := prose.Quote(value[e.s:e.e])
	more := ""
	if n := len(entities); n > 1 {
		more = fmt.Sprintf(" (one of %s on the line)", prose.Int(n))
	}
	write := prose.Quote([]byte(e.write))
	var pairs []string
	for _, x := range entities {
		pair := prose.Quote([]byte(x.write)) + " for " + prose.Quote(value[x.s:x.e])
		if !slices.Contains(pairs, pair) {
			pairs = append(pairs, pair)
		}
	}
	if len(pairs) > 1 {
		write = prose.Join(pairs)
	}
	var msg string
	if d == syntax.DirectiveSitemap {
		msg = fmt.Sprintf("%s is an HTML entity%s, which crawlers do not decode: they fetch the sitemap URL as written, "+
			"not %s; write %s", ref, more, prose.Quote(decoded), write)
	} else {
		msg = fmt.Sprintf("%s is an HTML entity%s, which crawlers do not decode: they look for these very characters, "+
			"so the rule misses %s; write %s", ref, more, prose.Quote(decoded), write)
	}
	pass.Report(syntax.Span{Start: start + e.s, End: start + entities[len(entities)-1].e}, msg, lint.WithFix(fix))
}
