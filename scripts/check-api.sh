#!/usr/bin/env bash
# The public API as a promise: compares every library product's Swift API with the recorded baseline
# (api/baseline: the commit of the release the promise starts from) by
# `swift package diagnose-api-breaking-changes`, and fails on any break that api/allowed-breaks.txt
# does not list. The baseline's API is committed (api/baselines/<commit>/<Module>.json), so the check
# builds only the current tree, not the baseline's.
#
#   scripts/check-api.sh                  check the tree against the recorded baseline
#   scripts/check-api.sh --record REV [NAME]
#                                         record REV (a tag or commit) as the baseline, called NAME (REV
#                                         by default): write its API dumps (one build of REV) and
#                                         api/baseline, and empty the allowlist
#
# An intended break needs a new major version and the CHANGELOG's word: list the digester's exact
# line in api/allowed-breaks.txt (without its leading emoji) in the commit that makes it.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${1:-}" == "--record" ]]; then
    revision="${2:?usage: scripts/check-api.sh --record REV [NAME]}"
    name="${3:-$revision}"
    commit=$(git rev-parse --verify "$revision^{commit}")
    rm -rf "api/baselines"
    mkdir -p api/baselines
    # With no dumps for the commit, the tool checks it out under .build/apidiff, builds it and dumps its
    # API into api/baselines/<commit>/; the comparison that follows is the commit against the tree.
    swift package diagnose-api-breaking-changes "$commit" --baseline-dir "$PWD/api/baselines" || true
    ls "api/baselines/$commit"/*.json >/dev/null
    printf '%s %s\n' "$commit" "$name" >api/baseline
    : >api/allowed-breaks.txt
    echo "recorded $name ($commit): $(ls "api/baselines/$commit" | wc -l) modules"
    exit 0
fi

read -r commit name <api/baseline
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "check-api: the baseline commit $commit ($name) is not in this clone's history (a shallow clone?): fetch it, e.g. git fetch --unshallow" >&2
    exit 1
fi
dumps="api/baselines/$commit"
modules=$(ls "$dumps"/*.json 2>/dev/null | wc -l)
if [[ "$modules" -eq 0 ]]; then
    echo "check-api: no API dumps in $dumps: record them with scripts/check-api.sh --record $name" >&2
    exit 1
fi
allowlist="$PWD/api/allowed-breaks.txt"
output=$(swift package diagnose-api-breaking-changes "$commit" --baseline-dir "$PWD/api/baselines" \
    --breakage-allowlist-path "$allowlist" 2>&1) && status=0 || status=$?
printf '%s\n' "$output" | grep -v '^\[' || true
# A module newer than the baseline has no dump; it is skipped (its API is not promised yet) and listed above.
if [[ $status -ne 0 ]]; then
    echo "check-api: the public API breaks the promise of $name ($commit)" >&2
    exit 1
fi
echo "check-api: $modules modules keep the API of $name ($commit)"
