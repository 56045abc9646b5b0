package lint

import "github.com/robotslint/robotslint/syntax"

// A Diagnostic is one finding of a rule in a file.
type Diagnostic struct {
	// Rule is the name of the rule that reported it.
	Rule string
	// Severity is the rule's severity, as configured.
	Severity Severity
	// Span is the byte range the finding is about.
	Span syntax.Span
	// Message says what is wrong and what crawlers will do: lower case,
	// without a final period.
	Message string
	// Related are other places involved, such as the earlier line of a
	// duplicate.
	Related []Related
	// Fixes are the ways to fix it, safe ones first.
	Fixes []Fix
}

// Related is another place a diagnostic involves.
type Related struct {
	Span    syntax.Span
	Message string
}

// A Fix is a change that fixes a diagnostic: a title in the imperative
// ("Rename to Disallow") and non-overlapping edits.
type Fix struct {
	Title string
	// Safe says that the fix keeps every verdict of the google profile for
	// every crawler and URL, and changes other profiles' verdicts only to
	// agree with Google's. Only safe fixes are applied without asking.
	Safe  bool
	Edits []Edit
}

// An Edit replaces the bytes of Span with NewText; an empty Span inserts.
type Edit struct {
	Span    syntax.Span
	NewText string
}
