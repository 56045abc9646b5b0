package lint

import (
	"fmt"

	"github.com/robotslint/robotslint/lint/match"
)

// Severity says how much a diagnostic matters.
type Severity uint8

// The severities, most severe first. Off is for configuration only: a rule
// set to Off does not run.
const (
	// Error: a crawler will ignore or misread the line.
	Error Severity = iota + 1
	// Warning: a likely mistake, or crawlers disagree on the line.
	Warning
	// Info: harmless, but worth knowing.
	Info
	// Hint: style.
	Hint
	// Off turns a rule off.
	Off
)

var severityNames = [...]string{Error: "error", Warning: "warning", Info: "info", Hint: "hint", Off: "off"}

func (s Severity) String() string {
	if int(s) < len(severityNames) && severityNames[s] != "" {
		return severityNames[s]
	}
	return fmt.Sprintf("Severity(%d)", s)
}

// ParseSeverity reads a severity as String writes it.
func ParseSeverity(name string) (Severity, error) {
	for s, n := range severityNames {
		if n != "" && n == name {
			return Severity(s), nil
		}
	}
	return 0, fmt.Errorf("unknown severity %q: use error, warning, info, hint or off", name)
}

// Scope says what a rule judges.
type Scope uint8

// The scopes.
const (
	// ScopeFile rules judge a robots.txt file's bytes: the engine runs
	// them on any file, wherever it came from.
	ScopeFile Scope = iota
	// ScopeFetch rules judge how a site served its robots.txt: the status,
	// redirects, headers and timing of the fetch. Only a caller that
	// fetched the file over the network can check them (the command, for
	// a URL argument); the engine never runs them, but they are named,
	// configured, documented and listed like the others.
	ScopeFetch
	// ScopePage rules judge an HTML page's robots directives: its robots
	// META tags, X-Robots-Tag headers and section markers, with the site's
	// robots.txt, which decides whether a crawler reads them at all.
	// LintPage runs them (RunPage) and LintFile never does; LintPage runs
	// no other rule.
	ScopePage
	// ScopeSitemap rules judge a sitemap's URLs as it streams past (see
	// SitemapHooks), with the robots.txt of the site that lists it:
	// SitemapSite.Lint runs them (RunSitemap), and no other entry point
	// does.
	ScopeSitemap
)

// A Rule is one check: an immutable value holding its metadata and the
// function that runs it. Per-file state lives in the Pass, so one Rule
// serves any number of files at once.
type Rule struct {
	// Name is the rule's stable kebab-case identifier, its ID in
	// configuration, suppression comments and output.
	Name string
	// Summary says in a line, lower case and without a final period, what
	// the rule catches.
	Summary string
	// Doc is the rule's documentation.
	Doc Doc
	// Flagged is a robots.txt file the rule reports, and Clean one it does
	// not: the example and the "use instead" of the documentation. For a
	// page rule (ScopePage) they are HTML pages.
	Flagged, Clean string
	// ExampleRobots and ExamplePath are, for a page rule that judges a
	// page with its site's robots.txt, the robots.txt the examples are
	// read with and the URL path they are served at; "" for the others.
	ExampleRobots, ExamplePath string
	// ExampleHeaders are, for a page rule that judges a page with its
	// X-Robots-Tag headers, the header values (each the part after
	// "X-Robots-Tag:") both examples are served with; nil for the others.
	ExampleHeaders []string
	// Severity is the default severity of the rule's diagnostics.
	Severity Severity
	// Fixable says whether the rule offers fixes.
	Fixable bool
	// Profiles are the crawler profiles whose reading the rule is about.
	Profiles []*match.Profile
	// PastLimit is true for a rule about the bytes past the profiles' size
	// limit (file-too-large). Other rules' findings that lie wholly past
	// what every targeted profile reads are dropped: no targeted crawler
	// reads those lines, so what a rule would say of them is moot.
	PastLimit bool
	// Options are the settings the rule takes in the configuration file.
	Options []Option
	// Scope says what the rule judges: the file (the zero value) or the
	// fetch that brought it.
	Scope Scope
	// Unnecessary is true for a rule whose findings are lines that change
	// nothing for any crawler (a duplicate, a rule another makes
	// redundant, a suppression that suppresses nothing): editors fade
	// them rather than underline them.
	Unnecessary bool
	// Run checks the file in pass, reporting through pass.Report. It is nil
	// for rules the engine itself reports (unused-suppression), for
	// ScopeFetch rules, which whoever fetched the file reports, and for
	// page rules.
	Run func(pass *Pass)
	// RunPage checks a page, for a rule of ScopePage, reporting through
	// pass.Report and pass.ReportAt; nil for every other rule.
	RunPage func(pass *PagePass)
	// RunSitemap starts a rule of ScopeSitemap on one sitemap and returns
	// what it does with each entry and problem as they stream past; nil
	// for every other rule. What it counts lives in the closures it
	// returns, so that the Rule stays immutable.
	RunSitemap func(pass *SitemapPass) SitemapHooks
	// FinishSitemaps, for a rule of ScopeSitemap that can say which
	// sitemap a finding belongs to only once every sitemap of the site is
	// read (one sitemap of two that share a URL, whichever was read
	// first), reports those findings through pass.Report, from what its
	// RunSitemap hooks kept in pass.SiteValue; SitemapSite.Finish runs it
	// once. nil for most rules.
	FinishSitemaps func(pass *SitemapSitePass)
}

// Doc is a rule's documentation, in fixed sections.
type Doc struct {
	// What says what the rule reports.
	What string `json:"what"`
	// Why says why it matters: what crawlers do with such a line.
	Why string `json:"why"`
	// Instead says what to write instead; the Clean example shows it.
	Instead string `json:"instead"`
	// FixSafety says, for a rule that offers fixes, when a fix is safe
	// (applied by --fix) and when it is unsafe or withheld, and why: what
	// it could change for which crawler. It is empty exactly when the rule
	// offers no fix.
	FixSafety string `json:"fix_safety,omitempty"`
}
