"""Chromium for the browser tests: where it is, how CI runs it, and the check that every picture loaded."""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

# Chromium as CI runs it: no sandbox (root), and no calls home (the network is closed).
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]

# Every <img>, and every tile drawn as a CSS background, must have loaded a real picture.
CHECK = """async () => {
  const imgs = Array.from(document.images).map(
    i => ({src: i.src.slice(0, 60), ok: i.complete && i.naturalWidth > 0}));
  const urls = new Set();
  for (const el of document.querySelectorAll('.tile, .row > i:not(.gap)')) {
    const m = getComputedStyle(el).backgroundImage.match(/url\\("?(.*?)"?\\)/);
    urls.add(m ? m[1] : 'none');
  }
  const tiles = await Promise.all(Array.from(urls).map(u => new Promise(res => {
    const im = new Image();
    im.onload = () => res({src: u.slice(0, 60), ok: im.naturalWidth > 0});
    im.onerror = () => res({src: u.slice(0, 60), ok: false});
    im.src = u;
  })));
  return {imgs, tiles};
}"""

# Every element, shadow roots included (a card lives in one).
ALL = """() => {
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) { out.push(el); if (el.shadowRoot) walk(el.shadowRoot); }
  };
  walk(document);
  window.__all = out;
  return out.length;
}"""

# What a reader would see go wrong: overflow, cells out of view, overprinted text, tiny tiles.
CHECKS = """() => {
  const all = window.__all;
  const vw = document.documentElement.clientWidth;
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  // What is on screen: inside the report, and not in a folded table (which the reader opens to see).
  const report = all.filter((el) => el.closest('.pairi-report') && el.checkVisibility());
  const problems = [];
  const wide = document.documentElement.scrollWidth;
  if (wide > vw + 1) problems.push('page overflows: ' + wide);
  // A cell may lie beyond the screen inside a box of its own that scrolls sideways (the reader scrolls
  // that box, not the page): then the box must be in view.
  const scroller = (el) => {
    for (let e = el.parentElement; e && !e.classList.contains('pairi-report'); e = e.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) return e;
    }
    return null;
  };
  for (const cell of report.filter((el) => (el.tagName === 'TD' || el.tagName === 'TH') && shown(el))) {
    const r = (scroller(cell) || cell).getBoundingClientRect();
    if (r.right > vw + 1 || r.left < -1) problems.push('cell off screen: ' + cell.textContent.slice(0, 30));
  }
  for (const t of report.filter((el) => el.classList.contains('tile') && shown(el))) {
    if (t.getBoundingClientRect().width < 20) problems.push('tile under 20px: ' + t.className);
  }
  // Text boxes: one rectangle per line of each text node; two from different nodes must not overlap.
  const boxes = [];
  for (const el of report) {
    for (const node of el.childNodes) {
      if (node.nodeType !== 3 || !node.textContent.trim()) continue;
      const range = document.createRange(); range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 1 && r.height > 1) boxes.push([r, node]);
    }
  }
  boxes.sort((a, b) => a[0].top - b[0].top);
  for (let i = 0; i < boxes.length; i++) {
    const [a, na] = boxes[i];
    for (let j = i + 1; j < boxes.length && boxes[j][0].top < a.bottom; j++) {
      const [b, nb] = boxes[j];
      if (na === nb) continue;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      const at = [a.left, a.top, b.left, b.top].map(Math.round).join(',');
      const said = (n) => n.textContent.trim().slice(0, 20);
      if (w > 2 && h > 2) problems.push('overlap: ' + said(na) + ' / ' + said(nb) + ' @' + at);
    }
  }
  return problems.slice(0, 12);
}"""


# WCAG contrast of each visible text against the first opaque background behind it.
CONTRAST = """() => {
  const parse = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return m.length === 3 ? [...m, 1] : m; };
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  const behind = (el) => {
    for (let e = el; e; e = e.parentElement || (e.getRootNode() && e.getRootNode().host)) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0.5) return c;
    }
    return [255, 255, 255, 1];
  };
  const low = [];
  for (const el of window.__all.filter((e) => e.closest('.pairi-report') && e.checkVisibility())) {
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const r = el.getBoundingClientRect();
    if (!text || r.width === 0 || r.height === 0) continue;
    const fg = parse(getComputedStyle(el).color), bg = behind(el);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5) low.push(el.tagName + ' ' + ratio.toFixed(2) + ' ' + el.textContent.trim().slice(0, 25));
  }
  return low.slice(0, 12);
}"""
