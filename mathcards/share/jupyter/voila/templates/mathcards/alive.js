/* A page never dies in silence (docs/design.md#a-page-never-dies-in-silence).

   While all is well it shows nothing. While the page's connection to its kernel is down it says
   "Reconnecting…": JupyterLab's kernel connection tries again by itself, with back-off, and
   ipywidgets restores the widgets once it is back (asked again if it was still fetching them
   when the connection dropped: what it asked went with it). When the kernel is gone (the
   server says so), was restarted (what comes back is from another process) or does not come
   back, it says so in one sentence with one button that reloads the page, and the page is left
   inert and dimmed.

   It asks only the kernel's own address on the server that served the page, as the page's kernel
   connection asks it (with the XSRF token of its cookie, which a JupyterHub user's server needs
   from a script, and the connection's token if it has one); never while the browser knows it is
   offline, only while the connection is down, and never once the page is being left. A phone
   that wakes checks that its connection still answers. Its words came with the page
   (window.mathcardsAlive, in every language): a page that has lost its connection could not ask
   for them. */
(function () {
  var config = document.getElementById('jupyter-config-data');
  var settings = config ? JSON.parse(config.textContent) : {};
  var carried = window.mathcardsAlive || {};
  var spoken = (location.pathname.match(/\/voila\/render\/([a-z]{2})\//) || [])[1];
  var words = carried[spoken] || carried[document.documentElement.lang] || carried.en;
  if (!settings.kernelId || !words) return;

  var GRACE_MS = 1000;     // a connection back within this is not worth a word
  var LOOK_MS = 3000;      // between looks at the kernel while the connection is down
  var ANSWER_MS = 5000;    // a look without an answer by then is given up
  var STUCK_MS = 10000;    // the kernel lives, the connection still does not: connect again
  var SILENT_MS = 60000;   // the server silent this long: the page says it lost its connection
  var PROBE_MS = 5000;     // a woken page's connection answers within this, or is made again
  var ASLEEP_MS = 10000;   // hidden this long (a locked phone): check the connection on waking

  var kernel = null, seen = false, lost = false, leaving = false, probing = false;
  var state = 'well', session = '', timer = null, grace = null;
  var silentSince = null, livesSince = null, hiddenSince = null;

  var banner = document.createElement('div');  // a polite live region, there from the start
  banner.className = 'mc-connection';
  banner.setAttribute('role', 'status');
  banner.setAttribute('aria-live', 'polite');
  document.body.prepend(banner);

  function say(kind) {
    if (state === kind) return;
    state = kind;
    banner.className = 'mc-connection mc-' + kind;
    var sentence = document.createElement('span');
    sentence.textContent = words[kind];
    banner.replaceChildren(sentence);
    if (kind === 'lost') {
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = words.reload;
      button.addEventListener('click', function () { leaving = true; location.reload(); });
      banner.append(button);
    }
    inert(kind === 'lost');
  }

  function quiet() {
    if (state === 'well') return;
    state = 'well';
    banner.className = 'mc-connection';
    banner.replaceChildren();
    inert(false);
  }

  function inert(dead) {  // a page that is dead takes no clicks and is read past
    var cells = document.getElementById('rendered_cells');
    if (cells) cells.inert = dead;
    document.body.classList.toggle('mc-dead', dead);
  }

  function connected() {
    return kernel.connectionStatus === 'connected';
  }

  function later(took) {  // a look held for seconds by a network that is gone: the next at once
    clearTimeout(timer);
    if (!lost && !leaving) timer = setTimeout(look, Math.max(0, LOOK_MS - (took || 0)));
  }

  function address() {
    var base = kernel.serverSettings.baseUrl.replace(/\/?$/, '/');
    return base + 'api/kernels/' + encodeURIComponent(kernel.id);
  }

  function credentials() {  // what JupyterLab's ServerConnection sends with every request
    var headers = {};
    var xsrf = document.cookie.match('\\b_xsrf=([^;]*)\\b');
    if (xsrf) headers['X-XSRFToken'] = xsrf[1];
    if (kernel.serverSettings.token) headers.Authorization = 'token ' + kernel.serverSettings.token;
    return headers;
  }

  function look() {  // is the kernel there? 200: it lives; 404: it is gone; else: no answer
    clearTimeout(timer);
    if (lost || leaving) return;
    if (navigator.onLine === false) return later();  // a request now would only fail
    var stop = new AbortController(), began = Date.now();
    var late = setTimeout(function () { stop.abort(); }, ANSWER_MS);
    fetch(address(), {
      cache: 'no-store', credentials: 'same-origin', headers: credentials(), signal: stop.signal
    }).then(function (answer) { return answer.status; }, function () { return 0; })
      .then(function (status) { clearTimeout(late); found(status, Date.now() - began); });
  }

  function found(status, took) {
    if (lost || leaving) return;
    if (status === 404) return gone();
    if (status === 200) {
      silentSince = null;
      if (connected()) return probe();
      if (state === 'lost') say('reconnecting');  // it may yet come back
      if (livesSince === null) livesSince = Date.now();
      if (kernel.connectionStatus === 'disconnected' || Date.now() - livesSince >= STUCK_MS) {
        livesSince = Date.now();
        kernel.reconnect().catch(function () {});  // the next look tries again
      }
    } else {
      if (silentSince === null) silentSince = Date.now();
      if (Date.now() - silentSince >= SILENT_MS) say('lost');  // the next answer may undo it
    }
    later(took);
  }

  function probe() {  // a connection that looks open answers, or is made again
    if (probing || lost || leaving || !connected()) return;
    probing = true;
    var late = setTimeout(function () {
      probing = false;
      if (!lost && !leaving) kernel.reconnect().catch(function () {});
    }, PROBE_MS);
    kernel.requestKernelInfo().then(function () {
      clearTimeout(late);
      probing = false;
      if (!lost && connected()) quiet();
    }, function () {});
  }

  function restore() {  // ipywidgets would wait for ever for what it asked on a lost connection
    var manager = window.jupyterapp.widgetManager;
    if (!manager.restoredStatus) manager.restoreWidgets();
  }

  function gone() {  // the kernel is gone, or is not the one the page was made on: for good
    lost = true;
    clearTimeout(timer);
    clearTimeout(grace);
    say('lost');
    if (!kernel.isDisposed) kernel.dispose();  // no more tries at a kernel that is not there
  }

  function trouble() {  // the connection is down
    if (lost || leaving || connected()) return;
    if (seen) say('reconnecting');
    if (silentSince === null) silentSince = Date.now();
    look();
  }

  function changed(_, status) {
    if (lost || leaving) return;
    clearTimeout(grace);
    if (status === 'connected') {
      if (seen) restore();
      seen = true;
      silentSince = livesSince = null;
      clearTimeout(timer);
      return quiet();
    }
    grace = setTimeout(trouble, GRACE_MS);
  }

  function heard(_, message) {  // a kernel restarted is another process, in another session
    if (message.direction !== 'recv' || message.msg.header.msg_type === 'status') return;
    var from = message.msg.header.session;
    if (!from || lost) return;
    if (session && from !== session) return gone();
    if (!session) banner.dataset.kernel = 'known';  // from now a kernel restarted is told apart
    session = from;
  }

  function wake() {
    if (lost || leaving) return;
    if (!kernel) return quiet();  // not watching yet: its first connection is still to come
    if (connected()) probe(); else trouble();
  }

  function watch(connection) {
    kernel = connection;
    kernel.connectionStatusChanged.connect(changed);
    kernel.anyMessage.connect(heard);
    kernel.statusChanged.connect(function (_, status) {
      if (status === 'dead' || status === 'restarting' || status === 'autorestarting') gone();
    });
    changed(kernel, kernel.connectionStatus);
    if (connected()) kernel.requestKernelInfo().catch(function () {});  // whose session it is
  }

  var tries = 0;
  (function find() {  // Voila's app makes the page's kernel connection after the page loads
    var app = window.jupyterapp;
    var manager = app && app.widgetManager;
    if (manager && manager.kernel) return watch(manager.kernel);
    if (++tries < 600) setTimeout(find, 200);  // two minutes
  })();

  // Voila shuts the kernel down and closes its connection as the page is left: nothing to ask.
  window.addEventListener('beforeunload', function () { leaving = true; });
  window.addEventListener('pagehide', function () { leaving = true; });
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) { leaving = false; wake(); }
  });
  window.addEventListener('offline', function () {
    if (!lost && !leaving) say('reconnecting');
  });
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', function () {
    if (document.hidden) { hiddenSince = Date.now(); return; }
    var slept = hiddenSince !== null && Date.now() - hiddenSince >= ASLEEP_MS;
    hiddenSince = null;
    if (slept || state !== 'well') wake();
  });
})();
