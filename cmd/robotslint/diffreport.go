package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/cmd/robotslint/internal/output"
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// diffReport is what "robotslint diff" found, ready to be written in each
// format.
type diffReport struct {
	old, new      *diffSide
	before, after *syntax.File
	cmp           *lint.Comparison
	targets       []*match.Profile
}

// summary is the first line of every format: how many URLs were compared,
// where they came from, and for how many crawlers under which readings.
func (r *diffReport) summary() string {
	c := r.cmp.Compared
	from := fmt.Sprintf("%s from --urls, %s derived from the rules", prose.Int(c.Given), prose.Int(c.Probes))
	if c.Given == 0 {
		from = "derived from the rules; --urls adds yours"
	}
	return fmt.Sprintf("Compared %s (%s) for %s as %s read robots.txt",
		prose.Count(c.Given+c.Probes, "URL", "URLs"), from,
		prose.Count(c.Agents, "crawler", "crawlers"), prose.Join(prose.Readers(r.targets)))
}

// profilesPrefix is "Yandex only: " for a change that happens under some
// of the targeted readings but not all, and "" for one under all.
func (r *diffReport) profilesPrefix(names []string) string {
	if len(names) == 0 || len(names) >= len(r.targets) {
		return ""
	}
	var readers []string
	for _, n := range names {
		if p := match.LookupProfile(n); p != nil {
			readers = append(readers, p.Readers)
		} else {
			readers = append(readers, n)
		}
	}
	return prose.Join(readers) + " only: "
}

// newly is "newly disallowed" or "newly allowed".
func newly(allowed bool) string {
	if allowed {
		return "newly allowed"
	}
	return "newly disallowed"
}

// reasonWords says in words why a URL had a verdict no rule decided.
func reasonWords(reason string) string {
	switch reason {
	case "no rule":
		return "no rule matches"
	case "no group":
		return "no group applies"
	case "robots.txt":
		return "/robots.txt is always allowed"
	}
	return reason
}

// deciding says what decides a change's new verdict, and what decided the
// old one: "by line 7 `Disallow: /p` (was allowed: no rule matches)".
func deciding(c lint.VerdictChange) string {
	var now string
	if c.AfterReason == "rule" {
		now = fmt.Sprintf("by line %d %s", c.AfterLine+1, prose.Quote([]byte(c.AfterRule)))
	} else {
		now = reasonWords(c.AfterReason) + " now"
	}
	was := verdict(!c.Allowed)
	if c.BeforeReason == "rule" {
		was += fmt.Sprintf(" by old line %d %s", c.BeforeLine+1, prose.Quote([]byte(c.BeforeRule)))
	} else {
		was += ": " + reasonWords(c.BeforeReason)
	}
	return now + " (was " + was + ")"
}

// examplesText lists a change's example URLs: "e.g. /a, /b" when there are
// more than shown.
func examplesText(c lint.VerdictChange) string {
	shown := make([]string, len(c.Examples))
	for i, e := range c.Examples {
		shown[i] = showWord(e)
	}
	if c.Count > len(c.Examples) {
		return ", e.g. " + strings.Join(shown, ", ")
	}
	return ": " + strings.Join(shown, ", ")
}

// agentName is how the report names a crawler: "*" stands for every
// crawler that reads the same groups as one neither file names.
func agentName(agent string) string {
	if agent == "*" {
		return "* (crawlers without a group of their own)"
	}
	return agent
}

// changeLine is one change as a sentence: "Googlebot: 1,204 URLs newly
// disallowed, e.g. /products/shoe — by line 7 `Disallow: /p` (was
// allowed: no rule matches)".
func (r *diffReport) changeLine(c lint.VerdictChange) string {
	return fmt.Sprintf("%s%s: %s %s%s — %s", r.profilesPrefix(c.Profiles), agentName(c.Agent),
		prose.Count(c.Count, "URL", "URLs"), newly(c.Allowed), examplesText(c), deciding(c))
}

// notes are the sides' notes: what crawlers make of a fetch with no file.
func (r *diffReport) notes() []string {
	var notes []string
	for _, s := range []*diffSide{r.old, r.new} {
		if s.Note != "" {
			notes = append(notes, s.Note)
		}
	}
	return notes
}

// writeText writes the report for a person at a terminal.
func (r *diffReport) writeText(w io.Writer) {
	fmt.Fprintf(w, "%s: %s → %s\n", r.summary(), r.old.Name(), r.new.Name())
	for _, n := range r.notes() {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	if !r.cmp.Changed() {
		fmt.Fprintln(w, "No verdict changes: every crawler may fetch the same URLs as before.")
		return
	}
	for _, c := range r.cmp.Changes {
		fmt.Fprintln(w, r.changeLine(c))
	}
	for _, m := range r.cmp.Moves {
		fmt.Fprintf(w, "%s%s\n", r.profilesPrefix(m.Profiles), m.Message)
	}
}

// diffLineJSON is a deciding line in the JSON output: 1-based, with the
// rule as crawlers read it, or null line and rule with the reason.
type diffLineJSON struct {
	Line   *int    `json:"line"`
	Rule   *string `json:"rule"`
	Reason string  `json:"reason"`
}

// diffChangeJSON is one change in the JSON output; the field names are a
// contract that other tools read.
type diffChangeJSON struct {
	Agent    string       `json:"agent"`
	Profiles []string     `json:"profiles"`
	Change   string       `json:"change"` // "newly-disallowed" or "newly-allowed"
	Allowed  bool         `json:"allowed"`
	Count    int          `json:"count"`
	Given    int          `json:"given"` // how many of Count --urls gave
	Examples []string     `json:"examples"`
	Before   diffLineJSON `json:"before"`
	After    diffLineJSON `json:"after"`
	Message  string       `json:"message"`
}

// diffMoveJSON is a crawler whose group changed.
type diffMoveJSON struct {
	Agent        string          `json:"agent"`
	Profiles     []string        `json:"profiles"`
	BeforeGroups []diffGroupJSON `json:"beforeGroups"`
	AfterGroups  []diffGroupJSON `json:"afterGroups"`
	Message      string          `json:"message"`
}

// diffGroupJSON is a group a crawler reads: the 1-based line of its first
// user-agent line, the crawler names it lists, and its number of rules.
type diffGroupJSON struct {
	Line   int      `json:"line"`
	Agents []string `json:"agents"`
	Rules  int      `json:"rules"`
}

// groupsJSON is groups for the JSON output, [] for none.
func groupsJSON(refs []lint.GroupRef) []diffGroupJSON {
	groups := []diffGroupJSON{}
	for _, g := range refs {
		groups = append(groups, diffGroupJSON{Line: g.Line + 1, Agents: nonNil(g.Agents), Rules: g.Rules})
	}
	return groups
}

// diffSideJSON says where a side came from.
type diffSideJSON struct {
	Arg    string   `json:"arg"`
	Source sideKind `json:"source"`
	Path   string   `json:"path"`
	Note   string   `json:"note,omitempty"`
}

// diffJSON is the whole JSON output.
type diffJSON struct {
	Old      diffSideJSON `json:"old"`
	New      diffSideJSON `json:"new"`
	Compared struct {
		URLs     int      `json:"urls"`
		Given    int      `json:"given"`
		Probes   int      `json:"probes"`
		Agents   int      `json:"agents"`
		Profiles []string `json:"profiles"`
	} `json:"compared"`
	Changes []diffChangeJSON `json:"changes"`
	Moves   []diffMoveJSON   `json:"moves"`
}

// lineJSON is a deciding line for the JSON output.
func lineJSON(line int, rule, reason string) diffLineJSON {
	if line < 0 {
		return diffLineJSON{Reason: reason}
	}
	n := line + 1
	return diffLineJSON{Line: &n, Rule: &rule, Reason: "rule"}
}

// writeJSON writes the report for tools.
func (r *diffReport) writeJSON(w io.Writer) {
	var doc diffJSON
	for i, s := range []*diffSide{r.old, r.new} {
		side := diffSideJSON{Arg: s.Arg, Source: s.Kind, Path: s.Path, Note: s.Note}
		if i == 0 {
			doc.Old = side
		} else {
			doc.New = side
		}
	}
	c := r.cmp.Compared
	doc.Compared.URLs, doc.Compared.Given, doc.Compared.Probes, doc.Compared.Agents = c.Given+c.Probes, c.Given, c.Probes, c.Agents
	for _, p := range r.targets {
		doc.Compared.Profiles = append(doc.Compared.Profiles, p.Name)
	}
	doc.Changes = []diffChangeJSON{}
	for _, ch := range r.cmp.Changes {
		kind := "newly-disallowed"
		if ch.Allowed {
			kind = "newly-allowed"
		}
		doc.Changes = append(doc.Changes, diffChangeJSON{
			Agent: ch.Agent, Profiles: nonNil(ch.Profiles), Change: kind, Allowed: ch.Allowed,
			Count: ch.Count, Given: ch.Given, Examples: nonNil(ch.Examples),
			Before:  lineJSON(ch.BeforeLine, ch.BeforeRule, ch.BeforeReason),
			After:   lineJSON(ch.AfterLine, ch.AfterRule, ch.AfterReason),
			Message: r.changeLine(ch),
		})
	}
	doc.Moves = []diffMoveJSON{}
	for _, m := range r.cmp.Moves {
		doc.Moves = append(doc.Moves, diffMoveJSON{Agent: m.Agent, Profiles: nonNil(m.Profiles),
			BeforeGroups: groupsJSON(m.BeforeGroups), AfterGroups: groupsJSON(m.AfterGroups), Message: m.Message})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	// Encoding these types cannot fail; a write error shows at the flush.
	_ = enc.Encode(doc)
}

// nonNil makes an absent list [] in JSON rather than null, so that tools
// can iterate without a check.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// markdownCell escapes text for a Markdown table cell, where | ends the
// cell even inside a code span.
var markdownCell = strings.NewReplacer("|", `\|`, "\n", " ").Replace

// writeMarkdown writes a summary for a pull-request comment or
// $GITHUB_STEP_SUMMARY: a heading, the summary line, a table of changes
// per crawler, and the example URLs folded away.
func (r *diffReport) writeMarkdown(w io.Writer) {
	n := len(r.cmp.Changes) + len(r.cmp.Moves)
	heading := "No verdict changes"
	if n > 0 {
		heading = prose.Count(n, "verdict change", "verdict changes")
	}
	fmt.Fprintf(w, "### robots.txt: %s\n\n", heading)
	fmt.Fprintf(w, "%s: %s → %s.\n", r.summary(), prose.Quote([]byte(r.old.Name())), prose.Quote([]byte(r.new.Name())))
	for _, note := range r.notes() {
		fmt.Fprintf(w, "\n> %s\n", note)
	}
	if n == 0 {
		fmt.Fprintln(w, "\nEvery crawler may fetch the same URLs as before.")
		return
	}
	// One section per crawler, in the order of their first change.
	var agents []string
	for _, c := range r.cmp.Changes {
		if !slices.Contains(agents, c.Agent) {
			agents = append(agents, c.Agent)
		}
	}
	for _, agent := range agents {
		fmt.Fprintf(w, "\n#### %s\n\n", markdownCell(agentName(agent)))
		fmt.Fprintln(w, "| Change | URLs | Decided by | Before |")
		fmt.Fprintln(w, "| --- | ---: | --- | --- |")
		var details []string
		for _, c := range r.cmp.Changes {
			if c.Agent != agent {
				continue
			}
			change := newly(c.Allowed)
			if !c.Allowed {
				change = "**" + change + "**"
			}
			if p := r.profilesPrefix(c.Profiles); p != "" {
				change += " (" + strings.TrimSuffix(p, ": ") + ")"
			}
			now, was, _ := strings.Cut(deciding(c), " (was ")
			now = strings.TrimPrefix(now, "by ")
			fmt.Fprintf(w, "| %s | %s | %s | %s |\n", change, prose.Int(c.Count), markdownCell(now), markdownCell(strings.TrimSuffix(was, ")")))
			var urls []string
			for _, e := range c.Examples {
				urls = append(urls, prose.Quote([]byte(e)))
			}
			details = append(details, fmt.Sprintf("- %s (%s): %s", newly(c.Allowed), prose.Count(c.Count, "URL", "URLs"), strings.Join(urls, ", ")))
		}
		fmt.Fprintf(w, "\n<details><summary>Example URLs</summary>\n\n%s\n\n</details>\n", strings.Join(details, "\n"))
	}
	if len(r.cmp.Moves) > 0 {
		fmt.Fprint(w, "\n#### Group changes\n\n")
		for _, m := range r.cmp.Moves {
			fmt.Fprintf(w, "- %s%s\n", r.profilesPrefix(m.Profiles), m.Message)
		}
	}
}

// writeGitHub writes workflow commands that annotate NEW's lines: a newly
// disallowed URL set is a warning on the line that now decides it, a newly
// allowed one a notice. A change decided by a line that NEW no longer has
// names the old line in its message and is annotated on line 1.
func (r *diffReport) writeGitHub(w io.Writer) {
	path := r.new.Path
	if !isURL(path) {
		path = filepath.ToSlash(path)
	}
	for _, c := range r.cmp.Changes {
		level := "notice"
		if !c.Allowed {
			level = "warning"
		}
		line := 1
		if c.AfterLine >= 0 {
			line = c.AfterLine + 1
		}
		title := fmt.Sprintf("%s: %s %s", agentName(c.Agent), prose.Count(c.Count, "URL", "URLs"), newly(c.Allowed))
		_ = output.WriteGitHubAnnotation(w, level, path, line, title, r.changeLine(c))
	}
	for _, m := range r.cmp.Moves {
		_ = output.WriteGitHubAnnotation(w, "warning", path, 1, m.Agent+": group changed", r.profilesPrefix(m.Profiles)+m.Message)
	}
	if !r.cmp.Changed() {
		_ = output.WriteGitHubAnnotation(w, "notice", path, 1, "robots.txt diff", r.summary()+": no verdict changes")
	}
}
