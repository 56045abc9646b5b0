package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// FetchSize is about a robots.txt served with more bytes than crawlers
// read; file-too-large reports the lines past the limit in a file on disk.
var FetchSize = &lint.Rule{
	Name:    "fetch-size",
	Summary: "robots.txt is larger than the 500 KiB crawlers read",
	Doc: lint.Doc{
		What: "For a URL argument, reports a robots.txt larger than 500 KiB and, when the server declares " +
			"the length, how much of it crawlers never read. robotslint reads and lints only the first " +
			"500 KiB too, and the rest of the line across them, which file-too-large reports as cut; " +
			"file-too-large reports the same for a file on disk.",
		Why: "Google reads the first 500 KiB of a robots.txt file and ignores the rest, and RFC 9309 §2.5 " +
			"requires no crawler to read more. Rules past that point do not exist for those crawlers, and " +
			"a rule across it is cut short.",
		Instead: "Shrink the file: replace lists of URLs by the prefixes or `*` patterns they share, drop " +
			"rules for paths that no longer exist, and keep the rules that matter most near the top.",
	},
	Severity: lint.Warning,
	Profiles: []*match.Profile{match.Google, match.RFC9309},
	Scope:    lint.ScopeFetch,
}
