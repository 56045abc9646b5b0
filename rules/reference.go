package rules

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/robotslint/robotslint/lint"
)

// Explain returns a rule's documentation in Markdown: its summary, what it
// reports, why it matters, an example it flags, what to write instead and,
// for a rule with fixes, when they are safe. The rule reference
// (rules/README.md), "robotslint explain" and the language server's hover
// all show this text.
func Explain(r *lint.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s.\n\n", r.Name, r.Summary)
	fmt.Fprintf(&b, "Default severity: %s. Fixable: %s.", r.Severity, yesNo(r.Fixable))
	if len(r.Profiles) > 0 {
		var names []string
		for _, p := range r.Profiles {
			names = append(names, p.Name)
		}
		fmt.Fprintf(&b, " Concerns: %s.", strings.Join(names, ", "))
	}
	switch r.Scope {
	case lint.ScopeFetch:
		if r == SitemapUnreachable {
			// The one fetch rule about what robots.txt points to, which a
			// local site's files answer as well as a server.
			b.WriteString(" Checked when robotslint follows the Sitemap lines of robots.txt (a URL argument with sitemaps, or a site directory).")
		} else {
			b.WriteString(" Checked only for a URL argument, from the fetch of the site's robots.txt.")
		}
	case lint.ScopePage:
		b.WriteString(" Checks HTML pages (`robotslint --pages`, and HTML files in the editor), not robots.txt files")
		if r.ExampleRobots != "" {
			b.WriteString(", with the site's robots.txt")
		}
		b.WriteString(".")
	case lint.ScopeSitemap:
		b.WriteString(" Checks sitemaps, which robotslint reads when it follows a site's Sitemap lines (and those of a site directory), not robots.txt files.")
	}
	b.WriteString("\n\n")
	section(&b, "What it does", r.Doc.What)
	section(&b, "Why it matters", r.Doc.Why)
	if r.Flagged == "" {
		// A check of the HTTP answer that brought the file (ScopeFetch)
		// has no robots.txt to show.
		fmt.Fprintf(&b, "**Use instead**\n\n%s\n", r.Doc.Instead)
	} else {
		// A page rule's examples are pages; one that judges a page with
		// its site's robots.txt shows that file and where the page is.
		lang := "robots.txt"
		switch {
		case r.Scope == lint.ScopePage:
			lang = "html"
		case r.Scope == lint.ScopeSitemap && strings.HasPrefix(r.Flagged, "<"):
			lang = "xml"
		case r.Scope == lint.ScopeSitemap:
			lang = "text" // a text sitemap, one URL a line
		}
		b.WriteString("**Example**\n\n")
		if r.Scope == lint.ScopeSitemap {
			sitemapIntro(&b, r)
		} else if r.ExampleRobots != "" {
			fmt.Fprintf(&b, "With this robots.txt:\n\n```robots.txt\n%s```\n\nthe page at `%s`:\n\n", abbreviate(r.ExampleRobots), r.ExamplePath)
		}
		if len(r.ExampleHeaders) > 0 && r.Scope == lint.ScopePage {
			// A header is set in the server's configuration, not in the
			// page: the documentation shows it as the response carries it.
			b.WriteString("With this header on the response (the page under Use instead has it too):\n\n```http\n")
			for _, h := range r.ExampleHeaders {
				fmt.Fprintf(&b, "X-Robots-Tag: %s\n", h)
			}
			b.WriteString("```\n\n")
		}
		b.WriteString("```" + lang + "\n" + abbreviate(r.Flagged) + "```\n\n")
		section(&b, "Use instead", r.Doc.Instead)
		b.WriteString("```" + lang + "\n" + abbreviate(r.Clean) + "```\n")
	}
	if r.Doc.FixSafety != "" {
		fmt.Fprintf(&b, "\n**Fix safety**\n\n%s\n", r.Doc.FixSafety)
	}
	if len(r.Options) > 0 {
		b.WriteString("\n**Options** (in `.robotslint.toml`, under `[rules." + r.Name + "]`)\n\n")
		for _, o := range r.Options {
			fmt.Fprintf(&b, "- `%s`: %s\n", o.Name, o.Doc())
		}
	}
	return b.String()
}

func section(b *strings.Builder, title, text string) {
	fmt.Fprintf(b, "**%s**\n\n%s\n\n", title, text)
}

// abbreviate shortens an example for reading: a line of more than 100
// bytes shows its start and its length, a run of identical lines shows
// once with a count, an example of more than 24 lines shows its first and
// last lines, and bytes that are not UTF-8 show as \xHH. Examples of size
// limits and encodings cannot be shown as they are.
func abbreviate(example string) string {
	lines := strings.SplitAfter(example, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var out []string
	for i := 0; i < len(lines); {
		n := 1
		for i+n < len(lines) && lines[i+n] == lines[i] {
			n++
		}
		text := visible(strings.TrimSuffix(lines[i], "\n"))
		if len(text) > 100 {
			cut := 60
			for cut > 0 && !utf8.RuneStart(text[cut]) {
				cut--
			}
			text = fmt.Sprintf("%s… (%d bytes in all)", text[:cut], len(text))
		}
		out = append(out, text)
		switch {
		case n > 2:
			out = append(out, fmt.Sprintf("# … %d more lines like the one above", n-1))
		case n == 2:
			out = append(out, text)
		}
		i += n
	}
	if len(out) > 24 {
		tail := out[len(out)-4:]
		out = append(append(out[:10:10], fmt.Sprintf("# … %d more lines …", len(out)-14)), tail...)
	}
	return strings.Join(out, "\n") + "\n"
}

// visible writes the bytes of s that are not UTF-8 as \xHH.
func visible(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			fmt.Fprintf(&b, "\\x%02X", s[i])
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// exampleOrigin is the site the sitemap rules' examples belong to.
const exampleOrigin = "https://www.example.com"

// servedAt starts a sitemap example served at another URL than the
// rule's ExamplePath: the comment names the URL, and shows it.
const servedAt = "<!-- served at "

// sitemapExample returns where a sitemap rule's example is served (the
// URL of its servedAt comment, or ExamplePath on exampleOrigin), and how it
// was found: the 0-based line of the rule's ExampleRobots that lists it, or
// that lists the index it was found through (index, at depth 1), or -1 when
// robots.txt does not lead to it.
func sitemapExample(r *lint.Rule, example string) (url string, line int, index string) {
	url = exampleOrigin + r.ExamplePath
	if rest, ok := strings.CutPrefix(example, servedAt); ok {
		url, _, _ = strings.Cut(rest, " ")
	}
	line = -1
	for i, l := range strings.Split(r.ExampleRobots, "\n") {
		key, value, ok := strings.Cut(l, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(key), "sitemap") {
			continue
		}
		if value = strings.TrimSpace(value); value == url {
			return url, i, ""
		}
		if line < 0 {
			line, index = i, value
		}
	}
	return url, line, index
}

// sitemapIntro writes what a sitemap rule's flagged example is read
// with: the site's robots.txt, where the sitemap is served and how it was
// found, and the header a page it lists answers with.
func sitemapIntro(b *strings.Builder, r *lint.Rule) {
	url, line, index := sitemapExample(r, r.Flagged)
	if r.ExampleRobots != "" {
		fmt.Fprintf(b, "With this robots.txt at `%s/robots.txt`:\n\n```robots.txt\n%s```\n\n", exampleOrigin, abbreviate(r.ExampleRobots))
	}
	where := "the sitemap at `" + url + "`"
	switch {
	case line >= 0 && index == "":
		where += ", which it lists"
	case line >= 0:
		where += ", listed in the sitemap index `" + index + "` that it lists"
	}
	if len(r.ExampleHeaders) > 0 {
		if m := firstLocRE.FindStringSubmatch(r.Flagged); m != nil {
			where += ", where the page at `" + m[1] + "` answers with `X-Robots-Tag: " + strings.Join(r.ExampleHeaders, ", ") + "`"
		}
	}
	b.WriteString(strings.ToUpper(where[:1]) + where[1:] + ":\n\n")
}

// firstLocRE finds the first URL of a sitemap example.
var firstLocRE = regexp.MustCompile(`<loc>([^<]*)</loc>`)

// Reference returns the rule reference that rules/README.md holds between
// its markers: a table of every rule, then each rule's documentation under
// a heading that is the rule's name, which DocsURL links to.
func Reference() string {
	var b strings.Builder
	b.WriteString("| rule | default | fix | catches |\n|---|---|---|---|\n")
	for _, r := range All() {
		fix := ""
		if r.Fixable {
			fix = "yes"
		}
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s | %s |\n", r.Name, r.Name, r.Severity, fix, r.Summary)
	}
	for _, r := range All() {
		fmt.Fprintf(&b, "\n## %s\n\n", r.Name)
		// The heading names the rule; the text starts at its summary.
		_, text, _ := strings.Cut(Explain(r), ": ")
		b.WriteString(strings.ToUpper(text[:1]) + text[1:])
	}
	return b.String()
}

// The markers in rules/README.md between which Reference goes.
const (
	ReferenceStart = "<!-- rules:start (generated from the rule metadata by go test ./rules -update; do not edit) -->"
	ReferenceEnd   = "<!-- rules:end -->"
)

// referenceURL is where GitHub shows rules/README.md.
const referenceURL = "https://github.com/robotslint/robotslint/blob/main/rules/README.md"

// DocsURL is the address of a rule's documentation, for the links that
// SARIF's helpUri and the language server's codeDescription give: the
// rule's section of the rule reference, whose heading, and so whose
// anchor, is the rule's name.
func DocsURL(name string) string {
	return referenceURL + "#" + name
}
