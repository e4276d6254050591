/* A page never dies in silence. When its kernel cannot be reached the page says so at once
   ("Reconnecting…", and after a few tries "This page lost its connection — reload"), and it
   reconnects by itself when it can: to the same kernel if that lives, else to a fresh one (it
   reloads). It learns from the kernel's own connection (Voila's KernelConnection: its socket
   and the kernel's status), from the browser (offline, online, the page shown again) and from
   a bounded look at the kernel's address, /api/kernels/<id> (200: it lives, 404: it is gone).
   Its words came with the page (window.mathcardsAlive): without a connection it cannot ask. */
(function () {
  var config = document.getElementById('jupyter-config-data');
  var settings = config ? JSON.parse(config.textContent) : {};
  if (!settings.kernelId) return;
  var carried = window.mathcardsAlive || {};
  var spoken = (location.pathname.match(/\/voila\/render\/([a-z]{2})\//) || [])[1];
  var languages = carried.words || {};
  var words = languages[spoken] || languages[carried.language] || null;
  var address = (settings.baseUrl || '/') + 'api/kernels/' + settings.kernelId;
  var LOOK_SECONDS = 2;        // between looks while the page is cut off
  var WATCH_SECONDS = 15;      // between looks while all is well
  var ANSWER_SECONDS = 5;      // a look gives up after this (10 s while the socket is open)
  var LOST_AFTER = 5;          // looks without an answer before the page says it is lost
  var RECONNECT_SECONDS = 5;   // at most one reconnection started this often
  var kernel = null, seen = false, unanswered = 0, timer = null, reconnected = 0;
  var leaving = false, banner = null;

  function say(kind) {
    if (!words) return;
    if (!banner) {
      banner = document.createElement('div');
      banner.setAttribute('role', 'status');
      banner.setAttribute('aria-live', 'polite');
      document.body.prepend(banner);
    }
    banner.className = 'mc-connection mc-' + kind;
    var sentence = document.createElement('span');
    sentence.textContent = words[kind];
    banner.replaceChildren(sentence);
    if (kind === 'lost') {
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = words.reload;
      button.addEventListener('click', function () { location.reload(); });
      banner.append(button);
    }
    banner.hidden = false;
  }

  function quiet() {
    if (banner) banner.hidden = true;
  }

  function connected() {
    return !kernel || kernel.connectionStatus === 'connected';
  }

  function look() {
    var stop = new AbortController();
    var late = setTimeout(function () { stop.abort(); },
      (connected() ? 2 : 1) * ANSWER_SECONDS * 1000);
    return fetch(address, {cache: 'no-store', credentials: 'same-origin', signal: stop.signal})
      .then(function (answer) {
        return answer.status === 200 ? 'lives' : answer.status === 404 ? 'gone' : 'silent';
      }, function () { return 'silent'; })
      .then(function (found) { clearTimeout(late); return found; });
  }

  function later(seconds) {
    clearTimeout(timer);
    timer = setTimeout(check, seconds * 1000);
  }

  function check() {
    clearTimeout(timer);
    if (leaving) return;
    if (document.hidden && connected()) return later(WATCH_SECONDS);
    look().then(function (found) {
      if (leaving) return;
      if (found === 'gone') return gone();
      if (found === 'lives') {
        seen = true;
        unanswered = 0;
        if (connected()) { quiet(); return later(WATCH_SECONDS); }
        say('reconnecting');
        reconnect();
        return later(LOOK_SECONDS);
      }
      unanswered += 1;
      if (connected() && unanswered < 2) return later(LOOK_SECONDS);  // one slow answer
      say(unanswered >= LOST_AFTER ? 'lost' : 'reconnecting');
      if (connected()) reconnect();  // an open socket to a server that does not answer is not
      later(LOOK_SECONDS);           // open: the next look that finds the kernel reconnects
    });
  }

  function reconnect() {
    if (!kernel || kernel.isDisposed || Date.now() - reconnected < RECONNECT_SECONDS * 1000) return;
    reconnected = Date.now();
    kernel.reconnect().catch(function () {});  // the next look tries again
  }

  function gone() {  // the kernel has gone (culled, shut down, restarted): a fresh page
    say('lost');
    if (!seen) return later(WATCH_SECONDS);  // never seen alive at this address: only say so
    leaving = true;
    location.reload();
  }

  function watch(connection) {
    kernel = connection;
    kernel.connectionStatusChanged.connect(function (_, status) {
      if (leaving) return;
      if (status === 'connected') {
        unanswered = 0;
        quiet();
        return later(WATCH_SECONDS);
      }
      say('reconnecting');
      check();
    });
    kernel.statusChanged.connect(function (_, status) {
      if (leaving) return;
      if (status === 'autorestarting' || status === 'restarting' || status === 'dead') {
        seen = true;  // it lived: the page's work is gone with it
        gone();
      }
    });
  }

  var tries = 0;
  (function find() {  // Voila's app starts after the page has loaded
    var app = window.jupyterapp;
    var manager = app && app.widgetManager;
    if (manager && manager.kernel) return watch(manager.kernel);
    if (++tries < 480) setTimeout(find, 250);  // two minutes
  })();

  window.addEventListener('beforeunload', function () { leaving = true; });
  window.addEventListener('offline', function () {
    if (!leaving) { say('reconnecting'); later(LOOK_SECONDS); }
  });
  window.addEventListener('online', check);
  window.addEventListener('pageshow', function (event) { if (event.persisted) check(); });
  document.addEventListener('visibilitychange', function () { if (!document.hidden) check(); });
  check();
})();
