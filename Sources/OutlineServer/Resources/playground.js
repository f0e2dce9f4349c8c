/*
 * The playground's command line (outline serve), after the step viewer's scripts: it sends
 * each line to the server's session for this tab, appends the steps that come back to the
 * viewer's `steps` and shows the last one animated, as stepping does (its own change only,
 * however many steps the line added). The page opens at the last step (a SCRIPT's, which the
 * learner continues from). A line typed while an earlier step is shown continues from that
 * step: the later steps go, as `undo` then a command; a note under the command line says so
 * while an earlier step is shown, and the first Return there only repeats it, a second Return
 * with the same line at the same step runs it. In quiz mode, a line of several commands shows
 * the first of its new steps that asks; → goes on to the next.
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
  var note = document.getElementById('drop-note'), warned = null;
  document.querySelector('nav.controls').after(box);
  document.querySelector('.summary').textContent =
    'Type a command (help lists them) and press Return: the server runs it in a real session ' +
    'for this tab. Step back with ← and →; a command typed at an earlier step continues from there.';
  function at() { return steps.length ? current + 1 : 0; }
  // The steps a line typed now would drop, as "steps 3–5" (or "step 5"); '' at the last step.
  function dropped() {
    var first = current + 2, last = steps.length;
    if (!steps.length || first > last) return '';
    return first === last ? 'step ' + last : 'steps ' + first + '–' + last;
  }
  function updateNote() {
    var later = dropped();
    note.hidden = !later;
    note.textContent = later
      ? 'You are at step ' + (current + 1) + ' of ' + steps.length + ': a line typed here ' +
        'continues from it and drops ' + later + ', as undo then a command does.'
      : '';
    if (later) {
      var back = add(note, el('button', null, 'Go to step ' + steps.length));
      back.type = 'button';
      back.addEventListener('click', function () { show(steps.length - 1, false); input.focus(); });
    }
  }
  // Every way of stepping goes through `show`: the note follows it.
  var shown = show;
  show = function () {
    shown.apply(null, arguments);
    warned = null;
    root.removeAttribute('data-confirm');
    updateNote();
  };
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
    // In quiz mode each new step that asks is asked, the first of them now: → goes on.
    var next = steps.length - 1;
    for (var k = from; k < steps.length && quizSwitch.checked; k++) if (asking(k)) { next = k; break; }
    if (steps.length) show(next, added.length > 0);
    else { current = -1; drawnState = -1; position.textContent = 'No steps'; document.getElementById('step').textContent = ''; }
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
    var later = dropped();
    if (later && !(warned && warned.line === line && warned.at === current)) {
      // Said before anything is dropped: the same line again at the same step runs.
      warned = { line: line, at: current };
      print('This line would drop ' + later + ' (you are at step ' + (current + 1) + ' of ' +
        steps.length + '): press Return again to run it, or go to step ' + steps.length +
        ' first to keep them.', true);
      root.setAttribute('data-confirm', 'asked');
      return;
    }
    warned = null;
    root.removeAttribute('data-confirm');
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
  // The learner continues from the last step: a SCRIPT's steps stay in front of them.
  if (steps.length) show(steps.length - 1, false);
  root.setAttribute('data-playground', 'ready');
  input.focus();
})();
