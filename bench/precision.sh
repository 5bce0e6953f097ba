#!/usr/bin/env bash
# The precision of urilint's default configuration on real documents
# (../shared/corpus, or URILINT_PRECISION_CORPUS), against the labels in
# testdata/precision/labels.jsonl (see testdata/precision/README.md).
#
#   bench/precision.sh               the table per rule; fails when a target
#                                    is missed or a default report has no label
#   bench/precision.sh sample [N]    up to N (default 20) unlabelled reports of
#                                    each rule, default and strict runs, with
#                                    the lines around them, as JSON lines
#   PRECISION_SEED=S bench/precision.sh sample N   another sample
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-report}" in
report)
  go test ./cmd/urilint -run '^TestPrecision$' -precision -count=1 -v |
    sed -n '/precision of the default configuration/,$p' | sed 's/^ *precision_test.go:[0-9]*: //'
  ;;
sample)
  go test ./cmd/urilint -run '^TestPrecision$' -precision-sample "${2:-20}" -precision-seed "${PRECISION_SEED:-1}" -count=1 -v |
    grep '^{'
  ;;
*)
  echo "usage: bench/precision.sh [report | sample [N]]" >&2
  exit 2
  ;;
esac
