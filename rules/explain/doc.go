// Package explain says in words what a line of a robots.txt file means to
// the crawlers that read it: what a directive does and who reads it, which
// crawler a User-agent names and which groups it obeys, what a path
// pattern matches and which rules override it, where a sitemap is.
//
// An explanation is a Doc, a structure of paragraphs, lists and inline
// spans (plain text, names, code, links) rather than text in one markup,
// so that the language server's hover renders it as Markdown or as plain
// text, and a command or a web page as they need.
//
// Every answer about how a crawler reads the file comes from lint/match:
// this package selects no groups and matches no patterns itself. Like the
// rest of rules it takes a parsed file and returns values, so it builds
// for WebAssembly.
package explain
