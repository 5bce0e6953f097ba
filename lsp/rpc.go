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
// nil. The message is read by readEnvelope, in one pass, or, when that
// cannot read it, by encoding/json: the answers are the same.
func (s *Server) one(raw []byte) []byte {
	env, ok := readEnvelope(raw)
	if !ok {
		var reply []byte
		if env, reply = decodeEnvelope(raw); reply != nil {
			return reply
		}
	}
	return s.answer(&env)
}

// decodeEnvelope reads a message with encoding/json; the reply is the
// error that answers one that is not an object.
func decodeEnvelope(raw []byte) (envelope, []byte) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) {
			return envelope{}, errorReply(nullID, rpcErr(p.ErrorCodesParseError, "Parse error: "+err.Error()))
		}
		return envelope{}, errorReply(nullID, rpcErr(p.ErrorCodesInvalidRequest, "Invalid request: not an object"))
	}
	if m == nil {
		return envelope{}, errorReply(nullID, rpcErr(p.ErrorCodesInvalidRequest, "Invalid request: not an object"))
	}
	_, hasResult := m["result"]
	_, hasError := m["error"]
	return envelope{id: m["id"], jsonrpc: m["jsonrpc"], method: m["method"], params: m["params"], hasResult: hasResult, hasError: hasError}, nil
}

// answer handles a message that is an object and returns the answer, or
// nil.
func (s *Server) answer(m *envelope) []byte {
	id, hasID := m.id, m.id != nil
	idOK := hasID && len(id) > 0 && (id[0] == '"' || id[0] == '-' || '0' <= id[0] && id[0] <= '9')
	replyID := nullID
	if idOK {
		replyID = id
	}
	invalid := func(why string) []byte {
		return errorReply(replyID, rpcErr(p.ErrorCodesInvalidRequest, "Invalid request: "+why))
	}
	if m.method == nil {
		if hasID && (m.hasResult || m.hasError) {
			return nil // a response to a request of the server's
		}
		return invalid("no method")
	}
	var version string
	if json.Unmarshal(m.jsonrpc, &version) != nil || version != "2.0" {
		return invalid(`"jsonrpc" must be "2.0"`)
	}
	var method string
	if json.Unmarshal(m.method, &method) != nil {
		return invalid("the method must be a string")
	}
	if hasID && !idOK {
		return invalid("the id must be a number or a string")
	}
	params := m.params
	if string(params) == "null" {
		params = nil
	}
	if len(params) > 0 && params[0] != '{' && params[0] != '[' {
		return invalid("params must be an object or an array")
	}
	result, rerr := s.handle(method, params, m.typed, !hasID)
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

// paramsOf returns the parameters of a message: typed, when readEnvelope
// decoded them, else decoded from params.
func paramsOf[T any](params json.RawMessage, typed any) (*T, *rpcError) {
	if v, ok := typed.(*T); ok {
		return v, nil
	}
	if params == nil {
		return nil, rpcErr(p.ErrorCodesInvalidParams, "missing params")
	}
	v := new(T)
	if err := json.Unmarshal(params, v); err != nil {
		return nil, rpcErr(p.ErrorCodesInvalidParams, err.Error())
	}
	return v, nil
}
