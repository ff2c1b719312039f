package vdwlist

import (
	"cmp"
	"fmt"
	"math/big"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/solve"
)

// Record is an exact value this program computed and publishes: player
// 1's winning probability in vdwlist(k=K,colors=Colors,list=List,s=S)
// under optimal play by both, with the positions searched and the wall time
// of that game length in the series run that computed it (Run).
type Record struct {
	K, Colors, List, S int
	P1Win              string
	Nodes              int64
	Seconds            float64
}

// Run is one series run of `kombi table vdwlist` whose rows are published:
// its command line, what it took in all (CoreSeconds the CPU time of the
// process, Seconds its wall time, PeakBytes its peak resident memory) and
// where.
type Run struct {
	Command     string
	CoreSeconds float64
	Seconds     float64
	PeakBytes   int64
	Machine     string
}

// measuredOn is the machine of the published runs.
const measuredOn = "2-core AMD EPYC VM shared with other jobs, 2 workers"

// publishedRun is the run of the published k=3, colors=3, list=2 series.
var publishedRun = Run{
	Command:     "nice -n 10 kombi table vdwlist --k 3 --colors 3 --list 2 --max-s 16 --time 20m --mem 2147483648",
	CoreSeconds: 186.2,
	Seconds:     276.9,
	PeakBytes:   2181572 << 10,
	Machine:     measuredOn,
}

// longRun is the run of s = 17 (and on) with the faster solver of issue
// 21, checkpointed; StoredPositions and CPUSeconds per length are in
// longRecords.
var longRun = Run{
	Command: "kombi table vdwlist --k 3 --colors 3 --list 2 --from 17 --max-s 18 --time 20h --mem 12000000000 --checkpoint ckpt",
	Machine: "2-core AMD EPYC VM (23 GB) shared with other jobs, 2 workers at nice 19",
}

// longRecord is a length of longRun: its record, the positions stored and
// searched (not found in the table), the CPU seconds and the peak resident
// memory.
type longRecord struct {
	Record
	Stored, Searched int64
	CPUSeconds       float64
	PeakBytes        int64
	Note             string
	// Command and Machine, when set, are the run's command line and
	// machine where they differ from longRun's.
	Command, Machine string
}

// longRecords are the lengths longRun decided.
var longRecords = []longRecord{
	{Record: Record{K: 3, Colors: 3, List: 2, S: 17, P1Win: "33997921/43046721", Nodes: 599807590, Seconds: 313.6},
		Stored: 67841783, Searched: 70121736, CPUSeconds: 311.8, PeakBytes: 4517638144,
		Note: "its table's wide keys (spans beyond 16 numbers) at their share of the memory (3/16) by the end: a little searched twice"},
	{Record: Record{K: 3, Colors: 3, List: 2, S: 18, P1Win: "35445569/43046721", Nodes: 767455649, Seconds: 361.7},
		Stored: 188368289, Searched: 103238686, CPUSeconds: 513.1, PeakBytes: 11936141312,
		Note: "continued from the checkpoint written after s=17 (89,794,252 positions loaded, so stored counts them), the wide keys' table at 10/16 of the memory"},
	{Record: Record{K: 3, Colors: 3, List: 2, S: 19, P1Win: "116050499/129140163", Nodes: 7422302341, Seconds: 1872.5},
		Stored: 425602269, Searched: 463363489, CPUSeconds: 3153.4, PeakBytes: 16080392192,
		Note:    "continued from the checkpoint written after s=18 (188,368,260 positions loaded, so stored counts them), by the solver of this session (look ahead, lock-free reads, mid keys, a table file loaded in two passes)",
		Command: "kombi table vdwlist --k 3 --colors 3 --list 2 --from 19 --max-s 19 --time 65m --mem 16000000000 --checkpoint ckpt",
		Machine: "2-core AMD EPYC VM (23 GB), 2 workers at normal priority, paused about 4 minutes in all while benchmarks ran"},
}

// Records returns the published values of vdwlist(k=3,colors=3,list=2,s)
// for s = 1 .. 16, from the run PublishedRun, and from s = 17 on from the
// checkpointed run of issue 21 (s ≤ 10 are checked against the solver by
// the tests, s ≤ 9 also against plain expectimax; s ≤ 15 agree with the
// alpha-beta solver this one replaced).
func Records() []Record {
	return []Record{
		{K: 3, Colors: 3, List: 2, S: 1, P1Win: "0/1", Nodes: 1, Seconds: 0},
		{K: 3, Colors: 3, List: 2, S: 2, P1Win: "0/1", Nodes: 1, Seconds: 0},
		{K: 3, Colors: 3, List: 2, S: 3, P1Win: "0/1", Nodes: 15, Seconds: 0},
		{K: 3, Colors: 3, List: 2, S: 4, P1Win: "0/1", Nodes: 29, Seconds: 0},
		{K: 3, Colors: 3, List: 2, S: 5, P1Win: "0/1", Nodes: 89, Seconds: 0},
		{K: 3, Colors: 3, List: 2, S: 6, P1Win: "0/1", Nodes: 249, Seconds: 0},
		{K: 3, Colors: 3, List: 2, S: 7, P1Win: "1/243", Nodes: 1893, Seconds: 0},
		{K: 3, Colors: 3, List: 2, S: 8, P1Win: "7/243", Nodes: 7770, Seconds: 0},
		{K: 3, Colors: 3, List: 2, S: 9, P1Win: "77/729", Nodes: 37442, Seconds: 0.02},
		{K: 3, Colors: 3, List: 2, S: 10, P1Win: "3557/19683", Nodes: 143427, Seconds: 0.1},
		{K: 3, Colors: 3, List: 2, S: 11, P1Win: "16361/59049", Nodes: 618855, Seconds: 0.28},
		{K: 3, Colors: 3, List: 2, S: 12, P1Win: "7235/19683", Nodes: 2102599, Seconds: 1.04},
		{K: 3, Colors: 3, List: 2, S: 13, P1Win: "87451/177147", Nodes: 7463653, Seconds: 3.77},
		{K: 3, Colors: 3, List: 2, S: 14, P1Win: "315073/531441", Nodes: 23858040, Seconds: 14.99},
		{K: 3, Colors: 3, List: 2, S: 15, P1Win: "1078547/1594323", Nodes: 77438507, Seconds: 64.61},
		{K: 3, Colors: 3, List: 2, S: 16, P1Win: "3518873/4782969", Nodes: 221398044, Seconds: 191.85},
	}
}

// AllRecords returns Records and the longer games decided since.
func AllRecords() []Record {
	out := Records()
	for _, r := range longRecords {
		out = append(out, r.Record)
	}
	return out
}

// PublishedRun returns the run that computed Records.
func PublishedRun() Run { return publishedRun }

// FrontierRow is one proven value (or a cost not paid) for `kombi report
// frontier`.
type FrontierRow = solve.FrontierRow

// FrontierRows returns the list-colouring rows of the frontier report: the
// exact values of the published k=3, colors=3, list=2 series from s = 12 on
// (each with the time of its own length in the run, the whole run for the
// last), the length after it with its estimated cost, the last values of
// the list=1 and list=3 series, and the value that holds for every s from
// van der Waerden's W(3,3) = 27 on.
func FrontierRows() []FrontierRow {
	how := "exact expectimax over every position up to symmetry (vdwlist.Solver: live part, threats, translation, dilation, reflection, colour renaming, independent components), exact fractions"
	var out []FrontierRow
	recs := Records()
	run := PublishedRun()
	for i, r := range recs {
		if r.S < 12 {
			continue
		}
		v, _ := new(big.Rat).SetString(r.P1Win)
		mt := fmt.Sprintf("s=%d in %s wall of the series run (%s positions); %s", r.S, game.Seconds(r.Seconds), game.Grouped(r.Nodes), run.Machine)
		secs := 0.0
		if i == len(recs)-1 {
			mt = fmt.Sprintf("the series s = 1..%d: %s CPU, %s wall, %s MiB peak (s=%d: %s wall, %s positions); %s",
				r.S, game.Seconds(run.CoreSeconds), game.Seconds(run.Seconds), game.Grouped(run.PeakBytes>>20), r.S, game.Seconds(r.Seconds), game.Grouped(r.Nodes), run.Machine)
			secs = run.CoreSeconds
		}
		check := "; the same value as the alpha-beta/*-minimax solver this one replaced"
		if r.S == 16 {
			check = "; first computed here"
		}
		out = append(out, FrontierRow{
			What:        fmt.Sprintf("list-colouring game vdwlist(k=%d,colors=%d,list=%d,s=%d): P(P1 wins) under optimal play", r.K, r.Colors, r.List, r.S),
			Value:       fmt.Sprintf("%s ≈ %s", r.P1Win, Decimal(v)),
			How:         how + check,
			Command:     fmt.Sprintf("kombi solve 'vdwlist(k=%d,colors=%d,list=%d,s=%d)'", r.K, r.Colors, r.List, r.S),
			MachineTime: mt,
			Seconds:     secs,
		})
	}
	for _, r := range longRecords {
		v, _ := new(big.Rat).SetString(r.P1Win)
		out = append(out, FrontierRow{
			What:    fmt.Sprintf("list-colouring game vdwlist(k=%d,colors=%d,list=%d,s=%d): P(P1 wins) under optimal play", r.K, r.Colors, r.List, r.S),
			Value:   fmt.Sprintf("%s ≈ %s", r.P1Win, Decimal(v)),
			How:     how + "; first computed here (the bounds of an interrupted run before it hold it)",
			Command: cmp.Or(r.Command, longRun.Command),
			MachineTime: fmt.Sprintf("s=%d: %s CPU, %s wall, %s positions reached, %s searched, %s stored, %.1f GB peak resident; %s; %s",
				r.S, game.Seconds(r.CPUSeconds), game.Seconds(r.Seconds), game.Grouped(r.Nodes), game.Grouped(r.Searched), game.Grouped(r.Stored), float64(r.PeakBytes)/1e9, r.Note, cmp.Or(r.Machine, longRun.Machine)),
			Seconds: r.CPUSeconds,
		})
	}
	if last := longRecords[len(longRecords)-1]; last.S == 18 {
		out = append(out, FrontierRow{
			What:        "list-colouring game vdwlist(k=3,colors=3,list=2,s=19): P(P1 wins) under optimal play",
			Value:       "between 35445569/43046721 ≈ 0.8234 and 129130739/129140163 ≈ 0.99993 (bounds; the value is open)",
			How:         how + "; the lower bound is the value at s=18 (P1 may name as at s=18), the upper the random colouring's (list=1: P2 without a choice); " + nextCost,
			Command:     "kombi table vdwlist --k 3 --colors 3 --list 2 --from 17 --max-s 19 --mem 20000000000 --checkpoint ckpt",
			MachineTime: "not tried: s=18 took 513 s of CPU and 11.9 GB with s=17's positions loaded; if s=19 doubles the table again it needs about 24 GB, more than this machine's 23 GB",
		})
	}
	out = append(out, FrontierRow{
		What:        "list-colouring game vdwlist(k=3,colors=3,list=1,s=26): P(P1 wins)",
		Value:       "847288609427/847288609443 ≈ 0.99999999998 (48 of the 3^26 colourings avoid)",
		How:         "with lists of one colour player 2 has no choice: the chance that a uniform random 3-colouring of 1..26 holds a monochromatic 3-term progression, by the same solver (P1 names one number); the tests check s = 20, 26 and 27 against a backtracking count",
		Command:     "kombi table vdwlist --k 3 --colors 3 --list 1",
		MachineTime: "the series s = 1..64: 0.26 s CPU; " + measuredOn,
		Seconds:     0.26,
	}, FrontierRow{
		What:        "list-colouring game vdwlist(k=3,colors=3,list=3,s=19): P(P1 wins)",
		Value:       "0/1 (P2 colours 1..19 without a monochromatic progression whatever P1 names; so for every s ≤ 19)",
		How:         how + "; with lists of all 3 colours every value is 0 or 1",
		Command:     "kombi table vdwlist --k 3 --colors 3 --list 3 --from 17 --max-s 19 --time 110m --mem 12000000000 --checkpoint ckpt",
		MachineTime: "s=17: 56 s CPU (30 s wall, 22.2M positions stored); s=18: 178 s CPU (93 s wall, 76.2M stored, 3.2 GB peak); s=19: 3,293 s CPU (2,384 s wall, 7.81·10^9 positions reached, 617M searched, 166M stored, 6.9 GB peak); the series: 2,571 s wall, 3,587 s CPU, at nice 19 beside other work (an earlier run with the solver before its look ahead had not decided s=19 in 22 minutes); s=20 not decided in 54 minutes more (4,379 s CPU, 8.0·10^9 positions reached, 7.0 GB), nor in a second run of 140 minutes from its checkpoint (--from 20 --max-s 20 --time 140m: 11,649 s CPU, 23.4·10^9 positions reached, 7.0 GB peak; 16,028 s CPU for s=20 in all; its table, 8.9 GB, stayed on that machine: a rerun on another starts s=20 afresh): 0 ≤ p ≤ 1162237607/1162261467; s=16 takes 7.6 s wall with kombi solve; 2-core AMD EPYC VM (23 GB), 2 workers",
		Seconds:     3527,
	}, FrontierRow{
		What:        "list-colouring game vdwlist(k=4,colors=3,list=2,s=17): P(P1 wins) under optimal play (4-term progressions)",
		Value:       "12121/43046721 ≈ 0.000282 (0 up to s=14; s=15: 1/531441; s=16: 805/14348907 ≈ 0.0000561)",
		How:         how,
		Command:     "kombi table vdwlist --k 4 --colors 3 --list 2 --from 17 --max-s 20 --time 40m --mem 12000000000 --checkpoint ckpt",
		MachineTime: "s=17: 465 s CPU (267 s wall, 135.2M positions stored, 8.7 GB peak); s=15 and 16 in the series kombi table vdwlist --k 4 --colors 2,3 --time 4m (11 and 75 s CPU); s=18 not decided in the 36 minutes left (1.5·10^10 positions reached; its table is in the checkpoint: see the next row); 2-core AMD EPYC VM shared with other jobs, 2 workers at nice 5",
		Seconds:     465,
	}, FrontierRow{
		What:        "list-colouring game vdwlist(k=4,colors=3,list=2,s=18): P(P1 wins) under optimal play (4-term progressions)",
		Value:       "116891/129140163 ≈ 0.000905",
		How:         how + "; in two runs, the second continuing from the checkpoint the first saved at its time budget, when it had it between 86549/129140163 and 94256633/129140163",
		Command:     "kombi table vdwlist --k 4 --colors 3 --list 2 --from 18 --max-s 18 --time 44m --mem 12000000000 --checkpoint ckpt",
		MachineTime: "about 7,750 s CPU in all: some 4,130 s in the run of the row before (its 4,595 s less s=17's 465; 1.5·10^10 positions reached in 36 minutes) and 3,622 s in the one that decided it (2,125 s wall with about 2 minutes of loading, 1.04·10^10 positions reached, 737.5M searched, 350.5M stored, 340.1M of them loaded, 6.4 GB peak); 2-core AMD EPYC VM, 2 workers at nice 19",
		Seconds:     7753,
	}, FrontierRow{
		What:        "list-colouring game vdwlist(k=4,colors=2,list=2,s=20) and (k=4,colors=3,list=3,s=17): P(P1 wins)",
		Value:       "0/1 for both (P2 avoids a monochromatic 4-term progression whatever P1 names)",
		How:         how + "; with lists of 1 the same series gives the chance that a random colouring holds a progression: 1/1 from s = 35 for 2 colours, van der Waerden's W(4,2) = 35, and 2446223000089/2541865828329 ≈ 0.9624 at s = 27 for 3 colours",
		Command:     "kombi table vdwlist --k 4 --colors 2,3 --time 4m --mem 4000000000",
		MachineTime: "colors=2, list=2: s ≤ 20 in 240 s (s=20: 181 s CPU, 104.5M positions stored); colors=3, list=3: s ≤ 17 in 240 s (s=17: 25 s CPU); the five series: 1,881 s CPU, 962 s wall, 3.6 GB peak; 2-core AMD EPYC VM shared with other jobs, 2 workers at nice 5",
		Seconds:     1881,
	}, FrontierRow{
		What:        "list-colouring game vdwlist(k=3,colors=3,list=l,s) for s ≥ 27, any l",
		Value:       "1/1",
		How:         "every 3-colouring of 1..27 has a monochromatic 3-term progression (van der Waerden number W(3,3) = 27), so the last number coloured completes one if none came before; the solver proves 1/1 for s = 27..64 (fractions beyond 64 bits for s ≥ 36)",
		Command:     "kombi solve 'vdwlist(k=3,colors=3,list=2,s=64)'",
		MachineTime: "s=64: 0.7 s CPU; " + measuredOn,
		Seconds:     0.7,
	})
	return out
}

// nextCost says why the game one longer than those decided is open.
const nextCost = "the table held 89.8M positions after s=17 and 188.4M after s=18 (11.9 GB)"
