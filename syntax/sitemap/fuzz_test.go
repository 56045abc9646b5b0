package sitemap

import (
	"bytes"
	"fmt"
	"testing"
	"time"
)

// FuzzReader: any bytes, plain or gzipped, give items whose positions are
// inside the input and agree with their offsets, with entries numbered
// 1, 2, 3, ... and never a panic. A small gzip input can inflate a
// thousandfold, so each run stops after 4 MiB uncompressed.
func FuzzReader(f *testing.F) {
	seeds := []string{
		"<urlset " + ns + "><url><loc>https://example.com/</loc><lastmod>2024-01-01</lastmod></url></urlset>",
		"<sitemapindex " + ns + "><sitemap><loc>https://example.com/s.xml</loc></sitemap></sitemapindex>",
		"\ufeff<urlset><url><loc>a&amp;b</loc></url></urlset>",
		"<!DOCTYPE html><html></html>",
		"<!DOCTYPE urlset [<!ENTITY x \"y\">]><urlset/>",
		"https://example.com/\n  b \r\n",
		"<urlset " + ns + "><url><loc>&nbsp;</loc></url>",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		hang := time.AfterFunc(5*time.Second, func() { panic(fmt.Sprintf("slow on %q", src[:min(len(src), 300)])) })
		defer hang.Stop()
		for _, in := range [][]byte{src, gz(t, src)} {
			r := NewReader(bytes.NewReader(in))
			n := 0
			check := posChecker(t, in)
			for it, ok := r.Next(); ok && r.Bytes() < 1<<22; it, ok = r.Next() {
				if len(in) < 2 || in[0] != 0x1f || in[1] != 0x8b {
					check(it)
				}
				if !it.IsProblem() {
					n++
					if it.Entry.N != n {
						t.Fatalf("entry %d numbered %d", n, it.Entry.N)
					}
				}
			}
		}
	})
}
