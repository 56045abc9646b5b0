package rules

import (
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
)

// UnknownIndexingRule reports a rule in a robots META tag or X-Robots-Tag
// header that no crawler knows (noidex, no-index), with a fix when it is
// a known rule misspelled, and, as information, a known rule that none of
// the crawlers it addresses reads (noodp, noarchive for Google alone).
var UnknownIndexingRule = &lint.Rule{
	Name:    "unknown-indexing-rule",
	Summary: "a robots META or X-Robots-Tag rule that no crawler knows, such as noidex, or that the crawlers it addresses ignore",
	Doc: lint.Doc{
		What: "Reports a rule in the `content` of a robots META tag, or in an X-Robots-Tag header, that no search " +
			"engine documents, and names the rule meant when it is a misspelling (`noidex`, `no-index`, `nosnipet`), " +
			"rules run together without a comma (`noindex nofollow`) or a rule with a stray quote or brace left by " +
			"a template (`'index`). " +
			"Reports as information a rule that all the crawlers the tag addresses ignore: `noodp`, which no engine " +
			"reads any more, or `noarchive` in a tag for Googlebot alone.",
		Why: "Crawlers skip what they do not know without a word: a page marked `noidex` is indexed as if the tag " +
			"were not there, which is rarely found until the page shows up in search results.",
		Instead: "Write the rule as the engines document it: `noindex`, `nofollow`, `none`, `nosnippet`, " +
			"`indexifembedded`, `max-snippet`, `max-image-preview`, `max-video-preview`, `notranslate`, " +
			"`noimageindex`, `unavailable_after` (Google); `noarchive`, `nocache` (Bing); `noyaca` (Yandex).",
		FixSafety: "The fix renames a misspelled rule to the one it is a typo of (`noidex` to `noindex`), or puts " +
			"commas between rules run together. It is " +
			"unsafe (offered in the editor, applied only with `--unsafe-fixes`): it changes what crawlers do with the " +
			"page, which is the point, but a page that has been indexed for years despite a misspelled `noidex` " +
			"drops out of search results once it is fixed, and that should be a decision, not a side effect of " +
			"`--fix`. A header gets no fix: it is set in the server's configuration.",
	},
	Flagged:  "<head>\n<meta name=\"robots\" content=\"noidex, nofollow\">\n</head>\n",
	Clean:    "<head>\n<meta name=\"robots\" content=\"noindex, nofollow\">\n</head>\n",
	Severity: lint.Warning,
	Fixable:  true,
	Scope:    lint.ScopePage,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunPage:  runUnknownIndexingRule,
}

func runUnknownIndexingRule(pass *lint.PagePass) {
	for i := range pass.Directives {
		d := &pass.Directives[i]
		to := addressed(pageOf(pass), d)
		for k := range d.Rules {
			r := &d.Rules[k]
			name := pass.Text(d, r.NameSpan)
			v := kb.LookupPageValue(r.Name)
			if v == nil {
				if words := strings.Fields(name); len(words) > 1 && allKnown(words) {
					// "noindex nofollow": a comma left out.
					pass.ReportAt(d, r.NameSpan, fmt.Sprintf("crawlers read %s as one rule they do not know: separate rules with commas", prose.Quote([]byte(name))),
						lint.WithFix(lint.Fix{Title: "Separate the rules with commas", Edits: []lint.Edit{{Span: r.NameSpan, NewText: strings.Join(words, ", ")}}}))
					continue
				}
				suggestions := kb.SuggestPageValue(r.Name)
				if bare := strings.Trim(r.Name, strayMarks); bare != r.Name && kb.LookupPageValue(bare) != nil {
					// A quote or brace left over from a template or a
					// copied example: the rule inside is the one meant,
					// whatever a typo away is ("'index" is not noindex).
					suggestions = []string{kb.LookupPageValue(bare).Name}
				}
				if len(suggestions) == 0 {
					pass.ReportAt(d, r.NameSpan, fmt.Sprintf("%s is not a rule any search engine knows, so crawlers ignore it", prose.Quote([]byte(name))))
					continue
				}
				var quoted []string
				for _, s := range suggestions {
					quoted = append(quoted, prose.Quote([]byte(s)))
				}
				msg := fmt.Sprintf("%s is not a rule any search engine knows, so crawlers ignore it: did you mean %s?", prose.Quote([]byte(name)), joinOr(quoted))
				var opts []lint.ReportOption
				if len(suggestions) == 1 {
					opts = append(opts, lint.WithFix(lint.Fix{Title: "Rename to " + suggestions[0], Edits: []lint.Edit{{Span: r.NameSpan, NewText: suggestions[0]}}}))
				}
				pass.ReportAt(d, r.NameSpan, msg, opts...)
				continue
			}
			if len(to) == 0 || len(v.Implies) > 0 {
				continue
			}
			var ignoring []*match.Profile
			note := ""
			for _, p := range to {
				if !reads(v, p) {
					ignoring = append(ignoring, p)
					if s, _ := v.SupportFor(kb.Profile(p.Name)); note == "" {
						note = s.Note
					}
				}
			}
			if len(ignoring) < len(to) {
				continue
			}
			msg := fmt.Sprintf("%s ignores %s", prose.Join(prose.Readers(ignoring)), prose.Quote([]byte(name)))
			if len(ignoring) > 1 {
				msg = fmt.Sprintf("%s all ignore %s", prose.Join(prose.Readers(ignoring)), prose.Quote([]byte(name)))
			}
			if note != "" {
				msg += " (" + asClause(note) + ")"
			}
			pass.ReportAt(d, r.NameSpan, msg, lint.WithSeverity(lint.Info))
		}
	}
}

// strayMarks are the characters a template or a copied example leaves
// around a rule: quotes, typographic quotes and braces.
const strayMarks = "'\"`‘’“”{}()[]<>"

// allKnown reports whether every word is a page rule.
func allKnown(words []string) bool {
	for _, w := range words {
		if kb.LookupPageValue(w) == nil {
			return false
		}
	}
	return true
}
