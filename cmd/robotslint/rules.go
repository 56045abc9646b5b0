package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/robotslint/robotslint/cmd/robotslint/internal/output"
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/rules"
)

// ruleJSON is a rule as "robotslint rules --format json" lists it; the
// field names are a contract other tools read.
type ruleJSON struct {
	Name     string       `json:"name"`
	Summary  string       `json:"summary"`
	Severity string       `json:"severity"`
	Fixable  bool         `json:"fixable"`
	Profiles []string     `json:"profiles"`
	Doc      lint.Doc     `json:"doc"`
	Flagged  string       `json:"flagged"`
	Clean    string       `json:"clean"`
	Options  []ruleOption `json:"options"`
	// Scope is "url" for the rules that judge the fetch of a site's
	// robots.txt (lint.ScopeFetch) and so apply only to URL arguments,
	// "page" for those that judge HTML pages (lint.ScopePage), and
	// "sitemap" for those about sitemaps (lint.ScopeSitemap, and
	// sitemap-unreachable); the file rules leave it out, which keeps
	// their entries as they were.
	Scope string `json:"scope,omitempty"`
	// ExampleRobots and ExamplePath are, for a page rule judged with the
	// site's robots.txt, the robots.txt and URL path of its examples.
	ExampleRobots string `json:"example_robots,omitempty"`
	ExamplePath   string `json:"example_path,omitempty"`
	// ExampleHeaders are, for a page rule judged with its X-Robots-Tag
	// headers, the header values its examples are served with.
	ExampleHeaders []string `json:"example_headers,omitempty"`
}

type ruleOption struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
}

const rulesUsage = `usage: robotslint rules [--format text|json]

Lists every rule: its name, default severity, whether it fixes, and what it
catches; then the checks of HTML pages, of sitemaps, and the checks that
apply only to URL arguments.

Examples:
  robotslint rules
  robotslint rules --format json | jq -r '.[].name'
`

const explainUsage = `usage: robotslint explain [--color WHEN] RULE

Prints the documentation of a rule: what it reports, why it matters, an
example and what to write instead. On a terminal, headings are bold and
code is coloured; otherwise it is plain text.

Flags:
  --color WHEN   auto (default: on a terminal, unless NO_COLOR is set),
                 always or never

Examples:
  robotslint explain misspelled-directive
  robotslint explain fetch-status
`

// runRules is "robotslint rules": every rule, a line each, or as JSON.
func runRules(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("robotslint rules", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	format := flags.String("format", "text", "")
	args, status, done := parseCommand("rules", flags, args, rulesUsage, stdout, stderr)
	switch {
	case done:
		return status
	case len(args) > 0:
		return badUsage(stderr, "rules", fmt.Sprintf("unexpected argument %q", args[0]))
	}
	switch *format {
	case "json":
		list := []ruleJSON{}
		for _, r := range rules.All() {
			list = append(list, ruleEntry(r))
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(list)
	case "text":
		listRules(stdout, rulesOfScope(lint.ScopeFile))
		// Page rules judge HTML pages, not robots.txt files: a table of
		// their own, like the fetch rules.
		if pages := rulesOfScope(lint.ScopePage); len(pages) > 0 {
			fmt.Fprint(stdout, "\nFor HTML pages, about their robots META tags and X-Robots-Tag headers:\n")
			listRules(stdout, pages)
		}
		if sitemaps := sitemapRules(); len(sitemaps) > 0 {
			fmt.Fprint(stdout, "\nFor sitemaps, which robotslint reads when it follows the Sitemap lines of robots.txt:\n")
			listRules(stdout, sitemaps)
		}
		// A table of their own: aligning them with the file rules would
		// change their columns whenever a fetch rule's name grew.
		fmt.Fprint(stdout, "\nFor URL arguments only, about fetching the site's /robots.txt:\n")
		listRules(stdout, robotsFetchRules())
	default:
		fmt.Fprintf(stderr, "robotslint rules: unknown format %q: use text or json (see robotslint rules -h)\n", *format)
		return exitError
	}
	return exitClean
}

// rulesOfScope returns the rules of one scope, in the catalogue's order.
func rulesOfScope(scope lint.Scope) []*lint.Rule {
	var list []*lint.Rule
	for _, r := range rules.All() {
		if r.Scope == scope {
			list = append(list, r)
		}
	}
	return list
}

// sitemapRules returns the rules about sitemaps, in the catalogue's
// order: those that read them (lint.ScopeSitemap), then the fetch rule
// about a sitemap that could not be read, which a site directory's
// missing files answer as well as a server.
func sitemapRules() []*lint.Rule {
	return append(rulesOfScope(lint.ScopeSitemap), rules.SitemapUnreachable)
}

// robotsFetchRules returns the rules about the fetch of a site's
// robots.txt, which apply to URL arguments only.
func robotsFetchRules() []*lint.Rule {
	var list []*lint.Rule
	for _, r := range rulesOfScope(lint.ScopeFetch) {
		if r != rules.SitemapUnreachable {
			list = append(list, r)
		}
	}
	return list
}

// ruleEntry is r as the JSON listing gives it.
func ruleEntry(r *lint.Rule) ruleJSON {
	j := ruleJSON{Name: r.Name, Summary: r.Summary, Severity: r.Severity.String(), Fixable: r.Fixable,
		Profiles: []string{}, Doc: r.Doc, Flagged: r.Flagged, Clean: r.Clean, Options: []ruleOption{},
		ExampleRobots: r.ExampleRobots, ExamplePath: r.ExamplePath, ExampleHeaders: r.ExampleHeaders}
	switch {
	case r.Scope == lint.ScopeSitemap || r == rules.SitemapUnreachable:
		j.Scope = "sitemap"
	case r.Scope == lint.ScopeFetch:
		j.Scope = "url"
	case r.Scope == lint.ScopePage:
		j.Scope = "page"
	}
	for _, p := range r.Profiles {
		j.Profiles = append(j.Profiles, p.Name)
	}
	for _, o := range r.Options {
		j.Options = append(j.Options, ruleOption{Name: o.Name, Summary: o.Doc()})
	}
	return j
}

// listRules writes a line per rule, in aligned columns: name, default
// severity, "fix" when it fixes, summary.
func listRules(w io.Writer, list []*lint.Rule) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, r := range list {
		fix := ""
		if r.Fixable {
			fix = "fix"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.Name, r.Severity, fix, r.Summary)
	}
	tw.Flush()
}

// runExplain is "robotslint explain NAME": one rule's documentation.
func runExplain(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("robotslint explain", flag.ContinueOnError)
	color := flags.String("color", "auto", "")
	args, status, done := parseCommand("explain", flags, args, explainUsage, stdout, stderr)
	if done {
		return status
	}
	if err := checkColor(*color); err != nil {
		return badUsage(stderr, "explain", err.Error())
	}
	if len(args) != 1 {
		fmt.Fprintln(stderr, "robotslint explain: give one rule name (see robotslint rules)")
		return exitError
	}
	r := rules.Lookup(args[0])
	if r == nil {
		hint := "robotslint rules lists them"
		if near := nearestRule(args[0]); near != "" {
			hint = "did you mean " + near + "?"
		}
		fmt.Fprintf(stderr, "robotslint explain: there is no rule named %q (%s)\n", args[0], hint)
		return exitError
	}
	output.WriteMarkdown(stdout, rules.Explain(r), useColor(*color, stdout))
	return exitClean
}

// nearestRule returns the rule name closest to name, if one is close
// enough to be what was meant.
func nearestRule(name string) string {
	var names []string
	for _, r := range rules.All() {
		names = append(names, r.Name)
	}
	return nearest(name, names, 4)
}
