package sitemap

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"
	"testing/iotest"
	"time"
)

// FuzzReader: any bytes, plain or gzipped, give items whose positions are
// inside the input and agree with their offsets, with entries numbered
// 1, 2, 3, ... and never a panic; and the items do not depend on how the
// input is split into reads (the scanner's buffer edges). A small gzip
// input can inflate a thousandfold, so each run stops after 4 MiB
// uncompressed.
func FuzzReader(f *testing.F) {
	seeds := []string{
		"<urlset " + ns + "><url><loc>https://example.com/</loc><lastmod>2024-01-01</lastmod></url></urlset>",
		"<sitemapindex " + ns + "><sitemap><loc>https://example.com/s.xml</loc></sitemap></sitemapindex>",
		"\ufeff<urlset><url><loc>a&amp;b</loc></url></urlset>",
		"<!DOCTYPE html><html></html>",
		"<!DOCTYPE urlset [<!ENTITY x \"y\">]><urlset/>",
		"https://example.com/\n  b \r\n",
		"<urlset " + ns + "><url><loc>&nbsp;</loc></url>",
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- c --><sm:urlset xmlns:sm=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><sm:url><sm:loc><![CDATA[https://e/?a&b]]></sm:loc></sm:url></sm:urlset>",
		"<urlset " + ns + " xmlns:image=\"i\"><url><loc>\n https://e/?a=1&b=2&#38;&#x26;é \n</loc><loc>x</loc><image:image a='1'/></url></urlset>",
		"<urlset " + ns + "><url><loc>x</url></urlset>",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		hang := time.AfterFunc(5*time.Second, func() { panic(fmt.Sprintf("slow on %q", src[:min(len(src), 300)])) })
		defer hang.Stop()
		for _, in := range [][]byte{src, gz(t, src)} {
			plain := len(in) < 2 || in[0] != 0x1f || in[1] != 0x8b
			items := readAll(t, NewReader(bytes.NewReader(in)), in, plain)
			if plain && len(in) < 4096 {
				slow := readAll(t, NewReader(iotest.OneByteReader(bytes.NewReader(in))), in, plain)
				if !reflect.DeepEqual(items, slow) {
					t.Fatalf("one byte per read gives other items:\n%+v\nwhole:\n%+v", slow, items)
				}
			}
		}
	})
}

// readAll reads up to 4 MiB of items, checking positions (in plain input)
// and entry numbers.
func readAll(t *testing.T, r *Reader, in []byte, plain bool) []Item {
	var items []Item
	n := 0
	check := posChecker(t, in)
	for it, ok := r.Next(); ok && r.Bytes() < 1<<22; it, ok = r.Next() {
		if plain {
			check(it)
		}
		if !it.IsProblem() {
			n++
			if it.Entry.N != n {
				t.Fatalf("entry %d numbered %d", n, it.Entry.N)
			}
		}
		if len(items) < 10000 {
			items = append(items, it)
		}
	}
	return items
}
