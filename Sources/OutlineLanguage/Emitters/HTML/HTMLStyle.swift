/// The page's style sheet: system fonts only (nothing fetched), light and dark colours, marks
/// that read without colour, and motion only when the reader has not asked for less.
enum HTMLStyle {
  /// The CSS, inlined in the page's `<style>` element.
  static let css = #"""
    :root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fff; --muted: #6e6e73; --line: #d2d2d7;
      --panel: #f5f5f7; --ins: #1a7f37; --ins-bg: #dafbe1; --rem: #b3261e; --rem-bg: #ffebe9;
      --mov: #8250df; --mov-bg: #f3edff; --chg: #9a6700; --chg-bg: #fff8c5; --accent: #0a64d6; }
    @media (prefers-color-scheme: dark) { :root { --fg: #f5f5f7; --bg: #1c1c1e; --muted: #a1a1a6;
      --line: #3a3a3c; --panel: #2c2c2e; --ins: #56d364; --ins-bg: #12361d; --rem: #ff7b72;
      --rem-bg: #3d1514; --mov: #c297ff; --mov-bg: #2b1d47; --chg: #e3b341; --chg-bg: #3a2d07;
      --accent: #4c9aff; } }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 90rem; padding: 1rem 1.5rem 3rem; background: var(--bg);
      color: var(--fg); font: 16px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
    code, pre, .tree, .collection ol { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 0.9rem; }
    h1 { font-size: 1.5rem; margin: 0.5rem 0 0.25rem; word-break: break-word; }
    h2 { font-size: 1.25rem; margin: 1rem 0 0.5rem; word-break: break-word; }
    h3 { font-size: 1rem; margin: 1rem 0 0.4rem; }
    h4 { font-size: 0.9rem; margin: 0.6rem 0 0.2rem; color: var(--muted); }
    .summary { color: var(--muted); margin: 0 0 0.75rem; }
    .controls { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: 0.5rem;
      align-items: center; padding: 0.5rem 0; background: var(--bg); border-bottom: 1px solid var(--line); }
    button { font: inherit; padding: 0.3rem 0.8rem; border-radius: 0.4rem; border: 1px solid var(--line);
      background: var(--panel); color: var(--fg); cursor: pointer; }
    button:disabled { opacity: 0.45; cursor: default; }
    button:focus-visible, a:focus-visible, main:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    #position { min-width: 9rem; text-align: center; font-variant-numeric: tabular-nums; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .narration { border-left: 4px solid var(--accent); padding: 0.2rem 0.8rem; margin: 0.5rem 0; font-size: 1.05rem; }
    .status { padding: 0.4rem 0.8rem; border-radius: 0.4rem; margin: 0.5rem 0; }
    .status.failed { background: var(--rem-bg); color: var(--rem); border: 1px solid var(--rem); }
    .status.expected { background: var(--ins-bg); color: var(--ins); border: 1px solid var(--ins); }
    .status.note { background: var(--panel); }
    .badge { display: inline-block; font-size: 0.8rem; padding: 0 0.4rem; border-radius: 0.3rem;
      border: 1px solid currentColor; margin-left: 0.4rem; vertical-align: 0.1em; }
    .panes { display: grid; grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr)); gap: 1rem; }
    .pane { background: var(--panel); border-radius: 0.6rem; padding: 0.2rem 0.8rem 0.8rem; min-width: 0; }
    .pane > p { color: var(--muted); font-size: 0.85rem; margin: 0.2rem 0; }
    .tree, .collection ol { list-style: none; margin: 0; padding: 0; position: relative; }
    .tree li, .collection li { padding: 0.1rem 0.3rem 0.1rem calc(0.3rem + var(--level, 0) * 1.3rem);
      border-radius: 0.3rem; white-space: pre-wrap; word-break: break-word; }
    .collection { position: relative; }
    .collection li { background: var(--bg); margin: 2px 0; }
    .identifier { color: var(--muted); }
    .row-number { color: var(--muted); display: inline-block; min-width: 2.2em; }
    .disclosure { display: inline-block; width: 1.2em; color: var(--muted); }
    li.hidden { opacity: 0.55; font-style: italic; }
    li.inserted { background: var(--ins-bg); color: var(--ins); }
    li.removed { background: var(--rem-bg); color: var(--rem); text-decoration: line-through; }
    li.moved { background: var(--mov-bg); color: var(--mov); }
    li.changed { background: var(--chg-bg); color: var(--chg); }
    li.gap { color: var(--muted); font-style: italic; }
    .empty { color: var(--muted); font-style: italic; }
    .changes { margin: 0.2rem 0; padding-left: 1.5rem; }
    .changes li.removal { color: var(--rem); }
    .changes li.insertion { color: var(--ins); }
    pre { background: var(--panel); padding: 0.6rem 0.8rem; border-radius: 0.5rem; overflow-x: auto; margin: 0.3rem 0; }
    .handlers { padding-left: 1.8rem; }
    .all-steps { margin-top: 2rem; border-top: 1px solid var(--line); }
    .all-steps summary { cursor: pointer; }
    .all-steps summary h2 { display: inline; }
    .pane { contain: content; }
    .all-steps ol { padding-left: 3rem; columns: 26rem; }
    .all-steps li { break-inside: avoid; }
    .all-steps a { color: var(--accent); display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .list-narration { display: block; color: var(--muted); font-style: italic; }
    .all-steps a[aria-current] { font-weight: bold; color: var(--fg); }
    .all-steps .failed::after { content: " ✗ failed"; color: var(--rem); }
    @media (prefers-reduced-motion: reduce) { * { animation: none !important; transition: none !important; scroll-behavior: auto !important; } }
    """#
}
