#!/bin/sh
# Hadoop Streaming mapper for urilint (README, "Archives too large for one
# machine"). Each input line names one file; the files are copied whole,
# byte for byte, into a scratch tree under their own names and read by one
# `urilint extract` run, so each is read as its name and content say (HTML as
# HTML, an mbox as mail, its messages kept whole) and no URI is cut between
# two mappers. Paths are absolute, on a file system every node mounts; with
# URILINT_FETCH='hdfs dfs -get' they are HDFS paths fetched instead. Records
# are written as `extract --format jsonl` writes them, `path` as listed.
set -eu
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fetch=${URILINT_FETCH:-cp}
while IFS= read -r path; do
    [ -n "$path" ] || continue
    rel=${path#/}
    mkdir -p "$scratch/$(dirname "$rel")"
    $fetch "$path" "$scratch/$rel"
done
cd "$scratch"
# `./x/y` under the scratch tree is `/x/y`: path is the first field.
${URILINT:-urilint} extract --isolated --no-ignore --format jsonl . |
    sed 's|^{"path":"\./|{"path":"/|'
