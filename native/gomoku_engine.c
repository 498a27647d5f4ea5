/* A pattern-based gomoku engine (five in a row, freestyle or standard rule, two players).
 *
 * Unlike grundy_native.c's line engine, which is a faithful port of the pure-Python engine
 * (windows of k cells and their weights), this one reads the board the way strong Gomocup
 * engines do: for every empty cell, every direction and both colours, the shape a stone
 * there would make (five, open four, four, open three, three, open two, ...), looked up in a
 * table indexed by the eight cells around it on that line and updated incrementally when a
 * stone is placed or taken back (32 table reads a move).  On those shapes it builds:
 *
 * - candidate moves ranked by attack and defence, restricted to the forced answers when the
 *   opponent has a four or an open three (a threat of an open four);
 * - a static evaluation from the shapes of every empty cell, both colours;
 * - a search for wins by continuous fours (VCF) and by fours and open threes (VCT), with
 *   tables of refuted positions;
 * - iterative-deepening principal-variation alpha-beta with a Zobrist transposition table,
 *   killer and history ordering, late-move reductions, a VCF look for the side to move near
 *   the root, and a clock that stops on time.
 *
 * A decision: a win at once, a block of a four, an open four; else a VCF for the side to move
 * (10% of the time), a VCT (20% of what is left), the opponent's VCT as if we passed (15%)
 * and, when he has one, the root moves after which he has none a threat deeper (35%); then
 * the alpha-beta until the deadline, no new iteration starting after 60% of the time.
 *
 * Entry point: gm_think() (the Python function _grundy_native.gomoku_think).  Its fixed-depth
 * mode (max_depth and/or node_limit set) starts from empty tables and stops the alpha-beta
 * after max_depth plies and every search after node_limit nodes in all, so that with a far
 * deadline its answer depends on the position alone: solver/gomoku_pattern.py, the
 * pure-Python twin of this file, gives the same one (tests/solver/test_pattern_twin.py).
 * Boards up to GM_MAXSIDE cells a side; rule 0 freestyle (five or more wins), 1 standard
 * (exactly five wins).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GM_MAXSIDE 26
#define GM_PAD 4
#define GM_STRIDE (GM_MAXSIDE + 2 * GM_PAD)
#define GM_CELLS (GM_STRIDE * GM_STRIDE)
#define GM_WIN 30000
#define GM_MATE 29000 /* values beyond this are wins or losses in sight */
#define GM_MAXPLY 128
#define GM_MAXMOVES 512

/* Shapes a stone makes on one line (per direction). */
enum { S_NONE, S_ONE, S_B2, S_F2, S_B3, S_F3, S_B4, S_F4, S_FIVE, S_COUNT };
/* What a stone on a cell makes over its four lines (per colour). */
enum { K_NONE, K_LOW, K_F3, K_33, K_B4, K_43, K_F4, K_FIVE, K_COUNT };

static unsigned char shape_table[2][2][65536]; /* [rule][colour][code] */
static int tables_ready = 0;

static double gm_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the shape tables ------------------------------------------------------------- */
/* A line of nine cells, the centre (index 4) holding the colour's stone; cells: 0 empty,
 * 1 own, 2 other (the opponent or off the board). */

static int line_five(const int *l, int exact) {
    int n = 1;
    for (int i = 3; i >= 0 && l[i] == 1; i--) n++;
    for (int i = 5; i < 9 && l[i] == 1; i++) n++;
    return exact ? n == 5 : n >= 5;
}

static signed char shape_memo[2][6561];

static int line_shape(int *l, int exact) {
    int idx = 0;
    for (int i = 0; i < 9; i++) if (i != 4) idx = idx * 3 + l[i];
    if (shape_memo[exact][idx]) return shape_memo[exact][idx] - 1;
    int res;
    if (line_five(l, exact)) { res = S_FIVE; goto out; }
    int fives = 0;
    for (int i = 0; i < 9; i++) {
        if (i == 4 || l[i]) continue;
        l[i] = 1;
        fives += line_five(l, exact);
        l[i] = 0;
    }
    if (fives >= 2) { res = S_F4; goto out; }
    if (fives == 1) { res = S_B4; goto out; }
    int best = S_NONE;
    for (int i = 0; i < 9; i++) {
        if (i == 4 || l[i]) continue;
        l[i] = 1;
        int s = line_shape(l, exact);
        l[i] = 0;
        if (s > best) best = s;
        if (best == S_FIVE) break;
    }
    switch (best) {
        case S_F4: res = S_F3; break;
        case S_B4: res = S_B3; break;
        case S_F3: res = S_F2; break;
        case S_B3: res = S_B2; break;
        case S_F2: case S_B2: res = S_ONE; break;
        default: res = S_NONE; break; /* (a five with one more stone was counted above) */
    }
out:
    shape_memo[exact][idx] = (signed char)(res + 1);
    return res;
}

static void build_tables(void) {
    if (tables_ready) return;
    int l[9];
    for (int rule = 0; rule < 2; rule++)
        for (int colour = 0; colour < 2; colour++)
            for (int code = 0; code < 65536; code++) {
                for (int slot = 0; slot < 8; slot++) {
                    int v = (code >> (2 * slot)) & 3; /* 0 empty, 1 black, 2 white, 3 wall */
                    int idx = slot < 4 ? slot : slot + 1;
                    l[idx] = v == 0 ? 0 : (v == colour + 1 ? 1 : 2);
                }
                l[4] = 1;
                /* cells beyond an obstacle cannot matter: mark them as obstacles */
                for (int i = 3, blocked = 0; i >= 0; i--) { if (l[i] == 2) blocked = 1; if (blocked) l[i] = 2; }
                for (int i = 5, blocked = 0; i < 9; i++) { if (l[i] == 2) blocked = 1; if (blocked) l[i] = 2; }
                shape_table[rule][colour][code] = (unsigned char)line_shape(l, rule == 1);
            }
    tables_ready = 1;
}

/* Values of a shape on an empty cell: for move ordering (attack) and for the evaluation. */
static int ATTACK[S_COUNT] = {0, 1, 3, 10, 8, 40, 45, 500, 10000};
static int EVAL[S_COUNT] = {0, 0, 1, 4, 3, 14, 16, 60, 150};

/* ---- the board -------------------------------------------------------------------- */

typedef struct { /* 16 bytes */
    uint64_t key;
    int value;
    short move;
    signed char depth;
    unsigned char flag;
} GTT;

typedef struct {
    uint64_t key;
    int depth;
} GRef;

typedef struct {
    int w, h, rule, stride;
    int dir[4];
    unsigned char cell[GM_CELLS]; /* 0 empty, 1 black, 2 white, 3 off the board */
    uint16_t code[GM_CELLS][4];
    unsigned char shape[GM_CELLS][2][4];
    unsigned char kind[GM_CELLS][2];
    int score[GM_CELLS][2];  /* ordering value of a stone there for each colour */
    int evsum[GM_CELLS][2];  /* evaluation value of the cell for each colour */
    int evtot[2];            /* sum of evsum over empty cells */
    int kcount[2][K_COUNT];  /* empty cells of each kind, per colour */
    unsigned char near[GM_CELLS];
    uint64_t zob[GM_CELLS][2];
    uint64_t key;
    int hist[GM_CELLS];
    int nhist;
    int stones;
    int cells[GM_CELLS]; /* the playable cells (on the board) */
    int ncells;
    int box[4];                 /* the stones' bounding box: x0, x1, y0, y1 */
    short box_stack[GM_CELLS][4]; /* the box before each stone of the history */
    /* search */
    double deadline;
    int stop;
    long long nodes;
    long long node_limit; /* stop after this many nodes in all (0: no limit) */
    int max_depth;        /* the deepest alpha-beta iteration (0: the clock decides) */
    GTT *tt;
    size_t tt_mask;
    GRef *ref;
    size_t ref_mask;
    int killers[GM_MAXPLY][2];
    int history[GM_CELLS];
    int pv[GM_MAXPLY][GM_MAXPLY];
    int pvlen[GM_MAXPLY];
    int vcf_line[GM_MAXPLY * 2];
    int vcf_near_root;   /* plies from the root at which the side to move looks for a VCF */
    int vcf_node_depth;  /* how many fours that look may use */
    int vct_vcf_depth;
    int vct_width;
    int ext_moves, ext_ply; /* threat extension: at most this many answers, below this ply */
    /* shares of the time: own VCF, own VCT, the opponent's VCT, the defences against it (of
     * what is left at each step), and the share of the whole after which no new alpha-beta
     * iteration starts */
    double share_vcf, share_vct, share_opp_vct, share_defence, share_iterate;
} G;

static inline int other(int p) { return 1 - p; }

static int kind_of(const unsigned char *s) {
    int n4 = 0, n3 = 0, f4 = 0, low = 0;
    for (int d = 0; d < 4; d++) {
        int t = s[d];
        if (t == S_FIVE) return K_FIVE;
        if (t == S_F4) f4 = 1;
        else if (t == S_B4) n4++;
        else if (t == S_F3) n3++;
        else if (t >= S_B2) low = 1;
    }
    if (f4 || n4 >= 2) return K_F4;
    if (n4 && n3) return K_43;
    if (n4) return K_B4;
    if (n3 >= 2) return K_33;
    if (n3) return K_F3;
    return low ? K_LOW : K_NONE;
}

static int KIND_BONUS[K_COUNT] = {0, 0, 0, 300, 0, 1500, 3000, 0};
static int KIND_EVAL[K_COUNT] = {0, 0, 0, 30, 0, 60, 100, 0};

/* kind, ordering value and evaluation value of a cell from its four shapes (9^4 entries) */
static unsigned char combo_kind[6561];
static int combo_attack[6561], combo_eval[6561];
static int combos_ready = 0;

#ifdef GM_TUNING
/* Builds with -DGM_TUNING read the weights and search settings from the environment (for
 * tuning matches only; the package's build does not). */
static void env_ints(const char *name, int *xs, int n) {
    const char *e = getenv(name);
    if (!e) return;
    for (int i = 0; i < n && *e; i++) {
        xs[i] = atoi(e);
        while (*e && *e != ',') e++;
        if (*e == ',') e++;
    }
}
#endif

static void build_combos(void) {
    if (combos_ready) return;
#ifdef GM_TUNING
    env_ints("GM_ATTACK", ATTACK, S_COUNT);
    env_ints("GM_EVAL", EVAL, S_COUNT);
    env_ints("GM_KBONUS", KIND_BONUS, K_COUNT);
    env_ints("GM_KEVAL", KIND_EVAL, K_COUNT);
#endif
    for (int i = 0; i < 6561; i++) {
        unsigned char s[4] = {(unsigned char)(i / 729), (unsigned char)(i / 81 % 9), (unsigned char)(i / 9 % 9),
                              (unsigned char)(i % 9)};
        int k = kind_of(s);
        combo_kind[i] = (unsigned char)k;
        combo_attack[i] = ATTACK[s[0]] + ATTACK[s[1]] + ATTACK[s[2]] + ATTACK[s[3]] + KIND_BONUS[k];
        combo_eval[i] = EVAL[s[0]] + EVAL[s[1]] + EVAL[s[2]] + EVAL[s[3]] + KIND_EVAL[k];
    }
    combos_ready = 1;
}

/* Recompute the cached values of empty cell c (its shapes already updated). */
static inline void refresh_cell(G *g, int c) {
    for (int p = 0; p < 2; p++) {
        const unsigned char *s = g->shape[c][p];
        int i = s[0] * 729 + s[1] * 81 + s[2] * 9 + s[3];
        int k = combo_kind[i];
        int ok = g->kind[c][p];
        if (ok != k) {
            g->kcount[p][ok]--;
            g->kcount[p][k]++;
            g->kind[c][p] = (unsigned char)k;
        }
        int e = combo_eval[i];
        g->score[c][p] = combo_attack[i];
        g->evtot[p] += e - g->evsum[c][p];
        g->evsum[c][p] = e;
    }
}

static void gm_init(G *g, int w, int h, int rule) {
    build_tables();
    build_combos();
    memset(g, 0, sizeof(G));
    g->w = w; g->h = h; g->rule = rule; g->stride = GM_STRIDE;
    int S = GM_STRIDE;
    g->dir[0] = 1; g->dir[1] = S; g->dir[2] = S + 1; g->dir[3] = S - 1;
    for (int i = 0; i < GM_CELLS; i++) g->cell[i] = 3;
    uint64_t z = 0x9E3779B97F4A7C15ULL;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int c = (y + GM_PAD) * S + (x + GM_PAD);
            g->cell[c] = 0;
            g->cells[g->ncells++] = c;
        }
    for (int i = 0; i < GM_CELLS; i++)
        for (int p = 0; p < 2; p++) {
            /* splitmix64 */
            z += 0x9E3779B97F4A7C15ULL;
            uint64_t r = z;
            r = (r ^ (r >> 30)) * 0xBF58476D1CE4E5B9ULL;
            r = (r ^ (r >> 27)) * 0x94D049BB133111EBULL;
            g->zob[i][p] = r ^ (r >> 31);
        }
    for (int i = 0; i < g->ncells; i++) {
        int c = g->cells[i];
        for (int d = 0; d < 4; d++) {
            uint16_t code = 0;
            for (int k = -4; k <= 4; k++) {
                if (!k) continue;
                int slot = k < 0 ? k + 4 : k + 3;
                int v = g->cell[c + k * g->dir[d]] == 3 ? 3 : 0;
                code |= (uint16_t)(v << (2 * slot));
            }
            g->code[c][d] = code;
            g->shape[c][0][d] = shape_table[rule][0][code];
            g->shape[c][1][d] = shape_table[rule][1][code];
        }
        g->kind[c][0] = g->kind[c][1] = K_NONE;
        g->kcount[0][K_NONE]++;
        g->kcount[1][K_NONE]++;
        refresh_cell(g, c);
    }
}

static inline void gm_touch(G *g, int n, int d, unsigned bits) {
    uint16_t code = (uint16_t)(g->code[n][d] ^ bits);
    g->code[n][d] = code;
    if (g->cell[n] == 0) {
        unsigned char s0 = shape_table[g->rule][0][code], s1 = shape_table[g->rule][1][code];
        if (g->shape[n][0][d] != s0 || g->shape[n][1][d] != s1) { /* most far cells keep theirs */
            g->shape[n][0][d] = s0;
            g->shape[n][1][d] = s1;
            refresh_cell(g, n);
        }
    }
}

static void gm_update_lines(G *g, int c, int v) {
    /* v: the stone's code (1 or 2); XOR it into the codes of the cells around c: the cell k
     * steps after c sees it in slot 4 - k, the cell k steps before in slot 3 + k */
    unsigned uv = (unsigned)v;
    for (int d = 0; d < 4; d++) {
        int D = g->dir[d];
        int up = c, down = c;
        for (unsigned k = 1; k <= 4; k++) {
            up += D;
            down -= D;
            gm_touch(g, up, d, uv << (2 * (4 - k)));
            gm_touch(g, down, d, uv << (2 * (3 + k)));
        }
    }
}

static void gm_place(G *g, int c, int p) {
    /* the cell leaves the empty cells' sums */
    for (int q = 0; q < 2; q++) {
        g->evtot[q] -= g->evsum[c][q];
        g->evsum[c][q] = 0;
        g->kcount[q][g->kind[c][q]]--;
        g->kind[c][q] = K_NONE;
    }
    g->cell[c] = (unsigned char)(p + 1);
    g->key ^= g->zob[c][p];
    for (int i = 0; i < 4; i++) g->box_stack[g->nhist][i] = (short)g->box[i];
    {
        int x = c % GM_STRIDE - GM_PAD, y = c / GM_STRIDE - GM_PAD;
        if (!g->stones) {
            g->box[0] = g->box[1] = x;
            g->box[2] = g->box[3] = y;
        } else {
            if (x < g->box[0]) g->box[0] = x;
            if (x > g->box[1]) g->box[1] = x;
            if (y < g->box[2]) g->box[2] = y;
            if (y > g->box[3]) g->box[3] = y;
        }
    }
    g->hist[g->nhist++] = c;
    g->stones++;
    int S = g->stride;
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++) g->near[c + dy * S + dx]++;
    gm_update_lines(g, c, p + 1);
}

static void gm_unplace(G *g) {
    int c = g->hist[--g->nhist];
    int p = g->cell[c] - 1;
    for (int i = 0; i < 4; i++) g->box[i] = g->box_stack[g->nhist][i];
    g->cell[c] = 0;
    g->key ^= g->zob[c][p];
    g->stones--;
    int S = g->stride;
    for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++) g->near[c + dy * S + dx]--;
    gm_update_lines(g, c, p + 1);
    for (int d = 0; d < 4; d++) {
        uint16_t code = g->code[c][d];
        g->shape[c][0][d] = shape_table[g->rule][0][code];
        g->shape[c][1][d] = shape_table[g->rule][1][code];
    }
    g->kind[c][0] = g->kind[c][1] = K_NONE;
    g->kcount[0][K_NONE]++;
    g->kcount[1][K_NONE]++;
    g->evsum[c][0] = g->evsum[c][1] = 0;
    refresh_cell(g, c);
}

/* The cells within `margin` of the stones' bounding box, row by row (every cell whose shapes
 * can differ from an empty board's lies within 4 of a stone). */
#define FOR_AREA(g, margin, c)                                                                 \
    for (int ay_ = ((g)->stones ? ((g)->box[2] - (margin) > 0 ? (g)->box[2] - (margin) : 0) : 0), \
             ay1_ = ((g)->stones ? ((g)->box[3] + (margin) < (g)->h - 1 ? (g)->box[3] + (margin) : (g)->h - 1) \
                                 : (g)->h - 1),                                              \
             ax0_ = ((g)->stones ? ((g)->box[0] - (margin) > 0 ? (g)->box[0] - (margin) : 0) : 0), \
             ax1_ = ((g)->stones ? ((g)->box[1] + (margin) < (g)->w - 1 ? (g)->box[1] + (margin) : (g)->w - 1) \
                                 : (g)->w - 1);                                              \
         ay_ <= ay1_; ay_++)                                                                   \
        for (int ax_ = ax0_, c = (ay_ + GM_PAD) * GM_STRIDE + ax0_ + GM_PAD; ax_ <= ax1_; ax_++, c++)

/* Empty cells of colour p's kind at least `kind`, near the stones. */
static int cells_of_kind(G *g, int p, int kind, int *out) {
    int r = 0;
    FOR_AREA(g, 4, c) {
        if (!g->cell[c] && g->kind[c][p] >= kind) out[r++] = c;
    }
    return r;
}

static int first_of_kind(G *g, int p, int kind) {
    FOR_AREA(g, 4, c) {
        if (!g->cell[c] && g->kind[c][p] >= kind) return c;
    }
    return -1;
}

/* Cells where p has a four-making shape (a four, an open four or a five) in some direction. */
static int has_four_shape(G *g, int c, int p) {
    const unsigned char *s = g->shape[c][p];
    return s[0] >= S_B4 || s[1] >= S_B4 || s[2] >= S_B4 || s[3] >= S_B4;
}

static int evaluate(G *g, int p) {
    int q = other(p);
    int v = g->evtot[p] - g->evtot[q];
    /* the side to move converts its threats first */
    if (g->kcount[p][K_43]) v += 800;
    else if (g->kcount[p][K_33] && !g->kcount[q][K_B4] && !g->kcount[q][K_43]) v += 400;
    if (g->kcount[q][K_F4]) v -= 100; /* an open three to answer */
    return v + 20;
}

/* Sort cells by their keys, descending (insertion sort: lists are short). */
static void sort_desc(int *cells, int *keys, int m) {
    for (int i = 1; i < m; i++) {
        int c = cells[i], k = keys[i], j = i - 1;
        while (j >= 0 && keys[j] < k) { cells[j + 1] = cells[j]; keys[j + 1] = keys[j]; j--; }
        cells[j + 1] = c;
        keys[j + 1] = k;
    }
}

static inline int move_score(G *g, int c, int p) {
    return g->score[c][p] * 2 + g->score[c][other(p)];
}

/* The moves worth searching for p (q has no five to play: the caller handles that).
 * When q threatens an open four (or a double four) only the defences and p's own fours. */
static int gen_moves(G *g, int p, int *out, int *keys, int limit) {
    int q = other(p);
    int r = 0;
    if (g->kcount[q][K_F4]) {
        FOR_AREA(g, 4, c) {
            if (g->cell[c]) continue;
            if (g->kind[c][q] >= K_B4 || has_four_shape(g, c, q) || has_four_shape(g, c, p)) {
                out[r] = c;
                keys[r++] = move_score(g, c, p) + (g->history[c] < 400 ? g->history[c] : 400);
            }
        }
    } else {
        /* the best `limit` cells near the stones, best first (a bounded insertion) */
        FOR_AREA(g, 2, c) {
            if (g->cell[c] || !g->near[c]) continue;
            int k = move_score(g, c, p) + (g->history[c] < 400 ? g->history[c] : 400);
            if (r == limit && k <= keys[r - 1]) continue;
            int j = r < limit ? r++ : r - 1;
            while (j > 0 && keys[j - 1] < k) { out[j] = out[j - 1]; keys[j] = keys[j - 1]; j--; }
            out[j] = c;
            keys[j] = k;
        }
        if (!r && !g->stones) {
            out[0] = g->cells[(g->h / 2) * g->w + g->w / 2];
            keys[0] = 0;
            r = 1;
        }
        return r;
    }
    sort_desc(out, keys, r);
    return r;
}

static inline int time_up(G *g) {
    if ((g->nodes & 255) == 0 && gm_now() >= g->deadline) g->stop = 1;
    if (g->node_limit && g->nodes >= g->node_limit) g->stop = 1;
    return g->stop;
}

/* ---- threat search ---------------------------------------------------------------- */

static uint64_t ref_key(G *g, int a, int kind) {
    return g->key ^ (0x51ED270B27F1C2A1ULL * (uint64_t)(1 + a + 2 * kind));
}

static int ref_refuted(G *g, uint64_t k, int depth) {
    GRef *e = &g->ref[k & g->ref_mask];
    return e->key == k && e->depth >= depth;
}

static void ref_store(G *g, uint64_t k, int depth) {
    GRef *e = &g->ref[k & g->ref_mask];
    if (e->key != k || e->depth < depth) { e->key = k; e->depth = depth; }
}

/* The cell where p now wins at once on one of c's lines (after p played c), or -1. */
static int five_cell_near(G *g, int c, int p) {
    for (int d = 0; d < 4; d++) {
        int D = g->dir[d];
        for (int k = -4; k <= 4; k++) {
            int n = c + k * D;
            if (k && g->cell[n] == 0 && g->shape[n][p][d] == S_FIVE) return n;
        }
    }
    return -1;
}

/* A win for a by continuous fours within `depth` fours; the line goes to g->vcf_line[ply..]. */
static int vcf(G *g, int a, int depth, int ply) {
    int d = other(a);
    g->nodes++;
    if (time_up(g)) return 0;
    if (g->kcount[a][K_FIVE]) { g->vcf_line[ply] = first_of_kind(g, a, K_FIVE); return 1; }
    int forced = -1;
    if (g->kcount[d][K_FIVE]) {
        int cells[GM_MAXMOVES];
        int m = cells_of_kind(g, d, K_FIVE, cells);
        if (m >= 2) return 0;
        forced = cells[0];
        if (!has_four_shape(g, forced, a)) return 0;
    } else if (g->kcount[a][K_F4]) {
        g->vcf_line[ply] = first_of_kind(g, a, K_F4);
        return 1;
    }
    if (depth <= 0 || ply >= GM_MAXPLY * 2 - 4) return 0;
    uint64_t rk = ref_key(g, a, 0);
    if (ref_refuted(g, rk, depth)) return 0;
    int moves[GM_MAXMOVES], keys[GM_MAXMOVES], m = 0;
    if (forced >= 0) {
        moves[m++] = forced;
    } else {
        FOR_AREA(g, 4, c) {
            if (!g->cell[c] && has_four_shape(g, c, a)) {
                moves[m] = c;
                keys[m++] = g->score[c][a];
            }
        }
        sort_desc(moves, keys, m);
    }
    for (int i = 0; i < m; i++) {
        int c = moves[i];
        gm_place(g, c, a);
        int f = five_cell_near(g, c, a);
        int won = 0;
        if (f >= 0) {
            gm_place(g, f, d);
            /* the block made no five for d (d had no four to play), so go on */
            won = vcf(g, a, depth - 1, ply + 2);
            gm_unplace(g);
            if (won) g->vcf_line[ply + 1] = f;
        }
        gm_unplace(g);
        if (g->stop) return 0;
        if (won) { g->vcf_line[ply] = c; return 1; }
    }
    ref_store(g, rk, depth);
    return 0;
}

/* Moves of d answering a's threat: a's four (its five cell) or a's open three (the cells of
 * a's winning shapes and fours, and d's own fours). */
static int threat_answers(G *g, int a, int *out) {
    int d = other(a);
    int r = 0;
    if (g->kcount[a][K_FIVE]) {
        int m = cells_of_kind(g, a, K_FIVE, out);
        return m >= 2 ? 0 : m;
    }
    int keys[GM_MAXMOVES];
    FOR_AREA(g, 4, c) {
        if (g->cell[c]) continue;
        if (g->kind[c][a] >= K_B4 || has_four_shape(g, c, a) || has_four_shape(g, c, d)) {
            out[r] = c;
            keys[r++] = g->score[c][a] + g->score[c][d];
        }
    }
    sort_desc(out, keys, r);
    return r;
}

/* A win for a by continuous threats (fours and open threes), `depth` threat moves deep. */
static int vct(G *g, int a, int depth, int ply) {
    int d = other(a);
    g->nodes++;
    if (time_up(g)) return 0;
    if (g->kcount[a][K_FIVE]) { g->pv[0][ply] = first_of_kind(g, a, K_FIVE); return 1; }
    int forced = -1;
    if (g->kcount[d][K_FIVE]) {
        int cells[GM_MAXMOVES];
        if (cells_of_kind(g, d, K_FIVE, cells) >= 2) return 0;
        forced = cells[0];
    } else if (g->kcount[a][K_F4]) {
        g->pv[0][ply] = first_of_kind(g, a, K_F4);
        return 1;
    }
    if (vcf(g, a, g->vct_vcf_depth, 0)) { g->pv[0][ply] = g->vcf_line[0]; return 1; }
    if (g->stop || depth <= 0 || ply >= GM_MAXPLY - 4) return 0;
    uint64_t rk = ref_key(g, a, 1);
    if (ref_refuted(g, rk, depth)) return 0;
    int moves[GM_MAXMOVES], keys[GM_MAXMOVES], m = 0;
    if (forced >= 0) {
        moves[m++] = forced;
    } else {
        FOR_AREA(g, 4, c) {
            if (g->cell[c]) continue;
            if (g->kind[c][a] >= K_F3) {
                moves[m] = c;
                keys[m++] = g->score[c][a] + g->score[c][d] / 2;
            }
        }
        sort_desc(moves, keys, m);
        if (m > g->vct_width) m = g->vct_width;
    }
    for (int i = 0; i < m; i++) {
        int c = moves[i];
        gm_place(g, c, a);
        int answers[GM_MAXMOVES];
        int na = threat_answers(g, a, answers);
        int won = 1;
        if (!g->kcount[a][K_FIVE] && !g->kcount[a][K_F4]) won = 0; /* not a threat after all */
        for (int j = 0; won && j < na; j++) {
            gm_place(g, answers[j], d);
            won = vct(g, a, depth - 1, ply + 2);
            gm_unplace(g);
        }
        gm_unplace(g);
        if (g->stop) return 0;
        if (won) { g->pv[0][ply] = c; return 1; }
    }
    ref_store(g, rk, depth);
    return 0;
}

/* ---- alpha-beta ------------------------------------------------------------------- */

enum { TT_EXACT = 0, TT_LOWER = 1, TT_UPPER = 2 };

static GTT *tt_probe(G *g, uint64_t key) {
    GTT *e = &g->tt[key & g->tt_mask];
    return e->key == key ? e : NULL;
}

static void tt_put(G *g, uint64_t key, int depth, int flag, int value, int move) {
    GTT *e = &g->tt[key & g->tt_mask];
    if (e->key != key && e->depth > depth + 2) return;
    e->key = key;
    e->depth = (signed char)(depth < 127 ? depth : 127);
    e->flag = (unsigned char)flag;
    e->value = value;
    e->move = (short)move;
}

static int to_tt(int v, int ply) { return v > GM_MATE ? v + ply : (v < -GM_MATE ? v - ply : v); }
static int from_tt(int v, int ply) { return v > GM_MATE ? v - ply : (v < -GM_MATE ? v + ply : v); }

static int width_at(int ply) { return ply == 0 ? 40 : (ply < 3 ? 16 : (ply < 6 ? 11 : 8)); }

static int search(G *g, int p, int depth, int alpha, int beta, int ply) {
    int q = other(p);
    g->pvlen[ply] = 0;
    g->nodes++;
    if (time_up(g)) return 0;
    if (g->kcount[p][K_FIVE]) return GM_WIN - ply - 1;
    int forced = -1;
    if (g->kcount[q][K_FIVE]) {
        int cells[GM_MAXMOVES];
        if (cells_of_kind(g, q, K_FIVE, cells) >= 2) return -(GM_WIN - ply - 2);
        forced = cells[0];
    } else if (g->kcount[p][K_F4]) {
        return GM_WIN - ply - 3;
    }
    if (ply >= GM_MAXPLY - 2 || g->stones >= g->ncells - 1) return evaluate(g, p);
    if (forced >= 0) {
        /* a forced block costs no depth */
        gm_place(g, forced, p);
        int v = -search(g, q, depth, -beta, -alpha, ply + 1);
        gm_unplace(g);
        g->pv[ply][0] = forced;
        memcpy(&g->pv[ply][1], g->pv[ply + 1], sizeof(int) * (size_t)g->pvlen[ply + 1]);
        g->pvlen[ply] = g->pvlen[ply + 1] + 1;
        return v;
    }
    if (depth <= 0) return evaluate(g, p);
    uint64_t key = g->key ^ (p ? 0xF00DF00DF00DULL : 0);
    int tt_move = -1;
    GTT *e = tt_probe(g, key);
    if (e) {
        tt_move = e->move;
        if (e->depth >= depth && ply > 0) {
            int v = from_tt(e->value, ply);
            if (e->flag == TT_EXACT || (e->flag == TT_LOWER && v >= beta) || (e->flag == TT_UPPER && v <= alpha)) return v;
        }
    }
    if (ply <= g->vcf_near_root && ply > 0 && g->kcount[p][K_B4] + g->kcount[p][K_43] > 0) {
        if (vcf(g, p, g->vcf_node_depth, 0)) return GM_WIN - ply - 5;
        if (g->stop) return 0;
    }
    int moves[GM_MAXMOVES], keys[GM_MAXMOVES];
    int defending = g->kcount[q][K_F4] > 0;
    int m = gen_moves(g, p, moves, keys, width_at(ply));
    /* the table's move and the killers first */
    int front = 0;
    int firsts[3] = {tt_move, g->killers[ply][0], g->killers[ply][1]};
    for (int f = 0; f < 3; f++) {
        int c = firsts[f];
        if (c < 0) continue;
        for (int i = front; i < m; i++)
            if (moves[i] == c) {
                memmove(&moves[front + 1], &moves[front], sizeof(int) * (size_t)(i - front));
                moves[front++] = c;
                break;
            }
    }
    /* answering an open three (a few moves) costs no depth: threat sequences are read to
     * their end, as far as the ply limit allows */
    int next = depth - 1;
    if (defending && m <= g->ext_moves && ply < g->ext_ply) next = depth;
    int alpha0 = alpha, best = -GM_WIN - 1, best_move = moves[0];
    for (int i = 0; i < m; i++) {
        int c = moves[i];
        gm_place(g, c, p);
        int v;
        if (i == 0) {
            v = -search(g, q, next, -beta, -alpha, ply + 1);
        } else {
            int r = 0;
            if (depth >= 3 && i >= 4 && !defending && g->score[c][p] < 500 && g->kcount[p][K_FIVE] == 0) r = 1;
            v = -search(g, q, next - r, -alpha - 1, -alpha, ply + 1);
            if (!g->stop && v > alpha && r) v = -search(g, q, next, -alpha - 1, -alpha, ply + 1);
            if (!g->stop && v > alpha && v < beta) v = -search(g, q, next, -beta, -alpha, ply + 1);
        }
        gm_unplace(g);
        if (g->stop) return 0;
        if (v > best) {
            best = v;
            best_move = c;
            g->pv[ply][0] = c;
            memcpy(&g->pv[ply][1], g->pv[ply + 1], sizeof(int) * (size_t)g->pvlen[ply + 1]);
            g->pvlen[ply] = g->pvlen[ply + 1] + 1;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) {
                    if (g->killers[ply][0] != c) { g->killers[ply][1] = g->killers[ply][0]; g->killers[ply][0] = c; }
                    g->history[c] += depth * depth;
                    break;
                }
            }
        }
    }
    int flag = best <= alpha0 ? TT_UPPER : (best >= beta ? TT_LOWER : TT_EXACT);
    tt_put(g, key, depth, flag, to_tt(best, ply), best_move);
    return best;
}

/* ---- the decision ----------------------------------------------------------------- */

enum { R_WIN_NOW, R_BLOCK, R_OPEN_FOUR, R_VCF, R_VCT, R_SEARCH, R_DEFEND_VCT, R_ONLY };

static GTT *shared_tt = NULL;
static GRef *shared_ref = NULL;
/* 16 MB and 8 MB, kept for the process's life */
#define GM_TT_BITS 20
#define GM_REF_BITS 19
#define GM_TT_BITS_OWN 18
static int shared_busy = 0;

/* Root: keep the moves after which the opponent has no win by continuous threats (when
 * some move stops it), judged within the deadline. */
static int root_safe_moves(G *g, int p, int *moves, int m, int depth, double until) {
    int q = other(p);
    double saved = g->deadline;
    g->deadline = until;
    int safe[GM_MAXMOVES], ns = 0, judged = 0;
    for (int i = 0; i < m && !g->stop; i++) {
        gm_place(g, moves[i], p);
        int lost = 0;
        if (!g->kcount[p][K_FIVE]) {
            lost = vct(g, q, depth, 0);
        }
        gm_unplace(g);
        if (g->stop) break;
        judged++;
        if (!lost) safe[ns++] = moves[i];
    }
    int stopped = g->stop;
    g->stop = 0;
    g->deadline = saved;
    if (ns == 0) return m; /* nothing holds (or nothing judged): keep them all */
    /* judged moves that hold first, then the unjudged ones when the clock stopped the look */
    int r = 0;
    int out[GM_MAXMOVES];
    for (int i = 0; i < ns; i++) out[r++] = safe[i];
    if (stopped)
        for (int i = judged; i < m; i++) out[r++] = moves[i];
    memcpy(moves, out, sizeof(int) * (size_t)r);
    return r;
}

typedef struct {
    int move, value, depth, reason;
    long long nodes;
    int pv[GM_MAXPLY];
    int pvlen;
} Decision;

static void think(G *g, int p, double deadline, int vct_depth, Decision *out) {
    int q = other(p);
    double start = gm_now();
    double total = deadline - start;
    if (total < 0.001) total = 0.001;
    g->deadline = deadline;
    g->stop = 0;
    g->nodes = 0;
    memset(g->killers, 0xff, sizeof(g->killers));
    memset(g->history, 0, sizeof(g->history));
    out->pvlen = 0;
    out->depth = 0;
    out->value = 0;
    int cells[GM_MAXMOVES];
    if (g->kcount[p][K_FIVE]) {
        out->move = first_of_kind(g, p, K_FIVE);
        out->value = GM_WIN - 1;
        out->reason = R_WIN_NOW;
        goto done;
    }
    if (g->kcount[q][K_FIVE]) {
        int m = cells_of_kind(g, q, K_FIVE, cells);
        out->move = cells[0];
        out->value = m >= 2 ? -(GM_WIN - 2) : 0;
        out->reason = R_BLOCK;
        if (m == 1) {
            /* still search, to report a value: a forced move */
        }
        goto done;
    }
    if (g->kcount[p][K_F4]) {
        out->move = first_of_kind(g, p, K_F4);
        out->value = GM_WIN - 3;
        out->reason = R_OPEN_FOUR;
        goto done;
    }
    /* own VCF */
    g->deadline = start + total * g->share_vcf;
    for (int depth = 1; depth <= 40 && !g->stop; depth += depth < 8 ? 1 : 2) {
        if (vcf(g, p, depth, 0)) {
            out->move = g->vcf_line[0];
            out->value = GM_WIN - 10;
            out->reason = R_VCF;
            out->depth = depth;
            g->stop = 0;
            goto done;
        }
        if (!g->kcount[p][K_B4] && !g->kcount[p][K_43]) break;
    }
    g->stop = 0;
    /* own VCT */
    g->deadline = gm_now() + (deadline - gm_now()) * g->share_vct;
    for (int depth = 1; depth <= vct_depth && !g->stop; depth++) {
        g->pv[0][0] = -1;
        if (vct(g, p, depth, 0)) {
            /* vct() wrote its first move to pv[0][0], or found a VCF at once */
            int mv = g->pv[0][0];
            if (mv > 0 && g->cell[mv] == 0) {
                out->move = mv;
                out->value = GM_WIN - 100;
                out->reason = R_VCT;
                out->depth = depth;
                g->stop = 0;
                goto done;
            }
        }
    }
    g->stop = 0;
    g->deadline = deadline;
    {
        int moves[GM_MAXMOVES], keys[GM_MAXMOVES];
        int m = gen_moves(g, p, moves, keys, width_at(0));
        out->move = moves[0];
        out->reason = R_SEARCH;
        /* the opponent's threats: keep the moves that stop them, when some do */
        if (m > 1) {
            int opp_vct = 0;
            double until = gm_now() + (deadline - gm_now()) * g->share_opp_vct;
            double saved = g->deadline;
            g->deadline = until;
            int found = 0;
            for (int depth = 1; depth <= vct_depth && !g->stop && !opp_vct; depth++) {
                opp_vct = vct(g, q, depth, 0);
                found = depth;
            }
            g->stop = 0;
            g->deadline = saved;
            if (opp_vct) {
                /* each move is judged a threat deeper than the attack found (longer attacks
                 * are the alpha-beta's to see) */
                double until2 = gm_now() + (deadline - gm_now()) * g->share_defence;
                int before = m;
                int judge = found + 1 < vct_depth ? found + 1 : vct_depth;
                m = root_safe_moves(g, p, moves, m, judge, until2);
                if (m < before) out->reason = R_DEFEND_VCT;
            }
        }
        out->move = moves[0];
        if (m == 1) {
            out->reason = out->reason == R_SEARCH ? R_ONLY : out->reason;
            goto done;
        }
        /* iterative deepening over the root moves */
        int best = moves[0], best_value = 0;
        int root_vals[GM_MAXMOVES];
        int last_depth = g->max_depth ? g->max_depth : GM_MAXPLY - 9;
        for (int depth = 2; depth <= last_depth; depth++) {
            int alpha = -GM_WIN - 1, beta = GM_WIN + 1;
            int it_best = -1, it_value = -GM_WIN - 1;
            int it_pv[GM_MAXPLY], it_pvlen = 0;
            /* previous best first */
            for (int i = 0; i < m; i++)
                if (moves[i] == best) { memmove(&moves[1], &moves[0], sizeof(int) * (size_t)i); moves[0] = best; break; }
            for (int i = 0; i < m; i++) {
                int c = moves[i];
                gm_place(g, c, p);
                int v;
                if (i == 0) v = -search(g, q, depth - 1, -beta, -alpha, 1);
                else {
                    v = -search(g, q, depth - 1, -alpha - 1, -alpha, 1);
                    if (!g->stop && v > alpha) v = -search(g, q, depth - 1, -beta, -alpha, 1);
                }
                gm_unplace(g);
                if (g->stop) break;
                root_vals[i] = v;
                if (v > it_value) {
                    it_value = v;
                    it_best = c;
                    it_pv[0] = c;
                    memcpy(&it_pv[1], g->pv[1], sizeof(int) * (size_t)g->pvlen[1]);
                    it_pvlen = g->pvlen[1] + 1;
                    if (v > alpha) alpha = v;
                    if (i > 0) {
                        /* a better move found in an unfinished iteration still counts */
                        best = c;
                        best_value = v;
                        memcpy(out->pv, it_pv, sizeof(int) * (size_t)it_pvlen);
                        out->pvlen = it_pvlen;
                    }
                }
            }
            if (g->stop) break;
            best = it_best;
            best_value = it_value;
            memcpy(out->pv, it_pv, sizeof(int) * (size_t)it_pvlen);
            out->pvlen = it_pvlen;
            out->depth = depth;
            if (best_value > GM_MATE || best_value < -GM_MATE) {
                int all_lost = 1;
                for (int i = 0; i < m; i++) all_lost &= root_vals[i] < -GM_MATE;
                if (best_value > GM_MATE || all_lost) break;
            }
            /* an iteration costs several times the last one: do not start what cannot end */
            double spent = gm_now() - start;
            if (spent > total * g->share_iterate) break;
        }
        (void)root_vals;
        out->move = best;
        out->value = best_value;
    }
done:
    out->nodes = g->nodes;
    if (out->pvlen == 0) { out->pv[0] = out->move; out->pvlen = 1; }
}

/* ---- Python ----------------------------------------------------------------------- */

PyObject *gm_think(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"width", "height", "rule", "stones", "to_move", "deadline", "vct_depth",
                             "vcf_near_root", "vcf_node_depth", "max_depth", "node_limit", NULL};
    int w, h, rule, to_move, vct_depth = 4, vcf_near_root = 2, vcf_node_depth = 8, max_depth = 0;
    long long node_limit = 0;
    double deadline;
    PyObject *stones;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiiOid|iiiiL", kwlist, &w, &h, &rule, &stones, &to_move, &deadline,
                                     &vct_depth, &vcf_near_root, &vcf_node_depth, &max_depth, &node_limit))
        return NULL;
    if (w < 5 || h < 5 || w > GM_MAXSIDE || h > GM_MAXSIDE || rule < 0 || rule > 1) {
        PyErr_SetString(PyExc_ValueError, "gomoku_think: unsupported board");
        return NULL;
    }
    if (max_depth < 0 || max_depth > GM_MAXPLY - 9 || node_limit < 0) {
        PyErr_SetString(PyExc_ValueError, "gomoku_think: max_depth must be 0..119 and node_limit at least 0");
        return NULL;
    }
    /* the fixed-depth mode: fresh tables, so that the answer depends on the position alone */
    int fixed = max_depth > 0 || node_limit > 0;
    G *g = malloc(sizeof(G));
    if (!g) return PyErr_NoMemory();
    gm_init(g, w, h, rule);
    /* the board's shape and rule are part of every key: tables are shared between games */
    g->key = ((uint64_t)w * 0x100000001B3ULL + (uint64_t)h * 0xC2B2AE3D27D4EB4FULL + (uint64_t)(rule + 1)) * 0x9E3779B97F4A7C15ULL;
    /* One pair of tables kept between calls (the positions of one game recur); a call made
     * while another runs (threads) gets tables of its own. */
    int own_tables = fixed ? 1 : __sync_lock_test_and_set(&shared_busy, 1);
    GTT *tt;
    GRef *ref;
    if (fixed) {
        tt = calloc((size_t)1 << GM_TT_BITS, sizeof(GTT));
        ref = calloc((size_t)1 << GM_REF_BITS, sizeof(GRef));
        g->tt_mask = ((size_t)1 << GM_TT_BITS) - 1;
        g->ref_mask = ((size_t)1 << GM_REF_BITS) - 1;
    } else if (own_tables) {
        tt = calloc((size_t)1 << GM_TT_BITS_OWN, sizeof(GTT));
        ref = calloc((size_t)1 << GM_TT_BITS_OWN, sizeof(GRef));
        g->tt_mask = ((size_t)1 << GM_TT_BITS_OWN) - 1;
        g->ref_mask = ((size_t)1 << GM_TT_BITS_OWN) - 1;
    } else {
        if (!shared_tt) shared_tt = calloc((size_t)1 << GM_TT_BITS, sizeof(GTT));
        if (!shared_ref) shared_ref = calloc((size_t)1 << GM_REF_BITS, sizeof(GRef));
        tt = shared_tt;
        ref = shared_ref;
        g->tt_mask = ((size_t)1 << GM_TT_BITS) - 1;
        g->ref_mask = ((size_t)1 << GM_REF_BITS) - 1;
    }
    if (!tt || !ref) {
        if (own_tables) { free(tt); free(ref); } else __sync_lock_release(&shared_busy);
        free(g);
        return PyErr_NoMemory();
    }
    g->tt = tt;
    g->ref = ref;
    g->vcf_near_root = vcf_near_root;
    g->vcf_node_depth = vcf_node_depth;
    g->max_depth = max_depth;
    g->node_limit = node_limit;
    g->vct_vcf_depth = 10;
    g->vct_width = 10;
    g->ext_moves = 4;
    g->ext_ply = 20;
    g->share_vcf = 0.1;
    g->share_vct = 0.2;
    g->share_opp_vct = 0.15;
    g->share_defence = 0.35;
    g->share_iterate = 0.6;
#ifdef GM_TUNING
    {
        double sh[5] = {g->share_vcf, g->share_vct, g->share_opp_vct, g->share_defence, g->share_iterate};
        const char *t = getenv("GM_SHARES");
        for (int i = 0; t && *t && i < 5; i++) {
            sh[i] = atof(t);
            while (*t && *t != ',') t++;
            if (*t == ',') t++;
        }
        g->share_vcf = sh[0]; g->share_vct = sh[1]; g->share_opp_vct = sh[2]; g->share_defence = sh[3];
        g->share_iterate = sh[4];
        const char *e = getenv("GM_EXT_MOVES");
        if (e) g->ext_moves = atoi(e);
        e = getenv("GM_EXT_PLY");
        if (e) g->ext_ply = atoi(e);
        e = getenv("GM_VCF_PLY");
        if (e) g->vcf_near_root = atoi(e);
        e = getenv("GM_VCF_NODE");
        if (e) g->vcf_node_depth = atoi(e);
        e = getenv("GM_VCT_DEPTH");
        if (e) vct_depth = atoi(e);
    }
#endif
#define GM_FAIL(...) do { if (own_tables) { free(tt); free(ref); } else __sync_lock_release(&shared_busy); free(g); __VA_ARGS__; return NULL; } while (0)
    PyObject *seq = PySequence_Fast(stones, "stones: a sequence of (cell, colour)");
    if (!seq) GM_FAIL();
    Py_ssize_t ns = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < ns; i++) {
        int c, col;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "ii", &c, &col)) GM_FAIL(Py_DECREF(seq));
        if (c < 0 || c >= w * h || col < 0 || col > 1)
            GM_FAIL(Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "gomoku_think: a stone off the board"));
        int pc = (c / w + GM_PAD) * GM_STRIDE + (c % w + GM_PAD);
        if (g->cell[pc]) GM_FAIL(Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "gomoku_think: two stones on a cell"));
        gm_place(g, pc, col);
    }
    Py_DECREF(seq);
    /* stones placed before the search belong to no search: the search's history starts here */
    Decision dec;
    if (g->stones >= w * h) GM_FAIL(PyErr_SetString(PyExc_ValueError, "gomoku_think: the board is full"));
    Py_BEGIN_ALLOW_THREADS
    think(g, to_move & 1, deadline, vct_depth, &dec);
    Py_END_ALLOW_THREADS
    PyObject *pv = PyList_New(dec.pvlen);
    for (int i = 0; i < dec.pvlen; i++) {
        int c = dec.pv[i];
        int x = c % GM_STRIDE - GM_PAD, y = c / GM_STRIDE - GM_PAD;
        PyList_SET_ITEM(pv, i, PyLong_FromLong(y * w + x));
    }
    int x = dec.move % GM_STRIDE - GM_PAD, y = dec.move / GM_STRIDE - GM_PAD;
    static const char *reasons[] = {"wins at once", "blocks a four", "wins by continuous fours", "wins by continuous fours",
                                    "wins by continuous threats", "search", "defends against continuous threats",
                                    "the only move"};
    PyObject *r = Py_BuildValue("iiNLis", y * w + x, dec.value, pv, dec.nodes, dec.depth, reasons[dec.reason]);
    if (own_tables) { free(tt); free(ref); } else __sync_lock_release(&shared_busy);
    free(g);
    return r;
}
