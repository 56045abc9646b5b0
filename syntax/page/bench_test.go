package page

import (
	"fmt"
	"strings"
	"testing"
)

// benchPage builds a page of about size bytes: a realistic head with META
// tags, styles and scripts, then a long body of articles, links, images,
// inline scripts, comments and a few section markers.
func benchPage(size int) []byte {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Winter boots | Example Store</title>
<meta name="description" content="Warm, waterproof winter boots for every trail.">
<meta name="robots" content="index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1">
<meta name="googlebot" content="unavailable_after: Wed, 03 Dec 2025 10:00:00 GMT">
<meta name="bingbot" content="noarchive">
<meta property="og:title" content="Winter boots">
<link rel="canonical" href="https://www.example.com/boots/winter/">
<link rel="stylesheet" href="/static/css/site.3f9a.css">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Winter boots"}</script>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-XXXX"></script>
<style>body{font-family:system-ui}.card{display:flex;gap:1rem}</style>
</head>
<body class="product-list">
`)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, `<article class="card" id="p%d">
  <a href="/boots/winter/model-%d/"><img src="/img/boots-%d.jpg" alt="Model %d boot" width="320" height="240" loading="lazy"></a>
  <div class="info"><h2><a href="/boots/winter/model-%d/">Model %d</a></h2>
  <p>Insulated to -30 °C, with a <strong>waterproof</strong> membrane &amp; a grippy sole. <span class="price">€%d.99</span></p>
  <!-- card %d -->
`, i, i, i, i, i, i, 80+i%50, i)
		if i%40 == 0 {
			b.WriteString(`  <p data-nosnippet>Price valid while stocks last.</p>
  <script>window.dataLayer=window.dataLayer||[];dataLayer.push({"event":"view","id":"` + fmt.Sprint(i) + `"});</script>
`)
		}
		b.WriteString("  </div>\n</article>\n")
	}
	b.WriteString("<!--noindex--><footer>© Example Store</footer><!--/noindex-->\n</body>\n</html>\n")
	return []byte(b.String())
}

// BenchmarkParseHTML parses the robots directives of a 200 KB page.
func BenchmarkParseHTML(b *testing.B) {
	src := benchPage(200 << 10)
	if doc := ParseHTML(src); len(doc.Metas) != 3 || len(doc.Sections) != 1+(len(src)/(600*40)) && len(doc.Sections) == 0 {
		b.Fatalf("benchmark page read as %d metas, %d sections", len(doc.Metas), len(doc.Sections))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		ParseHTML(src)
	}
	b.ReportMetric(float64(len(src))*float64(b.N)/b.Elapsed().Seconds()/1e6, "MB/s")
}
