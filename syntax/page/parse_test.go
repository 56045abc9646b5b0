package page

import (
	"strings"
	"testing"
)

func TestParseHTML(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"basic", `<html><head><meta name="robots" content="noindex, nofollow"></head><body>x</body></html>`, `
head "<head><meta name=\"robots\" content=\"noindex, nofollow\"></head>"
body-start "<body>"
meta head robots="robots" [noindex] [nofollow]`},
		{"case and spaces", `<HEAD><META NAME=" ROBOTS " CONTENT=" NoIndex ,NOFOLLOW , "></HEAD>`, `
head "<HEAD><META NAME=\" ROBOTS \" CONTENT=\" NoIndex ,NOFOLLOW , \"></HEAD>"
meta head robots="ROBOTS" [NoIndex] [NOFOLLOW]`},
		{"unquoted and single quoted", `<meta name=googlebot content='max-snippet:20,max-image-preview: large'>`, `
meta head googlebot="googlebot" [max-snippet=20] [max-image-preview=large]`},
		{"no content", `<meta name="robots">`, `
meta head robots="robots" no-content`},
		{"empty content", `<meta name="robots" content="">`, `
meta head robots="robots"`},
		{"near miss kept, other names dropped", `<meta name="robot" content="noindex"><meta name="description" content="noindex"><meta name="google-site-verification" content="x"><meta name="robtos" content="none">`, `
meta head robot="robot" [noindex]
meta head robtos="robtos" [none]`},
		{"crawler names", `<meta name="googlebot-news" content="nosnippet"><meta name="AdsBot-Google" content="noindex"><meta name="yandex" content="noyaca"><meta name="bingbot" content="nocache"><meta name="google" content="notranslate">`, `
meta head googlebot-news="googlebot-news" [nosnippet]
meta head adsbot-google="AdsBot-Google" [noindex]
meta head yandex="yandex" [noyaca]
meta head bingbot="bingbot" [nocache]
meta head google="google" [notranslate]`},
		{"rfc 822 date keeps its commas", `<meta name="robots" content="unavailable_after: Wed, 03 Dec 2025 10:00:00 GMT, noindex">`, `
meta head robots="robots" [unavailable_after=Wed, 03 Dec 2025 10:00:00 GMT] [noindex]`},
		{"rfc 850 and written dates", `<meta name="robots" content="unavailable_after: Wednesday, 03-Dec-25 10:00:00 GMT"><meta name="robots" content="noarchive, unavailable_after: December 3, 2025, nofollow">`, `
meta head robots="robots" [unavailable_after=Wednesday, 03-Dec-25 10:00:00 GMT]
meta head robots="robots" [noarchive] [unavailable_after=December 3, 2025] [nofollow]`},
		{"iso date and typo after a date", `<meta name="robots" content="unavailable_after: 2025-12-03T10:00:00+01:00, noidex">`, `
meta head robots="robots" [unavailable_after=2025-12-03T10:00:00+01:00] [noidex]`},
		{"character references", `<meta name="robots" content="noindex&#44; nofollow, max-snippet: &#50;0">`, `
meta head robots="robots" [noindex&#44; nofollow] [max-snippet=&#50;0]`},
		{"http-equiv", `<meta http-equiv="X-Robots-Tag" content="googlebot: noindex">`, `
http-equiv head googlebot="googlebot" [noindex]`},
		{"meta after stray element is in body", `<head><title>t</title><img src=x.gif><meta name="robots" content="noindex"></head>`, `
head "<head><title>t</title>"
body-start "<img src=x.gif>"
meta body robots="robots" [noindex]`},
		{"meta after text is in body", `<meta name="robots" content="index">hello<meta name="robots" content="noindex">`, `
body-start "hello"
meta head robots="robots" [index]
meta body robots="robots" [noindex]`},
		{"meta between head and body goes to head", `<head></head><meta name="robots" content="noindex"><body>`, `
head "<head></head>"
body-start "<body>"
meta head robots="robots" [noindex]`},
		{"no head tag", `<!doctype html><!-- c --><meta name="robots" content="noindex"><script>var a = "<meta name='robots' content='none'>";</script><p>x`, `
body-start "<p>"
meta head robots="robots" [noindex]`},
		{"unclosed head runs to the end", `<head><meta name=robots content=noindex>`, `
head "<head><meta name=robots content=noindex>"
meta head robots="robots" [noindex]`},
		{"meta in body", `<body><div><meta name="robots" content="noindex"></div>`, `
body-start "<body>"
meta body robots="robots" [noindex]`},
		{"spiderline", `<body><!-- robots content="none" -->a<!-- /robots --><!--ROBOTS content=noindex,nofollow-->b`, `
body-start "<body>"
spiderline open="<!-- robots content=\"none\" -->" close="<!-- /robots -->" [none]
spiderline open="<!--ROBOTS content=noindex,nofollow-->" unclosed [noindex] [nofollow]`},
		{"yandex", `<noindex>a</noindex><!--noindex-->b<!-- /noindex --><!--/noindex--><NOINDEX>c`, `
body-start "<noindex>"
yandex-noindex-tag open="<noindex>" close="</noindex>"
yandex-noindex-comment open="<!--noindex-->" close="<!-- /noindex -->"
yandex-noindex-comment orphan close="<!--/noindex-->"
yandex-noindex-tag open="<NOINDEX>" unclosed`},
		{"googleoff", `<!--googleoff: index-->a<!--googleoff: snippet anchor-->b<!--googleon: index-->c<!--googleon: all--><!--googleon:snippet-->`, `
body-start "a"
googleoff open="<!--googleoff: index-->" close="<!--googleon: index-->" [index]
googleoff open="<!--googleoff: snippet anchor-->" close="<!--googleon: all-->" [snippet] [anchor]
googleoff orphan close="<!--googleon:snippet-->"`},
		{"data-nosnippet", `<body><div data-nosnippet><div>a</div>b</div><span DATA-NOSNIPPET="">c</span><img data-nosnippet src=x><p data-nosnippet>d`, `
body-start "<body>"
data-nosnippet open="<div data-nosnippet>" close="</div>"
data-nosnippet open="<span DATA-NOSNIPPET=\"\">" close="</span>"
data-nosnippet open="<img data-nosnippet src=x>" close=""
data-nosnippet open="<p data-nosnippet>" unclosed`},
		{"markers in raw text are not markers", `<script>/*<!--noindex-->*/ x = "<noindex>"</script><textarea><!-- robots content=none --></textarea><p class="data-nosnippet">`, `
body-start "<textarea>"`},
		{"bogus comment", `<!noindex><?googleoff: index?>`, ``},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := ParseHTML([]byte(tc.src))
			got := strings.TrimSpace(renderDocument(doc))
			if want := strings.TrimSpace(tc.want); got != want {
				t.Errorf("ParseHTML(%q):\n got:\n%s\nwant:\n%s", tc.src, got, want)
			}
			checkDocument(t, doc)
		})
	}
}
