/* read_journal_time.c — journalctl's --since/--until time syntax
 * (systemd.time(7)).
 *
 * Accepted: "YYYY-MM-DD", "YYYY-MM-DD HH:MM[:SS[.frac]]" (also with 'T'),
 * "HH:MM[:SS]" (today), an optional weekday before ("Sun 2026-11-29") and
 * zone after ("UTC", "Z", "+05:30": coroner's own first_seen values
 * parse), "now", "today", "yesterday", "tomorrow", "@EPOCH", and relative
 * times "-1h", "+30min", "2 days ago" with units us, ms, s/sec, m/min,
 * h/hour, d/day, w/week (plural forms too). Times without a zone are local
 * time, as in journalctl.
 */
#include "config.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const struct { const char *name; int64_t usec; } units[] = {
        { "us", 1 }, { "usec", 1 }, { "ms", 1000 }, { "msec", 1000 },
        { "s", 1000000 }, { "sec", 1000000 }, { "second", 1000000 }, { "seconds", 1000000 },
        { "m", 60000000LL }, { "min", 60000000LL }, { "minute", 60000000LL }, { "minutes", 60000000LL },
        { "h", 3600000000LL }, { "hour", 3600000000LL }, { "hours", 3600000000LL }, { "hr", 3600000000LL },
        { "d", 86400000000LL }, { "day", 86400000000LL }, { "days", 86400000000LL },
        { "w", 604800000000LL }, { "week", 604800000000LL }, { "weeks", 604800000000LL },
};

/* "1h30min" or "2 days": the sum of number-unit pairs. */
static int parse_span(const char *s, int64_t *ret)
{
        int64_t total = 0;
        bool any = false;
        while (*s) {
                while (*s == ' ')
                        s++;
                if (!*s)
                        break;
                if (!isdigit((unsigned char)*s))
                        return CORONER_E_USAGE;
                char *end;
                long long n = strtoll(s, &end, 10);
                s = end;
                while (*s == ' ')
                        s++;
                const char *u = s;
                while (isalpha((unsigned char)*s))
                        s++;
                size_t ul = (size_t)(s - u);
                int64_t mult = ul ? 0 : 1000000;  /* bare number: seconds */
                for (size_t i = 0; i < sizeof units / sizeof units[0] && ul; i++)
                        if (strlen(units[i].name) == ul && strncmp(u, units[i].name, ul) == 0)
                                mult = units[i].usec;
                if (!mult)
                        return CORONER_E_USAGE;
                /* Past half the range (146,000 years) it is no time: refused
                 * before it overflows, here or in now_usec - span. */
                if (n > (INT64_MAX / 2 - total) / mult)
                        return CORONER_E_USAGE;
                total += (int64_t)n * mult;
                any = true;
        }
        if (!any)
                return CORONER_E_USAGE;
        *ret = total;
        return 0;
}

static int64_t local_midnight(int64_t now_usec, int day_offset)
{
        time_t t = (time_t)(now_usec / 1000000);
        struct tm tm;
        localtime_r(&t, &tm);
        tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
        tm.tm_mday += day_offset;
        tm.tm_isdst = -1;
        return (int64_t)mktime(&tm) * 1000000;
}

/* "HH:MM[:SS[.frac]]" at *s; advances *s. */
static bool parse_clock(const char **s, int *hh, int *mm, int *ss, long *usec)
{
        int k = 0;
        *ss = 0;
        *usec = 0;
        /* Digits only: sscanf's %d would take "-1:-5" for a time. */
        const char *p = *s;
        if (!isdigit((unsigned char)p[0]) || sscanf(p, "%2d:%2d%n", hh, mm, &k) != 2 || k < 4 ||
            !isdigit((unsigned char)p[k - 1]) || !isdigit((unsigned char)p[k - 2]))
                return false;
        *s += k;
        if (**s == ':') {
                if (!isdigit((unsigned char)(*s)[1]) || sscanf(*s + 1, "%2d%n", ss, &k) != 1 ||
                    !isdigit((unsigned char)(*s)[k]))
                        return false;
                *s += 1 + k;
                if (**s == '.') {
                        long scale = 100000;
                        for ((*s)++; isdigit((unsigned char)**s); (*s)++, scale /= 10)
                                *usec += (**s - '0') * scale;
                }
        }
        return *hh <= 23 && *mm <= 59 && *ss <= 60;
}

/* A zone after the time: "UTC", "Z", "+05:30", "-0500", or a zone name the
 * log decoder knows ("EST"); the offset east of UTC in minutes. */
static bool parse_zone(const char *s, int *ret_min)
{
        if (strcmp(s, "UTC") == 0 || strcmp(s, "Z") == 0 || strcmp(s, "GMT") == 0) {
                *ret_min = 0;
                return true;
        }
        if ((s[0] == '+' || s[0] == '-') && isdigit((unsigned char)s[1]) && isdigit((unsigned char)s[2])) {
                int h = (s[1] - '0') * 10 + (s[2] - '0'), m = 0;
                const char *r = s + 3 + (s[3] == ':');
                if (isdigit((unsigned char)r[0]) && isdigit((unsigned char)r[1]) && !r[2])
                        m = (r[0] - '0') * 10 + (r[1] - '0');
                else if (*r)
                        return false;
                *ret_min = (h * 60 + m) * (s[0] == '-' ? -1 : 1);
                return true;
        }
        return false;
}

/* An absolute time: [weekday] [YYYY-MM-DD][ |T][HH:MM[:SS[.frac]]][ ][zone];
 * without a date, today; without a zone, local time. */
static int parse_absolute(const char *s, int64_t now_usec, int64_t *ret_usec)
{
        static const char *const weekdays[] = { "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun" };
        for (size_t i = 0; i < 7; i++)
                if (strncmp(s, weekdays[i], 3) == 0) {
                        while (isalpha((unsigned char)*s))
                                s++;  /* "Sun" or "Sunday": checked by the date itself */
                        while (*s == ' ' || *s == ',')
                                s++;
                }
        int y, mo, d, hh = 0, mm = 0, ss = 0, k = 0;
        long usec = 0;
        bool date = sscanf(s, "%4d-%2d-%2d%n", &y, &mo, &d, &k) == 3 && k == 10;
        if (date) {
                s += k;
                if (*s == ' ' || *s == 'T') {
                        const char *c = s + 1;
                        if (parse_clock(&c, &hh, &mm, &ss, &usec))
                                s = c;
                        else if (*s == 'T')
                                return CORONER_E_USAGE;
                }
        } else {
                time_t t = (time_t)(now_usec / 1000000);
                struct tm now;
                localtime_r(&t, &now);
                y = now.tm_year + 1900;
                mo = now.tm_mon + 1;
                d = now.tm_mday;
                if (!parse_clock(&s, &hh, &mm, &ss, &usec))
                        return CORONER_E_USAGE;
        }
        while (*s == ' ')
                s++;
        if (mo < 1 || mo > 12 || d < 1 || d > 31)
                return CORONER_E_USAGE;
        int zone_min;
        if (*s) {
                if (!parse_zone(s, &zone_min))
                        return CORONER_E_USAGE;
                struct tm u = { .tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d, .tm_hour = hh, .tm_min = mm, .tm_sec = ss };
                *ret_usec = ((int64_t)timegm(&u) - (int64_t)zone_min * 60) * 1000000 + usec;
                return 0;
        }
        struct tm tm = { .tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d, .tm_hour = hh, .tm_min = mm,
                         .tm_sec = ss, .tm_isdst = -1 };
        *ret_usec = (int64_t)mktime(&tm) * 1000000 + usec;
        return 0;
}

int coroner_parse_time(const char *s, int64_t now_usec, int64_t *ret_usec)
{
        if (!s || !*s)
                return CORONER_E_USAGE;
        if (strcmp(s, "now") == 0) {
                *ret_usec = now_usec;
                return 0;
        }
        if (strcmp(s, "today") == 0 || strcmp(s, "yesterday") == 0 || strcmp(s, "tomorrow") == 0) {
                *ret_usec = local_midnight(now_usec, s[0] == 'y' ? -1 : s[2] == 'm' ? 1 : 0);
                return 0;
        }
        if (s[0] == '@') {
                char *end;
                double v = strtod(s + 1, &end);
                /* as microseconds in an int64_t (NaN fails the test too) */
                if (*end || end == s + 1 || !(v > -9.2e12 && v < 9.2e12))
                        return CORONER_E_USAGE;
                *ret_usec = (int64_t)(v * 1e6);
                return 0;
        }
        if (s[0] == '-' || s[0] == '+') {
                int64_t span;
                if (parse_span(s + 1, &span) < 0)
                        return CORONER_E_USAGE;
                *ret_usec = s[0] == '-' ? now_usec - span : now_usec + span;
                return 0;
        }
        size_t n = strlen(s);
        if (n > 4 && strcmp(s + n - 4, " ago") == 0) {
                char buf[64];
                if (n - 4 >= sizeof buf)
                        return CORONER_E_USAGE;
                memcpy(buf, s, n - 4);
                buf[n - 4] = '\0';
                int64_t span;
                if (parse_span(buf, &span) < 0)
                        return CORONER_E_USAGE;
                *ret_usec = now_usec - span;
                return 0;
        }
        return parse_absolute(s, now_usec, ret_usec);
}
