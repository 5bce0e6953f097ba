module github.com/urilint/urilint

go 1.26.0

require github.com/rogpeppe/go-internal v1.16.0

require (
	github.com/yuin/goldmark v1.8.7 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
