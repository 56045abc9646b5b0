package rules

import (
	"fmt"
	"sync"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// RetiredUserAgent reports a User-agent token whose crawler is gone or
// renamed (kb.Retirements) when the file does not also name the current
// token: the crawler that now does the job matches its own token only, so
// the group meant for it does not apply.
var RetiredUserAgent = &lint.Rule{
	Name:    "retired-user-agent",
	Summary: "a User-agent token its operator has retired, without the token that replaced it",
	Doc: lint.Doc{
		What: "Reports a User-agent token that its operator no longer uses, such as `anthropic-ai` (now " +
			"`ClaudeBot`) or `Claude-Web` (now `Claude-User`), when the file does not name the current token " +
			"anywhere. Block lists that name both the old and the new token are left alone.",
		Why: "A crawler obeys the group that names its current token. A group for a retired token no longer " +
			"reaches it: the crawler follows the `*` group instead, or no rule at all, though the file looks " +
			"as if it dealt with it.",
		Instead: "Name the current token, next to the old one if old copies of the crawler may still be about.",
		FixSafety: "The fix adds a User-agent line for the current token below the retired one, so that the group " +
			"reaches the crawler that replaced it. It is never safe (applied only with `--unsafe-fixes`): that " +
			"crawler comes to obey this group instead of the `*` group or no group at all, which changes what it " +
			"may fetch.",
	},
	Flagged:  "User-agent: anthropic-ai\nDisallow: /\n",
	Clean:    "User-agent: anthropic-ai\nUser-agent: ClaudeBot\nDisallow: /\n",
	Severity: lint.Info,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing},
	Run:      runRetiredUserAgent,
}

func runRetiredUserAgent(pass *lint.Pass) {
	f := pass.File
	var named map[string]bool // the tokens the file names, built on first need
	var buf []byte
	current := retiredCurrent()
	eachUserAgent(f, func(i int, l *syntax.Line, value []byte) {
		buf = appendGoogleToken(buf[:0], value)
		r := kb.LookupRetirement(string(buf))
		if r == nil {
			return
		}
		if named == nil {
			// Which of the current tokens, and *, the file names.
			named = map[string]bool{}
			var buf []byte
			eachUserAgent(f, func(_ int, _ *syntax.Line, v []byte) {
				buf = appendGoogleToken(buf[:0], v)
				if current[string(buf)] || string(buf) == "*" {
					named[string(buf)] = true
				}
			})
		}
		if named[syntax.LowerASCII(r.Current)] {
			return
		}
		fallback := "so nothing in this file restricts " + r.Current
		if named["*"] {
			fallback = "so " + r.Current + " follows the `*` group instead"
		}
		msg := fmt.Sprintf("%s is a retired token (%s), and this file does not name %s, %s",
			prose.Quote(value[:tokenPrefix(value)]), r.Why, prose.Quote([]byte(r.Current)), fallback)
		key := string(f.Text(l.Key()))
		pass.Report(l.Value(), msg, lint.WithFix(lint.Fix{
			Title: fmt.Sprintf("Add `%s: %s` below", key, r.Current),
			Edits: []lint.Edit{insertLineAfter(f, i, key+": "+r.Current)},
		}))
	})
}

// retiredCurrent holds the lower-cased tokens that replaced retired ones.
var retiredCurrent = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, r := range kb.Retirements() {
		m[syntax.LowerASCII(r.Current)] = true
	}
	return m
})
