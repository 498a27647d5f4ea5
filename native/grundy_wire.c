/* The native per-move wire path: the frame reader, the move parser, the frame writer and the plain
 * move of a playing room.
 *
 * It trades plain values with Python (bytes, str, int, float, tuples, lists, dicts of its own types)
 * and its own types only (FastRoom, TokenBucket, Outlet, InboxWriter): it reads, writes and calls no attribute of
 * any other object but one, a transport's ``write`` (an Outlet's, below: the frames of a native move go
 * out from here while Python says the connection may take them), and builds no object of any other
 * type.  The one Python module that uses it is server/native.py (the seam, whose C_ATTRIBUTES lists
 * ``write``); tests/server/test_native_seam.py fails when this file names another attribute, interns
 * another name or builds another type's object.
 *
 * Each function is the twin of a pure-Python one that stays the fallback (GRUNDY_NATIVE=off or wire
 * chooses it, server/config.py; tests/protocol/test_wire.py and tests/server/test_fast_moves.py hold
 * both to the same results):
 *
 *  - configure(max_room, max_move, max_ref): the protocol's bounds (protocol/messages.py's constants),
 *    passed once by the seam; until then no move is taken;
 *  - scan_frames(data, max_binary): the client frames at the start of a read (RFC 6455, 5.2),
 *    as server/transport.py's _scan_frames reads them: final, masked binary frames, pings and
 *    pongs, unmasked; it stops at the first frame it does not take (hand it over to websockets'
 *    parser) or at an incomplete one (keep it for the next read);
 *  - parse_move(frame, max_size): a ``move`` request that is exactly what the protocol accepts (a
 *    map of type/room/ply/move and an optional ref, each within its bounds), as the plain tuple
 *    (ref given, ref, room, ply, move); None for anything else, which then takes the Python codec (so
 *    every refusal, and its typed error, is the Python codec's own);
 *  - binary_frame(data): an unmasked, final binary frame (header and data in one allocation);
 *  - TokenBucket: the gateway's token bucket (server/gateway.py's twin);
 *  - FastRoom, try_move and take_moves: the plain move of a playing room of a game with native
 *    take-away rules (the trait ``native_rules`` a game declares in rules/), below;
 *  - Outlet: a connection's transport and Python's word that it may take a frame now; a FastRoom
 *    writes a stored move's two frames through its seats' outlets (``resume_send``), or leaves
 *    them to Python;
 *  - InboxWriter: a cluster inbox's frames for sessions connected here, written through their
 *    outlets where the inbox's Python path would write them at once (server/cluster/inbox.py's
 *    InboxWriter is its twin), the rest left to that path.
 *
 * A move's map is parsed by one function (read_move), once per frame on a path: a valid move request the native
 * rooms decline comes back as its fields (try_move), which the seam makes the model of without reading it again.
 *
 * Module: _grundy_wire (a top-level extension, like _grundy_native).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include <structmember.h>

enum { DONE = 0, KEEP = 1, HAND_OVER = 2 };

/* The protocol's bounds in characters (protocol/messages.py), set by configure(); 0: nothing passes. */
static Py_ssize_t max_room_chars = 0, max_move_chars = 0, max_ref_chars = 0;

static PyObject *configure(PyObject *self, PyObject *args) {
    Py_ssize_t room, move, ref;
    if (!PyArg_ParseTuple(args, "nnn", &room, &move, &ref)) return NULL;
    if (room < 1 || move < 1 || ref < 0 || room > 4096 || move > 4096 || ref > 4096) {
        PyErr_SetString(PyExc_ValueError, "bounds out of range");
        return NULL;
    }
    max_room_chars = room;
    max_move_chars = move;
    max_ref_chars = ref;
    Py_RETURN_NONE;
}

/* The wall clock in whole microseconds, as seconds (the double nearest to them): a move's time, which move_write
 * then writes from the microseconds, not by the float's shortest repr (several thousand instructions). */
static double wall_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)((long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000) / 1e6;
}

static double mono_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------ frames in */

static PyObject *scan_frames(PyObject *self, PyObject *args) {
    Py_buffer buf;
    unsigned long long max_binary;
    if (!PyArg_ParseTuple(args, "y*K", &buf, &max_binary)) return NULL;
    const unsigned char *d = (const unsigned char *)buf.buf;
    Py_ssize_t size = buf.len, at = 0, wanted = 0;
    int stop = DONE;
    PyObject *frames = PyList_New(0);
    if (frames == NULL) goto fail;
    while (at < size) {
        if (size - at < 2) { stop = KEEP; wanted = 2; break; }
        unsigned char h1 = d[at], h2 = d[at + 1];
        if (h2 < 0x80 || !(h1 == 0x82 || h1 == 0x89 || h1 == 0x8A)) { stop = HAND_OVER; break; }
        unsigned long long length = h2 & 0x7F;
        Py_ssize_t start;
        if (length < 126) {
            start = at + 6;
        } else if (length == 126) {
            if (size - at < 4) { stop = KEEP; wanted = 4; break; }
            length = ((unsigned long long)d[at + 2] << 8) | d[at + 3];
            start = at + 8;
        } else {
            if (size - at < 10) { stop = KEEP; wanted = 10; break; }
            length = 0;
            for (int i = 2; i < 10; i++) length = (length << 8) | d[at + i];
            start = at + 14;
        }
        if (length > (h1 == 0x82 ? max_binary : 125ULL)) { stop = HAND_OVER; break; }
        if (length > (unsigned long long)(size - start) || start > size) {
            stop = KEEP;
            wanted = (Py_ssize_t)(start - at) + (Py_ssize_t)length;
            break;
        }
        Py_ssize_t n = (Py_ssize_t)length, end = start + n;
        PyObject *payload = PyBytes_FromStringAndSize(NULL, n);
        if (payload == NULL) goto fail;
        unsigned char *out = (unsigned char *)PyBytes_AS_STRING(payload);
        const unsigned char *mask = d + start - 4, *in = d + start;
        for (Py_ssize_t i = 0; i < n; i++) out[i] = in[i] ^ mask[i & 3];
        PyObject *item = Py_BuildValue("(iNn)", (int)h1, payload, at);
        if (item == NULL || PyList_Append(frames, item) < 0) { Py_XDECREF(item); goto fail; }
        Py_DECREF(item);
        at = end;
    }
    PyBuffer_Release(&buf);
    return Py_BuildValue("(Nnin)", frames, at, stop, wanted);
fail:
    Py_XDECREF(frames);
    PyBuffer_Release(&buf);
    return NULL;
}

/* ------------------------------------------------------------------ a move request */

typedef struct {
    const unsigned char *p, *end;
} Reader;

/* A msgpack str: its bytes and length; 0 when the next value is not a str (or is cut short). */
static int read_str(Reader *r, const unsigned char **s, Py_ssize_t *n) {
    if (r->p >= r->end) return 0;
    unsigned char t = *r->p;
    size_t len, head;
    if ((t & 0xE0) == 0xA0) { len = t & 0x1F; head = 1; }
    else if (t == 0xD9 && r->end - r->p >= 2) { len = r->p[1]; head = 2; }
    else if (t == 0xDA && r->end - r->p >= 3) { len = ((size_t)r->p[1] << 8) | r->p[2]; head = 3; }
    else if (t == 0xDB && r->end - r->p >= 5) {
        len = ((size_t)r->p[1] << 24) | ((size_t)r->p[2] << 16) | ((size_t)r->p[3] << 8) | r->p[4];
        head = 5;
    } else return 0;
    if ((size_t)(r->end - r->p) - head < len) return 0;
    *s = r->p + head;
    *n = (Py_ssize_t)len;
    r->p += head + len;
    return 1;
}

/* The number of entries of the map a frame starts with (a fixmap or a map 16; the reader moves past
   its header), or -1 when the frame is not such a map. */
static Py_ssize_t map_header(Reader *r, Py_ssize_t len) {
    unsigned char t = *r->p;
    if ((t & 0xF0) == 0x80) { r->p += 1; return t & 0x0F; }
    if (t == 0xDE && len >= 3) { Py_ssize_t n = (r->p[1] << 8) | r->p[2]; r->p += 3; return n; }
    return -1;
}

/* A msgpack integer as a new Python int (``*negative`` says whether it is below zero); NULL
 * without an error set when the value is not one. */
static PyObject *read_int(Reader *r, int *negative) {
    *negative = 0;
    if (r->p >= r->end) return NULL;
    const unsigned char *p = r->p;
    unsigned char t = *p;
    size_t avail = (size_t)(r->end - p);
    if (t <= 0x7F) { r->p += 1; return PyLong_FromLong(t); }
    if (t >= 0xE0) { r->p += 1; *negative = 1; return PyLong_FromLong((signed char)t); }
    size_t n;
    switch (t) {
        case 0xCC: case 0xD0: n = 1; break;
        case 0xCD: case 0xD1: n = 2; break;
        case 0xCE: case 0xD2: n = 4; break;
        case 0xCF: case 0xD3: n = 8; break;
        default: return NULL;
    }
    if (avail < 1 + n) return NULL;
    unsigned long long u = 0;
    for (size_t i = 1; i <= n; i++) u = (u << 8) | p[i];
    r->p += 1 + n;
    if (t >= 0xD0) {  /* signed: sign-extend from n bytes */
        int shift = (int)(64 - 8 * n);
        long long v = (long long)(u << shift) >> shift;
        *negative = v < 0;
        return PyLong_FromLongLong(v);
    }
    return PyLong_FromUnsignedLongLong(u);
}

/* A str of min..max characters (code points), strictly UTF-8; NULL without an error set otherwise. */
static PyObject *bounded_str(const unsigned char *s, Py_ssize_t n, Py_ssize_t min, Py_ssize_t max) {
    if (n > 4 * max) return NULL;  /* (more bytes than max characters can take) */
    PyObject *u = PyUnicode_DecodeUTF8((const char *)s, n, "strict");
    if (u == NULL) { PyErr_Clear(); return NULL; }
    Py_ssize_t len = PyUnicode_GET_LENGTH(u);
    if (len < min || len > max) { Py_DECREF(u); return NULL; }
    return u;
}


/* ------------------------------------------------------------------ frames out */

static PyObject *binary_frame(PyObject *self, PyObject *arg) {
    Py_buffer buf;
    if (PyObject_GetBuffer(arg, &buf, PyBUF_SIMPLE) < 0) return NULL;
    Py_ssize_t n = buf.len, head = n < 126 ? 2 : (n < 65536 ? 4 : 10);
    PyObject *out = PyBytes_FromStringAndSize(NULL, head + n);
    if (out != NULL) {
        unsigned char *o = (unsigned char *)PyBytes_AS_STRING(out);
        o[0] = 0x82;
        if (head == 2) {
            o[1] = (unsigned char)n;
        } else if (head == 4) {
            o[1] = 0x7E;
            o[2] = (unsigned char)(n >> 8);
            o[3] = (unsigned char)n;
        } else {
            o[1] = 0x7F;
            unsigned long long u = (unsigned long long)n;
            for (int i = 9; i >= 2; i--) { o[i] = (unsigned char)u; u >>= 8; }
        }
        memcpy(o + head, buf.buf, (size_t)n);
    }
    PyBuffer_Release(&buf);
    return out;
}


typedef struct {
    unsigned char *p;
    Py_ssize_t n, cap;
} Out;

static void put_bytes(Out *o, const void *s, Py_ssize_t n) {
    if (o->n + n <= o->cap) memcpy(o->p + o->n, s, (size_t)n);
    o->n += n;  /* (past cap: the caller sees n > cap and declines) */
}

static void put_byte(Out *o, unsigned char b) {
    if (o->n < o->cap) o->p[o->n] = b;
    o->n += 1;
}

static void put_be(Out *o, unsigned char tag, unsigned long long u, int bytes) {
    unsigned char b[9];
    b[0] = tag;
    for (int i = bytes; i >= 1; i--) { b[i] = (unsigned char)u; u >>= 8; }
    put_bytes(o, b, bytes + 1);
}

/* An integer as msgpack-python's packer writes it: the shortest form, unsigned when not negative. */
static void put_int(Out *o, long long v) {
    if (v >= 0) {
        unsigned long long u = (unsigned long long)v;
        if (u < 0x80) put_byte(o, (unsigned char)u);
        else if (u < 0x100) put_be(o, 0xCC, u, 1);
        else if (u < 0x10000) put_be(o, 0xCD, u, 2);
        else if (u < 0x100000000ULL) put_be(o, 0xCE, u, 4);
        else put_be(o, 0xCF, u, 8);
    } else if (v >= -32) {
        put_byte(o, (unsigned char)(v & 0xFF));
    } else if (v >= -128) {
        put_be(o, 0xD0, (unsigned long long)v, 1);
    } else if (v >= -32768) {
        put_be(o, 0xD1, (unsigned long long)v, 2);
    } else if (v >= -2147483648LL) {
        put_be(o, 0xD2, (unsigned long long)v, 4);
    } else {
        put_be(o, 0xD3, (unsigned long long)v, 8);
    }
}

static void put_str(Out *o, const char *s, Py_ssize_t n) {
    if (n < 32) put_byte(o, (unsigned char)(0xA0 | n));
    else if (n < 0x100) put_be(o, 0xD9, (unsigned long long)n, 1);
    else if (n < 0x10000) put_be(o, 0xDA, (unsigned long long)n, 2);
    else put_be(o, 0xDB, (unsigned long long)n, 4);
    put_bytes(o, s, n);
}


static void put_double(Out *o, double d) {
    unsigned long long u;
    memcpy(&u, &d, 8);
    put_be(o, 0xCB, u, 8);
}

static int put_py_str(Out *o, PyObject *s) {
    Py_ssize_t n;
    const char *u = PyUnicode_AsUTF8AndSize(s, &n);
    if (u == NULL) return -1;
    put_str(o, u, n);
    return 0;
}

/* Digits of v (v >= 0) into buf; their count. */
static int digits(long long v, char *buf) {
    char tmp[24];
    int n = 0;
    do { tmp[n++] = (char)('0' + v % 10); v /= 10; } while (v > 0);
    for (int i = 0; i < n; i++) buf[i] = tmp[n - 1 - i];
    return n;
}


typedef struct {
    PyObject_HEAD
    double rate, burst, tokens, at;
} Bucket;

static PyTypeObject BucketType;

static int Bucket_init(Bucket *self, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"rate", "burst", NULL};
    double rate, burst;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "dd", kw, &rate, &burst)) return -1;
    self->rate = rate;
    self->burst = burst;
    self->tokens = burst;
    self->at = mono_now();
    return 0;
}

/* The tokens there would be at ``now`` (nothing changes). */
static double bucket_level(Bucket *b, double now) {
    double t = b->tokens + (now - b->at) * b->rate;
    return t < b->burst ? t : b->burst;
}

static PyObject *Bucket_take(Bucket *self, PyObject *arg) {
    double now = PyFloat_AsDouble(arg);
    if (now == -1.0 && PyErr_Occurred()) return NULL;
    self->tokens = bucket_level(self, now);
    self->at = now;
    if (self->tokens >= 1.0) {
        self->tokens -= 1.0;
        Py_RETURN_TRUE;
    }
    Py_RETURN_FALSE;
}

static PyMethodDef Bucket_methods[] = {
    {"take", (PyCFunction)Bucket_take, METH_O, "take(now) -> True when a token was taken (refilled up to now first)."},
    {NULL, NULL, 0, NULL},
};

#include <structmember.h>

static PyMemberDef Bucket_members[] = {
    {"rate", T_DOUBLE, offsetof(Bucket, rate), 0, "tokens a second"},
    {"burst", T_DOUBLE, offsetof(Bucket, burst), 0, "the most tokens held"},
    {"tokens", T_DOUBLE, offsetof(Bucket, tokens), 0, "tokens held at ``at``"},
    {"at", T_DOUBLE, offsetof(Bucket, at), 0, "when the tokens were last counted (time.monotonic)"},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject BucketType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_grundy_wire.TokenBucket",
    .tp_basicsize = sizeof(Bucket),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "TokenBucket(rate, burst): rate tokens a second up to burst; a request takes one or is refused.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Bucket_init,
    .tp_methods = Bucket_methods,
    .tp_members = Bucket_members,
};


#define KEY_IS(s, n, lit) ((n) == (Py_ssize_t)(sizeof(lit) - 1) && memcmp((s), (lit), sizeof(lit) - 1) == 0)

/* A move request's fields, as read_move finds them (the strings point into the frame). */
typedef struct {
    PyObject *ref;  /* new reference: None, a str or an int; NULL when not given */
    PyObject *room; /* new reference: str */
    PyObject *ply;  /* new reference: int >= 0 */
    const unsigned char *move_s;
    Py_ssize_t move_n;
} MoveFields;

static void move_fields_clear(MoveFields *m) {
    Py_CLEAR(m->ref);
    Py_CLEAR(m->room);
    Py_CLEAR(m->ply);
}

/* The one reader of a move request's map: 1 when ``data`` is exactly a valid ``move`` request (fields in *m,
 * to be cleared by the caller), 0 when it is not (nothing held), -1 on an error. */
static int read_move(const unsigned char *data, Py_ssize_t len, Py_ssize_t max_size, MoveFields *m) {
    int seen_type = 0, seen_ref = 0, negative_ref = 0;
    memset(m, 0, sizeof *m);
    if (len > max_size || len < 1) goto decline;
    Reader r = {data, data + len};
    Py_ssize_t entries = map_header(&r, len);
    if (entries != 4 && entries != 5) goto decline;
    for (Py_ssize_t i = 0; i < entries; i++) {
        const unsigned char *k, *s;
        Py_ssize_t kn, sn;
        if (!read_str(&r, &k, &kn)) goto decline;
        if (KEY_IS(k, kn, "type")) {
            if (seen_type || !read_str(&r, &s, &sn) || !KEY_IS(s, sn, "move")) goto decline;
            seen_type = 1;
        } else if (KEY_IS(k, kn, "room")) {
            if (m->room != NULL || !read_str(&r, &s, &sn) || (m->room = bounded_str(s, sn, 1, max_room_chars)) == NULL)
                goto decline;
        } else if (KEY_IS(k, kn, "move")) {
            if (m->move_s != NULL || !read_str(&r, &s, &sn)) goto decline;
            int ascii = sn >= 1 && sn <= max_move_chars;
            for (Py_ssize_t j = 0; ascii && j < sn; j++) ascii = s[j] < 0x80;
            if (!ascii) { /* (ASCII is valid UTF-8, a character a byte: anything else is decoded to be checked) */
                PyObject *text = bounded_str(s, sn, 1, max_move_chars); /* (built again by whoever needs it) */
                if (text == NULL) goto decline;
                Py_DECREF(text);
            }
            m->move_s = s;
            m->move_n = sn;
        } else if (KEY_IS(k, kn, "ply")) {
            int negative;
            if (m->ply != NULL || (m->ply = read_int(&r, &negative)) == NULL || negative) goto decline;
        } else if (KEY_IS(k, kn, "ref")) {
            if (seen_ref) goto decline;
            seen_ref = 1;
            if (r.p < r.end && *r.p == 0xC0) {
                r.p += 1;
                m->ref = Py_NewRef(Py_None);
            } else if (read_str(&r, &s, &sn)) {
                if ((m->ref = bounded_str(s, sn, 0, max_ref_chars)) == NULL) goto decline;
            } else if ((m->ref = read_int(&r, &negative_ref)) == NULL) {
                goto decline;
            }
        } else {
            goto decline;
        }
    }
    if (r.p != r.end || !seen_type || m->room == NULL || m->ply == NULL || m->move_s == NULL) goto decline;
    if (PyErr_Occurred()) goto fail;
    return 1;
decline:
    move_fields_clear(m);
    if (PyErr_Occurred()) return -1;
    return 0;
fail:
    move_fields_clear(m);
    return -1;
}

/* A valid move request's fields as the plain tuple (ref given, ref, room, ply, move); NULL on an error. */
static PyObject *fields_tuple(const MoveFields *m) {
    PyObject *move = PyUnicode_DecodeUTF8((const char *)m->move_s, m->move_n, "strict");
    if (move == NULL) return NULL;
    PyObject *t = PyTuple_New(5);
    if (t == NULL) {
        Py_DECREF(move);
        return NULL;
    }
    PyTuple_SET_ITEM(t, 0, Py_NewRef(m->ref != NULL ? Py_True : Py_False));
    PyTuple_SET_ITEM(t, 1, Py_NewRef(m->ref != NULL ? m->ref : Py_None));
    PyTuple_SET_ITEM(t, 2, Py_NewRef(m->room));
    PyTuple_SET_ITEM(t, 3, Py_NewRef(m->ply));
    PyTuple_SET_ITEM(t, 4, move); /* (the tuple holds it) */
    return t;
}

/* parse_move(frame, max_size) -> None, or (ref given, ref, room, ply, move) for a valid move request. */
static PyObject *parse_move(PyObject *self, PyObject *args) {
    Py_buffer buf;
    Py_ssize_t max_size;
    if (!PyArg_ParseTuple(args, "y*n", &buf, &max_size)) return NULL;
    MoveFields m;
    PyObject *result = NULL;
    int ok = read_move((const unsigned char *)buf.buf, buf.len, max_size, &m);
    if (ok == 1) {
        result = fields_tuple(&m);
        move_fields_clear(&m);
    } else if (ok == 0) {
        result = Py_NewRef(Py_None);
    }
    PyBuffer_Release(&buf);
    return result;
}



/* ------------------------------------------------------------------ a cluster's write of a plain move
 *
 * move_write(room, epoch, ply, seat, text, at) -> bytes or None: one room's four arguments of the cluster's write
 * script (server/cluster/store.py WriteScript) when its one write is a plain move with no clocks, in the Redis
 * protocol: the bulk strings room, epoch, ply and the move's log entry ``[ply,seat,"text",at,null]`` (json.dumps's
 * text): the same bytes as the Python twin there (_room_text) writes.  None when the room id is not ASCII, the text
 * needs an escape in JSON, a number is not an exact int or a finite float, or it is long: the Python twin writes it.
 * A time that is the double nearest to whole microseconds (wall_now's, 1 <= at < 2**32) is written from them:
 * two doubles there are less than a microsecond apart, so no shorter decimal comes back as the same double and
 * the text is the float's repr (the twin test holds it); any other time is written by the repr's own code. */

/* A str JSON writes as it is between quotes (printable ASCII but '"' and '\\'): its bytes, or NULL. */
static const char *json_plain(PyObject *s, Py_ssize_t *n) {
    if (!PyUnicode_CheckExact(s) || !PyUnicode_IS_ASCII(s)) return NULL;
    const char *c = (const char *)PyUnicode_1BYTE_DATA(s);
    Py_ssize_t len = PyUnicode_GET_LENGTH(s);
    for (Py_ssize_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)c[i];
        if (ch < 0x20 || ch > 0x7E || ch == '"' || ch == '\\') return NULL;
    }
    *n = len;
    return c;
}

/* A number as decimal text at ``o`` (no terminating zero): the characters written.  (sprintf costs several
 * hundred instructions a number: more than the rest of a move's write.) */
static int put_ll(char *o, long long v) {
    char digits[20];
    int n = 0, k = 0;
    unsigned long long x = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        digits[n++] = (char)('0' + x % 10);
        x /= 10;
    } while (x);
    if (v < 0) o[k++] = '-';
    while (n) o[k++] = digits[--n];
    return k;
}

/* An exact int as decimal text at ``o``: the characters written, or -1 (not an exact int, or too large). */
static int put_decimal(char *o, PyObject *v) {
    if (!PyLong_CheckExact(v)) return -1;
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (overflow || (x == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return -1;
    }
    return put_ll(o, x);
}

/* A bulk string of the Redis protocol at ``o``, ``$n\r\n`` and the n bytes and ``\r\n``: the characters written. */
static Py_ssize_t put_bulk(char *o, const char *part, Py_ssize_t n) {
    int k = 1;
    o[0] = '$';
    k += put_ll(o + 1, (long long)n);
    o[k++] = '\r';
    o[k++] = '\n';
    memcpy(o + k, part, (size_t)n);
    o[k + n] = '\r';
    o[k + n + 1] = '\n';
    return k + n + 2;
}

#define MOVE_WRITE_MAX 700 /* (the bytes move_write writes at most; a longer write is the twin's) */

static PyObject *move_write(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "move_write(room, epoch, ply, seat, text, at)");
        return NULL;
    }
    Py_ssize_t room_n, text_n;
    const char *text = json_plain(args[4], &text_n);
    if (!PyUnicode_CheckExact(args[0]) || !PyUnicode_IS_ASCII(args[0]) || text == NULL) Py_RETURN_NONE;
    const char *room = (const char *)PyUnicode_1BYTE_DATA(args[0]);
    room_n = PyUnicode_GET_LENGTH(args[0]);
    if (room_n > 200 || text_n > 200 || !PyFloat_CheckExact(args[5])) Py_RETURN_NONE;
    double at = PyFloat_AS_DOUBLE(args[5]);
    if (!isfinite(at)) Py_RETURN_NONE;
    char out[MOVE_WRITE_MAX], entry[320], epoch[24], ply[24];
    int epoch_n, ply_n, k;
    if ((epoch_n = put_decimal(epoch, args[1])) < 0 || (ply_n = put_decimal(ply, args[2])) < 0) Py_RETURN_NONE;
    /* the log entry: [ply,seat,"text",at,null] */
    char *o = entry;
    *o++ = '[';
    memcpy(o, ply, (size_t)ply_n);
    o += ply_n;
    *o++ = ',';
    if ((k = put_decimal(o, args[3])) < 0) Py_RETURN_NONE;
    o += k;
    memcpy(o, ",\"", 2);
    o += 2;
    memcpy(o, text, (size_t)text_n);
    o += text_n;
    memcpy(o, "\",", 2);
    o += 2;
    long long us = (at >= 1.0 && at < 4294967296.0) ? llround(at * 1e6) : 0;
    if (us > 0 && (double)us / 1e6 == at) {
        long long whole = us / 1000000, frac = us % 1000000;
        k = put_ll(o, whole);
        o[k++] = '.';
        if (frac == 0) {
            o[k++] = '0';
        } else {
            for (long long unit = 100000; unit; unit /= 10) o[k++] = (char)('0' + frac / unit % 10);
            while (o[k - 1] == '0') k--;
        }
    } else {
        char *r = PyOS_double_to_string(at, 'r', 0, Py_DTSF_ADD_DOT_0, NULL);
        if (r == NULL) return NULL;
        size_t rn = strlen(r);
        if (rn > 40) {
            PyMem_Free(r);
            Py_RETURN_NONE;
        }
        memcpy(o, r, rn);
        PyMem_Free(r);
        k = (int)rn;
    }
    o += k;
    memcpy(o, ",null]", 6);
    o += 6;
    /* the four bulk strings */
    Py_ssize_t n = put_bulk(out, room, room_n);
    n += put_bulk(out + n, epoch, epoch_n);
    n += put_bulk(out + n, ply, ply_n);
    n += put_bulk(out + n, entry, o - entry);
    return PyBytes_FromStringAndSize(out, n);
}

/* ------------------------------------------------------------------ a connection's outlet
 *
 * The one thing the C calls on an object it does not define: a transport's ``write``
 * (server/native.py C_ATTRIBUTES; tests/server/test_native_seam.py holds the C to that list).  An
 * Outlet is what the seam makes for one client connection (``Native.outlet``): the transport it was
 * given and two flags that Python alone sets: ``ready`` (server/gateway.py: the connection is open, not
 * closing, holds nothing queued, websockets sends nothing else and is not paused by flow control) and
 * ``held`` (server/cluster/forwarding.py: the session has a request out on another node, whose one answer
 * the cluster's delivery picks out of its frames).
 * The C reads nothing else of the connection: unless ``ready`` and not ``held`` it leaves the frame to Python
 * (Sessions.send -> Connection.send, the path of every other frame), and when the write raises it
 * clears ``ready`` and says so (Python aborts the transport, as server/transport.py write_now does).
 */

static PyObject *s_write; /* "write", interned once: the one attribute name (C_ATTRIBUTES) */

typedef struct {
    PyObject_HEAD
    PyObject *transport; /* what the frames are written to (NULL once closed) */
    char ready;          /* Python says a frame may be written now */
    char held;           /* Python says the frames go through its delivery for now, ready or not */
} Outlet;

static PyTypeObject OutletType;

static int Outlet_init(Outlet *self, PyObject *args, PyObject *kwds) {
    PyObject *transport;
    if (!PyArg_ParseTuple(args, "O", &transport)) return -1;
    Py_XSETREF(self->transport, Py_NewRef(transport));
    self->ready = 0;
    self->held = 0;
    return 0;
}

static int Outlet_traverse(Outlet *self, visitproc visit, void *arg) {
    Py_VISIT(self->transport);
    return 0;
}

static int Outlet_clear(Outlet *self) {
    Py_CLEAR(self->transport);
    return 0;
}

static void Outlet_dealloc(Outlet *self) {
    PyObject_GC_UnTrack(self);
    Outlet_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Outlet_close(Outlet *self, PyObject *unused) {
    self->ready = 0;
    Py_CLEAR(self->transport);
    Py_RETURN_NONE;
}

static PyObject *Outlet_get_transport(Outlet *self, void *closure) {
    return Py_NewRef(self->transport != NULL ? self->transport : Py_None);
}

static PyMethodDef Outlet_methods[] = {
    {"close", (PyCFunction)Outlet_close, METH_NOARGS, "Write nothing more (the transport is let go)."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef Outlet_members[] = {
    {"ready", T_BOOL, offsetof(Outlet, ready), 0, "Whether the C may write a frame now (set by Python only)."},
    {"held", T_BOOL, offsetof(Outlet, held), 0,
     "Whether the frames go through Python's delivery for now, whatever ``ready`` says (set by Python only)."},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef Outlet_getset[] = {
    {"transport", (getter)Outlet_get_transport, NULL, "What the frames are written to (None once closed).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject OutletType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_grundy_wire.Outlet",
    .tp_basicsize = sizeof(Outlet),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "Outlet(transport): where the C may write a connection's frames while Python says it is ready.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Outlet_init,
    .tp_dealloc = (destructor)Outlet_dealloc,
    .tp_traverse = (traverseproc)Outlet_traverse,
    .tp_clear = (inquiry)Outlet_clear,
    .tp_methods = Outlet_methods,
    .tp_members = Outlet_members,
    .tp_getset = Outlet_getset,
};

enum { WRITE_LEFT = 0, WRITTEN = 1, WRITE_FAILED = 2 };

/* ``data`` as one binary frame through the outlet: WRITTEN; WRITE_LEFT when it is not ready or held (nothing done:
 * Python sends it); WRITE_FAILED when the transport's write raised (the error cleared, the outlet no longer
 * ready: Python aborts the transport); -1 on an error before anything was written. */
static int outlet_write(PyObject *outlet, PyObject *data) {
    if (outlet == NULL || Py_TYPE(outlet) != &OutletType) return WRITE_LEFT;
    Outlet *o = (Outlet *)outlet;
    if (!o->ready || o->held || o->transport == NULL) return WRITE_LEFT;
    PyObject *frame = binary_frame(NULL, data);
    if (frame == NULL) return -1;
    PyObject *transport = Py_NewRef(o->transport); /* (the write may run Python code: hold what it needs) */
    Py_INCREF(outlet);
    PyObject *call[2] = {transport, frame};
    PyObject *r = PyObject_VectorcallMethod(s_write, call, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    Py_DECREF(frame);
    Py_DECREF(transport);
    int status = WRITTEN;
    if (r == NULL) {
        PyErr_Clear();
        o->ready = 0;
        status = WRITE_FAILED;
    } else {
        Py_DECREF(r);
    }
    Py_DECREF(outlet);
    return status;
}

/* ------------------------------------------------------------------ the inbox's frames for sessions here
 *
 * A cluster node's inbox brings frames for the sessions connected to it (a room's ``move_made`` run by another
 * node, the answer to a request passed there): a publication is one envelope ``["f", session, data]`` or a batch
 * ``["batch", envelope, ...]`` (server/cluster/inbox.py).  InboxWriter(outlets, max_data) writes such frames
 * through the sessions' Outlets (``outlets``: a dict of session id -> Outlet that Python keeps) where the
 * inbox's Python path would do just that, a write at once to the session's connection here:
 *
 *  - only a publication made of frames alone (each ``["f", str, bin]``, packed as the node packs them, and
 *    nothing after the last) is written here; any other (a request, a presence notice, a mix) is left whole to
 *    Python, so nothing is written from a publication Python would not read through;
 *  - its frames are written in order, each through its session's Outlet while that is ready and not held and
 *    the frame's data at most ``max_data`` bytes (Python's bound, server/gateway.py MAX_OUTLET_FRAME); at the
 *    first frame that is not, the C stops and leaves that frame and every later one to Python, in order.
 *
 * write(data) -> how many envelopes are left to Python, the publication's last ones (0: every frame was
 * written; -1: the whole publication, which the C did not read); (left, outlet) when a write raised (the C
 * stopped after it; the outlet is no longer ready: Python aborts its transport).  A publication Python reads
 * itself (a batch of frames and other envelopes) has each of its frames offered here in turn (frame(session,
 * data), below), written under the same conditions.  The Python twin is
 * server/cluster/inbox.py InboxWriter; tests/cluster/test_inbox_writer.py holds both to the same results.
 */

typedef struct {
    PyObject_HEAD
    PyObject *outlets;         /* dict: session id (str) -> Outlet (set by Python) */
    Py_ssize_t max_data;       /* the largest frame data written here */
    unsigned long long written; /* the frames written */
} InboxWriter;

typedef struct {
    PyObject *session;         /* str (a new reference) */
    const unsigned char *data;
    Py_ssize_t n;
} InboxFrame;

#define INBOX_FRAMES_ON_STACK 32

/* A msgpack array's header: its length, or -1 when the next value is not an array. */
static Py_ssize_t array_header(Reader *r) {
    if (r->p >= r->end) return -1;
    unsigned char t = *r->p;
    Py_ssize_t avail = r->end - r->p;
    if ((t & 0xF0) == 0x90) { r->p += 1; return t & 0x0F; }
    if (t == 0xDC && avail >= 3) { Py_ssize_t n = (r->p[1] << 8) | r->p[2]; r->p += 3; return n; }
    if (t == 0xDD && avail >= 5) {
        size_t n = ((size_t)r->p[1] << 24) | ((size_t)r->p[2] << 16) | ((size_t)r->p[3] << 8) | r->p[4];
        r->p += 5;
        return (Py_ssize_t)n;
    }
    return -1;
}

/* A msgpack bin: its bytes and length; 0 when the next value is not a bin (or is cut short). */
static int read_bin(Reader *r, const unsigned char **s, Py_ssize_t *n) {
    if (r->p >= r->end) return 0;
    unsigned char t = *r->p;
    size_t avail = (size_t)(r->end - r->p), len, head;
    if (t == 0xC4 && avail >= 2) { len = r->p[1]; head = 2; }
    else if (t == 0xC5 && avail >= 3) { len = ((size_t)r->p[1] << 8) | r->p[2]; head = 3; }
    else if (t == 0xC6 && avail >= 5) {
        len = ((size_t)r->p[1] << 24) | ((size_t)r->p[2] << 16) | ((size_t)r->p[3] << 8) | r->p[4];
        head = 5;
    } else return 0;
    if (avail - head < len) return 0;
    *s = r->p + head;
    *n = (Py_ssize_t)len;
    r->p += head + len;
    return 1;
}

static int str_is(const unsigned char *s, Py_ssize_t n, const char *word) {
    return n == (Py_ssize_t)strlen(word) && memcmp(s, word, (size_t)n) == 0;
}

/* One frame envelope ``["f", session, data]`` into ``f`` (its session decoded, strictly UTF-8, as msgpack's
 * unpacker decodes it): 1; 0 when the next value is anything else (no error set). */
static int read_frame_envelope(Reader *r, InboxFrame *f) {
    const unsigned char *s;
    Py_ssize_t n;
    if (array_header(r) != 3 || !read_str(r, &s, &n) || !str_is(s, n, "f") || !read_str(r, &s, &n)) return 0;
    const unsigned char *sid = s;
    Py_ssize_t sid_n = n;
    if (!read_bin(r, &f->data, &f->n)) return 0;
    f->session = PyUnicode_DecodeUTF8((const char *)sid, sid_n, NULL);
    if (f->session == NULL) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

/* ``n`` bytes as one binary frame through ``o`` (ready, not held, with a transport): WRITTEN, WRITE_FAILED when the
 * transport's write raised (the error cleared, the outlet no longer ready), -1 when no frame could be made. */
static int outlet_write_raw(Outlet *o, const unsigned char *data, Py_ssize_t n) {
    Py_ssize_t head = n < 126 ? 2 : (n < 65536 ? 4 : 10);
    PyObject *frame = PyBytes_FromStringAndSize(NULL, head + n);
    if (frame == NULL) return -1;
    unsigned char *p = (unsigned char *)PyBytes_AS_STRING(frame);
    p[0] = 0x82;
    if (head == 2) {
        p[1] = (unsigned char)n;
    } else if (head == 4) {
        p[1] = 0x7E;
        p[2] = (unsigned char)(n >> 8);
        p[3] = (unsigned char)n;
    } else {
        p[1] = 0x7F;
        unsigned long long u = (unsigned long long)n;
        for (int i = 9; i >= 2; i--) { p[i] = (unsigned char)u; u >>= 8; }
    }
    memcpy(p + head, data, (size_t)n);
    PyObject *transport = Py_NewRef(o->transport); /* (the write may run Python code: hold what it needs) */
    Py_INCREF(o);
    PyObject *call[2] = {transport, frame};
    PyObject *r = PyObject_VectorcallMethod(s_write, call, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    Py_DECREF(frame);
    Py_DECREF(transport);
    int status = WRITTEN;
    if (r == NULL) {
        PyErr_Clear();
        o->ready = 0;
        status = WRITE_FAILED;
    } else {
        Py_DECREF(r);
    }
    Py_DECREF(o);
    return status;
}

static PyTypeObject InboxWriterType;

static int InboxWriter_init(InboxWriter *self, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"outlets", "max_data", NULL};
    PyObject *outlets;
    Py_ssize_t max_data;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!n", kw, &PyDict_Type, &outlets, &max_data)) return -1;
    Py_XSETREF(self->outlets, Py_NewRef(outlets));
    self->max_data = max_data;
    self->written = 0;
    return 0;
}

static int InboxWriter_traverse(InboxWriter *self, visitproc visit, void *arg) {
    Py_VISIT(self->outlets);
    return 0;
}

static int InboxWriter_clear(InboxWriter *self) {
    Py_CLEAR(self->outlets);
    return 0;
}

static void InboxWriter_dealloc(InboxWriter *self) {
    PyObject_GC_UnTrack(self);
    InboxWriter_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *InboxWriter_write(InboxWriter *self, PyObject *arg) {
    if (!PyBytes_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "write(data: bytes)");
        return NULL;
    }
    PyObject *outlets = self->outlets;
    if (outlets == NULL) return PyLong_FromLong(-1);
    const unsigned char *start = (const unsigned char *)PyBytes_AS_STRING(arg);
    Reader r = {start, start + PyBytes_GET_SIZE(arg)};
    /* The publication: one frame envelope, or a batch of them. */
    Py_ssize_t count = array_header(&r);
    const unsigned char *s;
    Py_ssize_t n;
    if (count < 1 || !read_str(&r, &s, &n)) return PyLong_FromLong(-1);
    if (str_is(s, n, "batch")) {
        count -= 1;
    } else {
        r.p = start;  /* (one envelope: read from its start) */
        count = 1;
    }
    if (count > (r.end - r.p) / 5) return PyLong_FromLong(-1);  /* (an envelope takes 5 bytes at least) */
    InboxFrame stack[INBOX_FRAMES_ON_STACK];
    InboxFrame *frames = stack;
    if (count > INBOX_FRAMES_ON_STACK) {
        frames = PyMem_Malloc((size_t)count * sizeof(InboxFrame));
        if (frames == NULL) return PyErr_NoMemory();
    }
    Py_ssize_t read = 0;
    while (read < count && read_frame_envelope(&r, &frames[read])) read++;
    PyObject *result = NULL;
    if (read < count || r.p != r.end) {
        result = PyLong_FromLong(-1);  /* (not frames alone, or not as the node packs them: Python reads it) */
        goto out;
    }
    Py_ssize_t i = 0;
    PyObject *failed = NULL;
    Py_INCREF(outlets);  /* (a write may run Python code) */
    for (; i < count; i++) {
        InboxFrame *f = &frames[i];
        PyObject *outlet = PyDict_GetItemWithError(outlets, f->session);
        if (outlet == NULL) {
            PyErr_Clear();
            break;
        }
        if (Py_TYPE(outlet) != &OutletType) break;
        Outlet *o = (Outlet *)outlet;
        if (!o->ready || o->held || o->transport == NULL || f->n > self->max_data) break;
        Py_INCREF(outlet);
        int status = outlet_write_raw(o, f->data, f->n);
        if (status < 0) {  /* (no frame could be made: nothing written, Python sends it) */
            PyErr_Clear();
            Py_DECREF(outlet);
            break;
        }
        if (status == WRITE_FAILED) {
            failed = outlet;  /* (the reference taken above) */
            i++;
            break;
        }
        Py_DECREF(outlet);
        self->written++;
    }
    Py_DECREF(outlets);
    result = failed == NULL ? PyLong_FromSsize_t(count - i) : Py_BuildValue("(nN)", count - i, failed);
out:
    for (Py_ssize_t k = 0; k < read; k++) Py_DECREF(frames[k].session);
    if (frames != stack) PyMem_Free(frames);
    return result;
}

/* frame(session, data) -> True when the frame was written through the session's Outlet (ready, not held, at most
 * max_data bytes); False when it is left to Python (nothing done); the Outlet when its write raised (the outlet no
 * longer ready: Python aborts its transport).  One envelope of a publication Python reads itself (a batch of frames
 * and other envelopes): Python calls it for each frame in turn, so the order of everything is Python's. */
static PyObject *InboxWriter_frame(InboxWriter *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "frame(session, data)");
        return NULL;
    }
    PyObject *session = args[0], *data = args[1];
    if (self->outlets == NULL || !PyUnicode_CheckExact(session) || !PyBytes_CheckExact(data)) Py_RETURN_FALSE;
    PyObject *outlet = PyDict_GetItemWithError(self->outlets, session);
    if (outlet == NULL) {
        if (PyErr_Occurred()) return NULL;
        Py_RETURN_FALSE;
    }
    if (Py_TYPE(outlet) != &OutletType) Py_RETURN_FALSE;
    Outlet *o = (Outlet *)outlet;
    Py_ssize_t n = PyBytes_GET_SIZE(data);
    if (!o->ready || o->held || o->transport == NULL || n > self->max_data) Py_RETURN_FALSE;
    Py_INCREF(outlet);
    int status = outlet_write_raw(o, (const unsigned char *)PyBytes_AS_STRING(data), n);
    if (status == WRITE_FAILED) return outlet;  /* (the reference taken above) */
    Py_DECREF(outlet);
    if (status < 0) {  /* (no frame could be made: nothing written, Python sends it) */
        PyErr_Clear();
        Py_RETURN_FALSE;
    }
    self->written++;
    Py_RETURN_TRUE;
}

static PyObject *InboxWriter_get_outlets(InboxWriter *self, void *closure) {
    return Py_NewRef(self->outlets != NULL ? self->outlets : Py_None);
}

static PyMethodDef InboxWriter_methods[] = {
    {"write", (PyCFunction)InboxWriter_write, METH_O,
     "write(data) -> how many of the publication's last envelopes are left to Python (0: every frame written here; "
     "-1: all of it, not read here), or (left, outlet) when the outlet's write raised (Python aborts its "
     "transport)."},
    {"frame", (PyCFunction)(void (*)(void))InboxWriter_frame, METH_FASTCALL,
     "frame(session, data) -> True: written through the session's outlet; False: left to Python; the outlet when "
     "its write raised (Python aborts its transport)."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef InboxWriter_members[] = {
    {"max_data", T_PYSSIZET, offsetof(InboxWriter, max_data), READONLY, "The largest frame data written here."},
    {"written", T_ULONGLONG, offsetof(InboxWriter, written), READONLY, "The frames written through outlets."},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef InboxWriter_getset[] = {
    {"outlets", (getter)InboxWriter_get_outlets, NULL, "The sessions' Outlets by session id (kept by Python).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject InboxWriterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_grundy_wire.InboxWriter",
    .tp_basicsize = sizeof(InboxWriter),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "InboxWriter(outlets, max_data): a cluster inbox's frames for sessions here, written through their "
              "Outlets while Python says they are ready.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)InboxWriter_init,
    .tp_dealloc = (destructor)InboxWriter_dealloc,
    .tp_traverse = (traverseproc)InboxWriter_traverse,
    .tp_clear = (inquiry)InboxWriter_clear,
    .tp_methods = InboxWriter_methods,
    .tp_members = InboxWriter_members,
    .tp_getset = InboxWriter_getset,
};

/* ------------------------------------------------------------------ a plain move in a playing room
 *
 * The native twin of the Python room's move path for the plain move of a game with native take-away
 * rules (one heap, a fixed set of amounts, a goal: the trait ``native_rules = "take-away"`` of rules/),
 * in a room where nothing but the move itself happens: playing, two human seats both connected, no
 * clock, no first-move deadline, no draw offer, no spectators.  The Python room stays the authority:
 * server/native.py says when a room qualifies and loads its terms here (``FastRoom.load``) every time
 * the Python room changes, and says whether the room's shell is idle (``idle``); ``try_move`` accepts a
 * frame only when it is exactly a valid ``move`` request that the Python room would accept without
 * ending the game, and otherwise changes nothing (the frame then takes the Python path, so every
 * refusal is the Python room's own).  An accepted move advances the native room (ply, heap, turn),
 * disables it until the room's shell has stored the move (``resume``), and returns the two
 * ``move_made`` messages packed exactly as the shell's msgpack packer packs them.  The room's view
 * comes packed from the rules (``view``: the bytes around the heap and the seat to move).
 */

#define MAX_TAKES 8
#define MAX_MOVE_DIGITS 10 /* (an amount to take is at most 10**9) */

typedef struct {
    PyObject_HEAD
    PyObject *room_id;      /* str */
    PyObject *owner;        /* whatever the seam gave (the room's shell): held and handed back, never looked into */
    PyObject *sessions[2];  /* str: the seats' sessions */
    PyObject *view[3];      /* bytes: the packed view before the heap, between the heap and to_move, after */
    PyObject *outlets[2];   /* the seats' connections' Outlets (or None/NULL: Python sends), set by route() */
    long long ply, heap;
    int goal;
    int takes[MAX_TAKES];   /* ascending; at most 10**9 each, as the game's parameters are */
    signed char ntakes, turn, legal /* send the legal moves to the seat to move */, enabled;
    char idle;              /* the room's shell has nothing to do (set by the seam) */
    unsigned long long written; /* the frames resume_send wrote through the seats' outlets */
} FastRoom;

static PyTypeObject FastRoomType;

static int FastRoom_init(FastRoom *self, PyObject *args, PyObject *kwds) {
    PyObject *room_id, *owner;
    if (!PyArg_ParseTuple(args, "UO", &room_id, &owner)) return -1;
    if (PyUnicode_GET_LENGTH(room_id) > max_room_chars) {
        PyErr_SetString(PyExc_ValueError, "room id over the protocol's bound (or configure() not called)");
        return -1;
    }
    Py_XSETREF(self->room_id, Py_NewRef(room_id));
    Py_XSETREF(self->owner, Py_NewRef(owner));
    self->enabled = 0;
    self->idle = 1;
    return 0;
}

static int FastRoom_traverse(FastRoom *self, visitproc visit, void *arg) {
    Py_VISIT(self->owner);
    Py_VISIT(self->outlets[0]);
    Py_VISIT(self->outlets[1]);
    return 0;
}

static int FastRoom_clear(FastRoom *self) {
    Py_CLEAR(self->owner);
    Py_CLEAR(self->outlets[0]);
    Py_CLEAR(self->outlets[1]);
    return 0;
}

static void FastRoom_dealloc(FastRoom *self) {
    PyObject_GC_UnTrack(self);
    FastRoom_clear(self);
    Py_CLEAR(self->room_id);
    for (int i = 0; i < 2; i++) Py_CLEAR(self->sessions[i]);
    for (int i = 0; i < 3; i++) Py_CLEAR(self->view[i]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* load(sessions, ply, heap, turn, goal, takes, view, legal): the Python room's terms; the room takes moves. */
static PyObject *FastRoom_load(FastRoom *self, PyObject *args) {
    PyObject *s0, *s1, *takes, *v0, *v1, *v2;
    long long ply, heap, goal;
    int turn, legal;
    if (!PyArg_ParseTuple(args, "(UU)LLiLO!(SSS)p", &s0, &s1, &ply, &heap, &turn, &goal, &PyTuple_Type, &takes, &v0,
                          &v1, &v2, &legal))
        return NULL;
    self->enabled = 0;
    Py_ssize_t nt = PyTuple_GET_SIZE(takes);
    if (nt < 1 || nt > MAX_TAKES || (turn != 0 && turn != 1) || ply < 0 || heap < 0 || goal < 0 || goal > 1000000000LL ||
        PyBytes_GET_SIZE(v0) + PyBytes_GET_SIZE(v1) + PyBytes_GET_SIZE(v2) > 512)
        Py_RETURN_FALSE;
    long long t[MAX_TAKES];
    for (Py_ssize_t i = 0; i < nt; i++) {
        t[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(takes, i));
        if (t[i] == -1 && PyErr_Occurred()) return NULL;
        if (t[i] < 1 || t[i] > 1000000000LL || (i > 0 && t[i] <= t[i - 1])) Py_RETURN_FALSE;
    }
    Py_XSETREF(self->sessions[0], Py_NewRef(s0));
    Py_XSETREF(self->sessions[1], Py_NewRef(s1));
    Py_XSETREF(self->view[0], Py_NewRef(v0));
    Py_XSETREF(self->view[1], Py_NewRef(v1));
    Py_XSETREF(self->view[2], Py_NewRef(v2));
    for (Py_ssize_t i = 0; i < nt; i++) self->takes[i] = (int)t[i];
    self->ntakes = (signed char)nt;
    self->ply = ply;
    self->heap = heap;
    self->turn = (signed char)turn;
    self->goal = (int)goal;
    self->legal = (signed char)(legal != 0);
    self->enabled = 1;
    Py_RETURN_TRUE;
}

static PyObject *FastRoom_disable(FastRoom *self, PyObject *unused) {
    self->enabled = 0;
    Py_RETURN_NONE;
}

/* resume(ply) -> True: the move taken at ``ply`` is stored and the room takes moves again; False: the room is
 * not where that move left it (nothing changes: the seam loads it again). */
static PyObject *FastRoom_resume(FastRoom *self, PyObject *arg) {
    long long ply = PyLong_AsLongLong(arg);
    if (ply == -1 && PyErr_Occurred()) return NULL;
    if (self->sessions[0] == NULL || ply + 1 != self->ply) Py_RETURN_FALSE;
    self->enabled = 1;
    Py_RETURN_TRUE;
}

/* route(outlet0, outlet1): where each seat's frames may be written by the C (an Outlet, or None: Python sends). */
static PyObject *FastRoom_route(FastRoom *self, PyObject *args) {
    PyObject *o[2];
    if (!PyArg_ParseTuple(args, "OO", &o[0], &o[1])) return NULL;
    for (int i = 0; i < 2; i++) {
        if (o[i] != Py_None && Py_TYPE(o[i]) != &OutletType) {
            PyErr_SetString(PyExc_TypeError, "route() takes Outlets or None");
            return NULL;
        }
    }
    for (int i = 0; i < 2; i++) Py_XSETREF(self->outlets[i], o[i] == Py_None ? NULL : Py_NewRef(o[i]));
    Py_RETURN_NONE;
}

/* resume_send(ply, move_made0, move_made1) -> -1: the room is not where the move taken at ``ply`` left it (nothing
 * done); else resume(ply) and each seat's frame written through its outlet when it is ready, the answer saying
 * what is left to Python: bit 0 (1) seat 0's frame not written, bit 1 (2) seat 1's; bit 2 (4) seat 0's write
 * raised, bit 3 (8) seat 1's (the frame is gone with the connection: Python aborts its transport). */
static PyObject *FastRoom_resume_send(FastRoom *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyBytes_Check(args[1]) || !PyBytes_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "resume_send(ply, move_made0: bytes, move_made1: bytes)");
        return NULL;
    }
    long long ply = PyLong_AsLongLong(args[0]);
    if (ply == -1 && PyErr_Occurred()) return NULL;
    if (self->sessions[0] == NULL || ply + 1 != self->ply) return PyLong_FromLong(-1);
    self->enabled = 1;
    long left = 0;
    for (int i = 0; i < 2; i++) {
        int status = outlet_write(self->outlets[i], args[1 + i]);
        if (status < 0) PyErr_Clear(); /* (no frame could be made: nothing written, Python sends it) */
        if (status <= WRITE_LEFT) left |= 1L << i;
        else if (status == WRITE_FAILED) left |= 4L << i;
        else self->written++;
    }
    return PyLong_FromLong(left);
}

static PyObject *FastRoom_get_outlets(FastRoom *self, void *closure) {
    return Py_BuildValue("(OO)", self->outlets[0] != NULL ? self->outlets[0] : Py_None,
                         self->outlets[1] != NULL ? self->outlets[1] : Py_None);
}

static PyObject *FastRoom_get_enabled(FastRoom *self, void *closure) { return PyBool_FromLong(self->enabled); }
static PyObject *FastRoom_get_owner(FastRoom *self, void *closure) { return Py_NewRef(self->owner); }

static PyObject *FastRoom_get_terms(FastRoom *self, void *closure) {
    return Py_BuildValue("(LLii)", self->ply, self->heap, (int)self->turn, self->goal);
}

static PyMethodDef FastRoom_methods[] = {
    {"load", (PyCFunction)FastRoom_load, METH_VARARGS,
     "load((session0, session1), ply, heap, turn, goal, takes, (view before the heap, between the heap and "
     "to_move, after), legal_moves) -> whether the room now takes moves."},
    {"disable", (PyCFunction)FastRoom_disable, METH_NOARGS, "Take no move until the next load."},
    {"resume", (PyCFunction)FastRoom_resume, METH_O,
     "resume(ply) -> True: the move taken at ply is stored, the room takes moves again; False: nothing done."},
    {"route", (PyCFunction)FastRoom_route, METH_VARARGS,
     "route(outlet0, outlet1): the seats' Outlets (None: that seat's frames are Python's to send)."},
    {"resume_send", (PyCFunction)(void (*)(void))FastRoom_resume_send, METH_FASTCALL,
     "resume_send(ply, move_made0, move_made1) -> -1 (nothing done) or resume(ply) and the frames written through "
     "ready outlets: bits 1, 2 the seats' frames left to Python, 4, 8 the seats' writes that raised."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef FastRoom_members[] = {
    {"idle", T_BOOL, offsetof(FastRoom, idle), 0, "Whether the room's shell has nothing to do (set by the seam)."},
    {"written", T_ULONGLONG, offsetof(FastRoom, written), READONLY,
     "How many frames resume_send wrote through the seats' outlets (the rest went to Python)."},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef FastRoom_getset[] = {
    {"enabled", (getter)FastRoom_get_enabled, NULL, "Whether the room takes moves now (when idle).", NULL},
    {"owner", (getter)FastRoom_get_owner, NULL, "What the seam made this room for (handed back with each move).", NULL},
    {"terms", (getter)FastRoom_get_terms, NULL, "(ply, heap, turn, goal) as the native room has them.", NULL},
    {"outlets", (getter)FastRoom_get_outlets, NULL, "The seats' Outlets as route() set them (None: none).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject FastRoomType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_grundy_wire.FastRoom",
    .tp_basicsize = sizeof(FastRoom),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "FastRoom(room_id, owner): the native twin of a room's plain move (see native/grundy_wire.c).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)FastRoom_init,
    .tp_dealloc = (destructor)FastRoom_dealloc,
    .tp_traverse = (traverseproc)FastRoom_traverse,
    .tp_clear = (inquiry)FastRoom_clear,
    .tp_methods = FastRoom_methods,
    .tp_members = FastRoom_members,
    .tp_getset = FastRoom_getset,
};

static void put_raw(Out *o, PyObject *b) { put_bytes(o, PyBytes_AS_STRING(b), PyBytes_GET_SIZE(b)); }

/* A move_made as the shell packs it (fields in the model's order), in three parts: its head (up to its ref, which
 * only the mover's copy carries), what both seats' copies share (from "room" to the key "legal_moves": made once
 * a move) and its legal moves (only the seat to move's copy, when the room sends them).  Constant runs are
 * written whole (PUT_LIT: a fixstr key is its length byte, 0xA0 | n, then its bytes). */
#define PUT_LIT(o, lit) put_bytes((o), (lit), (Py_ssize_t)(sizeof(lit) - 1))

static void put_made_head(Out *o, PyObject *ref) {
    PUT_LIT(o, "\x8B" "\xA4" "type" "\xA9" "move_made" "\xA3" "ref"); /* a map of 11 */
    if (ref == NULL || ref == Py_None) {
        put_byte(o, 0xC0);
    } else if (PyUnicode_Check(ref)) {
        put_py_str(o, ref); /* (valid: it was decoded strictly) */
    } else {
        put_int(o, PyLong_AsLongLong(ref)); /* (in range: checked by the caller) */
    }
}

static void put_made_shared(Out *o, FastRoom *r, long long ply, int seat, const unsigned char *text, Py_ssize_t tn,
                            int turn, double now, long long heap) {
    PUT_LIT(o, "\xA4" "room");
    put_py_str(o, r->room_id);
    PUT_LIT(o, "\xA3" "ply");
    put_int(o, ply);
    PUT_LIT(o, "\xA4" "seat");
    put_int(o, seat);
    PUT_LIT(o, "\xA4" "move");
    put_str(o, (const char *)text, tn);
    PUT_LIT(o, "\xA4" "turn");
    put_int(o, turn);
    PUT_LIT(o, "\xA6" "clocks" "\xC0" "\xAB" "server_time");
    put_double(o, now);
    PUT_LIT(o, "\xA4" "view");
    put_raw(o, r->view[0]);
    put_int(o, heap);
    put_raw(o, r->view[1]);
    put_int(o, turn);
    put_raw(o, r->view[2]);
    PUT_LIT(o, "\xAB" "legal_moves");
}

static void put_made_legal(Out *o, FastRoom *r, long long heap, int legal) {
    if (!legal) {
        put_byte(o, 0xC0);
        return;
    }
    int n = 0;
    for (int i = 0; i < r->ntakes; i++)
        if (r->takes[i] <= heap - r->goal) n++;
    put_byte(o, (unsigned char)(0x90 | n));
    for (int i = 0; i < r->ntakes; i++) {
        if (r->takes[i] > heap - r->goal) continue;
        char d[24];
        int dn = digits(r->takes[i], d);
        put_str(o, d, dn);
    }
}

/* A plain move in ``frame`` that a FastRoom of ``rooms`` (room id -> FastRoom) takes for ``session``: a new
 * tuple (owner, seat, ply, text, ref, move_made for seat 0, move_made for seat 1); for a valid move request the
 * rooms do not take, its fields as parse_move gives them (so that nothing reads the frame again) with
 * ``want_fields`` WANT_DECLINED, or with WANT_ELSEWHERE when its room is no key of ``rooms`` (no native room
 * here: a room another node may run), else None; None when the frame is not a valid move request; NULL on an
 * error (nothing changed). */
enum { WANT_NONE = 0, WANT_DECLINED = 1, WANT_ELSEWHERE = 2 };

static PyObject *try_move_impl(PyObject *rooms, const unsigned char *data, Py_ssize_t len, Py_ssize_t max_size,
                               PyObject *session, double now, int want_fields) {
    PyObject *result = NULL, *text = NULL, *m0 = NULL, *m1 = NULL;
    MoveFields m;
    int ok = read_move(data, len, max_size, &m);
    if (ok <= 0) return ok < 0 ? NULL : Py_NewRef(Py_None);
    /* Only a move text that is already normal (the amount in plain ASCII digits, no leading zero): any other
     * text, valid or not, takes the Python path; a ref past 64-bit signed too (the Python path packs it). */
    if (m.move_n > MAX_MOVE_DIGITS || m.move_s[0] == '0') goto decline;
    for (Py_ssize_t j = 0; j < m.move_n; j++)
        if (m.move_s[j] < '0' || m.move_s[j] > '9') goto decline;
    if (m.ref != NULL && PyLong_Check(m.ref)) {
        int overflow;
        PyLong_AsLongLongAndOverflow(m.ref, &overflow);
        if (overflow) goto decline;
    }
    unsigned long long ply = PyLong_AsUnsignedLongLong(m.ply);
    if (ply == (unsigned long long)-1 && PyErr_Occurred()) { PyErr_Clear(); goto decline; }
    FastRoom *fr = (FastRoom *)PyDict_GetItemWithError(rooms, m.room); /* (borrowed: nothing below runs Python code) */
    if (fr == NULL) { if (PyErr_Occurred()) goto fail; goto decline; }
    if (Py_TYPE(fr) != &FastRoomType || !fr->enabled || !fr->idle) goto decline;
    /* The seat the session holds (the first, as the Python room looks), its turn, the ply, the rules. */
    int seat = -1;
    for (int i = 0; i < 2 && seat < 0; i++) {
        int eq = PyUnicode_Compare(fr->sessions[i], session);
        if (eq == -1 && PyErr_Occurred()) goto fail;
        if (eq == 0) seat = i;
    }
    if (seat < 0 || seat != fr->turn || ply != (unsigned long long)fr->ply) goto decline;
    long long take = 0;
    for (Py_ssize_t j = 0; j < m.move_n; j++) take = take * 10 + (m.move_s[j] - '0');
    int allowed = 0;
    for (int i = 0; i < fr->ntakes; i++)
        if (fr->takes[i] == take) allowed = 1;
    long long room_left = fr->heap - fr->goal;
    if (!allowed || take > room_left || room_left - take < fr->takes[0]) goto decline; /* (illegal, or the end) */

    long long heap = fr->heap - take;
    int turn = 1 - seat;
    unsigned char b0[2048], b1[2048], shared[2048];
    Out o0 = {b0, 0, sizeof b0}, o1 = {b1, 0, sizeof b1}, os = {shared, 0, sizeof shared};
    put_made_shared(&os, fr, fr->ply, seat, m.move_s, m.move_n, turn, now, heap);
    if (PyErr_Occurred()) goto fail;
    if (os.n > os.cap) goto decline;
    put_made_head(&o0, seat == 0 ? m.ref : NULL);
    put_bytes(&o0, shared, os.n);
    put_made_legal(&o0, fr, heap, fr->legal && turn == 0);
    put_made_head(&o1, seat == 1 ? m.ref : NULL);
    put_bytes(&o1, shared, os.n);
    put_made_legal(&o1, fr, heap, fr->legal && turn == 1);
    if (PyErr_Occurred()) goto fail;
    if (o0.n > o0.cap || o1.n > o1.cap) goto decline;
    text = PyUnicode_FromStringAndSize((const char *)m.move_s, m.move_n);
    m0 = PyBytes_FromStringAndSize((const char *)b0, o0.n);
    m1 = PyBytes_FromStringAndSize((const char *)b1, o1.n);
    if (text == NULL || m0 == NULL || m1 == NULL) goto fail;
    PyObject *seat_o = PyLong_FromLong(seat), *ply_o = PyLong_FromLongLong(fr->ply);
    if (seat_o == NULL || ply_o == NULL || (result = PyTuple_New(7)) == NULL) {
        Py_XDECREF(seat_o);
        Py_XDECREF(ply_o);
        goto fail;
    }
    PyTuple_SET_ITEM(result, 0, Py_NewRef(fr->owner));
    PyTuple_SET_ITEM(result, 1, seat_o);
    PyTuple_SET_ITEM(result, 2, ply_o);
    PyTuple_SET_ITEM(result, 3, text);
    PyTuple_SET_ITEM(result, 4, Py_NewRef(m.ref != NULL ? m.ref : Py_None));
    PyTuple_SET_ITEM(result, 5, m0);
    PyTuple_SET_ITEM(result, 6, m1);
    text = m0 = m1 = NULL; /* (the tuple holds them) */
    /* Taken: the native room moves on and waits for the shell to store the move. */
    fr->ply += 1;
    fr->heap = heap;
    fr->turn = turn;
    fr->enabled = 0;
    goto out;
decline:
    if (PyErr_Occurred()) goto fail;
    if (want_fields == WANT_ELSEWHERE) {
        int here = PyDict_Contains(rooms, m.room);
        if (here < 0) goto fail;
        if (here) want_fields = WANT_NONE;
    }
    result = want_fields != WANT_NONE ? fields_tuple(&m) : Py_NewRef(Py_None);
    goto out;
fail:
    result = NULL;
out:
    move_fields_clear(&m);
    Py_XDECREF(text);
    Py_XDECREF(m0);
    Py_XDECREF(m1);
    return result;
}

/* try_move(rooms, frame, max_size, session, now) -> (owner, seat, ply, text, ref, move_made for seat 0, move_made
 * for seat 1) for a plain move a FastRoom of ``rooms`` (room id -> FastRoom) took; (ref given, ref, room, ply, move)
 * for a valid move request none took (parse_move's answer); None for anything else. */
static PyObject *try_move(PyObject *self, PyObject *args) {
    PyObject *rooms, *session;
    Py_buffer buf;
    Py_ssize_t max_size;
    double now;
    if (!PyArg_ParseTuple(args, "O!y*nUd", &PyDict_Type, &rooms, &buf, &max_size, &session, &now)) return NULL;
    PyObject *result =
        try_move_impl(rooms, (const unsigned char *)buf.buf, buf.len, max_size, session, now, WANT_DECLINED);
    PyBuffer_Release(&buf);
    return result;
}

#define MAX_TAKEN_FRAME 1024 /* (a plain move is about 60 bytes: anything larger takes the Python path) */

/* take_moves(rooms, data, session, bucket, max_binary, max_size[, elsewhere]) -> (at, now, [taken, ...], fields,
 * frame): the leading frames of a connection's read that are plain moves FastRooms of ``rooms`` take, each with a
 * token of the connection's ``bucket`` (a TokenBucket), each ``taken`` as try_move returns it; ``at`` is the
 * offset of the first frame not taken (len(data): all), ``now`` the time the moves carry.  It stops at the first
 * frame it does not take, so the connection's Python reader goes on from there in order; an error after some
 * moves were taken ends the list there (the Python path then meets the frame).
 *
 * With ``elsewhere`` true, when the frame it stops at is a valid move request for a room with no native room
 * here (a room another node may run), that frame is read once for Python too: ``fields`` are its fields as
 * parse_move gives them and ``frame`` its payload (unmasked bytes, ending 6 + len(frame) bytes after ``at``),
 * and a token of ``bucket`` is taken for it, as for a move taken (Python gives it back, ``bucket.tokens += 1``,
 * if it leaves the frame to its reader after all); else both are None. */
static PyObject *take_moves(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if ((nargs != 6 && nargs != 7) || !PyDict_Check(args[0]) || !PyUnicode_Check(args[2]) ||
        Py_TYPE(args[3]) != &BucketType) {
        PyErr_SetString(PyExc_TypeError, "take_moves(rooms: dict, data, session: str, bucket: TokenBucket, "
                                         "max_binary, max_size, elsewhere=False)");
        return NULL;
    }
    PyObject *rooms = args[0], *session = args[2], *bucket = args[3];
    unsigned long long max_binary = PyLong_AsUnsignedLongLong(args[4]);
    if (max_binary == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    Py_ssize_t max_size = PyLong_AsSsize_t(args[5]);
    if (max_size == -1 && PyErr_Occurred()) return NULL;
    int elsewhere = 0;
    if (nargs == 7 && (elsewhere = PyObject_IsTrue(args[6])) < 0) return NULL;
    Py_buffer buf;
    if (PyObject_GetBuffer(args[1], &buf, PyBUF_SIMPLE) < 0) return NULL;
    const unsigned char *d = (const unsigned char *)buf.buf;
    Py_ssize_t size = buf.len, at = 0;
    Bucket *b = (Bucket *)bucket;
    double now = wall_now();
    unsigned char frame[MAX_TAKEN_FRAME];
    PyObject *list = PyList_New(0), *result = NULL, *fields = NULL, *passing = NULL;
    if (list == NULL) goto out;
    while (size - at >= 6) {
        unsigned char h1 = d[at], h2 = d[at + 1];
        if (h1 != 0x82 || h2 < 0x80) break;
        Py_ssize_t n = h2 & 0x7F;
        if (n >= 126) break; /* (a plain move is short) */
        if ((unsigned long long)n > max_binary || n > max_size || at + 6 + n > size) break;
        double started = mono_now();
        if (bucket_level(b, started) < 1.0) break; /* (refused by the Python path, which counts the strike) */
        const unsigned char *mask = d + at + 2, *in = d + at + 6;
        for (Py_ssize_t i = 0; i < n; i++) frame[i] = in[i] ^ mask[i & 3];
        /* (a place in the list first, so that a move taken is always handed back) */
        Py_ssize_t last = PyList_GET_SIZE(list);
        if (PyList_Append(list, Py_None) < 0) {
            if (last == 0) goto out;
            PyErr_Clear();
            break;
        }
        PyObject *taken =
            try_move_impl(rooms, frame, n, max_size, session, now, elsewhere ? WANT_ELSEWHERE : WANT_NONE);
        if (taken != NULL && taken != Py_None && PyTuple_GET_SIZE(taken) == 5) {
            /* (a valid move for a room with no native room here: its fields and payload, for Python to pass on) */
            PyList_SetSlice(list, last, last + 1, NULL); /* (shrinking: cannot fail) */
            passing = PyBytes_FromStringAndSize((const char *)frame, n);
            if (passing == NULL) {
                Py_DECREF(taken);
                if (last == 0) goto out;
                PyErr_Clear(); /* (the moves taken are handed back; the Python path meets the frame) */
                break;
            }
            fields = taken;
            b->tokens = bucket_level(b, started) - 1.0;
            b->at = started;
            break;
        }
        if (taken == NULL || taken == Py_None) {
            Py_XDECREF(taken);
            PyObject *err_type, *err_value, *err_tb;
            PyErr_Fetch(&err_type, &err_value, &err_tb);
            PyList_SetSlice(list, last, last + 1, NULL); /* (shrinking: cannot fail) */
            if (err_type != NULL && last == 0) {
                PyErr_Restore(err_type, err_value, err_tb);
                goto out;
            }
            Py_XDECREF(err_type);
            Py_XDECREF(err_value);
            Py_XDECREF(err_tb);
            break;
        }
        PyList_SET_ITEM(list, last, taken); /* (steals taken; the None it replaces is released below) */
        Py_DECREF(Py_None);
        b->tokens = bucket_level(b, started) - 1.0;
        b->at = started;
        at += 6 + n;
    }
    PyObject *at_o = PyLong_FromSsize_t(at), *now_o = PyFloat_FromDouble(now);
    if (at_o != NULL && now_o != NULL) {
        result = PyTuple_New(5);
        if (result != NULL) {
            PyTuple_SET_ITEM(result, 0, at_o);
            PyTuple_SET_ITEM(result, 1, now_o);
            PyTuple_SET_ITEM(result, 2, list);
            PyTuple_SET_ITEM(result, 3, fields != NULL ? fields : Py_NewRef(Py_None));
            PyTuple_SET_ITEM(result, 4, passing != NULL ? passing : Py_NewRef(Py_None));
            at_o = now_o = list = fields = passing = NULL; /* (the tuple holds them) */
        }
    }
    Py_XDECREF(at_o);
    Py_XDECREF(now_o);
out:
    Py_XDECREF(list);
    Py_XDECREF(fields);
    Py_XDECREF(passing);
    PyBuffer_Release(&buf);
    return result;
}

static PyMethodDef methods[] = {
    {"configure", configure, METH_VARARGS,
     "configure(max_room, max_move, max_ref): the protocol's bounds in characters (until then no move passes)."},
    {"scan_frames", scan_frames, METH_VARARGS,
     "scan_frames(data, max_binary) -> (frames, at, stop, wanted): frames as (first header byte, unmasked payload, "
     "offset); stop 0 = all read, 1 = keep data[at:] until it holds `wanted` bytes, 2 = hand data[at:] over."},
    {"parse_move", parse_move, METH_VARARGS,
     "parse_move(frame, max_size) -> (ref given, ref, room, ply, move), or None when the frame is not exactly a "
     "valid move request."},
    {"binary_frame", binary_frame, METH_O, "binary_frame(data) -> an unmasked, final binary frame holding data."},
    {"move_write", (PyCFunction)(void (*)(void))move_write, METH_FASTCALL,
     "move_write(room, epoch, ply, seat, text, at) -> a cluster's write script arguments for one plain move (bytes), "
     "or None: the Python twin writes it (server/cluster/store.py)."},
    {"try_move", try_move, METH_VARARGS,
     "try_move(rooms, frame, max_size, session, now) -> (owner, seat, ply, text, ref, move_made for seat 0, "
     "move_made for seat 1) for a plain move a FastRoom in rooms took; (ref given, ref, room, ply, move) for a valid "
     "move request none took; None for anything else."},
    {"take_moves", (PyCFunction)(void (*)(void))take_moves, METH_FASTCALL,
     "take_moves(rooms, data, session, bucket, max_binary, max_size, elsewhere=False) -> (at, now, [taken, ...], "
     "fields, frame): a read's leading plain moves that FastRooms in rooms took, each with a token of bucket; with "
     "elsewhere, the fields and payload of the valid move request it stopped at for a room not in rooms (a token "
     "taken for it), else None, None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_grundy_wire", "The native per-move wire path.", -1, methods};

PyMODINIT_FUNC PyInit__grundy_wire(void) {
    if (PyType_Ready(&FastRoomType) < 0 || PyType_Ready(&BucketType) < 0 || PyType_Ready(&OutletType) < 0) return NULL;
    if (PyType_Ready(&InboxWriterType) < 0) return NULL;
    if (s_write == NULL && (s_write = PyUnicode_InternFromString("write")) == NULL) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddObjectRef(m, "FastRoom", (PyObject *)&FastRoomType) < 0 ||
        PyModule_AddObjectRef(m, "TokenBucket", (PyObject *)&BucketType) < 0 ||
        PyModule_AddObjectRef(m, "Outlet", (PyObject *)&OutletType) < 0 ||
        PyModule_AddObjectRef(m, "InboxWriter", (PyObject *)&InboxWriterType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
