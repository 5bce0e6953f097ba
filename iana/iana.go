// Package iana holds snapshots of the two IANA registries urilint checks
// identifiers against: URI schemes and URN namespace identifiers (NIDs).
//
// The tables are generated from the CSV files in this directory by gen.go;
// README.md says where the CSV files come from and how to refresh them.
package iana

//go:generate go run gen.go

// Status is the registration status of a URI scheme.
type Status uint8

// Registration statuses of the URI scheme registry (RFC 7595 section 3).
const (
	Permanent Status = iota + 1
	Provisional
	Historical
)

func (s Status) String() string {
	switch s {
	case Permanent:
		return "permanent"
	case Provisional:
		return "provisional"
	case Historical:
		return "historical"
	}
	return "unknown"
}

// Scheme is one entry of the IANA "Uniform Resource Identifier (URI) Schemes"
// registry.
type Scheme struct {
	Name      string // lower case
	Status    Status
	Reference string
}

// Kind tells formal URN namespaces (RFC 8141 section 5.1) from informal
// ones (section 5.2, NIDs of the form "urn-<number>").
type Kind uint8

// URN namespace kinds.
const (
	Formal Kind = iota + 1
	Informal
)

func (k Kind) String() string {
	switch k {
	case Formal:
		return "formal"
	case Informal:
		return "informal"
	}
	return "unknown"
}

// Namespace is one entry of the IANA "Uniform Resource Names (URN)
// Namespaces" registry.
type Namespace struct {
	NID       string // lower case
	Kind      Kind
	Reference string
}

// maxName bounds the names looked up; it is larger than any registered name.
const maxName = 64

var (
	schemeIndex    = index(schemes[:], func(s Scheme) string { return s.Name })
	namespaceIndex = index(namespaces[:], func(n Namespace) string { return n.NID })
)

func index[T any](list []T, name func(T) string) map[string]int {
	m := make(map[string]int, len(list))
	for i, v := range list {
		m[name(v)] = i
	}
	return m
}

// lookup finds name in m, ignoring ASCII case, without allocating.
func lookup[S ~string | ~[]byte](m map[string]int, name S) (int, bool) {
	if len(name) == 0 || len(name) > maxName {
		return 0, false
	}
	var buf [maxName]byte
	for i := 0; i < len(name); i++ {
		c := name[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	i, ok := m[string(buf[:len(name)])]
	return i, ok
}

// IsScheme reports whether name is a registered URI scheme, ignoring case.
func IsScheme[S ~string | ~[]byte](name S) bool {
	if isHTTP(name) { // the scheme of most URIs, before the table
		return true
	}
	_, ok := lookup(schemeIndex, name)
	return ok
}

// isHTTP reports whether name is "http" or "https", ignoring case.
func isHTTP[S ~string | ~[]byte](name S) bool {
	n := len(name)
	if n != 4 && n != 5 {
		return false
	}
	// c|0x20 is the lower case of an ASCII letter; only "H" and "h" give "h".
	return name[0]|0x20 == 'h' && name[1]|0x20 == 't' && name[2]|0x20 == 't' && name[3]|0x20 == 'p' &&
		(n == 4 || name[4]|0x20 == 's')
}

// LookupNamespace reports the registry entry for a NID, compared
// case-insensitively (RFC 8141 section 2.1).
func LookupNamespace[S ~string | ~[]byte](nid S) (Namespace, bool) {
	i, ok := lookup(namespaceIndex, nid)
	if !ok {
		return Namespace{}, false
	}
	return namespaces[i], true
}

// Schemes returns every registered scheme, sorted by name.
func Schemes() []Scheme { return append([]Scheme(nil), schemes[:]...) }

// Namespaces returns every registered URN namespace, sorted by NID.
func Namespaces() []Namespace { return append([]Namespace(nil), namespaces[:]...) }
