/* The native per-move wire path: the frame reader, the move decoder and the frame writer.
 *
 * Three functions, each the twin of a pure-Python one that stays the fallback (protocol/wire.py
 * chooses; GRUNDY_PURE_WIRE=1 forces the Python ones; tests/protocol/test_wire.py holds both to
 * the same results):
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
    unsigned char t = *r.p;
    Py_ssize_t entries;
    if ((t & 0xF0) == 0x80) { entries = t & 0x0F; r.p += 1; }
    else if (t == 0xDE && buf.len >= 3) { entries = (r.p[1] << 8) | r.p[2]; r.p += 3; }
    else goto decline;
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

static PyMethodDef methods[] = {
    {"scan_frames", scan_frames, METH_VARARGS,
     "scan_frames(data, max_binary) -> (frames, at, stop, wanted): frames as (first header byte, unmasked payload, "
     "offset); stop 0 = all read, 1 = keep data[at:] until it holds `wanted` bytes, 2 = hand data[at:] over."},
    {"decode_move", decode_move, METH_VARARGS,
     "decode_move(frame, max_size, Move) -> the Move, or None when the frame is not exactly a valid move request."},
    {"binary_frame", binary_frame, METH_O, "binary_frame(data) -> an unmasked, final binary frame holding data."},
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
#undef INTERN
    return PyModule_Create(&module);
}
