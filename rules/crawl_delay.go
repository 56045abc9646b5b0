package rules

import (
	"fmt"
	"math"
	"strconv"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// CrawlDelay reports Crawl-delay lines: that Google, Yandex and RFC 9309
// crawlers ignore them while Bing honours them (info, once per file), a
// value that is not a number of seconds (error), and a delay so long that
// a crawler honouring it can fetch only a few pages a day (warning).
var CrawlDelay = &lint.Rule{
	Name:    "crawl-delay",
	Summary: "a crawl-delay line, which Google and Yandex ignore, or whose value is not a sensible number of seconds",
	Doc: lint.Doc{
		What: "Reports, once per file, that the targeted crawlers that ignore Crawl-delay do (Google, Yandex, RFC 9309 " +
			"crawlers) and names those that honour it (Bing). Reports as an error a value that is not a non-negative " +
			"number of seconds (`10s`, `-1`, `1,5`), and as a warning a delay above the `max-delay` option (60 " +
			"seconds by default), saying how few pages a day it allows.",
		Why: "Crawl-delay was never standardised. Bing, Yahoo, Common Crawl, Ahrefs, Majestic and Anthropic's " +
			"crawlers wait that many seconds between requests; Google never supported it, Yandex has ignored it " +
			"since 2018, and Baidu, Applebot and Amazonbot ignore it too, so it does not slow them down. A crawler " +
			"that honours it cannot read a value that is not a number, and one that does read a long delay fetches " +
			"at most 86,400 ÷ delay pages a day: `Crawl-delay: 3600` lets Bing see 24 pages a day.",
		Instead: "Keep Crawl-delay for the crawlers that honour it, with a small number of seconds (`Crawl-delay: 5`). " +
			"To slow Google or Yandex down, use Search Console's or Yandex Webmaster's crawl-rate settings, or " +
			"answer with HTTP 429 or 503 while the server is overloaded.",
	},
	Flagged:  "User-agent: *\nCrawl-delay: 10\nDisallow: /search\n",
	Clean:    "User-agent: *\nDisallow: /search\n",
	Severity: lint.Info,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex},
	Options:  []lint.Option{maxDelayOption},
	Run:      runCrawlDelay,
}

// maxDelayOption is the longest delay not reported. By default a minute:
// that already caps a crawler at 1,440 pages a day. A delay of more than a
// day, which lets a crawler fetch less than a page a day, is always
// reported.
var maxDelayOption = lint.Option{
	Name:    "max-delay",
	Summary: "the longest delay, in seconds, that is not reported as too long",
	Kind:    lint.Seconds,
	Default: 60,
	Max:     86400,
}

func runCrawlDelay(pass *lint.Pass) {
	f := pass.File
	src := f.Bytes()
	maxDelay := maxDelayOption.Seconds(pass.Options)
	honouring := targetsWhere(pass, func(p *match.Profile) bool { return honours(syntax.DirectiveCrawlDelay, p) })
	ignoring := targetsWhere(pass, func(p *match.Profile) bool { return !honours(syntax.DirectiveCrawlDelay, p) })
	// Who reads the value: the targeted crawlers that honour Crawl-delay,
	// or Bing as an example of the others.
	whoHonours, oneHonours := "crawlers that honour it, such as Bing,", "a crawler that honours it, such as Bing,"
	if len(honouring) > 0 {
		whoHonours = prose.Join(prose.Readers(honouring))
		oneHonours = whoHonours
	}
	var plain []int // the lines reported as ignored, once
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind != syntax.LineDirective || l.Directive != syntax.DirectiveCrawlDelay || l.Sep().Len() != 1 || src[l.Sep().Start] != ':' {
			continue
		}
		value := f.Text(l.Value())
		delay, ok := parseSeconds(value)
		switch {
		case !ok:
			span := l.Value()
			msg := fmt.Sprintf("%s is not a number of seconds, so %s cannot read it", prose.Quote(value), whoHonours)
			if len(value) == 0 {
				span, msg = l.Key(), fmt.Sprintf("`Crawl-delay:` has no value, so %s cannot read it", whoHonours)
			}
			pass.Report(span, msg, lint.WithSeverity(lint.Error))
		case delay > maxDelay:
			perDay := "less than one page a day"
			if n := math.Floor(86400 / delay); n >= 1 {
				perDay = "at most " + prose.Count(int(n), "page", "pages") + " a day"
			}
			pass.Report(l.Value(), fmt.Sprintf("a delay of %s seconds lets %s fetch %s", value, oneHonours, perDay),
				lint.WithSeverity(lint.Warning))
		default:
			plain = append(plain, i)
		}
	}
	if len(ignoring) == 0 {
		return
	}
	for _, lines := range pass.GroupBySuppression(plain) {
		msg := prose.Subject(prose.Readers(ignoring), "ignores", "ignore") + " `Crawl-delay`" + hereAndMore(lines)
		if len(honouring) > 0 {
			msg += "; " + prose.Subject(prose.Readers(honouring), "honours", "honour") + " it"
		} else {
			msg += "; only other crawlers, such as Bing, honour it"
		}
		pass.Report(f.Lines[lines[0]].Key(), msg)
	}
}

// parseSeconds reads a non-negative decimal number of seconds: digits,
// optionally with a fraction ("0.5", ".5").
func parseSeconds(b []byte) (float64, bool) {
	digits, dot := 0, false
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9':
			digits++
		case c == '.' && !dot:
			dot = true
		default:
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(string(b), 64)
	return v, err == nil
}
