package rules

// extended reports whether name is a registered name of three characters
// or more (the longest such prefix of it) with characters added at the
// end, the way variants are named ("ftps", "imaps", "httpx"; a namespace
// "xmpps"): not when the first one added repeats the last ("httpss" is a
// typo). registered says whether a name is registered.
func extended(name string, registered func(string) bool) (base string, ok bool) {
	for n := len(name) - 1; n >= 3; n-- {
		if b := name[:n]; registered(b) {
			return b, name[n] != b[n-1]
		}
	}
	return "", false
}
