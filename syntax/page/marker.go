package page

import (
	"bytes"

	"github.com/robotslint/robotslint/syntax"
)

// comment reads a comment token as a section marker, if it is one. Markers
// are matched on the comment's text with spaces trimmed, ignoring case:
//
//	robots content="…"       opens a Spiderline section (content optional)
//	/robots                  closes it
//	noindex, /noindex        Yandex's comment form
//	googleoff: index anchor  opens a GoogleOff section; flags split at
//	                         spaces and commas
//	googleon: …              closes the innermost open googleoff with the
//	                         same first flag, else the innermost one
//
// Bogus comments ("<!x>", "<?x>") are not markers: no crawler documents
// them.
func (p *parser) comment(tok syntax.Span) {
	src := p.src
	raw := src[tok.Start:tok.End]
	if !bytes.HasPrefix(raw, []byte("<!--")) {
		return
	}
	end := tok.End
	for _, close := range []string{"--!>", "-->"} {
		if bytes.HasSuffix(raw, []byte(close)) && len(raw) >= 4+len(close) {
			end -= len(close)
			break
		}
	}
	s, e := trimSpan(src, tok.Start+4, end)
	body := src[s:e]
	switch {
	case equalFold(body, "/robots"):
		p.closeSection(Spiderline, tok, nil)
	case hasPrefixFold(body, "robots") && (len(body) == 6 || isSpace(body[6])):
		sec := Section{Kind: Spiderline, Open: tok}
		p.attrs = scanAttrs(src, s+6, e, p.attrs[:0])
		for _, a := range p.attrs {
			if equalFold(src[a.Name.Start:a.Name.End], "content") {
				sec.Rules = splitRules(src, a.Value.Start, a.Value.End, true)
				break
			}
		}
		p.openSection(sec)
	case equalFold(body, "noindex"):
		p.openSection(Section{Kind: YandexNoindexComment, Open: tok})
	case equalFold(body, "/noindex"):
		p.closeSection(YandexNoindexComment, tok, nil)
	case hasPrefixFold(body, "googleoff"):
		p.openSection(Section{Kind: GoogleOff, Open: tok, Rules: flags(src, s+len("googleoff"), e)})
	case hasPrefixFold(body, "googleon"):
		on := flags(src, s+len("googleon"), e)
		p.closeSection(GoogleOff, tok, func(off *Section) bool {
			return len(on) > 0 && len(off.Rules) > 0 && on[0].Name == off.Rules[0].Name
		})
	}
}

// flags reads the googleoff/googleon flags after the keyword in
// src[start:end]: an optional colon, then words split at spaces and commas.
func flags(src []byte, start, end int) []Rule {
	i := start
	for i < end && isSpace(src[i]) {
		i++
	}
	if i < end && src[i] == ':' {
		i++
	}
	var rules []Rule
	for i < end {
		for i < end && (isSpace(src[i]) || src[i] == ',') {
			i++
		}
		ws := i
		for i < end && !isSpace(src[i]) && src[i] != ',' {
			i++
		}
		if ws < i {
			sp := syntax.Span{Start: ws, End: i}
			rules = append(rules, Rule{Span: sp, NameSpan: sp, ValueSpan: syntax.Span{Start: i, End: i},
				Name: string(bytes.ToLower(src[ws:i]))})
		}
	}
	return rules
}

// equalFold reports whether b equals the lower-case ASCII word w, ignoring
// the case of b.
func equalFold(b []byte, w string) bool {
	return len(b) == len(w) && hasPrefixFold(b, w)
}
