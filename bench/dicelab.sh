#!/usr/bin/env bash
# Exact distributions of NdXkhK, Arbiter beside Debian's dicelab (which enumerates every roll),
# each as a whole process, on the sizes dicelab finishes within seconds.
# Usage: bench/dicelab.sh [build dir]   (needs: apt-get install dicelab)
set -euo pipefail
cd "$(dirname "$0")/.."
arbiter="${1:-build}/arbiter"
command -v dicelab >/dev/null || { echo "dicelab is not installed (apt-get install dicelab)"; exit 1; }
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null; end=$(date +%s.%N); echo "$end - $start" | bc -l; }
printf '%-10s %12s %12s %10s\n' expr "dicelab s" "arbiter s" ratio
for spec in "5 6 3" "6 6 3" "7 6 3" "8 6 3" "5 10 3" "6 10 3"; do
  read -r n sides keep <<<"$spec"
  echo "sum(high $keep $n#d$sides)" > /tmp/arbiter-dicelab.txt
  d=$(seconds dicelab -c -f /tmp/arbiter-dicelab.txt)
  a=$(seconds "$arbiter" prob "${n}d${sides}kh${keep}")
  printf '%-10s %12.4f %12.4f %9.0fx\n' "${n}d${sides}kh${keep}" "$d" "$a" "$(echo "$d / $a" | bc -l)"
done
