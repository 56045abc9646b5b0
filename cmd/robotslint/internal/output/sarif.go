package output

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/rules"
	"github.com/robotslint/robotslint/syntax"
)

// The constants of the SARIF log.
const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	toolName     = "robotslint"
	toolURI      = "https://github.com/robotslint/robotslint"
	// srcRoot is the base of relative paths: GitHub code scanning resolves
	// it to the checkout, so paths given relative to the repository's root
	// land on the right file.
	srcRoot = "%SRCROOT%"
	// maxDescription is the longest rule description GitHub code scanning
	// takes (shortDescription.text and fullDescription.text alike).
	maxDescription = 1024
)

// The part of SARIF 2.1.0 robotslint writes.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                        `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifactLocation `json:"originalUriBaseIds,omitempty"`
		Results            []sarifResult                    `json:"results"`
		ColumnKind         string                           `json:"columnKind"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	// sarifRule is a reportingDescriptor.
	sarifRule struct {
		ID                   string               `json:"id"`
		Name                 string               `json:"name"`
		ShortDescription     *sarifMessage        `json:"shortDescription,omitempty"`
		FullDescription      *sarifMessage        `json:"fullDescription,omitempty"`
		Help                 *sarifHelp           `json:"help,omitempty"`
		HelpURI              string               `json:"helpUri,omitempty"`
		DefaultConfiguration sarifConfiguration   `json:"defaultConfiguration"`
		Properties           *sarifRuleProperties `json:"properties,omitempty"`
	}
	sarifHelp struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown"`
	}
	sarifConfiguration struct {
		Level string `json:"level"`
	}
	// sarifRuleProperties are the properties GitHub code scanning reads from a
	// rule: tags to filter by, and the severity of a problem that is not a
	// security issue.
	sarifRuleProperties struct {
		Tags            []string `json:"tags,omitempty"`
		ProblemSeverity string   `json:"problem.severity"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID           string          `json:"ruleId"`
		RuleIndex        int             `json:"ruleIndex"`
		Level            string          `json:"level"`
		Message          sarifMessage    `json:"message"`
		Locations        []sarifLocation `json:"locations"`
		RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
		Fixes            []sarifFix      `json:"fixes,omitempty"`
		// Properties carry, for a sitemap finding about many URLs, how
		// many and a few of them (SARIF §3.8 property bags).
		Properties *sarifResultProperties `json:"properties,omitempty"`
	}
	sarifResultProperties struct {
		URLs sarifURLs `json:"urls"`
	}
	sarifURLs struct {
		Count    int      `json:"count"`
		Examples []string `json:"examples"`
		Profiles []string `json:"profiles,omitempty"`
	}
	sarifLocation struct {
		// ID numbers a related location from 1, for the links in the
		// result's message; the result's own location has none.
		ID               int                   `json:"id,omitempty"`
		PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
		Message          *sarifMessage         `json:"message,omitempty"`
	}
	sarifPhysicalLocation struct {
		ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
		Region           sarifRegion           `json:"region"`
	}
	sarifArtifactLocation struct {
		URI         string        `json:"uri,omitempty"`
		URIBaseID   string        `json:"uriBaseId,omitempty"`
		Description *sarifMessage `json:"description,omitempty"`
	}
	// sarifRegion is a text region: lines and columns from 1, columns in
	// Unicode code points (the run's columnKind), endColumn just after the
	// region. A fix's region adds the byte range, which says exactly which
	// bytes to replace in a file that is not valid UTF-8 or ends its lines
	// with CRLF.
	sarifRegion struct {
		StartLine   int  `json:"startLine"`
		StartColumn int  `json:"startColumn"`
		EndLine     int  `json:"endLine"`
		EndColumn   int  `json:"endColumn"`
		ByteOffset  *int `json:"byteOffset,omitempty"`
		ByteLength  *int `json:"byteLength,omitempty"`
	}
	sarifFix struct {
		Description     sarifMessage          `json:"description"`
		ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
	}
	sarifArtifactChange struct {
		ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
		Replacements     []sarifReplacement    `json:"replacements"`
	}
	sarifReplacement struct {
		DeletedRegion   sarifRegion   `json:"deletedRegion"`
		InsertedContent *sarifMessage `json:"insertedContent,omitempty"`
	}
)

// WriteSARIF writes the diagnostics of files as a SARIF 2.1.0 log of one
// run, in the shape GitHub code scanning accepts for upload.
//
// The driver lists rules in the order given, each with its documentation
// and a link to its section of the rule reference. A diagnostic of a rule not in
// rules (the fetch checks the command adds, say) gets a descriptor of its
// own after them, with the diagnostic's severity as its level, so that every
// result's ruleIndex points at a descriptor with its ruleId.
//
// Related places are relatedLocations numbered from 1 and linked from the
// end of the message ("... (see [the other rule](1))"), which is how GitHub
// shows them. Fixes are all listed, safe ones first as the diagnostic holds
// them; an unsafe fix says in its description that --fix does not apply it.
// GitHub ignores fixes; editors' SARIF viewers offer them.
func WriteSARIF(w io.Writer, files []File, rules []*lint.Rule, toolVersion string) error {
	descriptors := make([]sarifRule, 0, len(rules))
	index := make(map[string]int, len(rules))
	for _, r := range rules {
		index[r.Name] = len(descriptors)
		descriptors = append(descriptors, sarifRuleOf(r))
	}
	run := sarifRun{Results: []sarifResult{}, ColumnKind: "unicodeCodePoints"}
	for _, f := range files {
		artifact := artifactLocation(f.Path)
		if artifact.URIBaseID == srcRoot {
			run.OriginalURIBaseIDs = map[string]sarifArtifactLocation{srcRoot: {
				Description: &sarifMessage{Text: "The directory robotslint was run in, which relative paths start from."}}}
		}
		for _, d := range f.Diagnostics {
			i, ok := index[d.Rule]
			if !ok {
				i = len(descriptors)
				index[d.Rule] = i
				descriptors = append(descriptors, sarifRule{ID: d.Rule, Name: camelCase(d.Rule),
					DefaultConfiguration: sarifConfiguration{Level: level(d.Severity)}})
			}
			run.Results = append(run.Results, sarifResultOf(f, artifact, d, i))
		}
	}
	run.Tool.Driver = sarifDriver{Name: toolName, Version: toolVersion, InformationURI: toolURI, Rules: descriptors}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
}

// sarifHelpText is a rule's documentation as plain text, for viewers that
// do not render the Markdown.
func sarifHelpText(d lint.Doc) string {
	text := d.What + "\n\nWhy it matters: " + d.Why + "\n\nUse instead: " + d.Instead
	if d.FixSafety != "" {
		text += "\n\nFix safety: " + d.FixSafety
	}
	return text
}

func sarifRuleOf(r *lint.Rule) sarifRule {
	sr := sarifRule{
		ID:               r.Name,
		Name:             camelCase(r.Name),
		ShortDescription: &sarifMessage{Text: clip(capitalize(r.Summary)+".", maxDescription)},
		FullDescription:  &sarifMessage{Text: clip(r.Doc.What, maxDescription)},
		Help: &sarifHelp{
			Text: sarifHelpText(r.Doc),
			// The rule's section of the rule reference, to which helpUri links.
			Markdown: rules.Explain(r),
		},
		HelpURI:              rules.DocsURL(r.Name),
		DefaultConfiguration: sarifConfiguration{Level: level(r.Severity)},
		Properties:           &sarifRuleProperties{ProblemSeverity: problemSeverity(r.Severity)},
	}
	for _, p := range r.Profiles {
		sr.Properties.Tags = append(sr.Properties.Tags, p.Name)
	}
	return sr
}

// problemSeverity is GitHub's problem.severity of a rule that is not about
// security: error, warning or recommendation.
func problemSeverity(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	}
	return "recommendation"
}

func sarifResultOf(file File, artifact sarifArtifactLocation, d lint.Diagnostic, ruleIndex int) sarifResult {
	f := file.text()
	res := sarifResult{
		RuleID:    d.Rule,
		RuleIndex: ruleIndex,
		Level:     level(d.Severity),
		Message:   sarifMessage{Text: d.Message},
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: artifact, Region: textRegion(f, d.Span)}}},
	}
	if len(d.Related) > 0 {
		// A message with links must escape the brackets and backslashes
		// that are not part of one (SARIF §3.11.6).
		var links []string
		for i, r := range d.Related {
			id := i + 1
			rf, rpath, rspan := file.relatedPlace(r)
			rartifact := artifact
			if rpath != file.Path {
				rartifact = artifactLocation(rpath)
			}
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
				ID:               id,
				PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: rartifact, Region: textRegion(rf, rspan)},
				Message:          &sarifMessage{Text: r.Message},
			})
			links = append(links, fmt.Sprintf("[%s](%d)", escapeLinkText(r.Message), id))
		}
		res.Message.Text = escapeLinkText(d.Message) + " (see " + strings.Join(links, ", ") + ")"
	}
	if d.URLs != nil {
		res.Properties = &sarifResultProperties{URLs: sarifURLs{Count: d.URLs.Count, Examples: append(make([]string, 0, len(d.URLs.Examples)), d.URLs.Examples...), Profiles: d.URLs.Profiles}}
	}
	for _, fx := range d.Fixes {
		if len(fx.Edits) == 0 {
			continue // SARIF requires at least one replacement
		}
		description := fx.Title
		if !fx.Safe {
			description += " (unsafe: it may change how a crawler reads the file, so --fix does not apply it)"
		}
		change := sarifArtifactChange{ArtifactLocation: artifact}
		for _, e := range fx.Edits {
			region := textRegion(f, e.Span)
			offset, length := e.Span.Start, e.Span.Len()
			region.ByteOffset, region.ByteLength = &offset, &length
			rep := sarifReplacement{DeletedRegion: region}
			if e.NewText != "" {
				rep.InsertedContent = &sarifMessage{Text: e.NewText}
			}
			change.Replacements = append(change.Replacements, rep)
		}
		res.Fixes = append(res.Fixes, sarifFix{Description: sarifMessage{Text: description},
			ArtifactChanges: []sarifArtifactChange{change}})
	}
	return res
}

// textRegion returns the region of s. Its end is the position after its last
// character, on the line of that character, as SARIF's endLine requires.
func textRegion(f text, s syntax.Span) sarifRegion {
	start, end := f.position(s.Start), f.lastPosition(s)
	return sarifRegion{StartLine: start.Line, StartColumn: start.Column, EndLine: end.Line, EndColumn: end.Column}
}

var escapeLinkText = strings.NewReplacer(`\`, `\\`, `[`, `\[`, `]`, `\]`).Replace

// artifactLocation returns where a SARIF log says the file named p is: a
// URL as it is, an absolute path as a file URI, standard input as "stdin",
// and any other path as a URI relative to %SRCROOT%.
func artifactLocation(p string) sarifArtifactLocation {
	switch {
	case isURL(p):
		return sarifArtifactLocation{URI: p}
	case p == "<stdin>":
		return sarifArtifactLocation{URI: "stdin"}
	case filepath.IsAbs(p) || strings.HasPrefix(p, "/"):
		slashed := filepath.ToSlash(p)
		if !strings.HasPrefix(slashed, "/") {
			slashed = "/" + slashed // a Windows drive: file:///C:/...
		}
		return sarifArtifactLocation{URI: (&url.URL{Scheme: "file", Path: slashed}).String()}
	}
	// url.URL escapes what a path may hold and a URI may not (spaces, '%',
	// '#', '?'), and writes "./" before a first segment with a colon, which
	// would otherwise read as a scheme.
	return sarifArtifactLocation{URI: (&url.URL{Path: path.Clean(filepath.ToSlash(p))}).String(), URIBaseID: srcRoot}
}

func isURL(p string) bool {
	return strings.HasPrefix(p, "http://") || strings.HasPrefix(p, "https://")
}

// camelCase turns a rule name into the name SARIF viewers show:
// "misspelled-directive" becomes "MisspelledDirective".
func camelCase(name string) string {
	var b strings.Builder
	for _, word := range strings.Split(name, "-") {
		b.WriteString(capitalize(word))
	}
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// clip shortens s to at most n bytes, at a character boundary, ending it
// with an ellipsis when it cuts.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	const more = "…"
	cut := n - len(more)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + more
}
