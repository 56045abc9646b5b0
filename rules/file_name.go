package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// FileName reports a file whose name is a near miss of robots.txt
// (Robots.txt, robots.TXT, robot.txt, robots.txt.txt): crawlers request
// /robots.txt and nothing else, so a file deployed under such a name is
// never read. Only the command and the editor know a file's name; they
// pass it in lint.Config.FileName, and the rule is silent without it.
var FileName = &lint.Rule{
	Name:    "file-name",
	Summary: "a file named like robots.txt but not quite, such as robot.txt or Robots.txt, which crawlers never fetch",
	Doc: lint.Doc{
		What: "Reports a file linted from a directory, named on the command line or open in the editor whose name " +
			"is robots.txt in other letter case (`Robots.txt`, `robots.TXT`) or misspelled (`robot.txt`, " +
			"`robots.txt.txt`, `robots.text`). A directory walk lints such files along with the robots.txt files. " +
			"Other names (`robots.staging.txt`) are taken as deliberate and left alone. The examples are one file " +
			"under two names: it is flagged as `Robots.txt`.",
		Why: "Crawlers fetch `/robots.txt` from the root of the host, in lower case, and nothing else (RFC 9309 " +
			"§2.3). URL paths are case-sensitive: a case-sensitive server, as most Linux hosts are, answers a " +
			"request for `/robots.txt` with 404 when the file is `Robots.txt`, and crawlers then take the whole site " +
			"as allowed. A misspelled name is never requested at all. Editors that hide file extensions turn " +
			"`robots.txt` into `robots.txt.txt` unseen.",
		Instead: "Name the file `robots.txt`, in lower case, and serve it from the root of each host.",
	},
	Flagged:  "User-agent: *\nDisallow: /private/\n",
	Clean:    "User-agent: *\nDisallow: /private/\n",
	Severity: lint.Warning,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Run:      runFileName,
}

// misnamedRobots are the misspellings of robots.txt, in lower case, that
// a directory walk lints too. Names of other files that merely mention
// robots (robots.ts in a Next.js app, robots.txt.bak) are not among them.
var misnamedRobots = map[string]bool{
	"robot.txt":      true,
	"robots.txt.txt": true,
	"robots.text":    true,
	"robots.tx":      true,
}

// IsMisnamedRobotsTxt reports whether a file named name (the last element
// of its path) is meant to be robots.txt but is not named so: robots.txt in
// other letter case, or a common misspelling of it.
func IsMisnamedRobotsTxt(name string) bool {
	lower := syntax.LowerASCII(name)
	return name != "robots.txt" && (lower == "robots.txt" || misnamedRobots[lower])
}

func runFileName(pass *lint.Pass) {
	name := pass.FileName()
	if !IsMisnamedRobotsTxt(name) {
		return
	}
	msg := prose.Quote([]byte(name)) + " is not `robots.txt`: crawlers request only `/robots.txt` and never read a file of this name"
	if syntax.LowerASCII(name) == "robots.txt" {
		msg = prose.Quote([]byte(name)) + " is not `robots.txt`: crawlers request `/robots.txt` in lower case, which a case-sensitive server answers with 404 for this file"
	}
	pass.Report(syntax.Span{}, msg)
}
