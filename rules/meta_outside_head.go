package rules

import (
	"bytes"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// MetaOutsideHead reports a robots META tag that a browser puts in the
// page's body rather than its head.
var MetaOutsideHead = &lint.Rule{
	Name:    "meta-outside-head",
	Summary: "a robots META tag outside the page's <head>, where Google documents it and tools look for it",
	Doc: lint.Doc{
		What: "Reports a robots META tag that an HTML parser puts in `<body>`: one written after `<body>`, or one " +
			"after an element that cannot be in `<head>` (a `<div>`, an `<img>`, text), which ends the head early " +
			"wherever the `</head>` tag stands. The finding points at that element.",
		Why: "Google documents the tag in `<head>` only. Whether crawlers obey it elsewhere is not documented; SEO " +
			"tools skip it (Lighthouse reads `head meta` only), so a `noindex` in the body is one " +
			"nobody can count on. A stray element in the head, often injected by a script or a tag manager, moves " +
			"every META tag after it into the body without a visible change to the page.",
		Instead: "Put robots META tags at the top of `<head>`, before any script, style or element that could end it.",
	},
	Flagged:  "<html><head><title>Offer</title></head>\n<body>\n<meta name=\"robots\" content=\"noindex\">\n</body></html>\n",
	Clean:    "<html><head><title>Offer</title>\n<meta name=\"robots\" content=\"noindex\">\n</head>\n<body></body></html>\n",
	Severity: lint.Warning,
	Scope:    lint.ScopePage,
	Profiles: []*match.Profile{match.Google},
	RunPage:  runMetaOutsideHead,
}

func runMetaOutsideHead(pass *lint.PagePass) {
	doc := pass.Page.Doc
	for i := range pass.Directives {
		d := &pass.Directives[i]
		if d.HeaderNumber > 0 || d.InHead {
			continue
		}
		msg := "this robots META tag is in the page's body, not its <head>: Google documents it only in <head>, and SEO tools such as Lighthouse never see it"
		var opts []lint.ReportOption
		if b := doc.BodyStart; b.End > b.Start && b.Start < d.Span.Start && !startsBody(doc.Src[b.Start:b.End]) {
			// Not a <body> tag: an element that cannot be in the head
			// began the body wherever the author meant the head to end.
			msg = "this robots META tag ends up in the page's body: an element before it, which cannot be in <head>, ends the head there, so Google may not read it and SEO tools such as Lighthouse never see it"
			opts = append(opts, lint.WithRelated(b, "the head ends here"))
		}
		pass.ReportAt(d, d.Span, msg, opts...)
	}
}

// startsBody reports whether tag is a <body> start tag.
func startsBody(tag []byte) bool {
	return len(tag) > 5 && bytes.EqualFold(tag[:5], []byte("<body")) && !isNameByte(tag[5])
}

// isNameByte reports whether c can continue an HTML tag name.
func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
}
