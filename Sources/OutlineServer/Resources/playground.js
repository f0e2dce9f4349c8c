/*
 * The playground's command line (outline serve), after the step viewer's scripts: it sends
 * each line to the server's session for this tab, appends the steps that come back to the
 * viewer's `steps` and shows the last one animated, as stepping does (its own change only,
 * however many steps the line added). The page opens at the last step (a SCRIPT's, which the
 * learner continues from). A line typed while an earlier step is shown continues from that
 * step: the later steps go, as `undo` then a command; a note under the command line says so
 * while an earlier step is shown, and the first Return there only repeats it, a second Return
 * with the same line at the same step runs it.
 *
 * In quiz mode a line of several commands shows the first of its new steps that asks; → goes
 * on to the next. The steps still to come that way were never shown (`queued`): while every
 * step after the one shown is such a step, a line typed runs after the last step, drops
 * nothing, and the page then asks the first step still to come. The output of a step that is
 * asked is held back in the log (a line says so) until the step is answered, stepped past,
 * dropped, or the quiz turned off, so that the log never tells what the question asks.
 * A line typed with the quiz off brings its steps without their questions (`nq`), which the
 * page asks for when the quiz is turned on.
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
  // The steps a line added in quiz mode that were never shown, by index; and the output held
  // back for each step asked, by index: { node: the log's line that stands for it, lines }.
  var queued = new Set(), held = new Map();
  document.querySelector('nav.controls').after(box);
  document.querySelector('.summary').textContent =
    'Type a command (help lists them) and press Return: the server runs it in a real session ' +
    'for this tab. Step back with ← and →; a command typed at an earlier step continues from there.';
  function at() { return steps.length ? current + 1 : 0; }
  // The steps after the one shown, as "steps 3–5" (or "step 5"); '' at the last step.
  function laterSteps() {
    var first = current + 2, last = steps.length;
    if (!steps.length || first > last) return '';
    return first === last ? 'step ' + last : 'steps ' + first + '–' + last;
  }
  // Whether every step after the one shown is still to come (`queued`): a line typed now runs
  // after them.
  function stillToCome() {
    if (!laterSteps()) return false;
    for (var k = current + 1; k < steps.length; k++) if (!queued.has(k)) return false;
    return true;
  }
  // The steps a line typed now would drop; '' when it drops none.
  function dropped() { return stillToCome() ? '' : laterSteps(); }
  // Where a line typed now runs: after the step shown, or after the last step when every
  // later one is still to come.
  function runAt() { return stillToCome() ? steps.length : at(); }
  function updateNote() {
    var coming = stillToCome() && laterSteps(), drops = dropped();
    note.hidden = !drops && !coming;
    note.textContent = coming
      ? 'The quiz has ' + coming + ' still to ask (→ goes on): a line typed now runs after ' +
        'step ' + steps.length + ', dropping nothing.'
      : drops
      ? 'You are at step ' + (current + 1) + ' of ' + steps.length + ': a line typed here ' +
        'continues from it and drops ' + drops + ', as undo then a command does.'
      : '';
    if (drops) {
      var back = add(note, el('button', null, 'Go to step ' + steps.length));
      back.type = 'button';
      back.addEventListener('click', function () { show(steps.length - 1, false); input.focus(); });
    }
  }
  // Every way of stepping goes through `show`: the note follows it.
  var shown = show;
  show = function () {
    shown.apply(null, arguments);
    queued.delete(current);
    warned = null;
    root.removeAttribute('data-confirm');
    release(Infinity);
    updateNote();
  };
  function logLine(text, kind) {
    var node = output.appendChild(el('div', kind, text));
    while (output.childNodes.length > 400) output.removeChild(output.firstChild);
    output.scrollTop = output.scrollHeight;
    return node;
  }
  // The log's class for each kind of output line, as the answer numbers them: what the REPL
  // prints on standard output, an error, a warning.
  var OUTPUT = 0, ERROR = 1, WARNING = 2, kinds = ['out-line', 'out-error', 'out-warning'];
  // A line of output of `kind`, held back when step `step` (from 0) printed it and is being
  // asked.
  function print(text, kind, step) {
    if (step !== undefined && step >= current && asking(step)) {
      var entry = held.get(step);
      if (!entry) {
        entry = { node: logLine('step ' + (step + 1) + ': answer the question above to see its result', 'out-held'), lines: [] };
        held.set(step, entry);
      }
      entry.lines.push([text, kind]);
      return;
    }
    logLine(text, kinds[kind] || 'out-line');
  }
  // Puts back in the log, where their line stood, the held lines of each step no longer asked
  // (answered, stepped past, or the quiz off) and of each step from `dropping` on.
  function release(dropping) {
    held.forEach(function (entry, k) {
      if (k < dropping && k < steps.length && k >= current && asking(k)) return;
      held.delete(k);
      if (!entry.node.parentNode) return;
      entry.lines.forEach(function (held) {
        output.insertBefore(el('div', kinds[held[1]] || 'out-line', held[0]), entry.node);
      });
      output.removeChild(entry.node);
    });
  }
  function rebuild(from, added) {
    goTo(Math.min(applied, from));
    // The output held for the dropped steps is theirs, no question's any more.
    release(from);
    steps.length = from;
    // The answers to the quiz of the dropped steps go with them.
    answers.forEach(function (answer, k) { if (k >= from) answers.delete(k); });
    queued.forEach(function (k) { if (k >= from) queued.delete(k); });
    score();
    added.forEach(function (step) { if (step.q) step.q = expandQuestion(step.q); steps.push(step); });
    document.getElementById('all-steps').textContent = '';
    links.length = 0;
    currentLink = null;
    buildList();
    // In quiz mode each new step is still to come, and the first step still to come that asks
    // (an earlier line's, else this one's) is asked now: → goes on.
    var next = steps.length - 1;
    if (quizSwitch.checked) {
      for (var k = from; k < steps.length; k++) queued.add(k);
      for (k = 0; k < steps.length; k++) if (queued.has(k) && asking(k)) { next = k; break; }
    }
    if (steps.length) show(next, added.length > 0);
    else { current = -1; drawnState = -1; position.textContent = 'No steps'; document.getElementById('step').textContent = ''; }
  }
  // The requests to the server, one after another.
  var queue = Promise.resolve();
  function later(task) { queue = queue.then(task); }
  // POSTs `body` as JSON to `path`; resolves with { ok, answer }, the answer's JSON.
  function post(path, body) {
    return fetch(path, {
      method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (answer) { return { ok: response.ok, answer: answer }; });
    });
  }
  // Counts one more of `name` in the root's data-NAME attribute (what the tests wait for).
  function count(name) {
    root.setAttribute('data-' + name, String(Number(root.getAttribute('data-' + name) || 0) + 1));
  }
  function send(line) {
    busy = true;
    root.setAttribute('data-busy', 'true');
    print('> ' + line, OUTPUT);
    later(function () { return run(line); });
  }
  function run(line) {
    return post('/api/run', {
      session: config.session, at: runAt(), line: line, quiz: quizSwitch.checked ? 1 : 0
    }).then(function (result) {
      if (!result.ok) { print('error: ' + (result.answer.error || 'the server refused the line'), ERROR); return; }
      var answer = result.answer;
      // The steps first, so that the output of a step now asked is held back.
      if (answer.steps.length || answer.at < steps.length) rebuild(answer.at, answer.steps);
      answer.output.forEach(function (entry) { print(entry[0], entry[1], entry[2]); });
      if (answer.ended) {
        ended = true;
        input.disabled = true;
        print('The session has ended: reload the page for a new one.', OUTPUT);
      }
    }).catch(function (error) {
      print('error: ' + error, ERROR);
    }).then(function () {
      busy = false;
      root.setAttribute('data-busy', 'false');
      count('answers');
      if (!ended) input.focus();
      // A line sent with the quiz off that answered once it was on.
      askForQuestions();
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
        ' first to keep them.', WARNING);
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
  // Steps run while the quiz was off came without their questions (`nq`): with it on, the page
  // asks the server for them, from the first such step, then shows the step again (asked now,
  // if it asks). Requests go one at a time, in order (`later`): a line typed meanwhile runs
  // after the answer, which numbers the steps as they were when it was asked for.
  function askForQuestions() {
    if (!quizSwitch.checked || !steps.some(function (step) { return step.nq; })) return;
    later(function () {
      var from = steps.findIndex(function (step) { return step.nq; });
      if (!quizSwitch.checked || from < 0) return;
      return post('/api/questions', { session: config.session, from: from }).then(function (result) {
        if (!result.ok) { print('error: ' + (result.answer.error || 'the server gave no questions'), ERROR); return; }
        result.answer.q.forEach(function (q, i) {
          var step = steps[result.answer.from + i];
          if (!step) return;
          delete step.nq;
          if (q) step.q = expandQuestion(q); else delete step.q;
        });
        markFailures();
        if (current >= 0) show(current, false);
      }).catch(function (error) {
        print('error: ' + error, ERROR);
      }).then(function () {
        count('questions');
      });
    });
  }
  quizSwitch.addEventListener('change', askForQuestions);
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
