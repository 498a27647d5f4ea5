// Sounds made on the spot with WebAudio (no sound files): a move, the end of a game (won, or not),
// low time.  Muted or not is the player's choice, remembered in localStorage.  Nothing plays before
// the page has had a click, a tap or a key: browsers allow sound only after one.
const MUTED = "grundy.muted";

// Each sound: notes of [frequency Hz, start s, length s, waveform].
const SOUNDS = {
  move: [[660, 0, 0.07, "triangle"]],
  end: [[523, 0, 0.16, "sine"], [659, 0.14, 0.16, "sine"], [784, 0.28, 0.32, "sine"]],
  lost: [[440, 0, 0.2, "sine"], [330, 0.18, 0.4, "sine"]],
  low: [[880, 0, 0.08, "square"], [880, 0.16, 0.08, "square"]],
};

export const heard = []; // the last sounds asked for: {kind, played} (what a test can read)

let ctx = null;
let allowed = false;
for (const type of ["pointerdown", "keydown"]) addEventListener(type, () => { allowed = true; }, { capture: true, once: true });

export const isMuted = () => localStorage.getItem(MUTED) === "1";

export function setMuted(muted) {
  localStorage.setItem(MUTED, muted ? "1" : "0");
}

export function sound(kind) {
  const play = !isMuted() && allowed && Object.hasOwn(SOUNDS, kind);
  heard.push({ kind, played: play });
  if (heard.length > 50) heard.shift();
  if (!play) return;
  try {
    ctx ??= new (window.AudioContext || window.webkitAudioContext)();
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    const t0 = ctx.currentTime + 0.01;
    for (const [freq, at, length, type] of SOUNDS[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = type;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(0.12, t0 + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + length + 0.02);
    }
  } catch {
    // no audio on this device: the game goes on silently
  }
}
