#!/usr/bin/env bash
# test/tools/total.sh COUNTS [STATUS]: the line make test ends with, "N passed, N failed", summing the lines its mocha
# suites appended to COUNTS (test/reporter.cjs). STATUS is how the suites ended: one that failed without a failed test
# (it did not load, a wrapper refused, a step before it failed) counts as one failed, as does a line that is not counts,
# so the line never reads as a pass when the run did not pass.
set -euo pipefail
awk -v status="${2:-0}" '
  /^[0-9]+ passed, [0-9]+ failed$/ { passed += $1; failed += $3; next }
  { print "test/tools/total.sh: not a line of counts: " $0 > "/dev/stderr"; bad = 1 }
  END {
    if ((status != 0 || bad) && failed == 0) failed = 1
    printf "%d passed, %d failed\n", passed, failed
    exit bad
  }' "$1"
