/* What a student typed is what is judged (docs/design.md#what-is-typed-is-judged).

   ipywidgets holds a widget's change back while the kernel is busy with its last one, and sends
   it once the kernel is idle; but it sends a widget's event (Enter in an answer box, a button's
   click) at once. "2+3" typed fast and Enter would reach the kernel as "2", then Enter, then
   "2+3". So every event waits for no change: the changes held back, of every widget on the page,
   are sent first, as ipywidgets itself sends them, and the kernel reads them in that order. */
(function () {
  var held = new Set();  // the models with a change held back

  function flush(model) {  // ipywidgets' own sending of a held change (WidgetModel._handle_status)
    if (!model._msg_buffer) return;
    var sent = model.send_sync_message(model._msg_buffer, model._msg_buffer_callbacks);
    model.rememberLastUpdateFor(sent);
    model._msg_buffer = null;
    model._msg_buffer_callbacks = null;
  }

  function patch(model) {  // on WidgetModel itself, where both are defined: every model
    var base = model;
    while (base && !(Object.prototype.hasOwnProperty.call(base, 'send') &&
                     Object.prototype.hasOwnProperty.call(base, 'sync'))) {
      base = Object.getPrototypeOf(base);
    }
    if (!base || base.mathcardsInOrder || !('_msg_buffer' in model)) return;
    var sync = base.sync, send = base.send;
    base.sync = function () {
      var result = sync.apply(this, arguments);
      if (this._msg_buffer) held.add(this);
      return result;
    };
    base.send = function () {
      held.forEach(flush);
      held.clear();
      return send.apply(this, arguments);
    };
    base.mathcardsInOrder = true;
  }

  var tries = 0;
  (function find() {  // Voila's app makes the page's widget manager and models after it loads
    var app = window.jupyterapp;
    var models = app && app.widgetManager && app.widgetManager._models;
    var first = models && Object.keys(models)[0];
    if (first) return models[first].then(patch, function () {});
    if (++tries < 600) setTimeout(find, 200);  // two minutes
  })();
})();
