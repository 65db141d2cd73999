/* decode_structured.c — line shapes that carry their message inside:
 * one JSON object per line (journalctl -o json / json-seq, docker's
 * json-file driver, an application's own JSON logging), containerd/CRI lines ("<time> stderr P|F <text>", P
 * pieces joined), journalctl -o export (fields until a blank line, binary
 * fields with a length), and rsyslog's #012/#011 escapes.
 *
 * Each turns physical lines into logical ones (a record and its message),
 * which then take the same path as any other line. The per-input state
 * (pieces waiting for their end, export fields) lives in struct
 * structured_state.
 */
#include "config.h"
#include "decode.h"

#include <cjson/cJSON.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void structured_reset(struct structured_state *st)
{
        sb_free(&st->pending);
        sb_free(&st->message);
        memset(st, 0, sizeof *st);
}

static void copy_small(char *dst, size_t cap, const char *src, size_t n)
{
        if (n >= cap)
                n = cap - 1;
        memcpy(dst, src, n);
        dst[n] = '\0';
}

/* A JSON field as text: strings as they are; numbers; arrays of byte values
 * (journalctl's form for binary or invalid UTF-8 data) as the bytes. */
static bool field_text(const cJSON *v, struct strbuf *out)
{
        out->len = 0;
        if (cJSON_IsString(v)) {
                sb_puts(out, v->valuestring);
                return true;
        }
        if (cJSON_IsNumber(v)) {
                sb_printf(out, "%.0f", v->valuedouble);
                return true;
        }
        if (cJSON_IsArray(v)) {
                const cJSON *b;
                cJSON_ArrayForEach(b, v) {
                        if (!cJSON_IsNumber(b))
                                return false;
                        sb_putc(out, (char)(unsigned char)b->valueint);
                }
                if (!out->data)
                        sb_puts(out, "");
                return true;
        }
        return false;
}

static void take_field(const cJSON *obj, const char *name, char *dst, size_t cap, struct strbuf *tmp)
{
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
        if (v && field_text(v, tmp) && tmp->len)
                copy_small(dst, cap, tmp->data, tmp->len);
}

static int hex4(const char *p)
{
        int v = 0;
        for (int k = 0; k < 4; k++) {
                int c = p[k], d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
                if (d < 0)
                        return -1;
                v = v * 16 + d;
        }
        return v;
}

/* A UTF-16 surrogate escape without its other half ("\ud800" alone) makes
 * the whole record invalid JSON: it becomes U+FFFD, and the record is kept. */
static void repair_surrogates(const char *s, size_t n, struct strbuf *out)
{
        for (size_t i = 0; i < n;) {
                if (s[i] != '\\' || i + 1 >= n) {
                        sb_putc(out, s[i++]);
                        continue;
                }
                int v = s[i + 1] == 'u' && i + 6 <= n ? hex4(s + i + 2) : -1;
                if (v >= 0xd800 && v <= 0xdbff && i + 12 <= n && s[i + 6] == '\\' && s[i + 7] == 'u' &&
                    hex4(s + i + 8) >= 0xdc00 && hex4(s + i + 8) <= 0xdfff) {
                        sb_append(out, s + i, 12);  /* a whole pair */
                        i += 12;
                } else if (v >= 0xd800 && v <= 0xdfff) {
                        sb_puts(out, "\\ufffd");
                        i += 6;
                } else {
                        sb_append(out, s + i, 2);  /* any other escape, "\\\\" included */
                        i += 2;
                }
        }
}

/* ---- an application's JSON logging ----
 *
 * One object per record, with the message, level, time and writer under
 * the names its logging library gives them: python-json-logger and
 * structlog (message/event, levelname, exc_info), pino and bunyan (msg,
 * numeric level, time in ms), zap, logrus, slog and zerolog (msg, level,
 * error), GELF (short_message, syslog level), Google Cloud Logging
 * (severity, textPayload), Elastic ECS (log.level, @timestamp,
 * error.message, error.stack_trace), and OpenAI-compatible servers' error
 * bodies ({"object": "error", "type": "BadRequestError", "message": ...}).
 * Where none of the names is there, the line itself is the message: a
 * record is never dropped for a shape coroner does not know. */
static const char *const message_keys[] = { "msg", "message", "event", "short_message", "textPayload", "@message", NULL };
/* Appended to the message: ": detail", or on lines of their own if the
 * detail has several (a traceback). */
static const char *const detail_keys[] = { "error", "err", "exception", "exc_info", "exc_text", "stack_trace",
                                          "stacktrace", "stack", "traceback", "full_message", NULL };
static const char *const level_keys[] = { "level", "levelname", "severity", "lvl", "loglevel", "log.level",
                                         "level_name", "@level", NULL };
static const char *const time_keys[] = { "time", "timestamp", "ts", "@timestamp", "datetime", NULL };
static const char *const host_keys[] = { "hostname", "host", NULL };
static const char *const ident_keys[] = { "logger", "name", "logger_name", "service", "app", NULL };

static const cJSON *first_item(const cJSON *obj, const char *const *keys)
{
        for (size_t i = 0; keys[i]; i++) {
                const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, keys[i]);
                if (v && !cJSON_IsNull(v))
                        return v;
        }
        return NULL;
}

static const char *first_string(const cJSON *obj, const char *const *keys)
{
        for (size_t i = 0; keys[i]; i++) {
                const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, keys[i]);
                if (cJSON_IsString(v) && v->valuestring[0])
                        return v->valuestring;
        }
        return NULL;
}

/* A level by name, as logging libraries spell them (any case). */
static uint8_t level_named(const char *s)
{
        static const char *const critical[] = { "fatal", "critical", "crit", "panic", "dpanic", "alert", "emerg",
                                                "emergency", "f", NULL };
        static const char *const error[] = { "error", "err", "eror", "severe", "e", NULL };
        for (size_t i = 0; critical[i]; i++)
                if (strcasecmp(s, critical[i]) == 0)
                        return LEVEL_CRITICAL;
        for (size_t i = 0; error[i]; i++)
                if (strcasecmp(s, error[i]) == 0)
                        return LEVEL_ERROR;
        return 0;
}

static uint8_t json_level(const cJSON *obj)
{
        const cJSON *v = first_item(obj, level_keys);
        if (cJSON_IsString(v))
                return level_named(v->valuestring);
        if (cJSON_IsNumber(v)) {
                double n = v->valuedouble;
                if (cJSON_GetObjectItemCaseSensitive(obj, "short_message"))  /* GELF: syslog's 0-7 */
                        return n <= 2 ? LEVEL_CRITICAL : n <= 3 ? LEVEL_ERROR : 0;
                return n >= 60 ? LEVEL_CRITICAL : n >= 50 ? LEVEL_ERROR : 0;  /* pino, bunyan: 50 error, 60 fatal */
        }
        const cJSON *no = cJSON_GetObjectItemCaseSensitive(obj, "levelno");  /* Python: 40 ERROR, 50 CRITICAL */
        if (cJSON_IsNumber(no))
                return no->valuedouble >= 50 ? LEVEL_CRITICAL : no->valuedouble >= 40 ? LEVEL_ERROR : 0;
        const cJSON *object = cJSON_GetObjectItemCaseSensitive(obj, "object");  /* an OpenAI-style error body */
        if (cJSON_IsString(object) && strcmp(object->valuestring, "error") == 0)
                return LEVEL_ERROR;
        return 0;
}

/* Whether a time text says its zone ("Z", "+02:00", "-0500"): one without
 * is the writer's local time, which this stage cannot know; it is left out. */
static bool names_zone(const char *s)
{
        size_t n = strlen(s);
        if (n && (s[n - 1] == 'Z' || s[n - 1] == 'z'))
                return true;
        for (size_t k = n; k-- > 10;)
                if (s[k] == '+' || (s[k] == '-' && k > 10 && memchr(s, 'T', k)))
                        return isdigit((unsigned char)s[k + 1]) && strspn(s + k + 1, "0123456789:") == n - k - 1;
                else if (!isdigit((unsigned char)s[k]) && s[k] != ':')
                        return false;
        return false;
}

static void json_time(const cJSON *obj, struct logical *out)
{
        const cJSON *v = first_item(obj, time_keys);
        if (cJSON_IsString(v) && names_zone(v->valuestring)) {
                out->has_time = decode_rfc3339(v->valuestring, strlen(v->valuestring), &out->time_usec);
        } else if (cJSON_IsNumber(v) && v->valuedouble > 0) {
                /* seconds, milliseconds (pino), microseconds or nanoseconds since the epoch */
                double t = v->valuedouble;
                double usec = t > 1e17 ? t / 1e3 : t > 1e14 ? t : t > 1e11 ? t * 1e3 : t * 1e6;
                out->time_usec = (int64_t)usec;
                out->has_time = true;
        }
}

/* An error object ({"type": "ValueError", "message": ...}, bunyan's
 * {"name": "Error", "message": ..., "stack": ...}, ECS's error.*): its
 * stack when that names the error itself (Node's "Error: msg\n    at ..."),
 * else "type: message" and the stack after it. */
static void append_error_object(const cJSON *e, struct strbuf *out)
{
        const char *type = first_string(e, (const char *const[]){ "type", "kind", "name", NULL });
        const char *message = first_string(e, (const char *const[]){ "message", "msg", NULL });
        const char *stack = first_string(e, (const char *const[]){ "stack_trace", "stacktrace", "stack", NULL });
        if (stack && message && strstr(stack, message)) {
                sb_puts(out, stack);
                return;
        }
        if (type && message && !strchr(type, ' '))
                sb_printf(out, "%s: %s", type, message);
        else if (message)
                sb_puts(out, message);
        if (stack)
                sb_printf(out, "%s%s", out->len ? "\n" : "", stack);
}

static void application_json(const cJSON *obj, const char *line, size_t len, struct strbuf *message,
                             struct logical *out)
{
        message->len = 0;
        const char *msg = first_string(obj, message_keys);
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(obj, "type");
        size_t type_len = cJSON_IsString(type) ? strlen(type->valuestring) : 0;
        if (msg && type_len > 5 && !strchr(type->valuestring, ' ') &&
            (strstr(type->valuestring, "Error") || strstr(type->valuestring, "Exception")))
                sb_printf(message, "%s: ", type->valuestring);  /* an error body: read as its exception */
        if (msg)
                sb_puts(message, msg);
        const cJSON *detail = first_item(obj, detail_keys);
        struct strbuf d = { 0 };
        if (cJSON_IsString(detail))
                sb_puts(&d, detail->valuestring);
        else if (cJSON_IsObject(detail))
                append_error_object(detail, &d);
        if (d.len && !(msg && strstr(msg, d.data)))
                sb_printf(message, "%s%s", !message->len ? "" : strchr(d.data, '\n') ? "\n" : ": ", d.data);
        sb_free(&d);
        if (!message->len)
                sb_append(message, line, len);  /* no name known: the record whole */
        out->whole = true;
        out->level = json_level(obj);
        /* An error object, or an error text that is the whole record (an
         * HTTP API's error body: TGI's and Ollama's {"error": "..."}), is an
         * error whatever level, if any, the writer gave. */
        if (!out->level && (cJSON_IsObject(detail) || (cJSON_IsString(detail) && !msg)))
                out->level = LEVEL_ERROR;
        json_time(obj, out);
        const char *host = first_string(obj, host_keys), *ident = first_string(obj, ident_keys);
        if (host)
                copy_small(out->host, sizeof out->host, host, strlen(host));
        if (ident)
                copy_small(out->ident, sizeof out->ident, ident, strlen(ident));
        const cJSON *pid = cJSON_GetObjectItemCaseSensitive(obj, "pid");
        if (cJSON_IsNumber(pid))
                out->pid = (long)pid->valuedouble;
}

int structured_json(struct structured_state *st, const char *line, size_t len, struct logical *out)
{
        if (len && (unsigned char)line[0] == 0x1e) {  /* json-seq record separator */
                line++;
                len--;
        }
        if (!len || line[0] != '{')
                return -1;
        cJSON *obj = cJSON_ParseWithLength(line, len);
        if (!obj && memmem(line, len, "\\u", 2)) {
                struct strbuf fixed = { 0 };
                repair_surrogates(line, len, &fixed);
                obj = fixed.data ? cJSON_ParseWithLength(fixed.data, fixed.len) : NULL;
                sb_free(&fixed);
        }
        if (!cJSON_IsObject(obj)) {
                cJSON_Delete(obj);
                return -1;
        }
        struct strbuf tmp = { 0 };
        memset(out, 0, sizeof *out);
        int produced = 0;
        const cJSON *msg = cJSON_GetObjectItemCaseSensitive(obj, "MESSAGE");
        const cJSON *log = cJSON_GetObjectItemCaseSensitive(obj, "log");
        if (msg && field_text(msg, &tmp)) {
                /* journalctl -o json / json-seq */
                st->message.len = 0;
                sb_append(&st->message, tmp.data, tmp.len);
                take_field(obj, "_HOSTNAME", out->host, sizeof out->host, &tmp);
                take_field(obj, "SYSLOG_IDENTIFIER", out->ident, sizeof out->ident, &tmp);
                if (!out->ident[0])
                        take_field(obj, "_COMM", out->ident, sizeof out->ident, &tmp);
                take_field(obj, "_SYSTEMD_UNIT", out->unit, sizeof out->unit, &tmp);
                if (!out->unit[0])
                        take_field(obj, "UNIT", out->unit, sizeof out->unit, &tmp);
                take_field(obj, "_SYSTEMD_INVOCATION_ID", out->invocation, sizeof out->invocation, &tmp);
                if (!out->invocation[0])
                        take_field(obj, "INVOCATION_ID", out->invocation, sizeof out->invocation, &tmp);
                char num[32] = "";
                take_field(obj, "_PID", num, sizeof num, &tmp);
                out->pid = atol(num);
                num[0] = '\0';
                take_field(obj, "__REALTIME_TIMESTAMP", num, sizeof num, &tmp);
                if (num[0]) {
                        out->time_usec = atoll(num);
                        out->has_time = true;
                }
                produced = 1;
        } else if (cJSON_IsString(log)) {
                /* docker json-file: a piece without its final '\n' continues;
                 * the message is as old as its first piece */
                size_t n = strlen(log->valuestring);
                bool ends = n && log->valuestring[n - 1] == '\n';
                const cJSON *time = cJSON_GetObjectItemCaseSensitive(obj, "time");
                if (!st->pending.len)
                        st->pending_has_time = cJSON_IsString(time) &&
                                               decode_rfc3339(time->valuestring, strlen(time->valuestring), &st->pending_usec);
                size_t piece = ends ? n - 1 : n;  /* a message is cut at LIMIT_LINE_BYTES, as a line is */
                if (st->pending.len < LIMIT_LINE_BYTES)
                        sb_append(&st->pending, log->valuestring,
                                  piece < LIMIT_LINE_BYTES - st->pending.len ? piece : LIMIT_LINE_BYTES - st->pending.len);
                if (ends) {
                        st->message.len = 0;
                        sb_append(&st->message, st->pending.data ? st->pending.data : "", st->pending.len);
                        st->pending.len = 0;
                        take_field(obj, "stream", out->ident, sizeof out->ident, &tmp);
                        out->time_usec = st->pending_usec;
                        out->has_time = st->pending_has_time;
                        produced = 1;
                }
        } else if (!cJSON_GetObjectItemCaseSensitive(obj, "__CURSOR")) {
                application_json(obj, line, len, &st->message, out);
                produced = 1;
        }
        sb_free(&tmp);
        cJSON_Delete(obj);
        if (produced) {
                if (!st->message.data)
                        sb_puts(&st->message, "");
                out->msg = st->message.data;
                out->msg_len = st->message.len;
                if (out->msg_len > LIMIT_LINE_BYTES)
                        out->msg_len = LIMIT_LINE_BYTES;
        }
        return produced;
}

bool structured_is_cri(const char *s, size_t n)
{
        /* 2026-11-29T21:40:13.123456789Z stderr F text */
        if (n < 33 || !isdigit((unsigned char)s[0]) || s[4] != '-' || s[10] != 'T')
                return false;
        const char *sp = memchr(s, ' ', n < 40 ? n : 40);
        if (!sp || (size_t)(sp - s) + 10 > n)
                return false;
        const char *rest = sp + 1;
        size_t left = n - (size_t)(rest - s);
        return (left >= 9 && (memcmp(rest, "stdout ", 7) == 0 || memcmp(rest, "stderr ", 7) == 0) &&
                (rest[7] == 'P' || rest[7] == 'F') && (rest[8] == ' ' || left == 8));
}

int structured_cri(struct structured_state *st, const char *s, size_t n, struct logical *out)
{
        const char *sp = memchr(s, ' ', n);
        const char *rest = sp + 1;
        size_t left = n - (size_t)(rest - s);
        bool partial = rest[7] == 'P';
        const char *text = rest + (left > 8 ? 9 : 8);
        size_t tlen = n - (size_t)(text - s);
        memset(out, 0, sizeof *out);
        if (!st->pending.len)
                st->pending_has_time = decode_rfc3339(s, (size_t)(sp - s), &st->pending_usec);
        if (st->pending.len + tlen <= LIMIT_LINE_BYTES)
                sb_append(&st->pending, text, tlen);
        if (partial)
                return 0;
        st->message.len = 0;
        sb_append(&st->message, st->pending.data ? st->pending.data : "", st->pending.len);
        if (!st->message.data)
                sb_puts(&st->message, "");
        st->pending.len = 0;
        copy_small(out->ident, sizeof out->ident, rest, 6);
        out->time_usec = st->pending_usec;
        out->has_time = st->pending_has_time;
        out->msg = st->message.data;
        out->msg_len = st->message.len;
        return 1;
}

/* ---- journalctl -o export ---- */

bool structured_is_export_start(const char *s, size_t n)
{
        return (n > 9 && memcmp(s, "__CURSOR=", 9) == 0) || (n > 21 && memcmp(s, "__REALTIME_TIMESTAMP=", 21) == 0);
}

static void export_field(struct structured_state *st, const char *name, size_t nl, const char *v, size_t vl)
{
#define IS(f) (nl == sizeof f - 1 && memcmp(name, f, nl) == 0)
        struct logical *e = &st->entry;
        if (IS("MESSAGE")) {
                st->message.len = 0;
                sb_append(&st->message, v, vl < LIMIT_LINE_BYTES ? vl : LIMIT_LINE_BYTES);
                st->have_message = true;
        } else if (IS("_HOSTNAME")) {
                copy_small(e->host, sizeof e->host, v, vl);
        } else if (IS("SYSLOG_IDENTIFIER") || (IS("_COMM") && !e->ident[0])) {
                copy_small(e->ident, sizeof e->ident, v, vl);
        } else if (IS("_SYSTEMD_UNIT") || (IS("UNIT") && !e->unit[0])) {
                copy_small(e->unit, sizeof e->unit, v, vl);
        } else if (IS("_SYSTEMD_INVOCATION_ID") || (IS("INVOCATION_ID") && !e->invocation[0])) {
                copy_small(e->invocation, sizeof e->invocation, v, vl);
        } else if (IS("_PID")) {
                char num[24];
                copy_small(num, sizeof num, v, vl);
                e->pid = atol(num);
        } else if (IS("__REALTIME_TIMESTAMP")) {
                char num[24];
                copy_small(num, sizeof num, v, vl);
                e->time_usec = atoll(num);
                e->has_time = true;
        }
#undef IS
}

static int export_line(struct structured_state *st, const char *s, size_t n, struct logical *out)
{
        if (st->binary_left) {
                /* A binary field's data, split by the line reader at '\n'. */
                size_t take = n < st->binary_left ? n : st->binary_left;
                sb_append(&st->pending, s, take);
                st->binary_left -= take;
                if (st->binary_left) {
                        sb_putc(&st->pending, '\n');
                        st->binary_left--;
                }
                if (!st->binary_left) {
                        export_field(st, st->binary_name, strlen(st->binary_name), st->pending.data ? st->pending.data : "",
                                     st->pending.len);
                        st->pending.len = 0;
                }
                return 0;
        }
        if (n == 0) {
                /* End of the entry. */
                int produced = 0;
                if (st->have_message) {
                        *out = st->entry;
                        if (!st->message.data)
                                sb_puts(&st->message, "");
                        out->msg = st->message.data;
                        out->msg_len = st->message.len;
                        produced = 1;
                }
                memset(&st->entry, 0, sizeof st->entry);
                st->have_message = false;
                return produced;
        }
        const char *eq = memchr(s, '=', n);
        if (eq) {
                export_field(st, s, (size_t)(eq - s), eq + 1, n - (size_t)(eq - s) - 1);
                return 0;
        }
        /* "FIELD" alone: 8 bytes of little-endian length, the data, '\n'. The
         * length bytes are on this line's tail only if they held no '\n';
         * the line reader gave us the name alone, so they start the next. */
        copy_small(st->binary_name, sizeof st->binary_name, s, n);
        st->binary_expect_length = true;
        return 0;
}

/* A line while a binary field's length is expected: 1 when the field's data
 * begins in rest, else 0. */
static int export_binary_length(struct structured_state *st, const char *s, size_t n, const char **rest,
                                size_t *rest_len)
{
        /* The 8 bytes of little-endian length after a bare field name. When
         * they hold 0x0a themselves, the line reader split them too: the
         * pieces are joined with the '\n's it took out. */
        size_t take = n < 8 - st->length_have ? n : 8 - st->length_have;
        memcpy(st->length_bytes + st->length_have, s, take);
        st->length_have += take;
        bool data_here = st->length_have == 8;  /* else the data starts on a later line */
        if (!data_here)
                st->length_bytes[st->length_have++] = '\n';
        if (st->length_have < 8)
                return 0;
        uint64_t len = 0;
        for (int i = 7; i >= 0; i--)
                len = len << 8 | st->length_bytes[i];
        st->binary_expect_length = false;
        st->length_have = 0;
        st->binary_left = len > (1u << 24) ? (1u << 24) : (size_t)len;
        st->pending.len = 0;
        if (!st->binary_left) {
                export_field(st, st->binary_name, strlen(st->binary_name), "", 0);
                return 0;
        }
        *rest = s + take;
        *rest_len = n - take;
        return data_here ? 1 : 0;
}

/* ---- rsyslog: "#012" for '\n' and "#011" for '\t' (octal escapes) ---- */

bool structured_has_rsyslog_escapes(const char *s, size_t n)
{
        return find_text(s, n, "#012", 4) != NULL;
}

void structured_unescape_rsyslog(const char *s, size_t n, struct strbuf *out)
{
        out->len = 0;
        for (size_t i = 0; i < n; i++) {
                if (s[i] == '#' && i + 3 < n && s[i + 1] == '0' && s[i + 2] >= '0' && s[i + 2] <= '3' &&
                    s[i + 3] >= '0' && s[i + 3] <= '7') {
                        char c = (char)((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
                        if (c == '\n' || c == '\t' || c == '\r') {
                                sb_putc(out, c == '\r' ? '\n' : c);
                                i += 3;
                                continue;
                        }
                }
                sb_putc(out, s[i]);
        }
        if (!out->data)
                sb_puts(out, "");
}

int structured_export(struct structured_state *st, const char *line, size_t len, struct logical *out)
{
        if (!st->binary_expect_length)
                return export_line(st, line, len, out);
        const char *rest;
        size_t rest_len;
        return export_binary_length(st, line, len, &rest, &rest_len) ? export_line(st, rest, rest_len, out) : 0;
}
