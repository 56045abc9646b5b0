package rules

import (
	"fmt"
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
		if r.Scope == lint.ScopePage {
			lang = "html"
		}
		b.WriteString("**Example**\n\n")
		if r.ExampleRobots != "" {
			fmt.Fprintf(&b, "With this robots.txt:\n\n```robots.txt\n%s```\n\nthe page at `%s`:\n\n", abbreviate(r.ExampleRobots), r.ExamplePath)
		}
		if len(r.ExampleHeaders) > 0 {
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
