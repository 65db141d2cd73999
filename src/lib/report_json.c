/* report_json.c — the JSON report, a contract with ticket systems.
 *
 * Fields may be added; none is renamed or removed without a new `schema`
 * (doc/report-json.md lists them).
 */
#include "config.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

char *report_safe_text(const char *s, size_t max, bool keep_newlines)
{
        struct strbuf sb = { 0 };
        if (!s)
                s = "";
        size_t n = strlen(s);
        if (!keep_newlines) {
                sb_append_display(&sb, s, n, max);
        } else {
                while (n) {
                        const char *nl = memchr(s, '\n', n);
                        size_t k = nl ? (size_t)(nl - s) : n;
                        sb_append_display(&sb, s, k, max ? (max > sb.len ? max - sb.len : 1) : 0);
                        if (!nl || (max && sb.len >= max))
                                break;
                        sb_putc(&sb, '\n');
                        s = nl + 1;
                        n -= k + 1;
                }
        }
        return sb_take(&sb);
}

const char *report_role(const struct diagnosis *d)
{
        return d->unrecognized ? "unknown" : d->symptom ? "symptom" : "root-cause";
}

const char *report_category(const struct diagnosis *d)
{
        return d->sig ? d->sig->category : "unrecognized";
}

const char *report_input_name(const coroner_analysis *a, int input)
{
        return input >= 0 && (size_t)input < a->n_inputs ? a->inputs[input].name : "?";
}

static void add_text(cJSON *obj, const char *key, const char *s, size_t max, bool nl)
{
        char *t = report_safe_text(s, max, nl);
        cJSON_AddStringToObject(obj, key, t ? t : "");
        free(t);
}

static void add_time(cJSON *obj, const char *key, const char *t)
{
        if (t && t[0])
                cJSON_AddStringToObject(obj, key, t);
        else
                cJSON_AddNullToObject(obj, key);
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
        cJSON_AddNumberToObject(o, "confidence", (double)(int)(d->confidence * 100 + 0.5) / 100.0);
        cJSON_AddNumberToObject(o, "count", (double)d->count);
        add_time(o, "first_seen", d->first_time);
        add_time(o, "last_seen", d->last_time);
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
        cJSON *chain = cJSON_AddArrayToObject(o, "exceptions");
        for (size_t k = 0; k < d->n_chain; k++) {
                cJSON *x = cJSON_CreateObject();
                add_text(x, "type", d->chain_types[k], 0, false);
                add_text(x, "message", d->chain_messages[k], LIMIT_MESSAGE_BYTES, true);
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
                for (size_t k = 0; k < d->sig->n_candidates; k++) {
                        cJSON *c = cJSON_CreateObject();
                        cJSON_AddStringToObject(c, "cause", d->sig->candidates[k].cause);
                        cJSON_AddStringToObject(c, "check", (d->checks && d->checks[k] ? d->checks[k] : d->sig->candidates[k].check));
                        cJSON_AddItemToArray(cands, c);
                }
        }
        cJSON_AddStringToObject(o, "fingerprint", d->fingerprint);
        cJSON_AddNumberToObject(o, "fingerprint_version", CORONER_FINGERPRINT_VERSION);
        add_text(o, "rationale", d->rationale, 0, false);
        if (d->explained_by >= 0)
                cJSON_AddNumberToObject(o, "explained_by", d->explained_by + 1);
        else
                cJSON_AddNullToObject(o, "explained_by");
        cJSON_AddBoolToObject(o, "incomplete", d->incomplete);
        return o;
}

int coroner_report_json(const coroner_analysis *a, char **ret)
{
        cJSON *root = cJSON_CreateObject();
        if (!root)
                return CORONER_E_NOMEM;
        cJSON_AddStringToObject(root, "schema", CORONER_REPORT_SCHEMA);
        cJSON_AddStringToObject(root, "coroner_version", coroner_version());
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
                cJSON_AddItemToArray(inputs, o);
        }
        cJSON *diags = cJSON_AddArrayToObject(root, "diagnoses");
        for (size_t i = 0; i < a->ranking.n; i++)
                cJSON_AddItemToArray(diags, diagnosis_json(a, i));
        cJSON_AddNumberToObject(root, "dropped_events", (double)a->ranking.dropped_events);
        char *s = cJSON_Print(root);
        cJSON_Delete(root);
        if (!s)
                return CORONER_E_NOMEM;
        *ret = s;
        return 0;
}

int coroner_report_json_line(const coroner_analysis *a, size_t index, char **ret)
{
        if (index >= a->ranking.n)
                return CORONER_E_USAGE;
        cJSON *o = diagnosis_json(a, index);
        if (!o)
                return CORONER_E_NOMEM;
        cJSON_AddStringToObject(o, "schema", CORONER_REPORT_SCHEMA);
        char *s = cJSON_PrintUnformatted(o);
        cJSON_Delete(o);
        if (!s)
                return CORONER_E_NOMEM;
        *ret = s;
        return 0;
}
