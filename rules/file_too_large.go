package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// FileTooLarge reports the part of a file beyond 500 KiB, which Google
// never reads, and the line the limit cuts. The limit is the profiles'
// (match.Profile.SizeLimit), so that lint says what test answers.
var FileTooLarge = &lint.Rule{
	Name:    "file-too-large",
	Summary: "directives beyond the first 500 KiB, which Google never reads",
	Doc: lint.Doc{
		What: "Reports the bytes of a file beyond 512,000 bytes (500 KiB) when directives are among " +
			"them: how many rules are lost, and which line the limit cuts and what crawlers read of it. " +
			"The other rules say nothing of the lines past the limit, which no targeted crawler reads " +
			"(unless the legacy profile, which reads on, is targeted).",
		Why: "Google reads the first 500 KiB of a robots.txt file and ignores the rest, RFC 9309 " +
			"requires no crawler to read more, and Bing and Yandex stop there too. Rules past that point " +
			"do not exist for those crawlers, and a rule across it is read up to it: `Disallow: /private/` " +
			"cut after `/p` blocks every path that starts with `/p`. Files grow that large when a " +
			"rule is written for every URL instead of for the patterns they share.",
		Instead: "Shrink the file: replace lists of URLs by the prefixes or `*` patterns they share, " +
			"drop rules for paths that no longer exist, and keep the rules that matter most near " +
			"the top.",
	},
	// The flagged example has to be as large as the limit it shows.
	Flagged:   "User-agent: *\n" + manyRules(syntax.SizeLimit/24+1) + "Disallow: /private/\n",
	Clean:     "User-agent: *\nDisallow: /search/\nDisallow: /private/\n",
	Severity:  lint.Warning,
	Profiles:  limitedProfiles(),
	PastLimit: true,
	Run:       runFileTooLarge,
}

// limitedProfiles returns the profiles that stop reading at a size limit.
func limitedProfiles() []*match.Profile {
	var limited []*match.Profile
	for _, p := range match.Profiles() {
		if p.SizeLimit > 0 {
			limited = append(limited, p)
		}
	}
	return limited
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
	// The limit is the google profile's; the parser marks the same place,
	// and the rfc9309 profile stops there too.
	limit := match.Google.SizeLimit
	first := fact.Line
	var cut string
	var opts []lint.ReportOption
	if first >= 0 && f.Lines[first].Span.Start < limit {
		cut, opts = cutAtLimit(pass.Layout(match.Google), first)
		first++
	}
	lost, n := lostPastLimit(f, max(first, 0))
	if n == 0 && cut == "" {
		return
	}
	// The size is not said: a fetched file is linted only a little past
	// the limit, and the fetch finding says how large it is.
	msg := fmt.Sprintf("Google reads only the first %s bytes (500 KiB) of the file, as much as RFC 9309 asks crawlers to read",
		prose.Int(limit))
	// The verb agrees with what is counted: "1 rule after that is lost",
	// "2 rules and 1 sitemap line after that are lost".
	isLost := prose.Choose(n, "is lost", "are lost")
	switch {
	case n > 0 && cut != "":
		msg += ": " + lost + " after that " + isLost + ", and " + cut
	case n > 0:
		msg += ": " + lost + " after that " + isLost
	default:
		msg += ": " + cut
	}
	pass.Report(fact.Span, msg, opts...)
}

// lostPastLimit counts the rules, user-agent and sitemap lines Google
// would read on the lines from first on, which it does not read: "2 rules
// and 1 sitemap line", and how many there are.
func lostPastLimit(f *syntax.File, first int) (string, int) {
	var rules, agents, sitemaps int
	for i := first; i < len(f.Lines); i++ {
		switch d, _, _, _ := match.GoogleLine(f, i); d {
		case syntax.DirectiveAllow, syntax.DirectiveDisallow:
			rules++
		case syntax.DirectiveUserAgent:
			agents++
		case syntax.DirectiveSitemap:
			sitemaps++
		}
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
	return prose.Join(lost), rules + agents + sitemaps
}

// cutAtLimit says what Google makes of line i, across the size limit,
// when that differs from the line as written: the line as Google reads it
// is the last line of what it reads.
func cutAtLimit(google *match.Layout, i int) (string, []lint.ReportOption) {
	f := google.File
	l := &f.Lines[i]
	whole := readAsGoogleUncut(f.Text(l.Text()))
	read, k := google.Line(i)
	kept := readGoogleLine(read, k)
	if whole.sameToGoogle(kept) {
		return "", nil
	}
	cut := fmt.Sprintf("line %d is cut at the limit: its end is lost, and Google reads it as %s", i+1, kept.quote())
	if !kept.ok() {
		cut = fmt.Sprintf("line %d is cut at the limit after %s: its end is lost, and Google reads no directive in it",
			i+1, prose.Quote(read.Text(read.Lines[k].Text())))
	}
	return cut, []lint.ReportOption{lint.WithRelated(l.Text(), "the line as written, "+whole.quote()+", is cut at byte "+prose.Int(match.Google.SizeLimit))}
}
