package extract

import (
	"bytes"
	"encoding/xml"
	"testing"
)

// The XML passes measured over each document.
var (
	// rawTokens is the XML baseline: encoding/xml's Decoder.RawToken, token
	// by token, not strict (the XEPs refer to entities their DTD declares,
	// which strict mode stops at).
	rawTokens = func(d []byte) {
		dec := xml.NewDecoder(bytes.NewReader(d))
		dec.Strict = false
		for {
			if _, err := dec.RawToken(); err != nil {
				return
			}
		}
	}
	// walkXMLDoc is the XML walker end to end: lexing, examples in CDATA
	// sections, decoding, scanning, positions.
	walkXMLDoc = func(d []byte) { XML(d, Options{}, func(*Candidate) {}) }
	// lexXML is the XML lexer alone.
	lexXML = func(d []byte) {
		z := xmlLexer{src: d}
		for z.next() != xmlEOF {
		}
	}
)

func BenchmarkRawToken(b *testing.B) { benchCorpus(b, "xml", "URILINT_CORPUS_XML", ".xml", rawTokens) }

func BenchmarkXML(b *testing.B) { benchCorpus(b, "xml", "URILINT_CORPUS_XML", ".xml", walkXMLDoc) }

func BenchmarkXMLLexer(b *testing.B) { benchCorpus(b, "xml", "URILINT_CORPUS_XML", ".xml", lexXML) }
