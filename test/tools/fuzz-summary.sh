#!/usr/bin/env bash
# test/tools/fuzz-summary.sh NAME OUTPUT: make fuzz's one line for a server Schemathesis passed, from its full OUTPUT
# ("fuzz service: 18 operations, 2482 test cases, no failure"), in place of Schemathesis's pytest-style closing lines
# ("=== No issues found in 18s ==="), which CI reads as a pytest run that ran no test. Exits 1 when OUTPUT lacks the numbers.
set -euo pipefail
awk -v name="$1" '
  /^[A-Za-z][A-Za-z ]*:$/ { section = $0 }
  section == "API Operations:" && $1 == "Tested:" { operations = $2 }
  section == "Test cases:" && $2 == "generated," { cases = $1 }
  /^=+ .* in [0-9.]+s =+$/ && match($0, /[0-9]+ warnings? in/) { warnings = substr($0, RSTART) + 0 }
  END {
    if (operations == "" || cases == "") {
      print "fuzz " name ": no operation or test case count in Schemathesis'"'"'s output" > "/dev/stderr"
      exit 1
    }
    line = "fuzz " name ": " operations " operations, " cases " test cases, no failure"
    if (warnings) line = line ", " warnings (warnings == 1 ? " warning" : " warnings")
    print line
  }' "$2"
