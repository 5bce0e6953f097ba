package lsp

import (
	p "github.com/myleshyson/lsprotocol-go/protocol"
)

// The parameters of the client's messages, decoded leniently: only what
// the server reads. The protocol package's own types refuse unknown
// fields in places, and clients send extensions (Neovim 0.7's initialize
// carries "hierarchicalWorkspaceSymbolSupport"): a server must ignore
// what it does not know.

type initializeParams struct {
	Capabilities struct {
		General *struct {
			PositionEncodings []p.PositionEncodingKind `json:"positionEncodings"`
		} `json:"general"`
		Workspace *struct {
			DidChangeWatchedFiles *struct {
				DynamicRegistration bool `json:"dynamicRegistration"`
			} `json:"didChangeWatchedFiles"`
		} `json:"workspace"`
	} `json:"capabilities"`
}

type textDocumentIdentifier struct {
	URI p.DocumentUri `json:"uri"`
}

type didOpenParams struct {
	TextDocument struct {
		URI        p.DocumentUri  `json:"uri"`
		LanguageID p.LanguageKind `json:"languageId"`
		Version    int32          `json:"version"`
		Text       string         `json:"text"`
	} `json:"textDocument"`
}

type didChangeParams struct {
	TextDocument struct {
		URI     p.DocumentUri `json:"uri"`
		Version int32         `json:"version"`
	} `json:"textDocument"`
	ContentChanges []contentChange `json:"contentChanges"`
}

// contentChange is an edit of a range, or, without a range, the whole new
// text.
type contentChange struct {
	Range *p.Range `json:"range"`
	Text  string   `json:"text"`
}

type documentParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type codeActionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Range        p.Range                `json:"range"`
	Context      struct {
		Only []p.CodeActionKind `json:"only"`
	} `json:"context"`
}

type didChangeWatchedFilesParams struct {
	Changes []fileEvent `json:"changes"`
}

type fileEvent struct {
	URI p.DocumentUri `json:"uri"`
}
