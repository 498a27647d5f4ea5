/* The native per-move wire path: the frame reader, the move decoder, the frame writer and the
 * plain move of a playing room.
 *
 * Three functions, each the twin of a pure-Python one that stays the fallback (protocol/wire.py
 * chooses; GRUNDY_PURE_WIRE=1 forces the Python ones; tests/protocol/test_wire.py holds both to
 * the same results), and the native room (FastRoom and try_move, below: the twin of the Python
 * room's move path for the plain move; server/fast_moves.py, GRUNDY_PURE_ROOM=1 turns it off;
 * tests/server/test_fast_moves.py holds it to the Python room's bytes):
 *
 *  - scan_frames(data, max_binary): the client frames at the start of a read (RFC 6455, 5.2),
 *    as server/transport.py's _scan_frames reads them: final, masked binary frames, pings and
 *    pongs, unmasked; it stops at the first frame it does not take (hand it over to websockets'
 *    parser) or at an incomplete one (keep it for the next read);
 *  - decode_move(frame, max_size, Move): a ``move`` request that is exactly what the protocol
 *    accepts (a map of type/room/ply/move and an optional ref, each within its bounds), as the
 *    validated pydantic model; None for anything else, which then takes the Python codec (so
 *    every refusal, and its typed error, is the Python codec's own);
 *  - binary_frame(data): an unmasked, final binary frame (header and data in one allocation).
 *
 * And the glue of a plain move's path, each doing only the common case and leaving all else to the
 * Python it stands for (server/fast_moves.py): TokenBucket (the gateway's), MoveTaker (a read's
 * leading plain moves: the gateway's on_frame, the node's _fast_move and the shell's fast_moved),
 * deliver (Sessions.send with Connection.send) and finish_fast (RoomActor._after_fast_store and
 * _resume).
 *
 * Module: _grundy_wire (a top-level extension, like _grundy_native).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

enum { DONE = 0, KEEP = 1, HAND_OVER = 2 };

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

static PyObject *s_dict, *s_fields_set, *s_extra, *s_private, *s_ref, *s_type, *s_room, *s_ply, *s_move, *s_move_value;

#define KEY_IS(s, n, lit) ((n) == (Py_ssize_t)(sizeof(lit) - 1) && memcmp((s), (lit), sizeof(lit) - 1) == 0)

static PyObject *decode_move(PyObject *self, PyObject *args) {
    Py_buffer buf;
    Py_ssize_t max_size;
    PyObject *cls;
    if (!PyArg_ParseTuple(args, "y*nO!", &buf, &max_size, &PyType_Type, &cls)) return NULL;
    PyObject *ref = NULL, *room = NULL, *ply = NULL, *move = NULL, *result = NULL;
    int seen_type = 0, seen_ref = 0, negative_ref = 0;
    if (buf.len > max_size || buf.len < 1) goto decline;
    Reader r = {(const unsigned char *)buf.buf, (const unsigned char *)buf.buf + buf.len};
    Py_ssize_t entries = map_header(&r, buf.len);
    if (entries != 4 && entries != 5) goto decline;
    for (Py_ssize_t i = 0; i < entries; i++) {
        const unsigned char *k, *s;
        Py_ssize_t kn, sn;
        if (!read_str(&r, &k, &kn)) goto decline;
        if (KEY_IS(k, kn, "type")) {
            if (seen_type || !read_str(&r, &s, &sn) || !KEY_IS(s, sn, "move")) goto decline;
            seen_type = 1;
        } else if (KEY_IS(k, kn, "room")) {
            if (room != NULL || !read_str(&r, &s, &sn) || (room = bounded_str(s, sn, 1, 64)) == NULL) goto decline;
        } else if (KEY_IS(k, kn, "move")) {
            if (move != NULL || !read_str(&r, &s, &sn) || (move = bounded_str(s, sn, 1, 64)) == NULL) goto decline;
        } else if (KEY_IS(k, kn, "ply")) {
            int negative;
            if (ply != NULL || (ply = read_int(&r, &negative)) == NULL || negative) goto decline;
        } else if (KEY_IS(k, kn, "ref")) {
            if (seen_ref) goto decline;
            seen_ref = 1;
            if (r.p < r.end && *r.p == 0xC0) {
                r.p += 1;
                ref = Py_NewRef(Py_None);
            } else if (read_str(&r, &s, &sn)) {
                if ((ref = bounded_str(s, sn, 0, 64)) == NULL) goto decline;
            } else if ((ref = read_int(&r, &negative_ref)) == NULL) {
                goto decline;
            }
        } else {
            goto decline;
        }
    }
    if (r.p != r.end || !seen_type || room == NULL || ply == NULL || move == NULL) goto decline;
    if (PyErr_Occurred()) goto fail;
    /* The model as pydantic's validator builds it: its fields in order, the fields given, no extra. */
    PyObject *fields = PyDict_New();
    if (fields == NULL) goto fail;
    if (PyDict_SetItem(fields, s_ref, ref != NULL ? ref : Py_None) < 0 || PyDict_SetItem(fields, s_type, s_move_value) < 0 ||
        PyDict_SetItem(fields, s_room, room) < 0 || PyDict_SetItem(fields, s_ply, ply) < 0 ||
        PyDict_SetItem(fields, s_move, move) < 0) {
        Py_DECREF(fields);
        goto fail;
    }
    PyObject *given = PySet_New(NULL);
    if (given == NULL || PySet_Add(given, s_type) < 0 || PySet_Add(given, s_room) < 0 || PySet_Add(given, s_ply) < 0 ||
        PySet_Add(given, s_move) < 0 || (seen_ref && PySet_Add(given, s_ref) < 0)) {
        Py_XDECREF(given);
        Py_DECREF(fields);
        goto fail;
    }
    PyObject *empty = PyTuple_New(0);
    PyObject *obj = empty == NULL ? NULL : PyBaseObject_Type.tp_new((PyTypeObject *)cls, empty, NULL);
    Py_XDECREF(empty);
    if (obj == NULL || PyObject_GenericSetAttr(obj, s_dict, fields) < 0 ||
        PyObject_GenericSetAttr(obj, s_fields_set, given) < 0 || PyObject_GenericSetAttr(obj, s_extra, Py_None) < 0 ||
        PyObject_GenericSetAttr(obj, s_private, Py_None) < 0) {
        Py_XDECREF(obj);
        Py_DECREF(given);
        Py_DECREF(fields);
        goto fail;
    }
    Py_DECREF(given);
    Py_DECREF(fields);
    result = obj;
    goto out;
decline:
    if (PyErr_Occurred()) goto fail;
    result = Py_NewRef(Py_None);
    goto out;
fail:
    result = NULL;
out:
    Py_XDECREF(ref);
    Py_XDECREF(room);
    Py_XDECREF(ply);
    Py_XDECREF(move);
    PyBuffer_Release(&buf);
    return result;
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

/* ------------------------------------------------------------------ a frame straight to the socket
 *
 * send_now(conn, data, OPEN): the common case of the gateway's Connection.send and
 * server/transport.py's write_now together: when the connection is not closing, holds nothing
 * unsent (its own buffer and the transport's both empty), has no writer task, may write
 * directly, and its websocket is OPEN, not paused, sends nothing else and has no extension
 * and nothing waiting in the protocol's writes, the frame (header and data) is written to the
 * transport at once: 1.  Anything else: 0, nothing done (Connection.send then decides, as
 * before).  2: the transport's write raised (the error cleared; the caller aborts, as
 * write_now does).
 */

static PyObject *s_closing, *s_out_bytes, *s_writer, *s_fast, *s_ws, *s_transport, *s_protocol, *s_state, *s_paused,
    *s_send_in_progress, *s_extensions, *s_writes, *s_get_write_buffer_size, *s_write;

/* attr of obj is (is_value) / is not (!is_value) exactly value; -1 on an error. */
static int attr_is(PyObject *obj, PyObject *name, PyObject *value) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return -1;
    int same = v == value;
    Py_DECREF(v);
    return same;
}

static int attr_falsy(PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return -1;
    int truth = PyObject_IsTrue(v);
    Py_DECREF(v);
    return truth < 0 ? -1 : !truth;
}

/* The common case of the gateway's Connection.send: 1 written, 0 not that case (nothing done), 2 the
 * transport's write raised (cleared), -1 an error. */
static int send_now_impl(PyObject *conn, PyObject *data, PyObject *open_state) {
    PyObject *ws = NULL, *transport = NULL, *protocol = NULL, *frame = NULL, *r = NULL;
    int result = 0;
    int ok;
    if ((ok = attr_is(conn, s_closing, Py_False)) <= 0) goto done;
    if ((ok = attr_falsy(conn, s_out_bytes)) <= 0) goto done;
    if ((ok = attr_is(conn, s_writer, Py_None)) <= 0) goto done;
    if ((ok = attr_is(conn, s_fast, Py_True)) <= 0) goto done;
    if ((ws = PyObject_GetAttr(conn, s_ws)) == NULL) { ok = -1; goto done; }
    if ((ok = attr_is(ws, s_paused, Py_False)) <= 0) goto done;
    if ((ok = attr_is(ws, s_send_in_progress, Py_None)) <= 0) goto done;
    if ((protocol = PyObject_GetAttr(ws, s_protocol)) == NULL) { ok = -1; goto done; }
    /* (the attribute behind the ``state`` property: server/transport.py's check() makes sure it is there) */
    if ((ok = attr_is(protocol, s_state, open_state)) <= 0) goto done;
    if ((ok = attr_falsy(protocol, s_extensions)) <= 0) goto done;
    if ((ok = attr_falsy(protocol, s_writes)) <= 0) goto done;
    if ((transport = PyObject_GetAttr(ws, s_transport)) == NULL) { ok = -1; goto done; }
    r = PyObject_CallMethodNoArgs(transport, s_get_write_buffer_size);
    if (r == NULL) { ok = -1; goto done; }
    ok = PyObject_IsTrue(r);
    Py_CLEAR(r);
    if (ok != 0) { ok = ok < 0 ? -1 : 0; goto done; }
    ok = 1;
    if ((frame = binary_frame(NULL, data)) == NULL) { ok = -1; goto done; }
    r = PyObject_CallMethodOneArg(transport, s_write, frame);
    if (r == NULL) {
        PyErr_Clear();
        result = 2;
    } else {
        result = 1;
    }
done:
    Py_XDECREF(r);
    Py_XDECREF(frame);
    Py_XDECREF(transport);
    Py_XDECREF(protocol);
    Py_XDECREF(ws);
    return ok < 0 ? -1 : result;
}

static PyObject *send_now(PyObject *self, PyObject *args) {
    PyObject *conn, *open_state, *data;
    if (!PyArg_ParseTuple(args, "OOO", &conn, &data, &open_state)) return NULL;
    int r = send_now_impl(conn, data, open_state);
    if (r < 0) return NULL;
    return PyLong_FromLong(r);
}

/* ------------------------------------------------------------------ a plain move in a playing room
 *
 * The native twin of the Python room's move path for the plain move of the heap games with
 * native rules (subtraction), in a room where nothing but the move itself happens: playing, two
 * human seats both connected, no clock, no first-move deadline, no draw offer, no spectators.
 * The Python room stays authoritative: server/fast_moves.py says when a room qualifies and loads
 * its terms here (``FastRoom.load``) every time the Python room changes; ``try_move`` accepts a
 * frame only when it is exactly a valid ``move`` request that the Python room would accept
 * without ending the game, and otherwise changes nothing (the frame then takes the Python path,
 * so every refusal is the Python room's own).  An accepted move advances the native room
 * (ply, heap, turn), disables it until the room's shell has stored the move and folded it
 * into the Python room, and returns the two ``move_made`` messages packed exactly as the
 * shell's msgpack packer packs them.
 */

#define MAX_TAKES 8
#define MAX_MOVE_DIGITS 10 /* (an amount to take is at most 10**9) */
#define MAX_UNFOLDED 8 /* (each costs a room 21 bytes: kept small, as a room's memory is a connection's) */

typedef struct {
    PyObject_HEAD
    PyObject *room_id;      /* str */
    PyObject *sessions[2];  /* str: the seats' sessions */
    PyObject *rule;         /* str: the game's rule parameter (shown in the view) */
    long long ply, heap;
    int goal;
    int takes[MAX_TAKES];   /* ascending; at most 10**9 each, as the game's parameters are */
    signed char ntakes, turn, legal /* send the legal moves to the seat to move */, enabled;
    /* Moves this room took that are stored and sent but not yet in the Python room (the shell folds them in
     * when anything reads its room, or once there are MAX_UNFOLDED): from ply ``folded_ply`` on, the Python
     * room's ply when it was last loaded or folded into. */
    long long folded_ply, folded_heap; /* (and its heap then) */
    int nun;
    int un_take[MAX_UNFOLDED];
    signed char un_seat[MAX_UNFOLDED];
    PyObject *un_text[MAX_UNFOLDED], *un_at[MAX_UNFOLDED]; /* str, float (owned) */
} FastRoom;

typedef struct {
    unsigned char *p;
    Py_ssize_t n, cap;
} Out;

static void put_bytes(Out *o, const void *s, Py_ssize_t n) {
    if (o->n + n <= o->cap) memcpy(o->p + o->n, s, (size_t)n);
    o->n += n;  /* (past cap: the caller sees n > cap and declines) */
}

static void put_byte(Out *o, unsigned char b) { put_bytes(o, &b, 1); }

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

#define PUT_KEY(o, lit) put_str((o), (lit), (Py_ssize_t)(sizeof(lit) - 1))

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

static PyTypeObject FastRoomType;

static int FastRoom_init(FastRoom *self, PyObject *args, PyObject *kwds) {
    PyObject *room_id;
    if (!PyArg_ParseTuple(args, "U", &room_id)) return -1;
    if (PyUnicode_GET_LENGTH(room_id) > 64) { PyErr_SetString(PyExc_ValueError, "room id too long"); return -1; }
    Py_XSETREF(self->room_id, Py_NewRef(room_id));
    self->enabled = 0;
    return 0;
}

static void clear_unfolded(FastRoom *self) {
    for (int i = 0; i < self->nun; i++) {
        Py_CLEAR(self->un_text[i]);
        Py_CLEAR(self->un_at[i]);
    }
    self->nun = 0;
}

static void FastRoom_dealloc(FastRoom *self) {
    clear_unfolded(self);
    Py_CLEAR(self->room_id);
    Py_CLEAR(self->sessions[0]);
    Py_CLEAR(self->sessions[1]);
    Py_CLEAR(self->rule);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* load(sessions, ply, heap, turn, goal, takes, rule, legal): the Python room's terms; the room takes moves. */
static PyObject *FastRoom_load(FastRoom *self, PyObject *args) {
    PyObject *s0, *s1, *takes, *rule;
    long long ply, heap, goal;
    int turn, legal;
    if (!PyArg_ParseTuple(args, "(UU)LLiLO!Up", &s0, &s1, &ply, &heap, &turn, &goal, &PyTuple_Type, &takes, &rule, &legal))
        return NULL;
    if (self->nun > 0) { /* (the shell folds them in before it reads the room it loads: never lose them) */
        PyErr_SetString(PyExc_RuntimeError, "a native room loaded over moves not folded into the Python room");
        return NULL;
    }
    self->enabled = 0;
    Py_ssize_t nt = PyTuple_GET_SIZE(takes);
    if (nt < 1 || nt > MAX_TAKES || (turn != 0 && turn != 1) || ply < 0 || heap < 0 || goal < 0 || goal > 1000000000LL ||
        PyUnicode_GET_LENGTH(rule) > 64)
        Py_RETURN_FALSE;
    long long t[MAX_TAKES];
    for (Py_ssize_t i = 0; i < nt; i++) {
        t[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(takes, i));
        if (t[i] == -1 && PyErr_Occurred()) return NULL;
        if (t[i] < 1 || t[i] > 1000000000LL || (i > 0 && t[i] <= t[i - 1])) Py_RETURN_FALSE;
    }
    Py_XSETREF(self->rule, Py_NewRef(rule));
    Py_XSETREF(self->sessions[0], Py_NewRef(s0));
    Py_XSETREF(self->sessions[1], Py_NewRef(s1));
    for (Py_ssize_t i = 0; i < nt; i++) self->takes[i] = (int)t[i];
    self->ntakes = (signed char)nt;
    self->ply = ply;
    self->heap = heap;
    self->turn = (signed char)turn;
    self->goal = (int)goal;
    self->legal = (signed char)(legal != 0);
    self->folded_ply = ply;
    self->folded_heap = heap;
    self->enabled = 1;
    Py_RETURN_TRUE;
}

static PyObject *s_state_field, *s_ply_field, *s_moves_field, *s_clocks_field, *s_abort_at_field, *s_draw_agreed_field,
    *s_log_seats, *s_log_texts, *s_log_ats, *s_log_clocks, *s_log_n, *s_dict_name;

/* obj's attribute ``name`` as a C long long; -1 with an error set when it is not an int. */
static int attr_ll(PyObject *obj, PyObject *name, long long *out) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return -1;
    *out = PyLong_AsLongLong(v);
    Py_DECREF(v);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* The Python room ``room`` with k moves from ``ply0`` on folded in (seats, amounts, texts, ats), built as the
 * Python room's move path builds it move by move (server.room.core._moved_room: the state, the ply, the
 * history with the moves appended, no clock, no first-move deadline, no draw agreed): a new reference; None
 * when ``room`` is not the room these moves follow (at ply0 with heap0, its turn the first mover's, the heap
 * large enough for them; with heap_after >= 0, leaving that heap), NULL on an error. */
static PyObject *fold_many(PyObject *room, long long ply0, long long heap0, int k, const signed char *seats,
                           const int *takes, PyObject *const *texts, PyObject *const *ats, PyObject *no_draw,
                           long long heap_after) {
    PyObject *d = NULL, *state = NULL, *moves = NULL, *items = NULL, *targs = NULL, *new_state = NULL,
             *new_log = NULL, *newd = NULL, *new_room = NULL, *empty = NULL, *result = NULL, *py_ply = NULL,
             *py_n = NULL;
    PyObject *cols[4] = {NULL, NULL, NULL, NULL};
    PyObject *names[4] = {s_log_seats, s_log_texts, s_log_ats, s_log_clocks};
    d = PyObject_GetAttr(room, s_dict_name);
    if (d == NULL || !PyDict_Check(d)) goto fail_or_decline;
    /* The room the moves follow: its ply, and its state (heap, turn) before them. */
    PyObject *room_ply = PyDict_GetItemWithError(d, s_ply_field);
    if (room_ply == NULL || !PyLong_CheckExact(room_ply)) goto fail_or_decline;
    long long rp = PyLong_AsLongLong(room_ply);
    if (rp == -1 && PyErr_Occurred()) goto fail;
    state = PyDict_GetItemWithError(d, s_state_field);
    if (state == NULL || !PyTuple_Check(state) || PyTuple_GET_SIZE(state) != 2) { state = NULL; goto fail_or_decline; }
    Py_INCREF(state);
    long long heap = PyLong_AsLongLong(PyTuple_GET_ITEM(state, 0));
    long long turn = PyLong_AsLongLong(PyTuple_GET_ITEM(state, 1));
    if (PyErr_Occurred()) goto fail;
    if (rp != ply0 || heap != heap0) goto decline;
    for (int i = 0; i < k; i++) {
        if (turn != seats[i] || takes[i] < 1 || takes[i] > heap) goto decline;
        heap -= takes[i];
        turn = 1 - turn;
    }
    if (heap_after >= 0 && heap != heap_after) goto decline;
    /* The history: a MoveLog whose columns this value is the newest on (else Python copies them). */
    moves = PyDict_GetItemWithError(d, s_moves_field);
    if (moves == NULL) goto fail_or_decline;
    Py_INCREF(moves);
    long long n;
    if (attr_ll(moves, s_log_n, &n) < 0) goto fail;
    if (n == 0) goto decline;
    for (int i = 0; i < 4; i++) {
        cols[i] = PyObject_GetAttr(moves, names[i]);
        if (cols[i] == NULL) goto fail;
        if (!PyList_CheckExact(cols[i]) || PyList_GET_SIZE(cols[i]) != n) goto decline;
    }
    /* Everything the new room needs, before anything changes. */
    items = Py_BuildValue("(Li)", heap, (int)turn);
    targs = items == NULL ? NULL : PyTuple_Pack(1, items);
    if (targs == NULL) goto fail;
    new_state = PyTuple_Type.tp_new(Py_TYPE(state), targs, NULL); /* (a NamedTuple: a tuple subclass) */
    empty = PyTuple_New(0);
    py_ply = PyLong_FromLongLong(ply0 + k);
    py_n = PyLong_FromLongLong(n + k);
    if (new_state == NULL || empty == NULL || py_ply == NULL || py_n == NULL) goto fail;
    new_log = PyBaseObject_Type.tp_new(Py_TYPE(moves), empty, NULL);
    newd = PyDict_Copy(d);
    new_room = PyBaseObject_Type.tp_new(Py_TYPE(room), empty, NULL);
    if (new_log == NULL || newd == NULL || new_room == NULL) goto fail;
    if (PyDict_SetItem(newd, s_state_field, new_state) < 0 || PyDict_SetItem(newd, s_ply_field, py_ply) < 0 ||
        PyDict_SetItem(newd, s_moves_field, new_log) < 0 || PyDict_SetItem(newd, s_clocks_field, Py_None) < 0 ||
        PyDict_SetItem(newd, s_abort_at_field, Py_None) < 0 || PyDict_SetItem(newd, s_draw_agreed_field, no_draw) < 0)
        goto fail;
    for (int i = 0; i < 4; i++)
        if (PyObject_GenericSetAttr(new_log, names[i], cols[i]) < 0) goto fail;
    if (PyObject_GenericSetAttr(new_log, s_log_n, py_n) < 0) goto fail;
    if (PyObject_GenericSetAttr(new_room, s_dict_name, newd) < 0) goto fail;
    /* The moves appended to the shared columns (the old history still sees its first n). */
    for (int i = 0; i < k; i++) {
        PyObject *py_seat = PyLong_FromLong(seats[i]);
        if (py_seat == NULL) goto fail;
        int bad = PyList_Append(cols[0], py_seat) < 0 || PyList_Append(cols[1], texts[i]) < 0 ||
                  PyList_Append(cols[2], ats[i]) < 0 || PyList_Append(cols[3], Py_None) < 0;
        Py_DECREF(py_seat);
        if (bad) { /* (only on memory running out: the columns back to n, the old history as it was) */
            for (int c = 0; c < 4; c++)
                if (PyList_GET_SIZE(cols[c]) > n) PyList_SetSlice(cols[c], (Py_ssize_t)n, PyList_GET_SIZE(cols[c]), NULL);
            goto fail;
        }
    }
    result = Py_NewRef(new_room);
    goto out;
fail_or_decline:
    if (PyErr_Occurred()) goto fail;
decline:
    result = Py_NewRef(Py_None);
    goto out;
fail:
    result = NULL;
out:
    for (int i = 0; i < 4; i++) Py_XDECREF(cols[i]);
    Py_XDECREF(d);
    Py_XDECREF(state);
    Py_XDECREF(moves);
    Py_XDECREF(items);
    Py_XDECREF(targs);
    Py_XDECREF(new_state);
    Py_XDECREF(new_log);
    Py_XDECREF(newd);
    Py_XDECREF(new_room);
    Py_XDECREF(empty);
    Py_XDECREF(py_ply);
    Py_XDECREF(py_n);
    return result;
}

/* A move's amount from its text (plain digits: try_move took only those), or -1. */
static int move_take(PyObject *text) {
    Py_ssize_t tn;
    const char *t = PyUnicode_AsUTF8AndSize(text, &tn);
    if (t == NULL) { PyErr_Clear(); return -1; }
    if (tn < 1 || tn > MAX_MOVE_DIGITS) return -1;
    long long take = 0;
    for (Py_ssize_t i = 0; i < tn; i++) {
        if (t[i] < '0' || t[i] > '9') return -1;
        take = take * 10 + (t[i] - '0');
    }
    return take > 1000000000LL ? -1 : (int)take;
}

/* fold(room, ply, seat, text, at, no_draw): the Python room after the move this native room took at ``ply``
 * (stored now), with no move of this room waiting to be folded before it, and the native room takes moves
 * again.  None when ``room`` is not the room the move was taken in (the caller then folds it in Python and
 * loads the room again). */
static PyObject *FastRoom_fold(FastRoom *self, PyObject *args) {
    PyObject *room, *text, *at, *no_draw;
    long long ply;
    int seat;
    if (!PyArg_ParseTuple(args, "OLiUO!O", &room, &ply, &seat, &text, &PyFloat_Type, &at, &no_draw)) return NULL;
    self->enabled = 0;
    int take = move_take(text);
    if (take < 0 || self->nun > 0 || ply + 1 != self->ply || seat != 1 - self->turn) Py_RETURN_NONE;
    signed char s8 = (signed char)seat;
    PyObject *new_room = fold_many(room, ply, self->heap + take, 1, &s8, &take, &text, &at, no_draw, self->heap);
    if (new_room != NULL && new_room != Py_None) {
        self->folded_ply = ply + 1;
        self->folded_heap = self->heap;
        self->enabled = 1;
    }
    return new_room;
}

/* fold_unfolded(room, no_draw): the Python room with this room's stored moves not yet in it folded in (and none
 * waits any more); None when ``room`` is not the room they follow (nothing changes: the caller replays them,
 * take_unfolded). */
static PyObject *FastRoom_fold_unfolded_impl(FastRoom *self, PyObject *room, PyObject *no_draw) {
    if (self->nun == 0) return Py_NewRef(room);
    PyObject *new_room = fold_many(room, self->folded_ply, self->folded_heap, self->nun, self->un_seat,
                                   self->un_take, self->un_text, self->un_at, no_draw, -1);
    if (new_room != NULL && new_room != Py_None) {
        for (int i = 0; i < self->nun; i++) self->folded_heap -= self->un_take[i];
        self->folded_ply += self->nun;
        clear_unfolded(self);
    }
    return new_room;
}

static PyObject *FastRoom_fold_unfolded(FastRoom *self, PyObject *args) {
    PyObject *room, *no_draw;
    if (!PyArg_ParseTuple(args, "OO", &room, &no_draw)) return NULL;
    return FastRoom_fold_unfolded_impl(self, room, no_draw);
}

/* take_unfolded() -> [(seat, ply, text, at), ...]: the stored moves not yet in the Python room, which now
 * holds none (the caller folds them in). */
static PyObject *FastRoom_take_unfolded(FastRoom *self, PyObject *unused) {
    PyObject *list = PyList_New(self->nun);
    if (list == NULL) return NULL;
    for (int i = 0; i < self->nun; i++) {
        PyObject *item = Py_BuildValue("(iLOO)", (int)self->un_seat[i], self->folded_ply + i, self->un_text[i],
                                       self->un_at[i]);
        if (item == NULL) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, i, item);
    }
    for (int i = 0; i < self->nun; i++) self->folded_heap -= self->un_take[i];
    self->folded_ply += self->nun;
    clear_unfolded(self);
    return list;
}

static PyObject *FastRoom_disable(FastRoom *self, PyObject *unused) {
    self->enabled = 0;
    Py_RETURN_NONE;
}

static PyObject *FastRoom_get_enabled(FastRoom *self, void *closure) { return PyBool_FromLong(self->enabled); }
static PyObject *FastRoom_get_unfolded(FastRoom *self, void *closure) { return PyLong_FromLong(self->nun); }

static PyObject *FastRoom_get_terms(FastRoom *self, void *closure) {
    return Py_BuildValue("(LLii)", self->ply, self->heap, (int)self->turn, self->goal);
}

static PyMethodDef FastRoom_methods[] = {
    {"load", (PyCFunction)FastRoom_load, METH_VARARGS,
     "load((session0, session1), ply, heap, turn, goal, takes, rule, legal_moves) -> whether the room now takes moves."},
    {"fold", (PyCFunction)FastRoom_fold, METH_VARARGS,
     "fold(room, ply, seat, text, at, no_draw) -> the Python room after the move this room took at ply (and the room "
     "takes moves again), or None when room is not the one the move was taken in."},
    {"fold_unfolded", (PyCFunction)FastRoom_fold_unfolded, METH_VARARGS,
     "fold_unfolded(room, no_draw) -> the Python room with the stored moves this room took and that are not yet in "
     "it folded in (none waits any more), or None when room is not the room they follow (nothing changes)."},
    {"take_unfolded", (PyCFunction)FastRoom_take_unfolded, METH_NOARGS,
     "take_unfolded() -> [(seat, ply, text, at), ...]: the stored moves not yet in the Python room, for the caller "
     "to fold in (none waits any more)."},
    {"disable", (PyCFunction)FastRoom_disable, METH_NOARGS, "Take no move until the next load."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef FastRoom_getset[] = {
    {"enabled", (getter)FastRoom_get_enabled, NULL, "Whether the room takes moves now.", NULL},
    {"terms", (getter)FastRoom_get_terms, NULL, "(ply, heap, turn, goal) as the native room has them.", NULL},
    {"unfolded", (getter)FastRoom_get_unfolded, NULL,
     "How many stored moves of this room wait to be folded into the Python room.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject FastRoomType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_grundy_wire.FastRoom",
    .tp_basicsize = sizeof(FastRoom),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "FastRoom(room_id): the native twin of a room's plain move (see native/grundy_wire.c).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)FastRoom_init,
    .tp_dealloc = (destructor)FastRoom_dealloc,
    .tp_methods = FastRoom_methods,
    .tp_getset = FastRoom_getset,
};

static PyObject *s_busy, *s_mailbox, *s_stopped, *s_fast_attr;

/* Whether the room's shell is idle: not busy, nothing in its mailbox, not stopped. */
static int actor_idle(PyObject *actor) {
    PyObject *v = PyObject_GetAttr(actor, s_busy);
    if (v == NULL) return -1;
    int idle = v == Py_False;
    Py_DECREF(v);
    if (!idle) return 0;
    v = PyObject_GetAttr(actor, s_stopped);
    if (v == NULL) return -1;
    idle = v == Py_False;
    Py_DECREF(v);
    if (!idle) return 0;
    v = PyObject_GetAttr(actor, s_mailbox);
    if (v == NULL) return -1;
    Py_ssize_t n = PyObject_Length(v);
    Py_DECREF(v);
    if (n < 0) return -1;
    return n == 0;
}

/* One move_made as the shell packs it (fields in the model's order). */
static void put_move_made(Out *o, FastRoom *r, PyObject *ref, long long ply, int seat, const char *text, int tn,
                          int turn, double now, long long heap, int legal) {
    put_byte(o, 0x8B); /* a map of 11 */
    PUT_KEY(o, "type");
    PUT_KEY(o, "move_made");
    PUT_KEY(o, "ref");
    if (ref == NULL || ref == Py_None) {
        put_byte(o, 0xC0);
    } else if (PyUnicode_Check(ref)) {
        put_py_str(o, ref); /* (valid: it was decoded strictly) */
    } else {
        put_int(o, PyLong_AsLongLong(ref)); /* (in range: checked by the caller) */
    }
    PUT_KEY(o, "room");
    put_py_str(o, r->room_id);
    PUT_KEY(o, "ply");
    put_int(o, ply);
    PUT_KEY(o, "seat");
    put_int(o, seat);
    PUT_KEY(o, "move");
    put_str(o, text, tn);
    PUT_KEY(o, "turn");
    put_int(o, turn);
    PUT_KEY(o, "clocks");
    put_byte(o, 0xC0);
    PUT_KEY(o, "server_time");
    put_double(o, now);
    PUT_KEY(o, "view");
    put_byte(o, 0x85); /* heap, goal, take, rule, to_move */
    PUT_KEY(o, "heap");
    put_int(o, heap);
    PUT_KEY(o, "goal");
    put_int(o, r->goal);
    PUT_KEY(o, "take");
    put_byte(o, (unsigned char)(0x90 | r->ntakes));
    for (int i = 0; i < r->ntakes; i++) put_int(o, r->takes[i]);
    PUT_KEY(o, "rule");
    put_py_str(o, r->rule);
    PUT_KEY(o, "to_move");
    put_int(o, turn);
    PUT_KEY(o, "legal_moves");
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

/* try_move(rooms, frame, max_size, session, now) -> None, or (actor, seat, ply, text, ref, message for seat 0,
 * message for seat 1) for a move the native room took; ``rooms`` maps room ids to the rooms' shells, whose
 * ``fast`` is their FastRoom (or anything else: no native room). */
static PyObject *try_move_impl(PyObject *rooms, const unsigned char *data, Py_ssize_t len, Py_ssize_t max_size,
                               PyObject *session, double now) {
    PyObject *ref = NULL, *room_id = NULL, *result = NULL, *text = NULL, *m0 = NULL, *m1 = NULL;
    PyObject *actor = NULL;
    FastRoom *fr = NULL;
    const unsigned char *move_s = NULL;
    Py_ssize_t move_n = 0;
    unsigned long long ply = 0;
    int seen_type = 0, seen_ref = 0, seen_ply = 0;
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
            if (room_id != NULL || !read_str(&r, &s, &sn) || (room_id = bounded_str(s, sn, 1, 64)) == NULL) goto decline;
        } else if (KEY_IS(k, kn, "move")) {
            /* Only a move text that is already normal (the amount in plain ASCII digits, no leading zero):
             * any other text, valid or not, takes the Python path. */
            if (move_s != NULL || !read_str(&r, &s, &sn) || sn < 1 || sn > MAX_MOVE_DIGITS || s[0] == '0') goto decline;
            for (Py_ssize_t j = 0; j < sn; j++)
                if (s[j] < '0' || s[j] > '9') goto decline;
            move_s = s;
            move_n = sn;
        } else if (KEY_IS(k, kn, "ply")) {
            if (seen_ply || r.p >= r.end) goto decline;
            int negative;
            PyObject *v = read_int(&r, &negative);
            if (v == NULL || negative) { Py_XDECREF(v); goto decline; }
            ply = PyLong_AsUnsignedLongLong(v);
            Py_DECREF(v);
            if (PyErr_Occurred()) goto fail;
            seen_ply = 1;
        } else if (KEY_IS(k, kn, "ref")) {
            if (seen_ref) goto decline;
            seen_ref = 1;
            int negative;
            if (r.p < r.end && *r.p == 0xC0) {
                r.p += 1;
                ref = Py_NewRef(Py_None);
            } else if (read_str(&r, &s, &sn)) {
                if ((ref = bounded_str(s, sn, 0, 64)) == NULL) goto decline;
            } else if ((ref = read_int(&r, &negative)) == NULL) {
                goto decline;
            } else {
                int overflow;
                PyLong_AsLongLongAndOverflow(ref, &overflow);
                if (overflow) goto decline; /* (a ref past 64-bit signed: the Python path packs it) */
            }
        } else {
            goto decline;
        }
    }
    if (r.p != r.end || !seen_type || room_id == NULL || !seen_ply || move_s == NULL) goto decline;
    if (PyErr_Occurred()) goto fail;

    actor = PyDict_GetItemWithError(rooms, room_id);
    if (actor == NULL) { if (PyErr_Occurred()) goto fail; goto decline; }
    Py_INCREF(actor); /* (held: reading its attributes could run code) */
    fr = (FastRoom *)PyObject_GetAttr(actor, s_fast_attr);
    if (fr == NULL) goto fail;
    if (Py_TYPE(fr) != &FastRoomType || !fr->enabled) goto decline;
    /* The seat the session holds (the first, as the Python room looks), its turn, the ply, the rules. */
    int seat = -1;
    for (int i = 0; i < 2 && seat < 0; i++) {
        int eq = PyUnicode_Compare(fr->sessions[i], session);
        if (eq == -1 && PyErr_Occurred()) goto fail;
        if (eq == 0) seat = i;
    }
    if (seat < 0 || seat != fr->turn || ply != (unsigned long long)fr->ply) goto decline;
    long long take = 0;
    for (Py_ssize_t j = 0; j < move_n; j++) take = take * 10 + (move_s[j] - '0');
    int allowed = 0;
    for (int i = 0; i < fr->ntakes; i++)
        if (fr->takes[i] == take) allowed = 1;
    long long room_left = fr->heap - fr->goal;
    if (!allowed || take > room_left || room_left - take < fr->takes[0]) goto decline; /* (illegal, or the end) */
    int idle = actor_idle(actor);
    if (idle < 0) goto fail;
    if (!idle) goto decline;

    long long heap = fr->heap - take;
    int turn = 1 - seat;
    unsigned char b0[2048], b1[2048];
    Out o0 = {b0, 0, sizeof b0}, o1 = {b1, 0, sizeof b1};
    put_move_made(&o0, fr, seat == 0 ? ref : NULL, fr->ply, seat, (const char *)move_s, (int)move_n, turn, now, heap,
                  fr->legal && turn == 0);
    put_move_made(&o1, fr, seat == 1 ? ref : NULL, fr->ply, seat, (const char *)move_s, (int)move_n, turn, now, heap,
                  fr->legal && turn == 1);
    if (PyErr_Occurred()) goto fail;
    if (o0.n > o0.cap || o1.n > o1.cap) goto decline;
    text = PyUnicode_FromStringAndSize((const char *)move_s, move_n);
    m0 = PyBytes_FromStringAndSize((const char *)b0, o0.n);
    m1 = PyBytes_FromStringAndSize((const char *)b1, o1.n);
    if (text == NULL || m0 == NULL || m1 == NULL) goto fail;
    result = Py_BuildValue("(OiLOOOO)", actor, seat, fr->ply, text, ref != NULL ? ref : Py_None, m0, m1);
    if (result == NULL) goto fail;
    /* Taken: the native room moves on and waits for the shell to store the move. */
    fr->ply += 1;
    fr->heap = heap;
    fr->turn = turn;
    fr->enabled = 0;
    goto out;
decline:
    if (PyErr_Occurred()) goto fail;
    result = Py_NewRef(Py_None);
    goto out;
fail:
    result = NULL;
out:
    Py_XDECREF(ref);
    Py_XDECREF(room_id);
    Py_XDECREF(text);
    Py_XDECREF(m0);
    Py_XDECREF(m1);
    Py_XDECREF(fr);
    Py_XDECREF(actor);
    return result;
}

static PyObject *try_move(PyObject *self, PyObject *args) {
    PyObject *rooms, *session;
    Py_buffer buf;
    Py_ssize_t max_size;
    double now;
    if (!PyArg_ParseTuple(args, "O!y*nUd", &PyDict_Type, &rooms, &buf, &max_size, &session, &now)) return NULL;
    PyObject *result = try_move_impl(rooms, (const unsigned char *)buf.buf, buf.len, max_size, session, now);
    PyBuffer_Release(&buf);
    return result;
}

/* ------------------------------------------------------------------ a connection's frames in, natively
 *
 * The gateway's per-frame work for the common frame, in one native call a read: the token bucket
 * (TokenBucket, the twin of server/gateway.py's), and MoveTaker.take, which reads the read's
 * whole frames and hands each plain move a native room takes to its shell (``fast_moved``), as
 * server/gateway.py's ``on_frame`` and server/node.py's ``_fast_move`` do; it stops at the first
 * frame it does not take, and the connection's Python reader goes on from there, so the order of
 * a connection's frames is kept and every other frame (and every refusal) takes the Python path.
 */

#include <stdarg.h>
#include <time.h>

static double mono_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double wall_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
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

#define MAX_TAKEN_FRAME 1024 /* (a plain move is about 60 bytes: anything larger takes the Python path) */

typedef struct {
    PyObject_HEAD
    PyObject *rooms;   /* dict: room id -> the room's shell (its ``fast`` the FastRoom) */
    PyObject *backlog; /* dict: connections whose requests wait behind an unanswered one */
    PyObject *timing;  /* the Move label's histogram (``counts`` list, ``total`` float), or None */
    PyObject *commit;  /* the node's group commit (server/actor.py GroupCommit: ``waiting``, ``scheduled``, ``schedule``) */
    PyTypeObject *pending_type; /* server/actor.py _FastPending (a class with __slots__) */
    PyTypeObject *stored_type;  /* server/stored.py StoredMove (a frozen dataclass) */
    double bounds[64];
    int nbounds;
    Py_ssize_t max_size;
    Py_ssize_t last_at; /* where the last take stopped (read it after an error) */
    long long taken;    /* moves taken */
} MoveTaker;

static PyTypeObject MoveTakerType;
static PyObject *s_session, *s_id, *s_requests, *s_fast_moved, *s_counts, *s_total, *s_waiting, *s_scheduled,
    *s_schedule, *s_committing, *s_actor, *s_seat, *s_text, *s_at, *s_session_f, *s_messages, *s_clocks, *empty_tuple;

static int MoveTaker_init(MoveTaker *self, PyObject *args, PyObject *kwds) {
    PyObject *rooms, *backlog, *timing, *bounds, *commit, *pending_type, *stored_type;
    Py_ssize_t max_size;
    if (!PyArg_ParseTuple(args, "O!O!OO!nOO!O!", &PyDict_Type, &rooms, &PyDict_Type, &backlog, &timing, &PyTuple_Type,
                          &bounds, &max_size, &commit, &PyType_Type, &pending_type, &PyType_Type, &stored_type))
        return -1;
    Py_ssize_t nb = PyTuple_GET_SIZE(bounds);
    if (nb > 64) { PyErr_SetString(PyExc_ValueError, "at most 64 bounds"); return -1; }
    for (Py_ssize_t i = 0; i < nb; i++) {
        self->bounds[i] = PyFloat_AsDouble(PyTuple_GET_ITEM(bounds, i));
        if (self->bounds[i] == -1.0 && PyErr_Occurred()) return -1;
    }
    self->nbounds = (int)nb;
    Py_XSETREF(self->rooms, Py_NewRef(rooms));
    Py_XSETREF(self->backlog, Py_NewRef(backlog));
    Py_XSETREF(self->timing, Py_NewRef(timing));
    Py_XSETREF(self->commit, Py_NewRef(commit));
    Py_XSETREF(self->pending_type, (PyTypeObject *)Py_NewRef(pending_type));
    Py_XSETREF(self->stored_type, (PyTypeObject *)Py_NewRef(stored_type));
    self->max_size = max_size;
    return 0;
}

static void MoveTaker_dealloc(MoveTaker *self) {
    Py_CLEAR(self->rooms);
    Py_CLEAR(self->backlog);
    Py_CLEAR(self->timing);
    Py_CLEAR(self->commit);
    Py_CLEAR(self->pending_type);
    Py_CLEAR(self->stored_type);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A new instance of ``type`` without its __init__, its attributes set as given (past any __setattr__ of the
 * class: a frozen dataclass's fields, a class's slots); NULL-terminated (name, value) pairs. */
static PyObject *make_object(PyTypeObject *type, ...) {
    PyObject *obj = type->tp_new(type, empty_tuple, NULL);
    if (obj == NULL) return NULL;
    va_list ap;
    va_start(ap, type);
    PyObject *name;
    while ((name = va_arg(ap, PyObject *)) != NULL) {
        PyObject *value = va_arg(ap, PyObject *);
        if (value == NULL || PyObject_GenericSetAttr(obj, name, value) < 0) {
            va_end(ap);
            Py_DECREF(obj);
            return NULL;
        }
    }
    va_end(ap);
    return obj;
}

/* The shell's ``fast_moved`` (server/actor.py), in C: the room is busy and committing, and its move waits
 * in the group commit as a _FastPending with its StoredMove. */
static int hand_to_shell(MoveTaker *self, PyObject *taken, PyObject *now, PyObject *sid) {
    PyObject *actor = PyTuple_GET_ITEM(taken, 0), *seat = PyTuple_GET_ITEM(taken, 1), *ply = PyTuple_GET_ITEM(taken, 2),
             *text = PyTuple_GET_ITEM(taken, 3), *ref = PyTuple_GET_ITEM(taken, 4);
    PyObject *msgs = NULL, *stored = NULL, *room_id = NULL, *write = NULL, *writes = NULL, *pending = NULL,
             *waiting = NULL, *scheduled = NULL, *r = NULL;
    int result = -1;
    if ((msgs = PyTuple_Pack(2, PyTuple_GET_ITEM(taken, 5), PyTuple_GET_ITEM(taken, 6))) == NULL) goto out;
    stored = make_object(self->stored_type, s_ply, ply, s_seat, seat, s_text, text, s_at, now, s_clocks, Py_None, NULL);
    if (stored == NULL || (room_id = PyObject_GetAttr(actor, s_id)) == NULL) goto out;
    if ((write = PyTuple_Pack(2, room_id, stored)) == NULL || (writes = PyList_New(1)) == NULL) goto out;
    PyList_SET_ITEM(writes, 0, Py_NewRef(write));
    pending = make_object(self->pending_type, s_actor, actor, s_seat, seat, s_ply, ply, s_text, text, s_at, now, s_ref,
                          ref, s_session_f, sid, s_messages, msgs, s_writes, writes, NULL);
    if (pending == NULL) goto out;
    if (PyObject_SetAttr(actor, s_busy, Py_True) < 0 || PyObject_SetAttr(actor, s_committing, Py_True) < 0) goto out;
    if ((waiting = PyObject_GetAttr(self->commit, s_waiting)) == NULL) goto out;
    if (!PyList_Check(waiting)) { PyErr_SetString(PyExc_TypeError, "the group commit's waiting is a list"); goto out; }
    if (PyList_Append(waiting, pending) < 0) goto out;
    if ((scheduled = PyObject_GetAttr(self->commit, s_scheduled)) == NULL) goto out;
    if (scheduled != Py_True) {
        if ((r = PyObject_CallMethodNoArgs(self->commit, s_schedule)) == NULL) goto out;
    }
    result = 0;
out:
    Py_XDECREF(msgs);
    Py_XDECREF(stored);
    Py_XDECREF(room_id);
    Py_XDECREF(write);
    Py_XDECREF(writes);
    Py_XDECREF(pending);
    Py_XDECREF(waiting);
    Py_XDECREF(scheduled);
    Py_XDECREF(r);
    return result;
}

/* The Move label's histogram: one more request that took ``seconds`` (as Metrics.observe_as). */
static int observe(MoveTaker *self, double seconds) {
    if (self->timing == Py_None) return 0;
    int i = 0;
    while (i < self->nbounds && self->bounds[i] < seconds) i++; /* (bisect_left) */
    PyObject *counts = PyObject_GetAttr(self->timing, s_counts);
    if (counts == NULL) return -1;
    if (!PyList_Check(counts) || PyList_GET_SIZE(counts) <= i) {
        Py_DECREF(counts);
        PyErr_SetString(PyExc_TypeError, "a histogram's counts are a list of one more than its bounds");
        return -1;
    }
    PyObject *one = PyLong_FromLong(1);
    PyObject *sum = one == NULL ? NULL : PyNumber_Add(PyList_GET_ITEM(counts, i), one);
    Py_XDECREF(one);
    if (sum == NULL) { Py_DECREF(counts); return -1; }
    PyList_SetItem(counts, i, sum); /* (steals sum) */
    Py_DECREF(counts);
    PyObject *total = PyObject_GetAttr(self->timing, s_total);
    if (total == NULL) return -1;
    double t = PyFloat_AsDouble(total);
    Py_DECREF(total);
    if (t == -1.0 && PyErr_Occurred()) return -1;
    PyObject *nt = PyFloat_FromDouble(t + seconds);
    if (nt == NULL) return -1;
    int r = PyObject_SetAttr(self->timing, s_total, nt);
    Py_DECREF(nt);
    return r;
}

/* Whether conn may hand a move over now: its session's id (new reference) in *sid, its bucket in *bucket
 * (borrowed via conn); 0: not now (the Python path decides), -1: an error. */
static int taker_conn(MoveTaker *self, PyObject *conn, PyObject **sid, PyObject **bucket) {
    int ok = attr_is(conn, s_closing, Py_False);
    if (ok <= 0) return ok;
    PyObject *session = PyObject_GetAttr(conn, s_session);
    if (session == NULL) return -1;
    if (session == Py_None) { Py_DECREF(session); return 0; }
    *sid = PyObject_GetAttr(session, s_id);
    Py_DECREF(session);
    if (*sid == NULL) return -1;
    if (!PyUnicode_Check(*sid)) { Py_CLEAR(*sid); return 0; }
    int waiting = PyDict_Contains(self->backlog, conn);
    if (waiting != 0) { Py_CLEAR(*sid); return waiting < 0 ? -1 : 0; }
    *bucket = PyObject_GetAttr(conn, s_requests);
    if (*bucket == NULL) { Py_CLEAR(*sid); return -1; }
    if (Py_TYPE(*bucket) != &BucketType) { Py_CLEAR(*sid); Py_CLEAR(*bucket); return 0; }
    return 1;
}

/* take(conn, data, max_binary) -> the offset of the first frame of ``data`` not taken (len(data): all). */
static PyObject *MoveTaker_take(MoveTaker *self, PyObject *args) {
    PyObject *conn;
    Py_buffer buf;
    unsigned long long max_binary;
    if (!PyArg_ParseTuple(args, "Oy*K", &conn, &buf, &max_binary)) return NULL;
    const unsigned char *d = (const unsigned char *)buf.buf;
    Py_ssize_t size = buf.len, at = 0;
    PyObject *sid = NULL, *bucket = NULL, *taken = NULL;
    int failed = 0, ready = 0;
    unsigned char frame[MAX_TAKEN_FRAME];
    self->last_at = 0;
    while (size - at >= 6) {
        unsigned char h1 = d[at], h2 = d[at + 1];
        if (h1 != 0x82 || h2 < 0x80) break;
        Py_ssize_t n = h2 & 0x7F;
        if (n >= 126) break; /* (a plain move is short) */
        if ((unsigned long long)n > max_binary || n > self->max_size || at + 6 + n > size) break;
        double started = mono_now();
        if (!ready) {
            int r = taker_conn(self, conn, &sid, &bucket);
            if (r < 0) { failed = 1; break; }
            if (r == 0) break;
            ready = 1;
        }
        Bucket *b = (Bucket *)bucket;
        if (bucket_level(b, started) < 1.0) break; /* (refused by the Python path, which counts the strike) */
        const unsigned char *mask = d + at + 2, *in = d + at + 6;
        for (Py_ssize_t i = 0; i < n; i++) frame[i] = in[i] ^ mask[i & 3];
        double now = wall_now();
        taken = try_move_impl(self->rooms, frame, n, self->max_size, sid, now);
        if (taken == NULL) { failed = 1; break; }
        if (taken == Py_None) { Py_CLEAR(taken); break; }
        /* Taken: the token, then the room's shell stores it (as RoomActor.fast_moved). */
        b->tokens = bucket_level(b, started) - 1.0;
        b->at = started;
        at += 6 + n;
        self->last_at = at;
        self->taken += 1;
        PyObject *py_now = PyFloat_FromDouble(now);
        if (py_now == NULL) { failed = 1; break; }
        int handed = hand_to_shell(self, taken, py_now, sid);
        Py_DECREF(py_now);
        Py_CLEAR(taken);
        if (handed < 0) { failed = 1; break; }
        if (observe(self, mono_now() - started) < 0) { failed = 1; break; }
    }
    Py_XDECREF(taken);
    Py_XDECREF(sid);
    Py_XDECREF(bucket);
    PyBuffer_Release(&buf);
    if (failed) return NULL;
    return PyLong_FromSsize_t(at);
}

/* take_frame(frame, session) -> True: a plain move (an unmasked payload, for a session connected elsewhere)
 * that a native room here took and handed to its shell, as take does for a read; False: nothing done. */
static PyObject *MoveTaker_take_frame(MoveTaker *self, PyObject *args) {
    Py_buffer buf;
    PyObject *sid;
    if (!PyArg_ParseTuple(args, "y*U", &buf, &sid)) return NULL;
    double started = mono_now(), now = wall_now();
    PyObject *result = NULL;
    PyObject *taken = try_move_impl(self->rooms, (const unsigned char *)buf.buf, buf.len, self->max_size, sid, now);
    PyBuffer_Release(&buf);
    if (taken == NULL) return NULL;
    if (taken == Py_None) { Py_DECREF(taken); Py_RETURN_FALSE; }
    PyObject *py_now = PyFloat_FromDouble(now);
    if (py_now == NULL) goto out;
    int handed = hand_to_shell(self, taken, py_now, sid);
    Py_DECREF(py_now);
    if (handed < 0) goto out;
    self->taken += 1;
    if (observe(self, mono_now() - started) < 0) goto out;
    result = Py_NewRef(Py_True);
out:
    Py_DECREF(taken);
    return result;
}

static PyObject *MoveTaker_get_last_at(MoveTaker *self, void *closure) { return PyLong_FromSsize_t(self->last_at); }
static PyObject *MoveTaker_get_taken(MoveTaker *self, void *closure) { return PyLong_FromLongLong(self->taken); }

static PyMethodDef MoveTaker_methods[] = {
    {"take", (PyCFunction)MoveTaker_take, METH_VARARGS,
     "take(conn, data, max_binary) -> the offset of the first frame of data not taken (len(data): every frame was a "
     "plain move a native room took)."},
    {"take_frame", (PyCFunction)MoveTaker_take_frame, METH_VARARGS,
     "take_frame(frame, session) -> True: a plain move (a forwarded payload) a native room here took; False: "
     "nothing done."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef MoveTaker_getset[] = {
    {"last_at", (getter)MoveTaker_get_last_at, NULL,
     "Where the last take got to: after an error, the frames before it were taken, the one there was not.", NULL},
    {"taken", (getter)MoveTaker_get_taken, NULL, "Moves taken.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject MoveTakerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_grundy_wire.MoveTaker",
    .tp_basicsize = sizeof(MoveTaker),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "MoveTaker(rooms, backlog, timing, bounds, max_size, commit, FastPending, StoredMove): a node's plain moves, "
               "taken from a read in C.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)MoveTaker_init,
    .tp_dealloc = (destructor)MoveTaker_dealloc,
    .tp_methods = MoveTaker_methods,
    .tp_getset = MoveTaker_getset,
};

/* deliver(by_id, session, data, OPEN) -> None when sent (or the session is not connected here), else the
 * connection whose ``send(data)`` the caller calls (it is not in the common case): Sessions.send with
 * the gateway's Connection.send in its common case, in C. */
static PyObject *s_conn;

static PyObject *deliver(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyDict_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "deliver(by_id, session, data, OPEN)");
        return NULL;
    }
    if (args[1] == Py_None) Py_RETURN_NONE;
    PyObject *session = PyDict_GetItemWithError(args[0], args[1]);
    if (session == NULL) {
        if (PyErr_Occurred()) return NULL;
        Py_RETURN_NONE;
    }
    Py_INCREF(session);
    PyObject *conn = PyObject_GetAttr(session, s_conn);
    Py_DECREF(session);
    if (conn == NULL) return NULL;
    if (conn == Py_None) return conn;
    int r = send_now_impl(conn, args[2], args[3]);
    if (r < 0) { Py_DECREF(conn); return NULL; }
    if (r == 1) { Py_DECREF(conn); Py_RETURN_NONE; }
    return conn; /* (2: the write raised, and Connection.send aborts the transport when send_now says so again) */
}

/* finish_fast(pending, by_id, OPEN, no_draw[, send, special]) -> True: a stored move of the native room waits
 * in it to be folded into the Python room later (RoomActor.room folds the waiting moves in when it is read;
 * here, once MAX_UNFOLDED wait), or, when it cannot wait, is folded in now; its two move_made frames are sent
 * and the shell goes on (RoomActor._after_fast_store and _resume, in C); False: nothing done (the room was not
 * the one the move was taken in: the caller takes the Python path). */
static PyObject *s_room_attr, *s_room_private, *s_seats, *s_schedule_actor, *s_send_attr;

/* A frame for a session (None: nobody): to its connection here in C when it has one (Connection.send when
 * not in the common case: 1); else (0), and for any session in one of ``special``'s containers (0), through
 * ``send`` (a delivery port's send) when it is not None (a session not connected here, not in ``special``:
 * through ``elsewhere`` when given), else dropped (a session away: it resumes with a snapshot); -1 an error. */
static int deliver_one(PyObject *by_id, PyObject *sid, PyObject *data, PyObject *open_state, PyObject *send,
                       PyObject *special, PyObject *elsewhere) {
    if (sid == Py_None) return 0;
    if (send != Py_None && special != NULL && PyTuple_Check(special)) {
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(special); i++) {
            int in = PySequence_Contains(PyTuple_GET_ITEM(special, i), sid);
            if (in < 0) return -1;
            if (in) goto through_send;
        }
    }
    PyObject *session = PyDict_GetItemWithError(by_id, sid);
    if (session == NULL && PyErr_Occurred()) return -1;
    if (session != NULL) {
        PyObject *conn = PyObject_GetAttr(session, s_conn);
        if (conn == NULL) return -1;
        if (conn != Py_None) {
            int r = send_now_impl(conn, data, open_state);
            if (r != 1) {
                PyObject *sent = r < 0 ? NULL : PyObject_CallMethodOneArg(conn, s_send_attr, data);
                Py_DECREF(conn);
                if (sent == NULL) return -1;
                Py_DECREF(sent);
                return 1;
            }
            Py_DECREF(conn);
            return 1;
        }
        Py_DECREF(conn);
    }
    if (elsewhere != NULL && elsewhere != Py_None) send = elsewhere;
    if (send == Py_None) return 0;
through_send:;
    PyObject *r = PyObject_CallFunctionObjArgs(send, sid, data, NULL);
    if (r == NULL) return -1;
    Py_DECREF(r);
    return 0;
}

static PyObject *finish_fast(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if ((nargs != 4 && nargs != 6 && nargs != 7) || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "finish_fast(pending, by_id, OPEN, no_draw[, send, special[, elsewhere]])");
        return NULL;
    }
    PyObject *pending = args[0], *by_id = args[1], *open_state = args[2], *no_draw = args[3];
    PyObject *send = nargs >= 6 ? args[4] : Py_None, *special = nargs >= 6 ? args[5] : NULL;
    PyObject *elsewhere = nargs == 7 ? args[6] : NULL;
    PyObject *actor = NULL, *fr = NULL, *room = NULL, *ply = NULL, *seat = NULL, *text = NULL, *at = NULL,
             *fold_args = NULL, *new_room = NULL, *seats = NULL, *msgs = NULL, *mailbox = NULL, *r = NULL;
    PyObject *result = NULL;
    if ((actor = PyObject_GetAttr(pending, s_actor)) == NULL) goto out;
    if ((fr = PyObject_GetAttr(actor, s_fast_attr)) == NULL) goto out;
    if (Py_TYPE(fr) != &FastRoomType) { result = Py_NewRef(Py_False); goto out; }
    if ((ply = PyObject_GetAttr(pending, s_ply)) == NULL || (seat = PyObject_GetAttr(pending, s_seat)) == NULL ||
        (text = PyObject_GetAttr(pending, s_text)) == NULL || (at = PyObject_GetAttr(pending, s_at)) == NULL ||
        (msgs = PyObject_GetAttr(pending, s_messages)) == NULL)
        goto out;
    if (!PyTuple_Check(msgs) || PyTuple_GET_SIZE(msgs) != 2) { result = Py_NewRef(Py_False); goto out; }
    {
        /* The common case: the move waits with the room's earlier ones to be folded into the Python room when
         * anything reads it (RoomActor.room), or here once MAX_UNFOLDED wait; the native room takes moves again. */
        FastRoom *f = (FastRoom *)fr;
        long long pl = PyLong_AsLongLong(ply);
        long st = PyLong_AsLong(seat);
        if (PyErr_Occurred()) goto out;
        int take = PyUnicode_CheckExact(text) && PyFloat_CheckExact(at) ? move_take(text) : -1;
        if (take > 0 && f->nun < MAX_UNFOLDED && pl + 1 == f->ply && st == 1 - f->turn && f->folded_ply + f->nun == pl &&
            f->sessions[0] != NULL && f->sessions[1] != NULL) {
            int i = f->nun++;
            f->un_take[i] = take;
            f->un_seat[i] = (signed char)st;
            f->un_text[i] = Py_NewRef(text);
            f->un_at[i] = Py_NewRef(at);
            f->enabled = 1;
            /* From here on the move is the room's: the frames go out and the shell goes on, come what may. */
            for (int j = 0; j < 2; j++)
                if (deliver_one(by_id, f->sessions[j], PyTuple_GET_ITEM(msgs, j), open_state, send, special, elsewhere) < 0)
                    goto out;
            if (f->nun == MAX_UNFOLDED) {
                if ((room = PyObject_GetAttr(actor, s_room_private)) == NULL) goto out;
                new_room = FastRoom_fold_unfolded_impl(f, room, no_draw);
                if (new_room == NULL) goto out;
                /* (None: not the room they follow; the shell's RoomActor.room replays them when it is next read) */
                if (new_room != Py_None && PyObject_SetAttr(actor, s_room_private, new_room) < 0) goto out;
            }
            goto resume;
        }
    }
    if ((room = PyObject_GetAttr(actor, s_room_attr)) == NULL) goto out; /* (RoomActor.room: earlier moves folded in) */
    if ((fold_args = PyTuple_Pack(6, room, ply, seat, text, at, no_draw)) == NULL) goto out;
    if ((new_room = FastRoom_fold((FastRoom *)fr, fold_args)) == NULL) goto out;
    if (new_room == Py_None) { result = Py_NewRef(Py_False); goto out; }
    if (PyObject_SetAttr(actor, s_room_attr, new_room) < 0) goto out;
    /* From here on the move is the room's: the frames go out and the shell goes on, come what may. */
    if ((seats = PyObject_GetAttr(new_room, s_seats)) == NULL) goto out;
    if (!PyTuple_Check(seats) || PyTuple_GET_SIZE(seats) != 2) {
        PyErr_SetString(PyExc_TypeError, "a native room has two seats");
        goto out;
    }
    for (int i = 0; i < 2; i++) {
        PyObject *holder = PyObject_GetAttr(PyTuple_GET_ITEM(seats, i), s_session);
        if (holder == NULL) goto out;
        if (deliver_one(by_id, holder, PyTuple_GET_ITEM(msgs, i), open_state, send, special, elsewhere) < 0) {
            Py_DECREF(holder);
            goto out;
        }
        Py_DECREF(holder);
    }
resume:
    /* RoomActor._resume */
    if (PyObject_SetAttr(actor, s_committing, Py_False) < 0 || PyObject_SetAttr(actor, s_busy, Py_False) < 0) goto out;
    if ((mailbox = PyObject_GetAttr(actor, s_mailbox)) == NULL) goto out;
    Py_ssize_t waiting = PyObject_Length(mailbox);
    if (waiting < 0) goto out;
    if (waiting > 0 && (r = PyObject_CallMethodNoArgs(actor, s_schedule_actor)) == NULL) goto out;
    result = Py_NewRef(Py_True);
out:
    Py_XDECREF(actor);
    Py_XDECREF(fr);
    Py_XDECREF(room);
    Py_XDECREF(ply);
    Py_XDECREF(seat);
    Py_XDECREF(text);
    Py_XDECREF(at);
    Py_XDECREF(fold_args);
    Py_XDECREF(new_room);
    Py_XDECREF(seats);
    Py_XDECREF(msgs);
    Py_XDECREF(mailbox);
    Py_XDECREF(r);
    return result;
}


/* deliver_here(by_id, session, data, OPEN) -> True: the session is connected here and the frame went to its
 * connection (in C, or through Connection.send); False: it is not (nothing done). */
static PyObject *deliver_here(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyDict_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "deliver_here(by_id, session, data, OPEN)");
        return NULL;
    }
    int r = deliver_one(args[0], args[1], args[2], args[3], Py_None, NULL, NULL);
    if (r < 0) return NULL;
    return PyBool_FromLong(r);
}

static PyMethodDef methods[] = {
    {"scan_frames", scan_frames, METH_VARARGS,
     "scan_frames(data, max_binary) -> (frames, at, stop, wanted): frames as (first header byte, unmasked payload, "
     "offset); stop 0 = all read, 1 = keep data[at:] until it holds `wanted` bytes, 2 = hand data[at:] over."},
    {"decode_move", decode_move, METH_VARARGS,
     "decode_move(frame, max_size, Move) -> the Move, or None when the frame is not exactly a valid move request."},
    {"binary_frame", binary_frame, METH_O, "binary_frame(data) -> an unmasked, final binary frame holding data."},
    {"send_now", send_now, METH_VARARGS,
     "send_now(conn, data, OPEN) -> 1: data written to the socket as one frame; 0: nothing done (the connection is "
     "not in the common case); 2: the transport's write raised."},
    {"try_move", try_move, METH_VARARGS,
     "try_move(rooms, frame, max_size, session, now) -> None, or (actor, seat, ply, text, ref, move_made for seat 0, "
     "move_made for seat 1) for a plain move a FastRoom in rooms took."},
    {"deliver", (PyCFunction)(void (*)(void))deliver, METH_FASTCALL,
     "deliver(by_id, session, data, OPEN) -> None: sent (or the session is not connected here); else the "
     "connection to call send(data) on (not its common case)."},
    {"deliver_here", (PyCFunction)(void (*)(void))deliver_here, METH_FASTCALL,
     "deliver_here(by_id, session, data, OPEN) -> True: sent to the session's connection here; False: it has none "
     "here (nothing done)."},
    {"finish_fast", (PyCFunction)(void (*)(void))finish_fast, METH_FASTCALL,
     "finish_fast(pending, by_id, OPEN, no_draw[, send, special]) -> True: the stored move kept for a later fold into "
     "the room (or folded in now), its "
     "frames sent (to sessions not connected here, or in one of special's containers, through send), the room's "
     "shell going on; False: nothing done (take the Python path)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_grundy_wire", "The native per-move wire path.", -1, methods};

PyMODINIT_FUNC PyInit__grundy_wire(void) {
#define INTERN(var, text) if ((var = PyUnicode_InternFromString(text)) == NULL) return NULL
    INTERN(s_dict, "__dict__");
    INTERN(s_fields_set, "__pydantic_fields_set__");
    INTERN(s_extra, "__pydantic_extra__");
    INTERN(s_private, "__pydantic_private__");
    INTERN(s_ref, "ref");
    INTERN(s_type, "type");
    INTERN(s_room, "room");
    INTERN(s_ply, "ply");
    INTERN(s_move, "move");
    INTERN(s_move_value, "move");
    INTERN(s_busy, "busy");
    INTERN(s_fast_attr, "fast");
    INTERN(s_state_field, "state");
    INTERN(s_ply_field, "ply");
    INTERN(s_moves_field, "moves");
    INTERN(s_clocks_field, "clocks");
    INTERN(s_abort_at_field, "abort_at");
    INTERN(s_draw_agreed_field, "draw_agreed");
    INTERN(s_log_seats, "_seats");
    INTERN(s_log_texts, "_texts");
    INTERN(s_log_ats, "_ats");
    INTERN(s_log_clocks, "_clocks");
    INTERN(s_log_n, "_n");
    INTERN(s_dict_name, "__dict__");
    INTERN(s_closing, "closing");
    INTERN(s_out_bytes, "out_bytes");
    INTERN(s_writer, "writer");
    INTERN(s_fast, "fast");
    INTERN(s_ws, "ws");
    INTERN(s_transport, "transport");
    INTERN(s_protocol, "protocol");
    INTERN(s_state, "_state");
    INTERN(s_paused, "paused");
    INTERN(s_send_in_progress, "send_in_progress");
    INTERN(s_extensions, "extensions");
    INTERN(s_writes, "writes");
    INTERN(s_get_write_buffer_size, "get_write_buffer_size");
    INTERN(s_write, "write");
    INTERN(s_mailbox, "mailbox");
    INTERN(s_stopped, "stopped");
    INTERN(s_session, "session");
    INTERN(s_id, "id");
    INTERN(s_requests, "requests");
    INTERN(s_fast_moved, "fast_moved");
    INTERN(s_counts, "counts");
    INTERN(s_total, "total");
    INTERN(s_conn, "conn");
    INTERN(s_waiting, "waiting");
    INTERN(s_scheduled, "scheduled");
    INTERN(s_schedule, "schedule");
    INTERN(s_committing, "committing");
    INTERN(s_actor, "actor");
    INTERN(s_seat, "seat");
    INTERN(s_text, "text");
    INTERN(s_at, "at");
    INTERN(s_session_f, "session");
    INTERN(s_messages, "messages");
    INTERN(s_clocks, "clocks");
    INTERN(s_room_attr, "room");
    INTERN(s_room_private, "_room");
    INTERN(s_seats, "seats");
    INTERN(s_schedule_actor, "_schedule");
    INTERN(s_send_attr, "send");
#undef INTERN
    if ((empty_tuple = PyTuple_New(0)) == NULL) return NULL;
    if (PyType_Ready(&FastRoomType) < 0 || PyType_Ready(&BucketType) < 0 || PyType_Ready(&MoveTakerType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddObjectRef(m, "FastRoom", (PyObject *)&FastRoomType) < 0 ||
        PyModule_AddObjectRef(m, "TokenBucket", (PyObject *)&BucketType) < 0 ||
        PyModule_AddObjectRef(m, "MoveTaker", (PyObject *)&MoveTakerType) < 0 ||
        PyModule_AddIntConstant(m, "MAX_UNFOLDED", MAX_UNFOLDED) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
