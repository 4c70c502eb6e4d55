// Keeps a game's page current: the server sends the page's changing part
// whenever the game changes (server-sent events), and the countdowns tick
// here by the server's clock.
'use strict';
(function () {
  const live = document.getElementById('live');
  if (!live) return;
  let skew = Number(live.dataset.now) - Date.now();
  const two = (n) => String(n).padStart(2, '0');
  const shown = (ms) => {
    const s = Math.max(0, Math.ceil(ms / 1000));
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
  };
  const tick = () => {
    const now = Date.now() + skew;
    for (const clock of document.querySelectorAll('[data-deadline]')) {
      clock.textContent = shown(Number(clock.dataset.deadline) - now);
    }
  };
  tick();
  setInterval(tick, 250);
  const connection = document.getElementById('connection');
  const events = new EventSource(live.dataset.events);
  events.addEventListener('clock', (e) => { skew = Number(e.data) - Date.now(); });
  events.addEventListener('page', (e) => {
    live.innerHTML = e.data;
    tick();
    document.body.dataset.frames = String(Number(document.body.dataset.frames || 0) + 1);
  });
  // The game's pages were turned off, or the game is gone: the reload
  // shows the page that says so.
  events.addEventListener('gone', () => { events.close(); location.reload(); });
  events.addEventListener('open', () => connection && connection.classList.remove('lost'));
  events.addEventListener('error', () => connection && connection.classList.add('lost'));
})();
