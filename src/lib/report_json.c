/* report_json.c — the JSON report, a contract with ticket systems.
 *
 * Fields may be added; none is renamed or removed without a new `schema`
 * (doc/report-json.md lists them).
 */
#include "config.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

static void add_text(cJSON *obj, const char *key, const char *s, size_t max, bool nl)
{
        char *t = report_safe_text(s, max, nl);
        cJSON_AddStringToObject(obj, key, t ? t : "");
        free(t);
}

static void add_text_item(cJSON *arr, const char *s)
{
        char *t = report_safe_text(s, 200, false);
        cJSON_AddItemToArray(arr, cJSON_CreateString(t ? t : ""));
        free(t);
}

/* RFC 3339 in UTC, or null. */
static void add_time(cJSON *obj, const char *key, bool has, int64_t usec)
{
        char t[TIME_TEXT];
        if (!has) {
                cJSON_AddNullToObject(obj, key);
                return;
        }
        format_time(usec, t);
        cJSON_AddStringToObject(obj, key, t);
}

static cJSON *stream_json(const struct stream_id *s)
{
        cJSON *o = cJSON_CreateObject();
        add_text(o, "host", s->host, 0, false);
        cJSON_AddNumberToObject(o, "pid", (double)s->pid);
        if (s->rank >= 0)
                cJSON_AddNumberToObject(o, "rank", s->rank);
        else
                cJSON_AddNullToObject(o, "rank");
        add_text(o, "tag", s->tag, 0, false);
        add_text(o, "ident", s->ident, 0, false);
        add_text(o, "unit", s->unit, 0, false);
        add_text(o, "invocation", s->invocation, 0, false);
        return o;
}

/* {"file", "line", "function", "package", "kind"} of a frame, or null. */
static void add_frame(cJSON *o, const char *key, const struct frame_ref *f)
{
        if (!f->set) {
                cJSON_AddNullToObject(o, key);
                return;
        }
        cJSON *x = cJSON_AddObjectToObject(o, key);
        add_text(x, "file", f->file, 0, false);
        cJSON_AddNumberToObject(x, "line", f->line);
        add_text(x, "function", f->function, 0, false);
        add_text(x, "package", f->package, 0, false);
        cJSON_AddStringToObject(x, "kind", frame_kind_name(f->kind));
}

static cJSON *diagnosis_json(const coroner_analysis *a, size_t i)
{
        const struct diagnosis *d = a->ranking.diags[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "rank", (double)(i + 1));
        cJSON_AddStringToObject(o, "id", d->id);
        cJSON_AddStringToObject(o, "category", report_category(d));
        add_text(o, "title", d->title, 0, false);
        add_text(o, "summary", d->summary, 0, false);
        cJSON_AddStringToObject(o, "severity", coroner_severity_name(d->severity));
        cJSON_AddStringToObject(o, "role", report_role(d));
        cJSON_AddStringToObject(o, "basis", report_basis(d));
        if (d->sig && d->sig->table)
                cJSON_AddStringToObject(o, "table", d->sig->table);
        else
                cJSON_AddNullToObject(o, "table");
        cJSON_AddNumberToObject(o, "confidence", (double)(int)(d->confidence * 100 + 0.5) / 100.0);
        cJSON_AddNumberToObject(o, "count", (double)d->count);
        add_time(o, "first_seen", d->first_has_time, d->first_usec);
        add_time(o, "last_seen", d->last_has_time, d->last_usec);
        cJSON *streams = cJSON_AddArrayToObject(o, "streams");
        for (size_t k = 0; k < d->n_streams; k++)
                cJSON_AddItemToArray(streams, stream_json(&d->streams[k]));
        cJSON_AddNumberToObject(o, "streams_total", (double)d->n_streams_total);
        if (d->exc_type) {
                cJSON *x = cJSON_AddObjectToObject(o, "exception");
                add_text(x, "type", d->exc_type, 0, false);
                add_text(x, "message", d->exc_message, LIMIT_MESSAGE_BYTES, true);
        } else {
                cJSON_AddNullToObject(o, "exception");
        }
        add_frame(o, "raised_in", &d->raised_in);
        add_frame(o, "called_from", &d->called_from);
        cJSON *chain = cJSON_AddArrayToObject(o, "exceptions");
        for (size_t k = 0; k < d->n_chain; k++) {
                cJSON *x = cJSON_CreateObject();
                add_text(x, "type", d->chain_types[k], 0, false);
                add_text(x, "message", d->chain_messages[k], LIMIT_MESSAGE_BYTES, true);
                if (d->chain_places[k]) {
                        /* "3.1" -> [3, 1]: the sub-exception numbers from the outermost group */
                        cJSON *path = cJSON_AddArrayToObject(x, "group_path");
                        char *end;
                        for (const char *p = d->chain_places[k]; *p; p = *end == '.' ? end + 1 : end) {
                                unsigned long number = strtoul(p, &end, 10);
                                if (end == p)
                                        break;
                                cJSON_AddItemToArray(path, cJSON_CreateNumber((double)number));
                        }
                }
                cJSON_AddItemToArray(chain, x);
        }
        cJSON *ev = cJSON_AddArrayToObject(o, "evidence");
        for (size_t k = 0; k < d->n_evidence; k++) {
                cJSON *e = cJSON_CreateObject();
                cJSON_AddStringToObject(e, "input", report_input_name(a, d->evidence[k].input));
                cJSON_AddNumberToObject(e, "line", (double)d->evidence[k].line);
                add_text(e, "text", d->evidence[k].text, LIMIT_DISPLAY_BYTES * 4, false);
                cJSON_AddItemToArray(ev, e);
        }
        cJSON *fixes = cJSON_AddArrayToObject(o, "fixes");
        for (size_t k = 0; k < d->n_fixes; k++) {
                char *t = report_safe_text(d->fixes[k], 0, false);
                cJSON_AddItemToArray(fixes, cJSON_CreateString(t ? t : ""));
                free(t);
        }
        cJSON *refs = cJSON_AddArrayToObject(o, "references");
        cJSON *cands = cJSON_AddArrayToObject(o, "candidates");
        if (d->sig) {
                for (size_t k = 0; k < d->sig->n_references; k++)
                        cJSON_AddItemToArray(refs, cJSON_CreateString(d->sig->references[k]));
                size_t order[16];
                size_t n = report_candidate_order(a, d, order, 16);
                for (size_t j = 0; j < n; j++) {
                        size_t k = order[j];
                        cJSON *c = cJSON_CreateObject();
                        cJSON_AddStringToObject(c, "cause", d->sig->candidates[k].cause);
                        cJSON_AddStringToObject(c, "check", (d->checks && d->checks[k] ? d->checks[k] : d->sig->candidates[k].check));
                        cJSON_AddBoolToObject(c, "supported_by_log", report_candidate_seen(a, d, k));
                        cJSON_AddItemToArray(cands, c);
                }
        }
        cJSON *run = cJSON_AddObjectToObject(o, "run");
        if (d->run[0])
                cJSON_AddStringToObject(run, "id", d->run);
        else
                cJSON_AddNullToObject(run, "id");
        cJSON_AddNumberToObject(run, "order", d->run_order);
        cJSON_AddStringToObject(o, "fingerprint", d->fingerprint);
        cJSON_AddNumberToObject(o, "fingerprint_version", CORONER_FINGERPRINT_VERSION);
        add_text(o, "rationale", d->rationale, 0, false);
        if (d->sig && d->sig->requires) {
                cJSON *vc = cJSON_AddArrayToObject(o, "version_conditions");
                const cJSON *req;
                cJSON_ArrayForEach(req, d->sig->requires) {
                        const struct fact_item *it = facts_get(&a->facts, FACT_PACKAGE, req->string);
                        cJSON *c = cJSON_CreateObject();
                        cJSON_AddStringToObject(c, "package", req->string);
                        cJSON_AddStringToObject(c, "required", cJSON_IsString(req) ? req->valuestring : "");
                        if (it)
                                add_text(c, "found", it->value, 100, false);
                        else
                                cJSON_AddNullToObject(c, "found");
                        cJSON_AddItemToArray(vc, c);
                }
        }
        if (d->alternative_to >= 0)
                cJSON_AddNumberToObject(o, "alternative_to", d->alternative_to + 1);
        else
                cJSON_AddNullToObject(o, "alternative_to");
        if (d->explained_by >= 0)
                cJSON_AddNumberToObject(o, "explained_by", d->explained_by + 1);
        else
                cJSON_AddNullToObject(o, "explained_by");
        cJSON_AddBoolToObject(o, "incomplete", d->incomplete);
        return o;
}

/* What made the report: the release, the signature set (its directories,
 * how many signatures and a hash of every file's text, so that two reports
 * can be told to come from the same set) and the command line. */
static cJSON *produced_by_json(const coroner_analysis *a)
{
        cJSON *o = cJSON_CreateObject(), *sigs = cJSON_CreateObject(), *dirs = cJSON_CreateArray();
        if (!o || !sigs || !dirs) {
                cJSON_Delete(o);
                cJSON_Delete(sigs);
                cJSON_Delete(dirs);
                return cJSON_CreateNull();
        }
        cJSON_AddStringToObject(o, "coroner_version", coroner_version());
        for (const char *p = a->db->dirs.data; p && *p;) {
                const char *nl = strchr(p, '\n');
                char *dir = strndup_safe(p, nl ? (size_t)(nl - p) : strlen(p));
                if (dir)
                        cJSON_AddItemToArray(dirs, cJSON_CreateString(dir));
                free(dir);
                p = nl ? nl + 1 : p + strlen(p);
        }
        cJSON_AddItemToObject(sigs, "directories", dirs);
        cJSON_AddNumberToObject(sigs, "count", (double)a->db->n_sigs);
        char hash[17];
        snprintf(hash, sizeof hash, "%016llx", (unsigned long long)a->db->content_hash);
        cJSON_AddStringToObject(sigs, "hash", hash);
        cJSON_AddItemToObject(o, "signatures", sigs);
        if (a->command)
                add_text(o, "command", a->command, 2000, false);
        else
                cJSON_AddNullToObject(o, "command");
        return o;
}

/* What the log reveals about the environment; null where it says nothing. */
static cJSON *environment_json(const coroner_analysis *a)
{
        const struct facts *f = &a->facts;
        cJSON *env = cJSON_CreateObject();
        static const enum fact single[] = { FACT_PYTHON, FACT_CUDA, FACT_DRIVER, FACT_NCCL, FACT_MODEL,
                                            FACT_TP, FACT_COMMAND };
        cJSON *unknown = cJSON_CreateArray();
        for (size_t i = 0; i < sizeof single / sizeof single[0]; i++) {
                const struct fact_item *it = facts_get(f, single[i], NULL);
                const char *name = fact_name(single[i]);
                if (!it) {
                        cJSON_AddNullToObject(env, name);
                        cJSON_AddItemToArray(unknown, cJSON_CreateString(name));
                        continue;
                }
                cJSON *o = cJSON_AddObjectToObject(env, name);
                add_text(o, "value", it->value, 300, false);
                cJSON_AddStringToObject(o, "input", report_input_name(a, it->input));
                cJSON_AddNumberToObject(o, "line", (double)it->line);
        }
        cJSON *pk = cJSON_AddObjectToObject(env, "packages");
        cJSON *gpus = cJSON_AddArrayToObject(env, "gpus");
        for (size_t i = 0; i < f->n; i++) {
                const struct fact_item *it = &f->items[i];
                if (it->kind == FACT_PACKAGE && !cJSON_HasObjectItem(pk, it->key)) {
                        char *t = report_safe_text(it->value, 100, false);
                        cJSON_AddStringToObject(pk, it->key, t ? t : "");
                        free(t);
                } else if (it->kind == FACT_GPU) {
                        cJSON *g = cJSON_CreateObject();
                        char model[128];
                        snprintf(model, sizeof model, "NVIDIA %s", it->value);
                        add_text(g, "model", model, 120, false);
                        cJSON_AddNumberToObject(g, "lines", (double)it->count);
                        cJSON_AddItemToArray(gpus, g);
                }
        }
        cJSON *hosts = cJSON_AddArrayToObject(env, "hosts");
        for (size_t i = 0; i < a->ranking.n && cJSON_GetArraySize(hosts) < 16; i++)
                for (size_t k = 0; k < a->ranking.diags[i]->n_streams; k++) {
                        const char *h = a->ranking.diags[i]->streams[k].host;
                        bool dup = !h[0];
                        const cJSON *e;
                        cJSON_ArrayForEach(e, hosts) dup |= strcmp(e->valuestring, h) == 0;
                        if (!dup)
                                add_text_item(hosts, h);
                }
        if (!cJSON_GetArraySize(pk))
                cJSON_AddItemToArray(unknown, cJSON_CreateString("packages"));
        if (!cJSON_GetArraySize(gpus))
                cJSON_AddItemToArray(unknown, cJSON_CreateString("gpus"));
        cJSON_AddItemToObject(env, "not_in_log", unknown);
        return env;
}

static cJSON *report_object(const coroner_analysis *a)
{
        cJSON *root = cJSON_CreateObject();
        if (!root)
                return NULL;
        cJSON_AddStringToObject(root, "schema", CORONER_REPORT_SCHEMA);
        cJSON_AddStringToObject(root, "coroner_version", coroner_version());
        cJSON_AddItemToObject(root, "produced_by", produced_by_json(a));
        cJSON *inputs = cJSON_AddArrayToObject(root, "inputs");
        for (size_t i = 0; i < a->n_inputs; i++) {
                const struct input_info *in = &a->inputs[i];
                cJSON *o = cJSON_CreateObject();
                add_text(o, "name", in->name, 0, false);
                cJSON_AddStringToObject(o, "compression", in->compression);
                cJSON_AddNumberToObject(o, "bytes", (double)in->bytes);
                cJSON_AddNumberToObject(o, "records", (double)in->records);
                cJSON_AddBoolToObject(o, "complete", in->complete);
                if (in->error)
                        add_text(o, "error", in->error, 0, false);
                else
                        cJSON_AddNullToObject(o, "error");
                if (in->warning)
                        add_text(o, "warning", in->warning, 0, false);
                if (in->note)
                        add_text(o, "note", in->note, 0, false);
                cJSON_AddItemToArray(inputs, o);
        }
        cJSON_AddItemToObject(root, "environment", environment_json(a));
        cJSON *diags = cJSON_AddArrayToObject(root, "diagnoses");
        for (size_t i = 0; i < a->ranking.n; i++)
                cJSON_AddItemToArray(diags, diagnosis_json(a, i));
        cJSON_AddNumberToObject(root, "dropped_events", (double)a->ranking.folded_events);
        cJSON *gave_up = cJSON_AddArrayToObject(root, "pattern_limits");
        for (size_t i = 0; i < a->db->n_sigs; i++) {
                const char *sample;
                size_t n = signature_gave_up(a->db->sigs[i], &sample);
                if (!n)
                        continue;
                cJSON *o = cJSON_CreateObject();
                cJSON_AddStringToObject(o, "signature", a->db->sigs[i]->id);
                cJSON_AddNumberToObject(o, "lines", (double)n);
                add_text(o, "sample", sample, 96, false);
                cJSON_AddItemToArray(gave_up, o);
        }
        cJSON_AddNumberToObject(root, "failure_lines_folded", (double)a->ranking.failure_lines_folded);
        return root;
}

/* Renders o (and frees it): indented, or on one line for JSON Lines. */
static int render(cJSON *o, bool one_line, char **ret)
{
        char *s = o ? (one_line ? cJSON_PrintUnformatted(o) : cJSON_Print(o)) : NULL;
        cJSON_Delete(o);
        if (!s)
                return CORONER_E_NOMEM;
        *ret = s;
        return report_redact_secrets(ret);
}

int coroner_report_json(const coroner_analysis *a, char **ret)
{
        return render(report_object(a), false, ret);
}

int coroner_report_json_summary(const coroner_analysis *a, char **ret)
{
        cJSON *o = report_object(a);
        if (o)
                cJSON_AddStringToObject(o, "record", "summary");
        return render(o, true, ret);
}

int coroner_report_json_update(const coroner_analysis *a, size_t index, size_t more, char **ret)
{
        if (index >= a->ranking.n)
                return CORONER_E_USAGE;
        const struct diagnosis *d = a->ranking.diags[index];
        cJSON *o = cJSON_CreateObject();
        if (!o)
                return CORONER_E_NOMEM;
        cJSON_AddStringToObject(o, "record", "update");
        cJSON_AddStringToObject(o, "schema", CORONER_REPORT_SCHEMA);
        cJSON_AddNumberToObject(o, "rank", (double)index + 1);
        cJSON_AddStringToObject(o, "id", d->id);
        cJSON_AddStringToObject(o, "fingerprint", d->fingerprint);
        cJSON_AddNumberToObject(o, "count", (double)d->count);
        cJSON_AddNumberToObject(o, "new", (double)more);
        add_time(o, "last_seen", d->last_has_time, d->last_usec);
        return render(o, true, ret);
}

int coroner_report_json_line(const coroner_analysis *a, size_t index, char **ret)
{
        if (index >= a->ranking.n)
                return CORONER_E_USAGE;
        cJSON *o = diagnosis_json(a, index);
        if (o) {
                cJSON_AddStringToObject(o, "record", "diagnosis");
                cJSON_AddStringToObject(o, "schema", CORONER_REPORT_SCHEMA);
        }
        return render(o, true, ret);
}
