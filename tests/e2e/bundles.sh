#!/bin/sh
# bundles.sh — post-mortems start from what someone sent: tar and zip
# bundles (any compression; libarchive) are read member by member, each an
# input named BUNDLE:PATH; a compressed member is decompressed, a journal
# member read as a journal, a binary member skipped with a note.
# Directories are read with -r, every file below them, oldest first.
. "$SRCDIR/tests/e2e/lib.sh"
C="$SRCDIR/corpus"
mkdir -p "$TMP/b/node1" "$TMP/b/node2"
cp "$C/gpu-cuda-oom/log.txt" "$TMP/b/node1/app.log"
gzip -c < "$C/gpu-nccl-cascade/log.txt" > "$TMP/b/node2/app.log.gz"
head -c 100000 /dev/urandom > "$TMP/b/node2/core.bin"
REMOTE=/lib/systemd/systemd-journal-remote
[ -x "$REMOTE" ] || REMOTE=/usr/lib/systemd/systemd-journal-remote
[ -x "$REMOTE" ] && "$REMOTE" -o "$TMP/b/node1/system.journal" "$SRCDIR/tests/forms/journal/chain-from.export.txt" 2>/dev/null
(cd "$TMP" && tar czf bundle.tar.gz b && tar cf - b | zstd -q -c > bundle.tar.zst)
(cd "$TMP" && "$PY" -c "
import os, zipfile
with zipfile.ZipFile('bundle.zip', 'w', zipfile.ZIP_DEFLATED) as z:
    for root, _, files in os.walk('b'):
        for f in sorted(files):
            z.write(os.path.join(root, f))")
names() { json_get "$1" '" ".join(sorted(i["name"].split(":", 1)[-1] if i["name"].startswith("journal:") else i["name"] for i in r["inputs"]))'; }
for bundle in bundle.tar.gz bundle.tar.zst bundle.zip; do
        (cd "$TMP" && "$CORONER" -f json "$bundle") > "$TMP/$bundle.json" 2>"$TMP/$bundle.err"; s=$?
        got=$(names "$TMP/$bundle.json")
        want="$bundle:b/node1/app.log $bundle:b/node1/system.journal $bundle:b/node2/app.log.gz $bundle:b/node2/core.bin"
        [ -x "$REMOTE" ] || want="$bundle:b/node1/app.log $bundle:b/node2/app.log.gz $bundle:b/node2/core.bin"
        [ $s -eq 0 ] && [ "$got" = "$want" ] && ok "$bundle: every member is an input named BUNDLE:PATH" \
                || not_ok "$bundle members" "exit $s: $got $(cat "$TMP/$bundle.err")"
        check "$bundle: diagnoses from each member (the OOM, the NCCL timeout in the gzipped one)" \
                sh -c "echo '$(ids "$TMP/$bundle.json")' | grep -q torch.cuda-oom && echo '$(ids "$TMP/$bundle.json")' | grep -q nccl.watchdog-timeout"
        check "$bundle: the gzipped member is decompressed, the binary one skipped with a note" \
                test "$(json_get "$TMP/$bundle.json" '[i["compression"] for i in r["inputs"] if i["name"].endswith("app.log.gz")][0] + "/" + [i.get("note") for i in r["inputs"] if i["name"].endswith("core.bin")][0]')" = "gzip/binary: skipped"
done
if [ -x "$REMOTE" ]; then
        check "a journal member is read as a journal" \
                test "$(json_get "$TMP/bundle.zip.json" '[i["compression"] for i in r["inputs"] if i["name"].endswith("system.journal")][0]')" = journal
fi
# A gzipped log is not a bundle.
"$CORONER" -f json "$TMP/b/node2/app.log.gz" > "$TMP/gz.json"
check "a gzipped log is one input, not a bundle" test "$(json_get "$TMP/gz.json" 'len(r["inputs"])')" = 1

# Directories: every file below, oldest first, with -r or without.
"$CORONER" -f json "$TMP/b" > "$TMP/plain-dir.json" 2>"$TMP/dir.err"; s=$?
[ $s -eq 0 ] && [ "$(json_get "$TMP/plain-dir.json" 'len(r["inputs"])')" -ge 3 ] && ok "a directory without -r is read whole too" \
        || not_ok "directory without -r" "exit $s $(cat "$TMP/dir.err")"
touch -d '2026-11-29 10:00' "$TMP/b/node2/app.log.gz"
touch -d '2026-11-29 11:00' "$TMP/b/node1/app.log"
ln -s .. "$TMP/b/node1/loop"
timeout 20 "$CORONER" -f json -r "$TMP/b" > "$TMP/dir.json" 2>"$TMP/dir.err"; s=$?
[ $s -eq 0 ] && [ "$(json_get "$TMP/dir.json" '[i["name"].rsplit("/", 2)[-2] + "/" + i["name"].rsplit("/", 1)[-1] for i in r["inputs"]][:2]')" = "['node2/app.log.gz', 'node1/app.log']" ] \
        && ok "-r: every file below the directory, oldest first (a symlink loop not followed)" \
        || not_ok "-r order" "exit $s $(json_get "$TMP/dir.json" '[i["name"] for i in r["inputs"]]') $(cat "$TMP/dir.err")"
check "-r: a binary file is skipped with a note" \
        test "$(json_get "$TMP/dir.json" '[i.get("note") for i in r["inputs"] if i["name"].endswith("core.bin")][0]')" = "binary: skipped"
# Layouts: a bundle or directory of per-host logs names the host of lines
# that name none; kubectl/must-gather dumps name the pod; one directory
# names nothing.
check "a bundle of node1/, node2/: streams carry the host from the layout" \
        test "$(json_get "$TMP/bundle.tar.gz.json" '[d["streams"][0]["host"] for d in r["diagnoses"] if d["id"] in ("torch.cuda-oom", "nccl.watchdog-timeout")]')" = "['node1', 'node2']"
mkdir -p "$TMP/k/namespaces/ml/pods/sglang-0/server/server/logs" "$TMP/one/var/log/k26"
cp "$C/gpu-cuda-oom/log.txt" "$TMP/k/namespaces/ml/pods/sglang-0/server/server/logs/current.log"
cp "$C/gpu-cuda-oom/log.txt" "$TMP/one/var/log/k26/app.log"
"$CORONER" -f json "$TMP/k" > "$TMP/k.json"
check "a must-gather/kubectl dump: the pod is the host" test "$(json_get "$TMP/k.json" 'r["environment"]["hosts"]')" = "['sglang-0']"
"$CORONER" -f json "$TMP/one" > "$TMP/one.json"
check "one directory of logs names no host" test "$(json_get "$TMP/one.json" 'r["environment"]["hosts"]')" = "[]"
done_testing
