package rules

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// InvalidUserAgent reports User-agent values that are not product tokens.
// RFC 9309 allows only letters, '-' and '_' in a token; Google keeps the
// value's leading run of those and drops the rest, so `Googlebot/2.1` is
// Googlebot to Google, `MJ12bot` is "MJ" and `360Spider` is no name at all,
// while crawlers that compare the whole value match none of them.
var InvalidUserAgent = &lint.Rule{
	Name:    "invalid-user-agent",
	Summary: "a User-agent value that is not a product token, such as a version or a browser string",
	Doc: lint.Doc{
		What: "Reports User-agent values with characters a product token cannot have: a version " +
			"(`Googlebot/2.1`), a browser's whole User-Agent header, digits, dots or other punctuation, " +
			"and empty values. It warns when the value concerns a crawler robotslint knows, or every crawler; " +
			"when the value is the name a crawler's operator documents (`MJ12bot`, `AI2Bot`), or names a crawler " +
			"robotslint does not know (`Microsoft.URL.Control` in old block lists), whose own parser decides what " +
			"the line means, the finding is only information. Several plain words on one line are " +
			"multiple-agents' to report, and `*` inside a value wildcard-portability's.",
		Why: "RFC 9309 product tokens hold only letters, `-` and `_`. Google reads the leading run of those " +
			"and ignores the rest, so `Googlebot/2.1` works for Googlebot but `MJ12bot` becomes `MJ`; Bing " +
			"and other RFC 9309 crawlers compare the whole value with their token, so a version or a browser " +
			"string matches no crawler and the group goes unread.",
		Instead: "Write the crawler's token alone, as its operator documents it: `Googlebot`, `bingbot`, `GPTBot`.",
		FixSafety: "Removing a version (`Googlebot/2.1` to `Googlebot`) is safe (applied by `--fix`): Google drops the " +
			"version itself, so its verdicts stay, and Bing and RFC 9309 parsers come to read the token Google " +
			"reads. When Yandex is targeted, it is unsafe (applied only with `--unsafe-fixes`) if the token is " +
			"part of another Yandex robot's name (`Yandex/1.0` to `Yandex`): Yandex robots obey a group whose " +
			"value their name contains, so `YandexImages` would come to obey the group at Yandex but not at " +
			"Google. Renaming a browser's User-Agent string to the crawler token in it (`Mozilla/5.0 (compatible; " +
			"bingbot/2.0)` to `bingbot`) is never safe: Google reads `Mozilla` now, so the crawler comes to obey " +
			"the group at Google too.",
	},
	Flagged:  "User-agent: Googlebot/2.1\nDisallow: /private/\n",
	Clean:    "User-agent: Googlebot\nDisallow: /private/\n",
	Severity: lint.Warning,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing},
	Run:      runInvalidUserAgent,
}

func runInvalidUserAgent(pass *lint.Pass) {
	f := pass.File
	// Files repeat values (block lists, copied groups): each is judged once.
	judged := map[string]*invalidAgentValue{}
	strict := "" // what the crawlers that compare whole values make of it
	if others := targetedReaders(pass, match.Bing, match.RFC9309); len(others) > 0 {
		strict = ", and " + prose.Join(others) + ", comparing the whole value, " + prose.Verb(others, "matches", "match") + " it to no crawler"
	}
	eachUserAgent(f, func(i int, l *syntax.Line, value []byte) {
		switch classifyAgent(value) {
		case agentEmpty:
			pass.Report(directiveSpan(l), "the User-agent value is empty, so the line names no crawler and "+
				prose.Subject(subjectReaders(pass, match.Google, match.Bing, match.Yandex, match.RFC9309, match.Legacy), "applies", "apply")+" its group to none")
		case agentInvalid:
			j, ok := judged[string(value)]
			if !ok {
				j = judgeInvalidUserAgent(pass, strict, value)
				judged[string(value)] = j
			}
			j.report(pass, l)
		}
	})
}

// invalidAgentValue is what invalid-user-agent finds in one value.
type invalidAgentValue struct {
	msg      string
	severity lint.Severity
	n        int    // the length of the token Google reads, from the value's start
	fix      string // the fix's title, or ""
	safe     bool
	rename   string // the text the fix writes instead of the value; "" drops what follows the token
}

func (j *invalidAgentValue) report(pass *lint.Pass, l *syntax.Line) {
	vs := l.Value()
	var opts []lint.ReportOption
	if j.severity != lint.Warning {
		opts = append(opts, lint.WithSeverity(j.severity))
	}
	switch {
	case j.fix != "" && j.rename != "":
		opts = append(opts, lint.WithFix(lint.Fix{Title: j.fix, Safe: j.safe, Edits: []lint.Edit{{Span: vs, NewText: j.rename}}}))
	case j.fix != "":
		opts = append(opts, lint.WithFix(lint.Fix{Title: j.fix, Safe: j.safe, Edits: []lint.Edit{{Span: syntax.Span{Start: vs.Start + j.n, End: vs.End}}}}))
	}
	span := vs
	span.Start += j.n // what Google drops, or the whole value when Google reads no name
	pass.Report(span, j.msg, opts...)
}

func judgeInvalidUserAgent(pass *lint.Pass, strict string, value []byte) *invalidAgentValue {
	token := match.GoogleAgent(value)
	n := tokenPrefix(value)
	named := lookupCrawler(value)   // the value is a known crawler's name as written
	read := knownCrawler(value[:n]) // Google reads a known crawler's token
	version := n > 0 && n < len(value) && value[n] == '/' && !bytes.ContainsAny(value[n:], " \t")
	browser := looksLikeBrowser(value)
	quoted := prose.Quote(value)
	google := "Google reads only " + prose.Quote(value[:n])
	switch token {
	case "*":
		google = "Google reads it as `*`, the group for every crawler"
	case "":
		google = "Google reads no name in it"
	}

	var msg strings.Builder
	severity := lint.Warning
	switch {
	case named != nil:
		// The operator's own name for its crawler: the crawler's own
		// parser reads it, whatever other parsers make of it.
		by := "the name " + named.Operator + " documents for its crawler"
		if named.Operator == "" || strings.HasPrefix(named.Operator, "Unknown") || strings.HasPrefix(named.Operator, "Unclear") {
			by = "the name crawler lists give this crawler"
		}
		msg.WriteString(quoted + " is not a product token (it has " + offendingChar(value, n) + "), but it is " + by +
			", and the crawler matches it as written; parsers that follow Google's read ")
		switch token {
		case "*":
			msg.WriteString("it as `*`")
		case "":
			msg.WriteString("no name in it")
		default:
			msg.WriteString("only " + prose.Quote(value[:n]))
		}
		severity = lint.Info
	case browser:
		msg.WriteString(quoted + " is a browser's User-Agent header, not a product token: " + google + strict +
			"; robots.txt names a crawler by its token alone")
		if crawlerIn(value) == "" {
			severity = lint.Info // no crawler in it: old block lists name browsers this way
		}
	case read != nil || token == "*":
		// Google gives the group to a crawler it knows, or to every
		// crawler: the line does something, and other parsers disagree.
		msg.WriteString(quoted + " is not a product token (it has " + offendingChar(value, n) +
			", and a token is only letters, `-` and `_`): " + google + strict)
	default:
		// A crawler robotslint does not know: its own parser decides
		// what the line means, and to the parsers robotslint knows it
		// names no crawler.
		msg.WriteString(quoted + " is not a product token (it has " + offendingChar(value, n) +
			", and a token is only letters, `-` and `_`) and names no crawler robotslint knows: " + google + strict +
			", so only a crawler that matches the value its own way obeys this group")
		severity = lint.Info
	}
	if strings.Contains(token, "yandex") && pass.Targeted(match.Yandex) {
		msg.WriteString("; Yandex robots obey it only if their name contains the whole value")
	}

	j := &invalidAgentValue{msg: msg.String(), severity: severity}
	if token != "" && token != "*" {
		j.n = n
	}
	// "Token/version": the version is a product version that only the
	// User-Agent header carries. Dropping it keeps Google's reading (Google
	// drops it itself) and gives RFC 9309 crawlers the token Google reads.
	if version && token != "" {
		j.fix, j.safe = fmt.Sprintf("Remove the version %s", prose.Quote(value[n:])), safeForYandex(pass, token)
	} else if browser {
		if name := crawlerIn(value); name != "" && !strings.EqualFold(name, string(value[:n])) {
			j.fix, j.rename = "Rename to "+name, name
		}
	}
	return j
}

// offendingChar describes the first byte of value at or after n that a token
// cannot hold.
func offendingChar(value []byte, n int) string {
	for n < len(value) && (isTokenByte(value[n]) || value[n] == '*' && n == 0) {
		n++
	}
	if n >= len(value) {
		return "a character a token cannot hold"
	}
	switch c := value[n]; {
	case '0' <= c && c <= '9':
		return "a digit"
	case c == ' ' || c == '\t':
		return "a space"
	case c == '.':
		return "a dot"
	case c == '/':
		return "a `/`"
	case c == '*':
		return "a `*`"
	case c < utf8.RuneSelf:
		return "`" + string(c) + "`"
	}
	r, _ := utf8.DecodeRune(value[n:])
	if r == utf8.RuneError {
		return "a byte that is not UTF-8"
	}
	return fmt.Sprintf("%q", r)
}

// looksLikeBrowser reports whether a User-agent value is a User-Agent
// header rather than a token: "Mozilla/5.0 (compatible; bingbot/2.0; ...)".
func looksLikeBrowser(value []byte) bool {
	lower := bytes.ToLower(value)
	return bytes.HasPrefix(lower, []byte("mozilla/")) || bytes.Contains(lower, []byte("(compatible"))
}

// crawlerIn returns the first known crawler token among the words of a
// User-Agent header, as the crawler list spells it, or "".
func crawlerIn(value []byte) string {
	for i := 0; i < len(value); {
		n := tokenPrefix(value[i:])
		if n == 0 {
			i++
			continue
		}
		if c := knownCrawler(value[i : i+n]); c != nil {
			return c.Token
		}
		i += n
	}
	return ""
}
