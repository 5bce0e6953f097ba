package report

// The jsonl format: the items of the json format (format_json.go), one per
// line. Files that could not be read appear only on standard error.

func appendJSONLine(dst []byte, v any) []byte {
	return append(appendJSON(dst, v), '\n')
}
