// Command urilint finds every URI and URN in Markdown, HTML and plain-text
// documents and reports, at an exact position, what is wrong with it.
//
// See the README for the commands, flags and output formats.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
