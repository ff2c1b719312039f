#!/bin/bash
# .ci/scaling.sh BINARY [OUT]: the multi-core scaling of Kombi's parallel solvers (issue 21), for a
# machine with many cores and no Go (the device machine): build a static binary here first,
#   CGO_ENABLED=0 go build -o kombi-static ./cmd/kombi
# then run this there. It writes to OUT (default $OUT, else /tmp/kombi-scaling) the machine's cores, and
# per work a markdown table (positions and time for 1, 2, 4, ... workers up to the cores) or the timings:
#   thue18.md    squares with 5 symbols to length 18 (kombi bench scaling, 2 runs per count)
#   thue19.md    the same to length 19, 1 and all workers
#   vdwlist14.md the list-colouring game c3 l2 s=14
#   vdwlist16.md the same at s=16, 1 and all workers (CPU seconds per s, issue 21's item 3)
#   nim2d8.txt   kombi table nim2d-shapes --n 8 with 1 and all workers (wall and CPU seconds)
# About 5 minutes on 16 cores (294 s on a lent 16-core host). THUE_LEN, THUE_LONG, VDW_S, VDW_BIG and NIM_N make it smaller (a trial run).
set -uo pipefail
BIN=$(realpath "${1:?usage: .ci/scaling.sh BINARY [OUT]}")
OUT=${2:-${OUT:-/tmp/kombi-scaling}}
mkdir -p "$OUT"
cores=$(nproc)
workers=1
for w in 2 4 8 16 32 64; do
  [ "$w" -le "$cores" ] && workers="$workers,$w"
done
{ echo "cores: $cores"; echo "workers: $workers"; sha256sum "$BIN"; uname -a; } > "$OUT/machine.txt"
lscpu > "$OUT/lscpu.txt" 2>/dev/null
export KOMBI_DATA_DIR="$OUT/data"
bench() { # name, then kombi's arguments
  local name=$1; shift
  local t0=$SECONDS
  if ! GOMAXPROCS=$cores timeout 300 "$BIN" "$@" --format markdown > "$OUT/$name.md" 2> "$OUT/$name.err"; then
    echo "$name: failed (exit $?)" >> "$OUT/failed.txt"
  fi
  echo "$name: $((SECONDS - t0)) s" >> "$OUT/durations.txt"
}
bench thue18 bench scaling --workers "$workers" --repeat 2 --max-length "${THUE_LEN:-18}" --mem 4294967296
bench thue19 bench scaling --workers "1,$cores" --max-length "${THUE_LONG:-19}" --mem 8589934592
bench vdwlist14 bench scaling --game "vdwlist(k=3,colors=3,list=2,s=${VDW_S:-14})" --workers "$workers" --max-length 0 --mem 4294967296
bench vdwlist16 bench scaling --game "vdwlist(k=3,colors=3,list=2,s=${VDW_BIG:-16})" --workers "1,$cores" --max-length 0 --mem 8589934592
for w in 1 "$cores"; do
  rm -f "$OUT/nim2d.bin"
  TIMEFORMAT="nim2d n=${NIM_N:-8} workers=$w: %R s wall, %U s user, %S s sys"
  { time GOMAXPROCS=$cores "$BIN" table nim2d-shapes --n "${NIM_N:-8}" --workers "$w" --file "$OUT/nim2d.bin" \
      > /dev/null 2>> "$OUT/nim2d8.err" || echo "nim2d workers=$w: failed" >> "$OUT/failed.txt"; } 2>> "$OUT/nim2d8.txt"
done
rm -f "$OUT/nim2d.bin"
rm -rf "$OUT/data"
echo done >> "$OUT/durations.txt"
