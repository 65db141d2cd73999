/* match_blame.c — where a traceback was raised, and what that says when no
 * signature knows it.
 *
 * Each frame is the application's own code, an installed library
 * (site-packages, dist-packages, an egg, or a source checkout of a known
 * framework), the standard library, or native code. From the innermost
 * frame, the innermost frame of the application and the frame that called
 * into the raising library, and from what Python's exception type means
 * (knowledge/python.json), blame makes a generic diagnosis: a KeyError
 * raised in train.py is a bug at train.py:98; an ImportError of one
 * installed package inside another is a version mismatch between the two;
 * a module that is not there is a missing dependency.
 */
#include "config.h"
#include "match.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = { "unknown", "application", "library", "standard-library", "native" };

const char *frame_kind_name(enum frame_kind k)
{
        return (unsigned)k < sizeof kind_names / sizeof kind_names[0] ? kind_names[k] : "unknown";
}

/* Is s[0 .. n) one of the sorted names? */
static bool in_sorted(const char *const *names, size_t count, const char *s, size_t n)
{
        size_t lo = 0, hi = count;
        while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                int c = strncmp(names[mid], s, n);
                if (c == 0 && names[mid][n] != '\0')
                        c = 1;  /* longer than s: after it */
                if (c == 0)
                        return true;
                if (c < 0)
                        lo = mid + 1;
                else
                        hi = mid;
        }
        return false;
}

/* Is s[0 .. n) the import name of a known framework (python.json)? */
static bool known_framework(const struct python_knowledge *pk, const char *s, size_t n)
{
        return pk && in_sorted(pk->frameworks, pk->n_frameworks, s, n);
}

/* The path component that starts at s, without ".py". */
static void component(const char *s, char out[64])
{
        size_t n = strcspn(s, "/\\");
        if (n > 3 && memcmp(s + n - 3, ".py", 3) == 0)
                n -= 3;
        if (n >= 64)
                n = 63;
        memcpy(out, s, n);
        out[n] = '\0';
}

/* "/lib/python3.11/" (or python2.7, lib64, Windows "\Lib\"): the standard
 * library's directory, unless site-packages follows. */
static bool stdlib_path(const char *f)
{
        for (const char *p = f; (p = strstr(p, "python")) != NULL; p++) {
                if (p < f + 5 || (memcmp(p - 4, "lib/", 4) != 0 && memcmp(p - 4, "lib\\", 4) != 0))
                        continue;
                const char *q = p + 6;
                if (!isdigit((unsigned char)*q))
                        continue;
                while (isdigit((unsigned char)*q) || *q == '.')
                        q++;
                if (*q == '/' || *q == '\\')
                        return true;
        }
        return strstr(f, "\\Lib\\") != NULL || strstr(f, "/Lib/") != NULL;
}

enum frame_kind blame_classify(const struct python_knowledge *pk, const char *file, char package[64])
{
        static const char *const installs[] = { "site-packages/", "dist-packages/", "site-packages\\",
                                                "dist-packages\\", ".egg/", ".egg\\" };
        package[0] = '\0';
        if (!file || !file[0])
                return FRAME_UNKNOWN;
        if (file[0] == '<')
                return strncmp(file, "<frozen", 7) == 0 ? FRAME_STDLIB
                       : strcmp(file, "<string>") == 0 || strcmp(file, "<stdin>") == 0 ? FRAME_APP
                                                                                        : FRAME_UNKNOWN;
        for (size_t i = 0; i < sizeof installs / sizeof installs[0]; i++) {
                const char *at = strstr(file, installs[i]);
                if (at) {
                        component(at + strlen(installs[i]), package);
                        return FRAME_LIBRARY;
                }
        }
        size_t len = strlen(file);
        if (strstr(file, ".so") || (len > 4 && strcmp(file + len - 4, ".dll") == 0) ||
            (!strstr(file, ".py") && strstr(file, "lib")))
                return FRAME_NATIVE;
        if (stdlib_path(file))
                return FRAME_STDLIB;
        /* A source checkout or editable install of a known framework:
         * ".../sglang/python/sglang/srt/managers/scheduler.py". */
        for (const char *p = file; pk && *p; p++) {
                if (p != file && p[-1] != '/' && p[-1] != '\\')
                        continue;
                size_t n = strcspn(p, "/\\");
                if (p[n] && known_framework(pk, p, n)) {
                        component(p, package);
                        return FRAME_LIBRARY;
                }
        }
        return FRAME_APP;
}

static void blame_frame(const struct python_knowledge *pk, const struct frame *f, struct blame_frame *ret)
{
        ret->f = f;
        ret->kind = blame_classify(pk, f ? f->file : NULL, ret->package);
}

/* The exception to blame: the original cause (first in the chain, a
 * worker's own traceback moved first) that has frames; an ExceptionGroup's
 * leaf that was never raised has none, and is blamed where the group that
 * holds it was raised (*frames). */
static const struct exception *blamed_exception(const struct event *ev, const struct exception **frames)
{
        *frames = NULL;
        if (ev->n_excs && ev->excs[0].group_place && !ev->excs[0].is_group) {
                for (size_t i = 0; i < ev->n_excs && !*frames; i++)
                        if (ev->excs[i].n_frames)
                                *frames = &ev->excs[i];
                return &ev->excs[0];
        }
        for (size_t i = 0; i < ev->n_excs; i++)
                if (ev->excs[i].n_frames && ev->excs[i].type && ev->excs[i].type[0])
                        return *frames = &ev->excs[i];
        return *frames = ev->n_excs ? &ev->excs[0] : NULL;
}

void blame_event(const struct python_knowledge *pk, const struct event *ev, struct blame *ret)
{
        memset(ret, 0, sizeof *ret);
        const struct exception *x;
        ret->exc = blamed_exception(ev, &x);
        if (!x || !x->n_frames)
                return;
        size_t n = x->n_frames;
        blame_frame(pk, &x->frames[n - 1], &ret->raised);
        /* The standard library is only the messenger: blame its caller. */
        size_t at = n - 1;
        while (at > 0 && ret->raised.kind == FRAME_STDLIB)
                blame_frame(pk, &x->frames[--at], &ret->raised);
        for (size_t i = n; i-- > 0;) {
                struct blame_frame b;
                blame_frame(pk, &x->frames[i], &b);
                if (b.kind == FRAME_APP) {
                        ret->app = b;
                        if (i + 1 < n)
                                blame_frame(pk, &x->frames[i + 1], &ret->entered);
                        break;
                }
        }
        /* The caller of the raising package: the frame outside the innermost
         * run of that package's frames (standard library frames skipped). */
        if (ret->raised.kind == FRAME_LIBRARY) {
                ret->raised_depth = 1;
                for (size_t i = at; i-- > 0;) {
                        struct blame_frame b;
                        blame_frame(pk, &x->frames[i], &b);
                        if (b.kind == FRAME_STDLIB)
                                continue;
                        if (b.kind == FRAME_LIBRARY && strcmp(b.package, ret->raised.package) == 0) {
                                ret->raised_depth++;
                                continue;
                        }
                        ret->caller = b;
                        break;
                }
        }
}

/* ---- the generic verdict ---- */

/* A package name safe to put in a shell command. */
static bool plain_name(const char *s)
{
        return s && s[0] && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") == strlen(s) &&
               s[0] != '-';
}

/* The pip distribution of an import name: "sklearn" -> "scikit-learn". */
static void distribution(const struct python_knowledge *pk, const char *import, char out[64])
{
        const char *d = pk ? cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(pk->packages, import)) : NULL;
        snprintf(out, 64, "%s", d ? d : import);
        if (!d)
                for (char *c = out; *c; c++)
                        if (*c == '_')
                                *c = '-';
}

/* "name ('quoted')": the first quoted word of s after prefix, if any. */
static bool quoted_after(const char *s, const char *prefix, char out[128])
{
        const char *p = s ? strstr(s, prefix) : NULL;
        if (!p)
                return false;
        p += strlen(prefix);
        const char *q = strchr(p, '\'');
        if (!q || q == p)
                return false;
        size_t n = (size_t)(q - p) < 127 ? (size_t)(q - p) : 127;
        memcpy(out, p, n);
        out[n] = '\0';
        return true;
}

static void top_package(const char *module, char out[64])
{
        size_t n = strcspn(module, ".");
        if (n >= 64)
                n = 63;
        memcpy(out, module, n);
        out[n] = '\0';
}

/* "func (file:line)" for a frame, the file shortened to its last two parts. */
static void where(struct strbuf *sb, const struct frame *f)
{
        const char *file = f->file ? f->file : "?";
        const char *cut = file + strlen(file);
        int parts = 0;
        while (cut > file && parts < 2)
                if (*--cut == '/' || *cut == '\\')
                        parts++;
        if (parts == 2)
                cut++;
        sb_append_display(sb, f->function ? f->function : "?", f->function ? strlen(f->function) : 1, 80);
        sb_puts(sb, " (");
        sb_append_display(sb, cut, strlen(cut), 120);
        sb_printf(sb, ":%d)", f->line);
}

static void first_message_line(struct strbuf *sb, const struct exception *x, size_t max)
{
        const char *m = x->message ? x->message : "";
        size_t n = strcspn(m, "\n");
        sb_append_display(sb, m, n, max);
}

/* "KeyError: 'input_ids'" */
static void exception_words(struct strbuf *sb, const struct exception *x)
{
        sb_append_display(sb, x->type, strlen(x->type), 120);
        if (x->message && x->message[0]) {
                sb_puts(sb, ": ");
                first_message_line(sb, x, 120);
                if (sb->len && sb->data[sb->len - 1] == ':')
                        sb->data[--sb->len] = '\0';  /* "... the following error:" + ": what" */
        }
}

static void add_fix(struct match_result *m, struct strbuf *sb)
{
        char **p = realloc(m->fixes, (m->n_fixes + 1) * sizeof *p);
        char *text = sb_take(sb);
        if (p)
                m->fixes = p;
        if (!p || !text) {  /* out of memory: the fix is left out */
                free(text);
                return;
        }
        m->fixes = p;
        m->fixes[m->n_fixes++] = text;
}

/* The class's own fixes, each a fix; the first continues what sb holds. */
static void add_class_fixes(struct match_result *m, const struct message_class *mc, struct strbuf *sb)
{
        const cJSON *fix;
        cJSON_ArrayForEach(fix, mc->fixes) {
                sb_puts(sb, cJSON_GetStringValue(fix));
                add_fix(m, sb);
        }
}

/* The first class from i on that is among the candidates
 * (db_class_candidates; NULL: all are), or n: a line names few classes,
 * so the loops step from one candidate to the next instead of asking of
 * each of the hundred-odd classes. */
static size_t next_candidate(const uint64_t *candidates, size_t i, size_t n)
{
        if (!candidates)
                return i;
        while (i < n) {
                uint64_t rest = candidates[i / 64] >> (i % 64);
                if (rest)
                        return i + (size_t)__builtin_ctzll(rest);
                i = (i / 64 + 1) * 64;
        }
        return n;
}

/* Which classes first_class may answer with: every class (an exception's
 * message), those that name a category, or those read in warning lines
 * (in_warnings). */
enum class_choice { ANY_CLASS, NAMED_CLASSES, WARNING_CLASSES };

/* The first class whose words text holds (-1: none). */
static long first_class(const coroner_db *db, pcre2_match_data *md, const char *text, enum class_choice choice)
{
        const struct python_knowledge *pk = db->python;
        size_t len = strlen(text);
        uint64_t *maybe = db_class_candidates(db, text, len);
        long found = -1;
        size_t n = pk ? pk->n_classes : 0;
        for (size_t i = next_candidate(maybe, 0, n); i < n && found < 0; i = next_candidate(maybe, i + 1, n)) {
                const struct message_class *mc = &pk->classes[i];
                if ((choice == NAMED_CLASSES && !mc->category) || (choice == WARNING_CLASSES && !mc->in_warnings))
                        continue;
                if (pattern_search(db, &mc->pattern, text, len, md))
                        found = (long)i;
        }
        free(maybe);
        return found;
}

/* s with each line break and the blanks around it as one space: a message
 * that its program wrapped ("is not\n    divisible by") reads as one
 * sentence. NULL when s has no line break (or no memory). */
static char *unwrapped(const char *s)
{
        if (!strchr(s, '\n'))
                return NULL;
        char *out = malloc(strlen(s) + 1);
        size_t n = 0;
        for (const char *p = s; out && *p; p++) {
                if (*p != '\n') {
                        out[n++] = *p;
                        continue;
                }
                while (n && (out[n - 1] == ' ' || out[n - 1] == '\t' || out[n - 1] == '\r'))
                        n--;
                while (p[1] == ' ' || p[1] == '\t')
                        p++;
                out[n++] = ' ';
        }
        if (out)
                out[n] = '\0';
        return out;
}

/* The first message class whose pattern s holds. */
static const struct message_class *class_in_text(const coroner_db *db, const char *s, pcre2_match_data *md)
{
        const struct python_knowledge *pk = db->python;
        char *joined = unwrapped(s);
        if (joined)
                s = joined;
        long i = first_class(db, md, s, ANY_CLASS);
        free(joined);
        return i < 0 ? NULL : &pk->classes[i];
}

/* The source line of a failed assert statement: Python prints it as the
 * raising frame's code ("assert world_size <= torch.cuda.device_count(),
 * ..."), and its condition often says more than its message. */
static const char *failed_assert(const struct exception *x)
{
        if (!x->type || !x->n_frames || strcmp(x->type, "AssertionError") != 0)
                return NULL;
        const char *code = x->frames[x->n_frames - 1].code;
        return code && strncmp(code, "assert ", 7) == 0 ? code : NULL;
}

/* What names the class that message_class_of found in x. */
static const char *named_by(const struct exception *x)
{
        return x && failed_assert(x) ? "failed assertion" : "message";
}

/* The class of x's message, else of the condition of the assert that
 * raised it. */
static const struct message_class *message_class_of(const coroner_db *db, const struct exception *x,
                                                    pcre2_match_data *md)
{
        const struct message_class *found = class_in_text(db, x->message ? x->message : "", md);
        const char *condition = found ? NULL : failed_assert(x);
        return condition ? class_in_text(db, condition, md) : found;
}

static void set_verdict(struct match_result *m, const char *id, const char *category, coroner_severity severity,
                        bool symptom, int specificity)
{
        snprintf(m->generic_id, sizeof m->generic_id, "%s", id);
        m->category = category;
        m->severity = severity;
        m->symptom = symptom;
        m->specificity = specificity;
}

/* The reading blame did not choose, when the frames cannot rule it out. */
static void set_alternative(struct match_result *m, const char *category, struct strbuf *cause, struct strbuf *check)
{
        m->alt_category = category;
        m->alt_cause = sb_take(cause);
        m->alt_check = sb_take(check);
}

/* A table's own other reading ("alternative" of a message class or an
 * exception type), if it names one. */
static void offer_table_alternative(struct match_result *m, const struct alternative *alt)
{
        if (!alt->category)
                return;
        struct strbuf why = { 0 }, how = { 0 };
        sb_puts(&why, alt->cause);
        sb_puts(&how, alt->check);
        set_alternative(m, alt->category, &why, &how);
}

/* Where it happened, for the title: the application's frame if it has
 * one, else the raising library. */
static void blame_place(struct strbuf *sb, const struct blame *b)
{
        if (b->app.f && b->raised.kind == FRAME_LIBRARY && b->raised.package[0]) {
                sb_printf(sb, " in %s, called from ", b->raised.package);
                where(sb, b->app.f);
        } else if (b->app.f) {
                sb_puts(sb, " in ");
                where(sb, b->app.f);
        } else if (b->raised.f) {
                sb_puts(sb, " in ");
                if (b->raised.package[0])
                        sb_printf(sb, "%s, ", b->raised.package);
                where(sb, b->raised.f);
        }
}

/* A generic verdict of blame ("generic.<category>", an error) titled
 * with the exception and where it was raised. */
static void set_generic_verdict(struct match_result *m, const struct blame *b, const char *category)
{
        struct strbuf sb = { 0 };
        char id[64];
        snprintf(id, sizeof id, "generic.%s", category);
        set_verdict(m, id, category, CORONER_SEV_ERROR, false, 20);
        exception_words(&sb, b->exc);
        blame_place(&sb, b);
        m->title = sb_take(&sb);
}

static void verdict_application_bug(struct match_result *m, const struct blame *b, const struct exception_type *t,
                                    const struct message_class *mc)
{
        const struct exception *x = b->exc;
        struct strbuf sb = { 0 };
        set_verdict(m, "generic.application-bug", "application-bug", CORONER_SEV_ERROR, false, 20);
        exception_words(&sb, x);
        if (mc && (!t || strcmp(t->blame, "runtime") == 0))  /* "IndexError" says it already */
                sb_printf(&sb, " (%s)", mc->what);
        blame_place(&sb, b);
        m->title = sb_take(&sb);
        bool own_fixes = mc && cJSON_GetArraySize(mc->fixes) > 0;
        if (own_fixes)
                sb_printf(&sb, "The %s names %s. ", named_by(x), mc->what);
        else if (mc)
                sb_printf(&sb, "The %s names %s: the tensors or values the code combines do not fit. ", named_by(x),
                          mc->what);
        else if (t)
                sb_printf(&sb, "%s ", t->meaning);
        if (b->app.f) {
                sb_puts(&sb, "It was raised ");
                if (b->raised.kind == FRAME_LIBRARY && b->raised.package[0])
                        sb_printf(&sb, "inside %s, from the application's call in ", b->raised.package);
                else
                        sb_puts(&sb, "in the application's own code, in ");
                where(&sb, b->app.f);
                sb_puts(&sb, ".");
        } else if (b->raised.f) {
                sb_puts(&sb, "It was raised in ");
                if (b->raised.package[0])
                        sb_printf(&sb, "%s, ", b->raised.package);
                where(&sb, b->raised.f);
                sb_puts(&sb, "; no frame of the application's own code is in the traceback.");
        }
        m->summary = sb_take(&sb);
        if (b->app.f) {
                sb_puts(&sb, "Open ");
                sb_append_display(&sb, b->app.f->file, strlen(b->app.f->file), 200);
                sb_printf(&sb, " at line %d", b->app.f->line);
                if (b->app.f->function)
                        sb_printf(&sb, " (%s)", b->app.f->function);
                sb_puts(&sb, ". ");
        } else if (b->raised.package[0]) {
                sb_printf(&sb, "The failure is inside %s, with no application frame: look for a bug report of %s's installed version with this message, or for the input or setting it did not accept. ",
                          b->raised.package, b->raised.package);
        }
        if (own_fixes) {
                if (sb.len)
                        sb_puts(&sb, "Then: ");
                add_class_fixes(m, mc, &sb);
        } else {
                sb_puts(&sb, mc ? "print the shapes, dtypes and devices of the tensors used on that line, and make them agree."
                                : t ? t->fix : "read the exception and the frames above it.");
                add_fix(m, &sb);
        }
        if (b->app.f && b->raised.kind == FRAME_LIBRARY && plain_name(b->raised.package)) {
                sb_printf(&sb, "pip show %s", b->raised.package);
                add_fix(m, &sb);
        }
        /* A ValueError is a value of the right type the library does not
         * accept: most often one the user configured (an argument, a
         * setting, a name), whether the application's frames are shown or
         * not (a server started from its command line, `vllm serve`, has
         * none; an excerpt may keep only the last frame). */
        bool in_library = b->raised.kind == FRAME_LIBRARY && b->raised.package[0];
        const char *raised_in = b->raised.f && b->raised.f->function ? b->raised.f->function : "";
        if (x->type && strcmp(x->type, "AssertionError") == 0 &&
            (strcmp(raised_in, "__init__") == 0 || strcmp(raised_in, "__post_init__") == 0)) {
                /* An assert in a constructor checks the values it was
                 * built with (a width that the head size divides, a rank
                 * within the world size): a setting first, a bug second. */
                struct strbuf check = { 0 };
                set_verdict(m, "generic.invalid-configuration", "invalid-configuration", CORONER_SEV_ERROR, false, 20);
                sb_puts(&sb, "The constructor's own check is wrong: the values passed to it are valid and the "
                             "assertion does not hold for them");
                sb_puts(&check, "Read the assertion at ");
                where(&check, b->raised.f);
                sb_puts(&check, ": it names the arguments (or values derived from them) that must agree");
                set_alternative(m, "application-bug", &sb, &check);
        } else if (x->type && strcmp(x->type, "ValueError") == 0 && !b->raised.f) {
                /* With no frame at all, the line is a server's or a tool's
                 * refusal of what it was given (a dtype for a quantization
                 * method, a tensor-parallel size, an adapter's modules): a
                 * setting first, a bug in code nobody can see second. */
                struct strbuf check = { 0 };
                set_verdict(m, "generic.invalid-configuration", "invalid-configuration", CORONER_SEV_ERROR, false, 20);
                sb_puts(&sb, "The code that raised it has a bug: it passes a value that is not valid where the "
                             "message says (the log has no traceback to show where)");
                sb_puts(&check, "Find the full traceback of this ValueError in the program's output");
                set_alternative(m, "application-bug", &sb, &check);
        } else if (x->type && strcmp(x->type, "ValueError") == 0 && in_library) {
                struct strbuf check = { 0 };
                sb_printf(&sb, "A setting or argument the application passes to %s is not one it accepts (a name, a "
                               "size, a mode that this model or release does not have)",
                          b->raised.package);
                sb_puts(&check, "Read the message for the value it rejected, and find where the application's "
                                "configuration sets it");
                set_alternative(m, "invalid-configuration", &sb, &check);
        } else if (b->raised.kind == FRAME_LIBRARY && plain_name(b->raised.package)) {
                /* Code that a library rejects was often right for another
                 * release of it: an interface or a default changed under the code. */
                struct strbuf check = { 0 };
                char dist[64];
                distribution(NULL, b->raised.package, dist);
                sb_printf(&sb, "The code fits another release of %s: an interface, a default or a behaviour changed "
                               "between the release it was written for and the installed one", b->raised.package);
                sb_printf(&check, "pip show %s (compare with the version the code or its requirements name)", dist);
                set_alternative(m, "library-version-mismatch", &sb, &check);
        } else if (mc) {
                offer_table_alternative(m, &mc->alt);
        }
}

static void verdict_version_mismatch(struct match_result *m, const struct blame *b, const char *user, const char *used,
                                     const char *detail)
{
        struct strbuf sb = { 0 };
        char dist_user[64], dist_used[64];
        set_verdict(m, "generic.library-version-mismatch", "library-version-mismatch", CORONER_SEV_ERROR, false, 22);
        exception_words(&sb, b->exc);
        sb_printf(&sb, ": %s and %s do not fit", user, used);
        m->title = sb_take(&sb);
        /* used: a package ("torch") or what stands for one ("the package
         * that defines MatmulLtState") */
        sb_printf(&sb, "%s uses %s that %s%s does not have: the two packages' installed versions do not fit each other.",
                  user, detail ? detail : "an interface", plain_name(used) ? "the installed " : "", used);
        if (b->raised.f) {
                sb_puts(&sb, " Raised in ");
                where(&sb, b->raised.f);
                sb_puts(&sb, ".");
        }
        m->summary = sb_take(&sb);
        /* user a phrase ("the application"), not a package's own name
         * ("torch"): it starts a sentence */
        if (m->summary && strncmp(user, "the ", 4) == 0)
                m->summary[0] = 'T';
        distribution(NULL, user, dist_user);
        distribution(NULL, used, dist_used);
        if (plain_name(dist_user) && plain_name(dist_used)) {
                sb_printf(&sb, "pip show %s %s", dist_user, dist_used);
                add_fix(m, &sb);
        }
        if (plain_name(used))
                sb_printf(&sb, "Install versions that fit: the %s version that %s's release requires (its requirements or changelog), or the %s release made for the installed %s.",
                          used, user, user, used);
        else
                sb_printf(&sb, "Install versions that fit: find %s (pip list; the traceback's frames and imports name it) and install the version that %s's release requires (its requirements or changelog).",
                          used, user);
        add_fix(m, &sb);
        /* The application's own code naming what no release has is a bug of its own. */
        if (b->app.f && b->raised.f == b->app.f) {
                struct strbuf check = { 0 };
                sb_puts(&sb, "A mistake in the application's own code: a misspelt or wrong name, or an object of "
                             "another type than the code expects");
                sb_puts(&check, "Open ");
                sb_append_display(&check, b->app.f->file, strlen(b->app.f->file), 200);
                sb_printf(&check, " at line %d and check the name against the installed package's documentation",
                          b->app.f->line);
                set_alternative(m, "application-bug", &sb, &check);
        } else if (!b->raised.f) {
                /* an exception line without frames: nothing says whose code it was */
                struct strbuf check = { 0 };
                sb_puts(&sb, "A mistake in the code that made the call: a misspelt or wrong name, or an object of "
                             "another type than the code expects");
                sb_puts(&check, "Find the line that uses the name (the traceback, or grep -rn in the application's "
                                "code) and check it against the installed package's documentation");
                set_alternative(m, "application-bug", &sb, &check);
        }
}

static void verdict_missing_module(struct match_result *m, const coroner_db *db, const struct blame *b, const char *module)
{
        struct strbuf sb = { 0 };
        char top[64], dist[64];
        top_package(module, top);
        distribution(db->python, top, dist);
        set_verdict(m, "generic.missing-dependency", "missing-dependency", CORONER_SEV_ERROR, false, 22);
        exception_words(&sb, b->exc);
        sb_printf(&sb, ": %s is not installed", dist);
        m->title = sb_take(&sb);
        sb_printf(&sb, "The Python module %s is not installed in the environment the program runs in", top);
        if (b->raised.package[0] && strcmp(b->raised.package, top) != 0)
                sb_printf(&sb, " (%s imports it)", b->raised.package);
        else if (b->app.f) {
                sb_puts(&sb, " (imported in ");
                where(&sb, b->app.f);
                sb_puts(&sb, ")");
        }
        sb_puts(&sb, ".");
        m->summary = sb_take(&sb);
        if (plain_name(dist)) {
                sb_printf(&sb, "pip install %s", dist);
                add_fix(m, &sb);
        }
        sb_puts(&sb, "If it is installed, the service runs another Python: compare python -c 'import sys; print(sys.executable)' with the environment you installed into.");
        add_fix(m, &sb);
}

/* "module 'a.b' has no attribute 'y'" raised by a's own code naming y in
 * its source line: the package disagrees with itself. Not when a's
 * module-level __getattr__ raised it (numpy, torch: the caller asked for
 * a removed name) or the name was looked up by getattr() (transformers'
 * auto classes: the name comes from a model's config). */
static bool own_attribute(const struct blame *b, const char *top, const char *name)
{
        const struct frame *f = b->raised.f;
        if (!f || b->raised.kind != FRAME_LIBRARY || strcmp(b->raised.package, top) != 0 || !f->code ||
            (f->function && strcmp(f->function, "__getattr__") == 0) || strstr(f->code, "getattr("))
                return false;
        const char *at = strstr(f->code, name);
        size_t n = strlen(name);
        return at && at > f->code && at[-1] == '.' && !(isalnum((unsigned char)at[n]) || at[n] == '_');
}

static void verdict_own_attribute(struct match_result *m, const struct blame *b, const char *top, const char *module,
                                  const char *name)
{
        struct strbuf sb = { 0 }, check = { 0 };
        bool shell_safe = plain_name(top);  /* may go into the commands below */
        set_verdict(m, "generic.application-bug", "application-bug", CORONER_SEV_ERROR, false, 20);
        exception_words(&sb, b->exc);
        sb_printf(&sb, ": a bug inside %s (its own module lacks the name)", top);
        m->title = sb_take(&sb);
        sb_printf(&sb, "%s's code in ", top);
        where(&sb, b->raised.f);
        sb_printf(&sb, " uses %s.%s, which its own module does not define: a bug in %s (a code path that passes it "
                       "the wrong object, or one its tests do not reach), or an argument from the caller that is not "
                       "the object %s expects.",
                  module, name, top, top);
        m->summary = sb_take(&sb);
        if (shell_safe) {
                sb_printf(&sb, "pip show %s", top);
                add_fix(m, &sb);
        }
        sb_printf(&sb, "Search %s's issue tracker for the message; update to a release that fixes it, or avoid the "
                       "option or code path that reaches ",
                  top);
        where(&sb, b->raised.f);
        sb_puts(&sb, ".");
        add_fix(m, &sb);
        sb_printf(&sb, "Files of two %s releases mixed in one installation (an upgrade over an older one)", top);
        if (shell_safe)
                sb_printf(&check, "pip install --force-reinstall --no-deps %s==$(pip show %s | sed -n 's/^Version: //p')",
                          top, top);
        else
                sb_puts(&check, "Reinstall the package in full, at the version installed");
        set_alternative(m, "library-version-mismatch", &sb, &check);
}

/* A message "No module named 'a.b'", "cannot import name 'X' from 'a.b'",
 * "module 'a' has no attribute 'y'": the verdict of an import. */
static bool import_verdict(struct match_result *m, const coroner_db *db, const struct blame *b)
{
        const struct exception *x = b->exc;
        char module[128], name[128], top[64];
        const char *user = b->raised.kind == FRAME_LIBRARY && b->raised.package[0] ? b->raised.package
                         : b->caller.kind == FRAME_LIBRARY ? b->caller.package : "the application";
        /* transformers' lazy modules: "Failed to import transformers.x
         * because of the following error (look up to see its traceback):
         * <the error>" (transformers/utils/import_utils.py, _get_module) */
        const char *failed = strstr(x->message, "Failed to import ");
        char lazy[128], importer[64] = "";  /* the module it imported, its package */
        if (failed) {
                size_t k = strcspn(failed + 17, " \n");
                snprintf(lazy, sizeof lazy, "%.*s", (int)(k < 127 ? k : 127), failed + 17);
                top_package(lazy, importer);
                if (!strcmp(user, "the application"))
                        user = importer;
        }
        if (quoted_after(x->message, "No module named '", module)) {
                top_package(module, top);
                /* A missing submodule of a package that imports fine: the
                 * package is installed, in a version without that module.
                 * Python names the first part that is missing, so "a.b"
                 * says that a imported. It is another package's submodule
                 * when another library asked for it, or when the
                 * application did and a is a known framework, or b is
                 * private ("torch._six", removed in torch 2.0): never the
                 * application's own package, which the layout of its tree
                 * may have left out. Inside a itself it is a broken install. */
                bool from_outside = strcmp(b->raised.package, top) != 0;
                bool known_package = known_framework(db->python, top, strlen(top)) || strstr(module, "._");
                if (strchr(module, '.') && from_outside &&
                    (b->raised.kind == FRAME_LIBRARY || known_package)) {
                        char detail[300];
                        snprintf(detail, sizeof detail, "the module %s", module);
                        verdict_version_mismatch(m, b, user, top, detail);
                } else {
                        verdict_missing_module(m, db, b, module);
                }
                return true;
        }
        if (quoted_after(x->message, "cannot import name '", name) && quoted_after(x->message, "' from '", module)) {
                char detail[300];
                top_package(module, top);
                snprintf(detail, sizeof detail, "the name %s from %s", name, module);
                verdict_version_mismatch(m, b, user, top, detail);
                return true;
        }
        if (quoted_after(x->message, "module '", module) && quoted_after(x->message, "' has no attribute '", name) &&
            !strstr(x->message, "circular import")) {
                char detail[300];
                top_package(module, top);
                if (own_attribute(b, top, name)) {
                        verdict_own_attribute(m, b, top, module, name);
                        return true;
                }
                snprintf(detail, sizeof detail, "the attribute %s.%s", module, name);
                verdict_version_mismatch(m, b, user, top, detail);
                return true;
        }
        /* Any other failure inside a lazy import: importing a module of an
         * installed package failed on something a package it imports lacks. */
        if (failed) {
                char detail[400];
                const char *cause = strrchr(x->message, '\n');
                snprintf(detail, sizeof detail, "an interface (importing %s failed: %.160s)", lazy,
                         cause ? cause + 1 : "see the error above");
                verdict_version_mismatch(m, b, importer, "a package it imports", detail);
                return true;
        }
        return false;
}

/* "type object 'Trainer' has no attribute 'add_argparse_args'" anywhere,
 * or "'MatmulLtState' object has no attribute 'memory_efficient_backward'"
 * raised in the one frame of an installed library that was entered
 * (glue such as peft's wrapping of bitsandbytes): code reads an attribute
 * that a class of another package (or of another version) lacks. Deep
 * inside one library's own code, an object of its own classes is the
 * likelier case: its bug (sglang's CompressedTensorsLinearMethod, corpus
 * sglang-scheduler-exception-ct-attr). A built-in type ('NoneType',
 * 'str', 'dict') says a value was wrong instead. */
static bool class_lacks_attribute(const struct blame *b, char cls[128], char attr[128])
{
        const char *msg = b->exc->message;
        if (!msg || !quoted_after(msg, "has no attribute '", attr))
                return false;
        bool of_class = quoted_after(msg, "type object '", cls);
        if (!of_class && !(msg[0] == '\'' && quoted_after(msg, "'", cls) && strstr(msg, "' object has no attribute '")))
                return false;
        /* 'tensorrt_bindings.tensorrt.Builder' object: a class that its
         * module path places in an installed package */
        const char *dot = strrchr(cls, '.'), *name = dot ? dot + 1 : cls;
        bool in_package = dot && strncmp(cls, "__main__.", 9) != 0;
        if (!isupper((unsigned char)name[0]) || strcmp(name, "NoneType") == 0)
                return false;
        return of_class || in_package || (b->raised.kind == FRAME_LIBRARY && b->raised.package[0] && b->raised_depth == 1);
}

/* transformers' per-model configuration modules (configuration_llama.py):
 * a value they reject comes from a model's config.json written for a
 * newer release ("`rope_scaling` must be a dictionary with two fields"). */
static bool raised_in_model_config(const struct blame *b)
{
        if (b->raised.kind != FRAME_LIBRARY || !b->raised.f || !b->raised.f->file)
                return false;
        const char *base = strrchr(b->raised.f->file, '/');
        base = base ? base + 1 : b->raised.f->file;
        return strncmp(base, "configuration_", 14) == 0;
}

/* NotImplementedError inside an installed library: the case it was asked
 * for (a model type, a data type, an attention backend, a GPU) is one the
 * installed release does not support. */
static void verdict_not_implemented(struct match_result *m, const struct blame *b)
{
        struct strbuf sb = { 0 };
        char dist[64];
        set_generic_verdict(m, b, "model-unsupported");
        sb_printf(&sb, "The installed %s does not implement the case it was asked for: a model type, an option, a data "
                       "type or a GPU that this release does not support.", b->raised.package);
        if (b->raised.f) {
                sb_puts(&sb, " Raised in ");
                where(&sb, b->raised.f);
                sb_puts(&sb, ".");
        }
        m->summary = sb_take(&sb);
        sb_puts(&sb, "Read the message for the case it names and choose a supported one (another dtype, attention "
                     "backend or option), or a release that supports it.");
        add_fix(m, &sb);
        distribution(NULL, b->raised.package, dist);
        if (plain_name(dist)) {
                sb_printf(&sb, "pip show %s", dist);
                add_fix(m, &sb);
                /* Another release (newer, or built for this torch/CUDA) may implement it. */
                struct strbuf check = { 0 };
                sb_printf(&sb, "The installed %s release or build lacks what another has: a newer release, or a build "
                               "made for the installed torch and CUDA", dist);
                sb_printf(&check, "pip show %s torch (compare with the release notes of %s's latest release)", dist, dist);
                set_alternative(m, "library-version-mismatch", &sb, &check);
        }
}

/* The name in "name 'awq_ext' is not defined" when a library raised it and
 * the name is one a guarded import defines: a compiled extension
 * ("awq_ext", "_C", "flash_attn_cuda") or a framework ("torch",
 * "flash_attn"). Libraries import such names in try/except and carry on
 * without them, so the NameError is the first visible sign that the
 * import failed. */
static bool unimported_name(const struct python_knowledge *pk, const struct blame *b, char name[128])
{
        static const char *const extension_endings[] = { "_ext", "_C", "_cuda", "_kernels", "_ops", "_cpp" };
        if (b->raised.kind != FRAME_LIBRARY || !plain_name(b->raised.package) ||
            !quoted_after(b->exc->message, "name '", name))
                return false;
        size_t n = strlen(name);
        for (size_t i = 0; i < sizeof extension_endings / sizeof *extension_endings; i++) {
                size_t e = strlen(extension_endings[i]);
                if (n > e && strcmp(name + n - e, extension_endings[i]) == 0)
                        return true;
        }
        return known_framework(pk, name, n);
}

static void verdict_unimported_name(struct match_result *m, const struct blame *b, const char *name)
{
        struct strbuf sb = { 0 }, check = { 0 };
        char dist[64];
        set_generic_verdict(m, b, "missing-dependency");
        sb_printf(&sb, "%s uses %s, which only an import that may fail defines (a compiled extension or an optional "
                       "package, imported in a try block): that import failed, so %s is not installed, or does not "
                       "load with the installed torch and CUDA.", b->raised.package, name, name);
        m->summary = sb_take(&sb);
        sb_printf(&sb, "python -c 'import %s'  (in the same environment: its error says why it does not load)", name);
        add_fix(m, &sb);
        distribution(NULL, b->raised.package, dist);
        sb_printf(&sb, "Install %s's extension or optional dependency built for the installed torch and CUDA (its "
                       "kernels package, or a wheel that matches), or reinstall %s.", dist, dist);
        add_fix(m, &sb);
        sb_printf(&sb, "The installed %s has a bug on this path: it uses %s without checking that it was imported",
                  dist, name);
        sb_printf(&check, "pip show %s (and look for a fix of this NameError in its later releases)", dist);
        set_alternative(m, "library-version-mismatch", &sb, &check);
}

/* "'NoneType' object is not callable" raised in a library on a line
 * that calls one bare name ("self._wrapper = BatchPrefillWrapper(...)"):
 * a module-level name is None when the library bound it so after its
 * optional import failed ("try: from flashinfer import X / except
 * ImportError: X = None"), and a setting (a backend, a kernel) then chose
 * the path that calls it. Attribute calls ("self.fn(") and builtins are
 * left to the message's class: None there is the code's own state. The
 * package's name goes into a shell command, so it must be a plain name. */
static const char NONE_CALLED[] = "'NoneType' object is not callable";

static bool none_called(const struct blame *b, char name[128])
{
        static const char *const builtins[] = { /* sorted, for in_sorted */ "all", "any", "bool", "dict", "enumerate", "float", "getattr",
                                                "hasattr", "int", "isinstance", "len", "list", "max", "min", "print",
                                                "range", "set", "sorted", "str", "sum", "super", "tuple", "type",
                                                "zip" };
        const char *msg = b->exc->message ? b->exc->message : "";
        const char *code = b->raised.f ? b->raised.f->code : NULL;
        if (!b->exc->type || strcmp(b->exc->type, "TypeError") != 0 ||
            strncmp(msg, NONE_CALLED, sizeof NONE_CALLED - 1) != 0 || b->raised.kind != FRAME_LIBRARY ||
            !plain_name(b->raised.package) || !code)
                return false;
        size_t found = 0;
        for (const char *p = code; *p; p++) {
                if (!(isalpha((unsigned char)*p) || *p == '_') ||
                    (p > code && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.')))
                        continue;
                const char *end = p;
                while (isalnum((unsigned char)*end) || *end == '_')
                        end++;
                size_t n = (size_t)(end - p);
                bool builtin = in_sorted(builtins, sizeof builtins / sizeof *builtins, p, n);
                if (*end == '(' && !builtin && n < 128 && found++ == 0)
                        snprintf(name, 128, "%.*s", (int)n, p);
                p = end - 1;
        }
        return found == 1;
}

static void verdict_none_called(struct match_result *m, const struct blame *b, const char *name)
{
        struct strbuf sb = { 0 }, check = { 0 };
        char dist[64];
        set_generic_verdict(m, b, "missing-dependency");
        sb_printf(&sb, "%s calls %s, which is None. A library binds a name to None when the optional import that "
                       "defines it fails (a compiled extension or an optional package, imported in a try block), so "
                       "the package that provides %s is not installed here, or does not load with the installed torch "
                       "and CUDA; a setting (a backend, a kernel library) chose the path that needs it.",
                  b->raised.package, name, name);
        m->summary = sb_take(&sb);
        sb_puts(&sb, "Open ");
        sb_append_display(&sb, b->raised.f->file, strlen(b->raised.f->file), 200);
        sb_printf(&sb, " and find the import that defines %s (its except branch sets it to None), then run that "
                       "import alone in the same environment, whose error says why it fails: "
                       "python -c 'from MODULE import %s'",
                  name, name);
        add_fix(m, &sb);
        distribution(NULL, b->raised.package, dist);
        sb_printf(&sb, "Install the package that provides %s, built for the installed torch and CUDA, or choose "
                       "another backend in %s's settings.", name, dist);
        add_fix(m, &sb);
        sb_printf(&sb, "A setting or environment variable selected a backend or feature of %s whose package is not "
                       "installed, and %s does not check it before use", dist, dist);
        sb_printf(&check, "env | grep -i -E 'BACKEND|ATTN|KERNEL'; pip show %s (later releases may name the missing "
                          "package in their error)", dist);
        set_alternative(m, "invalid-configuration", &sb, &check);
}

/* A library calling another with arguments it does not take. */
static bool cross_library_call(const struct blame *b)
{
        static const char *const words[] = { "unexpected keyword argument", "missing 1 required", "missing 2 required",
                                             "positional argument", "has no attribute", "got multiple values" };
        const char *msg = b->exc->message ? b->exc->message : "";
        if (b->raised.kind != FRAME_LIBRARY || b->caller.kind != FRAME_LIBRARY || !b->raised.package[0] ||
            !b->caller.package[0] || strcmp(b->raised.package, b->caller.package) == 0)
                return false;
        for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
                if (strstr(msg, words[i]))
                        return true;
        return false;
}

/* The function named before "()" at `at` in msg, without ".__init__" or
 * ".__call__" (a class's name stands for its constructor and its call):
 * "Accelerator" for "Accelerator.__init__() got ...". */
static bool called_name(const char *msg, const char *at, char callee[128])
{
        const char *start = at;
        while (start > msg && (isalnum((unsigned char)start[-1]) || start[-1] == '_' || start[-1] == '.'))
                start--;
        size_t n = (size_t)(at - start);
        static const char *const methods[] = { ".__init__", ".__call__" };
        for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
                size_t k = strlen(methods[i]);
                if (n > k && memcmp(start + n - k, methods[i], k) == 0)
                        n -= k;
        }
        snprintf(callee, 128, "%.*s", (int)(n < 100 ? n : 100), start);
        return n > 0;
}

/* A TypeError for a call that does not fit the callee's signature, raised
 * in a library's frame: the call site is the library's own code, so the
 * callee (another package) changed under it.
 * callee: the function the message names ("Accelerator" for
 * "Accelerator.__init__() got an unexpected keyword argument"). */
static bool library_call_misfit(const struct blame *b, char callee[128])
{
        static const char *const words[] = { "() got an unexpected keyword argument", "() missing ",
                                             "() takes ", "() got multiple values" };
        const char *msg = b->exc->message ? b->exc->message : "", *at = NULL;
        if (!b->exc->type || strcmp(b->exc->type, "TypeError") != 0 || b->raised.kind != FRAME_LIBRARY ||
            !b->raised.package[0])
                return false;
        /* "forward_call(*args, **kwargs)": the library hands on its
         * caller's arguments, whose callee (a model's forward) is the
         * caller's own. Other arguments handed on ("cls(config,
         * **model_kwargs)" in from_pretrained) still reach the library's
         * own classes, which a caller written for another release of it
         * calls with a keyword that release dropped. */
        if (b->raised.f && b->raised.f->code && strstr(b->raised.f->code, "**") && strstr(msg, "forward() "))
                return false;
        for (size_t i = 0; i < sizeof words / sizeof words[0] && !at; i++)
                at = strstr(msg, words[i]);
        return at && called_name(msg, at, callee);
}

/* A class's constructor that rejects a keyword, called from the
 * application's code or from no frame shown ("SFTTrainer.__init__() got
 * an unexpected keyword argument 'max_seq_length'"): a named class called
 * with a keyword by name is most often a library's (a trainer, a config,
 * a processor), whose releases add, rename and drop keywords; the caller
 * was written for another release. 22 of the 30 blind logs with this
 * message are labelled a version mismatch. Other functions ("merge()",
 * "__call__()") are left to the message's class: the call is as often
 * the application's own mistake. */
static bool constructor_rejects_keyword(const struct blame *b, char callee[128])
{
        static const char words[] = ".__init__() got an unexpected keyword argument '";
        const char *msg = b->exc->message ? b->exc->message : "", *at = strstr(msg, words);
        if (!b->exc->type || strcmp(b->exc->type, "TypeError") != 0 || b->raised.kind == FRAME_LIBRARY || !at ||
            !called_name(msg, at + strlen(".__init__"), callee))
                return false;
        return isupper((unsigned char)callee[0]) && !strchr(callee, '.');
}

static void verdict_dropped_keyword(struct match_result *m, const struct blame *b, const char *callee)
{
        char used[160], keyword[128];
        snprintf(used, sizeof used, "the package that defines %s", callee);
        verdict_version_mismatch(m, b, b->app.f ? "the application" : "the caller", used, "a keyword argument");
        if (!quoted_after(b->exc->message, "keyword argument '", keyword))
                return;
        struct strbuf sb = { 0 };
        sb_printf(&sb, "Find in the changelog of the package that defines %s the release that added, renamed or "
                       "removed the keyword '",
                  callee);
        sb_append_display(&sb, keyword, strlen(keyword), 100);
        sb_puts(&sb, "': install a release from the calling code's side of that change, or update the call.");
        add_fix(m, &sb);
}

/* A message class that names a category of its own (an unsupported model,
 * a GPU the build does not support). */
static void verdict_from_class(struct match_result *m, const struct blame *b, const struct message_class *mc)
{
        struct strbuf sb = { 0 };
        char id[64];
        snprintf(id, sizeof id, "generic.%s", mc->category);
        set_verdict(m, id, mc->category, CORONER_SEV_ERROR, false, 22);
        exception_words(&sb, b->exc);
        blame_place(&sb, b);
        m->title = sb_take(&sb);
        sb_printf(&sb, "The %s names %s.", named_by(b->exc), mc->what);
        if (b->raised.kind == FRAME_LIBRARY && b->raised.package[0])
                sb_printf(&sb, " It was raised in %s.", b->raised.package);
        m->summary = sb_take(&sb);
        add_class_fixes(m, mc, &sb);
        offer_table_alternative(m, &mc->alt);
        m->family = mc->what;
}

/* The verdict of the message class that names a category in b's
 * exception's message, if one does. */
static bool exception_class_verdict(const coroner_db *db, pcre2_match_data *md, const struct blame *b,
                                    struct match_result *m)
{
        memset(m, 0, sizeof *m);
        m->exc = b->exc;
        const struct message_class *mc = b->exc ? message_class_of(db, b->exc, md) : NULL;
        if (!mc || !mc->category)
                return false;
        verdict_from_class(m, b, mc);
        return true;
}

bool blame_warning(const coroner_db *db, pcre2_match_data *md, const struct blame *b, struct match_result *m)
{
        if (!exception_class_verdict(db, md, b, m))
                return false;
        m->severity = CORONER_SEV_WARNING;
        return true;
}

static bool line_class_verdict(const coroner_db *db, pcre2_match_data *md, const struct event *ev,
                               enum class_choice choice, struct match_result *m)
{
        memset(m, 0, sizeof *m);
        /* The message first, then the indented lines that continue it
         * ("Could not fetch resource:" / " - Quota 'GPUS_ALL_REGIONS'
         * exceeded."): the reason is often on the second. Lines of their
         * own that the event also holds are other records. */
        const char *text = ev->text;
        long i = first_class(db, md, text, choice);
        for (size_t k = 1; i < 0 && k < ev->n_evidence; k++) {
                text = ev->evidence[k].text;
                if (text[0] == ' ' || text[0] == '\t')
                        i = first_class(db, md, text, choice);
        }
        if (i < 0)
                return false;
        const struct message_class *mc = &db->python->classes[i];
        /* Without a traceback nothing says whose code it was: a class
         * that blame would decide by the frames is read as the code's
         * own bug, the program's that logged the line. */
        const char *category = mc->category ? mc->category : "application-bug";
        struct strbuf sb = { 0 };
        char id[64];
        snprintf(id, sizeof id, "generic.%s", category);
        set_verdict(m, id, category, CORONER_SEV_ERROR, false, 18);
        sb_append_display(&sb, text, strlen(text), 160);
        m->title = sb_take(&sb);
        if (choice != WARNING_CLASSES)
                sb_printf(&sb, "A line logged at an error level names %s.", mc->what);
        else if (event_warning_level(ev))
                sb_printf(&sb, "A line logged at a warning level names %s.", mc->what);
        else
                sb_printf(&sb, "A line without an error level names %s.", mc->what);
        m->as_warning = choice == WARNING_CLASSES;
        m->family = mc->what;
        m->summary = sb_take(&sb);
        if (!mc->category && !cJSON_GetArraySize(mc->fixes)) {
                sb_puts(&sb, "Find where the program logs this line and print the tensors or values it combines there "
                             "(their shapes, dtypes and devices), then make them agree.");
                add_fix(m, &sb);
        }
        add_class_fixes(m, mc, &sb);
        offer_table_alternative(m, &mc->alt);
        return true;
}

bool blame_error_line(const coroner_db *db, pcre2_match_data *md, const struct event *ev, struct match_result *m)
{
        return line_class_verdict(db, md, ev, ANY_CLASS, m);
}

bool blame_warning_line(const coroner_db *db, pcre2_match_data *md, const struct event *ev, struct match_result *m)
{
        return line_class_verdict(db, md, ev, WARNING_CLASSES, m);
}

bool blame_named_class(const coroner_db *db, pcre2_match_data *md, const struct event *ev, const struct blame *b,
                       struct match_result *m)
{
        return ev->kind == EVENT_LINE ? line_class_verdict(db, md, ev, NAMED_CLASSES, m)
                                      : exception_class_verdict(db, md, b, m);
}

static void verdict_from_type(struct match_result *m, const struct blame *b, const struct exception_type *t)
{
        struct strbuf sb = { 0 };
        char id[64];
        snprintf(id, sizeof id, "generic.%s", t->category);
        set_verdict(m, id, t->category, t->severity, t->symptom, 18);
        exception_words(&sb, b->exc);
        blame_place(&sb, b);
        m->title = sb_take(&sb);
        sb_puts(&sb, t->meaning);
        m->summary = sb_take(&sb);
        sb_puts(&sb, t->fix);
        add_fix(m, &sb);
        offer_table_alternative(m, &t->alt);
}

static const char PIPE_CLOSED[] = "A multiprocessing pipe reached its end: the process at the other end (a worker, "
                                  "a scheduler, a child) exited first. Its own failure, above, is the cause.";

bool blame_verdict(const coroner_db *db, pcre2_match_data *md, const struct blame *b, struct match_result *m)
{
        const struct exception *x = b->exc;
        memset(m, 0, sizeof *m);
        m->exc = x;
        if (!x || !x->type || !x->type[0] || !db->python)
                return false;
        const struct exception_type *t = python_exception_type(db->python, x->type);
        const char *kind = t ? t->blame : "runtime";
        char callee[128];
        if (library_call_misfit(b, callee)) {
                char used[160];
                snprintf(used, sizeof used, "the package that defines %s", callee);
                verdict_version_mismatch(m, b, b->raised.package, used, "a call's arguments");
                /* The call site: the application's frame, or with none the
                 * library's own (a script or test shipped with it, whose
                 * callee may be its own too, changed without it). */
                const struct frame *site = b->app.f ? b->app.f : b->raised.f;
                if (site && !m->alt_category) {
                        struct strbuf cause = { 0 }, check = { 0 };
                        if (b->app.f)
                                sb_puts(&cause, "The application passed an argument that no release takes (through "
                                                "keyword arguments the library hands on)");
                        else
                                sb_printf(&cause, "A bug in %s itself: its own code calls %s with arguments that %s's "
                                                  "current definition does not take (a caller not updated when the "
                                                  "signature changed)",
                                          b->raised.package, callee, callee);
                        sb_puts(&check, "Open ");
                        sb_append_display(&check, site->file, strlen(site->file), 200);
                        sb_printf(&check, " at line %d and compare %s with the %s of %s", site->line,
                                  b->app.f ? "its arguments" : "the call", b->app.f ? "documentation" : "definition",
                                  callee);
                        set_alternative(m, "application-bug", &cause, &check);
                }
                return true;
        }
        if (constructor_rejects_keyword(b, callee)) {
                verdict_dropped_keyword(m, b, callee);
                return true;
        }
        char name[128];
        if (t && strcmp(t->name, "NameError") == 0 && unimported_name(db->python, b, name)) {
                verdict_unimported_name(m, b, name);
                return true;
        }
        if (none_called(b, name)) {
                verdict_none_called(m, b, name);
                return true;
        }
        /* The message's words first (a shape mismatch, a driver too old, a
         * setting out of range), except for types that name their failure. */
        const struct message_class *mc = strcmp(kind, "type") != 0 ? message_class_of(db, x, md) : NULL;
        if (mc && mc->category)
                verdict_from_class(m, b, mc);
        else if (mc && (strcmp(kind, "bug") == 0 || strcmp(kind, "runtime") == 0))
                verdict_application_bug(m, b, t, mc);
        else
                mc = NULL;
        if (mc)
                return true;
        /* An import's failure wrapped in another type keeps its meaning:
         * transformers' lazy modules raise RuntimeError("Failed to import
         * transformers.trainer because of the following error ...:\n<the
         * ImportError's message>") (transformers/utils/import_utils.py). */
        bool wraps_import = x->message && (strstr(x->message, "No module named '") ||
                                           strstr(x->message, "cannot import name '") ||
                                           strstr(x->message, "Failed to import "));
        if (strcmp(kind, "import") == 0 || strcmp(kind, "attribute") == 0 || wraps_import) {
                if (import_verdict(m, db, b))
                        return true;
                if (strcmp(kind, "import") == 0) {
                        verdict_from_type(m, b, t);
                        return true;
                }
        }
        /* EOF on a multiprocessing pipe: the process at the other end ended. */
        if (t && strcmp(t->name, "EOFError") == 0 && x->n_frames && x->frames[x->n_frames - 1].file &&
            strstr(x->frames[x->n_frames - 1].file, "multiprocessing")) {
                verdict_from_type(m, b, t);
                set_verdict(m, "generic.process-crash", "process-crash", CORONER_SEV_ERROR, true, 15);
                free(m->summary);
                m->summary = strndup_safe(PIPE_CLOSED, sizeof PIPE_CLOSED - 1);
                return true;
        }
        if (strcmp(kind, "bug") == 0 && t && t->category && strcmp(t->category, "application-bug") != 0) {
                verdict_from_type(m, b, t);  /* SystemError, EOFError: their own meaning */
                return true;
        }
        if (t && strcmp(t->name, "NotImplementedError") == 0 && b->raised.kind == FRAME_LIBRARY && b->raised.package[0]) {
                verdict_not_implemented(m, b);
                return true;
        }
        char cls[128], attr[128];
        if (strcmp(kind, "attribute") == 0 && !cross_library_call(b) && class_lacks_attribute(b, cls, attr)) {
                char detail[300], used[160];
                snprintf(detail, sizeof detail, "the attribute %s.%s", cls, attr);
                snprintf(used, sizeof used, "the package that defines %s", cls);
                verdict_version_mismatch(m, b, b->raised.kind == FRAME_LIBRARY && b->raised.package[0] ? b->raised.package
                                               : "the application", used, detail);
                return true;
        }
        if (strcmp(kind, "bug") == 0 && raised_in_model_config(b)) {
                verdict_version_mismatch(m, b, "the model's config.json", b->raised.package, "a setting");
                return true;
        }
        if (strcmp(kind, "bug") == 0 || strcmp(kind, "attribute") == 0) {
                if (cross_library_call(b))
                        verdict_version_mismatch(m, b, b->caller.package, b->raised.package, NULL);
                else
                        verdict_application_bug(m, b, t, NULL);
                return true;
        }
        if (strcmp(kind, "syntax") == 0) {
                if (b->raised.kind == FRAME_LIBRARY && b->raised.package[0]) {
                        verdict_version_mismatch(m, b, b->raised.package, "python", "syntax");
                        return true;
                }
                verdict_application_bug(m, b, t, NULL);
                return true;
        }
        /* An uncaught C++ exception of a general type is a crash by its
         * type alone; the words of its what() message ("NCCL", "watchdog")
         * say more, and the unrecognized diagnosis reports them. */
        if (strcmp(kind, "native") == 0 && t && t->category && strcmp(t->category, "process-crash") == 0 &&
            x->message && words_guess(db, md, x->message, strlen(x->message)))
                return false;
        if (t && t->category && strcmp(kind, "runtime") != 0) {
                verdict_from_type(m, b, t);
                return true;
        }
        return false;
}
