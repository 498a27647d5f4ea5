// The websocket link to the node: requests matched to replies by `ref`, pushes handed on,
// and a reconnect with growing pauses after a drop (the page then resumes its session).
// In a cluster the attempts go in turn to the node the link was to and to the cluster's other
// nodes (the welcome's `nodes`), so a page whose node is gone resumes on another.  A node that stops
// says so first (`node_leaving`): the link then resumes on another node before the old one closes,
// and the page never sees the link drop.
// A request answered `unavailable` (a cluster's store away for a moment) is sent again by the link
// when a second copy is harmless (SAFE_TO_RESEND, the twin of protocol/resend.py: docs/PROTOCOL.md 2.1),
// on the schedule below, until it gets another answer; the page is told once that the server is
// catching up (handlers.catchingUp) and once that it caught up (handlers.caughtUp): when a request gets
// through again, or when a room's message makes a request being sent again moot (MOOT_ONCE_OVER: a move
// whose room went past its ply, a request of a game that ended; its copy then goes at once), told before
// that message.
import { decode, encode } from "./msgpack.js";
import { t } from "./i18n.js";

export const RESEND = { firstS: 0.25, factor: 2, everyS: 2, jitter: 0.2, forS: 600 };
export const SAFE_TO_RESEND = new Set([
  "move", "resign", "offer_draw", "accept_draw", "decline_draw", "rematch", "join", "spectate", "leave",
  "quick_match_cancel", "accept_challenge", "decline_challenge", "enter_tournament", "withdraw",
  "start_tournament", "stop_tournament", "ping", "list_games", "list_rooms", "list_players",
  "list_tournaments", "get_state", "get_record", "get_tournament", "get_player", "get_player_games", "get_leaderboard", "analyze",
]);

// The requests being sent again that their room's end makes moot (a move also once its room went past its ply):
// the twin of protocol/resend.py's MOOT_ONCE_OVER.
export const MOOT_ONCE_OVER = new Set(["move", "resign", "offer_draw", "accept_draw", "decline_draw"]);
const ROOM_CHANGES = new Set(["room_state", "move_made", "game_over"]);

export class Link {
  // handlers: opened(), message(msg), closed(code, reason, willRetry)
  // handlers.token(): the session's resume token (for a move to another node), or null
  constructor(url, handlers) {
    this.url = url; // where the next attempt goes
    this.home = url; // the page's own node
    this.nodeUrl = url; // the node the link was last up to
    this.nodes = []; // the cluster's live nodes, from the last welcome
    this.attempts = 0; // reconnection attempts since the link was last up
    this.handlers = handlers;
    this.ref = 0;
    this.pending = new Map();
    this.ws = null;
    this.retries = 0;
    this.stopped = false;
    this.catchingUpSince = null; // performance.now() of the first `unavailable` of an outage (null: none now)
    this.caughtUpAt = -Infinity; // when a request last got through after one
    this.resending = new Set(); // requests answered `unavailable` and being sent again now: {msg, wake}
  }

  open() {
    const ws = new WebSocket(this.url);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
      this.attempts = 0;
      this.nodeUrl = this.url;
      this.handlers.opened();
    };
    this.listen(ws);
  }

  // Frames in and the close of `ws`, the link's socket (or the one a move is about to make it).
  listen(ws) {
    ws.onmessage = (event) => {
      if (typeof event.data === "string") return; // not part of the protocol
      let msg;
      try {
        msg = decode(new Uint8Array(event.data));
      } catch (err) {
        console.error("an unreadable frame from the server", err);
        return;
      }
      if (msg.type === "node_leaving") {
        // (at a random moment of the first fifth of the time given, at most 2 s: not every page at once)
        const spread = Math.min(2000, Math.max(0, (msg.within_s || 0) * 200)) * Math.random();
        setTimeout(() => this.move(msg.nodes || []), spread);
      }
      const waiting = msg.ref != null ? this.pending.get(msg.ref) : undefined;
      if (waiting) {
        this.pending.delete(msg.ref);
        msg.answered = true;
        this.answered(waiting, msg);
        (msg.type === "error" ? waiting.reject : waiting.resolve)(msg);
      }
      if (ROOM_CHANGES.has(msg.type) && (this.resending.size > 0 || this.catchingUpSince !== null)) this.overtaken(msg);
      this.handlers.message(msg);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      for (const { reject } of this.pending.values()) {
        reject({ type: "error", code: "disconnected", message: t("web-net-dropped"), say: { id: "web-net-dropped", args: {} } });
      }
      this.pending.clear();
      // 1000 from the server: the session was taken over elsewhere (another tab); do not fight over it.
      const retry = !this.stopped && event.code !== 1000 && event.code !== 1002;
      this.handlers.closed(event.code, event.reason, retry);
      if (retry) {
        const delay = Math.min(8000, 300 * 2 ** this.retries++);
        const targets = [...new Set([this.nodeUrl, ...this.nodes, this.home])];
        this.url = targets[this.attempts++ % targets.length];
        setTimeout(() => this.open(), delay);
      }
    };
  }

  // The node is leaving: resume on another of `nodes` (one at random) on a second socket, then make it the
  // link's and close the old one.  Requests waiting keep waiting (their answers follow the session); if no
  // node takes the session, the old link stays until the node closes it, and reconnecting takes over.
  move(nodes) {
    const token = this.handlers.token ? this.handlers.token() : null;
    const targets = nodes.filter((u) => /^wss?:\/\//.test(u) && u !== this.nodeUrl);
    if (this.moving || this.stopped || !token || targets.length === 0) return;
    this.moving = true;
    const old = this.ws;
    const next = (left) => {
      if (left.length === 0 || this.ws !== old || this.stopped) {
        this.moving = false;
        return;
      }
      const i = Math.floor(Math.random() * left.length);
      const url = left[i];
      const rest = left.filter((_, j) => j !== i);
      const ws = new WebSocket(url);
      ws.binaryType = "arraybuffer";
      const ref = ++this.ref;
      ws.onopen = () => ws.send(encode({ type: "resume", versions: [1], token, ref }));
      ws.onmessage = (event) => {
        if (typeof event.data === "string") return;
        let msg;
        try {
          msg = decode(new Uint8Array(event.data));
        } catch (err) {
          return;
        }
        if (msg.ref !== ref) return; // (nothing else comes before the welcome)
        if (msg.type !== "welcome" || this.ws !== old || this.stopped) {
          ws.onclose = null;
          ws.close();
          next(rest);
          return;
        }
        this.ws = ws;
        this.url = url;
        this.nodeUrl = url;
        this.moving = false;
        this.listen(ws);
        old.close(); // (the node closes it too, once the session is here)
        this.handlers.message(msg); // the welcome, as after any resume: the rooms' states follow
      };
      ws.onclose = () => next(rest);
    };
    next(targets);
  }

  // The cluster's live nodes (`welcome.nodes`): where to try when this node is gone.
  setNodes(nodes) {
    this.nodes = (nodes || []).filter((u) => /^wss?:\/\//.test(u));
  }

  get isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  send(msg) {
    if (!this.isOpen) throw { type: "error", code: "disconnected", message: t("web-net-not-connected"), say: { id: "web-net-not-connected", args: {} } };
    this.ws.send(encode(msg));
  }

  // Send a request; resolves with its reply, rejects with its error.  One answered `unavailable` is sent
  // again (a fresh ref each copy) when that is safe, on the RESEND schedule, until another answer comes; a copy
  // waiting for its turn goes at once when a room's message makes it moot (its answer then ends it).
  async request(msg) {
    const entry = SAFE_TO_RESEND.has(msg.type) ? { msg, wake: () => {} } : null;
    let delay = RESEND.firstS;
    let first = null;
    try {
      for (;;) {
        try {
          return await this.once(msg, entry);
        } catch (err) {
          const resent = first !== null;
          if (err.code !== "unavailable") throw resent ? { ...err, resent } : err; // (a resent move's stale_ply)
          const now = performance.now();
          const wait = delay * (1 + RESEND.jitter * (2 * Math.random() - 1));
          if (!entry || this.stopped || (first !== null && now + wait * 1000 - first > RESEND.forS * 1000)) {
            throw { ...err, resent };
          }
          if (first === null) first = now;
          delay = Math.min(delay * RESEND.factor, RESEND.everyS);
          if (this.resending.has(entry)) {  // (else made moot already: the copy goes at once)
            await new Promise((resolve) => {
              const timer = setTimeout(resolve, wait * 1000);
              entry.wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            entry.wake = () => {};
          }
          if (this.stopped) throw { ...err, resent: true };
        }
      }
    } finally {
      if (entry) this.resending.delete(entry);
    }
  }

  // One copy of a request: resolves with its reply, rejects with its error.  `entry`: its request, when it may
  // be sent again.
  once(msg, entry = null) {
    const ref = ++this.ref;
    return new Promise((resolve, reject) => {
      try {
        this.send({ ...msg, ref });
      } catch (err) {
        reject(err);
        return;
      }
      this.pending.set(ref, { resolve, reject, sent: performance.now(), entry });
    });
  }

  // A copy got its answer (as it comes, before the page hears it): catching up for an `unavailable` (its request
  // counted as being sent again), else caught up if that closes it.
  answered({ sent, entry }, msg) {
    if (msg.type === "error" && msg.code === "unavailable") {
      this.unavailable(sent);
      if (entry) this.resending.add(entry);
      return;
    }
    if (entry) this.resending.delete(entry);
    this.gotThrough(sent, msg.type === "game_over");
  }

  unavailable(sent) {
    if (this.catchingUpSince === null && sent >= this.caughtUpAt) {
      this.catchingUpSince = performance.now();
      if (this.handlers.catchingUp) this.handlers.catchingUp();
    }
  }

  gotThrough(sent, ended = false) {
    const since = this.catchingUpSince;
    if (since !== null && sent >= since && this.resending.size === 0) this.caughtUp(ended);
  }

  caughtUp(ended) {
    const since = this.catchingUpSince;
    this.catchingUpSince = null;
    this.caughtUpAt = performance.now();
    if (this.handlers.caughtUp) this.handlers.caughtUp((this.caughtUpAt - since) / 1000, ended);
  }

  // A room's message (before the page hears it): the requests being sent again that it makes moot go at once,
  // and the server caught up when it shows the store writing again (a move stored, a game ended) and no request
  // is still being sent again.
  overtaken(msg) {
    const ended = msg.type === "game_over" || (msg.type === "room_state" && (msg.status === "finished" || msg.status === "aborted"));
    const at = msg.type === "move_made" ? msg.ply + 1 : msg.type === "room_state" ? msg.ply : -1;
    let moot = false;
    for (const entry of [...this.resending]) {
      const req = entry.msg;
      if (req.room !== msg.room || !MOOT_ONCE_OVER.has(req.type)) continue;
      if (ended || (req.type === "move" && at > req.ply)) {
        this.resending.delete(entry);
        entry.wake();
        moot = true;
      }
    }
    if ((moot || ended || msg.type === "move_made") && this.catchingUpSince !== null && this.resending.size === 0) {
      this.caughtUp(ended);
    }
  }

  stop() {
    this.stopped = true;
    for (const entry of this.resending) entry.wake();
    if (this.ws) this.ws.close();
  }
}
