package rules

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// CrawlDelay reports Crawl-delay lines: that Google, Yandex and RFC 9309
// crawlers ignore them while Bing honours them (info, once per file), a
// value that is not a number of seconds (error), and a delay so long that
// a crawler honouring it can fetch only a few pages a day (warning), a
// second Crawl-delay in one group, and a unit or leading zero in a value.
var CrawlDelay = &lint.Rule{
	Name:    "crawl-delay",
	Summary: "a crawl-delay line, which Google and Yandex ignore, whose value is not a sensible number of seconds, or repeated in a group",
	Doc: lint.Doc{
		What: "Reports, once per file, that the targeted crawlers that ignore Crawl-delay do (Google, Yandex, RFC 9309 " +
			"crawlers) and names those that honour it (Bing). Reports as an error a value that is not a non-negative " +
			"number of seconds (`10s`, `-1`, `1,5`), and as a warning a delay above the `max-delay` option (60 " +
			"seconds by default), saying how few pages a day it allows. A value with a unit (`10s`, `2 min`) is an error " +
			"that says what to write instead; a leading zero (`010`) is a hint. A second Crawl-delay in one group is a " +
			"warning when its value differs (information when it repeats the first).",
		Why: "Crawl-delay was never standardised. Bing, Yahoo, Common Crawl, Ahrefs, Majestic and Anthropic's " +
			"crawlers wait that many seconds between requests; Google never supported it, Yandex has ignored it " +
			"since 2018, and Baidu, Applebot and Amazonbot ignore it too, so it does not slow them down. A crawler " +
			"that honours it cannot read a value that is not a number, and one that does read a long delay fetches " +
			"at most 86,400 ÷ delay pages a day: `Crawl-delay: 3600` lets Bing see 24 pages a day. Neither Bing nor " +
			"the other crawlers that honour Crawl-delay say which of two values in one group they obey, and parsers " +
			"differ (Python's urllib.robotparser keeps the last), so the delay a crawler keeps is anyone's guess.",
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
	earlier := -1   // the last readable Crawl-delay line since the last User-agent line
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind == syntax.LineDirective && l.Directive == syntax.DirectiveUserAgent {
			earlier = -1
		}
		if l.Kind != syntax.LineDirective || l.Directive != syntax.DirectiveCrawlDelay || l.Sep().Len() != 1 || src[l.Sep().Start] != ':' {
			continue
		}
		value := f.Text(l.Value())
		delay, ok := parseSeconds(value)
		if ok && earlier >= 0 {
			reportRepeatedDelay(pass, earlier, i, honouring, ignoring)
		}
		if ok {
			earlier = i
		}
		switch {
		case !ok:
			span := l.Value()
			msg := fmt.Sprintf("%s is not a number of seconds, so %s cannot read it", prose.Quote(value), whoHonours)
			if n, unit, ok := secondsWithUnit(value); ok {
				msg = fmt.Sprintf("%s gives a unit, but Crawl-delay takes a bare number of seconds, so %s cannot read it: write %s", prose.Quote(value), whoHonours, prose.Quote([]byte(n)))
				if unit != "" {
					msg += " (" + unit + ")"
				}
			}
			if len(value) == 0 {
				span, msg = l.Key(), fmt.Sprintf("`Crawl-delay:` has no value, so %s cannot read it", whoHonours)
			}
			pass.Report(span, msg, lint.WithSeverity(lint.Error))
			continue
		case len(value) > 1 && value[0] == '0' && '0' <= value[1] && value[1] <= '9':
			// Crawlers read 010 as 10, but a reader may take it for an
			// octal number or a typo.
			pass.Report(l.Value(), fmt.Sprintf("%s has a leading zero: write %s", prose.Quote(value), prose.Quote(trimLeadingZeros(value))),
				lint.WithSeverity(lint.Hint))
		}
		switch {
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

// reportRepeatedDelay reports Crawl-delay line i, which follows line
// earlier in the same group with no User-agent line between them. Neither
// Bing nor any other crawler that honours Crawl-delay documents which of
// two it obeys, and parsers differ: Python's urllib.robotparser keeps the
// last.
func reportRepeatedDelay(pass *lint.Pass, earlier, i int, honouring, ignoring []*match.Profile) {
	f := pass.File
	a, b := f.Text(f.Lines[earlier].Value()), f.Text(f.Lines[i].Value())
	da, _ := parseSeconds(a)
	db, _ := parseSeconds(b)
	at := "line " + strconv.Itoa(earlier+1)
	related := lint.WithRelated(f.Lines[earlier].Value(), "the first Crawl-delay of the group")
	if da == db {
		pass.Report(f.Lines[i].Value(), fmt.Sprintf("this group already has `Crawl-delay: %s` on %s: the line changes nothing", a, at), related)
		return
	}
	who := "crawlers that honour Crawl-delay, such as Bing, do not say"
	sev := lint.Info
	if len(honouring) > 0 {
		who = prose.Subject(prose.Readers(honouring), "does", "do") + " not say"
		sev = lint.Warning
	}
	msg := fmt.Sprintf("a second Crawl-delay in this group, %s after %s on %s: %s which of them %s, and parsers differ (Python's robotparser keeps the last); keep one",
		prose.Quote(b), prose.Quote(a), at, who, prose.Choose(len(honouring), "it obeys", "they obey"))
	if len(ignoring) > 0 {
		msg += "; " + prose.Subject(prose.Readers(ignoring), "ignores", "ignore") + " both"
	}
	pass.Report(f.Lines[i].Value(), msg, related, lint.WithSeverity(sev))
}

// secondsWithUnit reads a delay written with a unit ("10s", "10 sec",
// "2min", "500ms") and returns it as a bare number of seconds, with the
// conversion to mention when the unit was not seconds.
func secondsWithUnit(b []byte) (seconds, conversion string, ok bool) {
	s := string(b)
	end := 0
	for end < len(s) && ('0' <= s[end] && s[end] <= '9' || s[end] == '.') {
		end++
	}
	n, err := strconv.ParseFloat(s[:end], 64)
	if end == 0 || err != nil {
		return "", "", false
	}
	var factor float64
	switch syntax.LowerASCII(strings.TrimSpace(s[end:])) {
	case "s", "sec", "secs", "second", "seconds":
		factor = 1
	case "ms":
		factor = 0.001
	case "m", "min", "mins", "minute", "minutes":
		factor = 60
	case "h", "hour", "hours":
		factor = 3600
	default:
		return "", "", false
	}
	seconds = strconv.FormatFloat(n*factor, 'f', -1, 64)
	if factor != 1 {
		conversion = "the same delay in seconds"
	}
	return seconds, conversion, true
}

// trimLeadingZeros drops the zeros before a number's first significant
// digit, keeping one before a decimal point ("007" is "7", "00.5" "0.5").
func trimLeadingZeros(b []byte) []byte {
	i := 0
	for i < len(b)-1 && b[i] == '0' && b[i+1] != '.' {
		i++
	}
	return b[i:]
}
