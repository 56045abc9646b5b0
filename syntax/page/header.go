package page

// ParseHeader reads one X-Robots-Tag header value (the part after
// "X-Robots-Tag:") into one Directive per crawler prefix, in order. Spans
// are offsets into value. It accepts any bytes and never fails.
func ParseHeader(value []byte) []Directive {
	return nil
}
