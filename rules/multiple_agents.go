package rules

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// MultipleAgents reports a User-agent line that names several crawlers,
// space-separated. A User-agent value is one product token: Google keeps
// its leading letters, '-' and '_' and drops the rest, so it reads only the
// first name, and crawlers that follow RFC 9309 compare the whole value,
// which names no crawler.
var MultipleAgents = &lint.Rule{
	Name:    "multiple-agents",
	Summary: "several names on one User-agent line, of which Google reads only the first",
	Doc: lint.Doc{
		What: "Reports a User-agent value made of several words, such as `User-agent: Googlebot Bingbot`, " +
			"unless the crawler list knows the whole value as one crawler's name (then invalid-user-agent " +
			"says what crawlers make of it). It warns when a word is a crawler robotslint knows; when none is " +
			"(`Lycos MomSpider`, `Offline Explorer` in old block lists), the finding is only information, since " +
			"the line then names no crawler to Google or RFC 9309 either way.",
		Why: "A User-agent line names one crawler by one token. Google keeps the value's leading letters, " +
			"`-` and `_`, so it reads `Googlebot` and drops `Bingbot`; Bing and other RFC 9309 crawlers compare " +
			"the whole value with their token and match nothing. Only old substring-matching robots read the " +
			"line as meant.",
		Instead: "Give each crawler its own User-agent line; consecutive User-agent lines share the rules below them.",
		FixSafety: "The fix puts each name on a User-agent line of its own and is never safe (applied only with " +
			"`--unsafe-fixes`): Google reads only the first name now, and Bing and RFC 9309 parsers none, so the " +
			"crawlers named after the first come to obey the group at Google, and all of them at Bing and RFC " +
			"9309 crawlers. That is what the line meant, but it changes what those crawlers may fetch.",
	},
	Flagged:  "User-agent: Googlebot Bingbot\nDisallow: /private/\n",
	Clean:    "User-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /private/\n",
	Severity: lint.Warning,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing},
	Run:      runMultipleAgents,
}

func runMultipleAgents(pass *lint.Pass) {
	f := pass.File
	eachUserAgent(f, func(i int, l *syntax.Line, value []byte) {
		if classifyAgent(value) != agentWords {
			return
		}
		words := strings.Fields(string(value))
		vs := l.Value()
		first := tokenPrefix(value)
		rest := first
		for rest < len(value) && (value[rest] == ' ' || value[rest] == '\t') {
			rest++
		}
		var msg strings.Builder
		fmt.Fprintf(&msg, "%s holds %s, but a User-agent line takes one token: Google reads only %s",
			prose.Quote(value), prose.Count(len(words), "name", "names"), prose.Quote([]byte(words[0])))
		if others := targetedReaders(pass, match.Bing, match.RFC9309); len(others) > 0 {
			fmt.Fprintf(&msg, ", and %s the whole value, which names no crawler", prose.Subject(others, "compares", "compare"))
		}
		// One line per name, each with the key as written and the line's
		// own terminator; a comment stays on the last one.
		eol := newlineAt(f, i)
		key := string(f.Text(l.Key()))
		var b bytes.Buffer
		for k, w := range words {
			if k > 0 {
				b.WriteString(eol + key + ": ")
			}
			b.WriteString(w)
		}
		opts := []lint.ReportOption{lint.WithFix(lint.Fix{
			Title: "Put each name on its own User-agent line",
			Edits: []lint.Edit{{Span: vs, NewText: b.String()}},
		})}
		// Names robotslint knows make the line matter to crawlers whose
		// reading it can tell. Otherwise the value is an unknown program's
		// name ("Offline Explorer", in old block lists), which names no
		// crawler to Google or RFC 9309 whether split or not, and whose own
		// parser decides what it means.
		known := false
		for _, w := range words {
			known = known || knownCrawler([]byte(w)) != nil
		}
		if !known {
			msg.WriteString("; robotslint knows no crawler by these names, so only a crawler that matches the value its own way obeys this group")
			opts = append(opts, lint.WithSeverity(lint.Info))
		}
		pass.Report(syntax.Span{Start: vs.Start + rest, End: vs.End}, msg.String(), opts...)
	})
}
