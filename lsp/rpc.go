package lsp

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	p "github.com/myleshyson/lsprotocol-go/protocol"
)

// The JSON-RPC 2.0 layer: the server reads each message, answers what
// must be answered, and never stops for a message it cannot use.
//
//   - A body that is not JSON is a parse error (-32700), with id null; so
//     is a header that cannot be used (see stream).
//   - JSON that is not a request is an invalid request (-32600): not an
//     object, no "jsonrpc": "2.0", a "method" that is not a string, an
//     "id" that is not a number or a string (LSP's integer | string; null
//     included), "params" that are not an object or an array. The answer
//     carries the message's id when it has a valid one, else null.
//   - An object with an id, "result" or "error", and no method, is a
//     response to one of the server's requests, and is not answered; one
//     with neither is an invalid request.
//   - A batch (an array) is answered with an array of the answers to its
//     members, in order, or not at all when they are all notifications or
//     responses; an empty batch is an invalid request, answered with one
//     response.
//   - A valid notification is never answered: one with parameters the
//     method cannot read (for a request, -32602) is dropped.

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    p.ErrorCodes `json:"code"`
	Message string       `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

func rpcErr(code p.ErrorCodes, msg string) *rpcError { return &rpcError{Code: code, Message: msg} }

var nullID = json.RawMessage("null")

// loop reads and handles messages until the exit notification or the end
// of the input.
func (s *Server) loop(st *stream) {
	for !s.exiting() {
		body, err := st.read()
		if err != nil {
			var he *headerError
			if !errors.As(err, &he) {
				return // the end of the input
			}
			_ = st.write(errorReply(nullID, rpcErr(p.ErrorCodesParseError, "Parse error: "+he.reason)))
			continue
		}
		if reply := s.message(body); reply != nil {
			_ = st.write(reply)
		}
	}
}

func (s *Server) exiting() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.exited
}

// message handles the body of a message and returns the answer, or nil.
func (s *Server) message(body []byte) []byte {
	if trimmed := bytes.TrimLeft(body, " \t\r\n"); len(trimmed) == 0 || trimmed[0] != '[' {
		return s.one(body)
	}
	var batch []json.RawMessage
	if err := json.Unmarshal(body, &batch); err != nil {
		return errorReply(nullID, rpcErr(p.ErrorCodesParseError, "Parse error: "+err.Error()))
	}
	if len(batch) == 0 {
		return errorReply(nullID, rpcErr(p.ErrorCodesInvalidRequest, "Invalid request: an empty batch"))
	}
	var replies [][]byte
	for _, m := range batch {
		if r := s.one(m); r != nil {
			replies = append(replies, r)
		}
		if s.exiting() {
			break
		}
	}
	if len(replies) == 0 {
		return nil
	}
	return append(append([]byte{'['}, bytes.Join(replies, []byte{','})...), ']')
}

// one handles a message that is not a batch and returns the answer, or
// nil.
func (s *Server) one(raw []byte) []byte {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) {
			return errorReply(nullID, rpcErr(p.ErrorCodesParseError, "Parse error: "+err.Error()))
		}
		return errorReply(nullID, rpcErr(p.ErrorCodesInvalidRequest, "Invalid request: not an object"))
	}
	if m == nil {
		return errorReply(nullID, rpcErr(p.ErrorCodesInvalidRequest, "Invalid request: not an object"))
	}
	id, hasID := m["id"]
	idOK := hasID && len(id) > 0 && (id[0] == '"' || id[0] == '-' || '0' <= id[0] && id[0] <= '9')
	replyID := nullID
	if idOK {
		replyID = id
	}
	invalid := func(why string) []byte {
		return errorReply(replyID, rpcErr(p.ErrorCodesInvalidRequest, "Invalid request: "+why))
	}
	rawMethod, hasMethod := m["method"]
	if !hasMethod {
		_, result := m["result"]
		_, failed := m["error"]
		if hasID && (result || failed) {
			return nil // a response to a request of the server's
		}
		return invalid("no method")
	}
	var version string
	if json.Unmarshal(m["jsonrpc"], &version) != nil || version != "2.0" {
		return invalid(`"jsonrpc" must be "2.0"`)
	}
	var method string
	if json.Unmarshal(rawMethod, &method) != nil {
		return invalid("the method must be a string")
	}
	if hasID && !idOK {
		return invalid("the id must be a number or a string")
	}
	params := m["params"]
	if string(params) == "null" {
		params = nil
	}
	if len(params) > 0 && params[0] != '{' && params[0] != '[' {
		return invalid("params must be an object or an array")
	}
	result, rerr := s.handle(method, params, !hasID)
	if !hasID {
		return nil
	}
	if rerr != nil {
		return errorReply(id, rerr)
	}
	res, err := json.Marshal(result)
	if err != nil {
		return errorReply(id, rpcErr(p.ErrorCodesInternalError, err.Error()))
	}
	reply := make([]byte, 0, len(id)+len(res)+40)
	reply = append(reply, `{"jsonrpc":"2.0","id":`...)
	reply = append(reply, id...)
	reply = append(reply, `,"result":`...)
	reply = append(reply, res...)
	return append(reply, '}')
}

func errorReply(id json.RawMessage, e *rpcError) []byte {
	msg, _ := json.Marshal(e.Message) // a string always encodes
	return []byte(`{"jsonrpc":"2.0","id":` + string(id) + `,"error":{"code":` + strconv.Itoa(int(e.Code)) +
		`,"message":` + string(msg) + `}}`)
}

// decode reads the parameters of a message.
func decode(params json.RawMessage, v any) *rpcError {
	if params == nil {
		return rpcErr(p.ErrorCodesInvalidParams, "missing params")
	}
	if err := json.Unmarshal(params, v); err != nil {
		return rpcErr(p.ErrorCodesInvalidParams, err.Error())
	}
	return nil
}
