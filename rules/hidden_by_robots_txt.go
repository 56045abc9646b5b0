package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
)

// HiddenByRobotsTxt reports a robots META tag or X-Robots-Tag header with
// rules (noindex above all) that a crawler never reads, because the site's
// robots.txt keeps it from fetching the page; it names the robots.txt line
// that does, per crawler.
var HiddenByRobotsTxt = &lint.Rule{
	Name:    "hidden-by-robots-txt",
	Summary: "a noindex or other robots rule that crawlers never see, because robots.txt keeps them from fetching the page",
	Doc: lint.Doc{
		What: "Reports a robots META tag or X-Robots-Tag header whose rules restrict something (`noindex`, " +
			"`nofollow`, `nosnippet`, …) on a page that the site's robots.txt disallows for the crawlers the tag " +
			"addresses. It names, per crawler, the robots.txt line that keeps it out. It needs the page's URL path " +
			"and the site's robots.txt, and says nothing without them.",
		Why: "A crawler reads a page's META tags and headers only when it fetches the page, and robots.txt decides " +
			"whether it may. Google: the rules \"can be read and followed only if crawlers are allowed to access the " +
			"pages\", and of a page blocked by robots.txt, \"the crawler will never see the noindex directive, and the " +
			"page can still appear in search results\" (found through links, shown without a description). Bing " +
			"and Yandex say the same. Disallowing a page to keep it out of results is the classic way to keep it in.",
		Instead: "To keep a page out of search results, let crawlers fetch it (remove or narrow the Disallow line) " +
			"and keep the `noindex`. Disallow only pages that may be known but must not be fetched.",
	},
	Flagged:       "<head>\n<meta name=\"robots\" content=\"noindex\">\n</head>\n",
	Clean:         "<head>\n<meta name=\"robots\" content=\"index\">\n</head>\n",
	ExampleRobots: "User-agent: *\nDisallow: /private/\n",
	ExamplePath:   "/private/offer.html",
	Severity:      lint.Warning,
	Scope:         lint.ScopePage,
	Profiles:      []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunPage:       runHiddenByRobotsTxt,
}

func runHiddenByRobotsTxt(pass *lint.PagePass) {
	path := pass.Page.Path
	robots := pass.Page.Robots
	if path == "" || robots == nil {
		return
	}
	for i := range pass.Directives {
		d := &pass.Directives[i]
		// blocked holds, per robots.txt line, the crawlers it keeps out;
		// lines in the order first met.
		var lines []int
		blocked := map[int][]*match.Profile{}
		var hidden []string // the restricting rules those crawlers would read
		for _, p := range addressed(pageOf(pass), d) {
			restricting := restrictingRules(d, p)
			if len(restricting) == 0 {
				continue
			}
			rob := pass.Robots(p)
			v := rob.Check(crawlerToken(d, p), path)
			if v.Allowed || v.Reason != match.ReasonRule || v.Line < 0 || v.Line >= len(robots.Lines) {
				continue
			}
			if _, seen := blocked[v.Line]; !seen {
				lines = append(lines, v.Line)
			}
			blocked[v.Line] = append(blocked[v.Line], p)
			for _, name := range restricting {
				if !slices.Contains(hidden, name) {
					hidden = append(hidden, name)
				}
			}
		}
		if len(lines) == 0 {
			continue
		}
		var all []*match.Profile
		var why []string
		var opts []lint.ReportOption
		for _, line := range lines {
			all = append(all, blocked[line]...)
			why = append(why, fmt.Sprintf("robots.txt line %s (%s) keeps %s from fetching %s", strconv.Itoa(line+1), ruleText(robots, &robots.Lines[line]), prose.Join(prose.Readers(blocked[line])), prose.Quote([]byte(path))))
			opts = append(opts, lint.InRobotsTxt(robots.Lines[line].Span, "keeps "+prose.Join(prose.Readers(blocked[line]))+" from fetching the page"))
		}
		readers := prose.Readers(all)
		msg := fmt.Sprintf("%s never %s this %s: %s", prose.Join(readers), prose.Verb(readers, "sees", "see"), strings.Join(hidden, ", "), strings.Join(why, "; "))
		if slices.Contains(hidden, "noindex") || slices.Contains(hidden, "none") {
			msg += ", so the URL can still appear in " + prose.Verb(readers, "its", "their") + " results, without a description"
		}
		pass.ReportAt(d, d.Span, msg, opts...)
	}
}

// restrictingRules returns the names, as written in lower case, of d's
// rules that take something away and that crawlers of profile p read.
func restrictingRules(d *lint.PageDirective, p *match.Profile) []string {
	var out []string
	for _, r := range d.Rules {
		if v := kb.LookupPageValue(r.Name); v != nil && v.Restricts && reads(v, p) && !slices.Contains(out, v.Name) {
			out = append(out, v.Name)
		}
	}
	return out
}
