package syntax

// FactKind names something the parser noticed. Facts are not findings: a
// missing colon is harmless to Google and fatal to Bing, and only the rules,
// which know the crawlers, decide which.
type FactKind uint8

// The facts the parser records. Character facts (FactNUL to FactBOMInLine)
// are recorded once per line, at their first occurrence.
const (
	factNone FactKind = iota
	// FactBOM: the file starts with the UTF-8 byte order mark EF BB BF.
	FactBOM
	// FactPartialBOM: the file starts with EF or EF BB but not a whole byte
	// order mark; Google's parser skips these bytes, other parsers do not.
	FactPartialBOM
	// FactMissingColon: a directive line without a colon, read as key and
	// value split at whitespace (`Disallow /tmp`). The span is the
	// whitespace standing in for the colon.
	FactMissingColon
	// FactSpaceBeforeColon: whitespace between the key and the colon. The
	// span is the whitespace.
	FactSpaceBeforeColon
	// FactMultipleValues: the value holds whitespace, so it reads as several
	// words (`Disallow: /a /b`, `User-agent: Lycos MomSpider`). The span is
	// the value.
	FactMultipleValues
	// FactNoSeparator: a line that is neither blank nor a comment has no
	// colon and is not two words; the line is LineInvalid. The span is the
	// line's text.
	FactNoSeparator
	// FactEmptyKey: nothing but whitespace before the colon; the line is
	// LineInvalid. The span is the line's text.
	FactEmptyKey
	// FactNUL: a NUL byte, where Google's parser ends the line.
	FactNUL
	// FactControlChar: a control character other than tab, NUL and the line
	// terminators (C0, DEL or C1).
	FactControlChar
	// FactInvisibleChar: a character that shows as nothing or as a plain
	// space: no-break and other Unicode spaces, zero-width characters, bidi
	// controls, the soft hyphen.
	FactInvisibleChar
	// FactInvalidUTF8: a byte that is not part of valid UTF-8. The span is
	// that byte.
	FactInvalidUTF8
	// FactBOMInLine: U+FEFF after the start of the file, where no parser
	// skips it.
	FactBOMInLine
	// FactLineTooLong: a line longer than the 16,663 bytes Google's parser
	// keeps (terminator and leading byte order mark not counted). The span
	// is the part it drops.
	FactLineTooLong
	// FactPastSizeLimit: the file is longer than 512,000 bytes (500 KiB),
	// where Google stops reading and RFC 9309's minimum limit ends. The span
	// runs from that offset to the end of the file.
	FactPastSizeLimit
	// FactHTML: the file is an HTML page, not a robots.txt file. The span
	// is the evidence: the first non-blank line's text.
	FactHTML
	// FactXML: the file is an XML document (often a server's error
	// response). The span is the first non-blank line's text.
	FactXML
	// FactJSON: the file is a JSON document. The span is the first
	// non-blank line's text.
	FactJSON
	// FactUTF16: the file is UTF-16 text, which no crawler decodes. The span
	// is the first non-blank line's text.
	FactUTF16
	// FactBinary: the file is binary data (an image, an archive, padding).
	// The span is the first non-blank line's text.
	FactBinary
	factEnd
)

var factNames = [...]string{
	FactBOM:              "bom",
	FactPartialBOM:       "partial-bom",
	FactMissingColon:     "missing-colon",
	FactSpaceBeforeColon: "space-before-colon",
	FactMultipleValues:   "multiple-values",
	FactNoSeparator:      "no-separator",
	FactEmptyKey:         "empty-key",
	FactNUL:              "nul",
	FactControlChar:      "control-char",
	FactInvisibleChar:    "invisible-char",
	FactInvalidUTF8:      "invalid-utf8",
	FactBOMInLine:        "bom-in-line",
	FactLineTooLong:      "line-too-long",
	FactPastSizeLimit:    "past-size-limit",
	FactHTML:             "html",
	FactXML:              "xml",
	FactJSON:             "json",
	FactUTF16:            "utf16",
	FactBinary:           "binary",
}

// String returns the fact's kebab-case name ("missing-colon").
func (k FactKind) String() string {
	if k > factNone && k < factEnd {
		return factNames[k]
	}
	return "FactKind(?)"
}

// IsFileKind reports whether k says the file as a whole is not robots.txt
// text (FactHTML, FactXML, FactJSON, FactUTF16, FactBinary).
func (k FactKind) IsFileKind() bool { return k >= FactHTML && k <= FactBinary }

// Fact is one thing the parser noticed.
type Fact struct {
	Kind FactKind
	// Span is where: what each FactKind covers is documented with it.
	Span Span
	// Line is the index in File.Lines of the line the span starts on, or -1
	// for the byte order mark.
	Line int
}
