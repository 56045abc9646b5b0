package page

// IsCrawlerName reports whether a META tag's name attribute could address
// a crawler, so that ParseHTML keeps the tag.
func IsCrawlerName(name string) bool {
	return name == "robots"
}
