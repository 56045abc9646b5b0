package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// FileTooLarge reports the part of a file beyond 500 KiB, which Google
// never reads.
var FileTooLarge = &lint.Rule{
	Name:    "file-too-large",
	Summary: "directives beyond the first 500 KiB, which Google never reads",
	Doc: lint.Doc{
		What: "Reports the bytes of a file beyond 512,000 bytes (500 KiB) when directives are among " +
			"them, and says how many rules are lost.",
		Why: "Google reads the first 500 KiB of a robots.txt file and ignores the rest, and RFC 9309 " +
			"requires no crawler to read more. Rules past that point do not exist for those " +
			"crawlers, and a rule that straddles it is cut short. Files grow that large when a " +
			"rule is written for every URL instead of for the patterns they share.",
		Instead: "Shrink the file: replace lists of URLs by the prefixes or `*` patterns they share, " +
			"drop rules for paths that no longer exist, and keep the rules that matter most near " +
			"the top.",
	},
	// The flagged example has to be as large as the limit it shows.
	Flagged:  "User-agent: *\n" + manyRules(syntax.SizeLimit/24+1) + "Disallow: /private/\n",
	Clean:    "User-agent: *\nDisallow: /search/\nDisallow: /private/\n",
	Severity: lint.Warning,
	Profiles: []*match.Profile{match.Google, match.RFC9309},
	Run:      runFileTooLarge,
}

// manyRules returns n rules of 24 bytes each, for the flagged example.
func manyRules(n int) string {
	b := make([]byte, 0, 24*n)
	for i := range n {
		b = fmt.Appendf(b, "Disallow: /page-%06d/\n", i)
	}
	return string(b)
}

func runFileTooLarge(pass *lint.Pass) {
	f := pass.File
	var fact syntax.Fact
	for _, x := range f.Facts {
		if x.Kind == syntax.FactPastSizeLimit {
			fact = x
			break
		}
	}
	if fact.Kind == 0 || judgeContent(pass).kind == contentOther {
		return
	}
	var rules, agents, sitemaps int
	first := fact.Line
	cutLine := -1
	if first >= 0 && f.Lines[first].Span.Start < syntax.SizeLimit {
		cutLine = first
		first++
	}
	for i := max(first, 0); i < len(f.Lines); i++ {
		l := &f.Lines[i]
		if l.Kind != syntax.LineDirective {
			continue
		}
		switch match.GoogleDirective(f.Text(l.Key())) {
		case syntax.DirectiveAllow, syntax.DirectiveDisallow:
			rules++
		case syntax.DirectiveUserAgent:
			agents++
		case syntax.DirectiveSitemap:
			sitemaps++
		}
	}
	var opts []lint.ReportOption
	cutShort := false
	if cutLine >= 0 {
		l := &f.Lines[cutLine]
		text := f.Text(l.Text())
		kept := text[:max(0, min(len(text), syntax.SizeLimit-l.Span.Start))]
		if before, after := readLineAsGoogle(text), readLineAsGoogle(kept); before != after {
			cutShort = true
			opts = append(opts, lint.WithRelated(l.Text(), "Google reads this line only up to the limit, as "+after.quote()))
		}
	}
	if rules+agents+sitemaps == 0 && !cutShort {
		return
	}
	var lost []string
	if rules > 0 {
		lost = append(lost, prose.Count(rules, "rule", "rules"))
	}
	if agents > 0 {
		lost = append(lost, prose.Count(agents, "user-agent line", "user-agent lines"))
	}
	if sitemaps > 0 {
		lost = append(lost, prose.Count(sitemaps, "sitemap line", "sitemap lines"))
	}
	msg := fmt.Sprintf("the file is %s bytes, and Google reads only the first %s (500 KiB), as much as RFC 9309 asks crawlers to read",
		prose.Int(len(f.Bytes())), prose.Int(syntax.SizeLimit))
	// The verb agrees with what is counted: "1 rule after that is lost",
	// "2 rules and 1 sitemap line after that are lost".
	isLost := "are lost"
	if rules+agents+sitemaps == 1 {
		isLost = "is lost"
	}
	switch {
	case len(lost) > 0 && cutShort:
		msg += ": " + prose.Join(lost) + " after that " + isLost + ", and the line across the limit is cut short"
	case len(lost) > 0:
		msg += ": " + prose.Join(lost) + " after that " + isLost
	default:
		msg += ": the line across the limit is cut short"
	}
	pass.Report(fact.Span, msg, opts...)
}
