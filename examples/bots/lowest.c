/* A hearts-bot/1 bot in C: it plays its lowest legal card, passes its highest cards,
 * and subtracts when it shoots the moon (docs/bot-protocol.md, docs/write-a-bot.md).
 *
 * Build and try it:
 *     cc -O2 -o lowest examples/bots/lowest.c
 *     hearts arena --bots exec:./lowest,medium --hands 20
 *
 * It reads one JSON object a line with a small JSON parser of its own (C99, no
 * libraries), ignores message types and fields it does not know, and skips a
 * line it cannot parse, with a note on standard error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kind { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct node {
    enum kind kind;
    double num;         /* J_NUM, and J_BOOL (0 or 1) */
    char *str;          /* J_STR: the decoded text */
    char *key;          /* the member's name, inside an object */
    struct node *child; /* J_ARR, J_OBJ: the first element */
    struct node *next;  /* the next element of the parent */
} node;

#define MAX_DEPTH 64

typedef struct {
    const char *p;
    int depth;
} parser;

static void skip_space(parser *ps) {
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r' || *ps->p == '\n') ps->p++;
}

static void free_node(node *n) {
    while (n) {
        node *next = n->next;
        free_node(n->child);
        free(n->str);
        free(n->key);
        free(n);
        n = next;
    }
}

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* A JSON string at ps->p (on its opening quote), decoded to UTF-8; NULL if malformed. */
static char *parse_string(parser *ps) {
    if (*ps->p != '"') return NULL;
    ps->p++;
    size_t cap = 16, len = 0;
    char *out = malloc(cap);
    if (!out) return NULL;
    for (;;) {
        char c = *ps->p++;
        unsigned code = 0;
        if (c == '\0' || (unsigned char)c < 0x20) goto bad;
        if (c == '"') break;
        if (c == '\\') {
            c = *ps->p++;
            switch (c) {
            case '"': case '\\': case '/': code = (unsigned char)c; break;
            case 'b': code = '\b'; break;
            case 'f': code = '\f'; break;
            case 'n': code = '\n'; break;
            case 'r': code = '\r'; break;
            case 't': code = '\t'; break;
            case 'u':
                for (int i = 0; i < 4; i++) {
                    int h = hex_value(*ps->p++);
                    if (h < 0) goto bad;
                    code = code * 16 + (unsigned)h;
                }
                break;
            default: goto bad;
            }
        } else {
            code = (unsigned char)c; /* a byte of UTF-8, copied as it is */
        }
        if (len + 4 >= cap) {
            char *bigger = realloc(out, cap *= 2);
            if (!bigger) goto bad;
            out = bigger;
        }
        if (code < 0x80 || c != 'u') {
            out[len++] = (char)code;
        } else if (code < 0x800) {
            out[len++] = (char)(0xC0 | (code >> 6));
            out[len++] = (char)(0x80 | (code & 0x3F));
        } else {
            out[len++] = (char)(0xE0 | (code >> 12));
            out[len++] = (char)(0x80 | ((code >> 6) & 0x3F));
            out[len++] = (char)(0x80 | (code & 0x3F));
        }
    }
    out[len] = '\0';
    return out;
bad:
    free(out);
    return NULL;
}

static node *parse_value(parser *ps);

/* The elements of an array or the members of an object; ps->p is past the opening bracket. */
static int parse_items(parser *ps, node *parent, char close, int members) {
    node **tail = &parent->child;
    skip_space(ps);
    if (*ps->p == close) {
        ps->p++;
        return 1;
    }
    for (;;) {
        char *key = NULL;
        skip_space(ps);
        if (members) {
            key = parse_string(ps);
            if (!key) return 0;
            skip_space(ps);
            if (*ps->p++ != ':') {
                free(key);
                return 0;
            }
        }
        node *item = parse_value(ps);
        if (!item) {
            free(key);
            return 0;
        }
        item->key = key;
        *tail = item;
        tail = &item->next;
        skip_space(ps);
        if (*ps->p == ',') {
            ps->p++;
            continue;
        }
        if (*ps->p == close) {
            ps->p++;
            return 1;
        }
        return 0;
    }
}

static node *parse_value(parser *ps) {
    skip_space(ps);
    node *n = calloc(1, sizeof *n);
    if (!n) return NULL;
    const char *p = ps->p;
    if (*p == '{' || *p == '[') {
        if (++ps->depth > MAX_DEPTH) goto bad;
        ps->p++;
        n->kind = *p == '{' ? J_OBJ : J_ARR;
        if (!parse_items(ps, n, *p == '{' ? '}' : ']', *p == '{')) goto bad;
        ps->depth--;
    } else if (*p == '"') {
        n->kind = J_STR;
        if (!(n->str = parse_string(ps))) goto bad;
    } else if (strncmp(p, "true", 4) == 0 || strncmp(p, "false", 5) == 0) {
        n->kind = J_BOOL;
        n->num = *p == 't';
        ps->p += *p == 't' ? 4 : 5;
    } else if (strncmp(p, "null", 4) == 0) {
        n->kind = J_NULL;
        ps->p += 4;
    } else {
        char *end;
        n->kind = J_NUM;
        n->num = strtod(p, &end);
        if (end == p) goto bad;
        ps->p = end;
    }
    return n;
bad:
    free_node(n);
    return NULL;
}

/* The whole line as one JSON value, or NULL. */
static node *parse(const char *text) {
    parser ps = {text, 0};
    node *n = parse_value(&ps);
    if (!n) return NULL;
    skip_space(&ps);
    if (*ps.p != '\0') {
        free_node(n);
        return NULL;
    }
    return n;
}

static node *member(const node *obj, const char *key) {
    if (!obj || obj->kind != J_OBJ) return NULL;
    for (node *m = obj->child; m; m = m->next)
        if (strcmp(m->key, key) == 0) return m;
    return NULL;
}

static int is_string(const node *n, const char *text) {
    return n && n->kind == J_STR && strcmp(n->str, text) == 0;
}

/* 0 for a two ... 12 for an ace; -1 for something that is not a card name. */
static int rank_of(const node *card) {
    static const char ranks[] = "23456789TJQKA";
    if (!card || card->kind != J_STR || card->str[0] == '\0') return -1;
    if (strncmp(card->str, "10", 2) == 0) return 8;
    const char *at = strchr(ranks, card->str[0]);
    return at ? (int)(at - ranks) : -1;
}

/* The reply to one request; returns 0 if the request lacks what it needs. */
static int decide(const node *request) {
    node *id = member(request, "id");
    node *view = member(request, "view");
    node *phase = member(view, "phase");
    if (!id || id->kind != J_NUM || !phase) return 0;
    long number = (long)id->num;
    if (is_string(phase, "play")) {
        node *legal = member(view, "legal"), *best = NULL;
        for (node *c = legal ? legal->child : NULL; c; c = c->next)
            if (rank_of(c) >= 0 && (!best || rank_of(c) < rank_of(best))) best = c;
        if (!best) return 0;
        printf("{\"type\":\"action\",\"id\":%ld,\"card\":\"%s\"}\n", number, best->str);
    } else if (is_string(phase, "pass")) {
        node *count = member(member(view, "rules"), "pass_count");
        node *hand = member(view, "hand");
        if (!count || count->kind != J_NUM || !hand || hand->kind != J_ARR) return 0;
        int want = (int)count->num, size = 0;
        for (node *c = hand->child; c; c = c->next) size++;
        if (want < 0 || want > size) return 0;
        node **cards = malloc((size_t)(size ? size : 1) * sizeof *cards);
        if (!cards) return 0;
        int n = 0;
        for (node *c = hand->child; c; c = c->next) cards[n++] = c;
        /* the highest cards first: a stable insertion sort by rank */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && rank_of(cards[j]) > rank_of(cards[j - 1]); j--) {
                node *t = cards[j];
                cards[j] = cards[j - 1];
                cards[j - 1] = t;
            }
        printf("{\"type\":\"action\",\"id\":%ld,\"cards\":[", number);
        for (int i = 0; i < want; i++) printf("%s\"%s\"", i ? "," : "", cards[i]->str);
        printf("]}\n");
        free(cards);
    } else if (is_string(phase, "moon")) {
        printf("{\"type\":\"action\",\"id\":%ld,\"choice\":\"subtract\"}\n", number);
    } else {
        return 0;
    }
    fflush(stdout);
    return 1;
}

/* One line of standard input, of any length, without its newline; NULL at the end. */
static char *read_line(void) {
    size_t cap = 4096, len = 0;
    char *line = malloc(cap);
    int c;
    if (!line) return NULL;
    while ((c = getchar()) != EOF && c != '\n') {
        if (len + 1 >= cap) {
            char *bigger = realloc(line, cap *= 2);
            if (!bigger) {
                free(line);
                return NULL;
            }
            line = bigger;
        }
        line[len++] = (char)c;
    }
    if (c == EOF && len == 0) {
        free(line);
        return NULL;
    }
    line[len] = '\0';
    return line;
}

int main(void) {
    printf("{\"type\":\"hello\",\"protocol\":\"hearts-bot/1\",\"name\":\"lowest (C)\","
           "\"variants\":[\"standard\",\"omnibus\",\"cancellation\"],\"players\":[3,4,5,6,7,8,9,10,11]}\n");
    fflush(stdout);
    char *line;
    while ((line = read_line()) != NULL) {
        node *message = parse(line);
        node *type = member(message, "type");
        int done = is_string(type, "end");
        if (!message)
            fprintf(stderr, "lowest: skipped a line that is not JSON\n");
        else if (is_string(type, "decide") && !decide(message))
            fprintf(stderr, "lowest: a request without what it needs\n");
        free_node(message);
        free(line);
        if (done) break;
    }
    return 0;
}
