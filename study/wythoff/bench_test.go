package wythoff

import (
	"context"
	"math/big"
	"testing"
)

func benchChecksum(b *testing.B, m Method, count uint64) {
	s := sys(b, 2)
	b.SetBytes(0)
	for b.Loop() {
		if _, err := s.Checksum(context.Background(), Table{Method: m, Count: count}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(uint64(b.N)*count), "ns/row")
}

func BenchmarkChecksumAlgebraic(b *testing.B)  { benchChecksum(b, Algebraic, 1<<24) }
func BenchmarkChecksumArithmetic(b *testing.B) { benchChecksum(b, Arithmetic, 1<<24) }
func BenchmarkChecksumRecursive(b *testing.B)  { benchChecksum(b, Recursive, 1<<24) }

func BenchmarkPairBig10e100(b *testing.B) {
	s := sys(b, 2)
	n := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	for b.Loop() {
		s.PairBig(n)
	}
}

func BenchmarkPairArithmetic10e100(b *testing.B) {
	s := sys(b, 2)
	n := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	for b.Loop() {
		s.PairArithmetic(n)
	}
}

func BenchmarkTableBig10e100(b *testing.B) {
	s := sys(b, 2)
	n := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	for b.Loop() {
		if _, err := s.Checksum(context.Background(), Table{Method: Algebraic, From: n, Count: 10000}); err != nil {
			b.Fatal(err)
		}
	}
}
