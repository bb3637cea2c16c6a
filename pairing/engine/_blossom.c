/*
 * The compiled twin of pairing/engine/blossom.py: the same primal-dual blossom
 * algorithm, step for step, so that the two can be tested against each other.
 *
 * Weights are exact integers of any width: Python hands them over as fixed-width
 * two's-complement numbers of L 64-bit limbs (little-endian), wide enough that no
 * dual or slack can overflow (see pairing/engine/matching.py). Every arithmetic
 * step below is on such numbers.
 *
 * Conventions (as in blossom.py): duals are doubled, slack(k) = dual[u] + dual[v]
 * - 2 w[k]; half 2k runs u -> v and 2k+1 runs v -> u; ids 0..n-1 are vertices,
 * n..2n-1 blossoms; links[i] of a blossom is the half from children[i] to
 * children[i+1], links at odd positions matched.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t limb;
typedef unsigned __int128 wide;

enum { FREE = 0, OUTER = 1, INNER = 2, MARK = 4 };

typedef struct {
    int *data;
    int len, cap;
} ivec;

static int iv_push(ivec *v, int x) {
    if (v->len == v->cap) {
        int cap = v->cap ? 2 * v->cap : 8;
        int *data = realloc(v->data, (size_t)cap * sizeof(int));
        if (!data) return -1;
        v->data = data;
        v->cap = cap;
    }
    v->data[v->len++] = x;
    return 0;
}

static void iv_free(ivec *v) {
    free(v->data);
    v->data = NULL;
    v->len = v->cap = 0;
}

/* ---- fixed-width two's-complement numbers ----------------------------------- */
static int L;

static void num_add(limb *r, const limb *a, const limb *b) {
    wide c = 0;
    for (int i = 0; i < L; i++) {
        c += (wide)a[i] + b[i];
        r[i] = (limb)c;
        c >>= 64;
    }
}

static void num_sub(limb *r, const limb *a, const limb *b) {
    limb borrow = 0;
    for (int i = 0; i < L; i++) {
        wide d = (wide)a[i] - b[i] - borrow;
        r[i] = (limb)d;
        borrow = (limb)((d >> 64) & 1);
    }
}

static int num_cmp(const limb *a, const limb *b) {
    int64_t ha = (int64_t)a[L - 1], hb = (int64_t)b[L - 1];
    if (ha != hb) return ha < hb ? -1 : 1;
    for (int i = L - 2; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

static int num_sign(const limb *a) {
    if ((int64_t)a[L - 1] < 0) return -1;
    for (int i = 0; i < L; i++)
        if (a[i]) return 1;
    return 0;
}

static void num_half(limb *r, const limb *a) {
    for (int i = 0; i < L - 1; i++) r[i] = (a[i] >> 1) | (a[i + 1] << 63);
    r[L - 1] = (limb)((int64_t)a[L - 1] >> 1);
}

static void num_copy(limb *r, const limb *a) { memcpy(r, a, (size_t)L * sizeof(limb)); }

/* Signs read from the most significant limb down, stopping as soon as the limbs
 * below cannot change the answer: slacks of edges that differ in a high criterion
 * field are settled by their first limbs, so wide weights cost little here. */

/* sign of a + b - c */
static int sign3(const limb *a, const limb *b, const limb *c) {
    __int128 p = (__int128)(int64_t)a[L - 1] + (int64_t)b[L - 1] - (int64_t)c[L - 1];
    for (int i = L - 2;; i--) {
        /* the limbs below add a value in (-1, 2) units of this limb */
        if (p >= 1) return 1;
        if (p <= -2) return -1;
        if (i < 0) return p > 0 ? 1 : (p < 0 ? -1 : 0);
        p = p * ((__int128)1 << 64) + (__int128)a[i] + (__int128)b[i] - (__int128)c[i];
    }
}

/* sign of (a + b - c) - (d + e - f) */
static int sign_diff(const limb *a, const limb *b, const limb *c, const limb *d, const limb *e, const limb *f) {
    __int128 p = (__int128)(int64_t)a[L - 1] + (int64_t)b[L - 1] - (int64_t)c[L - 1] - (int64_t)d[L - 1] -
                 (int64_t)e[L - 1] + (int64_t)f[L - 1];
    for (int i = L - 2;; i--) {
        /* the limbs below add a value in (-3, 3) units of this limb */
        if (p >= 3) return 1;
        if (p <= -3) return -1;
        if (i < 0) return p > 0 ? 1 : (p < 0 ? -1 : 0);
        p = p * ((__int128)1 << 64) + (__int128)a[i] + (__int128)b[i] - (__int128)c[i] - (__int128)d[i] -
            (__int128)e[i] + (__int128)f[i];
    }
}

/* ---- the solver state -------------------------------------------------------- */
typedef struct {
    int n, m;
    int *head, *out_start, *out_list;
    limb *w2, *dual;
    int *mate, *top, *parent, *base, *label, *entry, *best;
    ivec *children, *links, *best_list;
    char *has_best_list, *allowed;
    ivec queue, unused, scratch, marked;
    int *best_to;
    limb *s1, *s2, *delta, *cand;
    int failed;
} Solver;

#define DUAL(x) (S->dual + (size_t)(x) * L)
#define W2(k) (S->w2 + (size_t)(k) * L)

static void slack(Solver *S, int k, limb *out) {
    num_add(out, DUAL(S->head[2 * k + 1]), DUAL(S->head[2 * k]));
    num_sub(out, out, W2(k));
}

static int slack_sign(Solver *S, int k) { return sign3(DUAL(S->head[2 * k + 1]), DUAL(S->head[2 * k]), W2(k)); }

/* is slack(k) < slack(j)? */
static int slack_less(Solver *S, int k, int j) {
    return sign_diff(DUAL(S->head[2 * k + 1]), DUAL(S->head[2 * k]), W2(k), DUAL(S->head[2 * j + 1]),
                     DUAL(S->head[2 * j]), W2(j)) < 0;
}

static void push(Solver *S, ivec *v, int x) {
    if (iv_push(v, x)) S->failed = 1;
}

/* Leaves of b appended to out. */
static void leaves(Solver *S, int b, ivec *out) {
    if (b < S->n) {
        push(S, out, b);
        return;
    }
    ivec stack = {0};
    push(S, &stack, b);
    while (stack.len && !S->failed) {
        int x = stack.data[--stack.len];
        if (x < S->n)
            push(S, out, x);
        else
            for (int i = 0; i < S->children[x].len; i++) push(S, &stack, S->children[x].data[i]);
    }
    iv_free(&stack);
}

static void assign_label(Solver *S, int w, int kind, int half) {
    for (;;) {
        int b = S->top[w];
        S->label[w] = S->label[b] = kind;
        S->entry[w] = S->entry[b] = half;
        S->best[w] = S->best[b] = -1;
        if (kind == OUTER) {
            leaves(S, b, &S->queue);
            return;
        }
        int partner_half = S->mate[S->base[b]];
        w = S->head[partner_half];
        kind = OUTER;
        half = partner_half;
    }
}

static int trace(Solver *S, int v, int w) {
    int found = -1;
    S->marked.len = 0;
    while (v != -1) {
        int b = S->top[v];
        if (S->label[b] & MARK) {
            found = S->base[b];
            break;
        }
        push(S, &S->marked, b);
        S->label[b] = OUTER | MARK;
        if (S->entry[b] == -1)
            v = -1;
        else {
            int inner = S->top[S->head[S->entry[b] ^ 1]];
            v = S->head[S->entry[inner] ^ 1];
        }
        if (w != -1) {
            int t = v;
            v = w;
            w = t;
        }
    }
    for (int i = 0; i < S->marked.len; i++) S->label[S->marked.data[i]] = OUTER;
    return found;
}

static void gather_best_edges(Solver *S, int b) {
    ivec halves = {0}, touched = {0}, leafs = {0};
    ivec *children = &S->children[b];
    for (int ci = 0; ci < children->len; ci++) {
        int c = children->data[ci];
        halves.len = 0;
        if (!S->has_best_list[c]) {
            leafs.len = 0;
            leaves(S, c, &leafs);
            for (int li = 0; li < leafs.len; li++) {
                int x = leafs.data[li];
                for (int p = S->out_start[x]; p < S->out_start[x + 1]; p++) push(S, &halves, S->out_list[p]);
            }
        } else {
            for (int i = 0; i < S->best_list[c].len; i++) push(S, &halves, 2 * S->best_list[c].data[i]);
        }
        for (int i = 0; i < halves.len; i++) {
            int h = halves.data[i], k = h >> 1;
            int other = S->top[S->head[h]];
            if (other == b) {
                other = S->top[S->head[h ^ 1]];
                if (other == b) continue;
            }
            if (S->label[other] != OUTER) continue;
            if (S->best_to[other] == -1) {
                S->best_to[other] = k;
                push(S, &touched, other);
            } else if (slack_less(S, k, S->best_to[other])) {
                S->best_to[other] = k;
            }
        }
        S->has_best_list[c] = 0;
        S->best_list[c].len = 0;
        S->best[c] = -1;
    }
    S->best_list[b].len = 0;
    S->has_best_list[b] = 1;
    S->best[b] = -1;
    for (int i = 0; i < touched.len; i++) {
        int other = touched.data[i], k = S->best_to[other];
        S->best_to[other] = -1;
        push(S, &S->best_list[b], k);
        if (S->best[b] == -1 || slack_less(S, k, S->best[b])) S->best[b] = k;
    }
    iv_free(&halves);
    iv_free(&touched);
    iv_free(&leafs);
}

static void shrink(Solver *S, int base, int half) {
    int root = S->top[base];
    ivec down = {0}, up = {0}, leafs = {0};
    for (int x = S->top[S->head[half ^ 1]]; x != root; x = S->top[S->head[S->entry[x] ^ 1]]) push(S, &down, x);
    for (int x = S->top[S->head[half]]; x != root; x = S->top[S->head[S->entry[x] ^ 1]]) push(S, &up, x);
    int b = S->unused.data[--S->unused.len];
    S->base[b] = base;
    S->parent[b] = -1;
    ivec *children = &S->children[b], *links = &S->links[b];
    children->len = links->len = 0;
    push(S, children, root);
    for (int i = down.len - 1; i >= 0; i--) {
        push(S, children, down.data[i]);
        push(S, links, S->entry[down.data[i]]);
    }
    push(S, links, half);
    for (int i = 0; i < up.len; i++) {
        push(S, children, up.data[i]);
        push(S, links, S->entry[up.data[i]] ^ 1);
    }
    S->label[b] = OUTER;
    S->entry[b] = S->entry[root];
    memset(DUAL(b), 0, (size_t)L * sizeof(limb));
    for (int i = 0; i < children->len; i++) S->parent[children->data[i]] = b;
    for (int i = 0; i < children->len; i++) {
        leafs.len = 0;
        leaves(S, children->data[i], &leafs);
        for (int j = 0; j < leafs.len; j++) {
            int x = leafs.data[j];
            if (S->label[S->top[x]] == INNER) push(S, &S->queue, x);
            S->top[x] = b;
        }
    }
    iv_free(&down);
    iv_free(&up);
    iv_free(&leafs);
    gather_best_edges(S, b);
}

static void set_top(Solver *S, int c) {
    ivec leafs = {0};
    leaves(S, c, &leafs);
    for (int j = 0; j < leafs.len; j++) S->top[leafs.data[j]] = c;
    iv_free(&leafs);
}

static int mod(int a, int b) { return ((a % b) + b) % b; }

static void relabel_expanded(Solver *S, int b) {
    ivec *children = &S->children[b], *links = &S->links[b];
    int size = children->len;
    int into = S->entry[b];
    int entry_child = S->top[S->head[into]], start = 0;
    while (children->data[start] != entry_child) start++;
    int step = (start & 1) ? 1 : -1;
#define LINK(j) (step == 1 ? links->data[mod((j), size)] : (links->data[mod((j) - 1, size)] ^ 1))
    int j = start;
    while (mod(j, size) != 0) {
        assign_label(S, S->head[into], INNER, into);
        S->allowed[LINK(j) >> 1] = 1;
        j += step;
        into = LINK(j);
        S->allowed[into >> 1] = 1;
        j += step;
    }
#undef LINK
    int first = children->data[0], entered = S->head[into];
    S->label[entered] = S->label[first] = INNER;
    S->entry[entered] = S->entry[first] = into;
    S->best[first] = -1;
    j += step;
    ivec leafs = {0};
    while (children->data[mod(j, size)] != entry_child) {
        int c = children->data[mod(j, size)];
        j += step;
        if (S->label[c] == OUTER) continue;
        leafs.len = 0;
        leaves(S, c, &leafs);
        for (int i = 0; i < leafs.len; i++) {
            int x = leafs.data[i];
            if (S->label[x] != FREE) {
                S->label[x] = FREE;
                assign_label(S, x, INNER, S->entry[x]);
                break;
            }
        }
    }
    iv_free(&leafs);
}

static void expand(Solver *S, int b, int end_of_stage) {
    ivec *children = &S->children[b];
    for (int i = 0; i < children->len; i++) {
        int c = children->data[i];
        S->parent[c] = -1;
        if (c < S->n)
            S->top[c] = c;
        else if (end_of_stage && num_sign(DUAL(c)) == 0)
            expand(S, c, 1);
        else
            set_top(S, c);
    }
    if (!end_of_stage && S->label[b] == INNER) relabel_expanded(S, b);
    S->label[b] = FREE;
    S->entry[b] = -1;
    S->children[b].len = 0;
    S->links[b].len = 0;
    S->base[b] = -1;
    S->has_best_list[b] = 0;
    S->best_list[b].len = 0;
    S->best[b] = -1;
    push(S, &S->unused, b);
}

static void rotate(Solver *S, int b, int v) {
    int t = v;
    while (S->parent[t] != b) t = S->parent[t];
    if (t >= S->n) rotate(S, t, v);
    ivec *children = &S->children[b], *links = &S->links[b];
    int size = children->len, i = 0;
    while (children->data[i] != t) i++;
    int step = (i & 1) ? 1 : -1;
    int j = i;
    while (mod(j, size) != 0) {
        j += step;
        int half = step == 1 ? links->data[mod(j, size)] : (links->data[mod(j - 1, size)] ^ 1);
        int ends[2] = {S->head[half ^ 1], S->head[half]};
        int halves[2] = {half, half ^ 1};
        for (int e = 0; e < 2; e++) {
            int c = ends[e];
            while (S->parent[c] != b) c = S->parent[c];
            if (c >= S->n) rotate(S, c, ends[e]);
            S->mate[ends[e]] = halves[e];
        }
        j += step;
    }
    /* children and links start at position i */
    int *tmp = malloc((size_t)size * sizeof(int));
    if (!tmp) {
        S->failed = 1;
        return;
    }
    for (int r = 0; r < size; r++) tmp[r] = children->data[(i + r) % size];
    memcpy(children->data, tmp, (size_t)size * sizeof(int));
    for (int r = 0; r < size; r++) tmp[r] = links->data[(i + r) % size];
    memcpy(links->data, tmp, (size_t)size * sizeof(int));
    free(tmp);
    S->base[b] = S->base[t];
}

static void augment(Solver *S, int half) {
    int starts[2] = {S->head[half ^ 1], S->head[half]};
    int firsts[2] = {half, half ^ 1};
    for (int side = 0; side < 2; side++) {
        int s = starts[side], h = firsts[side];
        for (;;) {
            int bs = S->top[s];
            if (bs >= S->n) rotate(S, bs, s);
            S->mate[s] = h;
            if (S->entry[bs] == -1) break;
            int inner = S->top[S->head[S->entry[bs] ^ 1]];
            int into = S->entry[inner];
            s = S->head[into ^ 1];
            int j = S->head[into];
            if (inner >= S->n) rotate(S, inner, j);
            S->mate[j] = into ^ 1;
            h = into;
        }
    }
}

static void end_stage(Solver *S) {
    for (int b = S->n; b < 2 * S->n; b++)
        if (S->parent[b] == -1 && S->base[b] >= 0 && S->label[b] == OUTER && num_sign(DUAL(b)) == 0) expand(S, b, 1);
}

/* Returns 0 at the optimum, 1 to go on scanning. */
static int dual_step(Solver *S) {
    int n = S->n, kind = 1, arg = -1;
    limb *delta = S->delta, *cand = S->cand;
    num_copy(delta, DUAL(0));
    for (int v = 1; v < n; v++)
        if (num_cmp(DUAL(v), delta) < 0) num_copy(delta, DUAL(v));
    for (int v = 0; v < n; v++)
        if (S->label[S->top[v]] == FREE && S->best[v] != -1) {
            slack(S, S->best[v], cand);
            if (num_cmp(cand, delta) < 0) {
                num_copy(delta, cand);
                kind = 2;
                arg = S->best[v];
            }
        }
    for (int b = 0; b < 2 * n; b++)
        if (S->parent[b] == -1 && S->base[b] >= 0 && S->label[b] == OUTER && S->best[b] != -1) {
            slack(S, S->best[b], S->s1);
            num_half(cand, S->s1);
            if (num_cmp(cand, delta) < 0) {
                num_copy(delta, cand);
                kind = 3;
                arg = S->best[b];
            }
        }
    for (int b = n; b < 2 * n; b++)
        if (S->base[b] >= 0 && S->parent[b] == -1 && S->label[b] == INNER && num_cmp(DUAL(b), delta) < 0) {
            num_copy(delta, DUAL(b));
            kind = 4;
            arg = b;
        }
    for (int v = 0; v < n; v++) {
        int t = S->label[S->top[v]];
        if (t == OUTER)
            num_sub(DUAL(v), DUAL(v), delta);
        else if (t == INNER)
            num_add(DUAL(v), DUAL(v), delta);
    }
    for (int b = n; b < 2 * n; b++)
        if (S->base[b] >= 0 && S->parent[b] == -1) {
            if (S->label[b] == OUTER)
                num_add(DUAL(b), DUAL(b), delta);
            else if (S->label[b] == INNER)
                num_sub(DUAL(b), DUAL(b), delta);
        }
    if (kind == 1) return 0;
    if (kind == 2 || kind == 3) {
        S->allowed[arg] = 1;
        int u = S->head[2 * arg + 1];
        if (S->label[S->top[u]] != OUTER) u = S->head[2 * arg];
        push(S, &S->queue, u);
    } else {
        expand(S, arg, 0);
    }
    return 1;
}

/* Returns 1 after an augmentation, 0 at the optimum. */
static int stage(Solver *S) {
    int n = S->n;
    for (int i = 0; i < 2 * n; i++) {
        S->label[i] = FREE;
        S->best[i] = -1;
        S->has_best_list[i] = 0;
        S->best_list[i].len = 0;
    }
    memset(S->allowed, 0, (size_t)S->m);
    S->queue.len = 0;
    for (int v = 0; v < n; v++)
        if (S->mate[v] == -1 && S->label[S->top[v]] == FREE) assign_label(S, v, OUTER, -1);
    for (;;) {
        while (S->queue.len && !S->failed) {
            int v = S->queue.data[--S->queue.len];
            for (int p = S->out_start[v]; p < S->out_start[v + 1]; p++) {
                int h = S->out_list[p], w = S->head[h], bw = S->top[w];
                if (S->top[v] == bw) continue;
                int k = h >> 1;
                if (!S->allowed[k] && slack_sign(S, k) <= 0) S->allowed[k] = 1;
                if (S->allowed[k]) {
                    if (S->label[bw] == FREE)
                        assign_label(S, w, INNER, h);
                    else if (S->label[bw] == OUTER) {
                        int base = trace(S, v, w);
                        if (base >= 0)
                            shrink(S, base, h);
                        else {
                            augment(S, h);
                            end_stage(S);
                            return 1;
                        }
                    } else if (S->label[w] == FREE) {
                        S->label[w] = INNER;
                        S->entry[w] = h;
                    }
                } else if (S->label[bw] == OUTER) {
                    int bv = S->top[v], b = S->best[bv];
                    if (b == -1 || slack_less(S, k, b)) S->best[bv] = k;
                } else if (S->label[w] == FREE) {
                    int b = S->best[w];
                    if (b == -1 || slack_less(S, k, b)) S->best[w] = k;
                }
            }
        }
        if (S->failed) return 0;
        if (!dual_step(S)) return 0;
    }
}

static void solver_free(Solver *S) {
    free(S->head);
    free(S->out_start);
    free(S->out_list);
    free(S->w2);
    free(S->dual);
    free(S->mate);
    free(S->top);
    free(S->parent);
    free(S->base);
    free(S->label);
    free(S->entry);
    free(S->best);
    free(S->best_to);
    if (S->children)
        for (int i = 0; i < 2 * S->n; i++) {
            iv_free(&S->children[i]);
            iv_free(&S->links[i]);
            iv_free(&S->best_list[i]);
        }
    free(S->children);
    free(S->links);
    free(S->best_list);
    free(S->has_best_list);
    free(S->allowed);
    iv_free(&S->queue);
    iv_free(&S->unused);
    iv_free(&S->scratch);
    iv_free(&S->marked);
    free(S->s1);
    free(S->s2);
    free(S->delta);
    free(S->cand);
}

/* solve(n, us, vs, limbs, weights[, want_duals]) -> list of mates (-1 when exposed),
 * or (mates, duals, parents) when want_duals is true: the duals of the 2n vertices and
 * blossoms as 2n numbers of `limbs` limbs, in the weights' layout, doubled as everywhere
 * here, and the blossom each one lies in directly (-1 for none).
 * us, vs: bytes of int32 (native order); weights: bytes of m numbers of `limbs`
 * little-endian 64-bit limbs each, two's complement. */
static PyObject *py_solve(PyObject *Py_UNUSED(self), PyObject *args) {
    int n, limbs, want_duals = 0;
    Py_buffer us, vs, ws;
    if (!PyArg_ParseTuple(args, "iy*y*iy*|p", &n, &us, &vs, &limbs, &ws, &want_duals)) return NULL;
    int m = (int)(us.len / (Py_ssize_t)sizeof(int32_t));
    PyObject *result = NULL;
    if (n < 0 || limbs < 1 || vs.len != us.len || ws.len != (Py_ssize_t)m * limbs * (Py_ssize_t)sizeof(limb)) {
        PyErr_SetString(PyExc_ValueError, "inconsistent edge arrays");
        goto done_buffers;
    }
    Solver solver = {0}, *S = &solver;
    L = limbs;
    S->n = n;
    S->m = m;
    size_t nn = (size_t)(n ? 2 * n : 2);
    S->head = malloc(sizeof(int) * (size_t)(2 * m + 1));
    S->out_start = calloc((size_t)n + 1, sizeof(int));
    S->out_list = malloc(sizeof(int) * (size_t)(2 * m + 1));
    S->w2 = malloc(sizeof(limb) * (size_t)L * (size_t)(m + 1));
    S->dual = calloc(nn * (size_t)L, sizeof(limb));
    S->mate = malloc(sizeof(int) * (size_t)(n + 1));
    S->top = malloc(sizeof(int) * (size_t)(n + 1));
    S->parent = malloc(sizeof(int) * nn);
    S->base = malloc(sizeof(int) * nn);
    S->label = calloc(nn, sizeof(int));
    S->entry = malloc(sizeof(int) * nn);
    S->best = malloc(sizeof(int) * nn);
    S->best_to = malloc(sizeof(int) * nn);
    S->children = calloc(nn, sizeof(ivec));
    S->links = calloc(nn, sizeof(ivec));
    S->best_list = calloc(nn, sizeof(ivec));
    S->has_best_list = calloc(nn, 1);
    S->allowed = calloc((size_t)m + 1, 1);
    S->s1 = malloc(sizeof(limb) * (size_t)L);
    S->s2 = malloc(sizeof(limb) * (size_t)L);
    S->delta = malloc(sizeof(limb) * (size_t)L);
    S->cand = malloc(sizeof(limb) * (size_t)L);
    if (!S->head || !S->out_start || !S->out_list || !S->w2 || !S->dual || !S->mate || !S->top || !S->parent ||
        !S->base || !S->label || !S->entry || !S->best || !S->best_to || !S->children || !S->links ||
        !S->best_list || !S->has_best_list || !S->allowed || !S->s1 || !S->s2 || !S->delta || !S->cand) {
        PyErr_NoMemory();
        goto done_solver;
    }
    const int32_t *U = us.buf, *V = vs.buf;
    const limb *W = ws.buf;
    for (int k = 0; k < m; k++) {
        if (U[k] < 0 || U[k] >= n || V[k] < 0 || V[k] >= n || U[k] == V[k]) {
            PyErr_SetString(PyExc_ValueError, "edge endpoint out of range");
            goto done_solver;
        }
        S->head[2 * k] = V[k];
        S->head[2 * k + 1] = U[k];
        S->out_start[U[k] + 1]++;
        S->out_start[V[k] + 1]++;
        num_add(W2(k), W + (size_t)k * L, W + (size_t)k * L);
    }
    for (int v = 0; v < n; v++) S->out_start[v + 1] += S->out_start[v];
    {
        int *fill = malloc(sizeof(int) * (size_t)(n + 1));
        if (!fill) {
            PyErr_NoMemory();
            goto done_solver;
        }
        memcpy(fill, S->out_start, sizeof(int) * (size_t)(n + 1));
        for (int k = 0; k < m; k++) {
            S->out_list[fill[U[k]]++] = 2 * k;
            S->out_list[fill[V[k]]++] = 2 * k + 1;
        }
        free(fill);
    }
    /* every vertex dual starts at the largest weight, blossoms at zero */
    if (m > 0) {
        const limb *top_weight = W;
        for (int k = 1; k < m; k++)
            if (num_cmp(W + (size_t)k * L, top_weight) > 0) top_weight = W + (size_t)k * L;
        for (int v = 0; v < n; v++) num_copy(DUAL(v), top_weight);
    }
    for (int v = 0; v < n; v++) {
        S->mate[v] = -1;
        S->top[v] = v;
        S->base[v] = v;
    }
    for (size_t i = 0; i < nn; i++) {
        S->parent[i] = -1;
        S->entry[i] = -1;
        S->best[i] = -1;
        S->best_to[i] = -1;
    }
    for (int b = n; b < 2 * n; b++) S->base[b] = -1;
    for (int b = 2 * n - 1; b >= n; b--) push(S, &S->unused, b);
    /* The GIL stays held: the limb count L is module state. */
    for (int i = 0; i < n / 2 + 1 && !S->failed; i++)
        if (!stage(S)) break;
    if (S->failed) {
        PyErr_NoMemory();
        goto done_solver;
    }
    result = PyList_New(n);
    if (!result) goto done_solver;
    for (int v = 0; v < n; v++) {
        int partner = S->mate[v] == -1 ? -1 : S->head[S->mate[v]];
        PyList_SET_ITEM(result, v, PyLong_FromLong(partner));
    }
    if (want_duals) {
        /* the whole dual solution: vertices 0..n-1, then blossoms n..2n-1 with their parents */
        PyObject *duals =
            PyBytes_FromStringAndSize((const char *)S->dual, (Py_ssize_t)(2 * n) * L * (Py_ssize_t)sizeof(limb));
        PyObject *parents = PyList_New(2 * n);
        if (parents)
            for (int b = 0; b < 2 * n; b++) PyList_SET_ITEM(parents, b, PyLong_FromLong(S->parent[b]));
        PyObject *triple = duals && parents ? PyTuple_Pack(3, result, duals, parents) : NULL;
        Py_XDECREF(duals);
        Py_XDECREF(parents);
        Py_DECREF(result);
        result = triple;
    }
done_solver:
    solver_free(S);
done_buffers:
    PyBuffer_Release(&us);
    PyBuffer_Release(&vs);
    PyBuffer_Release(&ws);
    return result;
}

/* The nest of blossoms of a dual solution: for each vertex and blossom its depth, its
 * outermost blossom, the sum of the duals of the blossoms holding it (itself included
 * when a blossom), and its ancestors 2^j levels up (for the nearest common blossom of
 * two vertices in O(log depth): nests of hundreds of levels occur). */
typedef struct {
    int count, levels;
    int *depth, *top, *up;
    limb *total;
} Nest;

static void nest_free(Nest *N) {
    free(N->depth);
    free(N->top);
    free(N->up);
    free(N->total);
}

/* Returns 1, 0 on a parent out of range (ValueError set), -1 out of memory. */
static int nest_build(Nest *N, int n, const int32_t *P, const limb *D) {
    int nn = 2 * n, levels = 1;
    while ((1 << levels) < nn + 1) levels++;
    N->count = nn;
    N->levels = levels;
    N->depth = malloc(sizeof(int) * (size_t)(nn + 1));
    N->top = malloc(sizeof(int) * (size_t)(nn + 1));
    N->up = malloc(sizeof(int) * (size_t)(nn + 1) * (size_t)levels);
    N->total = calloc((size_t)(nn + 1) * (size_t)L, sizeof(limb));
    int *path = malloc(sizeof(int) * (size_t)(nn + 1));
    if (!N->depth || !N->top || !N->up || !N->total || !path) {
        free(path);
        PyErr_NoMemory();
        return -1;
    }
    int *depth = N->depth, *top = N->top;
    limb *total = N->total;
    for (int b = 0; b < nn; b++) depth[b] = -2;
    for (int b = 0; b < nn; b++) {
        if (depth[b] != -2) continue;
        int len = 0, x = b;
        while (x != -1 && depth[x] == -2) {
            if (x < 0 || x >= nn || len > nn) {
                free(path);
                PyErr_SetString(PyExc_ValueError, "blossom parent out of range");
                return 0;
            }
            path[len++] = x;
            x = P[x];
        }
        for (int i = len - 1; i >= 0; i--) {
            int y = path[i], up = P[y];
            if (up == -1) {
                depth[y] = 0;
                top[y] = y;
                memset(total + (size_t)y * L, 0, sizeof(limb) * (size_t)L);
            } else {
                depth[y] = depth[up] + 1;
                top[y] = top[up];
                memcpy(total + (size_t)y * L, total + (size_t)up * L, sizeof(limb) * (size_t)L);
            }
            if (y >= n) num_add(total + (size_t)y * L, total + (size_t)y * L, D + (size_t)y * L);
        }
    }
    free(path);
    for (int x = 0; x < nn; x++) N->up[x] = P[x];
    for (int j = 1; j < levels; j++)
        for (int x = 0; x < nn; x++) {
            int half = N->up[(size_t)(j - 1) * nn + x];
            N->up[(size_t)j * nn + x] = half == -1 ? -1 : N->up[(size_t)(j - 1) * nn + half];
        }
    return 1;
}

/* The nearest blossom holding both blossoms a and b of one outermost blossom. */
static int nest_common(const Nest *N, int a, int b) {
    int nn = N->count;
    if (N->depth[a] < N->depth[b]) {
        int t = a;
        a = b;
        b = t;
    }
    int diff = N->depth[a] - N->depth[b];
    for (int j = 0; diff; j++, diff >>= 1)
        if (diff & 1) a = N->up[(size_t)j * nn + a];
    if (a == b) return a;
    for (int j = N->levels - 1; j >= 0; j--) {
        int x = N->up[(size_t)j * nn + a], y = N->up[(size_t)j * nn + b];
        if (x != y) {
            a = x;
            b = y;
        }
    }
    return N->up[a];
}

/* sign of dual[u] + dual[v] - w2 + 2 * (the duals of the blossoms holding both), given
 * `sign` the sign without the blossoms (duals of blossoms are never negative); s, r:
 * scratch numbers */
static int sign_with_blossoms(const Nest *N, int u, int v, int sign, const limb *w2, const int32_t *P, const limb *D,
                              limb *s, limb *r) {
    int a = P[u], b = P[v];
    if (a == -1 || b == -1 || N->top[a] != N->top[b]) return sign;
    int c = nest_common(N, a, b);
    num_add(s, D + (size_t)u * L, D + (size_t)v * L);
    num_sub(s, s, w2);
    num_add(r, N->total + (size_t)c * L, N->total + (size_t)c * L);
    num_add(s, s, r);
    return num_sign(s);
}

/* slack_edges(n, us, vs, classes, limbs, table, duals, parents, alive, tight) -> the
 * indices k of the edges (us[k], vs[k]) whose slack under a dual solution is negative
 * (tight: zero). The slack: dual[u] + dual[v] + 2 * (the duals of the blossoms holding
 * both) - 2 * table[classes[k]], duals doubled as in the solver. duals: the 2n numbers of
 * `limbs` limbs of the vertices then the blossoms; parents: int32, the blossom each lies
 * in directly (-1: none); alive: one byte per edge (0: skipped), or empty for all.
 * The Python twin is pairing.engine.matching._slack_edges_python. */
static PyObject *py_slack_edges(PyObject *Py_UNUSED(self), PyObject *args) {
    int n, limbs, tight = 0;
    Py_buffer us, vs, cs, ts, ds, ps, al;
    if (!PyArg_ParseTuple(args, "iy*y*y*iy*y*y*y*p", &n, &us, &vs, &cs, &limbs, &ts, &ds, &ps, &al, &tight))
        return NULL;
    PyObject *result = NULL;
    int m = (int)(us.len / (Py_ssize_t)sizeof(int32_t));
    int classes = limbs > 0 ? (int)(ts.len / ((Py_ssize_t)limbs * (Py_ssize_t)sizeof(limb))) : 0;
    if (n < 0 || limbs < 1 || vs.len != us.len || cs.len != us.len || (al.len != 0 && al.len != m) ||
        ds.len != (Py_ssize_t)2 * n * limbs * (Py_ssize_t)sizeof(limb) || ps.len != (Py_ssize_t)2 * n * (Py_ssize_t)sizeof(int32_t)) {
        PyErr_SetString(PyExc_ValueError, "inconsistent arrays");
        goto done;
    }
    L = limbs;
    const int32_t *U = us.buf, *V = vs.buf, *C = cs.buf, *P = ps.buf;
    const limb *D = ds.buf, *T = ts.buf;
    const unsigned char *A = al.len ? al.buf : NULL;
    Nest nest = {0};
    limb *twice = malloc(sizeof(limb) * (size_t)L * (size_t)(classes + 1));
    limb *s = malloc(sizeof(limb) * (size_t)L), *r = malloc(sizeof(limb) * (size_t)L);
    result = PyList_New(0);
    if (!twice || !s || !r || !result) {
        Py_CLEAR(result);
        PyErr_NoMemory();
        goto done_arrays;
    }
    for (int c = 0; c < classes; c++) num_add(twice + (size_t)c * L, T + (size_t)c * L, T + (size_t)c * L);
    if (nest_build(&nest, n, P, D) != 1) {
        Py_CLEAR(result);
        goto done_arrays;
    }
    for (int k = 0; k < m; k++) {
        if (A && !A[k]) continue;
        int u = U[k], v = V[k], c = C[k];
        if (u < 0 || u >= n || v < 0 || v >= n || c < 0 || c >= classes) {
            Py_CLEAR(result);
            PyErr_SetString(PyExc_ValueError, "edge out of range");
            goto done_arrays;
        }
        const limb *w2 = twice + (size_t)c * L;
        int sign = sign3(D + (size_t)u * L, D + (size_t)v * L, w2);
        if (sign > 0 || (sign == 0 && !tight)) continue;
        int found = sign_with_blossoms(&nest, u, v, sign, w2, P, D, s, r);
        if (found < 0 ? !tight : (found == 0 && tight)) {
            PyObject *index = PyLong_FromLong(k);
            if (!index || PyList_Append(result, index) < 0) {
                Py_XDECREF(index);
                Py_CLEAR(result);
                goto done_arrays;
            }
            Py_DECREF(index);
        }
    }
done_arrays:
    nest_free(&nest);
    free(twice);
    free(s);
    free(r);
done:
    PyBuffer_Release(&us);
    PyBuffer_Release(&vs);
    PyBuffer_Release(&cs);
    PyBuffer_Release(&ts);
    PyBuffer_Release(&ds);
    PyBuffer_Release(&ps);
    PyBuffer_Release(&al);
    return result;
}

/* negative_pairs(n, firsts, seconds, limbs, twice, duals, parents, group, barred_start,
 * barred, face_duals, face_twice) -> [u0, v0, u1, v1, ...]: the pairs of a vertex u of
 * `firsts` and a vertex v != u of `seconds` (both int32, in increasing order of their
 * duals) whose slack dual[u] + dual[v] + 2 * (the duals of the blossoms holding both)
 * - twice is negative; never two vertices of the same nonzero `group` (int32 per
 * vertex), nor v among u's `barred` (int32, u's from barred_start[u] to
 * barred_start[u + 1]); with `face_duals` (else empty), only pairs where
 * face_duals[u] + face_duals[v] == face_twice. A pair with both ends in both lists
 * comes twice. The Python twin: pairing.engine.burstein.brackets.Bracket._slack_below. */
static PyObject *py_negative_pairs(PyObject *Py_UNUSED(self), PyObject *args) {
    int n, limbs;
    Py_buffer fs, ss, tw, ds, ps, gs, bs, bl, fd, ft;
    if (!PyArg_ParseTuple(args, "iy*y*iy*y*y*y*y*y*y*y*", &n, &fs, &ss, &limbs, &tw, &ds, &ps, &gs, &bs, &bl, &fd, &ft))
        return NULL;
    PyObject *result = NULL;
    Py_ssize_t number = (Py_ssize_t)limbs * (Py_ssize_t)sizeof(limb);
    int nf = (int)(fs.len / 4), ns = (int)(ss.len / 4);
    if (n < 0 || limbs < 1 || tw.len != number || ds.len != 2 * n * number || ps.len != (Py_ssize_t)2 * n * 4 ||
        gs.len != (Py_ssize_t)n * 4 || bs.len != (Py_ssize_t)(n + 1) * 4 || (fd.len != 0 && fd.len != n * number) ||
        ft.len != number) {
        PyErr_SetString(PyExc_ValueError, "inconsistent arrays");
        goto done;
    }
    L = limbs;
    const int32_t *F = fs.buf, *S2 = ss.buf, *P = ps.buf, *G = gs.buf, *BS = bs.buf, *BL = bl.buf;
    const limb *D = ds.buf, *TW = tw.buf, *FD = fd.len ? fd.buf : NULL, *FT = ft.buf;
    int nbl = (int)(bl.len / 4);
    for (int i = 0; i < nf; i++)
        if (F[i] < 0 || F[i] >= n) goto out_of_range;
    for (int i = 0; i < ns; i++)
        if (S2[i] < 0 || S2[i] >= n) goto out_of_range;
    for (int v = 0; v < n; v++)
        if (BS[v] < 0 || BS[v] > BS[v + 1] || BS[v + 1] > nbl) goto out_of_range;
    Nest nest = {0};
    limb *s = malloc(sizeof(limb) * (size_t)L), *r = malloc(sizeof(limb) * (size_t)L);
    limb *limit = malloc(sizeof(limb) * (size_t)L), *own = malloc(sizeof(limb) * (size_t)L);
    /* `seconds` by outermost blossom (or none), each group in increasing dual, the groups in
     * increasing order of their smallest dual: a pair within one outermost blossom has at
     * least twice its dual more slack, which spares scanning a blossom holding thousands */
    int *group_of = malloc(sizeof(int) * (size_t)(2 * n + 2)), *group_top = malloc(sizeof(int) * (size_t)(ns + 1));
    int *group_start = calloc((size_t)ns + 2, sizeof(int)), *members = malloc(sizeof(int) * (size_t)(ns + 1));
    int *fill = malloc(sizeof(int) * (size_t)(ns + 1));
    result = PyList_New(0);
    if (!s || !r || !limit || !own || !group_of || !group_top || !group_start || !members || !fill || !result) {
        Py_CLEAR(result);
        PyErr_NoMemory();
        goto done_arrays;
    }
    if (nest_build(&nest, n, P, D) != 1) {
        Py_CLEAR(result);
        goto done_arrays;
    }
    if (ns == 0) goto done_arrays;
    int groups = 0;
    for (int x = 0; x < 2 * n + 2; x++) group_of[x] = -1;
    for (int j = 0; j < ns; j++) {
        int v = S2[j], t = P[v] == -1 ? -1 : nest.top[P[v]];
        if (group_of[t + 1] == -1) {
            group_of[t + 1] = groups;
            group_top[groups++] = t;
        }
        group_start[group_of[t + 1] + 1]++;
    }
    for (int g = 0; g < groups; g++) group_start[g + 1] += group_start[g];
    memcpy(fill, group_start, sizeof(int) * (size_t)groups);
    for (int j = 0; j < ns; j++) {
        int v = S2[j], t = P[v] == -1 ? -1 : nest.top[P[v]];
        members[fill[group_of[t + 1]]++] = v;
    }
    for (int i = 0; i < nf; i++) {
        int u = F[i], tu = P[u] == -1 ? -1 : nest.top[P[u]];
        num_sub(limit, TW, D + (size_t)u * L); /* pairs need dual[v] < twice - dual[u] */
        if (num_cmp(D + (size_t)S2[0] * L, limit) >= 0) break; /* the duals only grow from here */
        for (int g = 0; g < groups; g++) {
            if (num_cmp(D + (size_t)members[group_start[g]] * L, limit) >= 0) break;
            const limb *bound = limit;
            int within = tu != -1 && group_top[g] == tu;
            if (within) { /* the outermost blossom's dual counts twice for every pair in it */
                num_add(r, D + (size_t)tu * L, D + (size_t)tu * L);
                num_sub(own, limit, r);
                bound = own;
            }
            for (int j = group_start[g]; j < group_start[g + 1]; j++) {
                int v = members[j];
                if (num_cmp(D + (size_t)v * L, bound) >= 0) break;
                if (v == u || (G[u] != 0 && G[u] == G[v])) continue;
                int barred = 0;
                for (int k = BS[u]; k < BS[u + 1]; k++)
                    if (BL[k] == v) {
                        barred = 1;
                        break;
                    }
                if (barred) continue;
                if (within && sign_with_blossoms(&nest, u, v, -1, TW, P, D, s, r) >= 0) continue;
                if (FD && sign3(FD + (size_t)u * L, FD + (size_t)v * L, FT) != 0) continue;
                PyObject *a = PyLong_FromLong(u), *b = PyLong_FromLong(v);
                int failed = !a || !b || PyList_Append(result, a) < 0 || PyList_Append(result, b) < 0;
                Py_XDECREF(a);
                Py_XDECREF(b);
                if (failed) {
                    Py_CLEAR(result);
                    goto done_arrays;
                }
            }
        }
    }
done_arrays:
    nest_free(&nest);
    free(s);
    free(r);
    free(limit);
    free(own);
    free(group_of);
    free(group_top);
    free(group_start);
    free(members);
    free(fill);
    goto done;
out_of_range:
    PyErr_SetString(PyExc_ValueError, "vertex out of range");
done:
    PyBuffer_Release(&fs);
    PyBuffer_Release(&ss);
    PyBuffer_Release(&tw);
    PyBuffer_Release(&ds);
    PyBuffer_Release(&ps);
    PyBuffer_Release(&gs);
    PyBuffer_Release(&bs);
    PyBuffer_Release(&bl);
    PyBuffer_Release(&fd);
    PyBuffer_Release(&ft);
    return result;
}

/* shared_counts(n, us, vs, parents, marks) -> bytes of int32, one per edge: how many
 * blossoms with a nonzero `marks` byte (one per vertex and blossom, 2n) hold both ends
 * of the edge (us[k], vs[k]). The Python twin: pairing.engine.matching._shared_counts_python. */
static PyObject *py_shared_counts(PyObject *Py_UNUSED(self), PyObject *args) {
    int n;
    Py_buffer us, vs, ps, ms;
    if (!PyArg_ParseTuple(args, "iy*y*y*y*", &n, &us, &vs, &ps, &ms)) return NULL;
    PyObject *result = NULL;
    int m = (int)(us.len / 4);
    if (n < 0 || vs.len != us.len || ps.len != (Py_ssize_t)2 * n * 4 || ms.len != (Py_ssize_t)2 * n) {
        PyErr_SetString(PyExc_ValueError, "inconsistent arrays");
        goto done;
    }
    L = 1;
    const int32_t *U = us.buf, *V = vs.buf, *P = ps.buf;
    const unsigned char *M = ms.buf;
    Nest nest = {0};
    limb *marks = malloc(sizeof(limb) * (size_t)(2 * n + 1));
    int32_t *out = malloc(sizeof(int32_t) * (size_t)(m + 1));
    if (!marks || !out) {
        PyErr_NoMemory();
        goto done_arrays;
    }
    for (int x = 0; x < 2 * n; x++) marks[x] = M[x] ? 1 : 0;
    if (nest_build(&nest, n, P, marks) != 1) goto done_arrays;
    for (int k = 0; k < m; k++) {
        int u = U[k], v = V[k];
        if (u < 0 || u >= n || v < 0 || v >= n) {
            PyErr_SetString(PyExc_ValueError, "edge out of range");
            goto done_arrays;
        }
        int a = P[u], b = P[v];
        out[k] = (a == -1 || b == -1 || nest.top[a] != nest.top[b]) ? 0 : (int32_t)nest.total[nest_common(&nest, a, b)];
    }
    result = PyBytes_FromStringAndSize((const char *)out, (Py_ssize_t)m * 4);
done_arrays:
    nest_free(&nest);
    free(marks);
    free(out);
done:
    PyBuffer_Release(&us);
    PyBuffer_Release(&vs);
    PyBuffer_Release(&ps);
    PyBuffer_Release(&ms);
    return result;
}

/* The sparse first guess of matching._heaviest_edges (its Python twin): for each vertex, its
 * per_vertex heaviest edges and, when its edges carry at most classes_max distinct weights,
 * its per_weight first edges of each weight; ties broken by the scattered order of the edge
 * indices (k * 2654435761 mod 2**32, the highest first). Weights travel as ranks, 0 the
 * heaviest. Returns the chosen indices in increasing order (int32 bytes). */
typedef struct {
    int32_t rank;
    uint32_t scattered;
    int32_t k;
} EdgeEnd;

static int edge_end_order(const void *a, const void *b) {
    const EdgeEnd *x = a, *y = b;
    if (x->rank != y->rank) return x->rank < y->rank ? -1 : 1;
    return x->scattered > y->scattered ? -1 : (x->scattered < y->scattered ? 1 : 0);
}

static PyObject *py_heaviest_edges(PyObject *Py_UNUSED(self), PyObject *args) {
    int n, per_vertex, per_weight, classes_max;
    Py_buffer us, vs, rs;
    if (!PyArg_ParseTuple(args, "iy*y*y*iii", &n, &us, &vs, &rs, &per_vertex, &per_weight, &classes_max)) return NULL;
    PyObject *result = NULL;
    Py_ssize_t m = us.len / 4;
    int32_t *start = NULL, *out = NULL;
    EdgeEnd *ends = NULL;
    unsigned char *chosen = NULL;
    if (n < 0 || vs.len != us.len || rs.len != us.len) {
        PyErr_SetString(PyExc_ValueError, "inconsistent arrays");
        goto done;
    }
    const int32_t *U = us.buf, *V = vs.buf, *R = rs.buf;
    start = calloc((size_t)n + 2, sizeof(int32_t));
    ends = malloc(sizeof(EdgeEnd) * (size_t)(2 * m + 1));
    chosen = calloc((size_t)m + 1, 1);
    out = malloc(sizeof(int32_t) * (size_t)(m + 1));
    if (!start || !ends || !chosen || !out) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < m; k++) {
        if (U[k] < 0 || U[k] >= n || V[k] < 0 || V[k] >= n) {
            PyErr_SetString(PyExc_ValueError, "edge out of range");
            goto done;
        }
        start[U[k] + 2]++;
        start[V[k] + 2]++;
    }
    for (int v = 0; v < n; v++) start[v + 2] += start[v + 1];
    for (Py_ssize_t k = 0; k < m; k++) {
        EdgeEnd e = {R[k], (uint32_t)((uint64_t)k * 2654435761u), (int32_t)k};
        ends[start[U[k] + 1]++] = e;
        ends[start[V[k] + 1]++] = e;
    }
    for (int v = 0; v < n; v++) {  /* start[v]..start[v + 1]: the ends at v */
        EdgeEnd *list = ends + start[v];
        int degree = start[v + 1] - start[v];
        if (degree <= per_vertex) {
            for (int i = 0; i < degree; i++) chosen[list[i].k] = 1;
            continue;
        }
        qsort(list, (size_t)degree, sizeof(EdgeEnd), edge_end_order);
        int groups = 1;
        for (int i = 1; i < degree; i++) groups += list[i].rank != list[i - 1].rank;
        int each = groups <= classes_max ? per_weight : 0;
        int wanted = per_vertex;  /* the heaviest edges still to take */
        for (int i = 0; i < degree;) {
            int j = i;
            while (j < degree && list[j].rank == list[i].rank) j++;
            int take = wanted > each ? wanted : each;
            if (take <= 0) break;
            for (int x = i; x < j && x - i < take; x++) chosen[list[x].k] = 1;
            wanted -= j - i;
            i = j;
        }
    }
    Py_ssize_t count = 0;
    for (Py_ssize_t k = 0; k < m; k++)
        if (chosen[k]) out[count++] = (int32_t)k;
    result = PyBytes_FromStringAndSize((const char *)out, count * 4);
done:
    free(start);
    free(ends);
    free(chosen);
    free(out);
    PyBuffer_Release(&us);
    PyBuffer_Release(&vs);
    PyBuffer_Release(&rs);
    return result;
}

static PyMethodDef methods[] = {
    {"solve", py_solve, METH_VARARGS, "Maximum-weight matching: solve(n, us, vs, limbs, weights[, want_duals]) -> mates or (mates, duals)."},
    {"slack_edges", py_slack_edges, METH_VARARGS,
     "Edges of negative (or zero) slack: slack_edges(n, us, vs, classes, limbs, table, duals, parents, alive, tight)."},
    {"negative_pairs", py_negative_pairs, METH_VARARGS,
     "Pairs of negative slack between two vertex lists sorted by dual (see the comment above it)."},
    {"shared_counts", py_shared_counts, METH_VARARGS,
     "How many marked blossoms hold both ends of each edge: shared_counts(n, us, vs, parents, marks)."},
    {"heaviest_edges", py_heaviest_edges, METH_VARARGS,
     "The sparse first guess: heaviest_edges(n, us, vs, ranks, per_vertex, per_weight, classes_max) -> int32 indices."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "_blossom",
    .m_doc = "Compiled twin of pairing.engine.blossom.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__blossom(void) { return PyModule_Create(&module); }
