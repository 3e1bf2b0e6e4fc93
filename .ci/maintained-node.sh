# Sourced by .ci/run: makes `node` (and so npm, which runs on it) a maintained LTS Node, the one README
# names (22.15 or newer). A machine whose own Node is older (Debian's, or an end-of-life 20) gets Node 24
# from the npm registry's `node` package, which carries the official binaries for this platform, into a
# cache folder outside the clone; nothing is downloaded from anywhere but the registry.
NODE_LTS_MAJOR=24
node_version=$(node -p 'process.versions.node' 2>/dev/null || echo 0.0.0)
node_major=${node_version%%.*}
node_minor=$(echo "$node_version" | cut -d. -f2)
if [ "$node_major" -lt 22 ] || { [ "$node_major" -eq 22 ] && [ "$node_minor" -lt 15 ]; }; then
  node_dir="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/outreach-node-$NODE_LTS_MAJOR}"
  if [ ! -x "$node_dir/node_modules/node/bin/node" ]; then
    echo "ci: Node $node_version is not maintained; installing Node $NODE_LTS_MAJOR from the npm registry into $node_dir"
    mkdir -p "$node_dir"
    npm install --prefix "$node_dir" --no-save --no-audit --no-fund --loglevel=error "node@$NODE_LTS_MAJOR" >/dev/null
  fi
  export PATH="$node_dir/node_modules/node/bin:$PATH"
fi
echo "ci: node $(node -v), npm $(npm -v)"
