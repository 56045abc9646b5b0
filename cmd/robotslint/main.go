// Command robotslint checks robots.txt files.
//
// This first version parses each file it is given and reports every line
// that no crawler can read as a directive. Usage:
//
//	robotslint [FILE | -]...
//
// With no argument it reads ./robots.txt; "-" reads standard input. The exit
// status is 0 when no file has an invalid line, 1 when one has, and 2 when a
// file cannot be read or the command line is wrong.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
