#!/bin/bash
# .ci/pgo.sh: regenerate cmd/kombi/default.pgo, the CPU profile that guides the Go compiler (profile-guided
# optimisation: go build, go run and go install of ./cmd/kombi use it on their own) from the solvers' typical
# work: the list-colouring game c3 l2 s=15, Thue squares with 5 symbols to length 18, the 2D Nim shape table
# n=8 and three Szemerédi sets of 40 numbers, each profiled with kombi --cpuprofile (a binary built without a
# profile) and merged. About a minute on 2 cores. Run it after a large change to a solver's hot code, then
# measure (the README's "Profile-guided build" says how it was measured).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -pgo=off -o "$tmp/kombi" ./cmd/kombi
export KOMBI_DATA_DIR="$tmp/data"
profile() { # name, then kombi's arguments
  local name=$1
  shift
  echo "== $name: kombi $*"
  "$tmp/kombi" --cpuprofile "$tmp/$name.prof" "$@" > /dev/null
}
profile vdwlist solve 'vdwlist(k=3,colors=3,list=2,s=15)' --quiet
profile thue solve 'thue(alphabet=5)' --max-length 18 --quiet
profile nim2d table nim2d-shapes --n 8
for seed in 1 2 3; do
  profile "ap$seed" solve "ap(x=40,k=3,seed=$seed)"
done
go tool pprof -proto "$tmp"/*.prof > cmd/kombi/default.pgo
echo "== cmd/kombi/default.pgo: $(wc -c < cmd/kombi/default.pgo) bytes"
