package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
)

// MisspelledRobotsName reports a robots META tag whose name, or an
// X-Robots-Tag prefix that, is a near miss of a name crawlers answer to:
// robot for robots, googlebots for googlebot.
var MisspelledRobotsName = &lint.Rule{
	Name:    "misspelled-robots-name",
	Summary: "a robots META tag name or X-Robots-Tag prefix that is a near miss of one crawlers answer to, such as robot",
	Doc: lint.Doc{
		What: "Reports a META tag whose `name` is close to a name crawlers read robots rules from, but is not one: " +
			"`robot` or `robtos` for `robots`, `googlebots` or `google-bot` for `googlebot`, `bing` for `bingbot`. " +
			"The same goes for the crawler prefix of an X-Robots-Tag header (`googelbot: noindex`).",
		Why: "A crawler reads the tags named `robots` and the tags named for itself, and no other: the rules in a tag " +
			"with a misspelled name apply to no search engine that documents its names. One near miss is read by " +
			"Google all the same: tests since 2018 show Google obeying `<meta name=\"robot\" content=\"noindex\">`, " +
			"which Google does not document, while Bing, Yandex and SEO tools such as Lighthouse ignore it, so the " +
			"page is out of Google and in the others.",
		Instead: "Name the tag `robots` for every crawler, or by a crawler's documented name (`googlebot`, " +
			"`googlebot-news`, `bingbot`, `yandex`) for that one.",
		FixSafety: "The fix renames the tag to the name it is a near miss of. It is unsafe (offered in the editor, " +
			"applied only with `--unsafe-fixes`): it makes crawlers obey rules they ignored until now, and a " +
			"`noindex` that starts to apply removes the page from search results. A header gets no fix: it is set " +
			"in the server's configuration.",
	},
	Flagged:  "<head>\n<meta name=\"robot\" content=\"noindex\">\n</head>\n",
	Clean:    "<head>\n<meta name=\"robots\" content=\"noindex\">\n</head>\n",
	Severity: lint.Warning,
	Fixable:  true,
	Scope:    lint.ScopePage,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunPage:  runMisspelledRobotsName,
}

// Google reads <meta name="robot"> as "robots": Valentin Pletzer's tests
// (valentin.app/robotsmeta.html, 2018, updated 2021) and Jens Fauldrath's
// (reported at apasionadosdelmarketing.es/entiende-google-meta-etiquetas-
// mal-escritas), which also found that Google does not read "googlebots"
// or "robts". Google does not document it, so the knowledge base, which
// holds what engines document, does not list the name; the message says
// what the tests show.
func runMisspelledRobotsName(pass *lint.PagePass) {
	for i := range pass.Directives {
		d := &pass.Directives[i]
		if d.Agent == "robots" || kb.LookupPageName(d.Agent) != nil {
			continue
		}
		suggestions := kb.SuggestPageName(d.Agent)
		if len(suggestions) == 0 {
			continue
		}
		what := "tag name"
		if d.HeaderNumber > 0 {
			what = "X-Robots-Tag prefix"
		}
		var quoted []string
		for _, s := range suggestions {
			quoted = append(quoted, prose.Quote([]byte(s)))
		}
		name := pass.Text(d, d.AgentSpan)
		msg := fmt.Sprintf("no search engine reads robots rules under the %s %s, so no crawler obeys these: did you mean %s?", what, prose.Quote([]byte(name)), joinOr(quoted))
		if d.Agent == "robot" && d.HeaderNumber == 0 {
			msg = fmt.Sprintf("Google is seen to read the tag name %s as robots, though it documents only robots, but Bing, Yandex and SEO tools ignore it: did you mean %s?", prose.Quote([]byte(name)), joinOr(quoted))
		}
		var opts []lint.ReportOption
		if len(suggestions) == 1 {
			opts = append(opts, lint.WithFix(lint.Fix{Title: "Rename to " + suggestions[0], Edits: []lint.Edit{{Span: d.AgentSpan, NewText: suggestions[0]}}}))
		}
		pass.ReportAt(d, d.AgentSpan, msg, opts...)
	}
}
