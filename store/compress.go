package store

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"io"
	"strings"
)

// Records above compressAbove bytes are stored compressed: gzip, then
// base64 behind the prefix "gz:" (a JSON record never starts so), in the
// same text columns; reading gives back the record byte for byte.
const (
	compressAbove = 1 << 20
	packedPrefix  = "gz:"
)

// pack is how a record's JSON is stored.
func pack(raw []byte) (string, error) {
	if len(raw) <= compressAbove {
		return string(raw), nil
	}
	var b strings.Builder
	b.WriteString(packedPrefix)
	enc := base64.NewEncoder(base64.StdEncoding, &b)
	zw := gzip.NewWriter(enc)
	if _, err := zw.Write(raw); err != nil {
		return "", fmt.Errorf("compress the record: %w", err)
	}
	if err := zw.Close(); err != nil {
		return "", fmt.Errorf("compress the record: %w", err)
	}
	if err := enc.Close(); err != nil {
		return "", fmt.Errorf("compress the record: %w", err)
	}
	return b.String(), nil
}

// unpack gives back a stored record's JSON.
func unpack(stored string) ([]byte, error) {
	rest, ok := strings.CutPrefix(stored, packedPrefix)
	if !ok {
		return []byte(stored), nil
	}
	zr, err := gzip.NewReader(base64.NewDecoder(base64.StdEncoding, strings.NewReader(rest)))
	if err != nil {
		return nil, fmt.Errorf("a compressed record does not read: %w", err)
	}
	var b bytes.Buffer
	if _, err := io.Copy(&b, io.LimitReader(zr, MaxRecordBytes+1)); err != nil {
		return nil, fmt.Errorf("a compressed record does not read: %w", err)
	}
	if b.Len() > MaxRecordBytes {
		return nil, fmt.Errorf("a compressed record of more than %d bytes", MaxRecordBytes)
	}
	return b.Bytes(), nil
}
