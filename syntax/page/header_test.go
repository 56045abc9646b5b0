package page

import (
	"strings"
	"testing"
)

func TestParseHeader(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"noindex", `header robots="" [noindex]`},
		{"", ``},
		{" , ", ``},
		{"noindex, nofollow", `header robots="" [noindex] [nofollow]`},
		{"BadBot: noindex, nofollow, googlebot: nofollow", `
header badbot="BadBot" [noindex] [nofollow]
header googlebot="googlebot" [nofollow]`},
		{"nofollow, googlebot:noindex", `
header robots="" [nofollow]
header googlebot="googlebot" [noindex]`},
		{"max-snippet: 20, max-image-preview:large, max-video-preview: -1", `header robots="" [max-snippet=20] [max-image-preview=large] [max-video-preview=-1]`},
		{"googlebot: max-snippet: 20", `header googlebot="googlebot" [max-snippet=20]`},
		{"max-snipet: 20", `header robots="" [max-snipet=20]`},
		{"unavailable_after: Wed, 03 Dec 2025 10:00:00 GMT", `header robots="" [unavailable_after=Wed, 03 Dec 2025 10:00:00 GMT]`},
		{"googlebot: unavailable_after: 25 Jun 2010 15:00:00 PST, otherbot: noindex", `
header googlebot="googlebot" [unavailable_after=25 Jun 2010 15:00:00 PST]
header otherbot="otherbot" [noindex]`},
		{"googlebot:", `header googlebot="googlebot"`},
		{"googlebot-news: none, noindex: yes", `header googlebot-news="googlebot-news" [none] [noindex=yes]`},
	} {
		dirs := ParseHeader([]byte(tc.src))
		var lines []string
		for _, d := range dirs {
			lines = append(lines, renderDirective([]byte(tc.src), d))
			checkDirective(t, []byte(tc.src), d)
		}
		if got, want := strings.Join(lines, "\n"), strings.TrimSpace(tc.want); got != want {
			t.Errorf("ParseHeader(%q):\n got:\n%s\nwant:\n%s", tc.src, got, want)
		}
	}
}

func TestIsCrawlerName(t *testing.T) {
	for name, want := range map[string]bool{
		"robots": true, "robot": true, "robts": true, "rbots": true, "x-robots-tag": true,
		"googlebot": true, "googlebot-news": true, "adsbot-google": true, "mediapartners-google": true,
		"bingbot": true, "msnbot": true, "yandex": true, "google": true, "baiduspider": true,
		"description": false, "viewport": false, "google-site-verification": false,
		"yandex-verification": false, "msvalidate.01": false, "author": false, "rating": false,
	} {
		if got := IsCrawlerName(name); got != want {
			t.Errorf("IsCrawlerName(%q) = %v, want %v", name, got, want)
		}
	}
}
