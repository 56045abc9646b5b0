package kb

import (
	"strings"
	"time"
)

// dateLayouts are the forms of date unavailable_after takes. Google asks
// for "a widely adopted format including, but not limited to RFC 822, RFC
// 850, and ISO 8601"; its own examples are "2020-09-21" and, in older
// documentation, "25-Jun-2010 15:00:00 PST". RFC 822's successor RFC 1123
// (four-digit years) is how HTTP dates are written and is what sites send.
var dateLayouts = []string{
	// ISO 8601.
	time.RFC3339,
	"2006-01-02T15:04:05",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04",
	"2006-01-02",
	// RFC 822 and RFC 1123, with and without the weekday.
	time.RFC1123,
	time.RFC1123Z,
	time.RFC822,
	time.RFC822Z,
	"Mon, 2 Jan 2006 15:04:05 MST",
	"Mon, 2 Jan 2006 15:04:05 -0700",
	"2 Jan 2006 15:04:05 MST",
	"2 Jan 2006 15:04:05 -0700",
	"2 Jan 2006",
	// RFC 850, and the form of Google's old example.
	time.RFC850,
	"Monday, 02-Jan-2006 15:04:05 MST",
	"02-Jan-2006 15:04:05 MST",
	"2-Jan-2006 15:04:05 MST",
	"02-Jan-06 15:04:05 MST",
	"2-Jan-2006",
}

// ParseDate reads an unavailable_after date. It accepts the RFC 822 (and
// RFC 1123), RFC 850 and ISO 8601 forms, with or without a time; a date
// without a time is read as its start, and a missing zone as UTC. A zone
// written as a name other than UTC or GMT ("PST") is kept by name and
// read as UTC, as Go's time package does, so the time may be off by the
// zone's offset: close enough to tell a past date from a future one, not
// to the hour.
func ParseDate(s string) (time.Time, bool) {
	s = strings.Join(strings.Fields(s), " ")
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
