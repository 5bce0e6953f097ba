package urnns

// Example is urn:example: (RFC 6963 section 3): any NSS.
var Example = Namespace{
	NID:    "example",
	Spec:   "RFC 6963 section 3",
	Syntax: `any NSS: the namespace is for examples and experiments`,
}
