// Package grammar is the URI and URN grammar: it parses a string as an RFC
// 3986 URI, URI-reference or relative-ref, or as an RFC 8141 (or RFC 2141)
// URN, into its components and the problems found, each with a code and a
// message (Parse); it knows the character classes of those RFCs, the
// placeholders of URI Templates and of template languages (Placeholders),
// and percent-encoding (PercentEncode). It reads strings only: finding
// them in documents is the walkers' job (package extract).
package grammar
