/* The native line-game engine: a C port of solver/lines.py (the incremental board),
 * solver/search.py (iterative-deepening alpha-beta with PVS, transposition table, killer
 * moves, time management) as used by solver/gomoku.py's LinePosition, and solver/vcf.py
 * (threat search: wins by continuous fours and by fours and threes).
 *
 * The port is faithful: on the same position, at a fixed depth and without evaluation noise,
 * it visits the same nodes in the same order and returns the same values, moves and lines as
 * the Python engine (tests/solver/test_native.py checks this).  Two players, k >= 3.
 *
 * Module: _grundy_native (a top-level extension, so an installed copy is found even where
 * the repository's own solver/ package shadows the installed one).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WINV 1000000.0
#define PROVEN (WINV - 100000.0)
#define SETTLED (1 << 20)
#define MAXK 32
#define MAXPLY 256
#define MAXMOVES 1024
#define LINEMAX 1024

enum { EXACT = 0, LOWER = 1, UPPER = 2 };
enum { R_FREE = 0, R_STANDARD = 1, R_RENJU = 2, R_CARO = 3 };

static PyObject *TimeUpError;

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------------------------ */
/* The board                                                                            */

typedef struct {
    PyObject_HEAD
    int width, height, k, n, rule, ends, radius;
    int nw;
    int *wcells;            /* nw * k */
    int *wends;             /* nw * 2 */
    int *cw_start, *cw;     /* windows through a cell */
    int *touch_start, *touch; /* windows to refresh when a cell changes */
    int *nb_start, *nb;     /* neighbours within the radius */
    uint64_t *zob;          /* 2 * n */
    double weight[MAXK + 1], gain[MAXK];
    /* state */
    signed char *board;
    int stones;
    uint64_t key;
    int *hist_c;
    signed char *hist_p;
    int *winners;
    int nhist;
    int *tot;
    int *cnt[2];
    double *val[2], *att[2];
    double score[2];
    int *fourcell[2];
    int *fcount[2];
    uint64_t *fstamp[2];
    int *flist[2], *fpos[2];
    int nf[2];
    uint64_t stamp;
    int *tc[2];     /* nw * 2: the two empty cells of a window one stone short of a four (-1: none) */
    int *tlist[2], *tpos[2];
    int nt[2];
    int *tcount[2];
    int ndouble[2];
    int *near;
    double *asum[2], *vsum[2]; /* per cell: the sums of att and val over its windows (exact: integer weights) */
} Board;

static const int DIRS[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

static int valid_window(Board *b, int w, int p) {
    int rule = b->rule;
    if (rule == R_FREE || (rule == R_RENJU && p != 0)) return 1;
    int a = b->wends[2 * w], e = b->wends[2 * w + 1];
    signed char *bd = b->board;
    int own = p + 1;
    if (rule == R_CARO) {
        return !(a >= 0 && e >= 0 && bd[a] != 0 && bd[a] != own && bd[e] != 0 && bd[e] != own);
    }
    return (a < 0 || bd[a] != own) && (e < 0 || bd[e] != own);
}

static int run_wins(Board *b, int c, int p) {
    int width = b->width, height = b->height, k = b->k;
    signed char *bd = b->board;
    int own = p + 1;
    int x0 = c % width, y0 = c / width;
    int exact = b->rule == R_STANDARD || (b->rule == R_RENJU && p == 0);
    for (int d = 0; d < 4; d++) {
        int dx = DIRS[d][0], dy = DIRS[d][1];
        int n = 1;
        int x = x0 + dx, y = y0 + dy;
        while (x >= 0 && x < width && y >= 0 && y < height && bd[y * width + x] == own) {
            n++; x += dx; y += dy;
        }
        int end1 = (x >= 0 && x < width && y >= 0 && y < height) ? y * width + x : -1;
        x = x0 - dx; y = y0 - dy;
        while (x >= 0 && x < width && y >= 0 && y < height && bd[y * width + x] == own) {
            n++; x -= dx; y -= dy;
        }
        int end2 = (x >= 0 && x < width && y >= 0 && y < height) ? y * width + x : -1;
        if (n < k) continue;
        if (exact) {
            if (n == k) return 1;
            continue;
        }
        if (b->rule == R_CARO) {
            int b1 = end1 >= 0 && bd[end1] != 0 && bd[end1] != own;
            int b2 = end2 >= 0 && bd[end2] != 0 && bd[end2] != own;
            if (b1 && b2) continue;
        }
        return 1;
    }
    return 0;
}

static int makes_win(Board *b, int c, int p) {
    b->board[c] = (signed char)(p + 1);
    int r = run_wins(b, c, p);
    b->board[c] = 0;
    return r;
}

static void four_add(Board *b, int p, int c) {
    if (b->fcount[p][c]++ == 0) {
        b->fstamp[p][c] = ++b->stamp;
        b->fpos[p][c] = b->nf[p];
        b->flist[p][b->nf[p]++] = c;
    }
}

static void four_del(Board *b, int p, int c) {
    if (--b->fcount[p][c] == 0) {
        int i = b->fpos[p][c];
        int last = b->flist[p][--b->nf[p]];
        b->flist[p][i] = last;
        b->fpos[p][last] = i;
    }
}

static void three_set(Board *b, int p, int w, int on) {
    if (on) {
        b->tpos[p][w] = b->nt[p];
        b->tlist[p][b->nt[p]++] = w;
    } else {
        int i = b->tpos[p][w];
        int last = b->tlist[p][--b->nt[p]];
        b->tlist[p][i] = last;
        b->tpos[p][last] = i;
    }
}

static inline void spread(Board *b, double *sums, int w, double d) {
    const int *cells = b->wcells + (size_t)w * b->k;
    for (int j = 0; j < b->k; j++) sums[cells[j]] += d;
}

static void refresh(Board *b, const int *windows, int count) {
    int k = b->k, shrt = k - 2;
    signed char *bd = b->board;
    int *tot = b->tot;
    for (int p = 0; p < 2; p++) {
        int *cnt = b->cnt[p];
        double *val = b->val[p], *att = b->att[p];
        int *fc = b->fourcell[p];
        int *tc = b->tc[p];
        double *as = b->asum[p], *vs = b->vsum[p];
        double delta = 0.0;
        for (int i = 0; i < count; i++) {
            int w = windows[i];
            int n = cnt[w];
            int live = n == tot[w] && n < k && (!b->ends || valid_window(b, w, p));
            double nv, na;
            if (live) {
                nv = b->weight[n];
                na = b->gain[n];
                if (n < shrt && fc[w] < 0 && tc[2 * w] < 0) {
                    double ov = val[w];
                    if (ov != nv) {
                        delta += nv - ov;
                        val[w] = nv;
                        spread(b, vs, w, nv - ov);
                    }
                    if (att[w] != na) {
                        spread(b, as, w, na - att[w]);
                        att[w] = na;
                    }
                    continue;
                }
            } else if (val[w] == 0.0 && att[w] == 0.0 && fc[w] < 0 && tc[2 * w] < 0) {
                continue;
            } else {
                nv = na = 0.0;
            }
            double ov = val[w];
            if (ov != nv) {
                delta += nv - ov;
                val[w] = nv;
                spread(b, vs, w, nv - ov);
            }
            if (att[w] != na) {
                spread(b, as, w, na - att[w]);
                att[w] = na;
            }
            const int *cells = b->wcells + (size_t)w * k;
            int new4 = -1;
            if (live && n == k - 1) {
                for (int j = 0; j < k; j++) {
                    if (!bd[cells[j]]) { new4 = cells[j]; break; }
                }
            }
            int old4 = fc[w];
            if (old4 != new4) {
                if (old4 >= 0) four_del(b, p, old4);
                if (new4 >= 0) four_add(b, p, new4);
                fc[w] = new4;
            }
            int n0 = -1, n1 = -1;
            if (live && n == k - 2) {
                for (int j = 0; j < k; j++) {
                    if (!bd[cells[j]]) {
                        if (n0 < 0) n0 = cells[j]; else { n1 = cells[j]; break; }
                    }
                }
            }
            int o0 = tc[2 * w], o1 = tc[2 * w + 1];
            if (o0 != n0 || o1 != n1) {
                int *tcount = b->tcount[p];
                if (o0 >= 0) {
                    if (--tcount[o0] == 1) b->ndouble[p]--;
                    if (--tcount[o1] == 1) b->ndouble[p]--;
                }
                if (n0 >= 0) {
                    if (++tcount[n0] == 2) b->ndouble[p]++;
                    if (++tcount[n1] == 2) b->ndouble[p]++;
                }
                tc[2 * w] = n0;
                tc[2 * w + 1] = n1;
                if (n0 >= 0 && o0 < 0) three_set(b, p, w, 1);
                else if (n0 < 0 && o0 >= 0) three_set(b, p, w, 0);
            }
        }
        b->score[p] += delta;
    }
}

static void board_place(Board *b, int c, int p) {
    b->board[c] = (signed char)(p + 1);
    b->stones++;
    b->key ^= b->zob[(size_t)p * b->n + c];
    b->hist_c[b->nhist] = c;
    b->hist_p[b->nhist] = (signed char)p;
    int *cnt = b->cnt[p];
    for (int i = b->cw_start[c]; i < b->cw_start[c + 1]; i++) {
        int w = b->cw[i];
        b->tot[w]++;
        cnt[w]++;
    }
    refresh(b, b->touch + b->touch_start[c], b->touch_start[c + 1] - b->touch_start[c]);
    for (int i = b->nb_start[c]; i < b->nb_start[c + 1]; i++) b->near[b->nb[i]]++;
    int won = 0;
    if (b->rule == R_FREE) {
        for (int i = b->cw_start[c]; i < b->cw_start[c + 1]; i++) {
            if (cnt[b->cw[i]] == b->k) { won = 1; break; }
        }
    } else {
        won = run_wins(b, c, p);
    }
    int prev = b->nhist ? b->winners[b->nhist - 1] : -1;
    b->winners[b->nhist] = won ? p : prev;
    b->nhist++;
}

static void board_remove(Board *b) {
    b->nhist--;
    int c = b->hist_c[b->nhist], p = b->hist_p[b->nhist];
    b->board[c] = 0;
    b->stones--;
    b->key ^= b->zob[(size_t)p * b->n + c];
    int *cnt = b->cnt[p];
    for (int i = b->cw_start[c]; i < b->cw_start[c + 1]; i++) {
        int w = b->cw[i];
        b->tot[w]--;
        cnt[w]--;
    }
    refresh(b, b->touch + b->touch_start[c], b->touch_start[c + 1] - b->touch_start[c]);
    for (int i = b->nb_start[c]; i < b->nb_start[c + 1]; i++) b->near[b->nb[i]]--;
}

static inline int winner_of(Board *b) { return b->nhist ? b->winners[b->nhist - 1] : -1; }

/* Winning cells of p in the order the Python dict keeps them (by insertion); caro checks the run. */
static int win_cells(Board *b, int p, int *out) {
    int m = b->nf[p];
    int tmp[MAXMOVES];
    if (m > MAXMOVES) m = MAXMOVES;
    for (int i = 0; i < m; i++) tmp[i] = b->flist[p][i];
    /* insertion sort by stamp */
    for (int i = 1; i < m; i++) {
        int c = tmp[i];
        uint64_t s = b->fstamp[p][c];
        int j = i - 1;
        while (j >= 0 && b->fstamp[p][tmp[j]] > s) { tmp[j + 1] = tmp[j]; j--; }
        tmp[j + 1] = c;
    }
    int r = 0;
    for (int i = 0; i < m; i++) {
        if (b->rule == R_CARO && !makes_win(b, tmp[i], p)) continue;
        out[r++] = tmp[i];
    }
    return r;
}

/* Winning cells: only whether there are any / how many (no order needed). */
static int has_win_cells(Board *b, int p) {
    if (b->rule != R_CARO) return b->nf[p];
    int r = 0;
    for (int i = 0; i < b->nf[p]; i++) r += makes_win(b, b->flist[p][i], p);
    return r;
}

static double cell_value(Board *b, int c, int p, double defence) {
    return b->asum[p][c] + defence * b->vsum[1 - p][c];
}

static int empties_near(Board *b, int *out) {
    int r = 0;
    for (int c = 0; c < b->n; c++)
        if (b->near[c] && !b->board[c]) out[r++] = c;
    if (!r) {
        if (b->stones == 0) {
            int cx = (b->width - 1) / 2, cy = (b->height - 1) / 2;
            out[0] = cy * b->width + cx;
            return 1;
        }
        for (int c = 0; c < b->n; c++)
            if (!b->board[c]) out[r++] = c;
    }
    return r;
}

/* Empty cells where a p stone makes at least one new four, ascending. */
static int four_makers(Board *b, int p, int *out, unsigned char *mark) {
    int r = 0;
    for (int i = 0; i < b->nt[p]; i++) {
        int w = b->tlist[p][i];
        int c0 = b->tc[p][2 * w], c1 = b->tc[p][2 * w + 1];
        if (!mark[c0]) { mark[c0] = 1; out[r++] = c0; }
        if (!mark[c1]) { mark[c1] = 1; out[r++] = c1; }
    }
    for (int i = 0; i < r; i++) mark[out[i]] = 0;
    /* sort ascending */
    for (int i = 1; i < r; i++) {
        int c = out[i], j = i - 1;
        while (j >= 0 && out[j] > c) { out[j + 1] = out[j]; j--; }
        out[j + 1] = c;
    }
    return r;
}

/* Sort cells by a value, descending, ties by their current order (a stable sort). */
static void sort_by_value(int *cells, double *vals, int m) {
    for (int i = 1; i < m; i++) {
        int c = cells[i];
        double v = vals[i];
        int j = i - 1;
        while (j >= 0 && vals[j] < v) { cells[j + 1] = cells[j]; vals[j + 1] = vals[j]; j--; }
        cells[j + 1] = c;
        vals[j + 1] = v;
    }
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* LinePosition.candidates: forced moves alone, else the best-looking cells near the stones. */
static int candidates(Board *b, int p, int width, double defence, int sees_fours, int *out) {
    int tmp[MAXMOVES];
    int m = win_cells(b, p, tmp);
    if (m) { out[0] = tmp[0]; return 1; }
    if (sees_fours) {
        m = win_cells(b, 1 - p, tmp);
        if (m) {
            qsort(tmp, (size_t)m, sizeof(int), cmp_int);
            memcpy(out, tmp, sizeof(int) * (size_t)m);
            return m;
        }
    }
    int *cands = tmp;
    m = empties_near(b, cands);
    if (m > MAXMOVES) m = MAXMOVES;
    /* partial stable selection of the best `width`: value descending, then cell order */
    double bestv[MAXMOVES];
    int r = 0;
    if (width > MAXMOVES) width = MAXMOVES;
    for (int i = 0; i < m; i++) {
        int c = cands[i];
        double v = cell_value(b, c, p, defence);
        if (r == width && !(v > bestv[r - 1])) continue;
        int j = r < width ? r : r - 1;
        if (r < width) r++;
        while (j > 0 && bestv[j - 1] < v) { bestv[j] = bestv[j - 1]; out[j] = out[j - 1]; j--; }
        bestv[j] = v;
        out[j] = c;
    }
    return r;
}

static double evaluate(Board *b, int p) {
    if (b->nf[p]) {
        if (b->rule != R_CARO || has_win_cells(b, p)) return 100000.0;
    }
    int q = 1 - p;
    if (b->nf[q] >= 2) return -100000.0;
    double base = 1.2 * b->score[p] - b->score[q];
    if (b->ndouble[p] && !b->nf[q]) return 20000.0 + base;
    return base;
}

/* ------------------------------------------------------------------------------------ */
/* Board construction                                                                   */

static void board_free_arrays(Board *b) {
    free(b->wcells); free(b->wends); free(b->cw_start); free(b->cw); free(b->touch_start); free(b->touch);
    free(b->nb_start); free(b->nb); free(b->zob); free(b->board); free(b->hist_c); free(b->hist_p);
    free(b->winners); free(b->tot); free(b->near);
    for (int p = 0; p < 2; p++) {
        free(b->cnt[p]); free(b->val[p]); free(b->att[p]); free(b->fourcell[p]); free(b->fcount[p]);
        free(b->fstamp[p]); free(b->flist[p]); free(b->fpos[p]); free(b->tc[p]); free(b->tlist[p]);
        free(b->tpos[p]); free(b->tcount[p]); free(b->asum[p]); free(b->vsum[p]);
    }
}

static void Board_dealloc(Board *b) {
    board_free_arrays(b);
    Py_TYPE(b)->tp_free((PyObject *)b);
}

static int Board_init(Board *b, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"width", "height", "k", "rule", "zobrist", "radius", NULL};
    int width, height, k, rule, radius = 2;
    PyObject *zob;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiiiO|i", kwlist, &width, &height, &k, &rule, &zob, &radius))
        return -1;
    if (width < 1 || height < 1 || width * height > MAXMOVES || k < 3 || k > 16 || rule < 0 || rule > 3) {
        PyErr_SetString(PyExc_ValueError, "native board: unsupported dimensions");
        return -1;
    }
    board_free_arrays(b);
    memset(((char *)b) + sizeof(PyObject), 0, sizeof(Board) - sizeof(PyObject));
    int n = width * height;
    b->width = width; b->height = height; b->k = k; b->n = n; b->rule = rule; b->ends = rule != R_FREE;
    b->radius = radius;
    /* weights */
    b->weight[0] = 0.0;
    for (int i = 1; i < k; i++) b->weight[i] = pow(7.0, i - 1);
    b->weight[k] = pow(7.0, k - 1) * 8.0;
    for (int i = 0; i < k; i++) b->gain[i] = b->weight[i + 1] - b->weight[i];
    /* windows */
    int cap = 4 * n;
    b->wcells = malloc(sizeof(int) * (size_t)cap * k);
    b->wends = malloc(sizeof(int) * (size_t)cap * 2);
    int nw = 0;
    for (int d = 0; d < 4; d++) {
        int dx = DIRS[d][0], dy = DIRS[d][1];
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++) {
                int ex = x + dx * (k - 1), ey = y + dy * (k - 1);
                if (!(ex >= 0 && ex < width && ey >= 0 && ey < height)) continue;
                for (int i = 0; i < k; i++) b->wcells[(size_t)nw * k + i] = (y + dy * i) * width + (x + dx * i);
                int bx = x - dx, by = y - dy, ax = ex + dx, ay = ey + dy;
                b->wends[2 * nw] = (bx >= 0 && bx < width && by >= 0 && by < height) ? by * width + bx : -1;
                b->wends[2 * nw + 1] = (ax >= 0 && ax < width && ay >= 0 && ay < height) ? ay * width + ax : -1;
                nw++;
            }
    }
    b->nw = nw;
    /* cell windows (CSR), in window order */
    b->cw_start = calloc((size_t)n + 1, sizeof(int));
    for (int w = 0; w < nw; w++)
        for (int i = 0; i < k; i++) b->cw_start[b->wcells[(size_t)w * k + i] + 1]++;
    for (int c = 0; c < n; c++) b->cw_start[c + 1] += b->cw_start[c];
    b->cw = malloc(sizeof(int) * ((size_t)b->cw_start[n] + 1));
    int *fill = calloc((size_t)n, sizeof(int));
    for (int w = 0; w < nw; w++)
        for (int i = 0; i < k; i++) {
            int c = b->wcells[(size_t)w * k + i];
            b->cw[b->cw_start[c] + fill[c]++] = w;
        }
    /* touch: own windows plus windows whose ends are this cell (when ends matter), sorted */
    b->touch_start = calloc((size_t)n + 1, sizeof(int));
    int *tmp = malloc(sizeof(int) * (size_t)nw);
    unsigned char *mark = calloc((size_t)nw, 1);
    int total = 0;
    int **lists = malloc(sizeof(int *) * (size_t)n);
    int *lens = malloc(sizeof(int) * (size_t)n);
    for (int c = 0; c < n; c++) {
        int m = 0;
        for (int i = b->cw_start[c]; i < b->cw_start[c + 1]; i++) {
            int w = b->cw[i];
            if (!mark[w]) { mark[w] = 1; tmp[m++] = w; }
        }
        if (b->ends) {
            for (int w = 0; w < nw; w++) {
                if ((b->wends[2 * w] == c || b->wends[2 * w + 1] == c) && !mark[w]) { mark[w] = 1; tmp[m++] = w; }
            }
        }
        for (int i = 0; i < m; i++) mark[tmp[i]] = 0;
        qsort(tmp, (size_t)m, sizeof(int), cmp_int);
        lists[c] = malloc(sizeof(int) * ((size_t)m + 1));
        memcpy(lists[c], tmp, sizeof(int) * (size_t)m);
        lens[c] = m;
        total += m;
    }
    b->touch = malloc(sizeof(int) * ((size_t)total + 1));
    for (int c = 0; c < n; c++) {
        b->touch_start[c + 1] = b->touch_start[c] + lens[c];
        memcpy(b->touch + b->touch_start[c], lists[c], sizeof(int) * (size_t)lens[c]);
        free(lists[c]);
    }
    free(lists); free(lens); free(tmp); free(mark); free(fill);
    /* neighbours */
    b->nb_start = calloc((size_t)n + 1, sizeof(int));
    int side = 2 * radius + 1;
    b->nb = malloc(sizeof(int) * (size_t)n * (size_t)(side * side));
    int m = 0;
    for (int c = 0; c < n; c++) {
        int cx = c % width, cy = c / width;
        for (int dy = -radius; dy <= radius; dy++)
            for (int dx = -radius; dx <= radius; dx++) {
                if (!(dx || dy)) continue;
                if (cx + dx >= 0 && cx + dx < width && cy + dy >= 0 && cy + dy < height)
                    b->nb[m++] = (cy + dy) * width + cx + dx;
            }
        b->nb_start[c + 1] = m;
    }
    /* zobrist keys from Python: [[...n], [...n]] */
    b->zob = malloc(sizeof(uint64_t) * 2 * (size_t)n);
    for (int p = 0; p < 2; p++) {
        PyObject *row = PySequence_GetItem(zob, p);
        if (!row) return -1;
        for (int c = 0; c < n; c++) {
            PyObject *v = PySequence_GetItem(row, c);
            if (!v) { Py_DECREF(row); return -1; }
            b->zob[(size_t)p * n + c] = (uint64_t)PyLong_AsUnsignedLongLongMask(v);
            Py_DECREF(v);
        }
        Py_DECREF(row);
    }
    /* state */
    b->board = calloc((size_t)n, 1);
    b->hist_c = malloc(sizeof(int) * ((size_t)n + 1));
    b->hist_p = malloc((size_t)n + 1);
    b->winners = malloc(sizeof(int) * ((size_t)n + 1));
    b->tot = calloc((size_t)nw, sizeof(int));
    b->near = calloc((size_t)n, sizeof(int));
    for (int p = 0; p < 2; p++) {
        b->cnt[p] = calloc((size_t)nw, sizeof(int));
        b->val[p] = calloc((size_t)nw, sizeof(double));
        b->att[p] = malloc(sizeof(double) * (size_t)nw);
        for (int w = 0; w < nw; w++) b->att[p][w] = b->weight[1] - b->weight[0];
        b->fourcell[p] = malloc(sizeof(int) * (size_t)nw);
        for (int w = 0; w < nw; w++) b->fourcell[p][w] = -1;
        b->fcount[p] = calloc((size_t)n, sizeof(int));
        b->fstamp[p] = calloc((size_t)n, sizeof(uint64_t));
        b->flist[p] = malloc(sizeof(int) * (size_t)n);
        b->fpos[p] = malloc(sizeof(int) * (size_t)n);
        b->tc[p] = malloc(sizeof(int) * 2 * (size_t)nw);
        for (int w = 0; w < 2 * nw; w++) b->tc[p][w] = -1;
        b->tlist[p] = malloc(sizeof(int) * (size_t)nw);
        b->tpos[p] = malloc(sizeof(int) * (size_t)nw);
        b->tcount[p] = calloc((size_t)n, sizeof(int));
        b->vsum[p] = calloc((size_t)n, sizeof(double));
        b->asum[p] = calloc((size_t)n, sizeof(double));
        for (int c = 0; c < n; c++)
            b->asum[p][c] = (b->weight[1] - b->weight[0]) * (b->cw_start[c + 1] - b->cw_start[c]);
    }
    return 0;
}

/* ------------------------------------------------------------------------------------ */
/* Alpha-beta (solver/search.py's Searcher over gomoku.LinePosition)                    */

typedef struct {
    uint64_t key;
    double value;
    int depth;
    short move;
    signed char flag;
    signed char used;
} TTEntry;

typedef struct {
    Board *b;
    int width, sees_fours, max_depth, extend_forced;
    double defence, noise;
    uint64_t salt;
    double deadline;
    long long nodes;
    int stop;
    int horizon_hit;
    int killers[MAXPLY][2];
    int pv[MAXPLY + 2][MAXPLY + 2];
    int pvlen[MAXPLY + 2];
    TTEntry *tt;
    size_t tt_mask, tt_count, tt_limit;
    int leaf_vcf;  /* > 0: at the horizon, a VCF of up to this many fours for the side to move wins */
    void *leaf;    /* the Threats searching it (with its own table of refuted positions) */
} Search;

static int leaf_has_vcf(Search *s, int p);

static TTEntry *tt_find(Search *s, uint64_t key) {
    size_t i = (size_t)(key ^ (key >> 29)) & s->tt_mask;
    while (s->tt[i].used) {
        if (s->tt[i].key == key) return &s->tt[i];
        i = (i + 1) & s->tt_mask;
    }
    return NULL;
}

static void tt_store(Search *s, uint64_t key, int depth, int flag, double value, int move, int limit_check) {
    TTEntry *e = tt_find(s, key);
    if (!e) {
        if (limit_check && s->tt_count >= s->tt_limit) {
            memset(s->tt, 0, sizeof(TTEntry) * (s->tt_mask + 1));
            s->tt_count = 0;
        }
        size_t i = (size_t)(key ^ (key >> 29)) & s->tt_mask;
        while (s->tt[i].used) i = (i + 1) & s->tt_mask;
        e = &s->tt[i];
        e->used = 1;
        e->key = key;
        s->tt_count++;
    } else if (limit_check && s->tt_count >= s->tt_limit) {
        memset(s->tt, 0, sizeof(TTEntry) * (s->tt_mask + 1));
        s->tt_count = 0;
        tt_store(s, key, depth, flag, value, move, 0);
        return;
    }
    e->depth = depth;
    e->flag = (signed char)flag;
    e->value = value;
    e->move = (short)move;
}

static double noise_of(Search *s, uint64_t key) {
    uint64_t z = key ^ (s->salt * 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    double h = (double)(z & 0xFFFF);
    return s->noise * (h / 32767.5 - 1.0);
}

static int time_check(Search *s) {
    if ((s->nodes & 255) == 0 && now_s() >= s->deadline) s->stop = 1;
    return s->stop;
}

static double negamax(Search *s, int p, int depth, double alpha, double beta, int ply);

/* The value of move m for its mover p; the child's line lands in s->pv[ply + 1]. */
static double child_value(Search *s, int p, int m, int depth, double alpha, double beta, int ply) {
    Board *b = s->b;
    board_place(b, m, p);
    double v;
    int w = winner_of(b);
    if (w >= 0) {
        v = w == p ? WINV - ply - 1 : -(WINV - ply - 1);
        s->pvlen[ply + 1] = 0;
    } else if (b->stones >= b->n) {
        v = 0.0;
        s->pvlen[ply + 1] = 0;
    } else {
        v = -negamax(s, 1 - p, depth, -beta, -alpha, ply + 1);
    }
    board_remove(b);
    return v;
}

static int order_moves(Search *s, int *moves, int m, int ply, int tt_move, int *out) {
    int r = 0;
    int first[3];
    int nfirst = 0;
    if (tt_move >= 0) {
        for (int i = 0; i < m; i++)
            if (moves[i] == tt_move) { first[nfirst++] = tt_move; break; }
    }
    if (ply < MAXPLY) {
        for (int j = 0; j < 2; j++) {
            int kk = s->killers[ply][j];
            if (kk < 0) continue;
            int dup = 0;
            for (int i = 0; i < nfirst; i++) dup |= first[i] == kk;
            if (dup) continue;
            for (int i = 0; i < m; i++)
                if (moves[i] == kk) { first[nfirst++] = kk; break; }
        }
    }
    for (int i = 0; i < nfirst; i++) out[r++] = first[i];
    for (int i = 0; i < m; i++) {
        int dup = 0;
        for (int j = 0; j < nfirst; j++) dup |= first[j] == moves[i];
        if (!dup) out[r++] = moves[i];
    }
    return r;
}

static void remember(Search *s, int m, int ply) {
    if (ply < MAXPLY) {
        if (s->killers[ply][0] != m) {
            s->killers[ply][1] = s->killers[ply][0];
            s->killers[ply][0] = m;
        }
    }
}

static double negamax(Search *s, int p, int depth, double alpha, double beta, int ply) {
    Board *b = s->b;
    s->nodes++;
    if (time_check(s)) return 0.0;
    s->pvlen[ply] = 0;
    if (depth <= 0 || ply >= 250) {
        s->horizon_hit = 1;
        double v = evaluate(b, p);
        if (s->leaf_vcf > 0 && v < 100000.0 && v > -100000.0 && b->nt[p] && !b->nf[1 - p]) {
            int won = leaf_has_vcf(s, p);
            if (s->stop) return 0.0;
            if (won) return 90000.0 + v * 1e-3;
        }
        if (s->noise != 0.0) v += noise_of(s, b->key);
        return v;
    }
    uint64_t key = b->key;
    double alpha0 = alpha;
    int tt_move = -1;
    TTEntry *e = tt_find(s, key);
    if (e) {
        tt_move = e->move;
        if (e->depth >= depth) {
            double v = e->value;
            if (v > PROVEN) v -= ply;
            else if (v < -PROVEN) v += ply;
            if (e->flag == EXACT || (e->flag == LOWER && v >= beta) || (e->flag == UPPER && v <= alpha)) {
                if (e->depth < SETTLED) s->horizon_hit = 1;
                if (tt_move >= 0) { s->pv[ply][0] = tt_move; s->pvlen[ply] = 1; }
                return v;
            }
        }
    }
    int moves[MAXMOVES], ordered[MAXMOVES];
    int m = candidates(b, p, s->width, s->defence, s->sees_fours, moves);
    if (!m) return evaluate(b, p);
    int outer_horizon = s->horizon_hit;
    s->horizon_hit = 0;
    int next_depth = depth - 1;
    if (s->extend_forced && m == 1 && ply < 60) next_depth = depth;
    m = order_moves(s, moves, m, ply, tt_move, ordered);
    double best = -INFINITY;
    int best_move = -1;
    for (int i = 0; i < m; i++) {
        int mv = ordered[i];
        double v;
        if (i == 0) {
            v = child_value(s, p, mv, next_depth, alpha, beta, ply);
        } else {
            v = child_value(s, p, mv, next_depth, alpha, alpha + 1e-6, ply);
            if (!s->stop && alpha < v && v < beta) v = child_value(s, p, mv, next_depth, v, beta, ply);
        }
        if (s->stop) return 0.0;
        if (v > best) {
            best = v;
            best_move = mv;
            s->pv[ply][0] = mv;
            int cl = s->pvlen[ply + 1];
            if (cl > MAXPLY) cl = MAXPLY;
            memcpy(&s->pv[ply][1], s->pv[ply + 1], sizeof(int) * (size_t)cl);
            s->pvlen[ply] = cl + 1;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) {
                    remember(s, mv, ply);
                    break;
                }
            }
        }
    }
    int flag = (alpha0 < best && best < beta) ? EXACT : (best >= beta ? LOWER : UPPER);
    double stored = best;
    if (stored > PROVEN) stored += ply;
    else if (stored < -PROVEN) stored -= ply;
    int proof = (best > PROVEN && flag != UPPER) || (best < -PROVEN && flag != LOWER);
    int settled = proof || !s->horizon_hit;
    s->horizon_hit = outer_horizon || s->horizon_hit;
    e = tt_find(s, key);
    if (!e || e->depth <= depth || settled) tt_store(s, key, settled ? SETTLED : depth, flag, stored, best_move, 1);
    return best;
}

/* ------------------------------------------------------------------------------------ */
/* Threat search (solver/vcf.py's ThreatSearch)                                         */

typedef struct {
    uint64_t key;
    int depth;
    int used;
} RefEntry;

typedef struct {
    PyObject_HEAD
    Board *board; /* a strong reference */
    RefEntry *ref;
    size_t ref_mask, ref_count;
    long long nodes;
    double deadline;
    int stop;
    int vct_width, vct_vcf_depth;
    unsigned char *mark;
} Threats;

static RefEntry *ref_slot(Threats *t, uint64_t key, int create) {
    size_t i = (size_t)(key ^ (key >> 31)) & t->ref_mask;
    while (t->ref[i].used) {
        if (t->ref[i].key == key) return &t->ref[i];
        i = (i + 1) & t->ref_mask;
    }
    if (!create) return NULL;
    if (t->ref_count * 2 >= t->ref_mask) {
        /* full: forget (the table only prunes; the results do not depend on it) */
        memset(t->ref, 0, sizeof(RefEntry) * (t->ref_mask + 1));
        t->ref_count = 0;
        i = (size_t)(key ^ (key >> 31)) & t->ref_mask;
    }
    t->ref[i].used = 1;
    t->ref[i].key = key;
    t->ref[i].depth = -1;
    t->ref_count++;
    return &t->ref[i];
}

static uint64_t ref_key(uint64_t key, int a) { return key * 2654435761ULL + (uint64_t)a * 0x9E3779B97F4A7C15ULL + (uint64_t)a; }

static void refute(Threats *t, uint64_t rk, int depth, int seen) {
    RefEntry *e = ref_slot(t, rk, 1);
    e->depth = depth > seen ? depth : seen;
}

static int ts_tick(Threats *t) {
    t->nodes++;
    if ((t->nodes & 63) == 0 && now_s() >= t->deadline) t->stop = 1;
    return t->stop;
}

static int lines_through(Board *b, int c, int p) {
    int dirs[4], nd = 0;
    for (int i = b->cw_start[c]; i < b->cw_start[c + 1]; i++) {
        int w = b->cw[i];
        if (b->fourcell[p][w] >= 0) {
            int step = b->wcells[(size_t)w * b->k + 1] - b->wcells[(size_t)w * b->k];
            int dup = 0;
            for (int j = 0; j < nd; j++) dup |= dirs[j] == step;
            if (!dup) dirs[nd++] = step;
        }
    }
    return nd;
}

static int forbidden(Board *b, int c, int p) {
    if (b->rule != R_RENJU || p != 0) return 0;
    if (makes_win(b, c, p)) return 0;
    board_place(b, c, p);
    int r = lines_through(b, c, p) >= 2;
    board_remove(b);
    return r;
}

/* Each returns the length of the line written to out, or -1 (None). */
static int vcf(Threats *t, int a, int d, int depth, int *out) {
    Board *b = t->board;
    if (ts_tick(t)) return -1;
    int mine[MAXMOVES], theirs[MAXMOVES], cands[MAXMOVES];
    int nm = win_cells(b, a, mine);
    if (nm) { out[0] = mine[0]; return 1; }
    if (depth <= 0) return -1;
    uint64_t rk = ref_key(b->key, a);
    RefEntry *e = ref_slot(t, rk, 0);
    int seen = e ? e->depth : -1;
    if (e && seen >= depth) return -1;
    int nth = win_cells(b, d, theirs);
    if (nth > 1) { refute(t, rk, depth, seen); return -1; }
    int nc;
    if (nth) {
        int fm = four_makers(b, a, cands, t->mark);
        int found = 0;
        for (int i = 0; i < fm; i++) found |= cands[i] == theirs[0];
        nc = 0;
        if (found) { cands[0] = theirs[0]; nc = 1; }
    } else {
        nc = four_makers(b, a, cands, t->mark);
        if (nc > 1) {
            double vals[MAXMOVES];
            for (int i = 0; i < nc; i++) vals[i] = cell_value(b, cands[i], a, 0.5);
            sort_by_value(cands, vals, nc);
        }
    }
    for (int i = 0; i < nc; i++) {
        int c = cands[i];
        if (forbidden(b, c, a)) continue;
        board_place(b, c, a);
        if (winner_of(b) == a) { board_remove(b); out[0] = c; return 1; }
        int thr[MAXMOVES];
        int nthr = win_cells(b, a, thr);
        if (!nthr) { board_remove(b); continue; }
        if (nthr >= 2) {
            if (!has_win_cells(b, d)) {
                board_remove(b);
                out[0] = c; out[1] = thr[0]; out[2] = thr[1];
                return 3;
            }
            board_remove(b);
            continue;
        }
        if (depth == 1) { board_remove(b); continue; }
        int block = thr[0];
        board_place(b, block, d);
        int rest = -1;
        if (winner_of(b) != d) rest = vcf(t, a, d, depth - 1, out + 2);
        board_remove(b);
        board_remove(b);
        if (t->stop) return -1;
        if (rest >= 0) {
            out[0] = c; out[1] = block;
            return rest + 2;
        }
    }
    if (t->stop) return -1;
    refute(t, rk, depth, seen);
    return -1;
}

static int vct(Threats *t, int a, int d, int depth, int *out);

static int leaf_has_vcf(Search *s, int p) {
    Threats *t = (Threats *)s->leaf;
    t->deadline = s->deadline;
    int out[LINEMAX];
    int r = vcf(t, p, 1 - p, s->leaf_vcf, out);
    if (t->stop) s->stop = 1;
    return r >= 0;
}

static int double_win(Threats *t, int a, int d, int *out) {
    Board *b = t->board;
    if (!b->ndouble[a] || has_win_cells(b, d)) return -1;
    int cells[MAXMOVES];
    int m = empties_near(b, cells);
    for (int i = 0; i < m; i++) {
        int x = cells[i];
        if (b->tcount[a][x] >= 2 && !forbidden(b, x, a)) {
            board_place(b, x, a);
            int wins[MAXMOVES];
            int nw = win_cells(b, a, wins);
            if (winner_of(b) == a) { board_remove(b); out[0] = x; return 1; }
            board_remove(b);
            if (nw >= 2) { out[0] = x; out[1] = wins[0]; out[2] = wins[1]; return 3; }
        }
    }
    return -1;
}

static int threat_moves(Threats *t, int a, int *out) {
    Board *b = t->board;
    int fm[MAXMOVES], nfm = four_makers(b, a, fm, t->mark);
    int nf = 0;
    double vals[MAXMOVES];
    for (int i = 0; i < nfm; i++)
        if (!forbidden(b, fm[i], a)) out[nf++] = fm[i];
    for (int i = 0; i < nf; i++) vals[i] = cell_value(b, out[i], a, 0.5);
    sort_by_value(out, vals, nf);
    for (int i = 0; i < nf; i++) t->mark[out[i]] = 1;
    int near[MAXMOVES], nn = empties_near(b, near);
    int ranked[MAXMOVES], nr = 0;
    for (int i = 0; i < nn; i++)
        if (!t->mark[near[i]]) ranked[nr++] = near[i];
    for (int i = 0; i < nf; i++) t->mark[out[i]] = 0;
    for (int i = 0; i < nr; i++) vals[i] = cell_value(b, ranked[i], a, 0.3);
    sort_by_value(ranked, vals, nr);
    int fresh = !b->ndouble[a] && b->k >= 3;
    int need = b->k - 3;
    int nth = 0;
    int lim = t->vct_width * 2;
    if (lim > nr) lim = nr;
    for (int i = 0; i < lim; i++) {
        int c = ranked[i];
        if (fresh) {
            int any = 0;
            for (int j = b->cw_start[c]; j < b->cw_start[c + 1]; j++) {
                int w = b->cw[j];
                if (b->cnt[a][w] == need && need == b->tot[w]) { any = 1; break; }
            }
            if (!any) continue;
        }
        if (forbidden(b, c, a)) continue;
        board_place(b, c, a);
        int dbl = b->ndouble[a];
        board_remove(b);
        if (dbl) out[nf + nth++] = c;
        if (nth >= t->vct_width) break;
    }
    return nf + nth;
}

static int three_defences(Threats *t, int a, int d, int *out) {
    Board *b = t->board;
    int near[MAXMOVES], nn = empties_near(b, near);
    int cells[MAXMOVES * 2], nc = 0;
    unsigned char *mark = t->mark;
    int doubles[MAXMOVES], nd = 0;
    for (int i = 0; i < nn; i++)
        if (b->tcount[a][near[i]] >= 2) doubles[nd++] = near[i];
    for (int i = 0; i < nd; i++)
        if (!mark[doubles[i]]) { mark[doubles[i]] = 1; cells[nc++] = doubles[i]; }
    for (int i = 0; i < b->nt[a]; i++) {
        int w = b->tlist[a][i];
        const int *cs = b->wcells + (size_t)w * b->k;
        int any = 0;
        for (int j = 0; j < b->k && !any; j++)
            for (int x = 0; x < nd; x++)
                if (cs[j] == doubles[x]) { any = 1; break; }
        if (!any) continue;
        for (int j = 0; j < b->k; j++) {
            int c = cs[j];
            if (!b->board[c] && !mark[c]) { mark[c] = 1; cells[nc++] = c; }
        }
    }
    int fm[MAXMOVES], nfm = four_makers(b, d, fm, mark);
    for (int i = 0; i < nfm; i++)
        if (!mark[fm[i]]) { mark[fm[i]] = 1; cells[nc++] = fm[i]; }
    for (int i = 0; i < nc; i++) mark[cells[i]] = 0;
    qsort(cells, (size_t)nc, sizeof(int), cmp_int);
    int r = 0;
    for (int i = 0; i < nc; i++) {
        board_place(b, cells[i], d);
        int ok = !b->ndouble[a] || has_win_cells(b, d);
        board_remove(b);
        if (ok) out[r++] = cells[i];
    }
    return r;
}

static int reply(Threats *t, int a, int d, int depth, int *out) {
    Board *b = t->board;
    if (winner_of(b) == a) return 0;
    if (has_win_cells(b, d)) return -1;
    int fours[MAXMOVES];
    int nf = win_cells(b, a, fours);
    if (nf >= 2) { out[0] = fours[0]; out[1] = fours[1]; return 2; }
    if (nf == 1) {
        int block = fours[0];
        board_place(b, block, d);
        int rest = -1;
        if (winner_of(b) != d) rest = vct(t, a, d, depth, out + 1);
        board_remove(b);
        if (rest < 0) return -1;
        out[0] = block;
        return rest + 1;
    }
    if (!b->ndouble[a]) return -1;
    int replies[MAXMOVES * 2];
    int nr = three_defences(t, a, d, replies);
    if (!nr) return 0;
    int main_len = -1;
    int *scratch = malloc(sizeof(int) * LINEMAX);
    for (int i = 0; i < nr; i++) {
        int r = replies[i];
        board_place(b, r, d);
        int *dst = main_len < 0 ? out + 1 : scratch;
        int rest = vct(t, a, d, depth, dst);
        board_remove(b);
        if (rest < 0) { free(scratch); return -1; }
        if (main_len < 0) {
            out[0] = r;
            main_len = rest + 1;
        }
    }
    free(scratch);
    return main_len;
}

static int vct(Threats *t, int a, int d, int depth, int *out) {
    Board *b = t->board;
    if (ts_tick(t)) return -1;
    int mine[MAXMOVES], theirs[MAXMOVES];
    int nm = win_cells(b, a, mine);
    if (nm) { out[0] = mine[0]; return 1; }
    int nth = win_cells(b, d, theirs);
    if (nth > 1) return -1;
    if (nth) {
        int tt = theirs[0];
        if (forbidden(b, tt, a)) return -1;
        board_place(b, tt, a);
        int rest = reply(t, a, d, depth, out + 1);
        board_remove(b);
        if (rest < 0) return -1;
        out[0] = tt;
        return rest + 1;
    }
    int r = double_win(t, a, d, out);
    if (r >= 0) return r;
    r = vcf(t, a, d, t->vct_vcf_depth, out);
    if (r >= 0) return r;
    if (t->stop) return -1;
    if (depth <= 0) return -1;
    uint64_t rk = ref_key(b->key ^ 0x7C7ULL, a);
    RefEntry *e = ref_slot(t, rk, 0);
    int seen = e ? e->depth : -1;
    if (e && seen >= depth) return -1;
    int moves[MAXMOVES * 2];
    int nmv = threat_moves(t, a, moves);
    for (int i = 0; i < nmv; i++) {
        int c = moves[i];
        board_place(b, c, a);
        int rest = reply(t, a, d, depth - 1, out + 1);
        board_remove(b);
        if (t->stop) return -1;
        if (rest >= 0) { out[0] = c; return rest + 1; }
    }
    if (t->stop) return -1;
    refute(t, rk, depth, seen);
    return -1;
}

/* ------------------------------------------------------------------------------------ */
/* Python methods                                                                       */

static PyObject *int_list(const int *xs, int n) {
    PyObject *l = PyList_New(n);
    if (!l) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(l, i, PyLong_FromLong(xs[i]));
    return l;
}

static int check_cell(Board *b, int c) {
    if (c < 0 || c >= b->n) {
        PyErr_Format(PyExc_IndexError, "cell %d off the board", c);
        return 0;
    }
    return 1;
}

static PyObject *Board_place(Board *b, PyObject *args) {
    int c, p;
    if (!PyArg_ParseTuple(args, "ii", &c, &p)) return NULL;
    if (!check_cell(b, c)) return NULL;
    if (b->board[c] || p < 0 || p > 1) {
        PyErr_Format(PyExc_ValueError, "cannot place player %d on cell %d", p, c);
        return NULL;
    }
    board_place(b, c, p);
    Py_RETURN_NONE;
}

static PyObject *Board_remove(Board *b, PyObject *noargs) {
    (void)noargs;
    if (!b->nhist) {
        PyErr_SetString(PyExc_IndexError, "no stone to remove");
        return NULL;
    }
    board_remove(b);
    Py_RETURN_NONE;
}

static PyObject *Board_win_cells(Board *b, PyObject *args) {
    int p;
    if (!PyArg_ParseTuple(args, "i", &p)) return NULL;
    int out[MAXMOVES];
    int m = win_cells(b, p & 1, out);
    return int_list(out, m);
}

static PyObject *Board_four_cells(Board *b, PyObject *args) {
    /* the winning cells by the windows (no caro check), in insertion order, with their counts */
    int p;
    if (!PyArg_ParseTuple(args, "i", &p)) return NULL;
    p &= 1;
    int saved = b->rule;
    b->rule = b->rule == R_CARO ? R_FREE : b->rule; /* win_cells without the caro run check */
    int out[MAXMOVES];
    int m = win_cells(b, p, out);
    b->rule = saved;
    PyObject *d = PyDict_New();
    for (int i = 0; i < m; i++) {
        PyObject *k = PyLong_FromLong(out[i]), *v = PyLong_FromLong(b->fcount[p][out[i]]);
        PyDict_SetItem(d, k, v);
        Py_DECREF(k);
        Py_DECREF(v);
    }
    return d;
}

static PyObject *Board_four_makers(Board *b, PyObject *args) {
    int p;
    if (!PyArg_ParseTuple(args, "i", &p)) return NULL;
    int out[MAXMOVES];
    unsigned char *mark = calloc((size_t)b->n, 1);
    int m = four_makers(b, p & 1, out, mark);
    free(mark);
    return int_list(out, m);
}

static PyObject *Board_candidates(Board *b, PyObject *args) {
    int p, width, sees = 1;
    double defence;
    if (!PyArg_ParseTuple(args, "iid|p", &p, &width, &defence, &sees)) return NULL;
    int out[MAXMOVES];
    int m = candidates(b, p & 1, width, defence, sees, out);
    return int_list(out, m);
}

static PyObject *Board_empties_near(Board *b, PyObject *noargs) {
    (void)noargs;
    int *out = malloc(sizeof(int) * (size_t)b->n + sizeof(int));
    int m = empties_near(b, out);
    PyObject *r = int_list(out, m);
    free(out);
    return r;
}

static PyObject *Board_cell_value(Board *b, PyObject *args) {
    int c, p;
    double defence = 1.0;
    if (!PyArg_ParseTuple(args, "ii|d", &c, &p, &defence)) return NULL;
    if (!check_cell(b, c)) return NULL;
    return PyFloat_FromDouble(cell_value(b, c, p & 1, defence));
}

static PyObject *Board_evaluate(Board *b, PyObject *args) {
    int p;
    if (!PyArg_ParseTuple(args, "i", &p)) return NULL;
    return PyFloat_FromDouble(evaluate(b, p & 1));
}

static PyObject *Board_makes_win(Board *b, PyObject *args) {
    int c, p;
    if (!PyArg_ParseTuple(args, "ii", &c, &p)) return NULL;
    if (!check_cell(b, c)) return NULL;
    return PyBool_FromLong(makes_win(b, c, p & 1));
}

static PyObject *Board_forbidden_four(Board *b, PyObject *args) {
    int c;
    if (!PyArg_ParseTuple(args, "i", &c)) return NULL;
    if (!check_cell(b, c) || b->board[c]) return PyBool_FromLong(0);
    return PyBool_FromLong(forbidden(b, c, 0));
}

static PyObject *Board_cell(Board *b, PyObject *args) {
    int c;
    if (!PyArg_ParseTuple(args, "i", &c)) return NULL;
    if (!check_cell(b, c)) return NULL;
    return PyLong_FromLong(b->board[c]);
}

static PyObject *Board_state(Board *b, PyObject *noargs) {
    /* (winner, stones, key, score0, score1, ndouble0, ndouble1) */
    (void)noargs;
    return Py_BuildValue("iiKddii", winner_of(b), b->stones, (unsigned long long)b->key, b->score[0], b->score[1],
                         b->ndouble[0], b->ndouble[1]);
}

static PyObject *Board_tcounts(Board *b, PyObject *args) {
    int p;
    if (!PyArg_ParseTuple(args, "i", &p)) return NULL;
    return int_list(b->tcount[p & 1], b->n);
}

static PyObject *Board_search(Board *b, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"to_move", "root_moves", "max_depth", "width", "defence", "sees_fours", "noise",
                             "salt", "deadline", "all_root_values", "leaf_vcf", NULL};
    int to_move, max_depth, width, sees = 1, all_root = 0, leaf_vcf = 0;
    double defence, noise = 0.0, deadline = INFINITY;
    unsigned long long salt = 0;
    PyObject *root_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iOiid|pdKdpi", kwlist, &to_move, &root_obj, &max_depth, &width,
                                     &defence, &sees, &noise, &salt, &deadline, &all_root, &leaf_vcf))
        return NULL;
    int roots[MAXMOVES];
    int nroot = 0;
    if (root_obj == Py_None) {
        nroot = candidates(b, to_move & 1, width, defence, sees, roots);
    } else {
        PyObject *seq = PySequence_Fast(root_obj, "root_moves: a sequence of cells");
        if (!seq) return NULL;
        Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
        for (Py_ssize_t i = 0; i < m && nroot < MAXMOVES; i++) {
            long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
            if (c < 0 || c >= b->n || b->board[c]) {
                Py_DECREF(seq);
                if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "root move %ld is not an empty cell", c);
                return NULL;
            }
            roots[nroot++] = (int)c;
        }
        Py_DECREF(seq);
    }
    Search *s = calloc(1, sizeof(Search));
    if (!s) return PyErr_NoMemory();
    s->b = b;
    s->width = width;
    s->sees_fours = sees;
    s->max_depth = max_depth;
    s->extend_forced = 1;
    s->defence = defence;
    s->noise = noise;
    s->salt = salt;
    s->deadline = deadline;
    size_t slots = 1u << 20;
    s->tt = calloc(slots, sizeof(TTEntry));
    if (!s->tt) { free(s); return PyErr_NoMemory(); }
    s->tt_mask = slots - 1;
    s->tt_limit = slots / 2;
    for (int i = 0; i < MAXPLY; i++) s->killers[i][0] = s->killers[i][1] = -1;
    Threats leaf;
    memset(&leaf, 0, sizeof(leaf));
    if (leaf_vcf > 0) {
        leaf.board = b;
        leaf.ref_mask = (1u << 18) - 1;
        leaf.ref = calloc(leaf.ref_mask + 1, sizeof(RefEntry));
        leaf.mark = calloc((size_t)b->n, 1);
        if (!leaf.ref || !leaf.mark) leaf_vcf = 0;
        s->leaf = &leaf;
    }
    s->leaf_vcf = leaf_vcf;
    int p = to_move & 1;
    int best_move = nroot ? roots[0] : -1;
    double best_value = -INFINITY;
    int best_pv[MAXPLY + 2], best_pvlen = nroot ? 1 : 0;
    if (nroot) best_pv[0] = best_move;
    double root_vals[MAXMOVES];
    int root_have[MAXMOVES];
    int root_cells[MAXMOVES];
    int nvals = 0;
    int done_depth = 0, proven = 0;
    int nhist0 = b->nhist;
    if (nroot) {
        Py_BEGIN_ALLOW_THREADS
        if (nroot == 1 && !all_root && s->max_depth > 1) s->max_depth = 1;
        int depth = 1;
        while (depth <= s->max_depth) {
            s->horizon_hit = 0;
            TTEntry *e = tt_find(s, b->key);
            int tt_move = e ? e->move : -1;
            if (best_value > -INFINITY) tt_move = best_move;
            int ordered[MAXMOVES];
            int m = order_moves(s, roots, nroot, 0, tt_move, ordered);
            double alpha = -INFINITY;
            int it_best = -1;
            double it_value = -INFINITY;
            int it_pv[MAXPLY + 2], it_pvlen = 0;
            double vals[MAXMOVES];
            int aborted = 0;
            for (int i = 0; i < m; i++) {
                int mv = ordered[i];
                double v;
                if (all_root || i == 0) {
                    v = child_value(s, p, mv, depth - 1, -INFINITY, INFINITY, 0);
                } else {
                    v = child_value(s, p, mv, depth - 1, alpha, alpha + 1e-6, 0);
                    if (!s->stop && v > alpha) v = child_value(s, p, mv, depth - 1, alpha, INFINITY, 0);
                }
                if (s->stop) { aborted = 1; break; }
                vals[i] = v;
                if (v > it_value) {
                    it_value = v;
                    it_best = mv;
                    it_pv[0] = mv;
                    int cl = s->pvlen[1];
                    if (cl > MAXPLY) cl = MAXPLY;
                    memcpy(&it_pv[1], s->pv[1], sizeof(int) * (size_t)cl);
                    it_pvlen = cl + 1;
                    if (v > alpha) alpha = v;
                    if (depth > 1 && i > 0) {
                        best_move = mv;
                        best_value = v;
                        memcpy(best_pv, it_pv, sizeof(int) * (size_t)it_pvlen);
                        best_pvlen = it_pvlen;
                    }
                }
            }
            if (aborted) break;
            best_move = it_best;
            best_value = it_value;
            memcpy(best_pv, it_pv, sizeof(int) * (size_t)it_pvlen);
            best_pvlen = it_pvlen;
            nvals = m;
            for (int i = 0; i < m; i++) { root_cells[i] = ordered[i]; root_vals[i] = vals[i]; root_have[i] = 1; }
            done_depth = depth;
            tt_store(s, b->key, depth, EXACT, best_value, best_move, 0);
            if (it_value > PROVEN || !s->horizon_hit) { proven = 1; break; }
            if (it_value < -PROVEN && !all_root) {
                int all_lost = 1;
                for (int i = 0; i < m; i++) all_lost &= vals[i] < -PROVEN;
                if (all_lost) { proven = 1; break; }
            }
            if (depth >= 1 && now_s() >= s->deadline) break;
            if (depth >= s->max_depth) break;
            depth += 1;
        }
        Py_END_ALLOW_THREADS
    }
    /* a stopped search unwinds its stones as it returns */
    while (b->nhist > nhist0) board_remove(b);
    long long nodes = s->nodes + leaf.nodes;
    free(leaf.ref);
    free(leaf.mark);
    free(s->tt);
    free(s);
    PyObject *rv = PyDict_New();
    for (int i = 0; i < nvals; i++) {
        if (!root_have[i]) continue;
        PyObject *k = PyLong_FromLong(root_cells[i]), *v = PyFloat_FromDouble(root_vals[i]);
        PyDict_SetItem(rv, k, v);
        Py_DECREF(k);
        Py_DECREF(v);
    }
    PyObject *pv = int_list(best_pv, best_pvlen);
    PyObject *mv = best_move >= 0 ? PyLong_FromLong(best_move) : (Py_INCREF(Py_None), Py_None);
    return Py_BuildValue("NdNLiNO", mv, best_value == -INFINITY ? evaluate(b, p) : best_value, pv, nodes, done_depth,
                         rv, proven ? Py_True : Py_False);
}

static PyObject *Board_get_nw(Board *b, void *c) { (void)c; return PyLong_FromLong(b->nw); }

static PyMethodDef Board_methods[] = {
    {"place", (PyCFunction)Board_place, METH_VARARGS, "place(cell, player): put a stone on an empty cell"},
    {"remove", (PyCFunction)Board_remove, METH_NOARGS, "take back the last stone"},
    {"win_cells", (PyCFunction)Board_win_cells, METH_VARARGS, "win_cells(p): cells where p wins at once"},
    {"four_cells", (PyCFunction)Board_four_cells, METH_VARARGS, "four_cells(p): {winning cell by windows: count}"},
    {"four_makers", (PyCFunction)Board_four_makers, METH_VARARGS, "four_makers(p): cells making a four, ascending"},
    {"candidates", (PyCFunction)Board_candidates, METH_VARARGS, "candidates(p, width, defence[, sees_fours])"},
    {"empties_near", (PyCFunction)Board_empties_near, METH_NOARGS, "empty cells near the stones"},
    {"cell_value", (PyCFunction)Board_cell_value, METH_VARARGS, "cell_value(c, p[, defence])"},
    {"evaluate", (PyCFunction)Board_evaluate, METH_VARARGS, "evaluate(p): the static value for p to move"},
    {"makes_win", (PyCFunction)Board_makes_win, METH_VARARGS, "makes_win(c, p)"},
    {"forbidden_four", (PyCFunction)Board_forbidden_four, METH_VARARGS,
     "forbidden_four(c): renju, a black double four that does not win"},
    {"cell", (PyCFunction)Board_cell, METH_VARARGS, "cell(c): 0 empty, else player + 1"},
    {"state", (PyCFunction)Board_state, METH_NOARGS, "(winner, stones, key, score0, score1, ndouble0, ndouble1)"},
    {"tcounts", (PyCFunction)Board_tcounts, METH_VARARGS, "tcounts(p): per cell, windows it would make a four in"},
    {"search", (PyCFunction)(void (*)(void))Board_search, METH_VARARGS | METH_KEYWORDS,
     "search(to_move, root_moves, max_depth, width, defence, sees_fours=True, noise=0, salt=0, deadline=inf, "
     "all_root_values=False) -> (move, value, pv, nodes, depth, root_values, proven)"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Board_getset[] = {{"windows", (getter)Board_get_nw, NULL, "number of windows", NULL},
                                     {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject BoardType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_grundy_native.Board",
    .tp_basicsize = sizeof(Board),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Board(width, height, k, rule, zobrist, radius=2): an incremental line-game board",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Board_init,
    .tp_dealloc = (destructor)Board_dealloc,
    .tp_methods = Board_methods,
    .tp_getset = Board_getset,
};

/* ------------------------------------------------------------------------------------ */

static void Threats_dealloc(Threats *t) {
    Py_XDECREF(t->board);
    free(t->ref);
    free(t->mark);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static int Threats_init(Threats *t, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"board", NULL};
    PyObject *bo;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!", kwlist, &BoardType, &bo)) return -1;
    Py_XDECREF(t->board);
    Py_INCREF(bo);
    t->board = (Board *)bo;
    free(t->ref);
    free(t->mark);
    size_t slots = 1u << 16;
    t->ref = calloc(slots, sizeof(RefEntry));
    t->ref_mask = slots - 1;
    t->ref_count = 0;
    t->mark = calloc((size_t)t->board->n, 1);
    t->nodes = 0;
    t->vct_width = 8;
    t->vct_vcf_depth = 4;
    return 0;
}

static void ts_grow(Threats *t) {
    /* before a search: room for many refuted positions, doubling up to 2^22 slots */
    if (t->ref_count * 4 < t->ref_mask || t->ref_mask >= (1u << 22) - 1) return;
    size_t slots = (t->ref_mask + 1) * 2;
    RefEntry *old = t->ref;
    size_t oldn = t->ref_mask + 1;
    RefEntry *nw = calloc(slots, sizeof(RefEntry));
    if (!nw) return;
    t->ref = nw;
    t->ref_mask = slots - 1;
    t->ref_count = 0;
    for (size_t i = 0; i < oldn; i++)
        if (old[i].used) {
            RefEntry *e = ref_slot(t, old[i].key, 1);
            e->depth = old[i].depth;
        }
    free(old);
}

static PyObject *Threats_find(Threats *t, PyObject *args) {
    int a, depth;
    double deadline;
    if (!PyArg_ParseTuple(args, "iid", &a, &depth, &deadline)) return NULL;
    t->deadline = deadline;
    t->stop = 0;
    ts_grow(t);
    int *out = malloc(sizeof(int) * LINEMAX * 4);
    int r;
    int nhist0 = t->board->nhist;
    Py_BEGIN_ALLOW_THREADS
    r = vcf(t, a & 1, 1 - (a & 1), depth, out);
    Py_END_ALLOW_THREADS
    while (t->board->nhist > nhist0) board_remove(t->board);
    if (t->stop) {
        free(out);
        PyErr_SetString(TimeUpError, "time is up");
        return NULL;
    }
    PyObject *res = r < 0 ? (Py_INCREF(Py_None), Py_None) : int_list(out, r);
    free(out);
    return res;
}

static PyObject *Threats_find_vct(Threats *t, PyObject *args) {
    int a, depth, vcf_depth = 4, width = 8;
    double deadline;
    if (!PyArg_ParseTuple(args, "iid|ii", &a, &depth, &deadline, &vcf_depth, &width)) return NULL;
    t->deadline = deadline;
    t->stop = 0;
    t->vct_width = width;
    t->vct_vcf_depth = vcf_depth;
    ts_grow(t);
    int *out = malloc(sizeof(int) * LINEMAX * 4);
    int r;
    int nhist0 = t->board->nhist;
    Py_BEGIN_ALLOW_THREADS
    r = vct(t, a & 1, 1 - (a & 1), depth, out);
    Py_END_ALLOW_THREADS
    while (t->board->nhist > nhist0) board_remove(t->board);
    if (t->stop) {
        free(out);
        PyErr_SetString(TimeUpError, "time is up");
        return NULL;
    }
    PyObject *res = r < 0 ? (Py_INCREF(Py_None), Py_None) : int_list(out, r);
    free(out);
    return res;
}

static PyObject *Threats_get_nodes(Threats *t, void *c) { (void)c; return PyLong_FromLongLong(t->nodes); }

static PyMethodDef Threats_methods[] = {
    {"find", (PyCFunction)Threats_find, METH_VARARGS,
     "find(attacker, max_depth, deadline): a VCF line or None; raises TimeUp"},
    {"find_vct", (PyCFunction)Threats_find_vct, METH_VARARGS,
     "find_vct(attacker, max_threats, deadline, vcf_depth=4, width=8): a VCT line or None; raises TimeUp"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Threats_getset[] = {{"nodes", (getter)Threats_get_nodes, NULL, "positions visited", NULL},
                                       {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject ThreatsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_grundy_native.Threats",
    .tp_basicsize = sizeof(Threats),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Threats(board): threat search with a table of refuted positions",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Threats_init,
    .tp_dealloc = (destructor)Threats_dealloc,
    .tp_methods = Threats_methods,
    .tp_getset = Threats_getset,
};

static PyObject *mod_now(PyObject *self, PyObject *noargs) {
    (void)self; (void)noargs;
    return PyFloat_FromDouble(now_s());
}

/* native/gomoku_engine.c: the pattern-based gomoku engine */
PyObject *gm_think(PyObject *self, PyObject *args, PyObject *kw);

static PyMethodDef module_methods[] = {
    {"now", mod_now, METH_NOARGS, "the engine's clock (CLOCK_MONOTONIC, as time.perf_counter on Linux)"},
    {"gomoku_think", (PyCFunction)(void (*)(void))gm_think, METH_VARARGS | METH_KEYWORDS,
     "gomoku_think(width, height, rule, stones, to_move, deadline, vct_depth=4, vcf_near_root=2, vcf_node_depth=8,"
     " max_depth=0, node_limit=0) -> (cell, value, pv, nodes, depth, reason): the pattern engine's move (rule 0"
     " freestyle, 1 standard); max_depth (2..119) or node_limit set: fixed-depth mode, fresh tables, alpha-beta"
     " no deeper than max_depth, every search stopped after node_limit nodes in all"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, "_grundy_native",
                                       "grundy's native line-game engine (board, alpha-beta, threat search)", -1,
                                       module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__grundy_native(void) {
    if (PyType_Ready(&BoardType) < 0 || PyType_Ready(&ThreatsType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    TimeUpError = PyErr_NewException("_grundy_native.TimeUp", NULL, NULL);
    Py_INCREF(TimeUpError);
    PyModule_AddObject(m, "TimeUp", TimeUpError);
    Py_INCREF(&BoardType);
    PyModule_AddObject(m, "Board", (PyObject *)&BoardType);
    Py_INCREF(&ThreatsType);
    PyModule_AddObject(m, "Threats", (PyObject *)&ThreatsType);
    PyModule_AddIntConstant(m, "RULE_FREE", R_FREE);
    PyModule_AddIntConstant(m, "RULE_STANDARD", R_STANDARD);
    PyModule_AddIntConstant(m, "RULE_RENJU", R_RENJU);
    PyModule_AddIntConstant(m, "RULE_CARO", R_CARO);
    return m;
}
