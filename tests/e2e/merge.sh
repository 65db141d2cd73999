#!/bin/sh
# merge.sh — fleets. `coroner merge`: the reports of eight hosts that failed the
# same way become one diagnosis (count and hosts summed, the earliest
# first); a host that failed differently stays its own diagnosis; --follow's
# JSON Lines merge too; the result has the report's schema.
. "$SRCDIR/tests/e2e/lib.sh"
# host N [kind] > log: a CUDA OOM at 21:40:0N on gpu-node-0N (or a full disk)
host() {
        p="Nov 29 21:40:0$1 gpu-node-0$1 python3[41$1]:"
        if [ "${2:-oom}" = disk ]; then
                echo "$p OSError: [Errno 28] No space left on device: '/ckpt/shard-$1.safetensors'"
                return
        fi
        echo "$p Traceback (most recent call last):"
        echo "$p   File \"/srv/k26/serve.py\", line 9, in <module>"
        echo "$p     x = torch.empty(10**12, device='cuda')"
        echo "$p torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 GiB. GPU 0 has a total capacity of 79.10 GiB of which 1.00 GiB is free."
}
for n in 1 2 3 4 5 6 7 8; do
        if [ $n = 3 ]; then host $n disk; else host $n; fi > "$TMP/h$n.log"
        "$CORONER" -f json "$TMP/h$n.log" > "$TMP/h$n.json"
done
"$CORONER" merge "$TMP"/h8.json "$TMP"/h2.json "$TMP"/h1.json "$TMP"/h3.json "$TMP"/h4.json "$TMP"/h5.json "$TMP"/h6.json "$TMP"/h7.json \
        > "$TMP/merged.json" 2>"$TMP/merge.err"; s=$?
[ $s -eq 0 ] && ok "merge of eight reports: exit 0" || not_ok "merge exit" "exit $s $(cat "$TMP/merge.err")"
check "the same failure on seven hosts is one diagnosis, counted 7 times on 7 hosts" \
        test "$(json_get "$TMP/merged.json" '[str(d["count"]) + "/" + str(len({s["host"] for s in d["streams"]})) for d in r["diagnoses"] if d["id"] == "torch.cuda-oom"]')" = "['7/7']"
check "its evidence is the earliest host's first" \
        sh -c "json_first=\$('$PY' -c \"import json; r=json.load(open('$TMP/merged.json')); print([d for d in r['diagnoses'] if d['id'] == 'torch.cuda-oom'][0]['evidence'][0]['text'])\"); echo \"\$json_first\" | grep -q 'gpu-node-01'"
check "first_seen is the earliest, last_seen the latest" \
        test "$(json_get "$TMP/merged.json" '[d["first_seen"][11:19] + "-" + d["last_seen"][11:19] for d in r["diagnoses"] if d["id"] == "torch.cuda-oom"][0]')" = "21:40:01-21:40:08"
check "the host that failed differently is its own diagnosis" \
        test "$(json_get "$TMP/merged.json" '[d["streams"][0]["host"] for d in r["diagnoses"] if d["id"] == "system.no-space-left"]')" = "['gpu-node-03']"
check "inputs of every report, merged_from names them" \
        test "$(json_get "$TMP/merged.json" 'str(len(r["inputs"])) + " " + str(len(r["merged_from"]))')" = "8 8"
check "ranks run 1..n" test "$(json_get "$TMP/merged.json" '[d["rank"] for d in r["diagnoses"]] == list(range(1, len(r["diagnoses"]) + 1))')" = True
# Eight hosts that failed the same way: one diagnosis, counted 8 times.
host 3 > "$TMP/h3-oom.log"
"$CORONER" -f json "$TMP/h3-oom.log" > "$TMP/h3-oom.json"
"$CORONER" merge "$TMP"/h1.json "$TMP"/h2.json "$TMP"/h3-oom.json "$TMP"/h4.json "$TMP"/h5.json "$TMP"/h6.json \
        "$TMP"/h7.json "$TMP"/h8.json > "$TMP/eight.json"
check "eight per-host reports of one failure merge into one diagnosis on 8 hosts" \
        test "$(json_get "$TMP/eight.json" '[str(d["count"]) + "/" + str(len({s["host"] for s in d["streams"]})) for d in r["diagnoses"] if not d["id"].startswith("alternative.")]')" = "['8/8']"
# --follow's JSON Lines on standard input: the summary is taken.
cat "$TMP/h1.log" | "$CORONER" --follow -f json > "$TMP/h1.jsonl" 2>/dev/null
"$CORONER" merge - "$TMP/h2.json" < "$TMP/h1.jsonl" > "$TMP/lines.json"
check "JSON Lines from standard input merge with a report" \
        test "$(json_get "$TMP/lines.json" '[d["count"] for d in r["diagnoses"] if d["id"] == "torch.cuda-oom"]')" = "[2]"
if /usr/bin/python3 -c "import jsonschema" 2>/dev/null; then
        check "the merged report conforms to doc/report.schema.json" /usr/bin/python3 -c "
import json, sys, jsonschema
jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))" "$SRCDIR/doc/report.schema.json" "$TMP/merged.json"
fi
echo "not json" > "$TMP/bad.json"
"$CORONER" merge "$TMP/h1.json" "$TMP/bad.json" > /dev/null 2>"$TMP/bad.err"; s=$?
[ $s -eq 2 ] && grep -q "bad.json: not a coroner JSON report" "$TMP/bad.err" && ok "a file that is no report: exit 2, named" \
        || not_ok "bad input to merge" "exit $s $(cat "$TMP/bad.err")"
# The same fleet read as one log (a --journal-dir of journal-remote files,
# or the hosts' logs together): the text report says on how many hosts.
cat "$TMP"/h[1-8].log > "$TMP/fleet.log"
COLUMNS=200 "$CORONER" --no-pager "$TMP/fleet.log" | tr -s ' \n' '  ' > "$TMP/fleet.txt"
check "text: the same failure on 7 of the 8 hosts, and which host failed differently" \
        grep -q "on 7 of the 8 hosts with a diagnosis; gpu-node-03 failed differently (#2)" "$TMP/fleet.txt"
done_testing
