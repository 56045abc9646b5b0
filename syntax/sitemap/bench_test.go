package sitemap

import (
	"bytes"
	"runtime"
	"testing"
)

// BenchmarkReader reads a generated 50,000-URL sitemap (the sitemaps.org
// maximum, about 5 MB), plain and gzipped, and reports URLs per second and
// allocations per URL.
func BenchmarkReader(b *testing.B) {
	var plain bytes.Buffer
	generate(&plain, MaxURLs)
	for _, c := range []struct {
		name string
		src  []byte
	}{{"plain", plain.Bytes()}, {"gzip", gz(b, plain.Bytes())}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(plain.Len()))
			urls := 0
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			for b.Loop() {
				r := NewReader(bytes.NewReader(c.src))
				for it, ok := r.Next(); ok; it, ok = r.Next() {
					if !it.IsProblem() {
						urls++
					}
				}
			}
			runtime.ReadMemStats(&m1)
			b.ReportMetric(float64(urls)/b.Elapsed().Seconds(), "URLs/s")
			b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/float64(urls), "allocs/URL")
		})
	}
}
