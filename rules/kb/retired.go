package kb

import (
	"sync"

	"github.com/robotslint/robotslint/syntax"
)

// A Retirement is a crawler token that its operator no longer uses, with the
// token that replaced it. The table is data: each entry cites where the
// retirement is recorded. It lists only tokens whose crawler list entry
// (crawlers.json, built from ../shared/data) or source says the
// token is old, undocumented or superseded, and names the current one.
//
// Left out on purpose:
//   - msnbot: Bing's crawler since October 2010 is bingbot, but Bing
//     announced that "BingBot will still recognize all applicable robots.txt
//     directives, including those of MSNBot", so an msnbot group still
//     works (Bing's 2010 announcement, as reported by
//     thenorthernoffice.com/14now-crawling-microsoft-s-bingbot).
//   - Facebot: the crawler list calls it an "older Facebook crawler token"
//     but names no successor.
//   - NaverBot: the crawler list says it is "also seen" for Naver's Yeti,
//     not that it is retired.
type Retirement struct {
	// Token is the retired token, Current the one its operator documents
	// now, both as their operators spell them.
	Token, Current string
	Operator       string
	// Why says in a clause what became of the token.
	Why string
	// Source cites the record.
	Source string
}

// Retirements returns every retired token.
func Retirements() []Retirement { return append([]Retirement(nil), retirements...) }

// LookupRetirement returns the retirement of token, compared
// ASCII-case-insensitively, or nil when the token is not retired.
func LookupRetirement(token string) *Retirement {
	return retirementIndex()[syntax.LowerASCII(token)]
}

var retirementIndex = sync.OnceValue(func() map[string]*Retirement {
	m := make(map[string]*Retirement, len(retirements))
	for k := range retirements {
		m[syntax.LowerASCII(retirements[k].Token)] = &retirements[k]
	}
	return m
})

var retirements = []Retirement{
	{
		Token: "anthropic-ai", Current: "ClaudeBot", Operator: "Anthropic",
		Why: "Anthropic no longer documents it; its crawler that collects training data is ClaudeBot",
		Source: "crawlers.json (anthropic-ai: \"no longer in Anthropic's published crawler docs\"); " +
			"https://support.claude.com/en/articles/8896518 (lists ClaudeBot, Claude-User and Claude-SearchBot)",
	},
	{
		Token: "Claude-Web", Current: "Claude-User", Operator: "Anthropic",
		Why: "Anthropic no longer documents it; fetches made for Claude's users identify as Claude-User",
		Source: "crawlers.json (Claude-Web: \"Older/undocumented token\"); ai.robots.txt robots.json (\"Undocumented AI Agents\"); " +
			"https://support.claude.com/en/articles/8896518; docs/robots-semantics.md §8",
	},
	{
		Token: "omgilibot", Current: "omgili", Operator: "Webz.io",
		Why: "it is the legacy token of the Omgili search engine; Webz.io's crawler uses omgili",
		Source: "ai.robots.txt robots.json (omgilibot: \"Legacy user agent initially used for Omgili search engine. " +
			"Unknown if still used, `omgili` agent still used by Webz.io.\")",
	},
	{
		Token: "BingPreview", Current: "MicrosoftPreview", Operator: "Microsoft",
		Why: "Microsoft's page-snapshot fetcher is now largely MicrosoftPreview",
		Source: "crawlers.json (BingPreview: \"largely superseded by MicrosoftPreview\"); " +
			"https://www.bing.com/webmaster/help/which-crawlers-does-bing-use-8c184ec0",
	},
	{
		Token: "Qwantify", Current: "Qwantbot", Operator: "Qwant",
		Why:    "it is Qwant's older token; Qwant's crawler is Qwantbot",
		Source: "crawlers.json (Qwantbot: \"older token: Qwantify\"); https://help.qwant.com/bot/",
	},
}
