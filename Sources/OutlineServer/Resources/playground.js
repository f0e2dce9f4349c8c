/*
 * The playground's command line (outline serve), after the step viewer's scripts: it sends
 * each line to the server's session for this tab, appends the steps that come back to the
 * viewer's `steps` and shows the last one animated, as stepping does. A line typed while an
 * earlier step is shown continues from that step: the later steps go, as `undo` then a
 * command.
 *
 * PlaygroundPage: the page's last <script> holds this file's text after this comment.
 */
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('playground-data').textContent);
  var box = document.getElementById('playground');
  var form = document.getElementById('command-form');
  var input = document.getElementById('command');
  var output = document.getElementById('output');
  var busy = false, ended = false, typed = [], recall = 0;
  document.querySelector('nav.controls').after(box);
  document.querySelector('.summary').textContent =
    'Type a command (help lists them) and press Return: the server runs it in a real session ' +
    'for this tab. Step back with ← and →; a command typed at an earlier step continues from there.';
  function at() { return steps.length ? current + 1 : 0; }
  function print(text, isError) {
    var line = el('div', isError ? 'out-error' : 'out-line', text);
    output.appendChild(line);
    while (output.childNodes.length > 400) output.removeChild(output.firstChild);
    output.scrollTop = output.scrollHeight;
  }
  function rebuild(from, added) {
    goTo(Math.min(applied, from));
    steps.length = from;
    // The answers to the quiz of the dropped steps go with them.
    answers.forEach(function (answer, k) { if (k >= from) answers.delete(k); });
    score();
    added.forEach(function (step) { steps.push(step); });
    document.getElementById('all-steps').textContent = '';
    links.length = 0;
    currentLink = null;
    buildList();
    if (steps.length) show(steps.length - 1, added.length > 0);
    else { current = -1; position.textContent = 'No steps'; document.getElementById('step').textContent = ''; }
  }
  function send(line) {
    busy = true;
    root.setAttribute('data-busy', 'true');
    print('> ' + line, false);
    fetch('/api/run', {
      method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ session: config.session, at: at(), line: line })
    }).then(function (response) {
      return response.json().then(function (answer) { return { ok: response.ok, answer: answer }; });
    }).then(function (result) {
      if (!result.ok) { print('error: ' + (result.answer.error || 'the server refused the line'), true); return; }
      var answer = result.answer;
      answer.output.forEach(function (entry) { print(entry[0], entry[1] === 1); });
      if (answer.steps.length || answer.at < steps.length) rebuild(answer.at, answer.steps);
      if (answer.ended) {
        ended = true;
        input.disabled = true;
        print('The session has ended: reload the page for a new one.', false);
      }
    }).catch(function (error) {
      print('error: ' + error, true);
    }).then(function () {
      busy = false;
      root.setAttribute('data-busy', 'false');
      root.setAttribute('data-answers', String(Number(root.getAttribute('data-answers') || 0) + 1));
      if (!ended) input.focus();
    });
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var line = input.value;
    if (busy || ended || !line.trim()) return;
    typed.push(line);
    recall = typed.length;
    input.value = '';
    send(line);
  });
  input.addEventListener('keydown', function (event) {
    if (event.key === 'ArrowUp' && recall > 0) { input.value = typed[--recall]; event.preventDefault(); }
    else if (event.key === 'ArrowDown' && recall < typed.length) {
      recall++;
      input.value = recall < typed.length ? typed[recall] : '';
      event.preventDefault();
    }
  });
  ['script', 'swift', 'html'].forEach(function (kind) {
    document.getElementById('download-' + kind).addEventListener('click', function () {
      this.href = '/download?session=' + encodeURIComponent(config.session) + '&as=' + kind + '&at=' + at();
    });
  });
  window.addEventListener('pagehide', function () {
    if (ended || !navigator.sendBeacon) return;
    navigator.sendBeacon('/api/quit', new Blob([JSON.stringify({ session: config.session })], { type: 'application/json' }));
  });
  root.setAttribute('data-playground', 'ready');
  input.focus();
})();
