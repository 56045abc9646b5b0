package rules

import (
	"net/url"
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

// TestSitemapKeyAgreesWithURL checks sitemapKey's quick reading of plain
// URLs against a parse: the scheme and host in lower case, the rest as
// written.
func TestSitemapKeyAgreesWithURL(t *testing.T) {
	for _, v := range []string{
		"https://www.example.com/sitemap.xml", "HTTPS://WWW.Example.COM/Sitemap.xml", "http://Example.com",
		"https://Example.com?Page=1", "https://User:Pw@Example.com:8080/A/b.xml", "https://[::1]/s.xml",
		"https://example.com/a/../B.xml", "https://EXAMPLE.com/sitemap.xml?x=Y&z=W",
	} {
		u, err := url.Parse(v)
		if err != nil {
			t.Fatal(err)
		}
		u.Scheme, u.Host = syntax.LowerASCII(u.Scheme), syntax.LowerASCII(u.Host)
		if got, ok := sitemapKey([]byte(v)); !ok || got != u.String() {
			t.Errorf("sitemapKey(%q) = %q, %v; a parse gives %q", v, got, ok, u.String())
		}
	}
}
