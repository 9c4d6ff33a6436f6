#!/usr/bin/env bash
# The GPU check, as is, on a machine with an NVIDIA GPU and no package index:
#     bash gpu_check/run.sh [OUT_DIR]      (OUT_DIR defaults to $OUT, else ./gpu_check_out)
# Needs gpu_check/wheels (python gpu_check/build_wheels.py, run where pip reaches an index).
# Everything is in check.py; this wrapper only picks the interpreter and caps the whole run at
# 8 minutes. Extra arguments go to check.py (--dry-run, --budget SECONDS, --only STEP...).
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-${OUT:-$here/../gpu_check_out}}"
shift || true
python="$(command -v python3 || command -v python)"
exec timeout --kill-after=10 480 "$python" "$here/check.py" --out "$out" "$@"
