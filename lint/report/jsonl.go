package report

import "fmt"

// The jsonl format: the items of the json format (json.go), one per line,
// each with the format's version first: {"version":1,"file":...}. A line
// can then be read on its own, as the json document is, and its version
// checked. Files that could not be read appear only on standard error.

// jsonlStart opens every line: the version of the json format.
var jsonlStart = fmt.Sprintf(`{"version":%d,`, jsonVersion)

func appendJSONLine(dst []byte, v any) []byte {
	dst = append(dst, jsonlStart...)
	at := len(dst)
	dst = appendJSON(dst, v) // {"file":...}: its "{" is dropped
	dst = append(dst[:at], dst[at+1:]...)
	return append(dst, '\n')
}
